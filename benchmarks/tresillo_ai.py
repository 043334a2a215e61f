"""Tresillo computer player against random players, seats rotated.

Plays matches where one seat is the computer player and the others choose uniformly among their
legal actions; the computer's seat rotates from match to match. Prints its mean ledger gain per
deal (with a 95% interval), per role (declarer, opponent, alcalde), and how its contracts ended.
Run: ``.venv/bin/python -m benchmarks.tresillo_ai [--deals 2000] [--seats 4]``.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.base import RandomPlayer
from games.tresillo import TRESILLO


def run(deals: int, seats: int, seed: str = "bench") -> dict[str, object]:
    """Play about ``deals`` deals; returns the per-deal gains of the computer seat and tallies."""
    rng = random.Random(seed)
    gains: list[int] = []
    roles: dict[str, list[int]] = {"declarer": [], "opponent": [], "alcalde": [], "annulled": []}
    results: Counter[str] = Counter()
    match = 0
    while len(gains) < deals:
        ai_seat = match % seats
        players = [TRESILLO.computer_player() if s == ai_seat else RandomPlayer() for s in range(seats)]
        state = TRESILLO.new(seats, f"{seed}-{seats}-{match}")
        seen = 0
        while (seat := state.to_act()) is not None:
            legal = state.legal_actions(seat)
            state = state.apply(seat, players[seat].choose(state.view(seat), legal, rng))
            last = state.last_deal
            if last is not None and last["deal_no"] >= seen:
                seen = last["deal_no"] + 1
                gain = last["deltas"][ai_seat]
                gains.append(gain)
                if last["result"] == "anulada":
                    role = "annulled"
                elif last["alcalde"] == ai_seat:
                    role = "alcalde"
                elif last["declarer"] == ai_seat or last["defender"] == ai_seat:
                    role = "declarer"
                    results[last["result"]] += 1
                else:
                    role = "opponent"
                roles[role].append(gain)
        match += 1
    return {"gains": gains, "roles": roles, "results": results}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seats", type=int, action="append", help="3 and/or 4 (default both)")
    args = parser.parse_args(argv)
    for seats in args.seats or [3, 4]:
        start = time.perf_counter()
        r = run(args.deals, seats)
        gains: list[int] = r["gains"]  # type: ignore[assignment]
        mean = statistics.fmean(gains)
        half = 1.96 * statistics.stdev(gains) / math.sqrt(len(gains))
        print(f"{seats} seats: {len(gains)} deals, computer mean gain per deal {mean:+.2f} "
              f"(95% CI {mean - half:+.2f} .. {mean + half:+.2f}) in {time.perf_counter() - start:.1f}s")
        for role, values in r["roles"].items():  # type: ignore[union-attr]
            if values:
                print(f"  as {role:<9}: {len(values):5d} deals, mean {statistics.fmean(values):+7.2f}")
        print(f"  its contracts ended: {dict(r['results'].most_common())}")  # type: ignore[union-attr]


if __name__ == "__main__":
    main()
