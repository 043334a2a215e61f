"""Tresillo computer player against random players, seats rotated.

Plays matches where one seat is the computer player and the others choose uniformly among their
legal actions; the computer's seat rotates from match to match. Prints its mean ledger gain per
deal (with a 95% interval), per role (declarer, opponent, alcalde), and how its contracts ended.
Run: ``.venv/bin/python -m benchmarks.tresillo_ai [--deals 2000] [--seats 4]``.

``--expert N`` instead plays the expert (N samples per decision, or ``--budget`` seconds) against
the normal player on duplicate deals: every match (one deal per seat) is played by three normal
players (the baseline), then once per seat with the expert on that seat, on the same cards; the
figure is the expert seat's ledger minus the normal seat's on the same seat and cards, per deal,
with a 95% interval over matches, split by what the expert did (declared, defended, passed all).
Run: ``.venv/bin/python -m benchmarks.tresillo_ai --expert 100 --matches 200``.
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


def play_match(seed: str, seats: int, expert_seat: int | None, expert_args: dict[str, object]) -> list[dict]:
    """One match of one deal per seat; returns every deal's ``last_deal``."""
    players = [TRESILLO.computer_player("expert", **expert_args) if s == expert_seat
               else TRESILLO.computer_player("normal") for s in range(seats)]
    state = TRESILLO.new(seats, seed)
    rng = random.Random(f"{seed}:bots")
    deals: list[dict] = []
    while (seat := state.to_act()) is not None:
        state = state.apply(seat, players[seat].choose(state.view(seat), state.legal_actions(seat), rng))
        if state.last_deal is not None and (not deals or deals[-1]["deal_no"] != state.last_deal["deal_no"]):
            deals.append(state.last_deal)
    return deals


def duplicate(matches: int, seats: int, expert_args: dict[str, object], seed: str = "dup") -> None:
    """The expert against normal players on duplicate deals (see the module docstring)."""
    start = time.perf_counter()
    per_match: list[float] = []
    by_role: dict[str, list[int]] = {"declarer": [], "opponent": [], "annulled": [], "alcalde": []}
    taken = Counter[str]()
    for m in range(matches):
        s = f"{seed}:{m}"
        base = play_match(s, seats, None, expert_args)
        diffs = []
        for seat in range(seats):
            deals = play_match(s, seats, seat, expert_args)
            for b, d in zip(base, deals, strict=True):
                diff = d["deltas"][seat] - b["deltas"][seat]
                diffs.append(diff)
                if d["result"] == "anulada":
                    role = "annulled"
                elif d["alcalde"] == seat:
                    role = "alcalde"
                elif d["declarer"] == seat or d["defender"] == seat:
                    role = "declarer"
                    taken[f"{d['contract']}:{d['result']}"] += 1
                else:
                    role = "opponent"
                by_role[role].append(diff)
        per_match.append(statistics.fmean(diffs))
        if (m + 1) % 20 == 0 or m + 1 == matches:
            mean = statistics.fmean(per_match)
            half = 1.96 * statistics.stdev(per_match) / math.sqrt(len(per_match)) if len(per_match) > 1 else 0.0
            print(f"  {m + 1} matches ({len(per_match) * seats * seats} expert deals, "
                  f"{time.perf_counter() - start:.0f} s): expert minus normal {mean:+.2f} ± {half:.2f} per deal "
                  f"[{mean - half:+.2f}, {mean + half:+.2f}]", flush=True)
    for role, values in by_role.items():
        if values:
            print(f"  expert as {role:<9}: {len(values):5d} deals, mean difference {statistics.fmean(values):+7.2f}")
    print(f"  the expert's contracts: {dict(taken.most_common(12))}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seats", type=int, action="append", help="3 and/or 4 (default both)")
    parser.add_argument("--expert", type=int, default=None, help="expert vs normal at N samples per decision")
    parser.add_argument("--budget", type=float, default=None, help="expert vs normal at this budget (s)")
    parser.add_argument("--matches", type=int, default=200, help="duplicate matches (expert vs normal)")
    parser.add_argument("--seed", default="dup")
    args = parser.parse_args(argv)
    if args.expert is not None or args.budget is not None:
        expert_args: dict[str, object] = {"samples": args.expert} if args.expert is not None else \
            {"budget": args.budget}
        for seats in args.seats or [3]:
            print(f"tresillo {seats} seats, expert ({expert_args}) vs normal, {args.matches} duplicate matches:")
            duplicate(args.matches, seats, expert_args, args.seed)
        return
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
