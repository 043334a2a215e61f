"""Piquet views: what each seat sees (docs/rules/piquet.md, « The exchange » visibility; games/base.py view keys).

The opponent's hand and discard and the unseen talon never appear in a private view, except the
cards the laws make public (a carte blanche shown, winning declarations shown, cards played).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.cards import Card, card
from games.piquet import PIQUET
from games.piquet.state import Phase, PiquetState
from tests.games.test_piquet_helpers import act, rig

SHARED = ("game", "seats", "seat", "rev", "to_act", "phase", "scores", "events", "deal_no", "deals",
          "dealer", "hand_counts", "trick", "last_trick", "tricks_won", "contract", "last_deal")


def codes(obj: Any) -> set[str]:
    """Every string in a JSON value, the cut cards left out (shown before the first deal)."""
    found: set[str] = set()
    if isinstance(obj, str):
        found.add(obj)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            if k != "cut" and not (k == "type" and v == "cut"):
                found |= codes(v)
    elif isinstance(obj, list):
        for v in obj:
            if not (isinstance(v, dict) and v.get("type") == "cut"):
                found |= codes(v)
    return found


def public_cards(state: PiquetState) -> set[Card]:
    """Cards the laws make public: shown declarations, a shown carte blanche, cards played."""
    public = {card(c) for d in state.decl for c in d["shown"]}
    for seat in (0, 1):
        if state.blanche_shown[seat]:
            public |= set(state.blanche_cards[seat])
    public |= set(state.played) | {c for _, c in state.trick}
    for event in state.events:  # tricks of the previous deal stay in the recent events
        if event["type"] == "trick":
            public |= {card(c) for _, c in event["cards"]}
    return public


def talon_cards(state: PiquetState) -> set[Card]:
    return set(state.stock if state.leftover is None else state.leftover)


def seen_by_law(state: PiquetState, seat: int) -> set[Card]:
    """docs/rules/piquet.md, « The exchange » / Laws 33, 36: elder may look at the cards he leaves (shown while they remain
    in the talon); if younger looks at what he leaves, elder sees it too once he has led."""
    talon = talon_cards(state)
    seen: set[Card] = set()
    if seat == state.elder and state.counts[state.elder] is not None:
        seen |= set(state.elder_left) & talon
    if state.looked and (seat == state.dealer or state.played or state.trick):
        seen |= set(state.leftover or ())
    return seen


def check(state: PiquetState) -> None:
    public = state.view(None)
    json.dumps(public)
    for key in SHARED:
        assert key in public
    assert not {"hand", "discard", "talon_seen"} & set(public)
    allowed = {c.code for c in public_cards(state)}
    everything_hidden = {c.code for c in (*state.hands[0], *state.hands[1], *state.discards[0],
                                          *state.discards[1], *talon_cards(state))}
    assert codes(public) & everything_hidden <= allowed
    for seat in (0, 1):
        v = state.view(seat)
        json.dumps(v)
        assert sorted(v["hand"]) == sorted(c.code for c in state.hands[seat])
        assert sorted(v["discard"]) == sorted(c.code for c in state.discards[seat])
        seen = seen_by_law(state, seat)
        assert {card(c) for c in v["talon_seen"]} == seen
        hidden = {c.code for c in (*state.hands[1 - seat], *state.discards[1 - seat],
                                   *(talon_cards(state) - seen))}
        leaked = codes(v) & hidden - allowed
        assert not leaked, f"seat {seat} sees {leaked}"


@pytest.mark.parametrize("options", [{}, {"sinking": True}, {"younger_stand_pat": True, "packets": 3}])
def test_no_hidden_card_leaks_in_random_parties(options: dict) -> None:
    for seed in range(4):
        rng = random.Random(seed)
        s = PIQUET.new(2, f"views{seed}", options)
        step = 0
        while (seat := s.to_act()) is not None:
            if step % 3 == 0 or s.phase is not Phase.PLAY:
                check(s)
            legal = s.legal_actions(seat)
            s = s.apply(seat, legal[rng.randrange(len(legal))])
            step += 1
        check(s)
        assert s.view(None)["phase"] == "over"


def test_elder_sees_the_cards_he_left_only_while_they_stay_in_the_talon() -> None:
    s = PIQUET.new(2, 40)
    stock = s.stock
    s = act(s, "exchange:2", *[f"discard:{c.code}" for c in s.hands[s.elder][:2]])
    left = sorted(c.code for c in stock[2:5])
    assert sorted(s.view(s.elder)["talon_seen"]) == left
    assert s.view(s.dealer)["talon_seen"] == [] and s.view(None).get("talon_seen") is None
    check(s)
    s = act(s, "exchange:2", *[f"discard:{c.code}" for c in s.hands[s.dealer][:2]])
    assert sorted(s.view(s.elder)["talon_seen"]) == sorted(c.code for c in stock[4:5])
    check(s)


def test_declarations_shown_with_scores_and_score_lines() -> None:
    s = rig("AS KS QS JS 10S 10H 9H 8H 7H AD 7D AC", "KD QD JD 10D 9D KC QC JC 10C 9C KH QH")
    e = s.elder
    v = s.view(None)
    kinds = [d["kind"] for d in v["declarations"]]
    assert kinds == ["point", "sequence", "sets"]
    point, seq, sets = v["declarations"]
    assert point["winner"] == e and point["points"][e] == 5 and point["answer"] == "good"
    assert point["calls"][e] == {"cards": 5, "pips": 51}
    assert seq["points"][e] == 19 and sorted(seq["shown"]) == sorted(
        "AS KS QS JS 10S 10H 9H 8H 7H".split())
    assert sets["calls"][e] == {"count": 3, "rank": "A"} and sets["points"][e] == 3
    assert v["deal_points"][e] == 27 and v["deal_lines"]["sequence"][e] == 19
    assert v["scores"] == [0, 0] and v["last_deal"] is None


def test_last_deal_lines_and_history() -> None:
    rng = random.Random(2)
    s = PIQUET.new(2, 2)
    while s.deal_no == 0:
        seat = s.to_act()
        assert seat is not None
        legal = s.legal_actions(seat)
        s = s.apply(seat, legal[rng.randrange(len(legal))])
    v = s.view(1)
    last = v["last_deal"]
    assert last["deal_no"] == 0 and set(last["lines"]) == {"blanche", "point", "sequence", "sets",
                                                          "repique", "pique", "play", "cards"}
    assert [sum(last["lines"][k][seat] for k in last["lines"]) for seat in (0, 1)] == last["deltas"]
    assert last["scores"] == v["scores"] == last["deltas"]
    assert v["history"] == [{"deal_no": 0, "dealer": last["dealer"], "deltas": last["deltas"],
                             "scores": last["scores"]}]
    assert any(e["type"] == "deal_end" for e in v["events"])
    assert v["deal_no"] == 1 and v["dealer"] == 1 - last["dealer"]


def test_editing_a_view_never_edits_the_state() -> None:
    s = PIQUET.new(2, 9)
    while not s.history:
        s = s.apply(s.to_act(), s.legal_actions(s.to_act())[0])  # type: ignore[arg-type]
    before = json.dumps(s.view(0), sort_keys=True)
    v = s.view(0)
    v["last_deal"]["lines"]["play"][0] = 999
    v["events"][-1]["type"] = "edited"
    v["history"][0]["deltas"][0] = 999
    v["declarations"].clear()
    assert json.dumps(s.view(0), sort_keys=True) == before
