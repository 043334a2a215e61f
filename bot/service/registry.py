"""Which tables the bot holds: the open ones by id and by place, the closed ones remembered.

Only open tables (lobby or in play) stay in :attr:`Registry.open`, indexed by place (channel or
thread), so finding a channel's table never scans. A finished or cancelled table moves to a small
cache of recent ones (their last messages may still be clicked), then only its id and status are
kept, so a click on an old table's message still gets a clear answer ("this table is over").
"""

from __future__ import annotations

import secrets
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager

from bot.service.table import BotError, Table

ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz"
RECENT = 256  # closed tables kept whole
CLOSED_IDS = 20_000  # closed tables remembered by id and status only


class Registry:
    """Open tables by id and place; recently closed tables; ids and statuses of older ones."""

    def __init__(self) -> None:
        self.open: dict[str, Table] = {}
        self._places: dict[int, str] = {}  # place -> its open table's id ("" while one is being saved)
        self._recent: OrderedDict[str, Table] = OrderedDict()
        self._closed: OrderedDict[str, str] = OrderedDict()  # id -> "over" / "cancelled"

    def get(self, table_id: str) -> Table:
        """An open or recently closed table. :raises BotError: unknown, or closed long ago."""
        table = self.open.get(table_id) or self._recent.get(table_id)
        if table is None:
            status = self._closed.get(table_id)
            if status is not None:  # known by its id alone (closed before the restart): not named by it
                raise BotError.of("table_over_unnamed" if status == "over" else "cancelled_unnamed")
            raise BotError.of("no_table")
        return table

    def at(self, place_id: int) -> Table | None:
        """The open table in a channel or thread."""
        table_id = self._places.get(place_id)
        return self.open.get(table_id) if table_id else None

    def known(self) -> list[Table]:
        """The open tables, then the recently closed ones (the last closed last)."""
        return [*self.open.values(), *self._recent.values()]

    @contextmanager
    def reserving(self, place_id: int) -> Iterator[None]:
        """Hold a free place while its new table is being saved: a second table there is refused.

        :raises BotError: the place already has an open table (or one being opened)."""
        busy = self._places.get(place_id)
        if busy is not None:
            table = self.open.get(busy)
            raise BotError.of("busy_place", table=table.called if table else "…")
        self._places[place_id] = ""
        try:
            yield
        finally:
            if self._places.get(place_id) == "":
                del self._places[place_id]

    def add(self, table: Table) -> None:
        """An open table (new or restored) takes its place."""
        self.open[table.id] = table
        self._places[table.place_id] = table.id

    def close(self, table: Table) -> None:
        """A closed table leaves the open tables and its place; it is remembered as recent."""
        self.open.pop(table.id, None)
        if self._places.get(table.place_id) == table.id:
            del self._places[table.place_id]
        self._recent[table.id] = table
        self._recent.move_to_end(table.id)
        while len(self._recent) > RECENT:
            self._recent.popitem(last=False)
        self.remember(table.id, table.status)

    def drop(self, table: Table) -> None:
        """An open table whose state cannot be read leaves the open tables (it stays in the database)."""
        self.open.pop(table.id, None)
        if self._places.get(table.place_id) == table.id:
            del self._places[table.place_id]

    def forget(self, table_id: str) -> None:
        """A recently closed table leaves memory (its server's data was erased)."""
        self._recent.pop(table_id, None)

    def remember(self, table_id: str, status: str) -> None:
        """A closed table known by id and status only (loaded at restore)."""
        self._closed[table_id] = status
        self._closed.move_to_end(table_id)
        while len(self._closed) > CLOSED_IDS:
            self._closed.popitem(last=False)

    def new_id(self) -> str:
        """A random table id not used by any table held or remembered."""
        while True:
            table_id = "".join(secrets.choice(ALPHABET) for _ in range(6))
            if table_id not in self.open and table_id not in self._recent and table_id not in self._closed:
                return table_id
