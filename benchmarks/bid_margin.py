"""What the Tarot expert's bid margin is worth, measured exactly by replaying only what it changes.

The expert bids when a contract's mean result beats passing by ``bid_margin`` points
(:data:`games.tarot.expert.BID_MARGIN`). In a duplicate match (:mod:`benchmarks.ai_levels`,
:mod:`benchmarks.outside_tarot`) every rotation, the tested expert on one seat, is played alone and
deterministically, and the margin only decides between the best bid and passing at that seat's bid
decisions. So under another margin a rotation plays exactly as it did unless one of those decisions
flips. This benchmark plays each rotation up to the end of the tested seat's bidding (its best bid's
mean at each bid decision), finds for every margin the rotations whose decisions flip, and plays
only those out, at the current margin and at the new one: the paired difference of the match
figure is exact for the whole row, at the cost of the bid decisions and a few replays::

    nice -n 10 .venv/bin/python -m benchmarks.bid_margin --vs tarotclub --samples 2500 --deals 300 --margins -5
    nice -n 10 .venv/bin/python -m benchmarks.bid_margin --vs normal --samples 200 --first 300 --deals 300 \\
        --margins -10,-5,0,12,30

``--vs tarotclub`` needs TarotClub's bots (``tools/outside_tarot.sh``); the seeds are the kept
logs' (``outside:N`` and ``levels:N``), so a row here is the paired difference on a kept row.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.ai_levels import SPECS, interval, make, played, results
from games.base import JSON, Action, State
from games.decisions import Player
from games.tarot.expert import BID_MARGIN, TarotExpert

#: the Tarot rows of :mod:`benchmarks.ai_levels` (its ``SPECS``), whose expert is a :class:`TarotExpert`
TAROTS = ("tarot", "tarot3", "tarot5")


class BiddingOver(Exception):
    """The tested seat's bidding is over: the rest of the rotation is not needed."""


class Watched:
    """The tested expert, choosing as it does (its advice's first option) and noting the best bid's
    mean at each of its bid decisions; with ``stop``, it ends the rotation at its first decision
    that is not a bid."""

    def __init__(self, expert: TarotExpert, stop: bool) -> None:
        self.expert = expert
        self.stop = stop
        self.bests: list[float] = []

    def choose(self, view: JSON, legal: Sequence[Action], rng: random.Random) -> Action:
        bidding = any(a.kind == "bid" for a in legal)
        if self.stop and not bidding:
            raise BiddingOver
        advice = self.expert.advise(view, legal, rng)
        bids = [mean for action, mean, _ in advice if action.kind == "bid"]
        if bidding and bids:
            self.bests.append(max(bids))
        return advice[0][0]


def opponents(name: str, vs: str) -> list[Player]:
    if vs == "tarotclub":
        from benchmarks.outside_tarot import outside_players
        return outside_players()
    return [make(name, "normal", None) for _ in range(SPECS[name].players)]


def rotation(name: str, vs: str, index: int, seat: int, samples: int, margin: float = BID_MARGIN,
             stop: bool = False) -> tuple[list[float], State | None]:
    """The tested seat's best bid means, and the finished match (``None`` when stopped)."""
    expert = make(name, "expert", samples)
    assert isinstance(expert, TarotExpert)
    expert.bid_margin = margin
    watched = Watched(expert, stop)
    bots = opponents(name, vs)
    bots[seat] = watched
    try:
        state = played(name, seed_of(vs, index), bots, index)
    except BiddingOver:
        return watched.bests, None
    return watched.bests, state


def seed_of(vs: str, index: int) -> str:
    return f"{'outside' if vs == 'tarotclub' else 'levels'}:{index}"


def flips(bests: Sequence[float], margin: float) -> bool:
    """Whether one of these bid decisions goes the other way under ``margin`` (a bid ranks first
    when its mean is at least passing's)."""
    return any((b >= BID_MARGIN) != (b >= margin) for b in bests)


def match(name: str, vs: str, index: int, samples: int, margins: Sequence[float]) -> dict[str, Any]:
    """One match: each seat's best bid means, and per margin the flipped seats' results minus the
    baseline's at the current margin (``old``) and at that margin (``new``)."""
    n = SPECS[name].players
    bests = [rotation(name, vs, index, seat, samples, stop=True)[0] for seat in range(n)]
    record: dict[str, Any] = {"game": name, "vs": vs, "index": index, "samples": samples, "bests": bests,
                              "margins": list(margins), "flips": {}}
    base: list[float] | None = None
    replayed: dict[tuple[int, float], float] = {}
    for margin in margins:
        seats = [s for s in range(n) if flips(bests[s], margin)]
        if not seats:
            continue
        if base is None:
            base = results(name, played(name, seed_of(vs, index), opponents(name, vs), index))
        out = []
        for seat in seats:
            for m in (BID_MARGIN, margin):
                if (seat, m) not in replayed:
                    state = rotation(name, vs, index, seat, samples, m)[1]
                    assert state is not None
                    replayed[(seat, m)] = results(name, state)[seat] - base[seat]
            out.append({"seat": seat, "old": replayed[(seat, BID_MARGIN)], "new": replayed[(seat, margin)]})
        record["flips"][str(margin)] = out
    return record


def table(records: Sequence[dict[str, Any]]) -> list[str]:
    """Per game, opponents and samples, and per margin: the rotations flipped and the paired
    difference of the per-seat figure; a match logged twice counts once."""
    rows: dict[tuple[str, str, int], dict[int, dict[str, Any]]] = {}
    for r in records:
        rows.setdefault((r["game"], r["vs"], r["samples"]), {})[r["index"]] = r
    lines = []
    for (name, vs, samples), by_index in rows.items():
        row = list(by_index.values())
        margins = sorted({m for r in row for m in r["margins"]})
        n = SPECS[name].players
        decisions = sum(len(bs) for r in row for bs in r["bests"])
        lines += [f"{name} against {vs}, {samples} samples, {len(row)} matches, {decisions} bid decisions;"
                  f" the current margin {BID_MARGIN:+.1f}",
                  f"{'margin':>8} {'matches':>8} {'flipped':>8} {'difference a seat-deal':>24}"]
        for margin in margins:
            measured = [r for r in row if margin in r["margins"]]
            diffs = [sum(f["new"] - f["old"] for f in r["flips"].get(str(margin), [])) / n for r in measured]
            flipped = sum(len(r["flips"].get(str(margin), [])) for r in measured)
            mean, ci = interval(diffs)
            lines.append(f"{margin:>+8.1f} {len(measured):>8} {flipped:>8} {mean:>+15.2f} ± {ci:.2f}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="tarot", choices=TAROTS)
    parser.add_argument("--vs", default="normal", choices=("normal", "tarotclub"))
    parser.add_argument("--samples", type=int, default=200, help="the expert's samples per decision")
    parser.add_argument("--first", type=int, default=0, help="number of the first match")
    parser.add_argument("--deals", type=int, default=100, help="duplicate matches")
    parser.add_argument("--margins", default="-5", help="margins to compare with the current one, comma-separated")
    parser.add_argument("--log", type=Path, default=None, help="append every match's record here (JSON lines)")
    parser.add_argument("--table", type=Path, nargs="+", default=None, help="print the table of these logs")
    args = parser.parse_args(argv)
    margins = [float(m) for m in args.margins.split(",")]
    if args.table:
        print("\n".join(table([json.loads(s) for p in args.table for s in p.read_text().splitlines() if s])))
        return 0
    if args.vs == "tarotclub":
        from benchmarks.outside_tarot import ai_dir, missing
        why = missing(ai_dir())
        if why:
            print(f"The outside program is not installed: {why}", file=sys.stderr)
            return 2
    records = []
    for index in range(args.first, args.first + args.deals):
        records.append(match(args.game, args.vs, index, args.samples, margins))
        if args.log:
            with args.log.open("a") as f:
                f.write(json.dumps(records[-1]) + "\n")
    print("\n".join(table(records)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
