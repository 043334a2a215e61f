"""Rendering speed and size: median milliseconds per image (compose + PNG encode) and KiB.

For every registered game (the toy game of the tests when none is), at a mid-trick moment:
``table_image`` of the public view, ``hand_image`` of the seat to act with its playable cards,
``recap_image`` after the first deal, and the largest hand met in a match at the fewest seats
(30 cards: a 3-player Tarot taker with the chien). Bounds: table <= 25 ms median and <= 150 KiB,
hand <= 10 ms. Card faces are cached per size, so the first call (cold) is reported apart.
Run: ``.venv/bin/python -m benchmarks.rendering [--runs 60] [--game tarot]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import rendering
from games import GAMES
from games.base import Game
from rendering.samples import NAMES, SHORT, legal_codes, moments, playout

SEATS = {"tarot": 4, "tresillo": 4, "trio": 4, "ecole": 5, "piquet": 2}


def timed(fn, runs: int) -> tuple[float, float, float, int]:  # type: ignore[no-untyped-def]
    """(cold ms, median warm wall ms, median warm CPU ms, bytes). The CPU time of this one thread
    is what an image costs; wall time also counts waiting for a core on a busy machine."""
    t0 = time.perf_counter()
    out = fn()
    cold = (time.perf_counter() - t0) * 1000
    wall, cpu = [], []
    for _ in range(runs):
        t0, c0 = time.perf_counter(), time.thread_time()
        out = fn()
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.thread_time() - c0) * 1000)
    return cold, statistics.median(wall), statistics.median(cpu), len(out)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=60)
    parser.add_argument("--game", action="append")
    args = parser.parse_args(argv)
    games: list[Game] = [GAMES[g] for g in args.game] if args.game else list(GAMES.values())
    if not games:
        from tests.toygame import TOY

        games = [TOY]
    print(f"{'game':<10}{'seats':>6}  {'image':<7}{'cold ms':>9}{'median ms':>11}{'cpu ms':>8}{'KiB':>8}  bound")
    worst = {"table": 0.0, "hand": 0.0}
    for game in games:
        seats = SEATS.get(game.name, game.min_seats)
        m = moments(game, seats, seed=5)
        shot = m["mid_trick"]
        recap = m["deal_end"]
        names = NAMES[:seats]
        biggest = max((s for s in playout(game, game.min_seats, seed=5, options=SHORT.get(game.name))
                       if s.to_act() is not None), key=lambda s: len(s.view(s.to_act()).get("hand") or []))
        big_seat = biggest.to_act()
        big_view = biggest.view(big_seat)
        cases = [
            ("table", partial(rendering.table_image, shot.public, names), "<= 25 ms, <= 150 KiB"),
            ("hand", partial(rendering.hand_image, shot.private, legal=shot.legal), "<= 10 ms"),
            (f"hand{len(big_view.get('hand') or [])}",
             partial(rendering.hand_image, big_view, legal=legal_codes(game, biggest, big_seat)),
             f"<= 10 ms (largest hand, {game.min_seats} seats)"),
            ("recap", partial(rendering.recap_image, recap.public, names=names), ""),
        ]
        for label, fn, bound in cases:
            cold, median, cpu, size = timed(fn, args.runs)
            key = "hand" if label.startswith("hand") else label
            worst[key] = max(worst.get(key, 0.0), median)
            print(f"{game.name:<10}{seats:>6}  {label:<7}{cold:>9.1f}{median:>11.2f}{cpu:>8.2f}{size / 1024:>8.1f}"
                  f"  {bound}")
    rows = [{"rank": i + 1, "name": f"Player {i}", "rating": 30 - i, "matches": 9, "wins": 3, "points": 99}
            for i in range(20)]
    cold, median, cpu, size = timed(lambda: rendering.scoreboard_image(rows), args.runs)
    print(f"{'-':<10}{'':>6}  {'scores':<7}{cold:>9.1f}{median:>11.2f}{cpu:>8.2f}{size / 1024:>8.1f}")
    print(f"worst median: table {worst['table']:.2f} ms, hand {worst['hand']:.2f} ms (wall clock)")


if __name__ == "__main__":
    main()
