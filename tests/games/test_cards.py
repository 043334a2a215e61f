"""Card notation, decks and names."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.cards import (
    card,
    cards,
    piquet_deck,
    sort_cards,
    spanish_deck,
    standard_deck,
    standard_decks,
    tarot_deck,
    to_text,
)

ALL_FRENCH = [*tarot_deck(), card("JK")]


def test_deck_sizes() -> None:
    assert len(spanish_deck()) == 40 and len(set(spanish_deck())) == 40
    assert len(piquet_deck()) == 32 and len(set(piquet_deck())) == 32
    assert len(tarot_deck()) == 78 and len(set(tarot_deck())) == 78
    assert len(standard_deck()) == 52 and len(standard_deck(jokers=2)) == 54
    assert len(standard_decks(3, jokers_per_deck=2)) == 162


def test_identical_cards_compare_equal() -> None:
    two = standard_decks(2)
    assert two[0] == two[52] and two[0] is two[52]
    assert len(set(two)) == 52


@pytest.mark.parametrize(("text", "canon"), [("10h", "10H"), ("qs", "QS"), ("Cd", "CD"), ("t21", "T21"),
                                             ("ex", "EX"), ("jk", "JK"), (" ac ", "AC")])
def test_french_parsing_is_case_insensitive(text: str, canon: str) -> None:
    assert str(card(text)) == canon


@pytest.mark.parametrize("text", ["1E", "7O", "RC", "SB", "cc"])
def test_spanish_parsing(text: str) -> None:
    assert str(card(text, "spanish")) == text.upper()


@pytest.mark.parametrize("text", ["", "1H", "11H", "T0", "T22", "T07", "ZZ", "10X", "KHH"])
def test_bad_french_codes(text: str) -> None:
    with pytest.raises(ValueError):
        card(text)


@pytest.mark.parametrize("text", ["8O", "JO", "10E", "1X"])
def test_bad_spanish_codes(text: str) -> None:
    with pytest.raises(ValueError):
        card(text, "spanish")


def test_same_code_other_family_is_another_card() -> None:
    assert card("2C") is not card("2C", "spanish")
    assert card("CC").name("fr") == "Cavalier de trèfle"
    assert card("CC", "spanish").name("fr") == "Cavalier de coupe"  # the French Tresillo terms


@given(st.sampled_from(ALL_FRENCH + spanish_deck()))
def test_text_round_trip(c: object) -> None:
    from games.cards import Card

    assert isinstance(c, Card)
    assert card(str(c).lower(), c.family) is c
    assert pickle.loads(pickle.dumps(c)) is c
    assert copy.deepcopy(c) is c


def test_names() -> None:
    assert card("QH").name("fr") == "Dame de cœur"
    assert card("QH").name("en") == "Queen of Hearts"
    assert card("AS").name("fr") == "As de pique"
    assert card("T21").name("fr") == "21 d'atout"
    assert card("T1").name("fr") == "le Petit"
    assert card("EX").name("en") == "the Excuse"
    assert card("1E", "spanish").name("en") == "As de espadas"
    assert card("KH").short("fr") == "R♥" and card("KH").short("en") == "K♥"


def test_immutable() -> None:
    with pytest.raises(AttributeError):
        card("QH").suit = "S"  # type: ignore[misc]


def test_lists_and_sorting() -> None:
    hand = cards("KH, 2S qs T5 EX 10h")
    assert to_text(hand) == "KH,2S,QS,T5,EX,10H"
    assert to_text(sort_cards(hand)) == "2S,QS,10H,KH,T5,EX"
