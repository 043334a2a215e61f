"""Skill ratings with openskill (Plackett-Luce), per server and game.

Sides change from deal to deal in several games (Tarot's taker and partner against the defence,
Tresillo's declarer against the others), so when a finished deal names its side (``taker``,
``declarer``, ``attacker``... in the view's ``last_deal`` or ``contract``) that deal is rated as a
two-team match. Games whose deals name no side (Le Trio, Piquet...) are rated once, at the end,
from the final places (individual ranking). Computer players are rated under one key per level
(``c:normal``), listed apart, and never stored in a human's row; a level's line counts every seat
it held (two computers at one table count two matches, each with its own win and points), so
computers' results are never netted against each other.

Shown ratings (:func:`shown`) map openskill's ordinal (mu - 3 sigma, 0 for a new player) to a
friendlier scale: ``1000 + 50 x ordinal``, never below 0. A new player shows 1000; the first
matches move it by about 50 to 200, later ones less as the estimate firms up.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from openskill.models import PlackettLuce

from bot.db import Rating
from games.base import Game, Outcome

MODEL = PlackettLuce()
BASE, SCALE = 1000, 50  # shown rating = BASE + SCALE x ordinal
COMPUTER = "c:"
SIDE_KEYS = ("taker", "declarer", "attacker", "soloist", "bidder", "player")
PARTNER_KEYS = ("partner", "called", "partners", "allies")


@dataclass(frozen=True)
class DealSide:
    """One finished deal: the attacking seats and whether they won it."""

    attack: frozenset[int]
    won: bool


def _seat(value: Any, seats: int) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < seats else None


def deal_side(last_deal: Mapping[str, Any], view: Mapping[str, Any]) -> DealSide | None:
    """The side of a finished deal when its score lines or contract name one, else ``None``."""
    seats = int(view.get("seats", 0))
    for source in (last_deal, last_deal.get("contract"), view.get("contract")):
        if not isinstance(source, Mapping):
            continue
        taker = next((s for k in SIDE_KEYS if (s := _seat(source.get(k), seats)) is not None), None)
        if taker is None:
            continue
        attack = {taker}
        for key in PARTNER_KEYS:
            value = source.get(key)
            for v in value if isinstance(value, list | tuple) else [value]:
                if (s := _seat(v, seats)) is not None:
                    attack.add(s)
        if len(attack) >= seats:
            return None
        won = last_deal.get("won", last_deal.get("made"))
        if not isinstance(won, bool):
            deltas = last_deal.get("deltas") or []
            if taker >= len(deltas):
                return None
            won = deltas[taker] > 0
        return DealSide(frozenset(attack), won)
    return None


def deal_sides(game: Game, data: Mapping[str, Any]) -> list[DealSide | None]:
    """Replay a finished match's log and read each finished deal's side (``None`` where unnamed)."""
    state = game.initial_state(data)  # the rules the save was played by (an old Tresillo save's)
    sides: list[DealSide | None] = []
    seen: Any = None
    for text in game.upgrade_log(list(data["log"])):
        seat = state.to_act()
        if seat is None:
            break
        state = state.apply(seat, game.parse_action(text))
        view = state.view(None)
        last = view.get("last_deal")
        if isinstance(last, Mapping) and last.get("deal_no") != seen:
            seen = last.get("deal_no")
            sides.append(deal_side(last, view))
    return sides


def player_key(user_id: int | None, level: str = "normal") -> str:
    """``u<id>`` for a member, ``c:<level>`` for a computer player of that level."""
    return f"u{user_id}" if user_id is not None else f"{COMPUTER}{level}"


def computer_level(key: str) -> str | None:
    """The level of a computer player's key (``c:normal`` -> ``normal``), ``None`` for a member."""
    return key[len(COMPUTER):] if key.startswith(COMPUTER) else None


def shown(ordinal: float) -> int:
    """The rating players see: ``1000 + 50 x ordinal``, at least 0 (a new player shows 1000).

    The ordinal is first rounded as match results store it (2 decimals), so a match's "before ->
    after" and the leaderboard always agree.
    """
    return max(0, round(BASE + SCALE * round(ordinal, 2)))


def rate_match(game: Game, data: Mapping[str, Any], outcome: Outcome, keys: Sequence[str],
               names: Sequence[str], current: Mapping[str, Rating]) -> tuple[dict[str, Rating], list[Rating]]:
    """New ratings after a match: ``(by key, per seat before)``.

    ``keys[seat]`` is the seat's player key; ``current`` the stored ratings (missing = new).
    Matches, wins (first place) and points are counted too, per seat: a computer level holding
    several seats counts one match (and its own win and points) for each.
    """
    seats = len(keys)
    before = [current.get(k) or Rating(k, _user(k), computer_level(k) or names[i], MODEL.mu, MODEL.sigma)
              for i, k in enumerate(keys)]
    per_seat = [MODEL.rating(mu=r.mu, sigma=r.sigma) for r in before]
    sides = deal_sides(game, data)
    if sides and any(s is not None for s in sides):
        for side in sides:
            if side is None:
                continue
            attack = sorted(side.attack)
            defence = [s for s in range(seats) if s not in side.attack]
            teams = [[per_seat[s] for s in attack], [per_seat[s] for s in defence]]
            new = MODEL.rate(teams, ranks=[0, 1] if side.won else [1, 0])
            for s, r in zip(attack + defence, new[0] + new[1], strict=True):
                per_seat[s] = r
    elif seats > 1:
        new = MODEL.rate([[r] for r in per_seat], ranks=list(outcome.places))
        per_seat = [team[0] for team in new]
    after: dict[str, list[int]] = {}
    for seat, key in enumerate(keys):
        after.setdefault(key, []).append(seat)
    result: dict[str, Rating] = {}
    for key, seat_list in after.items():
        old = before[seat_list[0]]
        mu = sum(per_seat[s].mu for s in seat_list) / len(seat_list)
        sigma = sum(per_seat[s].sigma for s in seat_list) / len(seat_list)
        result[key] = replace(old, name=computer_level(key) or names[seat_list[0]], mu=mu, sigma=sigma,
                              matches=old.matches + len(seat_list),
                              wins=old.wins + sum(outcome.places[s] == 0 for s in seat_list),
                              points=old.points + sum(outcome.scores[s] for s in seat_list))
    return result, before


def _user(key: str) -> int | None:
    return int(key[1:]) if key.startswith("u") else None
