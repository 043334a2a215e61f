"""Computer levels against the normal player on duplicate deals: strength per budget (issue 33).

Every match is played once by normal players only (the baseline), then once per seat with the
tested player on that seat and normal players elsewhere, on the same cards (same shuffles, seats
rotated). The figure is the tested seat's result minus the baseline's on the same seat and match,
per deal, averaged over seats; the 95 % interval is over matches. Results per game:

* Tarot (one-deal matches), Tresillo (a match of one deal per seat): points per deal.
* Piquet (one-deal practice parties): the seat's points minus its opponent's, per deal.
* Le Trio, L'École (one round): penalty points saved per round (positive: fewer penalty points).

Tested players: ``easy``, and the expert at each budget of ``--samples``: a number of samples per
decision (load-independent, :class:`games.search.Search`) or ``default``, the expert's default time
budget (:data:`games.search.DEFAULT_BUDGET` seconds; its samples per decision are printed, and
depend on the machine's load). A game without an expert shows the normal player (zero). On one
free core the default second buys about 1,250 samples per Tarot decision, 4,500 in Piquet and 3,500
in Tresillo (samples per CPU-second of the experts' decisions, measured for issue 33).

Run: ``.venv/bin/python -m benchmarks.ai_levels [--game tarot] [--deals 40] [--samples 50,200,1000]
[--no-easy] [--jobs 2]``; ``--easy-deals`` sets the (cheaper) easy rows' size apart.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import GAMES
from games.base import Player
from games.search import DEFAULT_BUDGET, Search


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


def play(name: str, seed: str, factories: Sequence[Callable[[], Player]]) -> list[float]:
    """One match from ``seed``; every seat's result per deal."""
    spec = SPECS[name]
    state = GAMES[name].new(spec.players, seed, spec.options)
    bots = [f() for f in factories]
    rng = random.Random(f"{seed}:bots")
    while (seat := state.to_act()) is not None:
        state = state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat), rng))
    return results(name, state)


def match(name: str, seed: str, level: str, samples: int | None) -> tuple[float, int, int, float]:
    """The duplicate figure of one match: (tested minus baseline per deal averaged over seats,
    decisions searched, samples run, seconds)."""
    start = time.perf_counter()
    n = SPECS[name].players
    normal = lambda: make(name, "normal", None)  # noqa: E731
    tested = lambda: make(name, level, samples)  # noqa: E731
    base = play(name, seed, [normal] * n)
    before = dict(Search.tally)
    diffs = []
    for seat in range(n):
        got = play(name, seed, [tested if i == seat else normal for i in range(n)])
        diffs.append(got[seat] - base[seat])
    return (sum(diffs) / n, Search.tally["decisions"] - before["decisions"],
            Search.tally["samples"] - before["samples"], time.perf_counter() - start)


def _match(args: tuple[str, str, str, int | None]) -> tuple[float, int, int, float]:
    return match(*args)


def interval(xs: Sequence[float]) -> tuple[float, float]:
    """Mean and half-width of its 95 % interval."""
    n = len(xs)
    mean = sum(xs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / max(n - 1, 1))
    return mean, 1.96 * sd / math.sqrt(n)


def row(name: str, level: str, samples: int | None, deals: int, seed: str, jobs: int) -> str:
    """One line of the table: the tested player against normal over ``deals`` duplicate matches."""
    work = [(name, f"{seed}:{d}", level, samples) for d in range(deals)]
    start = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            out = list(pool.map(_match, work))
    else:
        out = []
        for w in work:
            out.append(_match(w))
            if len(out) % 4 == 0 and len(out) < deals:  # a running figure on stderr for long rows
                m, c = interval([o[0] for o in out])
                print(f"  .. {name} {level} {samples}: {len(out)} matches {m:+.2f} ± {c:.2f}", file=sys.stderr,
                      flush=True)
    mean, ci = interval([o[0] for o in out])
    decisions, samples_run = sum(o[1] for o in out), sum(o[2] for o in out)
    budget = "-" if level != "expert" else str(samples) if samples else f"{DEFAULT_BUDGET:g} s"
    per = f"{samples_run / decisions:.0f}" if decisions else "-"
    return (f"{name:<9} {level:<7} {budget:>7} {per:>8} {deals:>6} {mean:>+9.2f} ± {ci:<7.2f}"
            f" [{mean - ci:+.2f}, {mean + ci:+.2f}] {time.perf_counter() - start:>6.0f} s")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", action="append", help=f"{', '.join(SPECS)} (repeatable; default all)")
    parser.add_argument("--deals", type=int, default=40, help="duplicate matches per expert row")
    parser.add_argument("--easy-deals", type=int, default=None, help="duplicate matches for the easy row")
    parser.add_argument("--samples", default="50,200,1000",
                        help="expert budgets, comma-separated: samples per decision or 'default'")
    parser.add_argument("--no-easy", action="store_true", help="skip the easy row")
    parser.add_argument("--seed", default="levels")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = parser.parse_args(argv)
    budgets = [None if b.strip() == "default" else int(b) for b in args.samples.split(",") if b.strip()]
    print(f"{'game':<9} {'level':<7} {'budget':>7} {'samples':>8} {'deals':>6} {'vs normal':>9}"
          f"   95 % interval               time")
    for name in args.game or list(SPECS):
        if not args.no_easy:
            print(row(name, "easy", None, args.easy_deals or args.deals, args.seed, args.jobs), flush=True)
        for b in budgets:
            print(row(name, "expert", b, args.deals, args.seed, args.jobs), flush=True)
        print(f"{'':<9} ({SPECS[name].unit})", flush=True)


if __name__ == "__main__":
    main()
