"""The one mapping between a table and its rows (``game_tables``, ``seats``): written by the table
service, read back by restore, by a read-back after an uncertain write, by the presenter for a
closed table it still shows and by the replay of a finished match.

The capacity and each computer seat's number and level are columns (migration 0014): nothing is
read back from a table's options or a seat's name."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.service.facts import LazyState
from bot.service.table import SeatInfo, Table
from games import GAMES
from games.base import State


def seat_of(row: dict[str, Any]) -> SeatInfo:
    return SeatInfo(row["user_id"], row["name"], row["missed"], bool(row["away"]), row.get("level"),
                    row.get("computer_no"))


def seats_of(rows: Sequence[dict[str, Any]]) -> list[SeatInfo]:
    return [seat_of(s) for s in rows]


def options_of(row: dict[str, Any]) -> dict[str, Any]:
    """A table's saved options. :raises ValueError: they are not a JSON object."""
    options = json.loads(row["options"] or "{}")
    if not isinstance(options, dict):
        raise ValueError("its options are not a JSON object")
    return options


def capacity_of(row: dict[str, Any]) -> int:
    """The seats a table offers (a row inserted without one: the seats it counts)."""
    return int(row.get("capacity") or row["seats"])


def table_of(row: dict[str, Any], seat_rows: Sequence[dict[str, Any]], state: State | None,
             default_active: float = 0.0) -> Table:
    """A table from its saved row, its seats and its state (built by the caller, or ``None``).

    :raises KeyError: an unknown game. :raises ValueError: bad options."""
    return Table(row["id"], row["guild_id"], row["channel_id"], row["thread_id"], GAMES[row["game"]], row["host_id"],
                 row["seed"], options_of(row), capacity_of(row), seats_of(seat_rows), row["status"],
                 row["message_id"], LazyState(state), active_at=row.get("active_at") or default_active)


def new_row(table: Table) -> dict[str, Any]:
    """The ``game_tables`` row of a new lobby (:meth:`bot.storage.Database.create_table`)."""
    return {"id": table.id, "guild_id": table.guild_id, "channel_id": table.channel_id, "thread_id": table.thread_id,
            "game": table.game.name, "seats": table.capacity, "capacity": table.capacity, "options": table.options,
            "seed": table.seed, "status": table.status, "host_id": table.host_id, "active_at": table.active_at}


def lobby_fields(table: Table) -> dict[str, Any]:
    """What :meth:`bot.storage.Database.save_lobby` writes of a lobby (or a match starting)."""
    return {"seats": [s.as_row() for s in table.seats], "options": table.options, "capacity": table.capacity,
            "host_id": table.host_id, "status": table.status,
            "state": table.state.to_json() if table.state is not None else None, "revision": table.rev,
            "active_at": table.active_at,
            "facts": table.facts.to_text(table.turn_start, table.moved_at) if table.facts is not None else None}
