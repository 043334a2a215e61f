"""Table options as people type them: spaces or commas between them, each option's name in French,
English or Spanish whatever the server's language, an autocomplete that completes names and values,
and every refusal saying in one line which option and what it takes."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service import options
from bot.service.table import BotError
from games import GAMES, find_game, option_words
from games.i18n import LOCALES

TAROT = find_game("tarot")
TRESILLO = find_game("tresillo")


@pytest.mark.parametrize("text", ["deals=2 excuse_from_ecart=yes", "deals=2, excuse_from_ecart=yes",
                                  "deals = 2 ;  excuse_from_ecart = oui", " deals=2\texcuse_from_ecart=sí "])
def test_spaces_commas_and_semicolons_separate_options(text: str) -> None:
    got = options.parse(TAROT, text)
    assert got["deals"] == 2 and got["excuse_from_ecart"] is True


@pytest.mark.parametrize("text", ["donnes=1", "manos=1", "deals=1", "DONNES=1", "Manos = 1"])
def test_names_in_every_language(text: str) -> None:
    assert options.parse(TAROT, text)["deals"] == 1


def test_french_and_spanish_names_of_each_game() -> None:
    assert options.parse(TAROT, "excuse_de_l_ecart=oui cinq_assis_quatre_jouent=non")["excuse_from_ecart"] is True
    got = options.parse(TRESILLO, "faveur=o, puesta=20 vueltas=2")
    assert (got["favour"], got["stake"], got["rounds"]) == ("O", 20, 2)
    assert options.parse(find_game("piquet"), "paquets=3 compte_ancien=sí")["old_french"] is True
    assert options.parse(find_game("ecole"), "fous=4 contratos=3")["jokers"] == 4


def test_every_option_has_a_word_per_language_and_no_word_names_two_options() -> None:
    for game in GAMES.values():
        seen: dict[str, str] = {}
        for option in game.options():
            assert option.name in option_words.WORDS, option.name
            assert option_words.word(option, "en") == option.name
            for word in option_words.words(option):
                assert " " not in word and "=" not in word, word
                key = option_words.folded(word)
                assert seen.setdefault(key, option.name) == option.name, (game.name, word)


def test_one_option_under_two_names_is_refused_naming_both() -> None:
    with pytest.raises(BotError) as err:
        options.parse(TAROT, "deals=2 donnes=3")
    assert err.value.key == "repeated_option" and "deals/donnes" in str(err.value)


@pytest.mark.parametrize(("text", "said"), [
    ("foo=1", "Unknown option: foo; the options of French Tarot: deals, excuse_last_changes_camp"),
    ("deals", "“deals” has no value: write name=value, separated by spaces or commas"),
    ("deals=99", "Option deals: “99” is not allowed; it takes a whole number from 0 to 40."),
    ("donnes=3.0", "Option donnes: “3.0” is not allowed; it takes a whole number from 0 to 40."),
    ("excuse_from_ecart=maybe", "Option excuse_from_ecart: “maybe” is not allowed; it takes yes or no"),
])
def test_every_refusal_says_which_option_and_what_it_takes(text: str, said: str) -> None:
    with pytest.raises(BotError) as err:
        options.parse(TAROT, text)
    assert said in str(err.value) and "\n" not in str(err.value)


def test_a_refusal_reads_in_the_members_language() -> None:
    with pytest.raises(BotError) as err:
        options.parse(TAROT, "manos=99")
    assert err.value.localized("fr") == "Option manos\u00a0: « 99 » n'est pas permis ; elle prend un nombre entier de 0 à 40."
    assert "opciones de" in options.complete(TAROT, "x=1", "es")[0][0]
    with pytest.raises(BotError) as err:
        options.parse(TRESILLO, "favour=Z")
    assert "O (oros), C (copas), E (espadas), B (bastos)" in err.value.localized("es")


def test_the_autocomplete_completes_values() -> None:
    """``deals=1`` used to match nothing (only ``deals=0`` was offered for a long range)."""
    values = [value for _, value in options.complete(TAROT, "deals=1", "en")]
    assert values[:3] == ["deals=1", "deals=10", "deals=11"] and "deals=0" not in values
    assert [v for _, v in options.complete(TAROT, "donnes=", "fr")][:2] == ["donnes=0", "donnes=1"]


def test_the_autocomplete_completes_names_in_the_language_typed() -> None:
    fr = [value for _, value in options.complete(TAROT, "", "fr")]
    assert fr[0] == "donnes=0" and "excuse_de_l_ecart=oui" in fr
    assert [v for _, v in options.complete(TAROT, "excusa_del", "en")] == ["excusa_del_ecart=yes", "excusa_del_ecart=no"]
    kept = [v for _, v in options.complete(TAROT, "deals=2 excuse_de_l", "es")]
    assert kept[:2] == ["deals=2, excuse_de_l_ecart=sí", "deals=2, excuse_de_l_ecart=no"]
    assert not any("deals" in v.split(", ")[-1] for _, v in options.complete(TAROT, "deals=2 ", "en"))


def test_the_autocomplete_says_why_nothing_fits() -> None:
    (label, value), = options.complete(TAROT, "deals=99", "en")
    assert label.startswith("⚠ Option deals:") and value == "deals=99"
    (label, value), = options.complete(TAROT, "deals=2 deals=3 ", "fr")
    assert "deals" in label and "deux fois" in label


def test_the_autocomplete_entries_fit_discord() -> None:
    for game in GAMES.values():
        for locale in LOCALES:
            for typed in ("", "a", "deals=", "x" * 120):
                got = options.complete(game, typed, locale)
                assert len(got) <= 25
                assert all(len(name) <= 100 and len(value) <= 100 for name, value in got)


async def test_table_new_takes_options_as_typed(world: Any) -> None:
    res = await world.alice.slash(world.channel, "table new", game="tarot", options="donnes=2 excuse_de_l_ecart=oui")
    table = next(iter(world.bot.service.tables.values()))
    assert table.options["deals"] == 2 and table.options["excuse_from_ecart"] is True, res
    choices = await world.alice.autocomplete(world.channel, "table new", "options", "deals=1", game="tarot")
    assert [c["value"] for c in choices][:2] == ["deals=1", "deals=10"]
