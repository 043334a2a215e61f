"""Is the normal Le Trio / L'École player near the best on its draw choice? An upper bound.

The draw choice (stock or discard pile) is where lookahead with sampled stocks would help. This
benchmark gives one player an *oracle* for it: it sees the real top card of the stock and takes
whichever of the two cards its own hand evaluation values more (completing the contract first).
No sampled lookahead can do better on that choice than knowing the card, so the oracle's gain over
the normal player bounds what lookahead on the draw could add. The oracle plays one seat against
normal players (seats rotated); prints its win rate against the fair share (1 / seats), 95%
interval. ``--player lookahead`` tests instead a real lookahead (:class:`MeanLookahead`), which
compares the discard with the stock's expected card.

Run: ``.venv/bin/python -m benchmarks.trio_lookahead [--games 200] [--seats 4] [--game trio]``.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.base import JSON, Action
from games.cards import FRENCH_RANKS, FRENCH_SUITS, card
from games.trio import ai
from games.trio.game import ECOLE, TRIO

LIMIT = 60_000
PACK = tuple(r + s for s in FRENCH_SUITS for r in FRENCH_RANKS if r != "C")
_TAKE, _STOCK = Action("draw", "discard"), Action("draw", "stock")
COMPLETES = 1000.0


def draw_score(view: JSON, seat: int, code: str) -> float:
    """What drawing ``code`` is worth to ``seat``: its value in the hand (the normal player's
    weighing), plus :data:`COMPLETES` when the hand with it fulfils the contract."""
    cards = [card(c) for c in (*view["hand"], code)]
    value = ai.usefulness(cards, *ai.aim(view, seat))[card(code)]
    if value >= 2.0 and ai.completes_contract(view, seat, cards):
        value += COMPLETES
    return value


class MeanLookahead(ai.TrioPlayer):
    """The normal player, but before opening it takes the discard when the discard's card is
    worth more than the stock's *expected* card (every card of a pack valued in turn: a one-card
    lookahead over sampled stocks)."""

    def choose(self, view: JSON, legal: Sequence[Action], rng: random.Random) -> Action:
        seat = view["seat"]
        if view["phase"] == "draw" and _TAKE in legal and _STOCK in legal and not view["opened"][seat]:
            top = view["discard_top"]
            stock = sum(draw_score(view, seat, c) for c in PACK) / len(PACK)
            return _TAKE if draw_score(view, seat, top) > stock else _STOCK
        return super().choose(view, legal, rng)


class StockOracle(ai.TrioPlayer):
    """The normal player, but before opening it draws whichever card (the pile's top or the
    stock's real top, seen through ``self.state``) its hand evaluation values more."""

    state: Any = None

    def choose(self, view: JSON, legal: Sequence[Action], rng: random.Random) -> Action:
        seat = view["seat"]
        take, stock = Action("draw", "discard"), Action("draw", "stock")
        if view["phase"] != "draw" or take not in legal or stock not in legal or view["opened"][seat] \
                or not self.state.stock:
            return super().choose(view, legal, rng)
        top = view["discard_top"]
        hidden = self.state.stock[-1].code
        score = {}
        for source, code in ((take, top), (stock, hidden)):
            cards = [card(c) for c in (*view["hand"], code)]
            value = ai.usefulness(cards, *ai.aim(view, seat))[card(code)]
            score[source] = value + (1000.0 if ai.completes_contract(view, seat, cards) else 0.0)
        return take if score[take] > score[stock] else stock


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--game", default="trio", choices=("trio", "ecole"))
    parser.add_argument("--player", default="oracle", choices=("oracle", "lookahead"),
                        help="the tested seat: the stock oracle, or the sampled one-card lookahead")
    args = parser.parse_args(argv)
    game = TRIO if args.game == "trio" else ECOLE
    wins: list[float] = []
    start = time.perf_counter()
    for g in range(args.games):
        seat_o = g % args.seats
        seed = f"look:{g // args.seats}"
        state = game.new(args.seats, seed)
        oracle = StockOracle() if args.player == "oracle" else MeanLookahead()
        players = [oracle if s == seat_o else ai.TrioPlayer() for s in range(args.seats)]
        rng = random.Random(seed)
        actions = 0
        while (seat := state.to_act()) is not None and actions < LIMIT:
            if isinstance(oracle, StockOracle):
                oracle.state = state
            state = state.apply(seat, players[seat].choose(state.view(seat), state.legal_actions(seat), rng))
            actions += 1
        out = state.outcome()
        if out is None:
            wins.append(0.0)
            continue
        winners = [s for s in range(args.seats) if out.places[s] == 0]
        wins.append(1.0 / len(winners) if seat_o in winners else 0.0)
    n = len(wins)
    mean = sum(wins) / n
    ci = 1.96 * math.sqrt(max(mean * (1 - mean), 1e-9) / n)
    print(f"{args.game} {args.seats} seats, {n} games ({time.perf_counter() - start:.0f} s): {args.player} wins "
          f"{100 * mean:.1f}% ± {100 * ci:.1f}% (fair share {100 / args.seats:.1f}%)")


if __name__ == "__main__":
    main()
