"""A club night's data (docs/rules/club.md, « Club nights »): the event and its players, the
standings told, and what the event service needs of the UI (:class:`Places` for the tables,
:class:`EventListener` for every change). No Discord here."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.service.standings import Line
from bot.service.table import Table


@dataclass
class Player:
    """A registered member; ``idx`` their plan index from the start; ``left_round`` the round from
    which a computer plays for them."""

    user_id: int
    name: str
    idx: int | None = None
    left_round: int | None = None


@dataclass
class Event:
    """One club night (its row in ``events``, its players; ``plan`` the movement once started:
    ``{"rounds": [[[idx or None, ...], ...], ...], "method", "repeats", "least"}``)."""

    id: str
    guild_id: int
    channel_id: int
    organiser_id: int
    name: str
    game: str
    format: str
    rounds: int
    deals: int
    table_size: int
    level: str
    options: dict[str, Any]
    seed: str
    starts_at: float
    status: str = "open"
    round: int = 0
    paused: bool = False
    plan: dict[str, Any] | None = None
    message_id: int | None = None
    players: list[Player] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)

    @classmethod
    def of(cls, row: dict[str, Any], players: Sequence[dict[str, Any]]) -> Event:
        return cls(row["id"], int(row["guild_id"]), int(row["channel_id"]), int(row["organiser_id"]), row["name"],
                   row["game"], row["format"], int(row["rounds"]), int(row["deals"]), int(row["table_size"]),
                   row["level"], json.loads(row["options"] or "{}"), row["seed"], float(row["starts_at"]),
                   row["status"], int(row["round"]), bool(row["paused"]),
                   json.loads(row["plan"]) if row["plan"] else None, row["message_id"],
                   [Player(int(p["user_id"]), p["name"], p["idx"], p["left_round"]) for p in players])

    @property
    def live(self) -> bool:
        return self.status in ("open", "closed", "playing")

    def table_plan(self, round_no: int) -> list[list[int | None]]:
        """Round ``round_no``'s tables (1 for the first): plan indices in seat order, ``None`` a computer."""
        assert self.plan is not None
        return [list(t) for t in self.plan["rounds"][round_no - 1]]

    def by_index(self) -> list[Player]:
        """The players in plan order (started events)."""
        return sorted((p for p in self.players if p.idx is not None), key=lambda p: p.idx or 0)

    def player(self, user_id: int) -> Player | None:
        return next((p for p in self.players if p.user_id == user_id), None)


@dataclass(frozen=True)
class Standings:
    """The standings so far: ``lines`` best first; ``done`` rounds whose every table finished;
    ``waiting`` tables of the round in play still playing; ``final`` the event is over."""

    event: Event
    lines: list[Line]
    done: int
    waiting: int
    final: bool = False


class Places(Protocol):
    """Where a new table lives: the UI opens a thread per table and returns its id; asked again
    for the same table (after a failure), the same place. :raises PlaceFailed: none now."""

    async def table_place(self, event: Event, round_no: int, table_no: int,
                          user_ids: Sequence[int | None]) -> int: ...


class EventListener(Protocol):
    """Told about every event change (never blocks: schedule work and return)."""

    def event_changed(self, event: Event) -> None: ...

    def round_opened(self, event: Event, round_no: int, tables: Sequence[Table]) -> None: ...

    def standings_changed(self, standings: Standings) -> None: ...

    def event_blocked(self, event: Event, round_no: int, key: str, why: str) -> None:
        """What cannot go on by itself, for the organiser (``key``: the text saying what to do)."""


class SerialPlaces:
    """Places numbered from ``base`` (runs without Discord: tests, benchmarks, the local mode)."""

    def __init__(self, base: int = 10**12) -> None:
        self.next = base

    async def table_place(self, event: Event, round_no: int, table_no: int,
                          user_ids: Sequence[int | None]) -> int:
        self.next += 1
        return self.next
