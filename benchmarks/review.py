"""The deal review's cost and reach: CPU per reviewed deal per game, at the review's fixed budget.

For each game, ``--deals`` first deals are played by normal computer players (seeds 0, 1, ...) and
one seat of each is reviewed (:func:`games.review.review_deal`, :data:`games.review.SAMPLES`
samples a weighed decision). Printed per game: the CPU seconds per reviewed deal (median and
largest), the seat's decisions per deal, how many of them are graded (the others forced, or left
by the expert to the normal player: Le Trio and L'École weigh only the draw and the discard before
the seat opens), and the grades' spread. Then the review queue's throughput with ``--tables`` live
tables playing, and the members' waits for the computers beside the same load with reviews off
(:mod:`benchmarks.review_load`; ``--tables 0`` skips it).

    python -m benchmarks.review --deals 10 [--tables 100 --seconds 60]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter

import games
from benchmarks import review_load
from games.review import SAMPLES, review_deal

TABLES = (("tarot", 3), ("tarot", 4), ("tarot", 5), ("tresillo", 3), ("piquet", 2), ("trio", 3), ("ecole", 4))


def _first_deal(name: str, seats: int, seed: int) -> dict[str, object]:
    game = games.GAMES[name]
    state = game.new(seats, seed, {})
    players = [game.computer_player("normal") for _ in range(seats)]
    rng = random.Random(seed)
    while state.to_act() is not None and state.deal_index() == 0:
        seat = state.to_act()
        assert seat is not None
        state = state.apply(seat, players[seat].choose(state.view(seat), state.legal_actions(seat), rng))
    return state.to_json()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--samples", type=int, default=SAMPLES)
    review_load.add_arguments(parser)
    args = parser.parse_args()
    print(f"{args.samples} samples a weighed decision, {args.deals} deals a game")
    print(f"{'game':<10} {'CPU/deal':>9} {'worst':>7} {'decisions':>10} {'graded':>7}  grades")
    for name, seats in TABLES if args.deals else ():
        cpu, decisions, graded, grades = [], 0, 0, Counter[str]()
        for seed in range(args.deals):
            saved = _first_deal(name, seats, seed)
            start = time.process_time()
            review = review_deal(games.GAMES[name], saved, seed % seats, 0, samples=args.samples)
            cpu.append(time.process_time() - start)
            decisions += len(review.decisions)
            marks = review.graded()
            graded += len(marks)
            grades.update(mark for _, mark in marks)
        spread = ", ".join(f"{mark} {n}" for mark, n in grades.most_common())
        print(f"{name + str(seats):<10} {statistics.median(cpu):>8.2f}s {max(cpu):>6.2f}s "
              f"{decisions / args.deals:>10.1f} {graded / args.deals:>7.1f}  {spread}")
    if args.tables:
        review_load.review_load(args)


if __name__ == "__main__":
    main()
