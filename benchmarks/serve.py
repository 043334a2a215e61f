"""Serving speed at the service layer: N tables of mixed games clicking continuously.

Each table is seated with members only (no computer players, no Discord), and every member has a
live hand (``bot.ui.hands``). It models what the bot does, no more, no less:

* a click: the member to act picks one of the legal actions its hand message offers (by index
  and revision, as the custom ids carry them; a menu pick the rules refuse is counted apart and
  chosen again), ``TableService.act`` applies it (engine, SQLite transaction), and the click is
  answered by redrawing that member's hand message with the bot's own functions:
  ``bot.service.table.ViewMemo.hand`` asks the engine once, ``bot.ui.hands.draw_hand`` draws the hand
  image (``bot.infra.images.hand_png``) and builds the payload; the latency of a click ends there; the
  member to act clicks again at once (a stress load: a real member waits for their hand to show
  the turn);
* the presenter, per table (``bot.ui.presenter.Presenter``): after a change, one edit of the table
  message under the channel's rate limit (5 requests per 5 seconds, a turn ping counting as one),
  its image drawn from the newest state (``bot.infra.images.table_png``), its revision recorded as
  shown, then the live hands whose content changed redrawn (``Hands.refresh``), then ``--edit-interval`` seconds (1 s, the bot's
  ``edit_interval``) before the next edit.

A finished match is replaced by a new one of the same game. ``--no-images`` leaves out the
presenter and the drawing: a click is the act and the content of the clicker's hand message
(``TableService.hand``: its view and legal actions).

Prints actions/s, the refused picks, the latency of one click at p50/p95/p99, the CPU time of
the process per action (all threads and image workers: a figure that holds when other work
shares the machine),
the table images drawn, and the share of time per stage (engine, database, hand image, table image; the database
share includes waiting for the writer).

Run: ``.venv/bin/python -m benchmarks.serve --tables 100 --seconds 10 [--no-images]``;
``--restore 1000`` instead times a start-up with 1,000 stored tables in play, a few moves in (``benchmarks/restore.py``: realistic logs, before and after snapshots; open the database,
restore, the presenter's start-up; it then redraws only the tables whose message is behind, in the
background, at ``STARTUP_RATE`` a second).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from types import SimpleNamespace
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games
from benchmarks import scratch_folder
from bot.infra import images
from bot.service.archive import Archive
from bot.service.settings import Settings
from bot.service.shown_records import ShownRecords
from bot.service.table import Table
from bot.service.tables import TableService
from bot.storage import open_database
from bot.ui.budget import ChannelLimiter
from bot.ui.hands import Hands, draw_hand, shown_key
from bot.ui.presenter import STARTUP_RATE
from games.base import Action
from games.errors import IllegalAction


def pick(rng: random.Random, legal: list[Action], picks: int) -> list[int]:
    """One click as the hand message offers it (``bot.ui.views``), as indexes into ``legal``: with
    ``picks`` > 1, either the multi-select of exactly ``picks`` cards of the first action's kind,
    or one of the other actions' buttons; otherwise one legal action."""
    if picks > 1:
        kind = legal[0].kind
        pickable = [i for i, a in enumerate(legal) if a.kind == kind]
        others = [i for i, a in enumerate(legal) if a.kind != kind]
        if not others or rng.random() < 0.8:
            return rng.sample(pickable, min(picks, len(pickable)))
        return [rng.choice(others)]
    return [rng.randrange(len(legal))]


def workers_cpu() -> float:
    """CPU seconds used so far by the image worker processes (``bot.infra.images.use_processes``; Linux)."""
    total = 0.0
    for pid in images._pool.pids() if images._pool is not None else []:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime
    return total


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


class Stages:
    """Wall time spent per stage (seconds), summed over every click."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = defaultdict(float)

    @asynccontextmanager
    async def timed(self, name: str) -> AsyncIterator[None]:
        start = time.perf_counter()
        try:
            yield
        finally:
            self.seconds[name] += time.perf_counter() - start


async def open_table(service: TableService, game: Any, n: int, user_base: int) -> Table:
    seats = max(game.min_seats, min(4, game.max_seats))
    table = await service.create(guild_id=1, channel_id=10_000 + n, thread_id=None, host_id=user_base,
                                 host_name="p0", game=game.name, options=dict(game.playout_options) or None,
                                 seats=seats, seed=f"bench-{n}")
    for i in range(1, seats):
        await service.join(table.id, user_base + i, f"p{i}")
    await service.start(table.id, user_base)
    return table


async def bench(tables: int, seconds: float, with_images: bool,
                edit_interval: float = 1.0) -> tuple[list[float], dict[str, float], float, int, int]:
    names = sorted(games.GAMES)
    folder = scratch_folder("tapis-serve-")
    settings = Settings(database_path=Path(folder) / "serve.sqlite3", computer_pause=0, edit_interval=0,
                        turn_timer=0, default_locale="en")
    db = await open_database(settings.database_path)
    service = TableService(db, settings)
    stages = Stages()
    latencies: list[float] = []
    measuring = False
    stop = False
    counter = 0
    drawn = 0
    refused = 0

    # The database's share: time inside write transactions (waiting for the writer included).
    transaction = db.transaction

    @asynccontextmanager
    async def timed_transaction() -> AsyncIterator[Any]:
        async with stages.timed("database"), transaction() as conn:
            yield conn

    db.transaction = timed_transaction  # type: ignore[method-assign]

    async def console(table: Table, seat: int, shown: dict[int, Any], locale: str, urgent: bool) -> None:
        """Draw a seat's live hand as ``bot.ui.hands.Hands._edit`` does, with the same functions:
        the service's :meth:`bot.service.table.ViewMemo.hand` (the engine, asked once), then
        :func:`bot.ui.hands.draw_hand` (the hand image, then the payload), and remember what it
        shows; ``urgent``: the answer to the seat's own click; without images, only what the hand
        shows (``TableService.hand``)."""
        if not with_images:
            async with stages.timed("engine"):
                service.hand(table.id, table.seats[seat].user_id or 0)
            return
        async with stages.timed("engine"):
            hand = service.memo.hand(table, seat)
            key = shown_key(table, hand, None)
        async with stages.timed("hand image"):
            await draw_hand(table, hand, locale, urgent=urgent)
        shown[seat] = key

    async def presenter(current: list[Table], shown: dict[int, Any], changed: asyncio.Event, locale: str) -> None:
        """``bot.ui.presenter.Presenter._run``: after a change, one edit of the table message (its image
        drawn from the newest state) under the channel's rate limit, its revision recorded as
        shown (``Database.set_shown``), the live hands whose content changed redrawn
        (``Hands.refresh``), a ping when the turn passed to another member; then ``edit_interval``
        before the next edit."""
        nonlocal drawn
        limiter = ChannelLimiter(5, 5.0 if edit_interval > 0 else 0.0)
        keys = Hands(SimpleNamespace(service=service))  # type: ignore[arg-type]  # its keys alone
        turn_seen: tuple[int | None, int] | None = None
        saved_rev: int | None = None
        while not stop:
            await changed.wait()
            changed.clear()
            table = current[0]
            state = table.state
            if state is None:
                continue
            await limiter.wait(table.place_id)
            async with stages.timed("table image"):
                await images.table_png(state.view(None), table.names(), locale)
            if measuring:
                drawn += 1
            if state.rev != saved_rev:  # remembered, so a restart does not redraw it
                saved_rev = state.rev
                await service.db.set_shown(table.id, saved_rev)
            for seat in range(len(table.seats)):
                if keys.key(table, seat, None) != shown.get(seat):
                    await console(table, seat, shown, locale, urgent=False)
            turn = (table.to_act(), table.turn_start)
            if turn[0] is not None and turn != turn_seen:
                turn_seen = turn
                await limiter.wait(table.place_id)  # the turn ping
            await asyncio.sleep(edit_interval)

    async def player(n: int) -> None:
        nonlocal counter, refused
        rng = random.Random(n)
        game = games.GAMES[names[n % len(names)]]
        user_base = 1000 * (n + 1)
        current = [await open_table(service, game, n, user_base)]
        locale = "en"
        changed = asyncio.Event()
        shown: dict[int, Any] = {}  # seat -> what its live hand shows
        drawing = asyncio.create_task(presenter(current, shown, changed, locale)) if with_images else None
        while not stop:
            table = current[0]
            if table.status != "playing":
                counter += 1
                table = current[0] = await open_table(service, game, tables + counter, user_base)
                shown.clear()
            assert table.state is not None
            seat = table.to_act()
            assert seat is not None
            user = table.seats[seat].user_id
            assert user is not None
            start = time.perf_counter()
            async with stages.timed("engine"):  # what the seat's hand message offers
                legal = table.state.legal_actions(seat)
                picks = table.state.pending_picks(seat)
            refusal = False
            try:
                async with stages.timed("act"):
                    await service.act(table.id, user, [], table.rev, index=pick(rng, legal, picks))
            except IllegalAction:  # a menu pick the rules refuse (Le Trio): shown, then chosen again
                refusal = True
                if measuring:
                    refused += 1
            await console(table, seat, shown, locale, urgent=True)  # the click is answered in that same hand message
            if refusal:
                continue
            changed.set()
            if measuring:
                latencies.append(time.perf_counter() - start)
        if drawing is not None:
            changed.set()
            await drawing

    if images._pool is not None:  # a bot that has run a while: every card face drawn in each worker
        await asyncio.gather(*(images._pool.draw("warm_up") for _ in range(images._pool.size)))
    tasks = [asyncio.create_task(player(n)) for n in range(tables)]
    await asyncio.sleep(min(2.0, seconds / 5))  # warm up: tables opened, caches filled
    stages.seconds.clear()
    for cache in (images.TABLES, images.HANDS):
        cache.hits = cache.misses = 0
    measuring = True
    began, cpu, helpers = time.perf_counter(), time.process_time(), workers_cpu()
    await asyncio.sleep(seconds)
    measuring = False
    elapsed = time.perf_counter() - began
    stages.seconds["cpu"] = time.process_time() - cpu  # every thread of this process
    stages.seconds["workers cpu"] = workers_cpu() - helpers  # the image worker processes
    stages.seconds["drawn tables"], stages.seconds["drawn hands"] = images.TABLES.misses, images.HANDS.misses
    stages.seconds["cached hands"] = images.HANDS.hits
    stop = True
    await asyncio.gather(*tasks)
    await service.close()
    await db.close()
    return latencies, dict(stages.seconds), elapsed, drawn, refused


async def restart(count: int) -> tuple[float, int, int]:
    """Start-up: ``count`` tables in play stored, each message shown at its last revision but for
    one table in twenty (the process stopped between a move and its edit); then a new service
    restores them and the presenter takes them over (``Presenter.start_up``, as ``setup_hook``
    does). Returns the seconds until clicks can be answered, the tables restored and the tables
    whose message is to be redrawn (in the background, :data:`bot.ui.presenter.STARTUP_RATE` a second)."""
    from types import SimpleNamespace

    from bot.ui import parts
    from bot.ui.presenter import Presenter

    names = sorted(games.GAMES)
    folder = scratch_folder("tapis-restore-")
    settings = Settings(database_path=Path(folder) / "restore.sqlite3", computer_pause=0, edit_interval=1.0,
                        turn_timer=0, default_locale="en")
    db = await open_database(settings.database_path)
    records = ShownRecords(db)  # what Discord showed of each table
    service = TableService(db, settings)
    rng = random.Random(0)

    async def one(n: int) -> None:
        table = await open_table(service, games.GAMES[names[n % len(names)]], n, 1000 * (n + 1))
        for _ in range(rng.randrange(5, 60)):  # a few moves in: snapshot and later rows
            if table.status != "playing" or table.state is None:
                break
            seat = table.to_act()
            assert seat is not None
            await service.act(table.id, 1000 * (n + 1) + seat, str(rng.choice(table.state.legal_actions(seat))))
        if table.state is not None and not table.open:
            await records.finish(table.id)  # ended, everything shown
        elif table.state is not None and n % 20:  # its message, recaps and ping shown
            await service.set_message(table, 10_000 + n)
            await records.record(table.id, "table", parts.table_key(table), table.message_id)
            for deal in parts.ended_deals(table):
                await records.record(table.id, f"recap:{deal}")
            if table.to_act() is not None:
                await records.record(table.id, "ping", f"{table.to_act()}:{table.turn_start}")

    for start in range(0, count, 50):
        await asyncio.gather(*(one(n) for n in range(start, min(count, start + 50))))
    await service.close()
    await db.close()
    behind: list[int] = []

    async def spread(tables: list[Table]) -> None:  # the background redraws are not timed here
        behind.append(len(tables))

    began = time.perf_counter()
    db = await open_database(settings.database_path)
    bot = SimpleNamespace(settings=settings, unexpected=[], archive=Archive(db), records=ShownRecords(db))
    presenter = Presenter(bot)  # type: ignore[arg-type]
    presenter._redraw_spread = spread  # type: ignore[method-assign]
    bot.service = service = TableService(db, settings)
    service.bus.subscribe(presenter)
    presenter.starting = True
    restored = await service.endings.restore()
    await presenter.start_up(list(service.tables.values()))
    elapsed = time.perf_counter() - began
    if presenter._catch_up is not None:
        await presenter._catch_up
    await service.close()
    await db.close()
    return elapsed, restored, sum(behind)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--no-images", action="store_true", help="leave out the hand and table images")
    parser.add_argument("--edit-interval", type=float, default=1.0,
                        help="seconds between two redraws of one table's image (the bot's edit_interval)")
    parser.add_argument("--image-workers", type=int, default=2,
                        help="draw the images in this many processes, 0: threads (the bot's IMAGE_WORKERS)")
    parser.add_argument("--restore", type=int, default=0,
                        help="instead: store this many tables in play and time their restore")
    parser.add_argument("--backend", choices=("sqlite", "postgres"), default=None,
                        help="compare the storage backends (benchmarks/serve_backends.py)")
    parser.add_argument("--processes", type=int, default=1, help="with --backend postgres: serving processes")
    args = parser.parse_args(argv)
    if args.backend or args.processes > 1:
        from benchmarks.serve_backends import compare

        return compare(args.backend or "sqlite", args.processes, args.tables, args.seconds, not args.no_images)
    if args.restore:
        elapsed, restored, behind = asyncio.run(restart(args.restore))
        print(f"restore: {restored} tables in play ready in {elapsed:.2f} s; {behind} messages behind, "
              f"redrawn over {behind / STARTUP_RATE:.1f} s in the background")
        return 0
    images.use_processes(args.image_workers)
    latencies, stages, elapsed, drawn, refused = asyncio.run(
        bench(args.tables, args.seconds, not args.no_images, args.edit_interval))
    ms = [v * 1000 for v in latencies]
    rate = len(ms) / elapsed
    cpu, helpers = stages.pop("cpu", 0.0), stages.pop("workers cpu", 0.0)
    tables_drawn, hands_drawn, hands_cached = (stages.pop(k, 0.0) for k in ("drawn tables", "drawn hands",
                                                                            "cached hands"))
    print(f"tables={args.tables} images={'no' if args.no_images else 'yes'} actions={len(ms)} "
          f"actions/s={rate:.0f} refused={refused} table images/s={drawn / elapsed:.0f} "
          f"drawn per action: tables {tables_drawn / max(1, len(ms)):.2f}, hands {hands_drawn / max(1, len(ms)):.2f} "
          f"(hands from the cache {hands_cached / max(1, len(ms)):.2f})")
    if ms:
        print(f"latency p50={statistics.median(ms):.1f} ms p95={pct(ms, 95):.1f} ms p99={pct(ms, 99):.1f} ms "
              f"cpu={1000 * (cpu + helpers) / len(ms):.2f} ms/action (this process {1000 * cpu / len(ms):.2f}, "
              f"image workers {1000 * helpers / len(ms):.2f}; {(cpu + helpers) / elapsed:.2f} cores)")
    # "act" includes the database transaction (waiting for it included): the engine part of act
    # (and waiting for the table's lock) is the remainder.
    act_only = max(0.0, stages.pop("act", 0.0) - stages.get("database", 0.0))
    stages["engine"] = stages.get("engine", 0.0) + act_only
    total = sum(stages.values()) or 1.0
    print("share of time: " + ", ".join(f"{k} {v / total:.0%}" for k, v in sorted(stages.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
