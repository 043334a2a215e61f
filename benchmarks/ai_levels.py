"""Computer levels head to head on duplicate deals, with 95% intervals and decision times.

* Tarot and Tresillo: every match (Tarot: one deal; Tresillo: one deal per seat) is played once by
  normal players only (the baseline), then once per seat with the tested level on that seat and
  normal players elsewhere, on the same cards. The figure is the tested seat's result minus the
  baseline's result on the same seat and match, per deal, averaged over seats and matches (points
  per deal per seat). Normal-level Tarot takers' mean result comes from the baselines.
* Piquet: every partie (six deals) is played twice with the seats swapped; the figure is the share
  of parties the tested level wins.

Decision times are the tested level's, over every decision with more than one legal action.

Run: ``.venv/bin/python -m benchmarks.ai_levels [--game tarot] [--deals 200] [--budget 0.2]
[--level expert] [--players 4]``.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import GAMES
from games.base import Action, Player


class Timed:
    """Wraps a player and records its decision times (seconds)."""

    def __init__(self, inner: Player, times: list[float]) -> None:
        self.inner = inner
        self.times = times

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        start = time.perf_counter()
        action = self.inner.choose(view, legal, rng)
        if len(legal) > 1:
            self.times.append(time.perf_counter() - start)
        return action


def play(game_name: str, players: int, seed: str, factories: Sequence[Callable[[], Player]],
         options: dict[str, Any]) -> Any:
    """Plays one match; returns the final state."""
    game = GAMES[game_name]
    state = game.new(players, seed, options)
    bots = [f() for f in factories]
    rng = random.Random(f"{seed}:bots")
    while (seat := state.to_act()) is not None:
        state = state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat), rng))
    return state


def interval(xs: Sequence[float]) -> tuple[float, float]:
    n = len(xs)
    mean = sum(xs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / max(n - 1, 1))
    return mean, 1.96 * sd / math.sqrt(n)


def times_line(times: list[float], budget: float) -> str:
    if not times:
        return "no timed decision"
    t = sorted(times)
    pick = lambda q: t[min(len(t) - 1, int(q * len(t)))]  # noqa: E731
    return (f"decision time ({len(t)} decisions): p50 {1000 * pick(0.5):.0f} ms, p99 {1000 * pick(0.99):.0f} ms,"
            f" max {1000 * t[-1]:.0f} ms; p99 / budget {pick(0.99) / budget:.2f}")


def duplicate(game_name: str, players: int, deals: int, level: str, budget: float,
              options: dict[str, Any], seed: str) -> None:
    """Tarot and Tresillo: the tested level on each seat in turn against normal players."""
    game = GAMES[game_name]
    times: list[float] = []
    normal = lambda: game.computer_player("normal")  # noqa: E731

    def tested() -> Player:
        args = {"budget": budget} if level == "expert" else {}
        return Timed(game.computer_player(level, **args), times)

    diffs: list[float] = []
    taker_results: list[float] = []
    start = time.perf_counter()
    for d in range(deals):
        s = f"{seed}:{d}"
        base = play(game_name, players, s, [normal] * players, options)
        per = getattr(base, "total_deals", 1)  # Tresillo: a match of one deal per seat
        base_deltas = deltas_of(game_name, base)
        taker_results.extend(taker_deltas(game_name, base))
        per_deal = []
        for seat in range(players):
            facs = [tested if i == seat else normal for i in range(players)]
            st = play(game_name, players, s, facs, options)
            per_deal.append((deltas_of(game_name, st)[seat] - base_deltas[seat]) / per)
        diffs.append(sum(per_deal) / players)
    mean, ci = interval(diffs)
    print(f"{game_name} {players}p, {level} vs normal, {deals} duplicate matches x {players} seats "
          f"({time.perf_counter() - start:.0f} s, budget {budget} s):")
    print(f"  {level} seat minus normal seat: {mean:+.2f} ± {ci:.2f} points per deal per seat "
          f"[{mean - ci:+.2f}, {mean + ci:+.2f}]")
    if taker_results:
        tm, tc = interval(taker_results)
        print(f"  normal-level takers (baseline tables): {len(taker_results)} contracts, mean {tm:+.1f} ± {tc:.1f}")
    print("  " + times_line(times, budget))


def deltas_of(game_name: str, state: Any) -> list[float]:
    return list(state.outcome().scores)


def taker_deltas(game_name: str, state: Any) -> list[float]:
    """Each contract's result for its taker (Tarot: the baseline's takers)."""
    if game_name != "tarot":
        return []
    last = state.last_deal
    return [last["deltas"][last["taker"]]] if last and last.get("taker") is not None else []


def piquet(parties: int, level: str, budget: float, seed: str) -> None:
    game = GAMES["piquet"]
    times: list[float] = []
    wins: list[float] = []
    start = time.perf_counter()
    normal = lambda: game.computer_player("normal")  # noqa: E731

    def tested() -> Player:
        args = {"budget": budget} if level == "expert" else {}
        return Timed(game.computer_player(level, **args), times)

    for p in range(parties):
        for seat in (0, 1):
            facs = [tested if i == seat else normal for i in (0, 1)]
            st = play("piquet", 2, f"{seed}:{p}", facs, {})
            score = st.outcome().scores[seat]
            wins.append(1.0 if score > 0 else 0.5 if score == 0 else 0.0)
    mean, ci = interval(wins)
    print(f"piquet, {level} vs normal, {parties} parties x 2 seats ({time.perf_counter() - start:.0f} s, "
          f"budget {budget} s): {level} wins {100 * mean:.1f}% ± {100 * ci:.1f}% of parties")
    print("  " + times_line(times, budget))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", action="append", help="tarot, tresillo, piquet (repeatable; default all)")
    parser.add_argument("--deals", type=int, default=100, help="duplicate deals (Piquet: parties)")
    parser.add_argument("--players", type=int, default=None, help="Tarot 3-5 (default 4), Tresillo 3")
    parser.add_argument("--budget", type=float, default=0.2, help="expert seconds per decision")
    parser.add_argument("--level", default="expert", help="the tested level (easy, normal, expert)")
    parser.add_argument("--seed", default="levels")
    args = parser.parse_args(argv)
    for name in args.game or ["tarot", "tresillo", "piquet"]:
        if name == "piquet":
            piquet(args.deals, args.level, args.budget, args.seed)
        elif name == "tarot":
            duplicate("tarot", args.players or 4, args.deals, args.level, args.budget, {"deals": 1}, args.seed)
        else:
            duplicate("tresillo", 3, args.deals, args.level, args.budget, {}, args.seed)


if __name__ == "__main__":
    main()
