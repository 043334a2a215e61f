"""Computer levels on duplicate deals: expert vs normal and normal vs easy, per game and budget.

Every match is played once by normal players only (the baseline), then once per seat with the
tested player on that seat and normal players elsewhere, on the same cards (same shuffles, seats
rotated). The figure is the tested seat's result minus the baseline's on the same seat and match,
per deal, averaged over seats; the 95 % interval is over matches, and a row whose interval holds
zero says so ("not clear of zero"). The easy row is printed the other way round, as normal vs
easy (the normal seat's result minus the easy one's: positive, normal is stronger). Results:

* Tarot 3, 4 and 5 players (``tarot3``, ``tarot``, ``tarot5``; one-deal matches), Tresillo (a
  match of one deal per seat): points per deal.
* Piquet (one-deal practice parties): the seat's points minus its opponent's, per deal.
* Le Trio, L'École (one round, every seat at contract ``1 + match mod contracts``, so every
  contract is measured): penalty points saved per round (the normal seat's penalty minus the
  tested seat's: positive, the tested player keeps fewer points).

Budgets (``--samples``), all counted in samples per searched decision so that a row is the same
on any machine and any load (:class:`games.search.Search`): a number, ``floor`` (the least the
expert searches under load, :data:`games.search.FLOOR_SAMPLES`), ``default-cpu`` (the samples one
CPU-second buys, :data:`CPU_SAMPLES` times :data:`games.search.DEFAULT_BUDGET`: the default
budget's strength on a free core) or ``default`` (the wall-clock default budget itself: its
samples per decision are printed and shrink with the machine's load; not reproducible).
``--curve`` adds rows at more sample counts (strength per samples).

CPU (``time.process_time`` of this process): per searched decision of the expert (the column
``CPU s/search``) and per decision of every level (``ms/move``: the tested player's decisions,
forced ones included, and the baseline's normal players in the row ``normal``).

What one CPU-second buys (``--calibrate 12``): the experts' searched decisions are timed at 50
samples and at :data:`CALIBRATE_HIGH`, at least 12 decisions each, and the CPU time per decision
is fitted as ``overhead + cost * samples``; one second buys ``(1 - overhead) / cost`` samples
(:data:`CPU_SAMPLES`, measured on a loaded 2-core machine: a free core buys somewhat more).

Run: ``.venv/bin/python -m benchmarks.ai_levels [--game tarot] [--deals 40]
[--samples floor,200,default-cpu] [--curve 8,16,32] [--no-easy] [--jobs 1] [--log FILE]
[--first N]``; ``--easy-deals`` sets the (cheaper) easy rows' size apart. Every match's figure
is appended to ``--log`` as a JSON line; ``--table FILE...`` prints the final table from such
logs (a row may be extended by another run with ``--first``: its matches are new deals).

The review of the expert's own play (``--review 6``): in each game's first deals the expert plays
one seat (seats in turn, normal players elsewhere) at the first ``--samples`` budget, and the deal
review (:func:`games.review.review_deal`, its own :data:`games.review.SAMPLES`) grades that seat's
decisions; printed: the share graded "good" or better, and the spread of grades.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import GAMES
from games.base import JSON, Action, Player, State
from games.review import GRADES, SAMPLES, review_deal
from games.search import DEFAULT_BUDGET, FLOOR_SAMPLES, Search
from games.trio.contracts import CONTRACTS


@dataclass(frozen=True)
class Spec:
    """How a game is benchmarked: the game, seats, options, and each seat's result per deal."""

    game: str
    players: int
    options: dict[str, Any]
    unit: str


SPECS: dict[str, Spec] = {
    "tarot3": Spec("tarot", 3, {"deals": 1}, "points per deal"),
    "tarot": Spec("tarot", 4, {"deals": 1}, "points per deal"),
    "tarot5": Spec("tarot", 5, {"deals": 1}, "points per deal"),
    "tresillo": Spec("tresillo", 3, {}, "points per deal"),
    "piquet": Spec("piquet", 2, {"deals": 1}, "points per deal (own minus opponent's)"),
    "trio": Spec("trio", 4, {"max_rounds": 1}, "penalty points saved per round"),
    "ecole": Spec("ecole", 4, {"max_rounds": 1}, "penalty points saved per round"),
}

#: samples per searched decision that one CPU-second buys (``--calibrate``), per game
CPU_SAMPLES: dict[str, int] = {"tarot": 2500, "piquet": 8250, "tresillo": 2150, "trio": 7650, "ecole": 470}
#: the sample count of ``--calibrate``'s second measurement (about a second's worth)
CALIBRATE_HIGH: dict[str, int] = CPU_SAMPLES

Budget = int | str | None  # samples, "floor", "default-cpu", "default" (wall clock) or None (not an expert)


def game_of(name: str) -> str:
    """The game of a benchmark row (``tarot3`` and ``tarot5`` are Tarot)."""
    return SPECS[name].game


def samples_of(name: str, budget: Budget) -> int | None:
    """The sample count of ``budget`` (``None``: the wall-clock default budget)."""
    game = game_of(name) if name in SPECS else name
    if budget == "default-cpu":
        return round(CPU_SAMPLES[game] * DEFAULT_BUDGET)
    if budget == "floor":
        return FLOOR_SAMPLES.get(name, FLOOR_SAMPLES[game])
    return budget if isinstance(budget, int) else None


def results(name: str, state: Any) -> list[float]:
    """Each seat's result per deal in a finished match (see the module docstring)."""
    game = game_of(name)
    scores = list(state.outcome().scores)
    if game == "tresillo":
        return [s / state.total_deals for s in scores]
    if game == "piquet":
        deals = state.history
        return [sum(d["deltas"][s] - d["deltas"][1 - s] for d in deals) / len(deals) for s in (0, 1)]
    if game in ("trio", "ecole"):
        return [-s for s in scores]
    return scores


def make(name: str, level: str, samples: int | None) -> Player:
    game = GAMES[game_of(name)]
    if level != "expert":
        return game.computer_player(level)
    args: dict[str, Any] = {"samples": samples} if samples else {"budget": DEFAULT_BUDGET}
    try:
        return game.computer_player("expert", **args)
    except TypeError:  # an expert that takes no budget (the normal player)
        return game.computer_player("expert")


def play(name: str, seed: str, bots: Sequence[Player], index: int = 0) -> list[float]:
    """One match from ``seed`` (the ``index``-th of its row); every seat's result per deal."""
    return results(name, played(name, seed, bots, index))


def played(name: str, seed: str, bots: Sequence[Player], index: int = 0) -> State:
    """The finished state of the match :func:`play` scores."""
    spec = SPECS[name]
    state = GAMES[spec.game].new(spec.players, seed, spec.options)
    if spec.game in ("trio", "ecole"):  # a benchmark's start: every seat at contract 1 + index mod contracts
        state.contract = (1 + index % len(CONTRACTS[state.variant]),) * spec.players
    rng = random.Random(f"{seed}:bots")
    while (seat := state.to_act()) is not None:
        state = state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat), rng))
    return state


class Timed:
    """A player whose decisions are counted and timed in CPU seconds of this process: all of them
    (``moves``, ``move_cpu``) and those that ran a :class:`Search` (``decisions``, ``cpu``)."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.decisions = self.samples = self.moves = 0
        self.cpu = self.move_cpu = 0.0

    def choose(self, view: JSON, legal: Sequence[Action], rng: random.Random) -> Action:
        decisions, samples = Search.tally["decisions"], Search.tally["samples"]
        start = time.process_time()
        action = self.player.choose(view, legal, rng)
        took = time.process_time() - start
        self.moves += 1
        self.move_cpu += took
        if Search.tally["decisions"] > decisions:
            self.cpu += took
            self.decisions += Search.tally["decisions"] - decisions
            self.samples += Search.tally["samples"] - samples
        return action


def match(name: str, seed: str, level: str, samples: int | None, index: int = 0) -> dict[str, Any]:
    """The duplicate figure of one match: ``diff`` (tested minus baseline per deal, averaged over
    seats), the tested player's searched ``decisions``, ``samples`` and ``cpu`` seconds, all its
    ``moves`` and their ``move_cpu``, and the baseline normal players' ``normal_moves`` and
    ``normal_cpu``."""
    n = SPECS[name].players
    normals = [Timed(make(name, "normal", None)) for _ in range(n)]
    base = play(name, seed, normals, index)
    diffs, timed = [], []
    for seat in range(n):
        tested = Timed(make(name, level, samples))
        timed.append(tested)
        got = play(name, seed, [tested if i == seat else make(name, "normal", None) for i in range(n)], index)
        diffs.append(got[seat] - base[seat])
    return {"diff": sum(diffs) / n, "decisions": sum(t.decisions for t in timed),
            "samples": sum(t.samples for t in timed), "cpu": sum(t.cpu for t in timed),
            "moves": sum(t.moves for t in timed), "move_cpu": sum(t.move_cpu for t in timed),
            "normal_moves": sum(t.moves for t in normals), "normal_cpu": sum(t.move_cpu for t in normals)}


def _match(args: tuple[str, str, str, int | None, int]) -> dict[str, Any]:
    return match(*args)


def interval(xs: Sequence[float]) -> tuple[float, float]:
    """Mean and half-width of its 95 % interval."""
    n = len(xs)
    mean = sum(xs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / max(n - 1, 1))
    return mean, 1.96 * sd / math.sqrt(n)


def verdict(mean: float, ci: float, n: int) -> str:
    """Whether a figure's 95 % interval is clear of zero."""
    if n < 2:
        return "one match"
    return "clear of zero" if abs(mean) > ci else "not clear of zero"


def label(level: str, budget: Budget, name: str = "") -> str:
    """A row's budget as the table shows it (``floor`` with its sample count)."""
    if level != "expert":
        return "-"
    if budget == "default":
        return f"{DEFAULT_BUDGET:g} s"
    if budget == "floor" and name:
        return f"floor {samples_of(name, budget)}"
    return str(budget)


def row(name: str, level: str, budget: Budget, deals: int, seed: str, jobs: int, first: int = 0,
        log: Path | None = None) -> list[dict[str, Any]]:
    """The tested player against normal over ``deals`` duplicate matches (numbered from ``first``);
    each match's record, also appended to ``log``."""
    samples = samples_of(name, budget)
    work = [(name, f"{seed}:{d}", level, samples, d) for d in range(first, first + deals)]
    out: list[dict[str, Any]] = []

    def keep(w: tuple[str, str, str, int | None, int], got: dict[str, Any]) -> None:
        rec = {"game": name, "level": level, "budget": label(level, budget, name), "per_decision": samples,
               "seed": w[1], "index": w[4], **got}  # got["samples"]: the samples run in all
        out.append(rec)
        if log is not None:
            with log.open("a") as f:
                f.write(json.dumps(rec) + "\n")
        if len(out) % 4 == 0 and len(out) < deals:  # a running figure on stderr for long rows
            m, c = interval([o["diff"] for o in out])
            print(f"  .. {name} {level} {rec['budget']}: {len(out)} matches {m:+.2f} ± {c:.2f}", file=sys.stderr,
                  flush=True)

    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            for w, got in zip(work, pool.map(_match, work), strict=True):
                keep(w, got)
    else:
        for w in work:
            keep(w, _match(w))
    return out


HEADER = (f"{'game':<9} {'comparison':<16} {'budget':>11} {'samples':>8} {'matches':>7} {'margin':>9}"
          f"   95 % interval      {'verdict':<18} CPU s/search  ms/move")


def _ms(cpu: float, moves: int) -> str:
    return f"{1e3 * cpu / moves:.2f}" if moves else "-"


def distinct(records: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each match once: a record whose game, opponent, level, budget and seed (the match's deal)
    were already met is left out, so logs that repeat a run can be read together."""
    seen: set[tuple[object, ...]] = set()
    out = []
    for r in records:
        key = (r["game"], r.get("vs"), r["level"], r["budget"], r.get("per_decision"), r.get("seed"))
        if r.get("seed") is not None and key in seen:
            continue
        seen.add(key)
        out.append(r)
    return out


def table(records: Sequence[dict[str, Any]]) -> list[str]:
    """The final table: one line per game, level and budget (in the order first met), with the
    samples per searched decision, the CPU seconds each took and the CPU per move of the level;
    the easy rows as normal vs easy; then each game's normal players' CPU per move. A match
    logged twice counts once (:func:`distinct`)."""
    groups: dict[tuple[str, str, str, object], list[dict[str, Any]]] = {}
    for r in distinct(records):  # a budget's samples per decision may change with a new calibration
        groups.setdefault((r["game"], r["level"], r["budget"], r.get("per_decision")), []).append(r)
    lines = [HEADER]
    normal: dict[str, list[float]] = {}
    for (name, level, budget, _), rs in groups.items():
        sign = -1 if level == "easy" else 1
        mean, ci = interval([sign * r["diff"] for r in rs])
        decisions = sum(r["decisions"] for r in rs)
        per = f"{sum(r['samples'] for r in rs) / decisions:.0f}" if decisions else "-"
        cpu = f"{sum(r['cpu'] for r in rs) / decisions:.3f}" if decisions else "-"
        moves = sum(r.get("moves", 0) for r in rs)
        per_move = _ms(sum(r.get("move_cpu", 0.0) for r in rs), moves)
        seen = normal.setdefault(name, [0.0, 0.0])
        seen[0] += sum(r.get("normal_cpu", 0.0) for r in rs)
        seen[1] += sum(r.get("normal_moves", 0) for r in rs)
        what = "normal vs easy" if level == "easy" else f"{level} vs normal"
        lines.append(f"{name:<9} {what:<16} {budget:>11} {per:>8} {len(rs):>7} {mean:>+9.2f} ± {ci:<6.2f}"
                     f" [{mean - ci:+.2f}, {mean + ci:+.2f}] {verdict(mean, ci, len(rs)):<18} {cpu:>8} {per_move:>8}")
    for name in dict.fromkeys(r["game"] for r in records):
        cpu, moves = normal.get(name, [0.0, 0.0])
        lines.append(f"  {name}: {SPECS[name].unit}; floor = {samples_of(name, 'floor')} samples, default-cpu = "
                     f"{samples_of(name, 'default-cpu')} samples; normal {_ms(cpu, int(moves))} ms/move")
    return lines


def calibrate(name: str, decisions: int, low: int = 50, seed: str = "calibrate") -> str:
    """What one CPU-second of the expert's searched decisions buys in ``name``: each of two sample
    counts (``low`` and :data:`CALIBRATE_HIGH`) is timed over at least ``decisions`` searched
    decisions (the expert on one seat of matches against normal players, seats in turn)."""
    fit = []
    for count in (low, CALIBRATE_HIGH[game_of(name)]):
        timed = Timed(make(name, "expert", count))
        n = SPECS[name].players
        i = 0
        while timed.decisions < decisions:
            seat = i % n
            play(name, f"{seed}:{i}", [timed if s == seat else make(name, "normal", None) for s in range(n)], i)
            i += 1
        fit.append((timed.cpu / timed.decisions, timed.samples / timed.decisions))
    (c1, s1), (c2, s2) = fit
    cost = (c2 - c1) / (s2 - s1)
    overhead = c1 - cost * s1
    buys = (1 - overhead) / cost
    return (f"{name:<9} overhead {1e3 * overhead:7.2f} ms  per sample {1e6 * cost:7.1f} us  "
            f"one CPU-second buys {buys:6.0f} samples  ({c1:.3f} s at {s1:.0f}, {c2:.3f} s at {s2:.0f};"
            f" {decisions}+ decisions each)")


def self_review(name: str, deals: int, budget: Budget, seed: str = "review",
                review_samples: int = SAMPLES) -> tuple[int, Counter[str], str]:
    """The deal review (at ``review_samples``) of the expert's own decisions over ``deals`` first
    deals of ``name`` (the expert at ``budget`` on seat ``deal mod seats``): graded decisions, their
    grades, and a line."""
    spec = SPECS[name]
    game = GAMES[spec.game]
    grades: Counter[str] = Counter()
    for d in range(deals):
        seat = d % spec.players
        state = game.new(spec.players, f"{seed}:{d}", spec.options)
        bots = [make(name, "expert", samples_of(name, budget)) if s == seat else make(name, "normal", None)
                for s in range(spec.players)]
        rng = random.Random(f"{seed}:{d}:bots")
        while (to := state.to_act()) is not None and state.deal_index() == 0:
            state = state.apply(to, bots[to].choose(state.view(to), state.legal_actions(to), rng))
        review = review_deal(game, state.to_json(), seat, 0, samples=review_samples)
        grades.update(mark for _, mark in review.graded())
    graded = sum(grades.values())
    good = sum(grades[g] for g, _ in GRADES[:2])
    share = f"{100 * good / graded:5.1f} %" if graded else "    -"
    spread = ", ".join(f"{g} {grades[g]}" for g, _ in GRADES if grades[g])
    return graded, grades, (f"{name:<9} expert {label('expert', budget, name):>11}: {deals} deals, {graded} graded "
                            f"decisions, {share} good or better ({spread}; review at {review_samples} samples)")


def parse_budgets(text: str) -> list[Budget]:
    """``--samples``: comma-separated sample counts, ``floor``, ``default`` or ``default-cpu``."""
    out: list[Budget] = []
    for b in (b.strip() for b in text.split(",")):
        if b in ("default", "default-cpu", "floor"):
            out.append(b)
        elif b:
            out.append(int(b))
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", action="append", help=f"{', '.join(SPECS)} (repeatable; default all)")
    parser.add_argument("--deals", type=int, default=40, help="duplicate matches per expert row")
    parser.add_argument("--easy-deals", type=int, default=None, help="duplicate matches for the easy row")
    parser.add_argument("--samples", default="floor,default-cpu",
                        help="expert budgets, comma-separated: samples per decision, 'floor' (the load floor), "
                             "'default-cpu' (what one CPU-second buys) or 'default' (the wall-clock default budget)")
    parser.add_argument("--curve", default="8,32,200",
                        help="more sample counts for the curve of strength per samples ('' for none)")
    parser.add_argument("--no-easy", action="store_true", help="skip the easy row")
    parser.add_argument("--seed", default="levels")
    parser.add_argument("--first", type=int, default=0, help="number of the first match (extends a row)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--log", type=Path, default=None, help="append every match's record here (JSON lines)")
    parser.add_argument("--table", type=Path, nargs="+", default=None, help="print the table of these logs")
    parser.add_argument("--calibrate", type=int, default=None, metavar="DECISIONS",
                        help="measure what one CPU-second buys per game over this many decisions")
    parser.add_argument("--review", type=int, default=None, metavar="DEALS",
                        help="grade the expert's own decisions (at the first --samples budget) with the deal review")
    args = parser.parse_args(argv)
    games = args.game or list(SPECS)
    if args.review:
        for name in games:
            print(self_review(name, args.review, parse_budgets(args.samples)[0])[2], flush=True)
        return
    if args.table:
        records = [json.loads(line) for path in args.table for line in path.read_text().splitlines() if line]
        print("\n".join(table([r for r in records if r["game"] in games])))
        return
    if args.calibrate:
        for name in games:
            print(calibrate(name, args.calibrate), flush=True)
        return
    budgets = list(dict.fromkeys(parse_budgets(args.samples) + parse_budgets(args.curve)))
    records = []
    for name in games:
        if not args.no_easy:
            records += row(name, "easy", None, args.easy_deals or args.deals, args.seed, args.jobs, args.first,
                           args.log)
        for b in budgets:
            records += row(name, "expert", b, args.deals, args.seed, args.jobs, args.first, args.log)
        print("\n".join(table([r for r in records if r["game"] == name])[1:]), flush=True)
    print("\n".join(table(records)))


if __name__ == "__main__":
    main()
