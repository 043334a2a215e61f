"""Club-night movements (docs/rules/club.md, « Club nights »): repeated meetings and time of ``movement``.

For each club size and number of rounds, prints the movement's repeated meetings, the least any
plan can have (a counting bound, not always reachable: 13 players cannot avoid some), the method
chosen (``fft`` rotation, ``cyclic``, ``field`` design, ``search``) and the time to plan it (wall
clock and CPU time of this process, which stays meaningful on a busy machine).
Run: ``.venv/bin/python -m benchmarks.event_movement [--players 16 200] [--rounds 3 8] [--size 4]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.events import plan_movement

PLAYERS = (13, 16, 20, 24, 28, 32, 36, 40, 48, 50, 64, 80, 100, 101, 128, 150, 199, 200)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="*", default=list(PLAYERS))
    parser.add_argument("--rounds", type=int, nargs=2, default=(3, 8), metavar=("FIRST", "LAST"))
    parser.add_argument("--size", type=int, default=4, help="seats per table (4)")
    args = parser.parse_args()
    rounds = range(args.rounds[0], args.rounds[1] + 1)
    print(f"tables of {args.size}; each cell: repeated meetings / least possible, method, wall ms (CPU ms)")
    print("players " + "".join(f"{r} rounds".rjust(30) for r in rounds))
    worst = 0.0
    for players in args.players:
        cells = []
        for r in rounds:
            wall, cpu = time.perf_counter(), time.process_time()
            m = plan_movement(players, r, args.size)
            wall, cpu = (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000
            worst = max(worst, wall)
            cells.append(f"{m.repeats}/{m.least} {m.method} {wall:.0f} ({cpu:.0f})".rjust(30))
        print(f"{players:>7} " + "".join(cells))
    print(f"slowest plan: {worst:.0f} ms")


if __name__ == "__main__":
    main()
