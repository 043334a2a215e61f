"""The translation catalogues: complete, read right, and no English (or developer text) in French.

The catalogue checks are :func:`tools.messages.problems` (Babel extraction against every ``.po``);
the language checks play random matches of every game and read everything a player sees at each
phase: the table embed, the private hand (embed and components), action labels and menu groups,
options, the lobby, the rules pages.
"""

from __future__ import annotations

import random
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
from babel import Locale
from babel.messages.pofile import read_po
from discord import app_commands

from bot.service.facts import LazyState
from bot.service.i18n import t
from bot.service.table import SeatInfo, Table
from bot.service.table_log import TableLog
from bot.storage import Rating
from bot.ui.cogs.leaderboard import lines_of, rows_of
from bot.ui.hands import hand_payload
from bot.ui.presenter import table_embed
from bot.ui.translator import Translator
from bot.ui.views import SELECT_MAX
from games import GAMES, i18n
from games.base import Game, State
from games.i18n import LOCALES, Catalogue, Msg, catalogue, normalize, ptn, tn
from tools.messages import LOCALE_DIR, extracted, fresh, import_legacy, plural_remap, problems, read, write

# -- the catalogues ------------------------------------------------------------------------------


def test_catalogues_match_the_code() -> None:
    found = problems()
    assert not found, "\n".join(found[:40])


def test_a_key_missing_from_a_catalogue_fails(tmp_path: Path) -> None:
    shutil.copytree(LOCALE_DIR, tmp_path, dirs_exist_ok=True)
    french = read("fr", tmp_path)
    french.delete("stale")
    write(french, tmp_path / "fr.po")
    english = read("en", tmp_path)
    english["piquet.rules.2"].string = ""
    write(english, tmp_path / "en.po")
    found = problems(directory=tmp_path)
    assert any(f.startswith("fr: missing 'stale' (used at ") for f in found), found
    assert any(f.startswith("en: untranslated 'piquet.rules.2'") for f in found), found
    assert not any(f.startswith("en: missing") for f in found), found


def test_a_key_used_in_code_but_not_in_the_catalogues_fails(tmp_path: Path) -> None:
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "new.py").write_text(
        'from games.i18n import N_, t, tn\n'
        'A = t("fr", "brand.new")\n'
        'B = tn("fr", "stale", 2)\n'
        'C = t("fr", f"tarot.phase.{A}")\n'
        'D = N_("image" if A else "stale")\n', encoding="utf-8")
    found = problems(root=tmp_path)
    assert any(f.startswith("fr: missing 'brand.new' (used at games/new.py:2)") for f in found), found
    assert any(f.startswith("en: 'stale' is used as a plural message at games/new.py:3") for f in found), found
    assert any(f.startswith("games/new.py:4: t() with a key built from pieces") for f in found), found
    assert any(f.startswith("fr: missing 'image' (used at games/new.py:5)") for f in found), found


def test_a_word_of_the_images_in_games_is_extracted_in_the_image_context_only(tmp_path: Path) -> None:
    """``I_`` in a game's vocabulary names a word of the images, as ``N_`` does in rendering/."""
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "words.py").write_text(
        'from games.vocabulary import I_, W_\n'
        'A = I_("piquet.seq.3")\n'
        'B = W_("piquet.class.point")\n', encoding="utf-8")
    found = extracted(root=tmp_path)
    assert set(found) == {("image", "piquet.seq.3"), (None, "piquet.class.point"), ("image", "piquet.class.point")}


def test_texts_added_the_old_way_move_into_the_catalogues(tmp_path: Path) -> None:
    """After a merge: the keys a branch added to (or changed in) the old TEXT dict are imported."""
    shutil.copytree(LOCALE_DIR, tmp_path, dirs_exist_ok=True)
    base, theirs = tmp_path / "base.py", tmp_path / "theirs.py"
    base.write_text('TEXT = {"stale": ("Old.", "Vieux."), "seats": ("Seats", "Places")}\n', encoding="utf-8")
    theirs.write_text('TEXT: dict[str, tuple[str, str]] = {"stale": ("New.", "Neuf."), "seats": ("Seats", "Places"),\n'
                      '    "log_out": ("{name} goes out", "{name} sort")}\n', encoding="utf-8")
    assert import_legacy(theirs, base, tmp_path) == ["'log_out'", "'stale'"]
    french, english = read("fr", tmp_path), read("en", tmp_path)
    assert (french.get("stale").string, english.get("stale").string) == ("Neuf.", "New.")
    assert french.get("log_out").string == "{name} sort"
    assert french.get("seats").string == "Places"


def test_a_new_plural_rule_keeps_the_forms_it_can_and_asks_for_the_new_one() -> None:
    """``make messages`` after a CLDR change (Babel 2.19's French "many"): "one" and "other" keep their
    text, the new form is left empty, so the catalogue test names every message to translate."""
    french_2 = "(n > 1)"
    french_3 = "(n == 0 || n == 1) ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2"
    assert plural_remap(french_2, 2, french_3, 3) == (0, None, 1)
    assert plural_remap("(n != 1)", 2, "(n != 1)", 2) is None
    assert plural_remap("0", 1, "(n != 1)", 2) == (None, 0), "the singular is split off a single form"


@pytest.mark.parametrize("locale", LOCALES)
def test_the_stdlib_loader_reads_what_babel_reads(locale: str) -> None:
    with (LOCALE_DIR / f"{locale}.po").open("rb") as fp:
        babel = read_po(fp, locale=locale)
    with (LOCALE_DIR / f"{locale}.po").open(encoding="utf-8") as fp:
        ours = Catalogue(fp)
    count = 0
    for message in babel:
        if not message.id:
            continue
        if message.pluralizable:
            for i, text in enumerate(message.string):
                assert ours.lookup_plural(message.id[0], _n_for(ours, i), message.context) == text
                count += 1
        else:
            assert ours.lookup(message.id, message.context) == message.string, message.id
            count += 1
    assert count == len(ours._catalog) > 300
    cldr = Locale.parse(locale).plural_form  # Babel's CLDR data: the header says the same
    assert [ours.plural(n) == 0 for n in range(30)] == [cldr(n) == "one" for n in range(30)]


def _n_for(cat: Catalogue, index: int) -> int:
    return next(n for n in (*range(100), 1_000_000) if cat.plural(n) == index)


def test_plurals_follow_each_language() -> None:
    assert [tn("fr", "count.points", n) for n in (0, 1, 2, 1.5, 12.0)] == \
        ["0 point", "1 point", "2 points", "1,5 points", "12 points"]
    assert [tn("en", "count.points", n) for n in (0, 1, 2, 1.5, 12.0)] == \
        ["0 points", "1 point", "2 points", "1.5 points", "12 points"]
    assert [tn("fr", "count.points", n) for n in (-207, -1, -2.5)] == ["-207 points", "-1 point", "-2,5 points"]
    assert tn("en", "count.points", -1) == "-1 point"
    assert tn("fr", "reset_done", 1) == "1 table annulée dans ce salon."
    assert tn("fr", "reset_done", 3) == "3 tables annulées dans ce salon."
    assert tn("en", "count.matches", 1) == "1 match" and tn("fr", "count.wins", 2) == "2 victoires"
    piquet = GAMES["piquet"]
    assert piquet.action_label(piquet.parse_action("exchange:1"), "fr") == "Échanger 1 carte"
    assert piquet.action_label(piquet.parse_action("exchange:2"), "en") == "Exchange 2 cards"
    assert [ptn("fr", "image", "tricks", n) for n in (0, 1, 2)] == ["0 pli", "1 pli", "2 plis"]
    assert [ptn("en", "image", "tricks", n) for n in (0, 1, 2)] == ["0 tricks", "1 trick", "2 tricks"]


def test_plural_forms_per_cldr_on_large_counts() -> None:
    """Each catalogue's forms follow the CLDR data of the Babel in requirements/lock.txt: French and
    Spanish have a "many" form for millions ("1 000 000 de points"), English does not."""
    counts = (0, 1, 2, 1_000_000, 1_000_001)
    assert [tn("fr", "count.points", n) for n in counts] == \
        ["0 point", "1 point", "2 points", "1\u202f000\u202f000 de points", "1\u202f000\u202f001 points"]
    assert [tn("en", "count.points", n) for n in counts] == \
        ["0 points", "1 point", "2 points", "1,000,000 points", "1,000,001 points"]
    assert [tn("es", "count.points", n) for n in counts] == \
        ["0 puntos", "1 punto", "2 puntos", "1.000.000 de puntos", "1.000.001 puntos"]
    assert [ptn("fr", "image", "tricks", n) for n in (2_000_000, 3)] == ["2\u202f000\u202f000 de plis", "3 plis"]
    assert tn("es", "reset_done", 1_000_000) == "1.000.000 de mesas anuladas en este canal."
    assert [tn("fr", "count.points", n) for n in (9999, 10_000, -12_345, 2.5)] == \
        ["9999 points", "10\u202f000 points", "-12\u202f345 points", "2,5 points"]
    for locale in LOCALES:  # every plural message has one form per CLDR category, each filled
        rule = Locale.parse(locale).plural_form
        cat = catalogue(locale)
        categories = {rule(n) for n in range(0, 3_000_001, 1000)} | {rule(n) for n in range(10)}
        assert len({cat.plural(n) for n in (0, 1, 2, 1_000_000)}) == len(categories), locale


def test_locales_and_fallbacks(monkeypatch: pytest.MonkeyPatch) -> None:
    assert normalize("fr-FR") == normalize("FR") == normalize("fr_CA") == "fr"
    assert normalize("en-US") == normalize("de") == normalize("") == "en"
    assert t("fr-FR", "stale").startswith("Cette main")
    assert t("de", "stale") == t("en", "stale") == "That hand is out of date, use My hand / /hand."
    with pytest.raises(KeyError):  # tests run strict: a key chosen at run time must exist
        t("fr", "no.such.key")
    monkeypatch.setattr(i18n, "STRICT", False)
    assert t("fr", "no.such.key") == "no.such.key", "in production an unknown key shows itself"
    assert catalogue("fr").lookup("stale") and catalogue("fr").lookup("no.such.key") is None
    for locale in LOCALES:
        assert t(locale, "language.name") and t(locale, "common.yes") != t(locale, "common.no")


async def test_a_new_language_is_one_catalogue(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Spanish: one more .po (Babel's Plural-Forms header) and one more code in LOCALES."""
    shutil.copytree(LOCALE_DIR, tmp_path, dirs_exist_ok=True)
    spanish = fresh("es")
    for message in read("en"):
        if message.id:
            string = message.string
            if message.pluralizable:  # English has two forms; Spanish as many as CLDR gives it
                string = (*string, *[string[-1]] * (spanish.num_plurals - len(string)))
            spanish.add(message.id, string, context=message.context)
    spanish.get("stale").string = "Esa mano ya no está al día: usa «Mi mano» o /hand."
    spanish.get("hand", context="command").string = "mano"
    spanish.get("count.points").string = ("{n} punto", "{n} de puntos", "{n} puntos")
    write(spanish, tmp_path / "es.po")
    monkeypatch.setattr(i18n, "LOCALES", ("fr", "en", "es"))
    monkeypatch.setattr(i18n, "DIRECTORY", tmp_path)
    i18n.catalogue.cache_clear()
    try:
        assert problems(directory=tmp_path) == []
        assert normalize("es-ES") == "es" and t("es-419", "stale").startswith("Esa mano")
        assert [tn("es", "count.points", n) for n in (1, 2)] == ["1 punto", "2 puntos"]
        assert GAMES["tarot"].titles["es"] == "French Tarot"  # copied from English, not yet translated
        translated = await Translator().translate(app_commands.locale_str("hand"), discord.Locale.spain_spanish, None)
        assert translated == "mano"
    finally:
        i18n.catalogue.cache_clear()


def test_game_texts_live_in_the_catalogues() -> None:
    """Titles, options, option labels and phases are catalogue messages, never inline dicts."""
    for game in GAMES.values():
        assert isinstance(game.titles, Msg), game.name
        assert all(isinstance(m, Msg) for m in game.phases.values()), game.name
        for option in game.options():
            assert isinstance(option.description, Msg), (game.name, option.name)
            assert all(isinstance(m, Msg) for m in option.labels.values()), (game.name, option.name)


def test_leaderboard_lines_name_computers_and_count_in_words() -> None:
    computer = Rating("c:normal", None, "Computer", 25.0, 3.0, matches=1, wins=1, points=12.0)
    member = Rating("u7", 7, "Marie", 25.0, 8.0, matches=2, wins=0, points=1.5)
    fr = lines_of(rows_of([computer], True, "fr") + rows_of([member]), "fr").splitlines()
    assert fr[0].startswith("1. Ordinateur\u00a0: cote ") and fr[0].endswith(", 1 partie, 1 victoire, 12 points")
    assert fr[1] == "– Marie\u00a0: cote provisoire 1000, 2 parties, 0 victoire, 1,5 points", "provisional: no rank, a word"
    en = lines_of(rows_of([computer], True, "en") + rows_of([member]), "en").splitlines()
    assert en[0].startswith("1. Computer player: rating ") and en[0].endswith(", 1 match, 1 win, 12 points")
    assert en[1].startswith("– Marie: provisional rating 1000")


def test_yes_no_options_read_oui_non() -> None:
    option = next(o for o in GAMES["tarot"].options() if o.name == "excuse_from_ecart")
    assert (option.label(True, "fr"), option.label(False, "fr")) == ("Oui", "Non")
    assert (option.label(True, "en"), option.label(False, "en")) == ("Yes", "No")


# -- what players read ---------------------------------------------------------------------------

#: English UI words that must never reach French text (whole words, any case).
ENGLISH = """
    true false yes no computer computers phase phases bidding bid bids ecart announce announcements call
    exchange declare declarations consent order renounce bet draw meld layoff scored play played over waiting
    trick tricks hand hands deal deals dealer seat seats turn your you the of and to with is in pass match
    matches win wins winner rating contract trump trumps king queen jack knight ace hearts spades diamonds
    clubs sequence combination stock discard take lay build done choose join leave start cancel back next
    previous look sink round rounds none stake favour player players cards card finish first
""".split()
#: French UI words that must never reach English text (game terms kept in English are left out).
FRENCH = """
    oui non ordinateur ordinateurs vous votre vos pli plis donne donnes terminée attente enchères étape
    annonces rejoindre commencer annuler retour écarter défausser piocher combinaison combinaisons
    annoncer échanger regarder cœur carreau trèfle atout avec pour les des du une choisissez victoires
    joueurs
""".split()
DEVELOPER = [r"\b[a-z]+(?:_[a-z0-9]+)+\b", r"\b[a-z]+\.[a-z_]+(?:\.[a-z0-9_]+)*\b", r"\b(?:None|True|False)\b"]


def _pattern(words: list[str]) -> re.Pattern[str]:
    return re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, words)) + r")(?!\w)", re.IGNORECASE)


#: Words of those lists that are Spanish too ("no"), or a Spanish pronoun ("les", "vos").
SPANISH_TOO = {"no", "les", "vos"}
#: Spanish text: no English UI word and no French one (game terms kept in French are left out).
SPANISH = [w for w in ENGLISH + FRENCH if w not in SPANISH_TOO]
#: Spanish words that must never reach French or English text ("Couleur de faveur : espadas",
#: "Anulada", "Caballo de copas" in French): the French Tresillo says denier, coupe, épée, bâton, Roi,
#: Cavalier, Valet as its rules do; English keeps the Spanish card names (``SPANISH_CARDS``) but no
#: other Spanish word. Game terms both French and English rules use (Mala, Punto, Codillo, Puesta,
#: Sacada, Bola, alcalde) are left out.
SPANISH_CARDS = "oros copas espadas bastos caballo sota rey".split()
SPANISH_WORDS = """
    anulada anuladas jugador jugadores baza bazas partida partidas turno triunfo triunfos corazones picas
    tréboles diamantes ronda rondas ninguno elige
""".split()
FOREIGN = {"fr": _pattern(ENGLISH + SPANISH_CARDS + SPANISH_WORDS), "en": _pattern(FRENCH + SPANISH_WORDS),
           "es": _pattern(SPANISH)}
DEV = re.compile("|".join(DEVELOPER))
#: Glyphs text must not use: ♠ ♣ are dark emoji on Discord's dark theme (suits are written
#: in words), 🂠 draws as an empty box; "(s)" is no plural (counts use ``tn``).
GLYPHS = re.compile(r"[♠♣♥♦♤♧♡♢🂠]|\w\(s\)|\(e?s\)")
CODE_SPAN = re.compile(r"`[^`]*`")


def offences(text: str, locale: str, *, image: bool = False) -> list[str]:
    """Foreign words and developer tokens in ``text`` (code spans in backticks are syntax, skipped);
    suit glyphs too, except in an ``image`` (drawn in colour there, unlike in Discord's text)."""
    text = CODE_SPAN.sub(" ", text)
    found = [m.group(0) for m in FOREIGN[locale].finditer(text)] + [m.group(0) for m in DEV.finditer(text)]
    return found if image else found + [m.group(0) for m in GLYPHS.finditer(text)]


def embed_text(embed: discord.Embed) -> list[str]:
    out = [embed.title or "", embed.description or ""]
    for f in embed.fields:
        out += [f.name, f.value]
    if embed.footer and embed.footer.text:
        out.append(embed.footer.text)
    return out


def view_text(view: discord.ui.BaseView | None) -> list[str]:
    """The words of the components sent (a V2 message's texts, buttons' labels, menus'
    placeholders and options), nested ones included."""
    out: list[str] = []

    def walk(items: list[dict[str, Any]]) -> None:
        for item in items:
            out.extend([item.get("content") or "", item.get("label") or "", item.get("placeholder") or ""])
            out.extend(o["label"] for o in item.get("options", []))
            walk(item.get("components") or [])

    walk(view.to_components() if view is not None else [])
    return out


def make_table(game: Game, seats: int, locale: str, state: State | None, options: dict[str, Any]) -> Table:
    people = [SeatInfo(101, "Marie"), SeatInfo(102, "Pablo")]
    seated = people + [SeatInfo(None, t(locale, "computer_seat", n=i, level=t(locale, "level_normal")), level="normal")
              for i in range(1, seats - 1)]
    return Table(id="zi0v0b", guild_id=1, channel_id=2, thread_id=None, game=game, host_id=101, seed="7",
                 options=options, capacity=seats, seats=seated[:seats],
                 status="lobby" if state is None else "playing", source=LazyState(state))


def samples(game: Game, seats: int, seed: int, options: dict[str, Any]) -> Iterator[State]:
    """States of one random match: the first two of each (phase, kind of decision), one with a
    long list of choices (menus in groups) per phase, and the end."""
    state = game.new(seats, seed, {**game.playout_options, **options})
    rng = random.Random(seed)
    seen: dict[tuple[str, ...], int] = {}
    for _ in range(20_000):
        seat = state.to_act()
        if seat is None:
            break
        legal = state.legal_actions(seat)
        phase = str(state.view(None)["phase"])
        keys = [(phase, legal[0].kind)] + ([(phase, "many")] if len(legal) > SELECT_MAX else [])
        if any(seen.get(k, 0) < 2 for k in keys):
            for k in keys:
                seen[k] = seen.get(k, 0) + 1
            yield state
        state = state.apply(seat, legal[rng.randrange(len(legal))])
    yield state


#: Options some phases need (Piquet's declarations are automatic unless players may sink).
PHASE_OPTIONS: dict[str, dict[str, Any]] = {"piquet": {"sinking": True}}


def texts_of_matches(game: Game, locale: str, phases: set[str]) -> Iterator[tuple[str, str]]:
    """(where, text) of everything a player reads along random matches at every seat count, until
    every phase of the game was seen (at least two matches per seat count); fills ``phases``."""
    wanted = set(game.phases) | {"play", "over"}
    for seats in range(game.min_seats, game.max_seats + 1):
        for seed in range(8):
            if seed >= 2 and wanted <= phases:
                break
            options = PHASE_OPTIONS.get(game.name, {}) if seed % 2 else {}
            yield from texts_of_match(game, seats, seed, options, locale, phases)


def texts_of_match(game: Game, seats: int, seed: int, options: dict[str, Any], locale: str,
                   phases: set[str]) -> Iterator[tuple[str, str]]:
    record = TableLog()
    for state in samples(game, seats, seed, options):
        table = make_table(game, seats, locale, state, {})
        moves = record.catch_up(game, state, table.names(), locale)
        if state.to_act() is None:
            table.status = "over"
        public = state.view(None)
        phase = str(public["phase"])
        phases.add(phase)
        where = f"{game.name}/{seats} seed {seed} rev {state.rev} ({phase})"
        yield f"{where} phase", game.phase_label(phase, locale)
        for with_image in (True, False):
            for text in embed_text(table_embed(table, public, locale, with_image, moves)):
                yield f"{where} table", text
        seat = state.to_act()
        if seat is None:
            continue
        legal = state.legal_actions(seat)
        for group in (None, 0) if len(legal) > SELECT_MAX else (None,):
            table.seats[seat] = SeatInfo(900, "Jeanne")
            payload = hand_payload(table, state.view(seat), legal, state.pending_picks(seat), locale, group)
            for text in view_text(payload["view"]):
                yield f"{where} hand", text
        other = (seat + 1) % seats
        payload = hand_payload(table, state.view(other), [], 0, locale)
        for text in view_text(payload["view"]):
            yield f"{where} waiting hand", text
        for action in legal:
            yield f"{where} label {action}", game.action_label(action, locale)
            yield f"{where} group {action}", game.action_group(action, locale)


def texts_of_game(game: Game, locale: str) -> Iterator[tuple[str, str]]:
    """Options, the lobby and the rules."""
    options: dict[str, Any] = {}
    for option in game.options():
        values = option.choices or ((False, True) if option.kind is bool else (option.default, option.maximum))
        for value in values:
            yield f"{game.name} option {option.name}={value}", f"{option.describe(locale)}: {option.label(value, locale)}"
        options[option.name] = values[-1]
    table = make_table(game, game.max_seats, locale, None, options)
    for text in embed_text(table_embed(table, None, locale, False)):
        yield f"{game.name} lobby", text
    for i, page in enumerate(game.rules_summary(locale)):
        yield f"{game.name} rules page {i + 1}", page
    yield f"{game.name} title", game.title(locale)


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("locale", LOCALES)
def test_every_phase_reads_in_one_language(name: str, locale: str) -> None:
    game = GAMES[name]
    phases: set[str] = set()
    bad, count = [], 0
    for where, text in texts_of_matches(game, locale, phases):
        count += 1
        found = offences(text, locale)
        if found:
            bad.append(f"{where}: {found} in {text!r}")
    assert not bad, "\n".join(bad[:30])
    assert set(game.phases) | {"play", "over"} <= phases, phases
    assert count > 500


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("locale", LOCALES)
def test_options_lobby_and_rules_read_in_one_language(name: str, locale: str) -> None:
    bad = [f"{where}: {found} in {text!r}" for where, text in texts_of_game(GAMES[name], locale)
           if (found := offences(text, locale))]
    assert not bad, "\n".join(bad[:30])


def test_the_word_check_catches_what_players_complained_of() -> None:
    """The issue's examples are caught (and card codes, names and game terms are not)."""
    for text in ("Phase: bidding", "Étape : ecart", "excuse_from_ecart : Non", "Partie : False", "Computer 1",
                 "En attente de Computer 2.", "tarot.phase.play", "Phase: over"):
        assert offences(text, "fr"), text
    for text in ("Marie : Garde sans le chien", "QH 10S T21 EX", "Jeu en coupe", "Je joue", "À Ordinateur 1 de jouer",
                 "Étape : Enchères", "Solo de faveur (Pablo)", "tarot · zi0v0b · rev 2"):
        assert not offences(text, "fr"), text
    assert offences("En attente de Marie.", "en") and not offences("Garde contre (against the chien)", "en")
    for text in ("Couleur de faveur : espadas", "Anulada", "Caballo de copas", "1 partie(s)", "26 coup(s) joué(s)",
                 "défausse 6♣", "0 · 18 🂠", "joueur(s)"):
        assert offences(text, "fr"), text
    assert offences("1 match(es)", "en") and offences("Anulada", "en") and offences("2 jugador(es)", "es")
    for text in ("Cavalier de coupe", "Couleur de faveur : épée", "Défausser 6 de trèfle", "18 cartes", "Codillo"):
        assert not offences(text, "fr"), text
    assert not offences("Caballo de copas", "en")


def test_the_word_check_reads_spanish_too() -> None:
    """Spanish text is checked for English (and French) UI words; "no" is Spanish as well."""
    for text in ("Fase: bidding", "Computer 1", "Esperando a Computer 2.", "Tu turno: choose.", "Mano 1 · pli 3",
                 "tarot.phase.play"):
        assert offences(text, "es"), text
    for text in ("No", "Garde sans (sin el chien)", "el as de espadas", "Le toca a Ordenador 1", "Juego: Solo en preferencia",
                 "Fase: Subasta"):
        assert not offences(text, "es"), text


def test_spanish_reads_like_a_spanish_card_club() -> None:
    """Spanish cards by their Spanish names, with the article; the game terms of each game."""
    from games.cards import card, card_name, card_short

    assert card_name(card("1E", "spanish"), "es") == "el as de espadas"
    assert card_name(card("SB", "spanish"), "es") == "la sota de bastos"
    assert card_name(card("7O", "spanish"), "es") == "el 7 de oros"
    assert card_name(card("1E", "spanish"), "en") == "As de espadas"  # English keeps the Spanish terms
    assert card_name(card("1E", "spanish"), "fr") == "As d'épée" and card_name(card("CC", "spanish"), "fr") == "Cavalier de coupe"
    assert card_short(card("1E", "spanish"), "es") == "As espadas"
    assert (card_short(card("KH"), "es"), card_short(card("QH"), "es"), card_short(card("JH"), "es")) == ("R♥", "D♥", "J♥")
    assert card_name(card("KH"), "es") == "Rey de corazones" and card_name(card("T21"), "es") == "21 de triunfo"
    tresillo = GAMES["tresillo"]
    assert tresillo.phase_label("bid", "es") == "Subasta" and tresillo.title("es") == "Tresillo"
    assert GAMES["tarot"].title("es") == "Tarot francés"
    assert tn("es", "count.points", 1) == "1 punto" and tn("es", "count.points", 2.5) == "2,5 puntos"
    assert normalize("es-ES") == normalize("es-419") == "es" and t("es", "language.name") == "Español"


@pytest.mark.parametrize("locale", [discord.Locale.spain_spanish, discord.Locale.latin_american_spanish])
async def test_slash_commands_in_spanish(locale: discord.Locale) -> None:
    """Every command name and description has its Spanish text (Discord's es-ES and es-419)."""
    english = [key for ctx, key in catalogue("en").keys() if ctx == i18n.COMMAND]
    assert len(english) > 40
    for key in english:
        text = await Translator().translate(app_commands.locale_str(key), locale, None)
        assert text and text != key, key
        if " " not in key:  # a command or option name: Discord's rules for names
            assert re.fullmatch(r"[-_a-z0-9ñ]{1,32}", text or ""), text
        else:
            assert len(text or "") <= 100, text
    assert await Translator().translate(app_commands.locale_str("hand"), locale, None) == "mano"


def test_no_message_writes_a_plural_in_brackets_or_another_languages_words() -> None:
    """Every message of every catalogue: counts use real plural forms (``tn``), never
    "partie(s)"; no suit glyph (suits are written in words); French has no Spanish word and no
    English one, English no French or Spanish UI word, Spanish no English or French one (the
    checks of :func:`offences`, on the whole catalogue rather than on sampled screens)."""
    bad = []
    for locale in LOCALES:
        for message in read(locale):
            if not message.id or message.context == i18n.COMMAND:
                continue
            key = message.id[0] if isinstance(message.id, tuple) else message.id
            for text in message.string if isinstance(message.string, tuple) else (message.string,):
                plain = re.sub(r"\{[^}]*\}|/[a-z]+(?: [a-z]+:?)?|\b[a-z_]+:", " ", text or "")  # placeholders, commands
                found = offences(plain, locale)
                if message.context == i18n.IMAGE:  # the images draw their suit glyphs themselves
                    found = [f for f in found if f not in "♠♣♥♦"]
                if found:
                    bad.append(f"{locale} {key}: {found} in {text!r}")
    assert not bad, "\n".join(bad[:40])
