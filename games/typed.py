"""What a player types, read as one of the legal actions (``/play``), for every game.

A player types what they read ("8 de cœur", "Roi de pique", "R♠", "excuse", "21", "garde sans")
or the usual ways to write a card in French, English or Spanish ("8 coeur", "8♥", "king of
spades", "caballo de copas", "8H"). :func:`match` reads the text against the seat's legal actions
only: case, accents, apostrophes and little words (de, of, le, the...) do not matter, and every
label the bot shows, in every language, is accepted. An entry it cannot read (or that could be
several moves) is refused with a few legal examples in the player's language (:class:`Unreadable`).

Several moves typed together (an écart's six cards) are read one after the other
(:func:`match_many`).

Pure: no Discord; the bot's ``/play`` calls :func:`match_many` and :func:`suggest`.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable, Sequence

from games.base import Action, Game, State
from games.cards import Card, Family, card, piquet_deck, spanish_deck, standard_deck, tarot_deck
from games.errors import InvalidAction
from games.i18n import LOCALES, N_, t

#: Words that only link a card's rank and suit, or name it ("le Roi de pique", "the King of Spades").
FILLERS = frozenset("de del du des l le la les el los las the of un une una".split())
_ELISION = re.compile(r"\b[dl]['’ʼ]")
#: Suit glyphs (with their outline forms) as the tokens of their suit.
_GLYPHS = {"♠": "♠", "♤": "♠", "♥": "♥", "♡": "♥", "❤": "♥", "♦": "♦", "♢": "♦", "♣": "♣", "♧": "♣"}
_TOKEN = re.compile(r"[a-z]+|[0-9]+|[♠♥♦♣]")

# Usual spellings beside the catalogues' names (normalized: no accents, lower case).
_FRENCH_RANKS = {"A": "as ace a 1", "J": "valet jack knave jota sota v j", "C": "cavalier knight caballo cav c",
                 "Q": "dame queen dama reina d q", "K": "roi king rey r k"}
_FRENCH_SUITS = {"S": "pique piques spade spades pica picas ♠ s", "H": "coeur coeurs heart hearts corazon corazones ♥ h",
                 "D": "carreau carreaux diamond diamonds diamante diamantes ♦ d",
                 "C": "trefle trefles club clubs trebol treboles ♣ c"}
_SPANISH_RANKS = {"1": "as ace a 1", "S": "sota valet jack v j s", "C": "caballo cavalier knight horse c",
                  "R": "rey roi king r k"}
_SPANISH_SUITS = {"O": "oros oro denier deniers coins coin o", "C": "copas copa coupe coupes cups cup",
                  "E": "espadas espada epee epees swords sword e", "B": "bastos basto baton batons clubs club b"}
_TRUMP_WORDS = "atout atouts trump trumps triunfo triunfos t"
_SINGLE = {"EX": "excuse exc ex excusa", "JK": "joker jokers jk comodin comodines", "T1": "petit"}


class Unreadable(InvalidAction):
    """Typed text that is no legal action now; shown with a few legal examples in the reader's
    language (``localized``)."""

    key: str  # always a catalogue key here

    def __init__(self, key: str, text: str, examples: dict[str, list[str]]) -> None:
        self.key, self.text, self.examples = key, text, examples
        super().__init__(self.localized("en"), self.localized("fr"))

    def localized(self, locale: str = "fr") -> str:
        quoted = [t(locale, "typed.quoted", text=e) for e in self.examples.get(locale[:2], self.examples["en"])]
        return t(locale, self.key, text=self.text, examples=", ".join(quoted))


def normalize(text: str) -> str:
    """``text`` as compared: lower case, no accents, œ as oe, suit glyphs kept as tokens, the
    little linking words dropped; tokens joined by one space ("Le Roi de Cœur" -> "roi coeur",
    "8♥️" -> "8 ♥", "play:10H" -> "play 10 h")."""
    text = unicodedata.normalize("NFKD", text.casefold()).replace("œ", "oe").replace("æ", "ae")
    text = _ELISION.sub(" ", text)  # "d'atout", "l'Excuse"
    text = "".join(_GLYPHS.get(ch, ch) for ch in text if not unicodedata.combining(ch))
    return " ".join(tok for tok in _TOKEN.findall(text) if tok not in FILLERS)


@functools.cache
def card_phrases(family: Family, tarot: bool) -> dict[str, str]:
    """Every usual spelling of every card of the pack (normalized) -> its code, from the
    catalogues' names in each language and the usual words above; ``tarot``: with the trumps and
    the Excuse (then a bare number is a trump)."""
    if family == "spanish":
        deck: Iterable[Card] = spanish_deck()
        rank_words, suit_words = _SPANISH_RANKS, _SPANISH_SUITS
    else:
        deck = tarot_deck() if tarot else [*standard_deck(1), *piquet_deck()]
        rank_words, suit_words = _FRENCH_RANKS, _FRENCH_SUITS
    out: dict[str, str] = {}
    for c in deck:
        for phrase in _spellings(c, rank_words, suit_words):
            out.setdefault(phrase, c.code)
    return out


def _spellings(c: Card, rank_words: dict[str, str], suit_words: dict[str, str]) -> set[str]:
    """The normalized spellings of one card."""
    names = {normalize(c.code)}
    for locale in LOCALES:
        names |= {normalize(c.name(locale)), normalize(c.short(locale))}
    if c.is_trump:
        names |= {str(c.value)} | {f"{c.value} {w}" for w in _TRUMP_WORDS.split()} \
            | {f"{w} {c.value}" for w in _TRUMP_WORDS.split()}
    if c.code in _SINGLE:
        names |= set(_SINGLE[c.code].split())
    if c.suit in suit_words:
        ranks = {*rank_words.get(c.rank, "").split(), c.rank.lower()}
        suits = set(suit_words[c.suit].split())
        names |= {f"{r} {s}" for r in ranks for s in suits} | {f"{s} {r}" for r in ranks for s in suits}
    return {n for n in names if n}


def _family(game: Game) -> Family:
    return "spanish" if game.card_family == "spanish" else "french"


def _card_in(action: Action, family: Family) -> str | None:
    """The code of the card an action names (``play:QH``, ``add:2C=8H`` -> ``2C``), or ``None``."""
    if not action.arg or action.arg[0] == ":":
        return None
    try:
        return card(action.arg.split("=")[0], family).code
    except ValueError:
        return None


def _keys(game: Game, state: State, action: Action, names: Sequence[str]) -> set[str]:
    """The normalized texts that name ``action``: its canonical text and its labels in every language."""
    keys = {normalize(str(action))}
    for locale in LOCALES:
        keys.add(normalize(game.action_label(action, locale)))
        keys.add(normalize(game.state_action_label(state, action, names, locale)))
    return keys - {""}


def _mentioned(tokens: list[str], phrases: dict[str, str]) -> tuple[set[str], list[str], bool]:
    """The cards named somewhere in ``tokens`` (longest phrases first), the tokens left over and
    whether one was named by a lone number only (a weaker reading than "7 ♠" or "KS")."""
    found: set[str] = set()
    left = list(tokens)
    bare = False
    for size in (3, 2, 1):
        i = 0
        while i + size <= len(left):
            code = phrases.get(" ".join(left[i:i + size]))
            if code is not None:
                found.add(code)
                bare = bare or (left[i].isdigit() and size == 1)
                del left[i:i + size]
            else:
                i += 1
    return found, left, bare


def _fits(word: str, keys: set[str]) -> bool:
    """Whether a leftover typed word is one of an action's words, or shares its first 4 letters
    ("défausse" for "Défausser")."""
    words = {w for k in keys for w in k.split()}
    return word in words or (len(word) >= 4 and any(w[:4] == word[:4] for w in words))


def candidates(game: Game, state: State, seat: int, text: str, names: Sequence[str] = ()) -> list[Action]:
    """The legal actions of ``seat`` that ``text`` may mean, best reading first: one exact name,
    else the card it names (narrowed by its other words), else the names it begins."""
    legal = state.legal_actions(seat)
    typed = normalize(text)
    if not legal or not typed:
        return []
    keys = {a: _keys(game, state, a, names) for a in legal}
    exact = [a for a in legal if typed in keys[a]]
    if exact:
        plays = [a for a in exact if a.kind == "play"]
        return plays if len(plays) == 1 else exact
    family = _family(game)
    phrases = card_phrases(family, game.name == "tarot")
    cards, left, bare = _mentioned(typed.split(), phrases)
    if len(cards) == 1:
        code = next(iter(cards))
        found = [a for a in legal if _card_in(a, family) == code]
        narrowed = [a for a in found if all(_fits(w, keys[a]) for w in left)]
        if narrowed:
            return narrowed
        if found and not left:
            return found
        if len(found) == 1 and not bare:  # "défausse 7♠" where the button says "Écarter 7♠"
            return found
    begun = [a for a in legal if any(k == typed or k.startswith(typed + " ") for k in keys[a])]
    if begun:
        return begun
    return [a for a in legal if len(typed) >= 3 and any(typed in k for k in keys[a])]


def match(game: Game, state: State, seat: int, text: str, names: Sequence[str] = ()) -> Action:
    """The legal action of ``seat`` that ``text`` names (see the module docstring).

    :raises Unreadable: when ``text`` names no legal action, or several (with examples).
    :raises NotYourTurn: when ``seat`` has no decision to make now (the engine's refusal).
    """
    legal = state.legal_actions(seat)
    if not legal:
        state.apply(seat, Action("pass"))  # raises NotYourTurn (or the match is over) in the engine's words
    found = candidates(game, state, seat, text, names)
    shown = text.strip()[:40]
    if len(found) == 1:
        return found[0]
    if found:
        raise Unreadable(N_("typed.ambiguous"), shown, _examples(game, state, found, names))
    raise Unreadable(N_("typed.unknown"), shown, _examples(game, state, legal, names))


#: What separates moves typed together: commas, semicolons, "+", "/", and the words for "and".
_SEPARATOR = re.compile(r"\s*[,;+/]\s*|\s+(?:et|and|y)\s+", re.IGNORECASE)


def _parts(game: Game, text: str) -> list[str]:
    """``text`` cut into the moves typed together: at its separators, else (only card names, each
    as "8h", "8 ♥" or "roi pique") card by card; one part when it is neither."""
    parts = [p for p in _SEPARATOR.split(text) if p.strip()]
    if len(parts) > 1:
        return parts
    phrases = card_phrases(_family(game), game.name == "tarot")
    tokens = normalize(text).split()
    found: list[str] = []
    i = 0
    while i < len(tokens):
        size = next((n for n in (3, 2, 1) if i + n <= len(tokens) and " ".join(tokens[i:i + n]) in phrases), 0)
        if not size:
            return [text]
        found.append(" ".join(tokens[i:i + size]))
        i += size
    return found if len(found) > 1 else [text]


def match_many(game: Game, state: State, seat: int, text: str, names: Sequence[str] = ()) -> list[Action]:
    """The legal actions ``text`` names: one (:func:`match`), or several typed together ("8♥, 9♥,
    roi de pique" or "8h 9h KS": the six cards of an écart in one ``/play``), each read at the state
    the ones before it leave, all of ``seat``'s own consecutive decisions.

    :raises Unreadable: when a part names no legal action (the whole entry is refused).
    :raises NotYourTurn: when ``seat`` has no decision for a part (more parts than its turns).
    """
    try:
        return [match(game, state, seat, text, names)]
    except Unreadable:
        parts = _parts(game, text)
        if len(parts) < 2:
            raise
    chosen: list[Action] = []
    for part in parts:
        action = match(game, state, seat, part, names)
        chosen.append(action)
        state = state.apply(seat, action)
    return chosen


def _examples(game: Game, state: State, actions: Sequence[Action], names: Sequence[str]) -> dict[str, list[str]]:
    """Up to three labels of ``actions`` per language, spread over the list."""
    step = max(1, len(actions) // 3)
    picked = list(actions[::step])[:3]
    return {locale: [game.state_action_label(state, a, names, locale) for a in picked] for locale in LOCALES}


def suggest(game: Game, state: State, seat: int, text: str, names: Sequence[str] = (),
            limit: int = 25) -> list[Action]:
    """The legal actions to offer while ``text`` is being typed: every one when nothing is typed,
    else those it may mean (:func:`candidates`), then those with a name containing it."""
    legal = state.legal_actions(seat)
    typed = normalize(text)
    if not typed:
        return legal[:limit]
    out = candidates(game, state, seat, text, names)
    out += [a for a in legal if a not in out and any(typed in k for k in _keys(game, state, a, names))]
    return out[:limit]
