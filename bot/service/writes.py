"""A table's writes and what follows a failed one: each write timed, a storage failure told to the
member as it is (:class:`StorageFailure`), a write whose fate is unknown read back
(:func:`bot.service.reload.read_back`) before the table changes again."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from bot.infra.metrics import Metrics
from bot.service.registry import Registry
from bot.service.reload import StorageFailure, counted, read_back
from bot.service.table import Table
from bot.storage import Database
from bot.storage import errors as storage
from games.base import State

log = logging.getLogger("bot.service.tables")


class TableWrites:
    """The table service's writes on ``db``, timed in ``metrics``; a table found closed when read
    back leaves the ``registry`` and its background play is stopped (``stop``)."""

    def __init__(self, db: Database, metrics: Metrics, registry: Registry, stop: Callable[[str], None]) -> None:
        self.db = db
        self.metrics = metrics
        self.registry = registry
        self.stop = stop

    async def settled(self, table: Table, new: State, exc: BaseException) -> list[dict[str, Any]] | None:
        """After a commit whose fate is unknown (``exc``: a lost connection, a unique violation),
        read the table back: returns the match's results when ``new`` counted and ended it, ``None``
        when it counted; :raises StorageFailure: it did not count (``move_not_saved``), or the table
        cannot be read now (``move_unknown``: it is read back before its next change)."""
        try:
            await read_back(self.db, table)
        except Exception:
            table.stale = True
            log.warning("table %s: the save of revision %d has an unknown outcome (%s); it is read back "
                        "before its next move", table.id, new.rev, storage.describe(exc))
            raise StorageFailure.of("move_unknown") from exc
        if not counted(table.state, new):
            log.warning("table %s: revision %d was not saved (%s); the table is read back", table.id, new.rev,
                        storage.describe(exc))
            raise StorageFailure.of("move_not_saved") from exc
        log.warning("table %s: revision %d was saved although its commit failed (%s); read back, it goes on",
                    table.id, new.rev, storage.describe(exc))
        return await self.db.results(table.id) if table.status == "over" else None

    async def fresh(self, table: Table) -> None:
        """Read back a table marked stale (its lock held), before it changes again.

        :raises StorageFailure: the database cannot be read now (``storage_down``)."""
        if not table.stale:
            return
        try:
            await read_back(self.db, table)
        except Exception as exc:
            self.failed(exc)
            raise StorageFailure.of("storage_down") from exc
        log.info("table %s read back from the database (revision %d)", table.id, table.rev)
        if not table.open:
            self.registry.close(table)
            self.stop(table.id)

    @asynccontextmanager
    async def writing(self, name: str, table: Table | None, *, settle: bool = True) -> AsyncIterator[None]:
        """A timed write (``name``) of ``table``: a storage failure (full disk, read-only, corrupt,
        lost connection...) becomes a :class:`StorageFailure` told to the member as it is, with one
        log line per cause and minute instead of a traceback per click. ``settle``: a write whose
        fate is unknown marks the table stale (else the caller reads it back itself). A unique
        violation is the caller's (a new table's id already taken...)."""
        try:
            async with self.metrics.transaction(name):
                yield
        except StorageFailure:
            raise
        except Exception as exc:
            why = storage.cause(exc)
            if why is None or (why == "conflict" and table is None) or (not settle and storage.uncertain(exc)):
                raise
            self.failed(exc)
            if storage.uncertain(exc) and table is not None:
                table.stale = True
                raise StorageFailure.of("move_unknown" if name == "actions" else "change_unknown") from exc
            raise StorageFailure.of("move_not_saved" if name == "actions" else "not_saved") from exc

    def failed(self, exc: BaseException) -> None:
        """Count a storage failure; its log line is :attr:`Database.health`'s (one per cause and minute)."""
        self.metrics.error("internal")
        self.db.health.failed(exc)
