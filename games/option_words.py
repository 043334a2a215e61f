"""Table options as people type them: each option's name in every language Tapis speaks.

An option keeps one canonical name (``deals``, the key of saved tables and logs); players may also
type its word in French or Spanish (``donnes=2``, ``manos=2``), whatever the table's language. The
words are catalogue messages (``option.word.<name>``, written as words: "excuse de l'écart"; the
English one is the canonical name) typed folded (``excuse_de_l_ecart``: no case, no accents,
``_`` between words) and matched the same way. A test checks that no word stands
for two options of one game.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from games.base import Game, Option
from games.i18n import LOCALES, Msg, t, yes_no

#: each option name's word per language (the English text is the canonical name itself)
WORDS: dict[str, Msg] = {
    "deals": Msg("option.word.deals"),
    "excuse_last_changes_camp": Msg("option.word.excuse_last_changes_camp"),
    "excuse_from_ecart": Msg("option.word.excuse_from_ecart"),
    "poignee_5p_triple_15": Msg("option.word.poignee_5p_triple_15"),
    "five_seated_four_playing": Msg("option.word.five_seated_four_playing"),
    "rounds": Msg("option.word.rounds"),
    "favour": Msg("option.word.favour"),
    "stake": Msg("option.word.stake"),
    "retourne_value": Msg("option.word.retourne_value"),
    "failed_bola": Msg("option.word.failed_bola"),
    "open_any": Msg("option.word.open_any"),
    "contracts": Msg("option.word.contracts"),
    "max_rounds": Msg("option.word.max_rounds"),
    "stock_passes": Msg("option.word.stock_passes"),
    "longer_melds": Msg("option.word.longer_melds"),
    "same_rank_brelans": Msg("option.word.same_rank_brelans"),
    "same_suit_runs": Msg("option.word.same_suit_runs"),
    "layoff_on_opening": Msg("option.word.layoff_on_opening"),
    "tie_first_opener": Msg("option.word.tie_first_opener"),
    "jokers": Msg("option.word.jokers"),
    "packets": Msg("option.word.packets"),
    "sinking": Msg("option.word.sinking"),
    "pique_90": Msg("option.word.pique_90"),
    "old_french": Msg("option.word.old_french"),
    "sets_by_rank": Msg("option.word.sets_by_rank"),
    "second_blanche": Msg("option.word.second_blanche"),
    "younger_stand_pat": Msg("option.word.younger_stand_pat"),
}

#: what separates two words of an option's name
_BETWEEN = re.compile(r"[\s'’\-_]+")


#: words an option was once typed by, still read (Spanish named the deal "mano" before "reparto")
FORMER = {"deals": ("manos",)}


def folded(text: str) -> str:
    """``text`` as words are typed and compared: lower case, without accents, ``_`` between words
    ("Excuse de l'écart" -> ``excuse_de_l_ecart``)."""
    decomposed = unicodedata.normalize("NFKD", text.strip().lower())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return _BETWEEN.sub("_", plain).strip("_")


def word(option: Option, locale: str) -> str:
    """The name of ``option`` players of ``locale`` read and type (``donnes`` in French)."""
    msg = WORDS.get(option.name)
    return folded(msg(locale)) if msg is not None else option.name


def words(option: Option) -> Iterator[str]:
    """Every name ``option`` is typed by: the canonical one, then each language's word."""
    yield option.name
    for locale in LOCALES:
        yield word(option, locale)
    yield from FORMER.get(option.name, ())


def find(game: Game, typed: str) -> Option | None:
    """The option of ``game`` named ``typed`` in any language (case and accents aside), or ``None``."""
    key = folded(typed)
    for option in game.options():
        if any(folded(w) == key for w in words(option)):
            return option
    return None


def value_words(option: Option, locale: str) -> list[str]:
    """The values of ``option`` a player of ``locale`` would type, in order (``oui``/``non`` for a
    yes/no option; every whole number of a range)."""
    if option.kind is bool:
        return [yes_no(True, locale).lower(), yes_no(False, locale).lower()]
    if option.choices is not None:
        return [str(c) for c in option.choices]
    if option.minimum is not None and option.maximum is not None:
        return [str(n) for n in range(option.minimum, option.maximum + 1)]
    return [str(option.default)]


def value_text(option: Option, value: object, locale: str) -> str:
    """``value`` (a resolved value of ``option``) as typed back: ``oui``, ``E``, ``2``."""
    if isinstance(value, bool):
        return yes_no(value, locale).lower()
    return str(value)


def allowed(option: Option, locale: str) -> str:
    """What ``option`` takes, in ``locale``'s words: "oui ou non (yes/no, sí/no aussi)", "de 0 à 40",
    "O (oros), C (copas), ...". """
    if option.kind is bool:
        return t(locale, "option.allowed.yes_no")
    if option.choices is not None:
        return ", ".join(f"{c} ({option.label(c, locale)})" if option.label(c, locale) != str(c) else str(c)
                         for c in option.choices)
    if option.minimum is not None and option.maximum is not None:
        return t(locale, "option.allowed.range", minimum=option.minimum, maximum=option.maximum)
    return t(locale, "option.allowed.number")


def typed_value(option: Option, text: str) -> str:
    """A typed value made ready for :meth:`Option.validate`: a choice written in another case is
    that choice (``favour=e`` is ``E``); the rest unchanged."""
    if option.choices is not None and option.kind is str:
        for choice in option.choices:
            if folded(str(choice)) == folded(text):
                return str(choice)
    return text

