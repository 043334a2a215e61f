"""Tables read back from the database: after a write whose fate is unknown, and at restore.

A ``COMMIT`` whose answer is lost (the connection dropped after PostgreSQL committed) or a unique
violation (the process's memory was behind the database) leaves a table whose memory may not be
what is saved. :func:`read_back` rebuilds it in place from its row, its seats and its actions, and
:func:`counted` tells whether the move being saved is among them, so the member is told the truth.
A table that cannot be read back at once is marked :attr:`Table.stale`: the service reads it back
before its next change (:meth:`bot.service.writes.TableWrites.fresh`).

:func:`table_of` builds a table from its row for :meth:`bot.service.endings.Endings.restore`, one table at
a time: a row that cannot be read (a seat without its row too) is reported by id and skipped, the
others come back.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bot.service import table_rows
from bot.service.table import BotError, Table
from games import GAMES, snapshot
from games.base import State

if TYPE_CHECKING:
    from bot.storage import Database


class StorageFailure(BotError):
    """A change the database did not take (full disk, lost connection...), told to the member as it
    is: not saved, or not known (``key``); never counted as a refused move."""


def table_of(row: dict[str, Any], seat_rows: Sequence[dict[str, Any]], saved: dict[str, Any] | None,
             default_active: float) -> Table:
    """A table from its saved row, seats and state (``saved``: snapshot plus later actions).

    :raises KeyError: an unknown game. :raises GameError: the log does not replay.
        :raises ValueError: bad options."""
    game = GAMES[row["game"]]
    table_rows.options_of(row)  # bad options before a replay
    check_seats(row, seat_rows)
    state = snapshot.load(game, saved) if saved is not None else None
    if state is not None and state.seats != len(seat_rows):
        raise ValueError(f"its match has {state.seats} seats but {len(seat_rows)} seat rows are saved")
    return table_rows.table_of(row, seat_rows, state, default_active)


def check_seats(row: dict[str, Any], seat_rows: Sequence[dict[str, Any]]) -> None:
    """:raises ValueError: naming the seat without a row, when a table's seats are not numbered
    0, 1, 2... (all of a match's seats: its ``seats`` column counts them once it has started).
    Without this check a missing row shifted the seats after it and the first move failed."""
    numbers = [int(s["seat"]) for s in seat_rows]
    expected = list(range(int(row["seats"]) if row["status"] == "playing" else len(numbers)))
    if numbers != expected:
        missing = sorted(set(expected) - set(numbers))
        said = ", ".join(map(str, numbers)) or "none"
        what = f"seat {', '.join(map(str, missing))} has no saved row" if missing else "its seat rows are misnumbered"
        raise ValueError(f"{what} (the table has {len(expected)} seats; rows saved: {said})")


async def read_back(db: Database, table: Table) -> None:
    """Make ``table`` what the database holds: state, status, seats, host, activity (its lock held).

    :raises: the database's error when it cannot be read (the table is then left as it was)."""
    row = await db.table(table.id)
    if row is None:
        raise LookupError(f"table {table.id} is not in the database")
    seat_rows = await db.seats(table.id)
    saved = await db.saved_state(row)
    state = snapshot.load(table.game, saved) if saved is not None else None
    table.state, table.status = state, row["status"]
    table.seats = table_rows.seats_of(seat_rows)
    table.host_id = row["host_id"]
    table.active_at = row.get("active_at") or table.active_at
    table.stale = False


def counted(saved: State | None, new: State) -> bool:
    """Whether the saved state holds every action of ``new`` (the uncertain commit went through)."""
    if saved is None or saved.rev < new.rev:
        return False
    return bool(saved.to_json()["log"][:new.rev] == new.to_json()["log"])
