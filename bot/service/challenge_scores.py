"""The daily challenge's arithmetic, from its deal rows: no Discord, no database.

* :func:`day_deals` draws a day's deals, each from its own seed derived from the server's secret,
  the date, the game and the deal's number (:mod:`bot.service.deal_secrets`), and the seat the
  members hold in each, the same for everyone whatever the order they play in (docs/rules/club.md, « Duplicate deals »).
* :func:`day_results` scores a day by match points (« Match points », :mod:`games.duplicate`): each deal's
  comparison group is every member who finished it; a member's result is the mean of their deals'
  percentages, and their place is among the members who finished the whole challenge.
* :func:`period_standings` ranks a week or a month on the mean of each member's daily percentages
  over the days they finished, with a minimum number of days; :func:`streaks` counts days in a row.
* :func:`squares` / :func:`share_text`: the spoiler-free share line (percentages only, no card).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from bot.service.deal_secrets import derive
from bot.storage.challenges import DealRow
from games.duplicate import ONE_DEAL, DealResult, DuplicateDeal, standings

#: the challenge's games, each with its seat count and default deal count
SEATS = {"tarot": 4, "piquet": 2, "tresillo": 3}
DEFAULT_DEALS = {"tarot": 4, "piquet": 2, "tresillo": 3}
MAX_DEALS = 8
#: the fewest days finished to be ranked over a week and over a month
MIN_DAYS = {"day": 1, "week": 3, "month": 8}


def deal_seed(secret: bytes, day: str, game: str, deal_no: int) -> str:
    """The seed of deal ``deal_no`` of a server's challenge of a day and game:
    ``challenge:<day>:<game>:<HMAC of the server's secret and those parts>``. It starts with
    ``challenge:`` (which tells a challenge table apart) and names its day and game, but another
    deal's seed cannot be computed from it."""
    return f"challenge:{day}:{game}:{derive(secret, 'challenge', day, game, deal_no)}"


def parse_seed(seed: str) -> tuple[str, str] | None:
    """``(day, game)`` of a challenge deal's table seed (``challenge:<day>:<game>:<hmac>/<deal>``, or
    ``challenge:<server>:<day>:<game>/<deal>`` as tables dealt before the secret were),
    ``None`` for any other table's seed."""
    if not seed.startswith("challenge:"):
        return None
    parts = seed.split("/", 1)[0].split(":")
    if len(parts) != 4:
        return None
    return (parts[1], parts[2]) if "-" in parts[1] else (parts[2], parts[3])


@dataclass(frozen=True)
class ChallengeDeal:
    """One deal of a day's challenge and the seat every member holds in it."""

    deal: DuplicateDeal
    seat: int

    @property
    def number(self) -> int:
        return self.deal.deal_no


def day_deals(secret: bytes, day: str, game: str, count: int) -> list[ChallengeDeal]:
    """The day's ``count`` deals: fixed by the server's secret, the date and the game alone, so
    identical for every member and unknown to all before they are dealt."""
    seats = SEATS[game]
    return [ChallengeDeal(DuplicateDeal.of(game, seats, deal_seed(secret, day, game, k), k, ONE_DEAL[game]),
                          random.Random(derive(secret, "challenge seat", day, game, k)).randrange(seats))
            for k in range(count)]


@dataclass(frozen=True)
class MemberDay:
    """A member's day: ``percents[k]`` the percentage of deal k (``None`` not finished yet),
    ``percent`` the mean over the deals finished, ``place`` among the members who finished the
    whole challenge (0 first, by percent then summed score, ties shared; ``None`` until they
    finish), ``finishers`` how many did."""

    user_id: int
    name: str
    scores: tuple[float | None, ...]
    percents: tuple[float | None, ...]
    percent: float | None
    place: int | None
    finishers: int
    total: float

    @property
    def finished(self) -> bool:
        return all(p is not None for p in self.percents)


def _user(player: Hashable) -> int:
    """A result's player: a member's user id (:func:`_results`)."""
    assert isinstance(player, int)
    return player


def _results(rows: Iterable[DealRow], deals: Sequence[ChallengeDeal]) -> list[DealResult]:
    return [DealResult(r.user_id, deals[r.deal_no].deal.position(r.seat), r.score)
            for r in rows if r.score is not None and r.deal_no < len(deals)]


def day_results(rows: Sequence[DealRow], deals: Sequence[ChallengeDeal]) -> dict[int, MemberDay]:
    """Every member's day (see :class:`MemberDay`), by user id."""
    count = len(deals)
    names = {r.user_id: r.name for r in rows}
    scores: dict[int, dict[int, float]] = {}
    for r in rows:
        if r.score is not None:
            scores.setdefault(r.user_id, {})[r.deal_no] = r.score
    done = {u for u, got in scores.items() if len(got) >= count}
    overall = standings(_results(rows, deals))  # exact means: equal means are equal floats
    per_deal = {_user(s.player): {p.deal.deal_no: pct for p, pct in s.percents}
                for s in overall}
    mean = {_user(s.player): (s.percent, s.total) for s in overall}
    ranked: dict[tuple[float, float], int] = {}
    for i, key in enumerate(sorted((mean[u] for u in done), reverse=True)):
        ranked.setdefault(key, i)  # tied members share the first of their places
    out = {}
    for user, name in names.items():
        pcts = tuple(per_deal.get(user, {}).get(k) for k in range(count))
        place = ranked[mean[user]] if user in done else None
        out[user] = MemberDay(user, name, tuple(scores.get(user, {}).get(k) for k in range(count)), pcts,
                              mean[user][0] if user in mean else None, place, len(done),
                              sum(scores.get(user, {}).values()))
    return out


@dataclass(frozen=True)
class PeriodStanding:
    user_id: int
    name: str
    percent: float
    days: int
    place: int | None  # None: fewer days than the minimum


def period_standings(days: dict[str, dict[int, MemberDay]], minimum: int) -> list[PeriodStanding]:
    """A week's or a month's standings: the mean of each member's daily percentage over the days
    they finished; ties share a place; members under ``minimum`` days come last, unranked."""
    per: dict[int, list[float]] = {}
    names: dict[int, str] = {}
    for members in days.values():
        for m in members.values():
            if m.finished and m.percent is not None:
                per.setdefault(m.user_id, []).append(m.percent)
                names[m.user_id] = m.name
    rows = sorted(((sum(p) / len(p), len(p), u) for u, p in per.items()), key=lambda x: (-x[0], -x[1], x[2]))
    ranked = [x for x in rows if x[1] >= minimum]
    out: list[PeriodStanding] = []
    for i, (pct, n, u) in enumerate(ranked):
        place = out[-1].place if out and abs(out[-1].percent - pct) < 1e-9 else i
        out.append(PeriodStanding(u, names[u], pct, n, place))
    out += [PeriodStanding(u, names[u], pct, n, None) for pct, n, u in rows if n < minimum]
    return out


def period(day: str, kind: str) -> tuple[str, str]:
    """The first and last day of the ``kind`` (``day``, ``week`` Monday to Sunday, ``month``) holding ``day``."""
    d = date.fromisoformat(day)
    if kind == "day":
        return day, day
    if kind == "week":
        first = d - timedelta(days=d.weekday())
        return first.isoformat(), (first + timedelta(days=6)).isoformat()
    if kind == "month":
        nxt = (d.replace(day=28) + timedelta(days=4)).replace(day=1)
        return d.replace(day=1).isoformat(), (nxt - timedelta(days=1)).isoformat()
    raise ValueError(f"unknown period {kind!r}")


def streaks(days: Iterable[str], today: str) -> tuple[int, int]:
    """``(current, longest)`` runs of days in a row among ``days`` (challenges finished); the
    current run ends today, or yesterday while today's is still to play."""
    played = sorted({date.fromisoformat(d) for d in days})
    longest = run = 0
    prev: date | None = None
    for d in played:
        run = run + 1 if prev is not None and d - prev == timedelta(days=1) else 1
        longest = max(longest, run)
        prev = d
    now = date.fromisoformat(today)
    current = run if prev is not None and (now - prev).days in (0, 1) else 0
    return current, longest


def square(percent: float) -> str:
    """A deal's coloured square: green from 60 %, yellow from 40 %, red below."""
    return "🟩" if percent >= 60 else "🟨" if percent >= 40 else "🟥"


def squares(percents: Sequence[float | None]) -> str:
    return "".join("⬜" if p is None else square(p) for p in percents)
