"""A table that deals a given duplicate deal with its seats set (issue 31): the daily challenge and
a group's duplicate tables open their tables through :func:`open_dealt`, so every table of a deal
gets the same cards in the same seat positions (RULES.md §5.1). No Discord here."""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.table import Listener, SeatInfo, Table
from bot.service.tables import TableService
from games.duplicate import DuplicateDeal

#: a seat: a member ``(user id, name)``, or ``None`` for a computer of the table's level
Seat = tuple[int, str] | None


class Chained:
    """A table service listener that tells ``first``, then ``then``, about every change."""

    def __init__(self, first: Listener, then: Listener) -> None:
        self.first, self.then = first, then

    def table_changed(self, table: Table) -> None:
        self.first.table_changed(table)
        self.then.table_changed(table)


async def open_dealt(tables: TableService, deal: DuplicateDeal, seats: Sequence[Seat], *, guild_id: int,
                     channel_id: int, thread_id: int | None) -> Table:
    """A lobby dealing ``deal`` (its seed and options), the first member as host; seat it with
    :func:`seat_and_start`. :raises GameError: from the table service (another shard, a busy place)."""
    host = next(s for s in seats if s is not None)
    return await tables.create(guild_id=guild_id, channel_id=channel_id, thread_id=thread_id, host_id=host[0],
                               host_name=host[1], game=deal.game, options=dict(deal.options), seats=deal.seats,
                               seed=deal.engine_seed)


async def seat_and_start(tables: TableService, table: Table, seats: Sequence[Seat], level: str) -> None:
    """Seat a lobby as ``seats`` says (members where given, computers of ``level`` elsewhere, numbered
    in seat order), saved, then start it."""
    async with table.lock:
        placed: list[SeatInfo] = []
        for s in seats:
            if s is None:
                table.seats = placed  # numbers the next computer
                placed.append(tables.computer_seat(table, level))
            else:
                placed.append(SeatInfo(s[0], s[1]))
        table.seats = placed
        await tables.save_lobby(table)
    await tables.start(table.id, table.host_id)
