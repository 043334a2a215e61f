"""The UI's record of what Discord shows, part by part under a key: a table's message, recaps,
results and ping (:mod:`bot.ui.shown` says what a part is), a club night's posts, a thread made
once (:mod:`bot.ui.threads`). The rows are read and written in :mod:`bot.storage.shown_parts`;
the UI reaches them through this service only."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from bot.storage import shown_parts
from bot.storage.shown_parts import Part, Parts

if TYPE_CHECKING:
    from bot.storage import Database

__all__ = ["Part", "Parts", "ShownRecords"]


class ShownRecords:
    """What Discord accepted, by key (a table's id, an event's or a thread's key) and part."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def record(self, key: str, part: str, detail: str | None = None, message_id: int | None = None) -> None:
        """Discord accepted ``part`` of ``key``."""
        await shown_parts.record(self.db, key, part, detail, message_id)

    async def record_many(self, rows: Iterable[tuple[str, str, str | None, int | None]]) -> None:
        """Parts ``(key, part, detail, message id)`` accepted, written together."""
        await shown_parts.record_many(self.db, rows)

    async def forget(self, key: str, part: str) -> None:
        await shown_parts.forget(self.db, key, part)

    async def finish(self, key: str) -> None:
        """Everything of ``key`` was shown: ``done`` kept, its other parts dropped."""
        await shown_parts.finish(self.db, key)

    async def parts_of(self, key: str) -> Parts:
        """The parts of ``key`` Discord accepted."""
        return await shown_parts.of(self.db, key)

    async def pending(self) -> tuple[dict[str, Parts], list[str]]:
        """``(parts of every open or unfinished table, ids of the closed tables not done)``."""
        return await shown_parts.pending(self.db)

    async def last_by_seat(self, ids: Sequence[str]) -> dict[str, dict[int, int]]:
        """``{table id: {seat: revision of its last action}}`` of the tables ``ids`` (a turn's start)."""
        return await shown_parts.last_by_seat(self.db, ids)
