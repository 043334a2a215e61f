"""A table opened with its seats set: the daily challenge and a group's duplicate tables
open theirs through :func:`open_dealt`, so every table of a deal gets the same cards in the same
seat positions (docs/rules/club.md, « Duplicate deals »); a club night's tables through :func:`open_lobby`. Either
way in two steps, so the caller records the table between them: the lobby (saved), then
:func:`seat_and_start` (which a restart can run again on a lobby it finds recorded). No Discord here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.service.table import BotError, SeatInfo, Table
from bot.service.tables import TableService
from games.duplicate import DuplicateDeal

#: a seat: a member ``(user id, name)``, or ``None`` for a computer of the table's level
Seat = tuple[int, str] | None


async def open_lobby(tables: TableService, *, game: str, options: Mapping[str, Any], seed: str,
                     seats: Sequence[Seat], guild_id: int, channel_id: int, thread_id: int | None,
                     capacity: int | None = None) -> Table:
    """A lobby of ``capacity`` seats (``len(seats)``) on ``seed``, the first member as host; seat it with
    :func:`seat_and_start`. :raises GameError: bad game, seats or options; :raises BotError: no
    member in ``seats``, another shard's server, a busy place."""
    host = next((s for s in seats if s is not None), None)
    if host is None:
        raise BotError.of("bad_choice")
    return await tables.create(guild_id=guild_id, channel_id=channel_id, thread_id=thread_id, host_id=host[0],
                               host_name=host[1], game=game, options=dict(options), seats=capacity or len(seats), seed=seed)


async def open_dealt(tables: TableService, deal: DuplicateDeal, seats: Sequence[Seat], *, guild_id: int,
                     channel_id: int, thread_id: int | None) -> Table:
    """A lobby dealing ``deal`` (its seed, options and seats): :func:`open_lobby`."""
    return await open_lobby(tables, game=deal.game, options=dict(deal.options), seed=deal.engine_seed, seats=seats,
                            guild_id=guild_id, channel_id=channel_id, thread_id=thread_id, capacity=deal.seats)


async def seat_and_start(tables: TableService, table: Table, seats: Sequence[Seat], level: str,
                         host_id: int | None = None) -> None:
    """Seat a lobby as ``seats`` says (members where given, computers of ``level`` elsewhere, numbered
    in seat order), saved, then start it; ``host_id``: its host from then on, seated or not (an
    event's organiser)."""
    async with table.lock:
        placed: list[SeatInfo] = []
        for s in seats:
            if s is None:
                table.seats = placed  # numbers the next computer
                placed.append(tables.computer_seat(table, level))
            else:
                placed.append(SeatInfo(s[0], s[1]))
        table.seats = placed
        if host_id is not None:
            table.host_id = host_id
        await tables.save_lobby(table)
    await tables.start(table.id, table.host_id)
