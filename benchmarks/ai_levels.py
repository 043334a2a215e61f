"""Computer levels against the normal player on duplicate deals: strength per budget.

Every match is played once by normal players only (the baseline), then once per seat with the
tested player on that seat and normal players elsewhere, on the same cards (same shuffles, seats
rotated). The figure is the tested seat's result minus the baseline's on the same seat and match,
per deal, averaged over seats; the 95 % interval is over matches. Positive: the tested player does
better than normal. Results per game:

* Tarot (one-deal matches), Tresillo (a match of one deal per seat): points per deal.
* Piquet (one-deal practice parties): the seat's points minus its opponent's, per deal.
* Le Trio, L'École (one round, every seat at contract ``1 + match mod contracts``, so every
  contract is measured): penalty points saved per round (the normal seat's penalty minus the
  tested seat's: positive, the tested player keeps fewer points).

Tested players: ``easy``, and the expert at each budget of ``--samples``: a number of samples per
decision (load-independent, :class:`games.search.Search`), ``default-cpu`` (the samples one
CPU-second buys, :data:`CPU_SAMPLES` times :data:`games.search.DEFAULT_BUDGET`: the default
budget's strength on a free core, whatever the load) or ``default`` (the default time budget in
wall-clock seconds: its samples per decision are printed and shrink with the machine's load).

What one CPU-second buys (``--calibrate 12``): the experts' searched decisions are timed with
``time.process_time`` at 50 samples and at a count near a second's worth, at least 12 decisions
each, and the CPU time per decision is fitted as ``overhead + cost * samples``; one second buys
``(1 - overhead) / cost`` samples (:data:`CPU_SAMPLES`). Measured on this 2-core
machine under a load of 9 to 13 (other engineers' work: CPU time per sample grows with the
contention, so a free core buys somewhat more; a Tarot default-cpu match there took 1.5 CPU-s
per decision, not 1):

    game      overhead   per sample   one CPU-second buys (samples per decision)
    tarot      0.6 ms      400 us      2,500
    piquet     0.0 ms      121 us      8,250
    tresillo   0.0 ms      467 us      2,150
    trio       1.2 ms      131 us      7,650
    ecole     14.0 ms    2,114 us        470   (jokers: the feasibility search branches on wilds)

These are means over a deal's decisions: under a time budget, early decisions (more hidden
cards, longer playouts) get fewer samples than this and late ones more. L'École's spread is the
widest: a draw whose discard completes the contract costs microseconds a sample, a discard
weighed with jokers in hand milliseconds, so its fixed 470 samples under-spend most decisions.

Measured (``--no-easy --jobs 1 --seed levels``, rows stopped when the CPU allowed
for them ran out: 5 engineers on 2 cores; ``--first N`` extends a row with new deals). Expert
minus normal, duplicate matches, positive is better for the expert:

    game      budget (samples)   matches   expert vs normal     95 % interval
    tarot     default-cpu 2,500        7   +29.3 ± 25.3         [+4.0, +54.5]   points per deal
    piquet    50                      16    +6.8 ± 5.0          [+1.7, +11.8]   points per deal
    piquet    200                     16    +9.4 ± 4.9          [+4.5, +14.4]
    piquet    default-cpu 8,250       19    +8.8 ± 4.6          [+4.3, +13.4]
    tresillo  50                      10    +3.5 ± 3.3          [+0.2, +6.8]    points per deal
    tresillo  200                     10    +5.0 ± 4.3          [+0.7, +9.3]
    tresillo  default-cpu 2,150        7    +5.5 ± 7.5          [-2.0, +12.9]
    trio      50                      28    +5.7 ± 7.4          [-1.7, +13.1]   penalty saved/round
    trio      200                     28    +6.5 ± 8.1          [-1.5, +14.6]
    trio      default-cpu 7,650        3   +12.5 ± 12.3         [+0.2, +24.8]
    ecole     default-cpu 470          6    +3.5 ± 5.1          [-1.5, +8.6]

Stop 36 (load 2-5; new matches, logs in ``--log`` files, niced beside other work; Tarot's are
matches 7 on and 60 on, Le Trio's default-cpu row matches 0-4, L'École's 0 on; ``--calibrate 12
--game trio`` again: 7,232 samples a CPU-second, as above):

    tarot     default-cpu 2,500       25   +37.2 ± 15.1         [+22.1, +52.3]   points per deal
    tresillo  default-cpu 2,150       20    +7.0 ± 3.1          [+3.9, +10.2]    points per deal
    trio      200                    100    +8.1 ± 3.9          [+4.2, +11.9]    penalty saved/round
    trio      default-cpu 7,650        5    +6.3 ± 14.0         [-7.7, +20.2]
    ecole     default-cpu 470         65    +4.6 ± 4.2          [+0.4, +8.9]     penalty saved/round

A Le Trio default-cpu match costs about 9 CPU-minutes here (every round of every seat searched at
7,650 samples a decision): the 50-80 matches its spread needs did not fit in one sitting.

Stop 37: Le Trio at the production default itself, ``--samples default`` (the expert's 1 s of wall
clock a decision, as the bot plays it), niced beside the test suite and other benchmarks (load
2-3, which only takes samples from the expert); matches 0-79, log ``trio-wall.jsonl``:

    trio      1 s (10,830 samples)    80   +9.0 ± 4.6          [+4.4, +13.5]    penalty saved/round

Under a time budget a cheap decision gets many samples and a costly one fewer (0.96 CPU-s a
decision on average here), where a fixed 7,650 made its costliest decisions take up to 12 s.

(Tarot at 1,000 samples, measured before: +37 ± 18 over 32 matches.) A default-cpu match cost
about 1.5 CPU-s per searched decision under this load (the table's last column), so a Tarot
default-cpu match (about 57 decisions over its four seats) took some 90 CPU-seconds.

Run: ``.venv/bin/python -m benchmarks.ai_levels [--game tarot] [--deals 40]
[--samples 50,200,default-cpu] [--no-easy] [--jobs 1] [--log FILE] [--first N]``;
``--easy-deals`` sets the (cheaper) easy rows' size apart. Every match's figure is appended to
``--log`` as a JSON line; ``--table FILE...`` prints the final table from such logs (a row may be
extended by another run with ``--first``: its matches are new deals).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import GAMES
from games.base import JSON, Action, Player
from games.search import DEFAULT_BUDGET, Search
from games.trio.contracts import CONTRACTS


@dataclass(frozen=True)
class Spec:
    """How a game is benchmarked: seats, options, and each seat's result per deal."""

    players: int
    options: dict[str, Any]
    unit: str


SPECS: dict[str, Spec] = {
    "tarot": Spec(4, {"deals": 1}, "points per deal"),
    "tresillo": Spec(3, {}, "points per deal"),
    "piquet": Spec(2, {"deals": 1}, "points per deal (own minus opponent's)"),
    "trio": Spec(4, {"max_rounds": 1}, "penalty points saved per round"),
    "ecole": Spec(4, {"max_rounds": 1}, "penalty points saved per round"),
}

#: samples per searched decision that one CPU-second buys (``--calibrate``)
CPU_SAMPLES: dict[str, int] = {"tarot": 2500, "piquet": 8250, "tresillo": 2150, "trio": 7650, "ecole": 470}
#: the sample count of ``--calibrate``'s second measurement (about a second's worth)
CALIBRATE_HIGH: dict[str, int] = CPU_SAMPLES

Budget = int | str | None  # samples, "default" (wall-clock seconds) or None (not an expert row)


def samples_of(name: str, budget: Budget) -> int | None:
    """The sample count of ``budget`` (``None``: the wall-clock default budget)."""
    if budget == "default-cpu":
        return round(CPU_SAMPLES[name] * DEFAULT_BUDGET)
    return budget if isinstance(budget, int) else None


def results(name: str, state: Any) -> list[float]:
    """Each seat's result per deal in a finished match (see the module docstring)."""
    scores = list(state.outcome().scores)
    if name == "tresillo":
        return [s / state.total_deals for s in scores]
    if name == "piquet":
        deals = state.history
        return [sum(d["deltas"][s] - d["deltas"][1 - s] for d in deals) / len(deals) for s in (0, 1)]
    if name in ("trio", "ecole"):
        return [-s for s in scores]
    return scores


def make(name: str, level: str, samples: int | None) -> Player:
    game = GAMES[name]
    if level != "expert":
        return game.computer_player(level)
    args: dict[str, Any] = {"samples": samples} if samples else {"budget": DEFAULT_BUDGET}
    try:
        return game.computer_player("expert", **args)
    except TypeError:  # an expert that takes no budget (the normal player)
        return game.computer_player("expert")


def play(name: str, seed: str, bots: Sequence[Player], index: int = 0) -> list[float]:
    """One match from ``seed`` (the ``index``-th of its row); every seat's result per deal."""
    spec = SPECS[name]
    state = GAMES[name].new(spec.players, seed, spec.options)
    if name in ("trio", "ecole"):  # a benchmark's start: every seat at contract 1 + index mod contracts
        state.contract = (1 + index % len(CONTRACTS[state.variant]),) * spec.players
    rng = random.Random(f"{seed}:bots")
    while (seat := state.to_act()) is not None:
        state = state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat), rng))
    return results(name, state)


class Timed:
    """A player whose searched decisions (those that ran a :class:`Search`) are counted and timed
    in CPU seconds of this process."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.decisions = self.samples = 0
        self.cpu = 0.0

    def choose(self, view: JSON, legal: Sequence[Action], rng: random.Random) -> Action:
        decisions, samples = Search.tally["decisions"], Search.tally["samples"]
        start = time.process_time()
        action = self.player.choose(view, legal, rng)
        if Search.tally["decisions"] > decisions:
            self.cpu += time.process_time() - start
            self.decisions += Search.tally["decisions"] - decisions
            self.samples += Search.tally["samples"] - samples
        return action


def match(name: str, seed: str, level: str, samples: int | None, index: int = 0) -> dict[str, Any]:
    """The duplicate figure of one match: ``diff`` (tested minus baseline per deal, averaged over
    seats), and the tested player's searched ``decisions``, ``samples`` and ``cpu`` seconds."""
    n = SPECS[name].players
    base = play(name, seed, [make(name, "normal", None) for _ in range(n)], index)
    diffs, timed = [], []
    for seat in range(n):
        tested = Timed(make(name, level, samples))
        timed.append(tested)
        got = play(name, seed, [tested if i == seat else make(name, "normal", None) for i in range(n)], index)
        diffs.append(got[seat] - base[seat])
    return {"diff": sum(diffs) / n, "decisions": sum(t.decisions for t in timed),
            "samples": sum(t.samples for t in timed), "cpu": sum(t.cpu for t in timed)}


def _match(args: tuple[str, str, str, int | None, int]) -> dict[str, Any]:
    return match(*args)


def interval(xs: Sequence[float]) -> tuple[float, float]:
    """Mean and half-width of its 95 % interval."""
    n = len(xs)
    mean = sum(xs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / max(n - 1, 1))
    return mean, 1.96 * sd / math.sqrt(n)


def label(level: str, budget: Budget) -> str:
    """A row's budget as the table shows it."""
    if level != "expert":
        return "-"
    if budget == "default":
        return f"{DEFAULT_BUDGET:g} s"
    return str(budget)


def row(name: str, level: str, budget: Budget, deals: int, seed: str, jobs: int, first: int = 0,
        log: Path | None = None) -> list[dict[str, Any]]:
    """The tested player against normal over ``deals`` duplicate matches (numbered from ``first``);
    each match's record, also appended to ``log``."""
    samples = samples_of(name, budget)
    work = [(name, f"{seed}:{d}", level, samples, d) for d in range(first, first + deals)]
    out: list[dict[str, Any]] = []

    def keep(w: tuple[str, str, str, int | None, int], got: dict[str, Any]) -> None:
        rec = {"game": name, "level": level, "budget": label(level, budget), "per_decision": samples,
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


HEADER = (f"{'game':<9} {'level':<7} {'budget':>11} {'samples':>8} {'matches':>7} {'vs normal':>9}"
          f"   95 % interval      CPU s/decision")


def table(records: Sequence[dict[str, Any]]) -> list[str]:
    """The final table: one line per game, level and budget (in the order first met), with the
    samples per searched decision and the CPU seconds each took."""
    groups: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
    for r in records:
        groups.setdefault((r["game"], r["level"], r["budget"]), []).append(r)
    lines = [HEADER]
    for (name, level, budget), rs in groups.items():
        mean, ci = interval([r["diff"] for r in rs])
        decisions = sum(r["decisions"] for r in rs)
        per = f"{sum(r['samples'] for r in rs) / decisions:.0f}" if decisions else "-"
        cpu = f"{sum(r['cpu'] for r in rs) / decisions:.3f}" if decisions else "-"
        lines.append(f"{name:<9} {level:<7} {budget:>11} {per:>8} {len(rs):>7} {mean:>+9.2f} ± {ci:<6.2f}"
                     f" [{mean - ci:+.2f}, {mean + ci:+.2f}] {cpu:>8}")
    for name in dict.fromkeys(r["game"] for r in records):
        lines.append(f"  {name}: {SPECS[name].unit}; default-cpu = {samples_of(name, 'default-cpu')} samples")
    return lines


def calibrate(name: str, decisions: int, low: int = 50, seed: str = "calibrate") -> str:
    """What one CPU-second of the expert's searched decisions buys in ``name``: each of two sample
    counts (``low`` and :data:`CALIBRATE_HIGH`) is timed over at least ``decisions`` searched
    decisions (the expert on one seat of matches against normal players, seats in turn)."""
    fit = []
    for count in (low, CALIBRATE_HIGH[name]):
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


def parse_budgets(text: str) -> list[Budget]:
    """``--samples``: comma-separated sample counts, ``default`` or ``default-cpu``."""
    out: list[Budget] = []
    for b in (b.strip() for b in text.split(",")):
        if b in ("default", "default-cpu"):
            out.append(b)
        elif b:
            out.append(int(b))
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", action="append", help=f"{', '.join(SPECS)} (repeatable; default all)")
    parser.add_argument("--deals", type=int, default=40, help="duplicate matches per expert row")
    parser.add_argument("--easy-deals", type=int, default=None, help="duplicate matches for the easy row")
    parser.add_argument("--samples", default="50,200,default-cpu",
                        help="expert budgets, comma-separated: samples per decision, 'default-cpu' (what one "
                             "CPU-second buys) or 'default' (the wall-clock default budget)")
    parser.add_argument("--no-easy", action="store_true", help="skip the easy row")
    parser.add_argument("--seed", default="levels")
    parser.add_argument("--first", type=int, default=0, help="number of the first match (extends a row)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--log", type=Path, default=None, help="append every match's record here (JSON lines)")
    parser.add_argument("--table", type=Path, nargs="+", default=None, help="print the table of these logs")
    parser.add_argument("--calibrate", type=int, default=None, metavar="DECISIONS",
                        help="measure what one CPU-second buys per game over this many decisions")
    args = parser.parse_args(argv)
    games = args.game or list(SPECS)
    if args.table:
        records = [json.loads(line) for path in args.table for line in path.read_text().splitlines() if line]
        print("\n".join(table([r for r in records if r["game"] in games])))
        return
    if args.calibrate:
        for name in games:
            print(calibrate(name, args.calibrate), flush=True)
        return
    records = []
    for name in games:
        if not args.no_easy:
            records += row(name, "easy", None, args.easy_deals or args.deals, args.seed, args.jobs, args.first,
                           args.log)
        for b in parse_budgets(args.samples):
            records += row(name, "expert", b, args.deals, args.seed, args.jobs, args.first, args.log)
        print("\n".join(table([r for r in records if r["game"] == name])[1:]), flush=True)
    print("\n".join(table(records)))


if __name__ == "__main__":
    main()
