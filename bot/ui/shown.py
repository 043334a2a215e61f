"""What Discord was shown of each table, part by part: the ``shown_parts`` rows.

A part is one thing the presenter sends for a table: ``table`` (its message; ``detail``: the key
of what it shows, :func:`bot.ui.parts.table_key`), ``ping`` (``detail``: the seat and the revision its
turn began), ``recap:<deal>``, ``results``. A part is recorded once Discord accepted it, with the
message id, and never sent again; ``done`` marks a closed table with nothing left to show (its
other rows are then dropped); ``legacy`` marks a table that was in play before these rows existed.
The rows are read and written through :class:`bot.service.shown_records.ShownRecords`.
"""

from __future__ import annotations

import asyncio
import logging

from bot.service.shown_records import Part, Parts, ShownRecords

__all__ = ["Part", "Parts", "Recorder", "soon_enough", "turn_start"]

log = logging.getLogger(__name__)


def soon_enough(part: str, message_id: int | None) -> bool:
    """Whether a record may be written a moment late (:class:`Recorder`): the table message's key
    (its id is saved with the table) and a ping part that names no message (a turn the member's
    console showed, a ping deleted). A post (a ping, a recap, the results) is written at once:
    lost, it would be posted again after a crash."""
    return part == "table" or (part == "ping" and message_id is None)


class Recorder:
    """The presenter's records (a transaction per move less). Those :func:`soon_enough`
    are kept and written together ``after`` seconds after the first of them (0: at once); a record
    written at once, :meth:`finish` and :meth:`forget` drop what is kept for the same part. A crash
    that loses kept records costs a repeated edit (or a ping of a turn the console had shown)
    after the restart, never a part not shown."""

    def __init__(self, records: ShownRecords, after: float) -> None:
        self.records = records
        self.after = after
        self.kept: dict[tuple[str, str], tuple[str, str, str | None, int | None]] = {}
        self._writing: asyncio.Task[None] | None = None

    async def record(self, table_id: str, part: str, detail: str | None = None,
                     message_id: int | None = None) -> None:
        if self.after > 0 and soon_enough(part, message_id):
            self.kept[table_id, part] = (table_id, part, detail, message_id)
            if self._writing is None:
                self._writing = asyncio.get_running_loop().create_task(self._write_later())
            return
        self.kept.pop((table_id, part), None)
        await self.records.record(table_id, part, detail, message_id)

    async def forget(self, table_id: str, part: str) -> None:
        self.kept.pop((table_id, part), None)
        await self.records.forget(table_id, part)

    async def finish(self, table_id: str) -> None:
        for key in [k for k in self.kept if k[0] == table_id]:
            del self.kept[key]
        await self.records.finish(table_id)

    async def _write_later(self) -> None:
        try:
            await asyncio.sleep(self.after)
        finally:
            self._writing = None
        await self.flush()

    async def close(self) -> None:
        """Write what is kept, the timer stopped (the bot closing)."""
        if self._writing is not None:
            self._writing.cancel()
            self._writing = None
        await self.flush()

    async def flush(self) -> None:
        """Write what is kept now (one transaction); a failure is logged, not raised (see above)."""
        rows, self.kept = list(self.kept.values()), {}
        if not rows:
            return
        try:
            await self.records.record_many(rows)
        except Exception as exc:
            log.warning("%d shown part(s) not recorded (%s): a restart may show them again", len(rows), exc)


def turn_start(last: dict[int, int], seat: int) -> int:
    """The revision at which ``seat``'s turn began: just after the last action of another seat
    (as :meth:`bot.service.tables.TableService.commit` keeps it), so a restart pings no turn twice."""
    return max((rev for other, rev in last.items() if other != seat), default=0)
