"""Club nights: tables per round, the movement between rounds, leavers, the cumulative ranking
(docs/rules/club.md, « Club nights », « Cases the tests pin » #4-6). Pure: no Discord, standard library only.

* :func:`movement` / :func:`plan_movement`: per round, the tables' seats. Tables of one size;
  computers (``None``) complete the last table, in every round; everybody plays every round.
  Round 1 is a random seating (seeded); then the FFT rotation (North stays, South one table up,
  East two up, West two down) where it makes no two players meet again within the planned rounds,
  else the movement with the fewest repeated meetings found (see :mod:`games.movements`).
* :func:`repeated_meetings` counts what remains (« Club nights »: "show how many remain").
* :func:`replace_leaver`: a player who leaves is replaced by a computer from that round on.
* :func:`round_scores` and :func:`ranking`: the cumulative score over the rounds, ties shared,
  leavers kept with their score so far, marked incomplete.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from games.movements import Plan, Table, designs, lower_bound, repeat_free_prefix, repeated_meetings, search

__all__ = ["EventStanding", "Movement", "Plan", "Table", "lower_bound", "movement", "plan_movement", "ranking",
           "repeated_meetings", "replace_leaver", "round_scores"]

SEARCH_ITERATIONS = 1500


@dataclass(frozen=True)
class Movement:
    """A club night's plan: ``rounds[r][t]`` is table ``t``'s seats in round ``r`` (player indices in
    seat order, ``None`` a computer); ``method`` how it was made (``"fft"`` the FFT rotation,
    ``"cyclic"`` a rotation with other steps, ``"field"`` the finite-field design, ``"search"``,
    ``"single"`` one table); ``repeats`` its repeated meetings; ``least`` the fewest any plan can
    have (:func:`lower_bound`)."""

    rounds: Plan
    method: str
    repeats: int
    least: int

    def lines(self) -> list[str]:
        """The plan as text, one line per round (``R1: T1 0 5 9 - | T2 ...``, ``-`` a computer)."""
        out = []
        for r, tables in enumerate(self.rounds):
            cells = [f"T{t + 1} " + " ".join("-" if p is None else str(p) for p in table)
                     for t, table in enumerate(tables)]
            out.append(f"R{r + 1}: " + " | ".join(cells))
        out.append(f"{self.method}: repeated meetings {self.repeats}, least possible {self.least}")
        return out


def plan_movement(players: int, rounds: int, table_size: int = 4, *, seed: int | str = 0,
                  iterations: int = SEARCH_ITERATIONS) -> Movement:
    """The plan of a club night of ``players`` (indices ``0..players-1``) over ``rounds`` rounds at
    tables of ``table_size`` (docs/rules/club.md, « Club nights »). Deterministic for a seed; ``iterations`` bounds the
    local search (counted, not timed, so every machine gives the same plan).

    :raises ValueError: on fewer than one player or round, or tables of fewer than 2 seats.
    """
    if players < 1 or rounds < 1 or table_size < 2:
        raise ValueError(f"no club night of {players} players, {rounds} rounds at tables of {table_size}")
    rng = random.Random(f"movement:{seed}:{players}:{rounds}:{table_size}")
    tables = -(-players // table_size)
    least = lower_bound(players, rounds, table_size)
    if tables == 1:
        order = list(range(players))
        rng.shuffle(order)
        table = (*order, *[None] * (table_size - players))
        plan: Plan = tuple((table,) for _ in range(rounds))
        return Movement(plan, "single", repeated_meetings(plan), least)
    best: tuple[int, str, list[list[list[int]]]] | None = None
    if players == tables * table_size:
        seating = list(range(players))  # round 1: random seats
        rng.shuffle(seating)
        for name, design in designs(tables, table_size, rounds):
            candidate = [[[seating[pos] for pos in table] for table in rnd] for rnd in design]
            count = repeated_meetings(candidate)
            if best is None or count < best[0]:
                best = (count, name, candidate)
            if count == least:
                break
    if best is None or best[0] > least:
        start = best[2][:repeat_free_prefix(best[2])] if best else []
        found = search(players, rounds, table_size, rng, iterations, start)
        count = repeated_meetings(found)
        if best is None or count < best[0]:
            best = (count, "search", found)
    count, name, chosen = best
    plan = tuple(tuple(tuple([*table, *[None] * (table_size - len(table))]) for table in rnd) for rnd in chosen)
    return Movement(plan, name, count, least)


def movement(players: int, rounds: int, table_size: int = 4, *, seed: int | str = 0) -> list[list[Table]]:
    """Per round, the tables' seats: player indices in seat order, ``None`` for a computer seat;
    every player exactly once per round (see :func:`plan_movement`)."""
    return [list(tables) for tables in plan_movement(players, rounds, table_size, seed=seed).rounds]


def replace_leaver(plan: Sequence[Sequence[Sequence[int | None]]], player: int, from_round: int) -> Plan:
    """The plan with a computer (``None``) in ``player``'s seats from round ``from_round`` (0 for
    the first) on: a player who leaves is replaced for the rest of the event (« Club nights »).

    :raises ValueError: when the round is not one of the plan's or the player has no seat in it.
    """
    if not 0 <= from_round < len(plan):
        raise ValueError(f"round {from_round} is not one of the plan's {len(plan)} rounds")
    if not any(player in table for table in plan[from_round]):
        raise ValueError(f"player {player} has no seat in round {from_round}")
    return tuple(tuple(tuple(None if r >= from_round and p == player else p for p in table) for table in tables)
                 for r, tables in enumerate(plan))


def round_scores(tables: Sequence[Sequence[int | None]], scores: Sequence[Sequence[float]]) -> dict[int, float]:
    """Each player's score for a round: ``scores[t][s]`` is what seat ``s`` of table ``t`` made over
    the round's deals; computers' seats are left out.

    :raises ValueError: when the scores do not match the tables' seats, or a player sits twice.
    """
    if len(tables) != len(scores):
        raise ValueError(f"{len(scores)} tables of scores for {len(tables)} tables")
    out: dict[int, float] = {}
    for table, points in zip(tables, scores, strict=True):
        if len(table) != len(points):
            raise ValueError(f"{len(points)} scores for a table of {len(table)} seats")
        for player, score in zip(table, points, strict=True):
            if player is None:
                continue
            if player in out:
                raise ValueError(f"player {player} sits twice in the round")
            out[player] = score
    return out


@dataclass(frozen=True)
class EventStanding:
    """A player's line of the ranking: ``total`` over the rounds played, ``rounds`` how many,
    ``place`` 0 for first (tied players share it), ``complete`` False for a player who left."""

    player: int
    total: float
    rounds: int
    place: int
    complete: bool


def ranking(rounds: Sequence[Mapping[int, float]], left: Iterable[int] = ()) -> list[EventStanding]:
    """The cumulative ranking (« Club nights ») from each round's scores (:func:`round_scores`), best first:
    ties share a place (0, 0, 2); a player in ``left`` keeps their score so far and is marked
    incomplete. Computers are never ranked (they have no index)."""
    gone = set(left)
    totals: dict[int, float] = {}
    played: dict[int, int] = {}
    for scores in rounds:
        for player, score in scores.items():
            totals[player] = totals.get(player, 0) + score
            played[player] = played.get(player, 0) + 1
    for player in gone - set(totals):
        totals[player], played[player] = 0, 0
    order = sorted(totals, key=lambda p: (-totals[p], p))
    out: list[EventStanding] = []
    for i, player in enumerate(order):
        place = out[-1].place if out and totals[order[i - 1]] == totals[player] else i
        out.append(EventStanding(player, totals[player], played[player], place, player not in gone))
    return out
