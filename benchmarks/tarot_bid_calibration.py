"""Calibrates the normal Tarot player's bidding (``games.tarot.ai.BID_MODEL``) on simulated deals.

For each deal the first speaker takes each contract in turn (the others pass) and normal players
play the deal out; the taker's result per contract is regressed (least squares) on
:func:`games.tarot.ai.bid_features`. Prints the fitted coefficients (paste them into
``BID_MODEL``) and the mean result of the takers the model and its caps would make.

Run: ``.venv/bin/python -m benchmarks.tarot_bid_calibration [--deals 3000] [--players 4]``.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.base import Action
from games.tarot import TAROT
from games.tarot.ai import BID_MARGIN, TarotBot, bid_features, expected_results
from games.tarot.deck import CONTRACTS


def simulate(players: int, deals: int) -> list[tuple[tuple[float, ...], list, dict[str, int]]]:
    rng = random.Random(5)
    rows = []
    for d in range(deals):
        base = TAROT.new(players, f"calib:{players}:{d}", {"deals": 1})
        taker = base.to_act()
        assert taker is not None
        results = {}
        for contract in CONTRACTS:
            st = base.apply(taker, Action("bid", contract))
            while st.phase.value == "bidding":
                st = st.apply(st.to_act(), Action("pass"))
            bots = [TarotBot() for _ in range(players)]
            while (s := st.to_act()) is not None:
                st = st.apply(s, bots[s].choose(st.view(s), st.legal_actions(s), rng))
            results[contract] = st.last_deal["deltas"][taker]
        rows.append((bid_features(base.hands[taker]), list(base.hands[taker]), results))
    return rows


def least_squares(xs: list[tuple[float, ...]], ys: list[float]) -> list[float]:
    """Solves the normal equations by Gaussian elimination (a tiny ridge keeps them regular)."""
    n = len(xs[0])
    a = [[sum(x[i] * x[j] for x in xs) + (1e-6 if i == j else 0.0) for j in range(n)] +
         [sum(x[i] * y for x, y in zip(xs, ys, strict=True))] for i in range(n)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[piv] = a[piv], a[col]
        for r in range(n):
            if r != col and a[col][col]:
                f = a[r][col] / a[col][col]
                a[r] = [v - f * w for v, w in zip(a[r], a[col], strict=True)]
    return [a[i][n] / a[i][i] for i in range(n)]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--players", type=int, action="append")
    args = parser.parse_args(argv)
    for players in args.players or [4]:
        rows = simulate(players, args.deals)
        print(f"{players}: {{")
        for contract in CONTRACTS:
            coefs = least_squares([r[0] for r in rows], [float(r[2][contract]) for r in rows])
            print(f'    "{contract}": ({", ".join(f"{c:.2f}" for c in coefs)}),')
        print("}")
        total = taken = 0
        for _, hand, results in rows:  # the current model (in-sample when just pasted)
            ev = expected_results(hand, players)
            best = max(ev, key=ev.__getitem__, default=None)
            if best is not None and ev[best] > BID_MARGIN:
                taken += 1
                total += results[best]
        print(f"current model: {taken} of {len(rows)} deals taken, mean taker result "
              f"{total / max(taken, 1):+.1f}")


if __name__ == "__main__":
    main()
