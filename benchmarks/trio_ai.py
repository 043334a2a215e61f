"""Le Trio / L'École computer players: speed of whole games and strength against the baseline.

Prints full games per second between four computer players (with mean rounds and actions per
game, and where the time goes), the CPU time of a whole game (mean and slowest: the aim is
under 1 s for 4-player Le Trio) and of a computer turn (every step of one seat's turn, from the
draw to the discard: legal steps, view, choice and move; mean, 99th percentile and slowest; the aim
is under 5 ms), then
the computer player's win rate against three baseline players (seats rotated). Run:
``.venv/bin/python -m benchmarks.trio_ai [--games 40] [--duel 60] [--game trio] [--seats 4] [--repeat 5]
[--warmup 3]``.

``--expert N`` instead plays the expert (N sampled futures per decision, or ``--budget`` seconds)
against normal players on duplicate rounds: each round (every seat at contract ``1 + m mod 7``,
or 10 at L'École, so every contract is tried) is played by normal players only (the baseline),
then once per seat with the expert on that seat, on the same cards. Prints the expert seat's
penalty minus the normal seat's on the same seat and cards, per round, with a 95% interval over
rounds (negative: the expert keeps fewer points), and how often each opened. Run:
``.venv/bin/python -m benchmarks.trio_ai --expert 40 --rounds 140 [--game ecole]``.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.base import Player
from games.trio.ai import BaselinePlayer, TrioPlayer
from games.trio.contracts import CONTRACTS
from games.trio.game import ECOLE, TRIO, TrioGame

LIMIT = 60_000  # actions: a game still running then counts as won by nobody


def play(game: TrioGame, players: list[Player], seed: str, clock: dict[str, float],
         turns: list[float] | None = None) -> tuple[tuple[int, ...], int, int]:
    """One full game; returns (winners, rounds, actions), adds the time spent to ``clock`` and each
    turn's CPU time (the steps of one seat from its draw, as the CPU time of this process: other
    work on a shared machine does not count) to ``turns``."""
    rng = random.Random(seed)
    state = game.new(len(players), seed)
    actions = 0
    perf = time.perf_counter
    turn_seat, turn_time = None, 0.0
    while (seat := state.to_act()) is not None and actions < LIMIT:
        cpu = time.process_time()
        t0 = perf()
        legal = state.legal_actions(seat)
        t1 = perf()
        view = state.view(seat)
        t2 = perf()
        action = players[seat].choose(view, legal, rng)
        t3 = perf()
        state = state.apply(seat, action)
        t4 = perf()
        clock["legal"] += t1 - t0
        clock["view"] += t2 - t1
        clock["choose"] += t3 - t2
        clock["apply"] += t4 - t3
        if seat != turn_seat or action.kind == "draw":
            if turns is not None and turn_seat is not None:
                turns.append(turn_time)
            turn_seat, turn_time = seat, 0.0
        turn_time += time.process_time() - cpu
        actions += 1
    if turns is not None and turn_seat is not None:
        turns.append(turn_time)
    return (state.winners if state.phase == "over" else ()), state.round_no + 1, actions


def speed(game: TrioGame, seats: int, games: int, run: int = 0) -> tuple[float, float]:
    """Plays ``games`` games between computer players, prints the figures, returns games per
    second of wall-clock time and per second of this process's CPU time. Each ``run`` plays new
    deals: the engine's search caches must not be served the very hands of an earlier run."""
    clock = {"legal": 0.0, "view": 0.0, "choose": 0.0, "apply": 0.0}
    rounds = actions = unfinished = 0
    start, cpu = time.perf_counter(), time.process_time()
    turns: list[float] = []
    durations = []
    for i in range(games):
        began = time.process_time()
        winners, r, a = play(game, [TrioPlayer() for _ in range(seats)], f"speed{i}" if not run else f"speed{run}.{i}",
                             clock, turns)
        durations.append(time.process_time() - began)
        rounds += r
        actions += a
        unfinished += not winners
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    split = ", ".join(f"{k} {100 * v / elapsed:.0f}%" for k, v in clock.items())
    print(f"{game.name} {seats} computer players: {games / elapsed:.1f} games/s "
          f"({games / cpu:.1f} per CPU second), "
          f"{rounds / games:.1f} rounds/game, {actions / games:.0f} actions/game, "
          f"{1e6 * elapsed / actions:.0f} us/action ({split}); unfinished after {LIMIT} actions: {unfinished}")
    print(f"{game.name} {seats} players, CPU time: a whole game {statistics.mean(durations):.3f} s "
          f"(slowest {max(durations):.3f} s); a computer turn {1e3 * statistics.mean(turns):.2f} ms "
          f"(99th percentile {1e3 * statistics.quantiles(turns, n=100)[-1]:.2f} ms, "
          f"slowest {1e3 * max(turns):.2f} ms, {len(turns)} turns)")
    return games / elapsed, games / cpu


def duel(game: TrioGame, seats: int, games: int) -> None:
    wins = shared = 0.0
    clock = {"legal": 0.0, "view": 0.0, "choose": 0.0, "apply": 0.0}
    for i in range(games):
        hero = i % seats
        players: list[Player] = [BaselinePlayer() for _ in range(seats)]
        players[hero] = TrioPlayer()
        winners, _, _ = play(game, players, f"duel{i}", clock)
        if hero in winners:
            wins += 1 / len(winners)
            shared += len(winners) > 1
    if not games:
        return
    print(f"{game.name}: computer player vs {seats - 1} baseline players: win rate {wins / games:.0%} "
          f"over {games} games (fair share {1 / seats:.0%}; {shared:.0f} shared wins)")


def one_round(game: TrioGame, seats: int, seed: str, contract: int, players: list[Player]) -> dict:
    """One round of a fresh match with every seat at ``contract``; returns its ``last_deal``."""
    state = game.new(seats, seed, {"max_rounds": 1})
    state.contract = (contract,) * seats  # a benchmark's start: every seat at this contract
    rng = random.Random(f"{seed}:bots")
    actions = 0
    while (seat := state.to_act()) is not None and actions < LIMIT:
        state = state.apply(seat, players[seat].choose(state.view(seat), state.legal_actions(seat), rng))
        actions += 1
    assert state.last_deal is not None
    return state.last_deal


def expert_duel(game: TrioGame, seats: int, rounds: int, expert_args: dict[str, object], seed: str) -> None:
    """The expert against normal players on duplicate rounds (see the module docstring)."""
    contracts = len(CONTRACTS[game.variant])
    diffs: list[float] = []
    mine: list[int] = []
    theirs: list[int] = []
    opened = [0, 0]
    start = time.perf_counter()
    for m in range(rounds):
        k = 1 + m % contracts
        s = f"{seed}:{m}"
        base = one_round(game, seats, s, k, [TrioPlayer() for _ in range(seats)])
        per = []
        for seat in range(seats):
            players: list[Player] = [TrioPlayer() for _ in range(seats)]
            players[seat] = game.computer_player("expert", **expert_args)
            last = one_round(game, seats, s, k, players)
            per.append(last["deltas"][seat] - base["deltas"][seat])
            mine.append(last["deltas"][seat])
            theirs.append(base["deltas"][seat])
            opened[0] += last["opened"][seat]
            opened[1] += base["opened"][seat]
        diffs.append(statistics.fmean(per))
        if (m + 1) % 20 == 0 or m + 1 == rounds:
            mean = statistics.fmean(diffs)
            half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
            n = len(mine)
            print(f"  {m + 1} rounds x {seats} seats ({time.perf_counter() - start:.0f} s): expert penalty "
                  f"{statistics.fmean(mine):.1f}, normal {statistics.fmean(theirs):.1f} per round; expert minus "
                  f"normal {mean:+.2f} ± {half:.2f} [{mean - half:+.2f}, {mean + half:+.2f}]; opened "
                  f"{100 * opened[0] / n:.0f}% vs {100 * opened[1] / n:.0f}%", flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40, help="games for the speed measurement")
    parser.add_argument("--duel", type=int, default=60, help="games against the baseline")
    parser.add_argument("--game", choices=("trio", "ecole"), action="append")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=1,
                        help="repeat the speed measurement (new deals each time) and print the median: "
                             "a shared machine's speed varies from one run to the next")
    parser.add_argument("--warmup", type=int, default=3,
                        help="games played before timing (other deals), as in a bot already running")
    parser.add_argument("--expert", type=int, default=None, help="expert vs normal at N samples per decision")
    parser.add_argument("--budget", type=float, default=None, help="expert vs normal at this budget (s)")
    parser.add_argument("--rounds", type=int, default=140, help="duplicate rounds (expert vs normal)")
    parser.add_argument("--seed", default="dup")
    args = parser.parse_args(argv)
    if args.expert is not None or args.budget is not None:
        expert_args: dict[str, object] = {"samples": args.expert} if args.expert is not None else \
            {"budget": args.budget}
        for name in args.game or ["trio"]:
            game = TRIO if name == "trio" else ECOLE
            print(f"{name} {args.seats} seats, expert ({expert_args}) vs normal, {args.rounds} duplicate rounds:")
            expert_duel(game, args.seats, args.rounds, expert_args, args.seed)
        return
    for name in args.game or ["trio", "ecole"]:
        game = TRIO if name == "trio" else ECOLE
        for i in range(args.warmup):
            play(game, [TrioPlayer() for _ in range(args.seats)], f"warmup{i}", defaultdict(float))
        runs = [speed(game, args.seats, args.games, run) for run in range(max(1, args.repeat))]
        if len(runs) > 1:
            wall = sorted(w for w, _ in runs)
            print(f"{game.name}: median {statistics.median(wall):.1f} games/s over {len(runs)} runs "
                  f"(slowest {wall[0]:.1f}, fastest {wall[-1]:.1f}; median per CPU second "
                  f"{statistics.median(c for _, c in runs):.1f})")
        duel(game, args.seats, args.duel)


if __name__ == "__main__":
    main()
