"""Tarot engine vs OpenSpiel's ``tarok`` (C++ behind pybind11), both driven from Python in one process.

OpenSpiel is not a project dependency: install it in a scratch venv and run this script with that
venv's interpreter; the project's engine is imported from the repository path (stdlib only)::

    python3 -m venv /tmp/osvenv && /tmp/osvenv/bin/pip install open_spiel
    /tmp/osvenv/bin/python benchmarks/tarot_vs_openspiel.py [--seconds 2] [--repeat 5]

Workloads (random legal choices, legality checked by both engines):

* ``tapis match``: random 4-player Tarot matches through the public contract (the 150k target);
* ``tapis full deal``: one deal where the first player bids Garde sans, the others pass, no chelem,
  then every card is played at random (like tarok's klop: no talon exchange);
* ``tapis playout core``: the expert's playouts (:mod:`games.tarot.playout`, bit masks): a deal
  dealt, then every card at random;
* ``openspiel tarok``: 4 players, everyone passes (the forehand then must choose Klop) so every card
  is played; the deal chance node is applied and counted as an action.

Printed rates are actions per second (best of ``--repeat`` runs, wall clock and CPU time).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.base import Action
from games.tarot import TAROT
from games.tarot.playout import Deal, random_hands, random_policy


def tapis_match(rng: random.Random, n: int) -> int:
    state = TAROT.new(4, n)
    actions = 0
    while (seat := state.to_act()) is not None:
        legal = state.legal_actions(seat)
        state = state.apply(seat, legal[rng.randrange(len(legal))])
        actions += 1
    return actions


_OPENING = [Action("bid", "garde_sans"), Action("pass"), Action("pass"), Action("pass"), Action("no_chelem")]


def tapis_full_deal(rng: random.Random, n: int) -> int:
    state = TAROT.new(4, n, {"deals": 1})
    for action in _OPENING:
        state = state.apply(state.to_act(), action)  # type: ignore[arg-type]
    actions = len(_OPENING)
    while (seat := state.to_act()) is not None:
        legal = state.legal_actions(seat)
        state = state.apply(seat, legal[rng.randrange(len(legal))])
        actions += 1
    return actions


def tapis_playout(rng: random.Random, n: int) -> int:
    """One deal on the search's playout core (:mod:`games.tarot.playout`): shuffled and dealt
    (counted as one action, like tarok's deal chance node), then every card at random."""
    hands, _ = random_hands(rng, 4)
    deal = Deal(hands, taker=0, partner=None, contract="garde_sans")
    deal.rollout(random_policy(rng), rng)
    return 1 + 4 * 18


def openspiel_tarok(game: object) -> Callable[[random.Random, int], int]:
    """Random tarok deals where the 4 bids are Pass, Pass, Pass and the forehand's Klop."""
    bid_names = ("Pass", "Klop")

    def deal(rng: random.Random, n: int) -> int:
        state = game.new_initial_state()  # type: ignore[attr-defined]
        actions = decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                if decisions < 4:  # the auction: everyone passes
                    state.apply_action(next(a for a in legal if state.action_to_string(a) in bid_names))
                else:
                    state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
            actions += 1
        return actions

    return deal


def measure(fn: Callable[[random.Random, int], int], seconds: float, seed: int) -> tuple[float, float, float]:
    rng = random.Random(seed)
    actions = units = 0
    wall0, cpu0 = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall0 < seconds:
        actions += fn(rng, units)
        units += 1
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    return actions / wall, actions / cpu, actions / units


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    workloads: list[tuple[str, Callable[[random.Random, int], int]]] = [
        ("tapis match", tapis_match), ("tapis full deal", tapis_full_deal), ("tapis playout core", tapis_playout)]
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError as exc:
        print(f"open_spiel is not importable here ({exc}); run with the scratch venv's python")
    else:
        workloads.append(("openspiel tarok", openspiel_tarok(pyspiel.load_game("tarok", {"players": 4}))))
    best: dict[str, tuple[float, float, float]] = {}
    for _ in range(args.repeat):  # interleaved, so load changes on the machine hit every workload
        for i, (name, fn) in enumerate(workloads):
            r = measure(fn, args.seconds, i)
            old = best.get(name)
            best[name] = r if old is None else (max(old[0], r[0]), max(old[1], r[1]), r[2])
    for name, (wall, cpu, per) in best.items():
        print(f"{name:<18} {wall:>12,.0f} actions/s wall {cpu:>12,.0f} actions/s CPU   "
              f"({per:.1f} actions per match/deal)")
    if "openspiel tarok" in best:
        os_wall, os_cpu = best["openspiel tarok"][:2]
        for name in ("tapis match", "tapis full deal", "tapis playout core"):
            wall, cpu = best[name][:2]
            print(f"ratio {name} / openspiel tarok: {wall / os_wall:.2f} (wall), {cpu / os_cpu:.2f} (CPU)")


if __name__ == "__main__":
    main()
