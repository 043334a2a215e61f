"""Tresillo exchange (docs/rules/tresillo.md, « The exchange (descarte) »): edge cases 12, 13, 14, 18, 20 and the secrecy of discards."""

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
    st = act(st, "exchange:2", "discard:2C")
    assert st.view(1)["discarding"] == ["2C"] and len(st.view(1)["hand"]) == 8
    assert "discarding" not in st.view(None) and "discarding" not in st.view(2)
    st = act(st, "discard:3C")
    hand = st.view(1)["hand"]
    assert len(hand) == 9 and set(top) <= set(hand) and "2C" not in hand
    assert st.view(None)["exchanged"] == [None, 2, None] and st.view(None)["talon"] == 11
    assert st.view(None)["phase"] == "order" and st.to_act() == 2  # the opponent on his right


def test_edge_20_the_opponent_on_the_right_chooses_who_exchanges_first() -> None:
    st = act(rig(), *WON, "declare:jeu:O", "exchange:0")
    assert legal(st) == ["order:me", "order:partner"]
    with pytest.raises(NotYourTurn):
        st.apply(0, TRESILLO.parse_action("order:me"))  # the other opponent cannot
    first_is_partner = act(st, "order:partner")
    assert first_is_partner.to_act() == 0 and first_is_partner.view(None)["exchange_order"] == [0, 2]
    first_is_me = act(st, "order:me")
    assert first_is_me.to_act() == 2
    after = act(first_is_me, "exchange:0")
    assert after.to_act() == 0 and after.view(None)["phase"] == "exchange"


def test_nobody_is_forced_to_exchange() -> None:
    st = act(rig(), *WON, "declare:jeu:O", "exchange:0", "order:me", "exchange:0", "exchange:0")
    view = st.view(None)
    assert view["exchanged"] == [0, 0, 0] and view["sleeping"] == 13 and view["phase"] == "play"
    assert st.to_act() == 1  # mano leads the first trick


def test_edge_12_retourne_takes_the_turned_card_discards_at_least_one_draws_one_fewer() -> None:
    st = act(rig(talon="4C RO 2O"), *WON, "declare:retourne")
    assert legal(st) == [f"exchange:{n}" for n in range(1, 11)]
    with pytest.raises(IllegalAction, match="at least one"):
        act(st, "exchange:0")
    one = act(st, "exchange:1", "discard:4C")
    assert len(one.view(1)["hand"]) == 9 and one.view(None)["talon"] == 12  # drew 0
    hand = st.view(1)["hand"]
    three = act(st, "exchange:3", *(f"discard:{c}" for c in hand[:3]))
    assert len(three.view(1)["hand"]) == 9 and three.view(None)["talon"] == 10  # drew 2
    assert {"RO", "2O"} <= set(three.view(1)["hand"])
    assert three.view(None)["exchanged"][1] == 3


def test_edge_13_solo_first_exchanger_needs_consent_for_eight_or_nine() -> None:
    st = act(rig(), *WON, "declare:solo:O")
    assert st.to_act() == 2  # the declarer does not exchange; turn order from his right
    hand = st.view(2)["hand"]
    assert legal(st) == [*(f"exchange:{n}" for n in range(8)), "exchange:ask"]
    with pytest.raises(IllegalAction, match="0 to 7"):
        act(st, "exchange:8")  # 8 cards without consent
    asked = act(st, "exchange:ask")
    assert asked.to_act() == 0 and legal(asked) == ["consent:no", "consent:yes"]
    refused = act(asked, "consent:no")
    assert refused.to_act() == 2 and legal(refused) == [f"exchange:{n}" for n in range(8)]
    allowed = act(asked, "consent:yes", "exchange:9", *(f"discard:{c}" for c in hand))
    assert allowed.view(None)["exchanged"] == [None, None, 9] and allowed.view(None)["talon"] == 4
    assert allowed.to_act() == 0
    assert legal(allowed) == [f"exchange:{n}" for n in range(5)]  # only 4: the talon's size


def test_edge_14_third_exchanger_leaves_cards_sleeping_unseen() -> None:
    st = act(rig(), *WON, "declare:jeu:O", "exchange:1", "discard:" + rig().view(1)["hand"][0], "order:me")
    st = act(st, "exchange:2", *(f"discard:{c}" for c in st.view(2)["hand"][:2]))
    st = act(st, "exchange:1", f"discard:{st.view(0)['hand'][0]}")
    view = st.view(None)
    assert view["sleeping"] == 13 - 1 - 2 - 1 == view["talon"]
    assert any(e["type"] == "sleeping" and e["count"] == 9 for e in view["events"])
    for text in all_views(st):
        for c in st.talon:
            assert f'"{c.code}"' not in text


def test_edge_18_second_exchanger_limited_to_the_cards_left() -> None:
    st = act(rig(), *WON, "declare:jeu:O")
    st = act(st, "exchange:9", *(f"discard:{c}" for c in st.view(1)["hand"]))  # draws 9, 4 left
    assert st.view(None)["talon"] == 4
    st = act(st, "order:me", "exchange:3", *(f"discard:{c}" for c in st.view(2)["hand"][:3]))
    assert st.view(None)["talon"] == 1
    assert legal(st) == ["exchange:0", "exchange:1"]
    with pytest.raises(IllegalAction, match="0 to 1"):
        act(st, "exchange:2")
    st = act(st, "exchange:1", f"discard:{st.view(0)['hand'][0]}")
    assert st.view(None)["sleeping"] == 0 and len(st.view(0)["hand"]) == 9


def test_dead_discards_are_never_shown_even_to_their_owner() -> None:
    st = act(rig(), *WON, "declare:jeu:O")
    dead = st.view(1)["hand"][:3]
    st = act(st, "exchange:3", *(f"discard:{c}" for c in dead), "order:partner")
    dead += st.view(0)["hand"][:2]
    st = act(st, "exchange:2", *(f"discard:{c}" for c in st.view(0)["hand"][:2]), "exchange:0")
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
    with pytest.raises(IllegalAction, match="at least one"):
        act(st, "exchange:0")
    solo = act(rig(), *WON, "declare:solo:O")
    asked = act(solo, "exchange:ask", "consent:yes")
    assert asked.to_act() == 2 and legal(asked) == [f"exchange:{n}" for n in range(10)]
    nine = act(asked, "exchange:9", *(f"discard:{c}" for c in asked.view(2)["hand"]))
    assert nine.view(None)["exchanged"] == [None, None, 9] and nine.view(None)["talon"] == 4


def test_old_logs_replay_with_their_exchanges_rewritten() -> None:
    """A log from before ``exchange:N`` (discards one by one, ``exchange:done``; the Solo request
    after 7 discards) is rewritten into today's actions, which replay to the same deal."""
    base = act(rig(), *WON, "declare:solo:O")
    hand = base.view(2)["hand"]
    old = [*base.log, *(f"discard:{c}" for c in hand[:7]), "exchange:ask", "consent:yes",
           *(f"discard:{c}" for c in hand[7:]), "exchange:done", "exchange:done"]
    assert TRESILLO.upgrade_log(old)[len(base.log):] == [
        "exchange:ask", "consent:yes", "exchange:9", *(f"discard:{c}" for c in hand), "exchange:0"]
    new = act(base, "exchange:ask", "consent:yes", "exchange:9", *(f"discard:{c}" for c in hand), "exchange:0")
    assert act(base, *TRESILLO.upgrade_log(old)[len(base.log):]).view(None) == new.view(None)
    assert TRESILLO.upgrade_log(new.log) == new.log  # today's logs are left alone


def test_an_old_log_loads_through_game_load() -> None:
    """A real (unrigged) match saved the old way: ``Game.load`` rewrites and replays it."""
    st = TRESILLO.new(3, "oldlog")
    old: list[str] = []
    while st.view(None)["phase"] != "play":
        seat = st.to_act()
        assert seat is not None
        texts = [str(a) for a in st.legal_actions(seat)]
        if st.view(None)["phase"] == "exchange":
            if st.pending_picks(seat) == 0:
                text = "exchange:1" if "exchange:1" in texts else texts[0]
                if text == "exchange:1":  # written the old way: the discard, then exchange:done
                    card = st.view(seat)["hand"][0]
                    st = act(st, text, f"discard:{card}")
                    old += [f"discard:{card}", "exchange:done"]
                    continue
            else:
                text = texts[0]
        else:
            text = next((t for t in texts if t.startswith(("bid:", "declare:"))), texts[0])
        st = act(st, text)
        old.append(text)
        if st.view(None)["phase"] == "play":
            break
    assert "exchange:done" in old
    loaded = TRESILLO.load({**st.to_json(), "log": old})
    assert loaded.view(None) == st.view(None) and loaded.log == st.log
