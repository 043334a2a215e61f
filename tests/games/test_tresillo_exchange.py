"""Tresillo exchange (RULES.md 1.5): edge cases 12, 13, 14, 18, 20 and the secrecy of discards."""

from __future__ import annotations

import json

import pytest

from games.errors import IllegalAction, NotYourTurn
from games.tresillo import TRESILLO
from tests.games.test_tresillo_support import act, legal, rig

# seat 1 (mano) wins the auction with an unopposed Je joue
WON = ("bid:jeu", "pass", "pass")


def all_views(st) -> list[str]:  # type: ignore[no-untyped-def]
    return [json.dumps(st.view(s)) for s in [None, *range(st.seats)]]


def test_declarer_exchanges_first_drawing_as_many_as_discarded() -> None:
    st = act(rig(hands={1: "1E 7O 1B 2C 3C 4E 5E 6B 7B"}), *WON, "declare:jeu:O")
    assert st.to_act() == 1 and st.view(None)["phase"] == "exchange"
    assert legal(st) == [f"exchange:{n}" for n in range(10)]  # how many first (0 to 9)
    top = [c.code for c in st.talon[:2]]
    st = act(st, "discard:2C", "discard:3C")
    assert st.view(1)["discarding"] == ["2C", "3C"] and len(st.view(1)["hand"]) == 7
    assert "discarding" not in st.view(None) and "discarding" not in st.view(2)
    st = act(st, "exchange:done")
    hand = st.view(1)["hand"]
    assert len(hand) == 9 and set(top) <= set(hand) and "2C" not in hand
    assert st.view(None)["exchanged"] == [None, 2, None] and st.view(None)["talon"] == 11
    assert st.view(None)["phase"] == "order" and st.to_act() == 2  # the opponent on his right


def test_edge_20_the_opponent_on_the_right_chooses_who_exchanges_first() -> None:
    st = act(rig(), *WON, "declare:jeu:O", "exchange:done")
    assert legal(st) == ["order:me", "order:partner"]
    with pytest.raises(NotYourTurn):
        st.apply(0, TRESILLO.parse_action("order:me"))  # the other opponent cannot
    first_is_partner = act(st, "order:partner")
    assert first_is_partner.to_act() == 0 and first_is_partner.view(None)["exchange_order"] == [0, 2]
    first_is_me = act(st, "order:me")
    assert first_is_me.to_act() == 2
    after = act(first_is_me, "exchange:done")
    assert after.to_act() == 0 and after.view(None)["phase"] == "exchange"


def test_nobody_is_forced_to_exchange() -> None:
    st = act(rig(), *WON, "declare:jeu:O", "exchange:done", "order:me", "exchange:done", "exchange:done")
    view = st.view(None)
    assert view["exchanged"] == [0, 0, 0] and view["sleeping"] == 13 and view["phase"] == "play"
    assert st.to_act() == 1  # mano leads the first trick


def test_edge_12_retourne_takes_the_turned_card_discards_at_least_one_draws_one_fewer() -> None:
    st = act(rig(talon="4C RO 2O"), *WON, "declare:retourne")
    assert "exchange:done" not in legal(st) and len(legal(st)) == 10
    with pytest.raises(IllegalAction, match="at least one"):
        act(st, "exchange:done")
    one = act(st, "discard:4C", "exchange:done")
    assert len(one.view(1)["hand"]) == 9 and one.view(None)["talon"] == 12  # drew 0
    hand = st.view(1)["hand"]
    three = act(st, *(f"discard:{c}" for c in hand[:3]), "exchange:done")
    assert len(three.view(1)["hand"]) == 9 and three.view(None)["talon"] == 10  # drew 2
    assert {"RO", "2O"} <= set(three.view(1)["hand"])
    assert three.view(None)["exchanged"][1] == 3


def test_edge_13_solo_first_exchanger_needs_consent_for_eight_or_nine() -> None:
    st = act(rig(), *WON, "declare:solo:O")
    assert st.to_act() == 2  # the declarer does not exchange; turn order from his right
    hand = st.view(2)["hand"]
    assert legal(st) == [*(f"exchange:{n}" for n in range(8)), "exchange:ask"]
    st = act(st, *(f"discard:{c}" for c in hand[:7]))  # a log of the old way: one by one
    assert legal(st) == ["exchange:ask", "exchange:done"]
    with pytest.raises(IllegalAction, match="consent"):
        act(st, f"discard:{hand[7]}")  # an 8th card without consent
    asked = act(st, "exchange:ask")
    assert asked.to_act() == 0 and legal(asked) == ["consent:no", "consent:yes"]
    refused = act(asked, "consent:no")
    assert refused.to_act() == 2 and legal(refused) == ["exchange:done"]
    allowed = act(asked, "consent:yes", f"discard:{hand[7]}", f"discard:{hand[8]}", "exchange:done")
    assert allowed.view(None)["exchanged"] == [None, None, 9] and allowed.view(None)["talon"] == 4
    assert allowed.to_act() == 0
    assert legal(allowed) == [f"exchange:{n}" for n in range(5)]  # only 4: the talon's size
    four = act(allowed, *(f"discard:{c}" for c in allowed.view(0)["hand"][:4]))  # the old way
    assert legal(four) == ["exchange:done"]


def test_edge_14_third_exchanger_leaves_cards_sleeping_unseen() -> None:
    st = act(rig(), *WON, "declare:jeu:O", "discard:" + rig().view(1)["hand"][0], "exchange:done",
             "order:me")
    st = act(st, *(f"discard:{c}" for c in st.view(2)["hand"][:2]), "exchange:done")
    st = act(st, f"discard:{st.view(0)['hand'][0]}", "exchange:done")
    view = st.view(None)
    assert view["sleeping"] == 13 - 1 - 2 - 1 == view["talon"]
    assert any(e["type"] == "sleeping" and e["count"] == 9 for e in view["events"])
    for text in all_views(st):
        for c in st.talon:
            assert f'"{c.code}"' not in text


def test_edge_18_second_exchanger_limited_to_the_cards_left() -> None:
    st = act(rig(), *WON, "declare:jeu:O")
    st = act(st, *(f"discard:{c}" for c in st.view(1)["hand"]), "exchange:done")  # draws 9, 4 left
    assert st.view(None)["talon"] == 4
    st = act(st, "order:me", *(f"discard:{c}" for c in st.view(2)["hand"][:3]), "exchange:done")
    assert st.view(None)["talon"] == 1
    st = act(st, f"discard:{st.view(0)['hand'][0]}")
    assert legal(st) == ["exchange:done"]
    with pytest.raises(IllegalAction, match="only 1"):
        act(st, f"discard:{st.view(0)['hand'][0]}")
    st = act(st, "exchange:done")
    assert st.view(None)["sleeping"] == 0 and len(st.view(0)["hand"]) == 9


def test_dead_discards_are_never_shown_even_to_their_owner() -> None:
    st = act(rig(), *WON, "declare:jeu:O")
    dead = st.view(1)["hand"][:3]
    st = act(st, *(f"discard:{c}" for c in dead), "exchange:done", "order:partner")
    dead += st.view(0)["hand"][:2]
    st = act(st, *(f"discard:{c}" for c in st.view(0)["hand"][:2]), "exchange:done", "exchange:done")
    assert st.view(None)["phase"] == "play"
    for text in all_views(st):
        for code in dead:
            assert f'"{code}"' not in text


def test_discards_chosen_at_once_after_saying_how_many() -> None:
    """``exchange:N`` then N discards (``pending_picks`` counts down, so the bot shows one
    multi-select); the draw follows the last pick, and nothing is final before it is sent."""
    st = act(rig(hands={1: "1E 7O 1B 2C 3C 4E 5E 6B 7B"}), *WON, "declare:jeu:O")
    assert st.pending_picks(1) == 0
    assert TRESILLO.action_label(TRESILLO.parse_action("exchange:2"), "fr") == "Écarter 2 cartes"
    assert TRESILLO.action_label(TRESILLO.parse_action("exchange:0"), "en") == "Discard nothing"
    top = [c.code for c in st.talon[:2]]
    st = act(st, "exchange:2")
    assert st.pending_picks(1) == 2 and st.view(1)["pending_picks"] == 2
    assert legal(st) == [f"discard:{c}" for c in st.view(1)["hand"]]
    st = act(st, "discard:2C")
    assert st.pending_picks(1) == 1 and st.view(None)["phase"] == "exchange"
    st = act(st, "discard:3C")
    hand = st.view(1)["hand"]
    assert len(hand) == 9 and set(top) <= set(hand) and "2C" not in hand
    assert st.view(None)["exchanged"] == [None, 2, None] and st.view(None)["phase"] == "order"
    nothing = act(st, "order:me", "exchange:0")
    assert nothing.view(None)["exchanged"] == [None, 2, 0] and nothing.to_act() == 0


def test_retourne_count_starts_at_one_and_solo_asks_before_choosing() -> None:
    st = act(rig(), *WON, "declare:retourne")
    assert legal(st)[0] == "exchange:1" and "exchange:0" not in legal(st)
    with pytest.raises(IllegalAction, match="1 to"):
        act(st, "exchange:0")
    solo = act(rig(), *WON, "declare:solo:O")
    asked = act(solo, "exchange:ask", "consent:yes")
    assert asked.to_act() == 2 and legal(asked) == [f"exchange:{n}" for n in range(10)]
    nine = act(asked, "exchange:9", *(f"discard:{c}" for c in asked.view(2)["hand"]))
    assert nine.view(None)["exchanged"] == [None, None, 9] and nine.view(None)["talon"] == 4
