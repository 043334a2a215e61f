"""The Piquet computer player against a uniformly random player, over whole parties.

Prints the computer player's win rate, its mean partie score (rubicon scoring, zero-sum), the
mean points per deal of each side, how often it is repiqued/piqued or makes capot, and the time.
Seats alternate from one partie to the next. ``--opponent random-exchange`` pits it against its own
card play with random exchanges, ``--opponent random-play`` against its own exchanges with random
card play, to show what each half is worth. Run:
``.venv/bin/python -m benchmarks.piquet_ai [--parties 1000] [--seed 0] [--opponent random]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import find_game
from games.base import JSON, Action, Player, RandomPlayer
from games.piquet.ai import PiquetPlayer


class RandomExchangePlayer:
    """The computer player's card play with random exchanges (to show what the exchange brings)."""

    def __init__(self) -> None:
        self.inner = PiquetPlayer()

    def choose(self, view: JSON, legal: list[Action], rng: random.Random) -> Action:
        if legal[0].kind in ("exchange", "discard"):
            return legal[rng.randrange(len(legal))]
        return self.inner.choose(view, legal, rng)


class RandomPlayPlayer:
    """The computer player's exchanges with random card play (to show what the play brings)."""

    def __init__(self) -> None:
        self.inner = PiquetPlayer()

    def choose(self, view: JSON, legal: list[Action], rng: random.Random) -> Action:
        if legal[0].kind == "play":
            return legal[rng.randrange(len(legal))]
        return self.inner.choose(view, legal, rng)


OPPONENTS = {"random": RandomPlayer, "random-exchange": RandomExchangePlayer,
             "random-play": RandomPlayPlayer}


def play_partie(seed: int, ai_seat: int, opponent: str = "random") -> tuple[float, list[dict], int]:
    """One partie: the computer player at ``ai_seat``; returns its score, the deals, decisions."""
    game = find_game("piquet")
    other: Player = OPPONENTS[opponent]()
    players = {ai_seat: game.computer_player(), 1 - ai_seat: other}
    rng = random.Random(f"bench:{seed}")
    state = game.new(2, f"piquet-ai:{seed}")
    decisions = 0
    while (seat := state.to_act()) is not None:
        legal = state.legal_actions(seat)
        action = players[seat].choose(state.view(seat), legal, rng)
        state = state.apply(seat, action)
        decisions += 1
    outcome = state.outcome()
    assert outcome is not None
    return outcome.scores[ai_seat], list(state.history), decisions


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--parties", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--opponent", choices=sorted(OPPONENTS), default="random",
                        help="random: uniformly random legal actions; random-exchange / random-play: "
                             "the computer player with random exchanges / random card play")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    wins = draws = 0
    scores: list[float] = []
    ai_deal: list[int] = []
    rnd_deal: list[int] = []
    repiqued = piqued = capots = bonus_ai = 0
    for i in range(args.parties):
        ai_seat = i % 2
        score, history, _ = play_partie(args.seed + i, ai_seat, args.opponent)
        scores.append(score)
        wins += score > 0
        draws += score == 0
        for deal in history:
            ai_deal.append(deal["deltas"][ai_seat])
            rnd_deal.append(deal["deltas"][1 - ai_seat])
            lines = deal["lines"]
            repiqued += lines["repique"][1 - ai_seat] > 0
            piqued += lines["pique"][1 - ai_seat] > 0
            bonus_ai += lines["repique"][ai_seat] > 0 or lines["pique"][ai_seat] > 0
            capots += deal["capot"] == ai_seat
    elapsed = time.perf_counter() - start
    n = args.parties
    print(f"computer player vs {args.opponent} player, parties: {n}  "
          f"(seeds {args.seed}..{args.seed + n - 1}, seats alternate)")
    print(f"computer player wins: {wins} ({100 * wins / n:.1f}%), draws: {draws}, "
          f"losses: {n - wins - draws} ({100 * (n - wins - draws) / n:.1f}%)")
    print(f"mean partie score of the computer player: {statistics.mean(scores):+.1f}")
    print(f"deals: {len(ai_deal)}; mean points per deal: computer {statistics.mean(ai_deal):.1f}, "
          f"opponent {statistics.mean(rnd_deal):.1f}")
    print(f"deals with repique/pique for the computer: {bonus_ai}, against it: {repiqued + piqued}; "
          f"capots by the computer: {capots}")
    print(f"time: {elapsed:.1f} s ({elapsed / n * 1000:.1f} ms per partie)")


if __name__ == "__main__":
    main()
