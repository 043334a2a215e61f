"""The review queue at load: its throughput with live tables playing, and the members' waits for the
computers beside the same load with reviews off.

``tables`` Tarot tables of one member and three expert computers play through the real
:class:`bot.service.tables.TableService` and its thinker on ``workers`` processes, with the
production pause before each computer decision, as :mod:`benchmarks.computer_wait` plays them (its
:class:`~benchmarks.computer_wait.Watch` answers each member's turn after a think time and measures
the wait between a member's move and their next turn beyond the pauses). The run is made twice on the
same tables and seeds: reviews off, then with ``feeders`` members asking reviews without pause
(:class:`bot.service.reviews.Reviews`, :data:`games.review.SAMPLES` samples a decision, one seat of an
already played Tarot deal each), so the review queue is never empty. Printed per run: the member's
wait (mean, p50, p99), the queued computer decisions' time from asking to the answer (p50, p99), the
expert's median budget, and with reviews on the reviews finished and decisions weighed per minute.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks.computer_wait import Turns, Watch, pick
from bot.service.reviews import Reviews
from bot.service.settings import Settings
from bot.service.tables import TableService
from bot.storage import open_database
from bot.storage.reviews import ReviewStore
from games import GAMES
from games.review import SAMPLES


@dataclass
class Run:
    """One load run's figures."""

    waits: list[float]
    latencies: list[float]
    budgets: list[float]
    reviews: int = 0
    weighed: int = 0
    seconds: float = 0.0

    def line(self, label: str) -> str:
        waits, lat = self.waits or [0.0], self.latencies or [0.0]
        text = (f"  {label:<12} member's wait beyond the pauses: mean {statistics.fmean(waits):.2f} s, "
                f"p50 {pick(waits, 0.5):.2f} s, p99 {pick(waits, 0.99):.2f} s ({len(self.waits)} turns); "
                f"computer decision asked→answered p50 {pick(lat, 0.5):.2f} s, p99 {pick(lat, 0.99):.2f} s; "
                f"expert budget median {1000 * statistics.median(self.budgets or [0.0]):.0f} ms")
        if self.seconds:
            text += (f"; reviews {60 * self.reviews / self.seconds:.1f}/min "
                     f"({60 * self.weighed / self.seconds:.0f} decisions weighed/min)")
        return text + f"; load average {os.getloadavg()[0]:.1f}"


def _deals(count: int) -> list[dict[str, Any]]:
    """Played first deals of Tarot at four (normal players), to be reviewed."""
    from benchmarks.review import _first_deal

    return [_first_deal("tarot", 4, 1000 + n) for n in range(count)]


async def _run(args: argparse.Namespace, reviews_on: bool, deals: list[dict[str, Any]]) -> Run:
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(database_path=Path(tmp) / "load.sqlite3", default_locale="en", synchronous="NORMAL",
                            computer_pause=args.pause, edit_interval=0, turn_timer=0,
                            computer_workers=args.workers, expert_budget=args.budget)
        db = await open_database(settings.database)
        loop = asyncio.get_running_loop()
        watch = Watch(args.pause, args.think, loop.time() + args.warmup)
        service = TableService(db, settings)
        service.bus.subscribe(watch)
        watch.service = service
        thinker = service.computers.thinker
        await thinker.start()
        latencies: list[float] = []
        decide = thinker.decide

        async def timed(*a: Any, **kw: Any) -> Any:
            began = loop.time()
            try:
                return await decide(*a, **kw)
            finally:
                if len(a[3]) > 1 and began >= watch.warmup_end:
                    latencies.append(loop.time() - began)

        thinker.decide = timed  # type: ignore[method-assign]
        weighed: list[float] = []
        step = thinker.review_step

        async def counted(game: str, reviewer: bytes) -> bytes:
            out = await step(game, reviewer)
            if loop.time() >= watch.warmup_end:
                weighed.append(loop.time())
            return out

        thinker.review_step = counted  # type: ignore[method-assign]
        tarot = GAMES["tarot"]
        for n in range(args.tables):
            table = await service.create(guild_id=1, channel_id=1000 + n, thread_id=None, host_id=n + 1,
                                         host_name=f"m{n}", game="tarot", options={"deals": 10}, seats=4,
                                         seed=f"wait:{n}")
            for _ in range(3):
                await service.add_computer(table.id, n + 1, "expert")
            watch.turns[table.id] = Turns(loop.time(), 0, tarot.computer_player("normal"), random.Random(n))
        reviews = Reviews(ReviewStore(db), lambda: thinker, samples=SAMPLES)
        done: list[float] = []

        async def feed(k: int) -> None:
            n = k
            while True:
                saved = deals[n % len(deals)]
                await reviews.review(f"load{n}", tarot, saved, n % 4, 0)
                if loop.time() >= watch.warmup_end:
                    done.append(loop.time())
                n += args.feeders

        started = loop.time()
        watch.warmup_end = started + args.warmup
        for table in list(service.tables.values()):
            await service.start(table.id, table.host_id)
        feeders = [loop.create_task(feed(k)) for k in range(args.feeders)] if reviews_on else []
        await asyncio.sleep(args.warmup + args.seconds)
        end = loop.time()
        for task in [*feeders, *watch.tasks]:
            task.cancel()
        reviews.close()
        run = Run(watch.waits + watch.waiting(end), latencies, list(thinker.stats.budgets))
        if reviews_on:
            run.reviews, run.weighed, run.seconds = len(done), len(weighed), end - watch.warmup_end
        await service.close()
        await db.close()
        return run


def review_load(args: argparse.Namespace) -> None:
    """Print the two runs (reviews off, then on) side by side."""
    print(f"review queue with {args.tables} Tarot tables playing (1 member, 3 experts each) on {args.workers} "
          f"workers: {args.seconds:.0f} s a run after {args.warmup:.0f} s, pause {args.pause} s, think 0-{args.think} s, "
          f"expert budget {args.budget} s, {args.feeders} members asking reviews at {SAMPLES} samples a decision")
    deals = _deals(16)
    off = asyncio.run(_run(args, False, deals))
    print(off.line("reviews off"))
    on = asyncio.run(_run(args, True, deals))
    print(on.line("reviews on"))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--tables", type=int, default=100, help="live tables during the review queue's run (0: none)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=60.0, help="each load run's measured length")
    parser.add_argument("--warmup", type=float, default=15.0)
    parser.add_argument("--pause", type=float, default=1.0, help="COMPUTER_PAUSE")
    parser.add_argument("--think", type=float, default=2.0, help="a member's think time: 0 to this (s)")
    parser.add_argument("--budget", type=float, default=1.0, help="EXPERT_BUDGET")
    parser.add_argument("--feeders", type=int, default=2, help="members asking reviews one after the other")
