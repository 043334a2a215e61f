"""Issue 19: an opening turn of Le Trio by clicks on the private hand, counted. The cards of each
combination are picked in one menu, so the turn takes about half the clicks of one per step."""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import pytest

import games
from bot.ids import build_id, parse_id
from games.base import Action
from games.errors import GameError
from games.trio.melds import is_wild
from tests.bot.drive import components, find, open_table


def _turn_plan(state: Any, seat: int, thinker: Any, rng: random.Random) -> list[Action]:
    """The computer player's steps for ``seat``'s whole turn, played on copies."""
    steps = []
    while state.to_act() == seat and (not steps or steps[-1].kind != "discard"):
        a = thinker.choose(state.view(seat), state.legal_actions(seat), rng)
        steps.append(a)
        state = state.apply(seat, a)
    return steps


def _clean_opening(state: Any, seat: int, plan: list[Action]) -> bool:
    """The plan opens from a hand holding no wild and no card twice (then every combination's
    cards fit in one menu)."""
    if not any(a.kind == "meld" for a in plan):
        return False
    after = state.apply(seat, plan[0])
    hand = after.hands[seat]
    return not any(is_wild(c) for c in hand) and len(set(hand)) == len(hand)


async def _click_once(w: Any, hand: Any, table: Any, seat: int, thinker: Any, rng: random.Random) -> None:
    """One click (or one menu submission) on the hand: a menu of picks gets cards that the engine
    accepts together; otherwise the computer player's choice."""
    items = components(hand)
    state = table.state
    legal = state.legal_actions(seat)
    picks = [c for c in items if c["type"] == 3 and parse_id(c["custom_id"]).action == "~m"]
    if picks:
        menu = picks[0]
        n = menu["min_values"]
        for values in combinations([o["value"] for o in menu["options"]], n):
            probe = state
            try:
                for i in sorted(int(v) for v in values):
                    probe = probe.apply(seat, legal[i])
            except GameError:
                continue
            await w.alice.select(hand, list(values), custom_id=menu["custom_id"])
            return
        raise AssertionError("no pick of the menu is accepted")
    choice = thinker.choose(state.view(seat), legal, rng)
    for c in items:
        parsed = parse_id(c["custom_id"])
        if c["type"] == 2 and parsed.action == str(choice):
            await w.alice.click(hand, custom_id=c["custom_id"])
            return
    menu = next(c for c in items if c["type"] == 3)
    await w.alice.select(hand, [str(legal.index(choice))], custom_id=menu["custom_id"])


# A table seed whose first turn is seat 0's (the host's) and where the computer player opens at
# once with two brelans, holding no wild and no card twice (found by searching seeds with the engine).
SEED = "10d"


async def test_an_opening_turn_takes_half_the_clicks(world: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import bot.tables

    monkeypatch.setattr(bot.tables.secrets, "token_hex", lambda n=8: SEED)
    w = world
    game = games.GAMES["trio"]
    table, table_msg = await open_table(w, "trio", [w.alice], 2)
    seat = next(s for s, info in enumerate(table.seats) if not info.computer)
    assert table.seed == SEED and table.to_act() == seat == 0
    thinker = game.computer_player()
    plan = _turn_plan(table.state, seat, thinker, random.Random(1))
    assert _clean_opening(table.state, seat, plan)
    res = await w.alice.click(table_msg, custom_id=build_id(table.id, 0, "~h"))
    hand = find(w.channel, res.response.id, viewer=w.alice)
    rng = random.Random(1)
    start, clicks = len(table.state.log), 0
    while not any(x.startswith("discard:") for x in table.state.log[start:]):
        before = table.rev
        await _click_once(w, hand, table, seat, thinker, rng)
        clicks += 1
        assert table.rev > before, "every click plays"
        hand = find(w.channel, hand.id, viewer=w.alice)
        assert clicks <= 12, table.state.log[-14:]
    assert table.state.log[start:start + len(plan)][-1].startswith("discard:")
    assert table.state.opened[seat] and table.state.contract[seat] == 1
    parts = sum(a.kind == "meld" for a in plan)
    # one click per step before: draw, each kind, each card, discard (10 steps for two brelans);
    # now the draw, then per combination its kind and one menu of its cards, then the discard
    assert len(plan) == 10 and parts == 2
    assert clicks == 2 + 2 * parts == 6
    # her next turn: the hand says why "Take the discard" is gone
    assert table.to_act() == seat and table.state.phase == "draw" and table.state.pile
    res = await w.alice.click(table_msg, custom_id=build_id(table.id, 0, "~h"))
    hand = find(w.channel, res.response.id, viewer=w.alice)
    assert "you may take the discard only if it lets you go out" in hand.embeds[0].description
    labels = [c.get("label") for c in components(hand)]
    assert "Draw from the stock" in labels and "Take the discard" not in labels
