"""Experts that stay experts under load: the samples each searched decision got, and what it cost.

``--tables`` Tarot tables of one simulated member and three expert computers play through the real
:class:`bot.service.tables.TableService` and its thinker on ``--workers`` processes, exactly as
:mod:`benchmarks.computer_wait` plays them (production pauses, a member thinking 0 to ``--think``
seconds). Counted, not timed, where possible: the samples each searched expert decision ran (its
worker reports them: min, p10, median), and the share of them below the game's floor
(:data:`games.search.FLOOR_SAMPLES`, read, never set here: it must be 0). Then the wait between a
member's turns beyond the computer pauses (mean, p95), and how many expert tables a core carries at
the floor: a table asks ``D`` searched decisions per member turn, each keeps a worker ``c`` seconds,
and its turn comes round every ``T = think + pauses + target`` seconds (the member's mean think
time, the pauses measured per turn, the target wait), so a core carries ``T / (D c)`` tables
before the member waits longer than the target (full use: an upper bound). ``c`` is given both as
measured on the workers' clock (wall time per job, on this machine at its load) and as the workers'
CPU per job (what a free core would give). The machine's load average is printed beside each figure.

The expert's margin over normal at the samples it got is ``python -m benchmarks.ai_levels --game
tarot --samples N`` (the median printed here): duplicate deals at that fixed count.

Run: ``.venv/bin/python -m benchmarks.expert_load [--tables 100] [--workers 2] [--seconds 120]``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.computer_wait import load, pick
from bot.infra.think_queue import FairQueue
from games import GAMES
from games.search import FLOOR_SAMPLES, Search


def floor_cpu(deals: int = 2) -> float:
    """CPU seconds per searched decision of the Tarot expert at exactly its floor of samples (four
    experts play ``deals`` deals in this process: counted, so the same under any load but for the
    core's speed)."""
    game = GAMES["tarot"]
    searches, cpu = Search.tally["decisions"], time.process_time()
    for d in range(deals):
        state = game.new(4, f"floor:{d}", {"deals": 1})
        players = [game.computer_player("expert", samples=FLOOR_SAMPLES["tarot"]) for _ in range(4)]  # type: ignore[call-arg]
        rng = random.Random(d)
        while (seat := state.to_act()) is not None:
            state = state.apply(seat, players[seat].choose(state.view(seat), state.legal_actions(seat), rng))
    return (time.process_time() - cpu) / max(Search.tally["decisions"] - searches, 1)


def load_average() -> str:
    return "load average " + "/".join(f"{x:.1f}" for x in os.getloadavg())


def report(args: argparse.Namespace, waits: list[float], more: dict[str, Any]) -> list[str]:
    """The figures' lines."""
    stats = more["stats"]
    floor = FLOOR_SAMPLES["tarot"]
    samples = sorted(stats.samples)
    lines = []
    if samples:
        lines.append(f"  samples per searched decision ({len(samples)}): min {samples[0]}, p10 {pick(samples, 0.1)}, "
                     f"median {statistics.median(samples):.0f}, p90 {pick(samples, 0.9)} (floor {floor}); below the "
                     f"floor: {stats.below} ({100 * stats.below / len(samples):.1f} %)")
    if waits:
        mean = statistics.fmean(waits)
        lines.append(f"  wait between a member's turns beyond the pauses ({len(waits)} turns): mean {mean:.2f} s, "
                     f"p95 {pick(waits, 0.95):.2f} s, max {max(waits):.2f} s (target {args.target} s: "
                     f"{'met' if mean <= args.target else 'NOT met'}); {load_average()}")
    jobs = len(samples)
    if jobs:
        per_turn = jobs / max(more["all_turns"], 1)  # searched decisions between two member turns
        moves = (stats.jobs + stats.instant) / max(more["all_turns"], 1)
        cycle = args.think / 2 + moves * args.pause + args.target
        wall = stats.busy / jobs
        cpu = more["cpu"] / max(stats.jobs, 1)
        lines.append(f"  per member turn: {per_turn:.2f} searched decisions, {moves:.2f} computer moves "
                     f"({moves * args.pause:.1f} s of pauses); a turn comes round every {cycle:.1f} s at the target")
        lines.append(f"  a searched decision keeps a worker {1000 * wall:.0f} ms (wall, this machine) / "
                     f"{1000 * cpu:.0f} ms of CPU (at the samples it got): a core carries "
                     f"{cycle / (per_turn * wall):.1f} expert tables as measured here, {cycle / (per_turn * cpu):.1f} "
                     f"by the workers' CPU; {load_average()}")
        at_floor = more["floor cpu"]
        lines.append(f"  at exactly the floor ({floor} samples) a searched decision takes {1000 * at_floor:.0f} ms of CPU: "
                     f"a core carries {cycle / (per_turn * at_floor):.0f} expert tables at full use; {load_average()}")
    return lines


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
    parser.add_argument("--floor-deals", type=int, default=2, help="deals timing the floor's CPU per decision")
    parser.add_argument("--edf", action="store_true", help="the queue before: earliest deadline first, even saturated")
    args = parser.parse_args(argv)
    args.pinned = False
    FairQueue.fair = not args.edf
    print(f"{args.tables} Tarot tables (1 member, 3 experts) on {args.workers} workers, "
          f"{'earliest deadline first (before)' if args.edf else 'fair when saturated'}: {args.seconds:.0f} s, "
          f"pause {args.pause} s, think 0-{args.think} s, budget {args.budget} s, target {args.target} s; "
          f"floor {FLOOR_SAMPLES['tarot']} samples; {load_average()}")
    began = time.perf_counter()
    more: dict[str, Any] = {}
    waits, _, counts = asyncio.run(load(args, more))
    more["floor cpu"] = floor_cpu(args.floor_deals)
    for line in report(args, waits, more):
        print(line)
    print(f"  load run {time.perf_counter() - began:.0f} s, {counts['censored']:.0f} turns still waiting at the end; "
          f"{load_average()}")


if __name__ == "__main__":
    main()
