"""Duplicate deals: the same cards played at several tables, each player compared with those who
held the same cards (docs/rules/club.md, « Duplicate deals », « Match points »). Pure: no Discord, standard library only.

* :class:`DuplicateDeal` fixes a deal (« Duplicate deals »: game, seat count, options, seed and deal number, which
  give the dealer seat and the deck order); :class:`Position` is one seat of it, a **comparison
  group**. :meth:`DuplicateDeal.new_state` starts the match that deals it, the same everywhere.
* :class:`DealResult`: what one player (or computer) scored holding a position.
* :func:`match_points`: a group's percentages (« Match points »: 2 match points per player beaten, 1 per tie,
  as a percentage of 2 (n - 1); alone, 50 %). :func:`comparison_groups` forms the groups (computers
  are never in one), :func:`deal_percentages` scores every result, :func:`standings` gives each
  player's result over their deals (the mean of their percentages over the deals they played, ties
  broken by the sum of deal scores, then shared). :func:`difference_points` is the team-event
  option (PM = √|difference|, signed).

A deal score is what the game's own rules gave the seat on that deal (« Match points »); higher is better.
For Le Trio / L'École « Match points » takes minus the seat's points; a caller holding the penalties themselves
passes ``higher_is_better=False`` instead, which compares the other way round (and breaks ties by
the lower sum). Percentages are computed exactly (fractions) and returned as floats, so equal means
tie exactly.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from games.base import State

Player = Hashable  # whoever the caller ranks: a member key ("u123"), a player index...


@dataclass(frozen=True, order=True)
class DuplicateDeal:
    """One deal as « Duplicate deals » fixes it: every table playing it gets the same cards in every seat and the
    same chien / talon / stock. ``options`` are the game's options as sorted ``(name, value)`` pairs
    (:meth:`of` sorts a mapping)."""

    game: str
    seats: int
    seed: str
    deal_no: int
    options: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, game: str, seats: int, seed: int | str, deal_no: int,
           options: Mapping[str, Any] | None = None) -> DuplicateDeal:
        """The deal ``deal_no`` of a set of deals drawn from ``seed`` (say a server, a date, a game)."""
        if seats < 1 or deal_no < 0:
            raise ValueError(f"bad duplicate deal: {seats} seats, deal {deal_no}")
        return cls(game, seats, str(seed), deal_no, tuple(sorted((options or {}).items())))

    @property
    def engine_seed(self) -> str:
        """The seed of the match that deals it: each deal of a set is a match of its own, so a
        redeal at one table (everybody passed) cannot shift the cards of the next deals there."""
        return f"{self.seed}/{self.deal_no}"

    def new_state(self) -> State:
        """The match that deals it (its first deal is this deal), identical at every table."""
        from games import find_game

        return find_game(self.game).new(self.seats, self.engine_seed, dict(self.options))

    def position(self, seat: int) -> Position:
        if not 0 <= seat < self.seats:
            raise ValueError(f"seat {seat} is not one of the deal's {self.seats} seats")
        return Position(self, seat)


@dataclass(frozen=True, order=True)
class Position:
    """A seat of a duplicate deal: its **comparison group** is everyone who held these cards (« Duplicate deals »)."""

    deal: DuplicateDeal
    seat: int


@dataclass(frozen=True)
class DealResult:
    """``player`` held ``position`` and scored ``score`` (the game's deal score, « Match points »).
    A computer's result (``computer=True``) fills a table but is never compared (« Duplicate deals »)."""

    player: Player
    position: Position
    score: float
    computer: bool = False


@dataclass(frozen=True)
class Scored:
    """A result with its percentage in its comparison group."""

    result: DealResult
    percent: float


@dataclass(frozen=True)
class Standing:
    """A player's result over the deals they played (« Match points »): ``percent`` the mean of their
    percentages, ``total`` the sum of their deal scores (the tie-break), ``deals`` how many deals
    they played, ``place`` 0 for first (tied players share a place; ``None`` when they played
    fewer than the ``minimum`` deals to be ranked) and ``percents`` each deal's percentage, in the
    order of their positions."""

    player: Player
    percent: float
    total: float
    deals: int
    place: int | None
    percents: tuple[tuple[Position, float], ...]


def _points(scores: Sequence[float], higher_is_better: bool) -> list[Fraction]:
    """« Match points » exactly: each score's percentage as a fraction (sorted once: n log n for a day's
    thousand members)."""
    n = len(scores)
    if n == 1:
        return [Fraction(50)]
    ordered = sorted(scores)
    out = []
    for mine in scores:
        lower, upper = bisect.bisect_left(ordered, mine), bisect.bisect_right(ordered, mine)
        beaten = lower if higher_is_better else n - upper
        tied = upper - lower - 1
        out.append(Fraction(100 * (2 * beaten + tied), 2 * (n - 1)))
    return out


def match_points(scores: Sequence[float], *, higher_is_better: bool = True) -> list[float]:
    """The percentages of a comparison group, in the order of ``scores`` (docs/rules/club.md, « Match points »): 2 match
    points per player with a worse deal score, 1 per tie, as a percentage of 2 (n - 1); alone, 50 %.

    ``match_points([100, 50, 50, -20]) == [100.0, 50.0, 50.0, 0.0]``. With
    ``higher_is_better=False`` a lower score is the better one (raw penalties, as Le Trio counts).

    :raises ValueError: on an empty group or a score that is not a number.
    """
    if not scores:
        raise ValueError("a comparison group has at least one player")
    for s in scores:
        if isinstance(s, bool) or not isinstance(s, int | float | Fraction) or s != s:
            raise ValueError(f"not a deal score: {s!r}")
    return [float(p) for p in _points(scores, higher_is_better)]


def comparison_groups(results: Iterable[DealResult]) -> dict[Position, list[DealResult]]:
    """The players' results by comparison group (« Duplicate deals »: one group per seat position of a deal),
    groups in the order they first appear and results in the order given; computers left out.

    :raises ValueError: when a player has two results for the same deal (whatever the seat).
    """
    groups: dict[Position, list[DealResult]] = {}
    seen: set[tuple[Player, DuplicateDeal]] = set()
    for r in results:
        if r.computer:
            continue
        key = (r.player, r.position.deal)
        if key in seen:
            raise ValueError(f"{r.player!r} has two results for deal {r.position.deal.deal_no}")
        seen.add(key)
        groups.setdefault(r.position, []).append(r)
    return groups


def _scored(results: Iterable[DealResult], higher_is_better: bool) -> list[tuple[DealResult, Fraction]]:
    out: list[tuple[DealResult, Fraction]] = []
    for group in comparison_groups(results).values():
        out += zip(group, _points([r.score for r in group], higher_is_better), strict=True)
    return out


def deal_percentages(results: Iterable[DealResult], *, higher_is_better: bool = True) -> list[Scored]:
    """Every player's result with its percentage in its comparison group (« Match points »), group by group;
    computers' results are left out. :raises ValueError: as :func:`comparison_groups`."""
    return [Scored(r, float(p)) for r, p in _scored(results, higher_is_better)]


def standings(results: Iterable[DealResult], *, higher_is_better: bool = True, minimum: int = 1) -> list[Standing]:
    """Each player's result over the deals they played (« Match points »), best first.

    A deal a player did not play is not counted against them: the mean is over the deals they
    played (a deal left unfinished gives no result, so it is not counted either). Ties on the mean
    are broken by the sum of deal scores, then shared (same place, the next place skipped: 0, 0, 2).
    Players with fewer than ``minimum`` deals are listed after the others, unranked (``place``
    ``None``), as a day's or week's standings need.
    """
    per: dict[Player, list[tuple[DealResult, Fraction]]] = {}
    for r, p in _scored(results, higher_is_better):
        per.setdefault(r.player, []).append((r, p))
    sign = 1 if higher_is_better else -1
    rows = []
    for player, done in per.items():
        mean = sum((p for _, p in done), Fraction(0)) / len(done)
        total = sum((Fraction(r.score) for r, _ in done), Fraction(0))
        percents = tuple(sorted((r.position, float(p)) for r, p in done))
        rows.append((player, mean, total, len(done), percents))
    ranked = sorted((row for row in rows if row[3] >= minimum), key=lambda row: (-row[1], -sign * row[2]))
    unranked = sorted((row for row in rows if row[3] < minimum), key=lambda row: (-row[1], -sign * row[2]))
    out: list[Standing] = []
    for i, (player, mean, total, deals, percents) in enumerate(ranked):
        prev = ranked[i - 1] if i else None
        place = out[-1].place if prev is not None and (prev[1], prev[2]) == (mean, total) else i
        out.append(Standing(player, float(mean), float(total), deals, place, percents))
    out += [Standing(player, float(mean), float(total), deals, None, percents)
            for player, mean, total, deals, percents in unranked]
    return out


def difference_points(difference: float) -> int:
    """The team-event option of « Match points » (FFT): match points from a score difference,
    PM = √|difference| rounded to the nearest whole point, with the difference's sign
    (100 -> 10, 400 -> 20, -50 -> -7)."""
    root = math.floor(math.sqrt(abs(difference)) + 0.5)
    return -root if difference < 0 else root


#: each game's options that make a match one deal, so a duplicate deal is a match of its own (« Duplicate deals »)
ONE_DEAL: dict[str, dict[str, Any]] = {
    "tarot": {"deals": 1}, "piquet": {"deals": 1}, "tresillo": {"deals": 1},
    "trio": {"max_rounds": 1}, "ecole": {"max_rounds": 1},
}


def deal_score(game: str, state: State, seat: int) -> float:
    """What the game's own rules gave ``seat`` on the one deal of a finished match played with
    :data:`ONE_DEAL` (« Match points »): Tarot the seat's points, Tresillo its net payment in chips, Piquet its
    points for the deal before the partie's bonus, Le Trio / L'École minus its points.

    :raises ValueError: the match is not over, or the game has no one-deal form here.
    """
    outcome = state.outcome()
    if outcome is None:
        raise ValueError("the deal is not over")
    if game == "piquet":
        history = getattr(state, "history", ())
        if not history:
            raise ValueError("a Piquet match over without a deal")
        return float(history[0]["deltas"][seat])
    if game in ("trio", "ecole"):
        return -float(outcome.scores[seat])
    if game in ("tarot", "tresillo"):
        return float(outcome.scores[seat])
    raise ValueError(f"no duplicate deal score for {game!r}")


def _shuffle(state: State) -> int:
    """The shuffle the deal in progress was drawn from: Tarot and Tresillo count their shuffles
    (``shuffle_no``, the next one), a void deal drawing a new one; the other games deal once per deal."""
    drawn = getattr(state, "shuffle_no", None)
    if isinstance(drawn, int):
        return drawn - 1
    return int(state.deal_index() or 0)


def played_deals(saved: Mapping[str, Any]) -> list[tuple[int, tuple[float, ...]]]:
    """Each scored deal of a saved match (``State.to_json()``), in play order: the shuffle it was
    drawn from and each seat's deal score (« Match points »: the seat's change on that deal; Le Trio / L'École
    minus it). Two tables of one seed hold the same cards in every seat on a deal of the same
    shuffle (« Duplicate deals »): a void deal at one table (Tarot: all pass) shifts none of the others.

    :raises CorruptState: the log does not replay; :raises ValueError: an unknown game.
    """
    sign = -1.0 if str(saved["game"]) in ("trio", "ecole") else 1.0
    return [(shuffle, tuple(sign * float(d) for d in last["deltas"])) for shuffle, last in deal_records(saved)]


def deal_records(saved: Mapping[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    """Each scored deal of a saved match, in play order: the shuffle it was drawn from and the
    public view's ``last_deal`` lines of it (its ``deal_no``, ``deltas`` and the game's own words:
    Tarot's contract, taker and result, Tresillo's declarer...), as :func:`played_deals` reads them.

    :raises CorruptState: the log does not replay; :raises ValueError: an unknown game.
    """
    from games import find_game

    game = find_game(str(saved["game"]))
    step = game.new(int(saved["seats"]), saved["seed"], dict(saved.get("options") or {}))
    out: list[tuple[int, dict[str, Any]]] = []
    deal, seen = step.deal_index(), None
    for text in saved.get("log") or ():
        seat = step.to_act()
        if seat is None:
            break
        shuffle = _shuffle(step)
        step = step.apply(seat, game.parse_action(str(text)))
        if step.deal_index() == deal and step.to_act() is not None:
            continue
        deal = step.deal_index()
        last = step.view(None).get("last_deal")
        if isinstance(last, dict) and last.get("deal_no") is not None and last["deal_no"] != seen:
            seen = last["deal_no"]
            out.append((shuffle, dict(last)))
    return out
