"""The Tarot computer player against random players.

One computer player and ``players - 1`` random players; the computer's seat rotates deal after
deal. Every deal is a one-deal match (``deals=1``) from its own seed, so deals are independent.
Prints the computer's mean score per deal (with a 95% interval), how often it took and its win rate
as taker, and the same figures for the random seats as a baseline.

Run: ``.venv/bin/python -m benchmarks.tarot_ai [--deals 2000] [--players 4]``.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.base import Action, RandomPlayer
from games.tarot import TAROT


class PassingRandomPlayer(RandomPlayer):
    """Random in every decision except the auction, where it always passes: the computer then
    takes every deal it judges strong enough (void deals are dealt again), which measures it as
    taker against random defenders."""

    def choose(self, view: dict[str, Any], legal: Any, rng: random.Random) -> Action:
        if Action("pass") in legal:
            return Action("pass")
        return super().choose(view, legal, rng)


def play_deals(deals: int, players: int, seed: str = "ai", passive: bool = False) -> dict[str, Any]:
    """Play ``deals`` one-deal matches; return the computer seat's statistics."""
    rng = random.Random(seed)
    scores: list[int] = []
    taken = won = 0
    rand_taken = rand_won = 0
    for d in range(deals):
        ai_seat = d % players
        baseline = PassingRandomPlayer if passive else RandomPlayer
        bots = [TAROT.computer_player() if s == ai_seat else baseline() for s in range(players)]
        state = TAROT.new(players, f"{seed}:{d}", {"deals": 1})
        while (seat := state.to_act()) is not None:
            legal = state.legal_actions(seat)
            state = state.apply(seat, bots[seat].choose(state.view(seat), legal, rng))
        last = state.last_deal
        assert last is not None
        scores.append(last["deltas"][ai_seat])
        if last["taker"] == ai_seat:
            taken += 1
            won += last["won"]
        else:
            rand_taken += 1
            rand_won += last["won"]
    mean = sum(scores) / deals
    sd = math.sqrt(sum((x - mean) ** 2 for x in scores) / max(deals - 1, 1))
    return {"mean": mean, "ci95": 1.96 * sd / math.sqrt(deals), "taken": taken, "won": won,
            "rand_taken": rand_taken, "rand_won": rand_won}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--players", type=int, action="append", help="3, 4 or 5 (repeatable; default 4)")
    args = parser.parse_args(argv)
    for players, passive in [(p, q) for p in args.players or [4] for q in (False, True)]:
        start = time.perf_counter()
        r = play_deals(args.deals, players, passive=passive)
        took = time.perf_counter() - start
        kind = "random players that always pass the auction" if passive else "random players"
        print(f"{players} players vs {kind}, {args.deals} deals ({took:.0f} s): computer mean "
              f"{r['mean']:+.1f} ± {r['ci95']:.1f} per deal")
        print(f"  computer as taker: {r['taken']} deals, won {r['won']} "
              f"({100 * r['won'] / max(r['taken'], 1):.1f}%)")
        print(f"  random takers (baseline): {r['rand_taken']} deals, won {r['rand_won']} "
              f"({100 * r['rand_won'] / max(r['rand_taken'], 1):.1f}%)")


if __name__ == "__main__":
    main()
