"""Serving speed on both storage backends and over several processes ("Done when").

``python -m benchmarks.serve --backend postgres --processes 2 --tables 100 --seconds 10`` runs the
serving loop of :mod:`benchmarks.serve` (a member asks for their hand, its image is built, one random
legal move is applied and saved; at once again) three times: one process on SQLite, then one
process and ``N`` processes on PostgreSQL. With ``N`` processes each OS process serves its own share
of the tables (``--tables`` in all) on the same database, with its own connection pool; the figures
are summed over the processes: actions/s, and the p50/p99 of every click of every process. Each
run gets a fresh database: a throwaway server (``tools/pgserver.py``) when ``DATABASE_URL`` is not
set, else new databases created on the server of ``DATABASE_URL`` (its user may create databases).
The table images of :mod:`benchmarks.serve` are left out here: they cost the same on both backends.
"""

from __future__ import annotations

import asyncio
import multiprocessing as mp
import os
import random
import statistics
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks import scratch_folder
from tools.pgserver import PostgresServer, execute

WARM_UP = 1.0  # seconds of play before the measure starts, once every process has opened its tables


@dataclass
class Run:
    """One configuration's figures, summed over its processes."""

    backend: str
    processes: int
    tables: int
    latencies: list[float]  # seconds, every click of every process
    elapsed: float

    def line(self) -> str:
        ms = sorted(v * 1000 for v in self.latencies)
        rate = len(ms) / self.elapsed if self.elapsed else 0.0
        p50 = statistics.median(ms) if ms else 0.0
        p99 = ms[min(len(ms) - 1, round(0.99 * (len(ms) - 1)))] if ms else 0.0
        return (f"{self.backend:<9} {self.processes:>9} {self.tables:>6} {len(ms):>8} {rate:>9.0f} "
                f"{p50:>7.1f} {p99:>7.1f}")


HEADER = f"{'backend':<9} {'processes':>9} {'tables':>6} {'actions':>8} {'actions/s':>9} {'p50 ms':>7} {'p99 ms':>7}"


async def _serve(target: str, first: int, count: int, total: int, seconds: float, with_images: bool,
                 ready: Any) -> tuple[list[float], float]:
    """One process: tables ``first .. first + count - 1`` of ``total``, clicking until ``seconds`` of
    measure have passed (after every process is ``ready`` and a short warm-up)."""
    import games
    from benchmarks.serve import open_table
    from bot.service.settings import Settings
    from bot.service.tables import TableService
    from bot.storage import open_database
    from bot.ui.hands import draw_hand
    from games.errors import GameError

    folder = scratch_folder("tapis-serve-")
    settings = Settings(database_path=Path(folder) / "serve.sqlite3", computer_pause=0, edit_interval=0,
                        turn_timer=0, default_locale="en")
    db = await open_database(target)
    service = TableService(db, settings)
    names = sorted(games.GAMES)
    latencies: list[float] = []
    measuring = stop = False
    opened = asyncio.Event()
    waiting = count

    async def player(n: int) -> None:
        nonlocal waiting
        rng = random.Random(n)
        game = games.GAMES[names[n % len(names)]]
        user_base = 1000 * (n + 1)
        table = await open_table(service, game, n, user_base)
        waiting -= 1
        if not waiting:
            opened.set()
        matches = 0
        while not stop:
            if table.status != "playing":
                matches += 1
                table = await open_table(service, game, n + total * matches, user_base)  # channels stay distinct
            start = time.perf_counter()
            seat = table.to_act()
            assert seat is not None
            user = table.seats[seat].user_id
            assert user is not None
            _, hand = service.hand(table.id, user)
            if with_images:
                await draw_hand(table, hand, "en")
            legal, picks = hand.legal, hand.picks
            while True:
                choice = rng.sample(legal, picks) if picks > 1 else rng.choice(legal)
                try:
                    await service.act(table.id, user, choice)
                    break
                except GameError:  # a random pick of several cards can be refused (a meld): pick again
                    if picks <= 1:
                        raise
            if measuring:
                latencies.append(time.perf_counter() - start)

    tasks = [asyncio.create_task(player(n)) for n in range(first, first + count)]
    await opened.wait()
    await asyncio.to_thread(ready.wait)  # every process has opened its tables
    await asyncio.sleep(WARM_UP)
    measuring = True
    began = time.perf_counter()
    await asyncio.sleep(seconds)
    measuring = False
    elapsed = time.perf_counter() - began
    stop = True
    await asyncio.gather(*tasks)
    await service.close()
    await db.close()
    return latencies, elapsed


def _process(target: str, first: int, count: int, total: int, seconds: float, with_images: bool,
             ready: Any, results: Any) -> None:
    results.put(asyncio.run(_serve(target, first, count, total, seconds, with_images, ready)))


def run(backend: str, target: str, processes: int, tables: int, seconds: float, with_images: bool) -> Run:
    """Serve ``tables`` tables from ``processes`` OS processes on ``target`` (a file or a URL)."""
    ctx = mp.get_context("spawn")
    ready = ctx.Barrier(processes)
    results = ctx.Queue()
    shares = [tables // processes + (i < tables % processes) for i in range(processes)]
    firsts = [sum(shares[:i]) for i in range(processes)]
    workers = [ctx.Process(target=_process, args=(target, first, share, tables, seconds, with_images, ready, results))
               for first, share in zip(firsts, shares, strict=True)]
    for w in workers:
        w.start()
    outcomes = [results.get(timeout=seconds + 600) for _ in workers]
    for w in workers:
        w.join()
        if w.exitcode:
            raise RuntimeError(f"a serving process failed (exit code {w.exitcode})")
    latencies = [v for lat, _ in outcomes for v in lat]
    return Run(backend, processes, tables, latencies, max(elapsed for _, elapsed in outcomes))


@contextmanager
def _server() -> Iterator[str]:
    """``DATABASE_URL``, else a throwaway server's URL."""
    url = os.environ.get("DATABASE_URL", "").strip()
    if url:
        yield url
        return
    with PostgresServer() as server:
        yield server.dsn


@contextmanager
def _fresh(server_url: str) -> Iterator[str]:
    """A new database on the server of ``server_url``, dropped afterwards."""
    name = f"bench_{uuid.uuid4().hex[:12]}"
    execute(server_url, f"CREATE DATABASE {name}")
    try:
        yield server_url.rsplit("/", 1)[0] + f"/{name}"
    finally:
        execute(server_url, f"DROP DATABASE {name} WITH (FORCE)")


def compare(backend: str, processes: int, tables: int, seconds: float, with_images: bool) -> int:
    """Print the figures: SQLite with one process; with ``backend="postgres"``, PostgreSQL with one
    process and with ``processes`` processes too."""
    if backend == "sqlite" and processes > 1:
        print("SQLite serves from one process (one writer, a lock file): --processes needs --backend postgres")
        return 2
    print(f"serving {tables} tables for {seconds:g} s per run (images: {'yes' if with_images else 'no'}), "
          f"{os.cpu_count()} cores")
    print(HEADER)
    folder = scratch_folder("tapis-serve-")
    print(run("sqlite", str(Path(folder) / "serve.sqlite3"), 1, tables, seconds, with_images).line(), flush=True)
    if backend != "postgres":
        return 0
    with _server() as server:
        for n in sorted({1, processes}):
            with _fresh(server) as url:
                print(run("postgres", url, n, tables, seconds, with_images).line(), flush=True)
    return 0
