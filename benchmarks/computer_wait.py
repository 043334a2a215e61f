"""How long computers keep a member waiting at load.

``--tables`` Tarot tables of one member and three expert computers are played through the real
:class:`bot.service.tables.TableService` (a temporary SQLite database, no Discord) and its thinker on
``--workers`` processes, with the production pause before each computer decision
(``--pause``, ``COMPUTER_PAUSE``). Each member answers with the normal player's move after a think
time drawn from 0 to ``--think`` seconds. The figure is the wait between a member's move and their
next turn beyond the computer pauses (each computer move between them counts one pause), over the
turns that began after ``--warmup`` seconds; turns still awaited at the end count with the time
waited so far (a lower bound).

It prints the mean, p50, p99 and max of that wait, the expert's budget the queue gave (the median of
its searched decisions), the decisions per second, and then the expert's margin over the normal
level at that budget: ``--margin-deals`` duplicate one-deal matches (each played once by four normal
players and once per seat with an expert at that budget on it; the figure is the expert seat's
points minus the normal seat's, per deal, with a 95 % interval), on ``--workers`` processes.

``--pinned`` runs the thinker before the shared queue (:mod:`benchmarks.pinned_thinker`: each table pinned
to a worker by a hash, the full budget).

Run: ``.venv/bin/python -m benchmarks.computer_wait --tables 100 --workers 2 [--seconds 120]
[--pinned] [--margin-deals 40]``. The machine's load average is printed with the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.service.settings import Settings
from bot.service.table import Table
from bot.service.tables import TableService
from bot.storage import open_database
from games import GAMES
from games.base import Player

MEMBER = 0  # the host's seat: the one member at each table


@dataclass
class Turns:
    """One table's member: when they last moved, and the waits measured."""

    moved_at: float
    rev: int  # the table's revision after their move
    player: Player
    rng: random.Random
    noted: int = -1  # the revision of the turn last noted
    acting: bool = False


@dataclass
class Watch:
    """The service's listener: notes each member's turn and answers it after a think time."""

    pause: float
    think: float
    warmup_end: float
    service: TableService | None = None
    turns: dict[str, Turns] = field(default_factory=dict)
    waits: list[float] = field(default_factory=list)
    noted: int = 0  # member turns noted, warm-up included
    tasks: set[asyncio.Task[None]] = field(default_factory=set)

    def table_changed(self, table: Table) -> None:
        turns = self.turns.get(table.id)
        if turns is None or table.status != "playing" or table.to_act() != MEMBER or turns.acting:
            return
        if table.rev == turns.noted:
            return
        now = asyncio.get_running_loop().time()
        turns.noted = table.rev
        self.noted += 1
        waited = now - turns.moved_at - (table.rev - turns.rev) * self.pause
        if turns.moved_at >= self.warmup_end:
            self.waits.append(max(waited, 0.0))
        turns.acting = True
        task = asyncio.get_running_loop().create_task(self.answer(table, turns))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def answer(self, table: Table, turns: Turns) -> None:
        assert self.service is not None
        await asyncio.sleep(turns.rng.random() * self.think)
        while table.status == "playing" and (state := table.state) is not None and state.to_act() == MEMBER:
            # the member's whole turn (the écart is six moves)
            action = turns.player.choose(state.view(MEMBER), state.legal_actions(MEMBER), turns.rng)
            await self.service.act(table.id, table.seats[MEMBER].user_id or 0, str(action))
        turns.moved_at, turns.rev = asyncio.get_running_loop().time(), table.rev
        turns.acting = False

    def waiting(self, now: float) -> list[float]:
        """The waits of the turns still awaited (lower bounds)."""
        return [now - t.moved_at for t in self.turns.values()
                if not t.acting and t.moved_at >= self.warmup_end and t.noted < t.rev]


def worker_cpu(pids: Sequence[int]) -> float:
    """The CPU seconds (user and system) the processes ``pids`` used so far (Linux ``/proc``)."""
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def pick(xs: Sequence[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


async def load(args: argparse.Namespace, more: dict[str, Any] | None = None
               ) -> tuple[list[float], list[float], dict[str, float]]:
    """The load run: the waits measured, the expert's budgets, and counts; ``more`` receives the
    thinker's stats (``"stats"``), the member turns measured (``"turns"``) and the workers' CPU
    seconds over the run (``"cpu"``)."""
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(database_path=Path(tmp) / "wait.sqlite3", default_locale="en", synchronous="NORMAL",
                            computer_pause=args.pause, edit_interval=0, turn_timer=0,
                            computer_workers=args.workers, expert_budget=args.budget,
                            computer_target_wait=args.target)
        db = await open_database(settings.database)
        loop = asyncio.get_running_loop()
        watch = Watch(args.pause, args.think, loop.time() + args.warmup)
        service = TableService(db, settings)
        service.bus.subscribe(watch)
        watch.service = service
        if args.pinned:
            from benchmarks.pinned_thinker import Thinker as Pinned

            service.computers.thinker = Pinned(args.workers, args.budget)  # type: ignore[assignment]
        thinker = service.computers.thinker
        await thinker.start()
        latencies: list[float] = []  # each queued decision's time from asking to the answer
        decide = thinker.decide

        async def timed(*a: Any, **kw: Any) -> Any:
            began = loop.time()
            try:
                return await decide(*a, **kw)
            finally:
                if len(a[3]) > 1 and began >= watch.warmup_end:
                    latencies.append(loop.time() - began)

        thinker.decide = timed  # type: ignore[method-assign]
        tarot = GAMES["tarot"]
        for n in range(args.tables):
            table = await service.create(guild_id=1, channel_id=1000 + n, thread_id=None, host_id=n + 1,
                                         host_name=f"m{n}", game="tarot", options={"deals": 10}, seats=4,
                                         seed=f"wait:{n}")
            for _ in range(3):
                await service.add_computer(table.id, n + 1, "expert")
            watch.turns[table.id] = Turns(loop.time(), 0, tarot.computer_player("normal"), random.Random(n))
        started = loop.time()
        watch.warmup_end = started + args.warmup
        cpu = worker_cpu(thinker.pids()) if hasattr(thinker, "pids") else 0.0
        for table in list(service.tables.values()):
            await service.start(table.id, table.host_id)
        await asyncio.sleep(args.seconds)
        end = loop.time()
        waits = watch.waits + watch.waiting(end)
        stats = getattr(thinker, "stats", None)
        budgets = [args.budget] if stats is None else list(stats.budgets)
        counts = {"decisions": sum(t.rev for t in service.tables.values()) / (end - started),
                  "censored": len(watch.waiting(end)),
                  "latency p50": round(pick(latencies, 0.5), 2), "latency p99": round(pick(latencies, 0.99), 2)}
        if more is not None:
            more |= {"stats": stats, "turns": len(watch.waits), "all_turns": watch.noted,
                     "cpu": (worker_cpu(thinker.pids()) - cpu) if hasattr(thinker, "pids") else 0.0}
        if stats is not None:
            counts |= {"instant": stats.instant, "jobs": stats.jobs, "retries": stats.retries,
                       "overrun ms": round(1000 * stats.overrun)}
        for task in list(watch.tasks):
            task.cancel()
        await service.close()
        await db.close()
        return waits, budgets, counts


def duplicate(args: tuple[str, float]) -> float:
    """One duplicate match: the expert seat's points minus the normal seat's, averaged over seats."""
    seed, budget = args
    game = GAMES["tarot"]

    def play(expert_seat: int | None) -> list[float]:
        state = game.new(4, seed, {"deals": 1})
        players = [game.computer_player("expert", budget=budget) if s == expert_seat  # type: ignore[call-arg]
                   else game.computer_player("normal") for s in range(4)]
        rng = random.Random(f"{seed}:bots")
        while (seat := state.to_act()) is not None:
            state = state.apply(seat, players[seat].choose(state.view(seat), state.legal_actions(seat), rng))
        outcome = state.outcome()
        assert outcome is not None
        return list(outcome.scores)

    base = play(None)
    return sum(play(seat)[seat] - base[seat] for seat in range(4)) / 4


def margin(budget: float, deals: int, workers: int, first: int = 0) -> tuple[float, float]:
    """The expert's mean margin over the normal level and its 95 % interval, on the duplicate deals
    ``first`` to ``first + deals - 1``."""
    with ProcessPoolExecutor(max(workers, 1)) as pool:
        diffs = list(pool.map(duplicate, [(f"margin:{d}", budget) for d in range(first, first + deals)]))
    mean = sum(diffs) / len(diffs)
    sd = math.sqrt(sum((x - mean) ** 2 for x in diffs) / max(len(diffs) - 1, 1))
    return mean, 1.96 * sd / math.sqrt(len(diffs))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=120.0, help="length of the load run")
    parser.add_argument("--warmup", type=float, default=20.0, help="turns beginning earlier are not counted")
    parser.add_argument("--pause", type=float, default=1.0, help="COMPUTER_PAUSE")
    parser.add_argument("--think", type=float, default=2.0, help="a member's think time: 0 to this (s)")
    parser.add_argument("--budget", type=float, default=1.0, help="EXPERT_BUDGET")
    parser.add_argument("--target", type=float, default=3.0, help="COMPUTER_TARGET_WAIT")
    parser.add_argument("--pinned", action="store_true", help="the thinker before the shared queue")
    parser.add_argument("--margin-deals", type=int, default=40, help="duplicate matches (0: no margin)")
    args = parser.parse_args(argv)
    mode = "pinned (before)" if args.pinned else "shared queue (after)"
    print(f"{args.tables} Tarot tables (1 member, 3 experts) on {args.workers} workers, {mode}: "
          f"{args.seconds:.0f} s, pause {args.pause} s, think 0-{args.think} s, budget {args.budget} s, "
          f"target {args.target} s; load average {os.getloadavg()[0]:.1f}")
    began = time.perf_counter()
    waits, budgets, counts = asyncio.run(load(args))
    print(f"  wait between a member's turns beyond the pauses ({len(waits)} turns, {counts['censored']} "
          f"still waiting at the end): mean {statistics.fmean(waits):.2f} s, p50 {pick(waits, 0.5):.2f} s, "
          f"p99 {pick(waits, 0.99):.2f} s, max {max(waits):.2f} s" if waits else "  no turn measured")
    budget = statistics.median(budgets) if budgets else args.budget
    print(f"  expert budget per searched decision: median {1000 * budget:.0f} ms "
          f"(p10 {1000 * pick(budgets, 0.1):.0f}, p90 {1000 * pick(budgets, 0.9):.0f} ms, {len(budgets)} jobs); "
          f"moves {counts['decisions']:.1f}/s; " + ", ".join(f"{k} {v}" for k, v in counts.items()
                                                            if k not in ("decisions", "censored")))
    print(f"  load run {time.perf_counter() - began:.0f} s, load average {os.getloadavg()[0]:.1f}")
    if args.margin_deals:
        began = time.perf_counter()
        mean, ci = margin(budget, args.margin_deals, args.workers)
        print(f"  expert at {1000 * budget:.0f} ms minus normal: {mean:+.2f} ± {ci:.2f} points per deal per seat "
              f"[{mean - ci:+.2f}, {mean + ci:+.2f}] ({args.margin_deals} duplicate deals, "
              f"{time.perf_counter() - began:.0f} s, load average {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
