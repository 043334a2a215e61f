"""Ratings calibrated by simulation: do levels rank right, do equal players stay equal?

For each game: a pool of computer players of each level (``--per-level`` easy, normal and expert
players, the expert at ``--samples`` samples per decision) and a pool of identical (normal) players
play rated matches in turn (``--matches`` of each pool), at tables drawn at random from their pool,
every match rated by the bot's own code (:func:`bot.service.ratings.rate_match`, with the server's role
advantages carried from match to match). Each player has its own rating, as members do.

Everything happens in one server, as the issue asks: the identical players' deals and the levels'
teach the same role advantages (:func:`bot.service.ratings.advantage_of`, per contract), so the check that
equal players do not drift by role is made where a weak population (easy players bid at random and
lose most of their Prises) could pull an advantage away from what equal normal players win.
``--two-servers`` gives the identical players a server of their own (model 2's default).

Printed per game:

* the number of levels-pool matches after which the leaderboard orders the levels (expert > normal >
  easy, by the mean rating of each level's players) and keeps that order to the end;
* the identical players' ratings and their spread (highest minus lowest shown rating);
* the mean change of a shown rating per deal, by role (taker / partner / defender, declarer /
  other / alcalde; "player" for games rated by places, per match), among the identical players, with
  its 95% interval (matches are the clusters): it must include 0, no role drifting up or down;
* the largest change of a shown rating in a single match;
* how many matches settle a rating (the identical players' matches until theirs is no longer
  provisional: each player's count, and the median) and the largest change of a settled rating in
  one match, with how often the settled bound (:data:`bot.service.ratings.SETTLED_STEP`) held one back;
* a last line ``ratings <game>: ordered after N matches, role drift ok|FAIL, spread S``, then
  ``settle <game>: N matches (median), largest settled change C``.

``--identical-only`` skips the levels' pool (the settling figures need only the identical players).

Run: ``.venv/bin/python -m benchmarks.ratings [--games tarot,piquet] [--matches 300] [--samples 16]
[--per-level 2] [--identical 5] [--two-servers]``. The experts' search is most of the time: about
0.7 s of CPU a Tarot match of the levels' pool, 6 s an École one, the identical players' 0.02-0.3 s.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.service import ratings
from bot.storage import Rating
from games import GAMES
from games.base import Game, Player

LEVELS = ("easy", "normal", "expert")
#: game -> (seats, options)
SETUPS: dict[str, tuple[int, dict[str, Any]]] = {
    "tarot": (4, {}), "tresillo": (3, {}), "trio": (3, {}), "ecole": (3, {}), "piquet": (2, {}),
    "tarot3": (3, {}), "tarot5": (5, {}), "tresillo4": (4, {})}


@dataclass
class Server:
    """One server's ratings of one game, and its roles' advantages."""

    game: Game
    current: dict[str, Rating] = field(default_factory=dict)
    advantages: dict[str, tuple[float, int]] = field(default_factory=dict)


def player(game: Game, level: str, samples: int) -> Player:
    """A computer player of ``level``, the expert at a fixed sample budget."""
    if level == "expert":
        try:
            return game.computer_player("expert", samples=samples)  # type: ignore[call-arg]
        except TypeError:  # a game whose expert takes no budget
            return game.computer_player("expert")
    return game.computer_player(level)


def play_rated(server: Server, seats: int, options: dict[str, Any], keys: Sequence[str], levels: Sequence[str],
               seed: str, samples: int) -> ratings.Rated:
    """One match among ``keys`` (playing at ``levels``), rated; the server's ratings updated."""
    game = server.game
    state = game.new(seats, seed, options)
    bots = [player(game, lv, samples) for lv in levels]
    rng = random.Random(f"{seed}:bots")
    while (seat := state.to_act()) is not None:
        state = state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat), rng))
    outcome = state.outcome()
    assert outcome is not None
    rated = ratings.rate_match(game, state.to_json(), outcome, keys, list(keys), server.current, server.advantages)
    server.current.update(rated.ratings)
    server.advantages.update(rated.advantages)
    return rated


def shown(server: Server, key: str) -> int:
    r = server.current.get(key)
    return ratings.shown(ratings.value(r)) if r is not None else ratings.BASE


def level_means(server: Server, pool: dict[str, str]) -> dict[str, float]:
    """Each level's mean shown rating."""
    return {lv: sum(shown(server, k) for k, v in pool.items() if v == lv) / max(1, list(pool.values()).count(lv))
            for lv in LEVELS}


def ordered(server: Server, pool: dict[str, str]) -> bool:
    """The leaderboard orders the levels: expert > normal > easy by their players' mean rating."""
    means = level_means(server, pool)
    return means["expert"] > means["normal"] > means["easy"]


def interval(clusters: list[tuple[float, int]]) -> tuple[float, float, float]:
    """Mean change per deal and its 95% interval (ratio estimator over clusters ``(sum, deals)``)."""
    total = sum(n for _, n in clusters)
    if total == 0 or len(clusters) < 2:
        return 0.0, -math.inf, math.inf
    mean = sum(x for x, _ in clusters) / total
    k = len(clusters)
    nbar = total / k
    var = sum((x - mean * n) ** 2 for x, n in clusters) / (k - 1) / (k * nbar * nbar)
    half = 1.96 * math.sqrt(var)
    return mean, mean - half, mean + half


def run(name: str, matches: int, samples: int, per_level: int, identical: int, seed: str,
        one_server: bool = True, identical_only: bool = False) -> str:
    seats, options = SETUPS[name]
    game = GAMES[name.rstrip("345")]
    server = Server(game)
    equals = server if one_server else Server(game)
    levels = {f"{lv}{i + 1}": lv for lv in LEVELS for i in range(per_level)}
    twins = [f"twin{i + 1}" for i in range(max(identical, seats))]
    rng = random.Random(f"{seed}:{name}")
    start = time.perf_counter()
    last_unordered = 0
    roles: dict[str, list[tuple[float, int]]] = {}
    largest = (0, "")
    settled_at: dict[str, int] = {}
    settled_largest, settled_changes, held = (0, ""), 0, 0
    for m in range(matches):
        for pool in ("twins",) if identical_only else ("levels", "twins"):
            keys = rng.sample(sorted(levels), seats) if pool == "levels" else rng.sample(twins, seats)
            plays = [levels[k] if pool == "levels" else "normal" for k in keys]
            where = server if pool == "levels" else equals
            before = {k: shown(where, k) for k in keys}
            was = {k: where.current.get(k) for k in keys}
            rated = play_rated(where, seats, options, keys, plays, f"{seed}:{name}:{pool}:{m}", samples)
            for k in keys:
                change = shown(where, k) - before[k]
                if abs(change) > abs(largest[0]):
                    largest = (change, f"{pool} match {m + 1}, {k}")
                old = was[k]
                if pool == "twins" and old is not None and not ratings.provisional(old):
                    settled_changes += 1
                    held += abs(change) >= ratings.SETTLED_STEP
                    if abs(change) > abs(settled_largest[0]):
                        settled_largest = (change, f"match {m + 1}, {k}")
                if pool == "twins" and k not in settled_at and not ratings.provisional(where.current[k]):
                    settled_at[k] = where.current[k].matches
            if pool == "levels":
                if not ordered(server, levels):
                    last_unordered = m + 1
                continue
            for parts in rated.why:
                by_role: dict[str, tuple[float, int]] = {}
                for w in parts:
                    role = w.role or "player"
                    x, n = by_role.get(role, (0.0, 0))
                    by_role[role] = (x + w.change, n + w.n)
                for role, cluster in by_role.items():
                    roles.setdefault(role, []).append(cluster)
    took = time.perf_counter() - start
    board = sorted(levels, key=lambda k: -shown(server, k))
    twin_ratings = sorted(shown(equals, k) for k in twins)
    spread = twin_ratings[-1] - twin_ratings[0]
    drift_ok = True
    lines = [f"{name} ({seats} players): {matches} levels-pool + {matches} identical-pool matches, "
             f"expert at {samples} samples, {took:.0f} s"]
    lines.append("  leaderboard: " + ", ".join(f"{k} {shown(server, k)}" for k in board) + "; means " + ", ".join(
        f"{lv} {v:.0f}" for lv, v in level_means(server, levels).items()))
    lines.append(f"  identical players: {', '.join(map(str, twin_ratings))} (spread {spread})")
    for role, clusters in sorted(roles.items()):
        mean, low, high = interval(clusters)
        ok = low <= 0 <= high
        drift_ok &= ok
        unit, units = ("match", "matches") if role == "player" else ("deal", "deals")
        lines.append(f"  change per {unit} as {role}: {mean:+.2f} [{low:+.2f}, {high:+.2f}] "
                     f"({sum(n for _, n in clusters)} {units}){'' if ok else '  DRIFT'}")
    servers = [("server", server)] if one_server else [("levels", server), ("identical players", equals)]
    for label, where in servers:
        if where.advantages:
            lines.append(f"  role advantages learned ({label}): " + ", ".join(
                f"{k} {v:+.2f} ({n} deals)" for k, (v, n) in sorted(where.advantages.items())))
    lines.append(f"  largest single-match change: {largest[0]:+d} ({largest[1]})")
    counts = sorted(settled_at.values())
    lines.append(f"  matches to settle each identical player's rating: {', '.join(map(str, counts)) or '-'}"
                 f"{f' ({len(twins) - len(counts)} not settled)' if len(counts) < len(twins) else ''}; "
                 f"{settled_changes} settled changes, {held} at the bound of {ratings.SETTLED_STEP}")
    if not identical_only:
        done = ordered(server, levels)
        when = str(last_unordered) if done else f">{matches}"
        lines.append(f"ratings {name}: ordered after {when} matches, role drift {'ok' if drift_ok else 'FAIL'}, "
                     f"spread {spread}")
    median = str(counts[len(counts) // 2]) if len(counts) == len(twins) else f">{matches * seats // len(twins)}"
    lines.append(f"settle {name}: {median} matches (median), largest settled change "
                 f"{settled_largest[0]:+d}" + (f" ({settled_largest[1]})" if settled_largest[1] else ""))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="tarot,tresillo,trio,ecole,piquet",
                        help=f"comma-separated, among {', '.join(SETUPS)}")
    parser.add_argument("--matches", type=int, default=300, help="matches of each pool per game")
    parser.add_argument("--samples", type=int, default=16, help="the expert's samples per decision")
    parser.add_argument("--per-level", type=int, default=2, help="players of each level")
    parser.add_argument("--identical", type=int, default=5, help="identical players")
    parser.add_argument("--seed", default="ratings")
    parser.add_argument("--two-servers", action="store_true", help="the identical players in a server of their own")
    parser.add_argument("--identical-only", action="store_true", help="only the identical players (settling)")
    args = parser.parse_args(argv)
    for name in args.games.split(","):
        print(run(name.strip(), args.matches, args.samples, args.per_level, args.identical, args.seed,
                  not args.two_servers, args.identical_only), flush=True)


if __name__ == "__main__":
    main()
