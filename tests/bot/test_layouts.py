"""Hand layouts through simcord: multi-pick select, one menu, step-by-step groups, buttons."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import games
from tests.bot.drive import components, find, open_table, text, tree
from tests.bot.widegame import WIDE


@pytest.fixture(autouse=True)
def wide() -> Iterator[Any]:
    games.GAMES["wide"] = WIDE
    try:
        yield WIDE
    finally:
        games.GAMES.pop("wide", None)


async def hand_of(w: Any, member: Any, msg: Any) -> Any:
    res = await member.click(msg, label="My hand")
    return find(w.channel, res.response.id, viewer=member)


async def test_every_layout(world: Any) -> None:
    w = world
    table, msg = await open_table(w, "wide", [w.alice, w.bob], 0)
    players = {0: next(m for m in (w.alice, w.bob) if m.id == table.seats[0].user_id),
               1: next(m for m in (w.alice, w.bob) if m.id == table.seats[1].user_id)}
    for stage in range(4):
        for seat in (0, 1):
            member = players[seat]
            assert table.to_act() == seat
            hand = await hand_of(w, member, msg)
            items = components(hand)
            rev = table.rev
            if stage == 0:  # three picks at once, applied in order, atomically
                (menu,) = items
                assert menu["type"] == 3 and menu["min_values"] == menu["max_values"] == 3
                assert len(menu["options"]) == 8
                await member.select(hand, [menu["options"][i]["value"] for i in (5, 0, 7)],
                                    custom_id=menu["custom_id"])
                assert table.rev == rev + 3 and table.state.log[-3:] == ["drop:5", "drop:0", "drop:7"]
            elif stage == 1:  # 22 choices: one menu
                (menu,) = items
                assert menu["type"] == 3 and len(menu["options"]) == 22 and menu["max_values"] == 1
                await member.select(hand, [menu["options"][21]["value"]], custom_id=menu["custom_id"])
                assert table.state.log[-1] == "take:21"
            elif stage == 2:  # 40 choices: groups first, then the group's actions
                assert all(c["type"] == 2 for c in items) and [c["label"] for c in items] == \
                    ["0-9", "10-19", "20-29", "30-39"]
                await member.click(hand, label="30-39")
                hand = find(w.channel, hand.id, viewer=member)
                labels = [c.get("label") for c in components(hand)]
                assert "Take 35" in labels and "Take 5" not in labels and "Back" in labels
                await member.click(hand, label="Back")
                hand = find(w.channel, hand.id, viewer=member)
                assert len(components(hand)) == 4
                await member.click(hand, label="10-19")
                hand = find(w.channel, hand.id, viewer=member)
                await member.click(hand, label="Take 12")
                assert table.state.log[-1] == "take:12"
            else:  # 4 choices: buttons
                assert [c["label"] for c in items] == ["Take 0", "Take 1", "Take 2", "Take 3"]
                await member.click(hand, label="Take 3")
    assert table.status == "over"
    assert not w.bot.unexpected


async def test_multi_pick_with_a_wrong_value_changes_nothing(world: Any) -> None:
    w = world
    table, msg = await open_table(w, "wide", [w.alice, w.bob], 0)
    member = next(m for m in (w.alice, w.bob) if m.id == table.seats[0].user_id)
    hand = await hand_of(w, member, msg)
    (menu,) = components(hand)
    stored = w.env.backend.get_message(w.channel.id, hand.id)
    next(c for c in tree(stored.components) if c["type"] == 3)["options"][0]["value"] = "99"
    res = await member.select(hand, ["99", menu["options"][1]["value"], menu["options"][2]["value"]],
                              custom_id=menu["custom_id"])
    assert not res.followups, "the refusal is shown in the hand message itself"
    shown = find(w.channel, hand.id, viewer=member)
    assert "not available" in text(shown)
    assert table.rev == 0
