"""Tresillo: a deal all three pass is annulled, redealt by the next dealer and not counted
(docs/rules/tresillo.md, « Bidding », « Defaults and options » #3, « Cases the tests pin » #17); saves made before that rule replay as they were played."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from games.cards import sort_key, spanish_deck
from games.rng import deal_rng
from games.tresillo import TRESILLO, TresilloState
from games.tresillo.state import Phase
from tests.games.test_tresillo_support import act

OLD_SAVES = Path(__file__).parent / "data" / "tresillo_old_all_pass.json"
CARDS = {c.code: c for c in spanish_deck()}


def all_pass(st: TresilloState) -> TresilloState:
    """Everybody passes on the deal in progress (the alcalde first bets nothing)."""
    if st.phase is Phase.BET:
        st = act(st, "bet:none")
    return act(st, "pass", "pass", "pass")


def play_deal(st: TresilloState, rng: random.Random) -> TresilloState:
    """Play the deal in progress to its end: mano opens ("Je joue"), the others pass, then random
    legal moves."""
    shuffle = st.shuffle_no
    while st.to_act() is not None and st.shuffle_no == shuffle:
        seat = st.to_act()
        assert seat is not None
        if st.phase is Phase.BID:
            text = "bid:jeu" if st.level == 0 else "pass"
            st = act(st, text)
            continue
        legal = st.legal_actions(seat)
        st = st.apply(seat, legal[rng.randrange(len(legal))])
    return st


def dealt_hands(seed: str, shuffle: int, seats: int) -> list[list[str]]:
    """Each seat's hand of the ``shuffle``-th deal, dealt by hand from docs/rules/tresillo.md, « The deal »: 3 cards at a
    time from mano counter-clockwise; dealer ``shuffle mod seats``, who gets none at 4 seats."""
    deck = spanish_deck()
    deal_rng(seed, shuffle).shuffle(deck)
    dealer = shuffle % seats
    active = [(dealer + i) % seats for i in (1, 2, 3)]
    hands: list[list[str]] = [[] for _ in range(seats)]
    for packet in range(3):
        for i, seat in enumerate(active):
            start = 9 * packet + 3 * i
            hands[seat] += [c.code for c in deck[start:start + 3]]
    return [[c.code for c in sorted((CARDS[x] for x in h), key=sort_key)] for h in hands]


def test_an_annulled_deal_is_redealt_by_the_next_dealer_and_does_not_count() -> None:
    """docs/rules/tresillo.md, « Bidding »: "If all three pass on the first round the deal is annulled and redealt";
    « Defaults and options » #3: the deal passes to the next dealer; « Cases the tests pin » #17: no payments, no bet settlement."""
    rng = random.Random(3)
    st = TRESILLO.new(4, "annul", {"rounds": 1})  # 4 counted deals
    assert st.total_deals == 4
    st = act(st, "bet:J", "pass", "pass", "pass")
    assert st.to_act() == 1 and st.dealer == 1 and st.deal_no == 0 and st.view(None)["deal_no"] == 0
    assert [st.view(s)["hand"] for s in range(4)] == dealt_hands("annul", 1, 4), "a fresh shuffle"
    dealers = []
    while st.to_act() is not None:
        dealers.append(st.dealer)
        st = play_deal(st, rng)
    assert dealers == [1, 2, 3, 0], "four counted deals after the annulled one, each seat dealing once more"
    view = st.view(None)
    assert st.deal_no == 4 and st.shuffle_no == 5 and len(view["results"]) == 4
    assert "anulada" not in view["results"] and sum(st.ledger) == 0
    assert st.outcome() is not None


def test_the_match_does_not_end_on_a_deal_nobody_played() -> None:
    """The reported case: the last deal of the match is passed by all three. It is redealt (more
    than once if need be) and the match ends on a deal that was played."""
    rng = random.Random(5)
    st = TRESILLO.new(3, "last", {"rounds": 1})
    st = play_deal(st, rng)
    st = play_deal(st, rng)
    assert st.deal_no == 2 and st.to_act() is not None
    before = (st.ledger, st.view(None)["results"], st.view(None)["last_deal"])
    for k in range(4):  # four annulled deals in a row: the deal goes round the table and on
        st = all_pass(st)
        assert st.to_act() is not None and st.deal_no == 2 and st.shuffle_no == 3 + k
        assert st.dealer == (3 + k) % 3 and st.view(None)["deal_no"] == 2
        assert (st.ledger, st.view(None)["results"], st.view(None)["last_deal"]) == before
    st = play_deal(st, rng)
    assert st.to_act() is None and st.view(None)["results"][-1] != "anulada"
    assert st.view(None)["last_deal"]["deal_no"] == 2 and st.view(None)["last_deal"]["dealer"] == 6 % 3


def test_the_annulled_deal_is_an_event_the_table_can_show() -> None:
    st = all_pass(TRESILLO.new(3, "event"))
    assert st.view(None)["events"][-1] == {"type": "all_pass", "deal_no": 0, "dealer": 0, "next_dealer": 1}
    for seat in (None, 0, 1, 2):
        assert st.view(seat)["events"][-1]["type"] == "all_pass"
    st = all_pass(st)
    assert st.view(None)["events"][-1] == {"type": "all_pass", "deal_no": 0, "dealer": 1, "next_dealer": 2}


def test_a_save_with_annulled_deals_reloads_to_the_same_state() -> None:
    rng = random.Random(8)
    st = play_deal(all_pass(TRESILLO.new(4, "save", {"rounds": 1})), rng)
    st = all_pass(st)
    data = st.to_json()
    assert data["all_pass"] == "redeal"
    again = TRESILLO.load(json.loads(json.dumps(data)))
    assert again == st and again.view(None) == st.view(None) and again.view(2) == st.view(2)
    assert not again.all_pass_counts


@pytest.mark.parametrize("case", range(2))
def test_an_old_save_replays_by_the_rule_it_was_played_by(case: int) -> None:
    """Matches saved before the rule (made by the code of main at beee71d: no ``all_pass`` key)
    ended with annulled deals counted, the last one annulled. They load unchanged: over, the same
    results and ledger; and they still replay action for action by today's rule, where the match
    is not over yet (the shuffles are the same)."""
    saved: dict[str, Any] = json.loads(OLD_SAVES.read_text())[case]
    data = saved["save"]
    assert "all_pass" not in data and saved["results"][-1] == "anulada"
    old = TRESILLO.load(data)
    assert old.all_pass_counts and old.to_act() is None
    assert list(old.results) == saved["results"] and list(old.ledger) == saved["ledger"]
    assert old.view(None)["deal_no"] == saved["deal_no"]
    assert "all_pass" not in old.to_json() and TRESILLO.load(old.to_json()) == old
    new = TRESILLO.load({**data, "all_pass": "redeal"})
    assert new.rev == old.rev and new.to_act() is not None, "today's rule: the match goes on"
    assert new.shuffle_no == old.shuffle_no and new.deal_no == old.deal_no - saved["results"].count("anulada")
    assert list(new.ledger) == saved["ledger"]
