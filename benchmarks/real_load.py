"""Real load: members at human pace through the production click path, under simcord.

Each table (one per channel, all seats members, games taken in turn or ``--game``) is opened with
``/table new``, joined and started; every member opens their hand console ("My hand"). Then the
member to act at each table thinks ``--think`` seconds (±50 %, on simcord's virtual clock, so the
presenter's coalescing and the turn timers run as in production) and plays from their console
(``tests.bot.drive.act_on_hand``: the buttons and menus a person would use; in a rummy game's pick
menu, cards that make something, :func:`knowing`, or at random with ``--random-picks``). Everything runs: the
presenter, live hands, timers, image workers (``--workers``), the SQLite database.

Printed, per move (an accepted action): the CPU of the bot (:class:`LoopCpu`: the event loop's
callbacks simcord marks as the bot's, discord.py's included, less what simcord does inside them to
answer a request or keep its books, its records of the bot's callbacks and tasks and its simulated
clock included; plus the process's other threads, the database's) and of the image workers, in
their steady state (every card face drawn once before the run, as the workers do while idle in their
first seconds), then
the whole process's CPU with simcord's settling (what this simulation costs, not a bot); the
Discord requests by route, split into those counted against the bot's global 50 requests/s
(channel routes) and those not (the interaction callback and webhook edits through an
interaction token, :data:`bot.infra.metrics` ``tapis_discord_requests_total``); the images drawn;
the click → answer time (from discord.py handing over the interaction to the bot's last answer,
wall clock: simcord answers requests at once, so Discord's own latency is not in it); and the
tables a bot could serve at this pace: under the global budget (50/s) and with its CPU on
``--cores`` cores at most 70 % busy (the load at which a click's p99 stays near its p50 in this
model; a figure, not a measurement at that size). The HTTP transport (aiohttp, TLS) is not
simulated: its CPU is not in the figure.

At the end the simulated clock runs past the table's hold (``table_settle``), so the
table edits held back within a trick are sent and counted. Short runs (a few moves a table) weigh
the deals' openings (auctions, where every bid is shown); ``--moves`` of 100 a table or more gives
the steady state.

``--profile`` prints where the bot's CPU goes (cProfile inside the bot's loop callbacks only, simcord's
answers to its requests included: by package and the top functions).

Run: ``.venv/bin/python -m benchmarks.real_load --tables 20 --moves 400 [--think 5] [--workers 2]
[--table-settle S]``.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import faulthandler
import heapq
import inspect
import pstats
import random
import signal
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import discord
import simcord
from simcord.http import router

import games
from benchmarks import scratch_folder
from benchmarks.serve import pct, workers_cpu
from bot.app import build
from bot.infra import images
from bot.service.picks import steps_for
from bot.service.settings import Settings
from bot.service.tables import Table
from bot.storage import open_database
from bot.ui.ids import build_id, parse_id
from tests.bot import drive

GLOBAL_LIMIT = 50.0  # Discord's requests per second for a whole bot (DISCORD.md)


def route_of(method: str, path: str) -> tuple[str, bool]:
    """A request's route (ids replaced by placeholders) and whether it counts against the global limit:
    the interaction callback and anything through an interaction token (``/webhooks/{app}/{token}``) do not."""
    words = path.split("?")[0].strip("/").split("/")
    if words[0] == "interactions":
        return f"{method} /interactions/{{id}}/{{token}}/callback", False
    if words[0] == "webhooks" and len(words) > 2:
        rest = "/".join("{id}" if w.isdigit() else w for w in words[3:])
        return f"{method} /webhooks/{{app}}/{{token}}/{rest}", False
    return f"{method} /" + "/".join("{id}" if w.isdigit() else w for w in words), True


@dataclass
class Tally:
    """What the simulated Discord received and what it cost this process."""

    routes: Counter[str] = field(default_factory=Counter)
    global_limit: int = 0
    other: int = 0
    server_cpu: float = 0.0  # CPU of simcord's router (the Discord server's work, not the bot's)
    on: bool = False

    def count(self, method: str, path: str) -> None:
        """One request, by route and by whether it counts against the global limit (while :attr:`on`)."""
        if not self.on:
            return
        route, counted = route_of(method, path)
        self.routes[route] += 1
        if counted:
            self.global_limit += 1
        else:
            self.other += 1


def count_requests(tally: Tally, undo: list[Callable[[], None]]) -> None:
    """Wrap simcord's router so that every request is counted by route (and its CPU set apart)."""
    real = router.dispatch

    def dispatch(backend: Any, method: str, path: str, **kw: Any) -> Any:
        began = time.process_time()
        try:
            return real(backend, method, path, **kw)
        finally:
            tally.server_cpu += time.process_time() - began
            tally.count(method, path)

    router.dispatch = dispatch  # type: ignore[assignment]
    undo.append(lambda: setattr(router, "dispatch", real))


def knowing(table: Table, seat: int, rng: random.Random) -> Callable[[list[str], int], list[str]]:
    """A member's choice in a game's pick menu (Le Trio's and L'École's combinations): cards that
    make something, as a player who knows the rules picks them (random tries until the bot would
    accept one; the last try when fifty are not). Random picks were refused 0.4 to 0.5 times a
    move at the rummy games: an interaction and its answer each that no member's move costs."""
    def choose(values: list[str], n: int) -> list[str]:
        tried = rng.sample(values, n)
        state = table.state
        menu = table.game.pick_menu(state, seat) if state is not None else None
        if state is None or menu is None:
            return tried
        for _ in range(50):
            if steps_for(table.game, state, seat, menu, [int(v) for v in tried]) is not None:
                break
            tried = rng.sample(values, n)
        return tried
    return choose


@dataclass
class LoopCpu:
    """CPU of the event loop's callbacks that belong to the bot (simcord marks the bot's tasks and
    callbacks with its scope): the bot's own work, discord.py's included; simcord's settling, its
    simulated server and this driver run outside that scope, or are set apart (``server``)."""

    bot: float = 0.0
    server: float = 0.0  # simcord answering a request made inside a bot callback (its form parsing included)
    inside: bool = False
    profiler: cProfile.Profile | None = None  # ``--profile``: on inside the bot's callbacks only
    profiling: bool = False  # the profiler is on (a bot callback of its own, not simcord's)

    def pause(self) -> float:
        """Simcord's work begins inside a bot callback: its start (the profiler paused)."""
        if self.profiling and self.profiler is not None:
            self.profiler.disable()
        return time.thread_time()

    def resume(self, began: float) -> None:
        """Simcord's work that began at ``began`` ends: set apart as the server's."""
        self.server += time.thread_time() - began
        if self.profiling and self.profiler is not None:
            self.profiler.enable()


def _simcords(handle: asyncio.Handle) -> bool:
    """Whether a callback in the bot's scope is simcord's own bookkeeping (its task records: about
    ten a move, one per task the bot starts), not the bot's work."""
    callback = handle._callback  # type: ignore[attr-defined]
    callback = getattr(callback, "__simcord_original_callback__", callback)
    return str(getattr(callback, "__module__", None) or "").startswith("simcord")


def time_bot_callbacks(cpu: LoopCpu, undo: list[Callable[[], None]]) -> None:
    """Time every bot callback of the loop (``Handle._run``, thread CPU) and the server's share in it."""
    from simcord._runtime import _BOT_SCOPE

    real_run = asyncio.events.Handle._run

    def run(handle: asyncio.Handle) -> None:
        context = handle._context  # type: ignore[attr-defined]
        if cpu.inside or context is None or context.get(_BOT_SCOPE) is None:
            return real_run(handle)  # type: ignore[no-any-return]
        cpu.inside = True
        simcords = _simcords(handle)
        profiler = cpu.profiler if not simcords else None
        if profiler is not None:
            cpu.profiling = True
            profiler.enable()
        began = time.thread_time()
        try:
            return real_run(handle)  # type: ignore[no-any-return]
        finally:
            spent = time.thread_time() - began
            if profiler is not None:
                profiler.disable()
                cpu.profiling = False
            if simcords:
                cpu.server += spent
            else:
                cpu.bot += spent
            cpu.inside = False

    asyncio.events.Handle._run = run  # type: ignore[method-assign]
    undo.append(lambda: setattr(asyncio.events.Handle, "_run", real_run))
    from simcord import _dpy_internals, _runtime
    from simcord.http.client import FakeHTTPClient, FakeWebhookAdapter

    # simcord's bookkeeping of each callback the bot schedules, and of each task it starts (its
    # label, its record); its clock, which discord.py's ``utcnow`` reads (a C call in production)
    for owner, name in ((_runtime, "_track_callback"), (_dpy_internals, "task_label"),
                        (_runtime._WorkState, "track_task"), (_dpy_internals._ClockDatetime, "now"),
                        (_dpy_internals._ClockDatetime, "utcnow")):
        real_fn = getattr(owner, name)
        stored = inspect.getattr_static(owner, name)  # put back as it was (a classmethod stays one)

        def booked(*args: Any, _real: Any = real_fn, **kw: Any) -> Any:
            if not cpu.inside:
                return _real(*args, **kw)
            began = cpu.pause()
            try:
                return _real(*args, **kw)
            finally:
                cpu.resume(began)

        setattr(owner, name, booked)
        undo.append(lambda owner=owner, name=name, real=stored: setattr(owner, name, real))

    for fake in (FakeHTTPClient, FakeWebhookAdapter):  # their requests never wait: timed in one step
        real_request = fake.request

        async def request(self: Any, *args: Any, _real: Any = real_request, **kw: Any) -> Any:
            if not cpu.inside:
                return await _real(self, *args, **kw)
            began = cpu.pause()
            try:
                return await _real(self, *args, **kw)
            finally:
                cpu.resume(began)

        fake.request = request  # type: ignore[method-assign]
        undo.append(lambda fake=fake, real=real_request: setattr(fake, "request", real))


class TimedRecords(list):  # type: ignore[type-arg]
    """simcord's list of the bot's pending callbacks: its removals (one per callback run, a linear
    search comparing its records field by field) are simcord's cost, set apart from the bot's."""

    def __init__(self, records: list[Any], cpu: LoopCpu) -> None:
        super().__init__(records)
        self.cpu = cpu

    def remove(self, value: Any) -> None:
        if not self.cpu.inside:
            return super().remove(value)
        began = self.cpu.pause()
        try:
            super().remove(value)
        finally:
            self.cpu.resume(began)


def time_callback_records(work: Any, cpu: LoopCpu, undo: list[Callable[[], None]]) -> None:
    """simcord's list of the bot's pending callbacks (``work.callbacks``) made a :class:`TimedRecords`,
    and made one again each time simcord's settling replaces it with the records still live (its
    ``_active_callbacks``): before, the list was replaced at the first settling, and from then on
    its removals were counted as the bot's CPU (about a tenth of it, py-spy)."""
    from simcord import _settlement
    from simcord import env as simcord_env

    def timed(records: list[Any]) -> TimedRecords:
        return records if isinstance(records, TimedRecords) else TimedRecords(records, cpu)

    work.callbacks = timed(work.callbacks)
    real = _settlement._active_callbacks

    def active(state: Any) -> list[Any]:
        real(state)
        state.work.callbacks = timed(state.work.callbacks)
        return state.work.callbacks  # type: ignore[no-any-return]

    for module in (_settlement, simcord_env):
        module._active_callbacks = active
        undo.append(lambda module=module: setattr(module, "_active_callbacks", real))


def count_drawings(drawn: Counter[str], undo: list[Callable[[], None]]) -> None:
    """Count the images drawn (cache misses sent to the workers), by rendering function."""
    real = images._draw

    async def draw(name: str, *args: Any, **kw: Any) -> bytes | None:
        drawn[name] += 1
        return await real(name, *args, **kw)

    images._draw = draw  # type: ignore[assignment]
    undo.append(lambda: setattr(images, "_draw", real))
    call = images._call

    def timed_call(name: str, *args: Any, **kw: Any) -> bytes | None:  # --workers 0: in this process's threads
        began = time.thread_time()
        try:
            return call(name, *args, **kw)
        finally:
            drawn["_cpu"] += time.thread_time() - began  # type: ignore[assignment]

    images._call = timed_call  # type: ignore[assignment]
    undo.append(lambda: setattr(images, "_call", call))


async def warmed(workers: int) -> None:
    """Every card face drawn once, as the image workers draw them while idle in their first
    seconds (:func:`bot.infra.image_workers._serve`): the run times the steady state, not first drawings."""
    import rendering

    if workers and images._pool is not None:
        await asyncio.gather(*(images._pool.draw("warm_up") for _ in range(images._pool.size)))
    else:
        await asyncio.to_thread(rendering.warm_up)


@dataclass
class Seat:
    member: Any
    hand_id: int


@dataclass
class Result:
    moves: int = 0
    bot_cpu: float = 0.0  # the bot's loop callbacks and its other threads (:class:`LoopCpu`)
    db_cpu: float = 0.0  # of which the threads (the database's)
    process_cpu: float = 0.0  # the whole process, simcord's settling included (only the server set apart)
    worker_cpu: float = 0.0
    latencies: list[float] = field(default_factory=list)
    tally: Tally = field(default_factory=Tally)
    drawn: Counter[str] = field(default_factory=Counter)  # by function; "_cpu": drawing CPU in threads
    virtual_seconds: float = 0.0
    profile: pstats.Stats | None = None
    capture: Any = None  # :class:`benchmarks.real_transport.Capture` (``--transport``)
    state: Any = None  # the bot's connection state (the interactions' parsing is timed with it)


async def bench(tables: int, moves: int, think: float, workers: int, game: str | None = None, seed: int = 0,
                profile: bool = False, table_settle: float | None = None, computers: int = 0,
                transport: bool = False, random_picks: bool = False) -> Result:
    names = [game] if game else sorted(g for g in games.GAMES if g != "toy")
    folder = scratch_folder("tapis-real-")
    settings = Settings(database_path=Path(folder) / "real.sqlite3", default_locale="en", image_workers=workers,
                        **({} if table_settle is None else {"table_settle": table_settle}))
    db = await open_database(settings.database_path)
    bot = build(settings, db)
    result = Result()
    undo: list[Callable[[], None]] = []  # the wrappers go at the end (tests run it in their process)
    count_requests(result.tally, undo)
    count_drawings(result.drawn, undo)
    loop_cpu = LoopCpu()
    time_bot_callbacks(loop_cpu, undo)
    if transport:  # wraps the fakes' requests outside the timing above: its copies are not the bot's
        from benchmarks import real_transport

        result.capture = real_transport.Capture()
        real_transport.capture(result.capture, undo, bot._connection)
    rng = random.Random(seed)
    arrived: dict[int, float] = {}
    handle, receive = bot.on_tapis_component, bot.on_interaction
    driver_cpu = 0.0

    async def on_interaction(interaction: discord.Interaction[Any]) -> None:
        """The bot's own listener, the click's arrival noted first (a listener of the benchmark's
        own would be a task more per click, counted as the bot's)."""
        arrived[interaction.id] = time.perf_counter()
        await receive(interaction)

    async def timed(interaction: discord.Interaction[Any], parsed: Any, values: list[str]) -> None:
        await handle(interaction, parsed, values)
        start = arrived.pop(interaction.id, None)
        if start is not None and result.tally.on:
            result.latencies.append(time.perf_counter() - start)

    # the simulated clock alone moves the bot's timers: simcord would also fire a timer once as many
    # real seconds passed, which, when the run goes slower than real time (a loaded machine), jumps
    # the clock under a click and stops the run
    real_timer = simcord.env.Env._schedule_timer
    simcord.env.Env._schedule_timer = lambda *args, **kw: None  # type: ignore[method-assign]
    undo.append(lambda: setattr(simcord.env.Env, "_schedule_timer", real_timer))
    bot.on_interaction = on_interaction  # type: ignore[method-assign]
    bot.on_tapis_component = timed  # type: ignore[method-assign]
    try:
        async with simcord.run(bot) as env:
            env.settle_timeout = 10.0  # a loaded machine (not longer: simcord waits out real timers up to it)
            time_callback_records(env._work, loop_cpu, undo)
            guild = env.create_guild(name="real")
            opened: list[tuple[Any, Any, dict[int, Seat]]] = []
            for i in range(tables):
                g = games.GAMES[names[i % len(names)]]
                channel = guild.create_text_channel(f"t{i}")
                bots = min(computers, g.min_seats - 1)
                members = [guild.add_member(env.create_user(f"p{i}-{s}")) for s in range(g.min_seats - bots)]
                short = {k: str(v).lower() if isinstance(v, bool) else v
                         for k, v in getattr(g, "playout_options", {}).items()}
                options = {"options": ", ".join(f"{k}={v}" for k, v in short.items())} if short else {}
                table, msg = await drive.open_table(_Where(bot, channel), g.name, members, bots, **options)
                await env.advance_time(2.0)  # the match's message (its coalesced edit) goes out
                msg = drive.find(channel, table.message_id)
                seats = {}
                for member in members:
                    res = await member.click(msg, custom_id=build_id(table.id, 0, "~h"))
                    seats[table.seat_of(member.id)] = Seat(member, res.response.id)
                opened.append((channel, table, seats))
            await env.advance_time(2.0)  # the opening edits go out
            await warmed(workers)
            queue = [(rng.uniform(0, think), i) for i in range(len(opened))]
            heapq.heapify(queue)
            now = 0.0
            profiler = cProfile.Profile(time.thread_time) if profile else None  # CPU, as the figures
            result.tally.on = True
            if result.capture is not None:
                result.capture.on = True
            result.drawn.pop("_cpu", None)
            cpu0, work0, server0 = time.process_time(), workers_cpu(), result.tally.server_cpu
            main0, loop0 = time.thread_time(), (loop_cpu.bot, loop_cpu.server)
            loop_cpu.profiler = profiler
            while result.moves < moves and queue:
                at, i = heapq.heappop(queue)
                if at > now:
                    await env.advance_time(at - now)
                    now = at
                channel, table, seats = opened[i]
                if table.status != "playing":
                    continue
                if table.to_act() not in seats:  # a computer's turn: its member comes back later
                    heapq.heappush(queue, (now + 0.5, i))
                    continue
                seat = seats[table.to_act()]
                began = time.process_time()
                hand = drive.find(channel, seat.hand_id, viewer=seat.member)
                driver_cpu += time.process_time() - began
                rev = table.rev
                await drive.act_on_hand(seat.member, channel, hand, rng, picks=None if random_picks else knowing(table, table.to_act(), rng))
                result.moves += table.rev > rev
                heapq.heappush(queue, (now + think * rng.uniform(0.5, 1.5), i))
            # the last coalesced edits go out, and those held back within a trick (counted: they are sent)
            await env.advance_time(max(3.0, getattr(settings, "table_settle", 0.0) + 1.0))
            await bot.presenter.drain()
            loop_cpu.profiler = None
            if profiler is not None:
                result.profile = pstats.Stats(profiler)
            result.tally.on = False
            if result.capture is not None:
                result.capture.on = False
            result.state = bot._connection
            result.process_cpu = time.process_time() - cpu0 - (result.tally.server_cpu - server0) - driver_cpu
            threads = result.drawn.pop("_cpu", 0.0)  # drawn in threads (``--workers 0``): counted apart
            result.process_cpu -= threads
            # the bot: its loop callbacks without the server's answers, and the other threads (the database's)
            others = time.process_time() - cpu0 - (time.thread_time() - main0) - threads
            result.bot_cpu = (loop_cpu.bot - loop0[0]) - (loop_cpu.server - loop0[1]) + others
            result.db_cpu = others
            result.worker_cpu = workers_cpu() - work0 + threads
            result.virtual_seconds = now
            assert not bot.unexpected, bot.unexpected
    finally:
        await bot.service.close()
        await db.close()
        images.use_processes(0)
        for step in undo:
            step()
    return result


@dataclass
class _Where:
    """What :func:`tests.bot.drive.open_table` needs: the bot and the channel."""

    bot: Any
    channel: Any


def shares(stats: pstats.Stats) -> tuple[Counter[str], float]:
    """Own CPU time by package (cProfile's ``tottime``)."""
    by: Counter[str] = Counter()
    for (filename, _line, _name), (_cc, _nc, tottime, _ct, _callers) in stats.stats.items():  # type: ignore[attr-defined]
        for package in ("/simcord/", "/discord/", "/aiosqlite/", "/PIL/", "/bot/", "/games/", "/rendering/",
                        "/benchmarks/", "/tests/", "asyncio/", "sqlite3"):
            if package in filename:
                by[package.strip("/")] += tottime
                break
        else:
            by["other"] += tottime
    return by, sum(by.values())


def report(r: Result, think: float, cores: float) -> dict[str, float]:
    moves = max(r.moves, 1)
    ms = sorted(v * 1000 for v in r.latencies) or [0.0]
    figures = {
        "bot_cpu_ms": r.bot_cpu / moves * 1000, "worker_cpu_ms": r.worker_cpu / moves * 1000,
        "global_per_move": r.tally.global_limit / moves, "other_per_move": r.tally.other / moves,
        "images_per_move": sum(r.drawn.values()) / moves, "p50_ms": statistics.median(ms), "p99_ms": pct(ms, 99),
    }
    figures["total_per_move"] = figures["global_per_move"] + figures["other_per_move"]
    figures["cpu_ms"] = figures["bot_cpu_ms"] + figures["worker_cpu_ms"]
    print(f"{r.moves} moves in {r.virtual_seconds:.0f} s of simulated time (think {think:g} s)")
    print(f"CPU per move: {figures['cpu_ms']:.2f} ms (bot {figures['bot_cpu_ms']:.2f} ms, of which database "
          f"threads {r.db_cpu / moves * 1000:.2f} ms; image workers {figures['worker_cpu_ms']:.2f} ms)")
    print(f"  the whole bot process, simcord's settling included: {r.process_cpu / moves * 1000:.2f} ms a move")
    print(f"Discord requests per move: {figures['total_per_move']:.2f} ({figures['global_per_move']:.2f} under "
          f"the global limit, {figures['other_per_move']:.2f} not)")
    for route, n in r.tally.routes.most_common():
        print(f"  {n / moves:6.2f}  {route}")
    print(f"images drawn per move: {figures['images_per_move']:.2f} "
          f"({', '.join(f'{k} {v / moves:.2f}' for k, v in sorted(r.drawn.items()))})")
    print(f"click -> answer: p50 {figures['p50_ms']:.1f} ms, p99 {figures['p99_ms']:.1f} ms ({len(r.latencies)} clicks)")
    move_rate = 1.0 / think  # moves per second of one table at this pace
    by_budget = GLOBAL_LIMIT / (figures["global_per_move"] * move_rate) if figures["global_per_move"] else float("inf")
    by_cpu = 0.7 * cores / (figures["cpu_ms"] / 1000 * move_rate) if figures["cpu_ms"] else float("inf")
    figures["tables_budget"], figures["tables_cpu"] = by_budget, by_cpu
    print(f"tables at this pace: {by_budget:.0f} under the global budget, {by_cpu:.0f} with {cores:g} cores "
          f"at most 70 % busy -> {min(by_budget, by_cpu):.0f}")
    if r.profile is not None:
        by, total = shares(r.profile)
        print("profile (own time, cProfile): " + ", ".join(f"{k} {v / total:.0%}" for k, v in by.most_common()))
        r.profile.sort_stats("tottime").print_stats(20)
    return figures


def transport_report(r: Result, figures: dict[str, float]) -> None:
    """The replayed transport's and the parsing's CPU per move, beside the bot's (``--transport``)."""
    from benchmarks import real_transport

    moves = max(r.moves, 1)
    sent = asyncio.run(real_transport.replay(r.capture.requests, profile=r.profile is not None))
    parsing = real_transport.parse_cost(r.state, r.capture.interactions)
    bot, transport, parse = figures["bot_cpu_ms"], sent / moves * 1000, parsing / moves * 1000
    print(f"per move with the transport: bot {bot:.2f} ms + transport {transport:.2f} ms "
          f"({len(r.capture.requests) / moves:.2f} requests: discord.py, aiohttp, TLS) + parsing {parse:.2f} ms "
          f"({len(r.capture.interactions) / moves:.2f} interactions: gateway JSON and discord.Interaction, the latter "
          f"also within the bot's figure) = {bot + transport + parse:.2f} ms; with the image workers "
          f"{bot + transport + parse + figures['worker_cpu_ms']:.2f} ms")
    kinds: Counter[str] = Counter()
    for data in r.capture.interactions:
        custom = (data.get("data") or {}).get("custom_id", "")
        try:
            verb = parse_id(custom).action
        except ValueError:
            verb = "other"
        kinds["a move" if not verb.startswith("~") else verb[:2]] += 1
    print("  interactions per move by component: " + ", ".join(f"{k} {n / moves:.2f}" for k, n in kinds.most_common()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument("--think", type=float, default=5.0, help="a member's mean think time (seconds)")
    parser.add_argument("--workers", type=int, default=2, help="image worker processes (0: threads, timed apart)")
    parser.add_argument("--game", choices=sorted(games.GAMES), default=None)
    parser.add_argument("--cores", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--computers", type=int, default=0,
                        help="computer players (normal) at each table, a member kept; moves are then the members'")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--random-picks", action="store_true",
                        help="members pick a rummy game's combinations at random, again while refused (each refusal an interaction)")
    parser.add_argument("--transport", action="store_true",
                        help="replay the run's requests through discord.py, aiohttp and TLS to a local server, and "
                             "time the interactions' parsing (benchmarks.real_transport)")
    parser.add_argument("--table-settle", type=float, default=None,
                        help="seconds a card within a trick may wait to be shown (default: the setting's; 0: at once)")
    args = parser.parse_args(argv)
    faulthandler.register(signal.SIGUSR1, all_threads=True)  # `kill -USR1 <pid>`: where a run stands
    discord.utils.setup_logging(level=40)
    result = asyncio.run(bench(args.tables, args.moves, args.think, args.workers, args.game, args.seed, args.profile,
                               args.table_settle, args.computers, args.transport, args.random_picks))
    figures = report(result, args.think, args.cores)
    if result.capture is not None:
        transport_report(result, figures)
    return 0


if __name__ == "__main__":
    sys.exit(main())
