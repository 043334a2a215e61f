"""What Discord was shown of each table, part by part: the ``shown_parts`` rows.

A part is one thing the presenter sends for a table: ``table`` (its message; ``detail``: the key
of what it shows, :func:`bot.ui.parts.table_key`), ``ping`` (``detail``: the seat and the revision its
turn began), ``recap:<deal>``, ``results``. A part is recorded once Discord accepted it, with the
message id, and never sent again; ``done`` marks a closed table with nothing left to show (its
other rows are then dropped); ``legacy`` marks a table that was in play before these rows existed.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.storage import Database

log = logging.getLogger(__name__)

UPSERT = """INSERT INTO shown_parts (table_id, part, detail, message_id) VALUES (?, ?, ?, ?)
    ON CONFLICT (table_id, part) DO UPDATE SET detail = excluded.detail, message_id = excluded.message_id"""
DELETE_PART = "DELETE FROM shown_parts WHERE table_id = ? AND part = ?"
DELETE_ALL_BUT_DONE = "DELETE FROM shown_parts WHERE table_id = ? AND part <> 'done'"
SELECT_OF = "SELECT part, detail, message_id FROM shown_parts WHERE table_id = ?"
#: the parts of every table still to show: open ones, and closed ones not done
SELECT_PENDING = """SELECT g.id AS table_id, g.status AS status, s.part AS part, s.detail AS detail,
    s.message_id AS message_id FROM game_tables g LEFT JOIN shown_parts s ON s.table_id = g.id
    WHERE g.status IN ('lobby', 'playing') OR NOT EXISTS
    (SELECT 1 FROM shown_parts d WHERE d.table_id = g.id AND d.part = 'done')"""
#: per table asked and seat, the revision of its last action (a turn's start after a restart, for
#: the tables restored without their facts: the others' is saved with them, bot.service.facts)
SELECT_LAST_BY_SEAT = {
    "sqlite": """SELECT a.table_id AS table_id, a.seat AS seat, MAX(a.rev) AS last FROM actions a
        WHERE a.table_id IN (SELECT value FROM json_each(?)) GROUP BY a.table_id, a.seat""",
    "postgres": """SELECT a.table_id AS table_id, a.seat AS seat, MAX(a.rev) AS last FROM actions a
        WHERE a.table_id = ANY(CAST(? AS text[])) GROUP BY a.table_id, a.seat""",
}


@dataclass(frozen=True, slots=True)
class Part:
    """A part Discord accepted: its detail and its message (``None``: an edit, or deleted)."""

    detail: str | None = None
    message_id: int | None = None


Parts = dict[str, Part]


async def record(db: Database, table_id: str, part: str, detail: str | None = None,
                 message_id: int | None = None) -> None:
    """Discord accepted ``part`` of ``table_id`` (upsert)."""
    async with db.transaction() as conn:
        await conn.run(UPSERT, (table_id, part, detail, message_id))


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

    def __init__(self, db: Callable[[], Database], after: float) -> None:
        self.db = db
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
        await record(self.db(), table_id, part, detail, message_id)

    async def forget(self, table_id: str, part: str) -> None:
        self.kept.pop((table_id, part), None)
        await forget(self.db(), table_id, part)

    async def finish(self, table_id: str) -> None:
        for key in [k for k in self.kept if k[0] == table_id]:
            del self.kept[key]
        await finish(self.db(), table_id)

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
            async with self.db().transaction() as conn:
                await conn.run_many(UPSERT, rows)
        except Exception as exc:
            log.warning("%d shown part(s) not recorded (%s): a restart may show them again", len(rows), exc)


async def forget(db: Database, table_id: str, part: str) -> None:
    async with db.transaction() as conn:
        await conn.run(DELETE_PART, (table_id, part))


async def finish(db: Database, table_id: str) -> None:
    """A closed table showed everything: ``done`` kept, its other rows dropped."""
    async with db.transaction() as conn:
        await conn.run(UPSERT, (table_id, "done", None, None))
        await conn.run(DELETE_ALL_BUT_DONE, (table_id,))


async def of(db: Database, table_id: str) -> Parts:
    """The parts of one table Discord accepted."""
    async with db.transaction() as conn:
        rows = await conn.fetch_all(SELECT_OF, (table_id,))
    return {r["part"]: Part(r["detail"], r["message_id"]) for r in rows}


async def pending(db: Database) -> tuple[dict[str, Parts], list[str]]:
    """``(parts of every open or unfinished table, ids of the closed tables not done)``."""
    async with db.transaction() as conn:
        rows = await conn.fetch_all(SELECT_PENDING)
    out: dict[str, Parts] = {}
    closed: list[str] = []
    for r in rows:
        parts = out.get(r["table_id"])
        if parts is None:
            parts = out[r["table_id"]] = {}
            if r["status"] not in ("lobby", "playing"):
                closed.append(r["table_id"])
        if r["part"] is not None:
            parts[r["part"]] = Part(r["detail"], r["message_id"])
    return out, closed


async def last_by_seat(db: Database, ids: Sequence[str]) -> dict[str, dict[int, int]]:
    """``{table id: {seat: revision of its last action}}`` of the tables ``ids``."""
    if not ids:
        return {}
    async with db.transaction() as conn:
        params = json.dumps(list(ids)) if conn.dialect == "sqlite" else list(ids)
        rows = await conn.fetch_all(SELECT_LAST_BY_SEAT[conn.dialect], (params,))
    out: dict[str, dict[int, int]] = {}
    for r in rows:
        out.setdefault(r["table_id"], {})[int(r["seat"])] = int(r["last"])
    return out


def turn_start(last: dict[int, int], seat: int) -> int:
    """The revision at which ``seat``'s turn began: just after the last action of another seat
    (as :meth:`bot.service.tables.TableService.commit` keeps it), so a restart pings no turn twice."""
    return max((rev for other, rev in last.items() if other != seat), default=0)
