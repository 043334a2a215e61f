"""Club nights that never stall, under simcord: Discord failing a quarter of the requests a night
makes (its tables' threads, the posts and pings, the table edits), or one request at each step;
every member of a table replaced; the organiser gone from the server; the bot not allowed to make
threads; a thread whose answer was lost. Every night ends with the right standings, each table and
thread once, each post once, with no restart (docs/rules/club.md, « Club nights »)."""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace
from typing import Any

import discord
import pytest

from benchmarks.event import play_for_humans
from bot.service.settings import Settings
from tests.bot.faults import Faults, failure, injected, route_of

FAST = (0.001, 0.002, 0.005)


@pytest.fixture
def pause() -> float:
    return 0.0


@pytest.fixture
def settings(settings: Settings, pause: float) -> Settings:
    """The computers wait ``pause`` seconds before each decision (0: the other tests' default)."""
    return replace(settings, computer_pause=pause)


def busy(w: Any) -> bool:
    bot = w.bot
    return bool(bot.events.rounds.tasks) or any(p.task is not None and not p.task.done() for p in bot.board.posts.values()) \
        or any(s.task is not None and not s.task.done() for s in bot.presenter.shown.values())


async def settle(w: Any) -> None:
    """Everything the bot had to do, done (its retries too)."""
    for _ in range(200):
        await w.bot.service.computers.idle()
        await w.bot.events.idle()
        await w.env.settle()
        await w.bot.board.drain()
        await w.bot.presenter.drain()
        await w.env.settle()
        if not busy(w):
            return
    raise AssertionError("the bot never settled")


def posted(w: Any, text: str) -> int:
    return sum(text in (m.content or "") for m in w.channel.history())


def fast(w: Any) -> None:
    w.bot.board.retry_delays = FAST
    w.bot.presenter.retry_delays = FAST
    w.bot.events.rounds.retry_delays = FAST


async def new_night(w: Any, members: list[Any], *, rounds: int = 3, name: str = "Jeudi") -> Any:
    await w.alice.slash(w.channel, "event new", game="tarot", name=name, rounds=rounds, deals=1, starts_in=60)
    await settle(w)
    event = next(e for e in w.bot.events.events.values() if e.name == name)
    for member in members:
        await w.bot.events.register(event.id, member.id, member.name)
    return event


def crowd(w: Any, n: int) -> list[Any]:
    return [*w.members, *(w.guild.add_member(w.env.create_user(f"p{i:02d}")) for i in range(n - 4))]


async def play_night(w: Any, event: Any) -> None:
    for _ in range(50):
        await play_for_humans(w.bot.service, w.bot.events, event)
        await settle(w)
        if event.status != "playing":
            return
    raise AssertionError(f"the night stalled in round {event.round}")


async def check_night(w: Any, event: Any) -> None:
    """Over; each planned table once in its own thread, its players pinged once; each post once; the
    final ranking is the tables' saved results."""
    assert event.status == "over"
    rows = await w.bot.events.store.tables(event.id)
    planned = [(r, t) for r in range(1, event.rounds + 1) for t, seats in enumerate(event.table_plan(r))
               if any(i is not None for i in seats)]
    assert sorted((row["round"], row["table_no"]) for row in rows) == sorted(planned), "each table once"
    names = sorted(th.name for th in w.channel.threads)
    assert names == sorted(f"{event.name} · round {r} · table {t + 1}" for r, t in planned), "each thread once"
    assert sorted(th.id for th in w.channel.threads) == sorted(row["thread_id"] for row in rows)
    for thread in w.channel.threads:
        pings = [m for m in thread.history() if (m.content or "").startswith(f"{thread.name}: <@")]
        assert len(pings) == 1, (thread.name, len(pings))
    for r in range(1, event.rounds + 1):
        assert posted(w, f"round {r} of {event.rounds}, the tables") == (1 if any(p[0] == r for p in planned) else 0)
    for r in range(1, event.rounds):
        assert posted(w, f"standings after round {r}") == 1, r
    assert posted(w, f"{event.name}: final ranking") == 1
    standings = await w.bot.events.standings(event.id)
    totals: dict[int, float] = {}
    for row in rows:
        plan = event.table_plan(row["round"])[row["table_no"]]
        by_idx = {p.idx: p.user_id for p in event.players}
        for line in await w.bot.db.results(row["table_id"]):
            user = line["user_id"] if line["user_id"] is not None else by_idx.get(plan[line["seat"]])
            if user is not None:
                totals[user] = totals.get(user, 0.0) + line["score"]
    assert {line.user_id: line.score for line in standings.lines} == {p.user_id: totals.get(p.user_id, 0.0)
                                                                      for p in event.players}


@pytest.mark.parametrize(("seed", "pause"), [(1, 0.0), (2, 0.0), (4, 0.02)])
async def test_a_night_through_a_quarter_of_failed_requests(world: Any, seed: int, pause: float) -> None:
    w = world
    fast(w)
    event = await new_night(w, crowd(w, 8))
    faults = Faults(random.Random(seed), rate=0.25, routes=("thread_create", "channel_post", "table_edit"))
    faults.once("thread_create", "429")  # the first thread fails whatever the draws: every run covers it
    with injected(faults):
        await w.bot.events.start(event.id, w.alice.id)
        await settle(w)
        await play_night(w, event)
    assert faults.injected[("thread_create", "500")] + faults.injected[("thread_create", "429")] \
        + faults.injected[("thread_create", "timeout")] > 0, faults.injected
    await check_night(w, event)


STEPS = [("thread_create", n) for n in range(3)] + [("channel_post", n) for n in range(12)] \
    + [("table_edit", n) for n in (0, 3)] + [(f"thread_post:{k}", n) for k in range(3) for n in range(2)]


@pytest.mark.parametrize(("route", "nth"), STEPS)
async def test_one_failed_request_at_each_step(world: Any, route: str, nth: int) -> None:
    """The ``nth`` request of ``route`` fails (500, 429 or a timeout in turn; ``thread_post:<k>``:
    the posts in round k's thread, its players' ping and its table): a night of 4 members (one
    table a round) ends as if nothing happened."""
    w = world
    fast(w)
    event = await new_night(w, w.members)
    kind = ("500", "429", "timeout")[nth % 3]
    seen = {"n": 0, "hit": False}
    faults = Faults(random.Random(0))
    threads: list[int] = []  # the threads in the order they got their first post

    def which(method: str, path: str) -> str | None:
        name = route_of(method, path)
        if name != "channel_post" or not route.startswith("thread_post:"):
            return name
        place = int(path.split("/")[2])
        if place not in {th.id for th in w.channel.threads}:
            return name
        if place not in threads:
            threads.append(place)
        return f"thread_post:{threads.index(place)}"

    def check(method: str, path: str) -> None:
        if which(method, path) == route:
            seen["n"] += 1
            if seen["n"] == nth + 1:
                seen["hit"] = True
                raise failure(kind)

    faults.check = check  # type: ignore[method-assign]
    with injected(faults):
        await w.bot.events.start(event.id, w.alice.id)
        await settle(w)
        await play_night(w, event)
    assert seen["hit"], f"the night made fewer than {nth + 1} requests of {route}"
    await check_night(w, event)


async def test_a_night_where_a_whole_table_is_replaced(world: Any) -> None:
    """Round 1: the organiser replaces every member of the table (/event replace): computers finish
    it; the next rounds have no table left to play (no member), so the night ends with its ranking,
    every member marked as having left."""
    w = world
    fast(w)
    event = await new_night(w, w.members)
    await w.bot.events.start(event.id, w.alice.id)
    await settle(w)
    thread = w.channel.threads[0]
    for member in w.members:
        res = await w.alice.slash(thread, "event replace", member=member)
        assert res.ephemeral
    await settle(w)
    assert event.status == "over", f"round {event.round}"
    await check_night(w, event)
    final = next(m for m in w.channel.history() if "final ranking" in (m.content or ""))
    assert final.content.count("(left, a computer played on)") == 4


async def test_a_table_left_without_members_in_a_later_round(world: Any) -> None:
    """8 members, 2 tables; the four of round 1's first table replaced: round 2 and 3 open only the
    tables with a member; the night ends."""
    w = world
    fast(w)
    members = crowd(w, 8)
    event = await new_night(w, members)
    await w.bot.events.start(event.id, w.alice.id)
    await settle(w)
    first = w.bot.service.registry.get(next(r["table_id"] for r in await w.bot.events.store.tables(event.id)
                                   if r["table_no"] == 0))
    for seat in first.seats:
        await w.bot.events.leave(event.id, seat.user_id, w.alice.id, admin=True)
    await settle(w)
    await play_night(w, event)
    await check_night(w, event)


@pytest.mark.parametrize("pause", [0.0, 0.02])
async def test_a_night_where_the_organiser_leaves_the_server(world: Any, pause: float) -> None:
    """The organiser (not playing) leaves the server after the start: nothing waits for them."""
    w = world
    fast(w)
    players = crowd(w, 9)[1:]  # alice organises only
    event = await new_night(w, players)
    await w.bot.events.start(event.id, w.alice.id)
    await settle(w)
    w.guild.remove_member(w.alice)
    await settle(w)
    await play_night(w, event)
    await check_night(w, event)


async def test_a_thread_whose_answer_was_lost_is_not_made_twice(world: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Discord made round 1's first thread but its answer was lost: the next try finds it by its
    name and uses it (no orphan thread); then the bot restarts between a thread and its table."""
    w = world
    fast(w)
    event = await new_night(w, crowd(w, 8), rounds=1)
    real = discord.TextChannel.create_thread
    lost = {"n": 0}

    async def create_thread(self: Any, **kw: Any) -> Any:
        made = await real(self, **kw)
        if lost["n"] == 0:
            lost["n"] += 1
            raise TimeoutError("the answer was lost")
        return made

    monkeypatch.setattr(discord.TextChannel, "create_thread", create_thread)
    await w.bot.events.start(event.id, w.alice.id)
    await settle(w)
    assert lost["n"] == 1
    await play_night(w, event)
    await check_night(w, event)


async def test_a_restart_between_a_thread_and_its_table(world: Any, make_bot: Any,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot stops right after Discord made a table's thread (before its table was saved): the
    restarted bot opens the table in that thread; no orphan thread, every table once."""
    import bot.service.event_rounds as rounds

    w = world
    fast(w)
    event = await new_night(w, crowd(w, 8), rounds=2)
    w.bot.events.rounds.retry_delays = (3600.0,)  # stopped: nothing goes on before the restart
    real = rounds.open_lobby
    calls = {"n": 0}

    async def open_lobby(*args: Any, **kw: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == 2:
            raise RuntimeError("the process stops here")
        return await real(*args, **kw)

    monkeypatch.setattr(rounds, "open_lobby", open_lobby)
    await w.bot.events.start(event.id, w.alice.id)
    await w.bot.board.drain()
    assert len(w.channel.threads) == 2 and len(await w.bot.events.store.tables(event.id)) == 1
    monkeypatch.undo()
    w.bot.unexpected.clear()  # the stop, on purpose
    await w.bot.events.close()
    await w.bot.board.close()
    bot = await make_bot()
    await w.env.restart_bot(bot)
    fast(w)
    await settle(w)
    assert len(w.channel.threads) == 2 and len(await bot.events.store.tables(event.id)) == 2
    event = bot.events.get(event.id)
    await play_night(w, event)
    await check_night(w, event)


async def test_the_organiser_is_told_when_threads_may_not_be_made(world: Any) -> None:
    """Discord refuses the threads (the bot lacks Create Public Threads): the organiser is told once,
    in one line saying what to do; once allowed, the night goes on by itself."""
    w = world
    fast(w)
    w.bot.events.rounds.retry_delays = (0.001, 0.002, 0.05)
    event = await new_night(w, w.members, rounds=1)
    refused = {"on": True, "n": 0}
    faults = Faults(random.Random(0))

    def check(method: str, path: str) -> None:
        if route_of(method, path) == "thread_create" and refused["on"]:
            refused["n"] += 1
            raise discord_forbidden()

    faults.check = check  # type: ignore[method-assign]
    with injected(faults):
        await w.bot.events.start(event.id, w.alice.id)
        for _ in range(20):
            await w.env.settle()
            await w.bot.board.drain()
            if refused["n"] >= 5:
                break
        told = [m for m in w.channel.history() if "may not create threads" in (m.content or "")]
        assert len(told) == 1 and f"<@{w.alice.id}>" in told[0].content and "/event end" in told[0].content
        assert "\n" not in told[0].content
        refused["on"] = False
        await settle(w)
        await play_night(w, event)
    assert len([m for m in w.channel.history() if "may not create threads" in (m.content or "")]) == 1
    await check_night(w, event)


def discord_forbidden() -> BaseException:
    from simcord.backend.errors import BackendError

    return BackendError(403, 50013, "Missing Permissions (injected)")


async def test_a_table_that_cannot_open_is_told_and_the_night_can_end(world: Any,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Round 1's second table cannot open (the table service refuses it): the first table plays,
    the organiser is told once in one line with what to do; /event end ends the night with what
    was played."""
    import bot.service.event_rounds as rounds
    from bot.service.table import BotError

    w = world
    fast(w)
    event = await new_night(w, crowd(w, 8), rounds=2)
    real = rounds.open_lobby
    calls = {"n": 0}

    async def open_lobby(*args: Any, **kw: Any) -> Any:
        calls["n"] += 1
        if calls["n"] > 1:  # the first table opens; the second never does (each try refused)
            raise BotError.of("bad_choice")
        return await real(*args, **kw)

    monkeypatch.setattr(rounds, "open_lobby", open_lobby)
    await w.bot.events.start(event.id, w.alice.id)
    for _ in range(500):
        await asyncio.sleep(0.01)
        if w.bot.events.rounds.failures.get(event.id, 0) >= 4:
            break
    await w.env.settle()
    await w.bot.board.drain()
    told = [m for m in w.channel.history() if "cannot go on with round 1" in (m.content or "")]
    assert len(told) == 1 and "/event end" in told[0].content and f"<@{w.alice.id}>" in told[0].content
    assert [r["table_no"] for r in await w.bot.events.store.tables(event.id)] == [0]
    res = await w.alice.slash(w.channel, "event end")
    assert res.ephemeral
    await settle(w)
    assert event.status == "over" and posted(w, "Jeudi: final ranking") == 1
    assert len([m for m in w.channel.history() if "cannot go on" in (m.content or "")]) == 1
