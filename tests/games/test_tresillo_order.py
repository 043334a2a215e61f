"""Tresillo card orders (docs/rules/tresillo.md, « Card order »), the follow rule and matador privileges (« Play and the matadors' privilege »), edge cases 1-8."""

from __future__ import annotations

import itertools

import pytest

from games.tresillo.order import ORDERS, SUITS, mala, plain_order, playable, trick_winner, trump_order
from tests.games.test_tresillo_support import act, at_play, cs, plays, rig


def codes(cards: list) -> list[str]:
    return [c.code for c in cards]


def test_trump_orders_red_suits_have_twelve() -> None:
    assert codes(trump_order("O")) == "1E 7O 1B 1O RO CO SO 2O 3O 4O 5O 6O".split()
    assert codes(trump_order("C")) == "1E 7C 1B 1C RC CC SC 2C 3C 4C 5C 6C".split()


def test_trump_orders_black_suits_have_eleven() -> None:
    assert codes(trump_order("E")) == "1E 2E 1B RE CE SE 7E 6E 5E 4E 3E".split()
    assert codes(trump_order("B")) == "1E 2B 1B RB CB SB 7B 6B 5B 4B 3B".split()


def test_plain_orders() -> None:
    assert codes(plain_order("O")) == "RO CO SO 1O 2O 3O 4O 5O 6O 7O".split()
    assert codes(plain_order("C")) == "RC CC SC 1C 2C 3C 4C 5C 6C 7C".split()
    assert codes(plain_order("E")) == "RE CE SE 7E 6E 5E 4E 3E 2E".split()
    assert codes(plain_order("B")) == "RB CB SB 7B 6B 5B 4B 3B 2B".split()


@pytest.mark.parametrize("trump", SUITS)
def test_every_card_has_one_place_whatever_the_trump(trump: str) -> None:
    order = ORDERS[trump]
    plain = [c for s in SUITS if s != trump for c in plain_order(s)]
    assert len(order.trumps) + len(plain) == 40
    assert set(order.trumps) | set(plain) == set(order.suit_of) and len(order.suit_of) == 40
    # the Espada and the Basto always belong to the trump suit, never to espadas/bastos as plain suits
    assert order.suit_of[cs("1E")[0]] == trump and order.suit_of[cs("1B")[0]] == trump
    assert len(order.trumps) == (12 if trump in "OC" else 11)


def test_edge_01_trump_oros_espada_mala_basto_punto_rey() -> None:
    order = ORDERS["O"]
    chain = cs("1E 7O 1B 1O RO")
    for high, low in itertools.pairwise(chain):
        assert order.beats(high, low, "O") and not order.beats(low, high, "O")
    # as a trick: the Punto beats the Rey, the Basto beats the Punto...
    assert trick_winner([(1, cs("RO")[0]), (2, cs("1O")[0]), (0, cs("2O")[0])], order) == 2
    assert trick_winner([(1, cs("1O")[0]), (2, cs("1B")[0]), (0, cs("7O")[0])], order) == 0


def test_edge_02_trump_espadas_mala_is_the_two_and_no_punto() -> None:
    order = ORDERS["E"]
    assert mala("E") == cs("2E")[0] and mala("B") == cs("2B")[0]
    assert mala("O") == cs("7O")[0] and mala("C") == cs("7C")[0]
    two, seven, sota = cs("2E 7E SE")
    assert order.beats(two, cs("1B")[0], "E") and order.beats(cs("1E")[0], two, "E")
    assert order.beats(sota, seven, "E")  # the 7 ranks below the Sota
    assert codes(order.trumps)[3] == "RE"  # no Punto: the Rey follows the Basto directly


def test_edge_03_espada_lead_is_a_trump_lead() -> None:
    order = ORDERS["C"]
    hand = cs("RE 3E 2C")
    assert codes(playable(hand, cs("1E")[0], order)) == ["2C"]  # answer in copas, not espadas
    assert trick_winner([(1, cs("RE")[0]), (2, cs("1E")[0]), (0, cs("RC")[0])], order) == 2


def test_edge_04_void_in_espadas_when_the_only_sword_is_the_espada() -> None:
    order = ORDERS["O"]
    hand = cs("1E RC 3O")
    assert set(codes(playable(hand, cs("5E")[0], order))) == {"1E", "RC", "3O"}


def test_edge_05_plain_oros_order() -> None:
    order = ORDERS["E"]
    chain = cs("SO 1O 2O 3O 4O 5O 6O 7O")
    for high, low in itertools.pairwise(chain):
        assert order.beats(high, low, "O")
    assert order.power[cs("7O")[0]] == 0  # the lowest (it would be the Mala if oros were trump)


def test_edge_06_low_trump_led_only_exempt_matadors_play_anything() -> None:
    order = ORDERS["O"]
    hand = cs("7O 1B RC 4E")
    assert set(codes(playable(hand, cs("5O")[0], order))) == {"7O", "1B", "RC", "4E"}
    # the Espada is never forced either
    assert set(codes(playable(cs("1E RC"), cs("5O")[0], order))) == {"1E", "RC"}


def test_edge_07_espada_led_forces_lower_matadors() -> None:
    order = ORDERS["O"]
    assert codes(playable(cs("1B RC 4E"), cs("1E")[0], order)) == ["1B"]
    assert set(codes(playable(cs("1B 4O RC"), cs("1E")[0], order))) == {"1B", "4O"}
    # docs/rules/tresillo.md, « Play and the matadors' privilege » example: Mala + 3 of oros on the Espada: a trump, either
    assert set(codes(playable(cs("7O 3O RC"), cs("1E")[0], order))) == {"7O", "3O"}


def test_mala_led_forces_the_basto_not_the_espada() -> None:
    order = ORDERS["C"]
    led = cs("7C")[0]
    assert set(codes(playable(cs("1E RO"), led, order))) == {"1E", "RO"}
    assert codes(playable(cs("1B RO"), led, order)) == ["1B"]
    basto_led = cs("1B")[0]  # the Basto forces no matador: both are higher
    assert set(codes(playable(cs("1E 7C RO"), basto_led, order))) == {"1E", "7C", "RO"}


def test_non_matador_trump_must_follow_and_plain_suit_must_be_followed() -> None:
    order = ORDERS["O"]
    assert set(codes(playable(cs("1E 2O RC"), cs("5O")[0], order))) == {"1E", "2O"}
    assert codes(playable(cs("2O RC 3C"), cs("4C")[0], order)) == ["RC", "3C"]
    assert set(codes(playable(cs("2O RE"), cs("4C")[0], order))) == {"2O", "RE"}  # void: anything
    assert len(playable(cs("2O RE"), None, order)) == 2


def test_trick_winner_highest_trump_else_highest_of_led_suit() -> None:
    order = ORDERS["B"]
    assert trick_winner([(1, cs("4O")[0]), (2, cs("RO")[0]), (0, cs("RC")[0])], order) == 2
    assert trick_winner([(1, cs("4O")[0]), (2, cs("RO")[0]), (0, cs("3B")[0])], order) == 0
    assert trick_winner([(1, cs("3B")[0]), (2, cs("2B")[0]), (0, cs("1B")[0])], order) == 2


def test_edge_08_only_the_led_card_counts() -> None:
    # trump oros; mano (1) leads a low trump, seat 2 plays the Mala, seat 0 holds Basto + plain cards
    st = rig(hands={1: "4O RC RE 2C 3C 4C 5C 6C 7C", 2: "7O 2O CC SC 3E 4E 5E 6E 7E",
                    0: "1B RB CB SB 7B 6B 5B 4B 3B"})
    st = at_play(st, 1, "jeu", "O")
    st = act(st, "play:4O", "play:7O")
    assert set(plays(st)) == set("1B RB CB SB 7B 6B 5B 4B 3B".split())
