"""Random full matches through the public contract for every registered game and seat count.

Prints matches/s, actions/s and the median microseconds per ``legal_actions`` and per ``apply``.
Matches use each game's ``playout_options`` (random play cannot finish seven rummy contracts, so
Le Trio and L'École are measured on one round; every other game on its default match).
Run: ``.venv/bin/python -m benchmarks.engines [--seconds 3] [--game tarot]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import GAMES
from games.base import Game


def run(game: Game, seats: int, seconds: float) -> dict[str, float]:
    """Play random matches for about ``seconds``; time every legal_actions and apply call."""
    rng = random.Random(0)
    legal_ns: list[int] = []
    apply_ns: list[int] = []
    matches = actions = 0
    clock = time.perf_counter_ns
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new(seats, matches, game.playout_options)
        while (seat := state.to_act()) is not None:
            t0 = clock()
            legal = state.legal_actions(seat)
            t1 = clock()
            state = state.apply(seat, legal[rng.randrange(len(legal))])
            t2 = clock()
            legal_ns.append(t1 - t0)
            apply_ns.append(t2 - t1)
            actions += 1
        matches += 1
    elapsed = time.perf_counter() - start
    return {"matches/s": matches / elapsed, "actions/s": actions / elapsed,
            "legal us": statistics.median(legal_ns) / 1000, "apply us": statistics.median(apply_ns) / 1000,
            "actions/match": actions / max(matches, 1)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game and seat count")
    parser.add_argument("--game", action="append", help="only these games")
    args = parser.parse_args(argv)
    games = [GAMES[g] for g in args.game] if args.game else list(GAMES.values())
    if not games:
        from tests.toygame import TOY

        print("no game registered yet: measuring the toy game of the test suite")
        games = [TOY]
    print(f"{'game':<10}{'seats':>6}{'matches/s':>12}{'actions/s':>12}{'actions/match':>15}"
          f"{'legal us':>10}{'apply us':>10}")
    for game in games:
        for seats in range(game.min_seats, game.max_seats + 1):
            r = run(game, seats, args.seconds)
            print(f"{game.name:<10}{seats:>6}{r['matches/s']:>12.1f}{r['actions/s']:>12.0f}"
                  f"{r['actions/match']:>15.1f}{r['legal us']:>10.2f}{r['apply us']:>10.2f}")


if __name__ == "__main__":
    main()
