"""Calibrates the normal Tresillo player's bidding (``games.tresillo.ai.WIN_CENTER``,
``WIN_SLOPE``, ``LOSS_FACTOR``) on simulated deals.

Mano always opens ``Je joue``, the others pass, mano declares the contract the normal player
prefers and normal players play the deal. Prints, by trick estimate, the declarer's sacada rate and
mean result, and the logistic curve of the sacada rate that fits best (maximum likelihood).

Run: ``.venv/bin/python -m benchmarks.tresillo_bid_calibration [--deals 3000]``.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.base import Action
from games.cards import card
from games.tresillo import TRESILLO
from games.tresillo.ai import TresilloPlayer, junk, trick_estimate


def simulate(deals: int) -> list[tuple[float, bool, int]]:
    """(trick estimate of the declared Jeu, sacada, declarer's result) per deal."""
    rng = random.Random(3)
    rows = []
    for d in range(deals):
        st = TRESILLO.new(3, f"tc:{d}", {})
        bots = [TresilloPlayer() for _ in range(3)]
        mano = st.to_act()
        assert mano is not None
        st = st.apply(mano, Action("bid", "jeu"))
        while st.phase.value == "bid":
            st = st.apply(st.to_act(), Action("pass"))
        view = st.view(mano)
        st = st.apply(mano, bots[mano].choose(view, st.legal_actions(mano), rng))
        contract, trump = st.contract, st.trump
        deal0 = st.deal_no
        while st.to_act() is not None and st.deal_no == deal0:
            s = st.to_act()
            st = st.apply(s, bots[s].choose(st.view(s), st.legal_actions(s), rng))
        if not contract or not contract.startswith("jeu") or trump is None:
            continue
        hand = [card(c, "spanish") for c in view["hand"]]
        est = trick_estimate(hand, trump) + min(0.22 * len(junk(hand, trump)), 1.5)
        last = st.last_deal
        rows.append((est, last["result"] in ("sacada", "bola"), last["deltas"][mano]))
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=3000)
    args = parser.parse_args(argv)
    rows = simulate(args.deals)
    buckets: dict[float, list[tuple[float, bool, int]]] = defaultdict(list)
    for row in rows:
        buckets[round(row[0] * 2) / 2].append(row)
    for key in sorted(buckets):
        rs = buckets[key]
        print(f"estimate {key:4.1f}: {len(rs):5d} deals, sacada {sum(r[1] for r in rs) / len(rs):.2f}, "
              f"mean result {sum(r[2] for r in rs) / len(rs):+.1f}")
    best = max((sum(math.log(p if won else 1 - p) for est, won, _ in rows
                     for p in [1 / (1 + math.exp(-(est - c / 10) * s / 10))]), c / 10, s / 10)
                for c in range(30, 70) for s in range(4, 40))
    print(f"logistic fit: center {best[1]}, slope {best[2]}")


if __name__ == "__main__":
    main()
