"""Nothing goes missing between the engine and Discord.

Whole matches of every game with Discord failing (500, 429, timeouts) at 25% on table edits,
channel posts, interaction responses and hand edits, on SQLite and PostgreSQL: every match ends,
each deal's recap and the results appear once, the table message ends in its final state, the
member to act is pinged, a live hand is redrawn, no accepted move is answered "try again". Then
single failures at the worst moments, a restart while Discord fails, the lobby at ``/table new``,
public deferrals, and hand actions on a public message.
"""

from __future__ import annotations

import logging
import random
from typing import Any

import pytest

import games
from bot.infra import images
from bot.ui import replay
from bot.ui.ids import build_id, parse_id
from tests.bot.drive import components, find, member_of, open_table
from tests.bot.faults import APOLOGY, Faults, expected_recaps, injected, play_match, said, settle

pytestmark = pytest.mark.backends  # SQLite and PostgreSQL (tests/conftest.py)

#: small matches of every game: (game, computers, options)
SMALL = {"toy": (1, "deals=2"), "piquet": (1, "deals=1"), "tarot": (2, "deals=1"), "tresillo": (2, "rounds=1"),
         "trio": (2, "contracts=1, max_rounds=2, stock_passes=1"),
         "ecole": (2, "contracts=1, max_rounds=2, stock_passes=1")}
FAST = (0.001, 0.002, 0.005)  # the presenter's pauses between tries: simulated time does not cover them


@pytest.fixture
def fast(world: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """Short pauses between tries; no images (the bot's text fallback, as when drawing fails):
    drawing is most of a match's time, and nothing here is about images."""

    async def no_image(*args: Any, **kwargs: Any) -> None:
        return None

    monkeypatch.setattr(images, "_draw", no_image)
    monkeypatch.setattr(replay, "sheet_png", lambda *args, **kwargs: None)
    world.bot.presenter.retry_delays = FAST
    return world


def errors(w: Any) -> list[BaseException]:
    """Errors that escaped the bot's handlers (discord.py's "Ignoring exception in ...")."""
    return list(w.env.errors)


@pytest.mark.parametrize("game", sorted(SMALL))
async def test_a_whole_match_with_discord_failing(fast: Any, game: str, caplog: pytest.LogCaptureFixture) -> None:
    w = fast
    assert game == "toy" or game in games.GAMES
    computers, options = SMALL[game]
    faults = Faults(random.Random(game), rate=0.25)
    caplog.set_level(logging.WARNING)
    w.bot.presenter.ping_after = 0.0  # every turn pinged, even one a console shows: the posts meet faults too
    with injected(faults):
        table, seen = await play_match(w, game, [w.alice], computers, options, faults, random.Random(game))
    assert sum(faults.injected.values()) >= 3, faults.injected  # (fewer requests per move to fail)
    # at least edits of two kinds: a match sends few posts, and which requests meet a fault
    # depends on how the presenter coalesced (seen: Le Trio's faults all on hand and table edits)
    assert len({route for route, _kind in faults.injected}) >= 2, faults.injected
    assert seen.over, "the match ended"
    assert set(seen.recaps) == expected_recaps(table) and all(n == 1 for n in seen.recaps.values()), seen.recaps
    assert seen.results == 1, "the results, once"
    assert seen.final_buttons == 0, "the table message shows the finished match"
    assert seen.unanswered_pings == 0, "every turn of a member was pinged or shown in their console"
    assert seen.stale_hands == 0, "a live hand shows the member's turn"
    assert seen.apologies_after_accept == 0, "no accepted move is answered 'try again'"
    assert not errors(w), errors(w)
    exposition = w.bot.metrics.exposition().decode()
    assert 'tapis_errors_total{kind="internal"} 0.0' in exposition
    assert 'tapis_errors_total{kind="discord_http"} 0.0' not in exposition
    assert 'tapis_discord_failures_total{kind="timeout"} 0.0' not in exposition, faults.injected
    tracebacks = [r for r in caplog.records if r.exc_info and "Discord" in r.getMessage()]
    assert not tracebacks, "Discord failing is one line, without a traceback"
    assert (await w.bot.records.parts_of(table.id)).keys() == {"done"}


@pytest.mark.parametrize(("game", "workers"), [("tarot", 0)])
async def test_a_match_with_pauses_the_table_hold_and_discord_failing(fast: Any, game: str, workers: int) -> None:
    """As in production: computers pause before each move, a card within a trick waits for the
    trick's end on the table message, clicks are answered by the redrawn hand, what
    Discord shows is recorded a moment late (:class:`bot.ui.shown.Recorder`); Discord fails at
    25 %. The match ends, recaps and results appear once, the table message shows the finished
    match, every accepted move is answered without "try again". ``workers``: the images drawn in
    worker processes, several asked at once down one worker's pipe (:class:`image_workers.DrawingPool`)."""
    from bot.infra import images

    if workers:
        images.use_processes(workers)
        images.TABLES.clear()
        images.HANDS.clear()
    try:
        await _match_with_pauses(fast, game)
    finally:
        images.use_processes(0)


@pytest.mark.sqlite_only  # what varies here is the game and the drawing pool, not the storage
@pytest.mark.parametrize(("game", "workers"), [("piquet", 0), ("tarot", 2)])
async def test_a_match_with_pauses_in_another_game_or_drawn_by_workers(fast: Any, game: str, workers: int) -> None:
    """The same match as above in Piquet, and in Tarot with its images drawn by two worker processes."""
    await test_a_match_with_pauses_the_table_hold_and_discord_failing(fast, game, workers)


async def _match_with_pauses(w: Any, game: str) -> None:
    from dataclasses import replace

    w.bot.settings = w.bot.service.settings = replace(w.bot.settings, computer_pause=0.01)
    w.bot.presenter.table_settle = 15.0
    recorder = w.bot.presenter.recorder
    recorder.after = 0.2  # edits' keys and console notices written a moment late (a real timer: it waits)
    late: list[int] = []
    flush = recorder.flush

    async def counted_flush() -> None:
        late.append(len(recorder.kept))
        await flush()

    recorder.flush = counted_flush  # type: ignore[method-assign]
    computers, options = SMALL[game]
    faults = Faults(random.Random(f"hold:{game}"), rate=0.25)
    with injected(faults):
        table, seen = await play_match(w, game, [w.alice], computers, options, faults, random.Random(game))
    assert sum(faults.injected.values()) >= 3, faults.injected
    assert seen.over and seen.results == 1 and seen.final_buttons == 0
    assert set(seen.recaps) == expected_recaps(table) and all(n == 1 for n in seen.recaps.values()), seen.recaps
    assert seen.apologies_after_accept == 0 and seen.unanswered_pings == 0
    assert not errors(w), errors(w)
    assert (await w.bot.records.parts_of(table.id)).keys() == {"done"}
    assert sum(late) > 0, "some records were written late"
    store = w.bot._connection._view_store  # clicks read from their custom_id: no View kept
    assert not store._dynamic_items and not store._views and not store._synced_message_views


async def play_until(w: Any, table: Any, stop: Any, rng: random.Random) -> None:
    """Members (alice, bob: live hands open) play from their hands until ``stop(table, action)``
    says the next move is the one to watch."""
    while True:
        await settle(w)
        seat = table.to_act()
        action = table.state.legal_actions(seat)[0]
        if stop(table, seat, action):
            return
        await play_from_hand(w, table, seat, action)


async def play_from_hand(w: Any, table: Any, seat: int, action: Any) -> Any:
    member = member_of(w, table, seat)
    hand = hand_of(w, table, member)
    res = await member.click(hand, custom_id=build_id(table.id, table.rev, str(action)))
    await settle(w)
    return res


def hand_of(w: Any, table: Any, member: Any) -> Any:
    console = w.bot.hands.consoles[table.id][table.seat_of(member.id)]
    return find(w.channel, console.message_id, viewer=member)


async def open_hands(w: Any, table: Any, msg: Any) -> None:
    for member in (w.alice, w.bob):
        await member.click(msg, label="My hand")


def ends(table: Any, seat: int, action: Any) -> bool:
    return table.state.apply(seat, action).to_act() is None


def passes_turn(table: Any, seat: int, action: Any) -> bool:
    after = table.state.apply(seat, action).to_act()
    return after is not None and after != seat


@pytest.mark.sqlite_only  # the presenter's logic: the storage is covered by the others
@pytest.mark.parametrize("route", ["table_edit", "channel_post", "hand_edit"])
async def test_one_failure_at_the_last_move(fast: Any, route: str) -> None:
    """The table edit, the results post or the hand edit fails once at the last move, then Discord
    recovers: the results are posted once, the table shows the end, the move is not apologised for."""
    w = fast
    table, msg = await open_table(w, "toy", [w.alice, w.bob], 0, options="deals=1")
    await open_hands(w, table, msg)
    await play_until(w, table, ends, random.Random(1))
    faults = Faults(random.Random(0))
    faults.once(route, "timeout" if route == "hand_edit" else "500")
    seat = table.to_act()
    with injected(faults):
        res = await play_from_hand(w, table, seat, table.state.legal_actions(seat)[0])
    assert faults.injected, "the failure happened"
    assert table.status == "over"
    assert not any(APOLOGY in s for s in said(res))
    results = [m for m in w.channel.history() if m.embeds and "final results" in (m.embeds[0].title or "")]
    assert len(results) == 1
    assert not components(find(w.channel, table.message_id)), "the table keeps no buttons"
    assert not errors(w)


@pytest.mark.sqlite_only  # the presenter's logic: the storage is covered by the others
@pytest.mark.parametrize("route", ["table_edit", "hand_edit"])
async def test_one_failure_at_a_turn_change(fast: Any, route: str) -> None:
    """The table edit (or the next member's hand edit) fails once when the turn passes: the next
    member's live hand shows their turn (they are pinged when it missed the turn)."""
    w = fast
    table, msg = await open_table(w, "toy", [w.alice, w.bob], 0, options="deals=2")
    await open_hands(w, table, msg)
    await play_until(w, table, passes_turn, random.Random(2))
    seat = table.to_act()
    faults = Faults(random.Random(0))
    faults.once(route, "429")
    with injected(faults):
        if route == "hand_edit":  # the player's own redraw goes first: fail the other one's
            faults.queued.clear()
            w.bot.hands.consoles[table.id][1 - seat].shown = "stale"  # the next member's console
            faults.once(route, "429")
            faults.once(route, "429")
        await play_from_hand(w, table, seat, table.state.legal_actions(seat)[0])
    assert faults.injected
    nxt = member_of(w, table, table.to_act())
    pinged = any(f"<@{nxt.id}>" in (m.content or "") for m in w.channel.history())
    hand = hand_of(w, table, nxt)
    assert {parse_id(c["custom_id"]).rev for c in components(hand)} == {table.rev}, "their hand shows their turn"
    # a member whose live console took the turn is not pinged at once; one whose console missed it is
    assert pinged or w.bot.hands.shows(table, table.to_act()), "the next member is told it is their turn"
    assert not errors(w)


async def test_results_missed_before_a_restart_are_posted_after_it(fast: Any, make_bot: Any) -> None:
    """Channel posts fail until the process stops, right after the last move: the restarted bot
    posts the results (and any recap), once."""
    w = fast
    table, msg = await open_table(w, "toy", [w.alice, w.bob], 0, options="deals=1")
    await open_hands(w, table, msg)
    await play_until(w, table, ends, random.Random(3))
    faults = Faults(random.Random(0), rate=1.0, routes=("channel_post",), kinds=("500",))
    w.bot.presenter.retry_delays = (3600.0,)  # Discord down for good: it waits
    seat = table.to_act()
    with injected(faults):
        await member_of(w, table, seat).click(hand_of(w, table, member_of(w, table, seat)),
                                              custom_id=build_id(table.id, table.rev,
                                                                 str(table.state.legal_actions(seat)[0])))
        assert table.status == "over"
        await w.env.settle()
    titles = [m.embeds[0].title for m in w.channel.history() if m.embeds]
    assert not any("final results" in (t or "") for t in titles)
    for entry in w.bot.presenter.shown.values():
        if entry.task is not None:
            entry.task.cancel()
    bot = await make_bot()
    bot.presenter.retry_delays = FAST
    await w.env.restart_bot(bot)
    await settle(w)
    titles = [m.embeds[0].title or "" for m in w.channel.history() if m.embeds]
    assert sum("final results" in t for t in titles) == 1
    assert all(titles.count(recap) == 1 for recap in expected_recaps(table))
    await w.env.restart_bot(await make_bot())
    await settle(w)
    titles = [m.embeds[0].title or "" for m in w.channel.history() if m.embeds]
    assert sum("final results" in t for t in titles) == 1, "and never again"


@pytest.mark.sqlite_only  # the presenter's logic: the storage is covered by the others
async def test_lobby_post_failing_at_table_new(fast: Any) -> None:
    w = fast
    faults = Faults(random.Random(0))
    faults.once("channel_post", "timeout")
    with injected(faults):
        res = await w.alice.slash(w.channel, "table new", game="toy")
    assert "opened" in said(res)[-1]
    table = w.bot.service.registry.at(w.channel.id)
    assert table is not None and find(w.channel, table.message_id) is not None, "the lobby is posted"
    await w.bot.service.cancel(table.id, w.alice.id)
    await settle(w)
    faults = Faults(random.Random(0), rate=1.0, routes=("channel_post",), kinds=("500",))
    with injected(faults):
        res = await w.bob.slash(w.channel, "table new", game="toy")
    assert "was not opened" in said(res)[-1]
    assert w.bot.service.registry.at(w.channel.id) is None, "the channel is free"
    res = await w.bob.slash(w.channel, "table new", game="toy")
    assert "opened" in said(res)[-1]


@pytest.mark.sqlite_only  # the presenter's logic: the storage is covered by the others
async def test_a_public_deferral_fails_in_its_own_response(fast: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """/leaderboard defers publicly: a failure edits that response; nothing else is posted."""
    w = fast

    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("the database is gone")

    monkeypatch.setattr(w.bot.db, "top", broken)
    res = await w.alice.slash(w.channel, "leaderboard", game="toy")
    assert not res.followups, "no follow-up (it would be public whatever its flag)"
    assert APOLOGY in find(w.channel, res.response.id).content
    assert len(w.bot.unexpected) == 1
    w.bot.unexpected.clear()


@pytest.mark.sqlite_only  # the presenter's logic: the storage is covered by the others
async def test_hand_actions_only_on_the_members_own_private_message(fast: Any) -> None:
    w = fast
    table, msg = await open_table(w, "toy", [w.alice, w.bob], 0)
    seat = table.to_act()
    member = member_of(w, table, seat)
    action = str(table.state.legal_actions(seat)[0])
    stored = w.env.backend.get_message(w.channel.id, msg.id)
    before = stored.embeds
    stored.components = [{"type": 1, "components": [
        {"type": 2, "style": 1, "label": "play", "custom_id": build_id(table.id, table.rev, action)}]}]
    rev = table.rev
    res = await member.click(find(w.channel, msg.id), custom_id=build_id(table.id, table.rev, action))
    assert res.ephemeral and "not your hand" in said(res)[-1]
    assert table.rev == rev, "nothing played"
    assert w.env.backend.get_message(w.channel.id, msg.id).embeds == before, "the public message is untouched"


@pytest.mark.sqlite_only  # the same parts as the test above, rebuilt for an older deal
async def test_recaps_of_deals_played_while_posts_failed_come_in_order(fast: Any, make_bot: Any) -> None:
    """Channel posts fail for a whole two-deal Piquet match (the bot restarted at the end): the first
    deal's recap is rebuilt from the log (the table has moved on), then the second's, then the
    results, once each."""
    w = fast
    table, msg = await open_table(w, "piquet", [w.alice], 1, options="deals=2")
    faults = Faults(random.Random(0), rate=1.0, routes=("channel_post",), kinds=("timeout",))
    w.bot.presenter.retry_delays = (3600.0,)
    with injected(faults):
        while table.status == "playing":
            await w.env.settle()
            seat = table.to_act()
            await w.alice.slash(w.channel, "play", action=str(table.state.legal_actions(seat)[0]))
    for entry in w.bot.presenter.shown.values():
        if entry.task is not None:
            entry.task.cancel()
    titles = [m.embeds[0].title or "" for m in w.channel.history() if m.embeds]
    assert not any(t.startswith("Deal ") or "final results" in t for t in titles)
    bot = await make_bot()
    bot.presenter.retry_delays = FAST
    await w.env.restart_bot(bot)
    await settle(w)
    posted = [m.embeds[0].title or "" for m in w.channel.history() if m.embeds and m.id > msg.id]
    posted = [t for t in posted if t.startswith("Deal ") or "final results" in t]
    host = next(s.name for s in table.seats if s.user_id == table.host_id)
    assert posted == ["Deal 1 is over.", "Deal 2 is over.", f"Piquet: final results, {host}'s table (table {table.id})"]
