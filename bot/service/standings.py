"""A club night's standings and a season's, from saved scores (docs/rules/club.md, « Match points », « Club nights »).

No Discord and no database: :func:`event_standings` reads the score rows of the event's finished
tables (``round, table_no, seat, score``) through the plan (which player held each seat), so the
standings are exactly the tables' scores; :func:`season_standings` sums each member's best K event
results. Ties share a place (0 for first).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games import duplicate
from games.events import ranking

Plan = Sequence[Sequence[Sequence[int | None]]]


@dataclass(frozen=True)
class Line:
    """A player's line: ``score`` (points, or a mean percentage in a duplicate event) over
    ``rounds`` rounds and ``deals`` deals played; ``place`` 0 for first; ``complete`` False once
    they left (a computer finished for them)."""

    user_id: int
    name: str
    score: float
    rounds: int
    deals: int
    place: int
    complete: bool


@dataclass(frozen=True)
class Member:
    """A registered player as the standings need them: plan index, name, the round they left in."""

    user_id: int
    name: str
    left_round: int | None = None


def _round_maps(plan: Plan, rows: Iterable[Mapping[str, Any]]) -> list[dict[int, float]]:
    """Per round (0 = the first), each seated player's score at their finished table (« Club nights »)."""
    out: list[dict[int, float]] = [{} for _ in plan]
    for row in rows:
        r, t, seat = int(row["round"]) - 1, int(row["table_no"]), int(row["seat"])
        if not 0 <= r < len(plan) or not 0 <= t < len(plan[r]) or not 0 <= seat < len(plan[r][t]):
            continue
        player = plan[r][t][seat]
        if player is not None:
            out[r][player] = float(row["score"])
    return out


def event_standings(fmt: str, plan: Plan, members: Sequence[Member], deals: int,
                    rows: Iterable[Mapping[str, Any]], *, game: str = "", seed: str = "") -> list[Line]:
    """The ranking so far, best first. ``fmt`` ``"free"``: cumulative score (« Club nights »), ``rows`` each
    seat's score at a finished table (``round, table_no, seat, score``). ``"duplicate"``: ``rows``
    each scored deal of a finished table (``round, table_no, shuffle, scores``, one score a seat);
    every table of a round deals the same cards (« Duplicate deals »), so a comparison group is one seat of one
    deal (the round's seed and the deal's shuffle) across the round's tables, and a player's result
    the mean of their percentages over the deals they played, ties broken by the summed deal
    scores (« Match points », :func:`games.duplicate.standings`). ``members[i]`` is plan index ``i``."""
    rows = list(rows)
    left = [i for i, m in enumerate(members) if m.left_round is not None]
    if fmt == "duplicate":
        lines = _duplicate(plan, members, rows, game, seed)
    else:
        rounds = _round_maps(plan, rows)
        lines = [Line(members[s.player].user_id, members[s.player].name, s.total, s.rounds, s.rounds * deals,
                      s.place, s.complete) for s in ranking(rounds, left)]
    # tied members by name, as the saved results are read back (``ORDER BY place, name, user_id``)
    return sorted(lines, key=lambda line: (line.place, line.name, line.user_id))


def _duplicate(plan: Plan, members: Sequence[Member], rows: Sequence[Mapping[str, Any]], game: str,
               seed: str) -> list[Line]:
    results = []
    rounds: dict[int, set[int]] = {}
    for row in rows:
        r, t = int(row["round"]) - 1, int(row["table_no"])
        if not 0 <= r < len(plan) or not 0 <= t < len(plan[r]):
            continue
        seats = plan[r][t]
        deal = duplicate.DuplicateDeal.of(game or "event", len(seats), f"{seed}/r{r + 1}", int(row["shuffle"]))
        for seat, score in enumerate(row["scores"][:len(seats)]):
            player = seats[seat]
            if player is not None:
                rounds.setdefault(player, set()).add(r)
            results.append(duplicate.DealResult(player if player is not None else ("computer", r, t, seat),
                                                deal.position(seat), float(score), player is None))
    lines = []
    for st in duplicate.standings(results):
        if isinstance(st.player, int):
            m = members[st.player]
            lines.append(Line(m.user_id, m.name, round(st.percent, 2), len(rounds[st.player]), st.deals,
                              st.place or 0, m.left_round is None))
    for m in members:
        if m.left_round is not None and all(line.user_id != m.user_id for line in lines):
            lines.append(Line(m.user_id, m.name, 0.0, 0, 0, len(lines), False))
    return lines


@dataclass(frozen=True)
class SeasonLine:
    """A member's season line: ``total`` of their best ``counted`` event results, ``events`` played."""

    user_id: int
    name: str
    total: float
    events: int
    counted: int
    place: int


def season_standings(rows: Iterable[Mapping[str, Any]], best: int) -> list[SeasonLine]:
    """The sum of each member's best ``best`` event results (``0``: all), ties shared (docs/rules/club.md, « Club nights »)."""
    scores: dict[int, list[float]] = {}
    names: dict[int, str] = {}
    for row in rows:
        scores.setdefault(int(row["user_id"]), []).append(float(row["score"]))
        names[int(row["user_id"])] = row["name"]
    totals = {}
    for user, got in scores.items():
        kept = sorted(got, reverse=True)[:best] if best > 0 else got
        totals[user] = (round(sum(kept), 2), len(got), len(kept))
    order = sorted(totals, key=lambda u: (-totals[u][0], names[u], u))
    out: list[SeasonLine] = []
    for i, user in enumerate(order):
        total, events, counted = totals[user]
        place = out[-1].place if out and out[-1].total == total else i
        out.append(SeasonLine(user, names[user], total, events, counted, place))
    return out
