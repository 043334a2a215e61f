"""The ``shown_parts`` rows: what Discord was shown of each table, part by part
(:mod:`bot.ui.shown` says what a part is)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.storage.database import Database

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


async def record_many(db: Database, rows: Iterable[tuple[str, str, str | None, int | None]]) -> None:
    """Parts ``(table id, part, detail, message id)`` accepted, in one transaction (upserts)."""
    async with db.transaction() as conn:
        await conn.run_many(UPSERT, rows)


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
