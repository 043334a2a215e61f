"""Serving speed at the service layer: N tables of mixed games clicking continuously (issue 14).

Each table is seated with members only (no computer players, no Discord): a loop per table asks
for the hand of the member to act (``TableService.hand``), builds its private payload in a worker
thread (``bot.hands.hand_payload``: the hand image), applies one random legal move
(``TableService.act``: engine and SQLite transaction) and clicks again at once. Beside it, the
table's public image is drawn in a worker thread as the Presenter does (``bot.images.table_png``):
after a change, then at most once per ``--edit-interval`` seconds (the bot's ``edit_interval``,
1 s by default), with the newest state. A finished match is replaced by a new one of the same game.

Prints actions/s, the latency of one click (hand and its image, then the act) at p50/p95/p99,
the table images drawn, and the share of time per stage (engine, database, hand image, table
image; the database share includes waiting for the writer).

Run: ``.venv/bin/python -m benchmarks.serve --tables 100 --seconds 10 [--no-images]``;
``--restore 1000`` instead times a start-up with 1,000 stored tables in play (open the database,
restore; the presenter then redraws only the tables whose message is behind, in the background).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games
from bot import images
from bot.db import Database
from bot.hands import hand_payload
from bot.settings import Settings
from bot.table import Table
from bot.tables import TableService


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
                edit_interval: float = 1.0) -> tuple[list[float], dict[str, float], float, int]:
    names = sorted(games.GAMES)
    folder = tempfile.mkdtemp(prefix="tapis-serve-")
    settings = Settings(database_path=Path(folder) / "serve.sqlite3", computer_pause=0, edit_interval=0,
                        turn_timer=0, default_locale="en")
    db = await Database.open(settings.database_path)
    service = TableService(db, settings)
    stages = Stages()
    latencies: list[float] = []
    measuring = False
    stop = False
    counter = 0
    drawn = 0

    # The database's share: time inside write transactions (waiting for the writer included).
    transaction = db.transaction

    @asynccontextmanager
    async def timed_transaction() -> AsyncIterator[Any]:
        async with stages.timed("database"), transaction() as conn:
            yield conn

    db.transaction = timed_transaction  # type: ignore[method-assign]

    async def presenter(current: list[Table], changed: asyncio.Event, locale: str) -> None:
        """Redraw the table image after a change, at most once per ``edit_interval``."""
        nonlocal drawn
        while not stop:
            await changed.wait()
            changed.clear()
            table = current[0]
            if table.state is not None:
                async with stages.timed("table image"):
                    await asyncio.to_thread(images.table_png, table.state.view(None), table.names(), locale)
                if measuring:
                    drawn += 1
            await asyncio.sleep(edit_interval)

    async def player(n: int) -> None:
        nonlocal counter
        rng = random.Random(n)
        game = games.GAMES[names[n % len(names)]]
        user_base = 1000 * (n + 1)
        current = [await open_table(service, game, n, user_base)]
        locale = "en"
        changed = asyncio.Event()
        drawing = asyncio.create_task(presenter(current, changed, locale)) if with_images else None
        while not stop:
            table = current[0]
            if table.status != "playing":
                counter += 1
                table = current[0] = await open_table(service, game, tables + counter, user_base)
            start = time.perf_counter()
            seat = table.to_act()
            assert seat is not None
            user = table.seats[seat].user_id
            assert user is not None
            async with stages.timed("engine"):
                _, seat, view, legal, picks = service.hand(table.id, user)
            if with_images:
                async with stages.timed("hand image"):
                    await asyncio.to_thread(hand_payload, table, view, legal, picks, locale)
            choice = [str(a) for a in rng.sample(legal, picks)] if picks > 1 else str(rng.choice(legal))
            async with stages.timed("act"):
                await service.act(table.id, user, choice)
            changed.set()
            if measuring:
                latencies.append(time.perf_counter() - start)
        if drawing is not None:
            changed.set()
            await drawing

    tasks = [asyncio.create_task(player(n)) for n in range(tables)]
    await asyncio.sleep(min(2.0, seconds / 5))  # warm up: tables opened, caches filled
    stages.seconds.clear()
    measuring = True
    began = time.perf_counter()
    await asyncio.sleep(seconds)
    measuring = False
    elapsed = time.perf_counter() - began
    stop = True
    await asyncio.gather(*tasks)
    await service.close()
    await db.close()
    return latencies, dict(stages.seconds), elapsed, drawn


async def restart(count: int) -> tuple[float, int]:
    """Start-up: ``count`` tables in play stored, then a new service restores them; returns the
    seconds until it can answer clicks and how many tables it restored."""
    names = sorted(games.GAMES)
    folder = tempfile.mkdtemp(prefix="tapis-restore-")
    settings = Settings(database_path=Path(folder) / "restore.sqlite3", computer_pause=0, edit_interval=0,
                        turn_timer=0, default_locale="en")
    db = await Database.open(settings.database_path)
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

    for start in range(0, count, 50):
        await asyncio.gather(*(one(n) for n in range(start, min(count, start + 50))))
    await service.close()
    await db.close()
    began = time.perf_counter()
    db = await Database.open(settings.database_path)
    service = TableService(db, settings)
    restored = await service.restore()
    elapsed = time.perf_counter() - began
    await service.close()
    await db.close()
    return elapsed, restored


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--no-images", action="store_true", help="leave out the hand and table images")
    parser.add_argument("--edit-interval", type=float, default=1.0,
                        help="seconds between two redraws of one table's image (the bot's edit_interval)")
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
        elapsed, restored = asyncio.run(restart(args.restore))
        print(f"restore: {restored} tables in play ready in {elapsed:.2f} s")
        return 0
    latencies, stages, elapsed, drawn = asyncio.run(
        bench(args.tables, args.seconds, not args.no_images, args.edit_interval))
    ms = [v * 1000 for v in latencies]
    rate = len(ms) / elapsed
    print(f"tables={args.tables} images={'no' if args.no_images else 'yes'} actions={len(ms)} "
          f"actions/s={rate:.0f} table images/s={drawn / elapsed:.0f}")
    if ms:
        print(f"latency p50={statistics.median(ms):.1f} ms p95={pct(ms, 95):.1f} ms p99={pct(ms, 99):.1f} ms")
    # "act" includes the database transaction (waiting for it included): the engine part of act
    # (and waiting for the table's lock) is the remainder.
    act_only = max(0.0, stages.pop("act", 0.0) - stages.get("database", 0.0))
    stages["engine"] = stages.get("engine", 0.0) + act_only
    total = sum(stages.values()) or 1.0
    print("share of time: " + ", ".join(f"{k} {v / total:.0%}" for k, v in sorted(stages.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
