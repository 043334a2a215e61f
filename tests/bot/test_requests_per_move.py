"""Fewer Discord requests per move: a click is answered by the redrawn hand itself, and
the public table message waits for the trick's end while the consoles carry each card."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import discord
import pytest
from simcord.http import router

from bot.ui import answers
from bot.ui.ids import build_id
from tests.bot.drive import components, find, open_table


@contextmanager
def requests() -> Iterator[Counter[str]]:
    """Every request the bot makes in the block, as ``"METHOD kind"`` (kind: callback, token edit,
    channel edit, channel post...)."""
    seen: Counter[str] = Counter()
    original = router._check_faults

    def check(backend: Any, method: str, path: str) -> None:
        original(backend, method, path)
        words = path.strip("/").split("/")
        kind = ("callback" if words[0] == "interactions" else "token" if words[0] == "webhooks"
                else "channel message" if words[0] == "channels" else words[0])
        seen[f"{method} {kind}"] += 1

    router._check_faults = check
    try:
        yield seen
    finally:
        router._check_faults = original


async def open_consoles(w: Any, table: Any, msg: Any, members: list[Any]) -> dict[int, int]:
    """Each member clicks "My hand": their console's message id by member id."""
    return {m.id: (await m.click(msg, label="My hand")).response.id for m in members}


def member_to_act(w: Any, table: Any) -> Any:
    return next(m for m in w.members if table.seats[table.to_act()].user_id == m.id)


async def click_first(w: Any, table: Any, hands: dict[int, int]) -> Any:
    """The member to act clicks their console's first legal action (a button, not a menu)."""
    member = member_to_act(w, table)
    action = table.state.legal_actions(table.to_act())[0]
    hand = find(w.channel, hands[member.id], viewer=member)
    return await member.click(hand, custom_id=build_id(table.id, table.rev, str(action)))


async def test_a_click_is_answered_by_the_redrawn_hand_alone(world: Any) -> None:
    """One request answers a move: the interaction's response carries the new hand (no deferral,
    no edit through the token for that click)."""
    w = world
    table, msg = await open_table(w, "toy", [w.alice, w.bob], 0)
    hands = await open_consoles(w, table, msg, [w.alice, w.bob])
    for _ in range(4):
        mover = member_to_act(w, table)
        rev = table.rev
        with requests() as seen:
            await click_first(w, table, hands)
            await w.bot.presenter.drain()
        assert table.rev == rev + 1
        assert seen["POST callback"] == 1, seen
        hand = find(w.channel, hands[mover.id], viewer=mover)
        if table.status == "playing" and member_to_act(w, table) is not mover:
            assert not components(hand), "the answer is the hand after the move"
            # the other console shows its turn: one token edit, and it is not the mover's
            assert seen["PATCH token"] == 1, seen
            other = member_to_act(w, table)
            assert components(find(w.channel, hands[other.id], viewer=other))


async def test_the_bot_is_sent_no_message_events(world: Any) -> None:
    """The bot declares the guilds intent alone: its own table and console edits, a
    member's message, its edit, a reaction and typing in the table's channel reach it as no gateway
    event (with the default intents, each was parsed, its own edits at about 0.24 ms each), and
    the table still plays and shows every move."""
    w = world
    assert w.bot.intents == discord.Intents(guilds=True)
    parsers = w.bot._connection.parsers
    parsed: Counter[str] = Counter()
    watched = ("MESSAGE_CREATE", "MESSAGE_UPDATE", "MESSAGE_DELETE", "MESSAGE_REACTION_ADD", "TYPING_START")
    for name in watched:
        def counted(data: Any, _real: Any = parsers[name], _name: str = name) -> Any:
            parsed[_name] += 1
            return _real(data)

        parsers[name] = counted
    table, msg = await open_table(w, "toy", [w.alice, w.bob], 0)
    hands = await open_consoles(w, table, msg, [w.alice, w.bob])
    for _ in range(3):
        rev = table.rev
        await click_first(w, table, hands)
        await w.bot.presenter.drain()
        assert table.rev == rev + 1
    said = await w.carol.send(w.channel, "bien joué")
    await w.carol.edit(said, "bien joué !")
    await w.carol.react(said, "👍")
    await w.carol.typing(w.channel)
    await w.carol.delete(said)
    assert not parsed, parsed


async def test_a_slow_click_is_deferred_then_edited(world: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past :data:`answers.DEFER_AFTER` the click is deferred (Discord's 3 s), then the hand is
    edited through the token: the move is made once, the hand shows it."""
    w = world
    table, msg = await open_table(w, "toy", [w.alice, w.bob], 0)
    hands = await open_consoles(w, table, msg, [w.alice, w.bob])
    monkeypatch.setattr(answers, "DEFER_AFTER", 0.0)
    act = w.bot.service.act

    async def slow_act(*args: Any, **kw: Any) -> Any:
        import asyncio

        await asyncio.sleep(0.01)  # the deferral goes first
        return await act(*args, **kw)

    monkeypatch.setattr(w.bot.service, "act", slow_act)
    mover, rev = member_to_act(w, table), table.rev
    with requests() as seen:
        await click_first(w, table, hands)
        await w.bot.presenter.drain()
    assert table.rev == rev + 1, "the move is made once"
    assert seen["POST callback"] == 1 and seen["PATCH token"] >= 1, seen
    assert not components(find(w.channel, hands[mover.id], viewer=mover)), "the hand shows the move"


async def play_to_a_lead(w: Any, table: Any, hands: dict[int, int], rng: random.Random) -> None:
    """Moves from the consoles until the next move leads a trick in Piquet's play."""
    while not (table.state.view(None)["phase"] == "play" and not table.state.view(None)["trick"]):
        member = member_to_act(w, table)
        legal = table.state.legal_actions(table.to_act())
        await w.bot.service.act(table.id, member.id, [rng.choice(legal)], table.rev)
        await w.bot.presenter.drain()


async def test_the_table_message_waits_for_the_tricks_end(world: Any) -> None:
    """Piquet between two members with their consoles open: a card led within a trick leaves the
    public message as it was (the follower's console shows it); the trick's end edits it at once; a
    card left alone :attr:`Presenter.table_settle` seconds is shown then (``TABLE_REFRESH=0``: each
    trick's end shown)."""
    w = world
    table, msg = await open_table(w, "piquet", [w.alice, w.bob], 0)
    hands = await open_consoles(w, table, msg, [w.alice, w.bob])
    w.bot.presenter.table_settle = 15.0  # as in production (tests run without pauses)
    w.bot.presenter.table_refresh = 0.0
    await play_to_a_lead(w, table, hands, random.Random(5))

    def shown() -> str:
        return str(find(w.channel, table.message_id).embeds[0].to_dict())

    before = shown()
    with requests() as seen:
        await click_first(w, table, hands)  # the lead
        await w.bot.presenter.drain()
    assert table.state.view(None)["trick"], "a card led"
    assert seen["PATCH channel message"] == 0 and shown() == before, "the lead waits for the trick's end"
    follower = member_to_act(w, table)
    assert components(find(w.channel, hands[follower.id], viewer=follower)), "the follower's console shows it"
    with requests() as seen:
        while table.state.view(None)["trick"]:  # (the younger hand may look at the talon first)
            await click_first(w, table, hands)
            await w.bot.presenter.drain()
    assert seen["PATCH channel message"] == 1 and shown() != before, "the trick's end is shown at once"
    after_trick = shown()
    with requests() as seen:
        await click_first(w, table, hands)  # the next lead, then nothing for a while
        await w.bot.presenter.drain()
        assert table.state.view(None)["trick"] and shown() == after_trick
        await w.env.advance_time(16)
        await w.bot.presenter.drain()
    assert seen["PATCH channel message"] == 1 and shown() != after_trick, "shown after 15 still seconds"


async def test_tricks_of_one_play_are_gathered_in_one_edit(world: Any) -> None:
    """With :attr:`Presenter.table_refresh` on, as in production, the tricks of one play wait for
    the message to be that many seconds old (the consoles show each trick): several tricks, one
    edit; a table still for :attr:`Presenter.table_settle` seconds is shown then."""
    w = world
    table, msg = await open_table(w, "piquet", [w.alice, w.bob], 0)
    hands = await open_consoles(w, table, msg, [w.alice, w.bob])
    w.bot.presenter.table_settle, w.bot.presenter.table_refresh = 15.0, 60.0
    await play_to_a_lead(w, table, hands, random.Random(5))
    await w.env.advance_time(16)  # what the lead left is shown: the message is new
    await w.bot.presenter.drain()

    def shown() -> str:
        return str(find(w.channel, table.message_id).embeds[0].to_dict())

    def tricks() -> int:
        return sum(table.state.view(None).get("tricks_won") or [0])  # type: ignore[no-any-return]

    before, taken = shown(), tricks()
    with requests() as seen:
        while tricks() < taken + 2:  # two whole tricks, each move within seconds of the last
            await click_first(w, table, hands)
            await w.bot.presenter.drain()
            await w.env.advance_time(2)
            await w.bot.presenter.drain()
    assert table.state.view(None)["phase"] == "play"
    assert seen["PATCH channel message"] == 0 and shown() == before, "two tricks' ends wait"
    with requests() as seen:
        await w.env.advance_time(16)
        await w.bot.presenter.drain()
    assert seen["PATCH channel message"] == 1 and shown() != before, "one edit once the table is still"


async def test_a_member_without_a_console_sees_the_card_at_once(world: Any) -> None:
    """When the member to act follows the public table (no console), each card is shown at once."""
    w = world
    table, msg = await open_table(w, "piquet", [w.alice, w.bob], 0)
    hands = await open_consoles(w, table, msg, [w.alice, w.bob])
    w.bot.presenter.table_settle = 15.0
    await play_to_a_lead(w, table, hands, random.Random(6))
    leader = member_to_act(w, table)
    follower = w.bob if leader is w.alice else w.alice
    w.bot.hands.consoles[table.id].pop(table.seat_of(follower.id))  # the follower never opened one
    with requests() as seen:
        await click_first(w, table, hands)
        await w.bot.presenter.drain()
    assert seen["PATCH channel message"] == 1, seen


def test_table_settle_is_read_from_the_environment() -> None:
    from bot.service.settings import Settings, SettingsError

    assert Settings.from_env({}, dotenv=False).table_settle == 15.0
    assert Settings.from_env({"TABLE_SETTLE": "0"}, dotenv=False).table_settle == 0.0
    assert Settings.from_env({}, dotenv=False).table_refresh == 60.0
    assert Settings.from_env({"TABLE_REFRESH": "0"}, dotenv=False).table_refresh == 0.0
    with pytest.raises(SettingsError, match="TABLE_REFRESH"):
        Settings.from_env({"TABLE_REFRESH": "later"}, dotenv=False)
    with pytest.raises(SettingsError, match="TABLE_SETTLE"):
        Settings.from_env({"TABLE_SETTLE": "soon"}, dotenv=False)


def test_a_trick_taken_by_its_leader_is_a_new_moment() -> None:
    """A trick won by the seat that led it leaves the trick empty and that seat to lead, as before
    its first card: the last trick tells them apart (the table message shows the trick's end)."""
    from bot.ui.parts import Beat, only_play_within

    before = Beat(("playing", (), 0, "play", "[[0, 'AS'], [1, '7S']]"), 0, ())
    led = Beat(("playing", (), 0, "play", "[[0, 'AS'], [1, '7S']]"), 1, ("[0, 'KS']",))
    taken = Beat(("playing", (), 0, "play", "[[0, 'KS'], [1, '8S']]"), 0, ())
    assert only_play_within(before, led), "a card led: within the trick"
    assert not only_play_within(led, taken) and not only_play_within(before, taken), "the trick's end"


async def test_discord_py_keeps_no_view_of_a_tapis_message(world: Any) -> None:
    """A click is read from its custom_id: discord.py stores no View and no dynamic item
    of the lobby, the table or the consoles, rebuilds none per click, and the clicks still play."""
    from discord.ui import View

    w = world
    table, msg = await open_table(w, "toy", [w.alice, w.bob], 0)
    hands = await open_consoles(w, table, msg, [w.alice, w.bob])
    rebuilt = 0
    real = View.from_message.__func__  # type: ignore[attr-defined]

    def counted(cls: Any, message: Any, /, **kw: Any) -> Any:
        nonlocal rebuilt
        rebuilt += 1
        return real(cls, message, **kw)

    View.from_message = classmethod(counted)  # type: ignore[assignment,method-assign]
    try:
        rev = table.rev
        for _ in range(3):
            await click_first(w, table, hands)
            await w.bot.presenter.drain()
    finally:
        View.from_message = classmethod(real)  # type: ignore[assignment,method-assign]
    assert table.rev == rev + 3, "every click played"
    store = w.bot._connection._view_store
    assert not store._dynamic_items and not store._views and not store._synced_message_views
    assert rebuilt == 0
