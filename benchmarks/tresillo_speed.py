"""Random full Tresillo deals per second through the engine contract (``legal_actions`` + ``apply``).

Every decision is a uniformly random legal action; matches run to their end. Prints deals/s
(wall clock, and per CPU second of this process, which stays meaningful on a busy machine),
actions/s and the mean actions per deal for 3 and 4 seats.
Run: ``.venv/bin/python -m benchmarks.tresillo_speed [--seconds 3]``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.tresillo import TRESILLO


def run(seats: int, seconds: float) -> tuple[float, float, float, float]:
    """(deals/s, deals per CPU s, actions/s, actions per deal) over about ``seconds`` of random matches."""
    rng = random.Random(0)
    deals = actions = matches = 0
    start = time.perf_counter()
    cpu = time.process_time()
    while time.perf_counter() - start < seconds:
        state = TRESILLO.new(seats, matches)
        while (seat := state.to_act()) is not None:
            legal = state.legal_actions(seat)
            state = state.apply(seat, legal[rng.randrange(len(legal))])
            actions += 1
        deals += state.deal_no
        matches += 1
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    return deals / elapsed, deals / cpu, actions / elapsed, actions / deals


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args(argv)
    for seats in (3, 4):
        deals, per_cpu, actions, per_deal = run(seats, args.seconds)
        print(f"tresillo {seats} seats: {deals:8.0f} deals/s ({per_cpu:.0f} per CPU s)  "
              f"{actions:9.0f} actions/s  {per_deal:5.1f} actions/deal")


if __name__ == "__main__":
    main()
