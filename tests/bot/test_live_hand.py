"""The live hand: one private message per player, opened once, is their console for the
whole deal; it shows the legal actions at each of their turns and nothing posts a new message."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.ui.presenter import PING_AFTER
from tests.bot.drive import act_on_hand, components, find, open_table, text


def private_messages(w: Any, member: Any) -> list[Any]:
    return [m for m in w.channel.history(viewer=member) if m.flags.ephemeral]



async def play_deal_from_one_hand(w: Any, game: str, computers: int, options: str) -> tuple[Any, int, int]:
    """Alice plays one deal clicking only in the hand message she opened at the start.

    Returns ``(table, her clicks, her moves)``."""
    table, table_msg = await open_table(w, game, [w.alice], computers, options=options)
    seat = next(i for i, s in enumerate(table.seats) if s.user_id == w.alice.id)
    res = await w.alice.click(table_msg, label="My hand")
    hand_id = res.response.id
    clicks, moves = 1, 0
    rng = random.Random(game)
    while table.status == "playing" and not table.state.view(None).get("last_deal"):
        hand = find(w.channel, hand_id, viewer=w.alice)
        mine = table.to_act() == seat
        assert mine, "computer players play by themselves until it is her turn"
        assert components(hand), f"her turn (rev {table.rev}) and her hand shows no legal action"
        rev = table.rev
        before = len(private_messages(w, w.alice))
        steps = 0
        while table.rev == rev:
            await act_on_hand(w.alice, w.channel, find(w.channel, hand_id, viewer=w.alice), rng)
            steps += 1
            assert steps < 4
        clicks += steps
        moves += 1
        after = private_messages(w, w.alice)
        assert len(after) == before, "the one hand message is edited, never a new private message"
        hand = find(w.channel, hand_id, viewer=w.alice)
        if table.status == "playing" and table.to_act() != seat:
            assert not components(hand), "between her turns the hand shows no controls"
            assert "Not your turn" in text(hand)
    return table, clicks, moves


@pytest.mark.parametrize(("game", "computers", "options"), [("tarot", 3, "deals=1"), ("piquet", 1, "")])
async def test_a_whole_deal_from_one_hand_message(world: Any, game: str, computers: int, options: str) -> None:
    table, clicks, moves = await play_deal_from_one_hand(world, game, computers, options)
    assert table.state.view(None).get("last_deal") or table.status == "over", "the deal was played out"
    assert moves >= 5
    if game == "tarot":
        assert clicks == moves + 1, "one click per move, plus the one that opened the hand"


async def test_hand_message_is_edited_when_the_turn_comes_back(world: Any) -> None:
    w = world
    table, msg = await open_table(w, "toy", [w.alice, w.bob], 0)
    hands = {}
    for member in (w.alice, w.bob):
        res = await member.click(msg, label="My hand")
        hands[member.id] = res.response.id
    for _ in range(6):
        actor = next(m for m in (w.alice, w.bob) if table.seats[table.to_act()].user_id == m.id)
        other = w.bob if actor is w.alice else w.alice
        assert components(find(w.channel, hands[actor.id], viewer=actor))
        assert not components(find(w.channel, hands[other.id], viewer=other))
        await act_on_hand(actor, w.channel, find(w.channel, hands[actor.id], viewer=actor), random.Random(3))
        if table.status != "playing":
            break
    assert [m.id for m in private_messages(w, w.bob)] == [hands[w.bob.id]], "one private message each"


async def test_an_expired_token_asks_for_my_hand(world: Any) -> None:
    """Past 14 minutes the bot no longer edits the message: the turn ping asks for "My hand"."""
    w = world
    table, msg = await open_table(w, "toy", [w.alice, w.bob], 0, options="deals=3")

    def member_to_act() -> Any:
        return next(m for m in (w.alice, w.bob) if table.seats[table.to_act()].user_id == m.id)

    waiter = w.bob if member_to_act() is w.alice else w.alice
    res = await waiter.click(msg, label="My hand")
    waiting = res.response.id
    assert not components(find(w.channel, waiting, viewer=waiter))
    await w.env.advance_time(14 * 60 + 5)
    other_hand = 0
    while member_to_act() is not waiter:
        other = member_to_act()
        if not other_hand:
            other_hand = (await other.click(msg, label="My hand")).response.id
        await act_on_hand(other, w.channel, find(w.channel, other_hand, viewer=other), random.Random(1))
    assert not components(find(w.channel, waiting, viewer=waiter)), "an expired token edits nothing"
    pings = [m for m in w.channel.history() if "your turn" in m.content]
    assert f"<@{waiter.id}>" in pings[-1].content and "click My hand" in pings[-1].content
    res = await waiter.click(msg, label="My hand")
    assert components(find(w.channel, res.response.id, viewer=waiter)), "a new hand shows the turn"
    while member_to_act() is waiter:
        await act_on_hand(waiter, w.channel, find(w.channel, res.response.id, viewer=waiter), random.Random(2))
    assert components(find(w.channel, other_hand, viewer=other)), "a live console shows the turn"
    pings = [m for m in w.channel.history() if "your turn" in m.content]
    assert not pings, "a member whose console shows the turn is not pinged at once; the last ping went"
    await w.env.advance_time(PING_AFTER + 1)
    pings = [m for m in w.channel.history() if "your turn" in m.content]
    assert f"<@{other.id}>" in pings[-1].content and "up to date" in pings[-1].content, "pinged once idle"


async def test_a_kicked_member_no_longer_sees_the_seat(world: Any) -> None:
    w = world
    table, msg = await open_table(w, "toy", [w.alice, w.bob], 1, options="deals=3")
    res = await w.bob.click(msg, label="My hand")
    hand_id = res.response.id
    assert "your hand" in text(find(w.channel, hand_id, viewer=w.bob)), "bob sees his hand"
    await w.alice.slash(w.channel, "table kick", member=w.bob)
    assert table.seats[1].computer
    kicked = find(w.channel, hand_id, viewer=w.bob)
    assert not components(kicked) and "no longer hold" in text(kicked) and "your hand" not in text(kicked)
    assert table.seats[table.to_act()].user_id == w.alice.id, "the computers played up to alice's turn"
    await act_on_hand(w.alice, w.channel, find(w.channel, (await w.alice.click(msg, label="My hand")).response.id,
                                                viewer=w.alice), random.Random(4))
    assert "your hand" not in text(find(w.channel, hand_id, viewer=w.bob)), "the computer's hand never reaches bob"
