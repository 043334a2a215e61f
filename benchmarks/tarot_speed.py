"""Tarot engine speed: random 4-player matches through the public contract.

Each step asks ``legal_actions(seat)`` and applies a random one with ``apply`` (which re-checks
legality and copies the state), exactly as the bot does. The machine is shared, so the run is
repeated and both wall-clock and CPU-time rates are printed (best and median).

Run: ``.venv/bin/python -m benchmarks.tarot_speed [--seconds 1] [--repeat 7] [--players 4]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.tarot import TAROT


def run(players: int, seconds: float, seed: int = 0) -> tuple[float, float, int]:
    """(actions per wall second, actions per CPU second, matches) over about ``seconds``."""
    rng = random.Random(seed)
    actions = matches = 0
    wall0, cpu0 = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall0 < seconds:
        state = TAROT.new(players, matches)
        while (seat := state.to_act()) is not None:
            legal = state.legal_actions(seat)
            state = state.apply(seat, legal[rng.randrange(len(legal))])
            actions += 1
        matches += 1
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    return actions / wall, actions / cpu, matches


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--players", type=int, action="append")
    args = parser.parse_args(argv)
    for players in args.players or [4]:
        runs = [run(players, args.seconds, seed) for seed in range(args.repeat)]
        wall = [r[0] for r in runs]
        cpu = [r[1] for r in runs]
        print(f"tarot {players} players: actions/s wall best {max(wall):,.0f} median "
              f"{statistics.median(wall):,.0f}; CPU best {max(cpu):,.0f} median {statistics.median(cpu):,.0f} "
              f"({sum(r[2] for r in runs)} matches)")


if __name__ == "__main__":
    main()
