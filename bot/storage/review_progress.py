"""Deal reviews in the making (migration review_progress): the reviewer after each weighed decision, so a
restart resumes a review where it stopped; the row goes when the review is kept (0013)."""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass
from typing import Any

from bot.storage.database import Database
from bot.storage.reviews import INSERT_REVIEW

SELECT_PROGRESS = """SELECT samples, done, reviewer FROM review_progress WHERE table_id = ? AND deal_no = ?
    AND seat = ?"""
UPSERT_PROGRESS = """INSERT INTO review_progress (table_id, deal_no, seat, samples, done, reviewer) VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT (table_id, deal_no, seat) DO UPDATE SET samples = excluded.samples, done = excluded.done,
    reviewer = excluded.reviewer"""
DELETE_PROGRESS = "DELETE FROM review_progress WHERE table_id = ? AND deal_no = ? AND seat = ?"
#: the reviews in the making, with their table's server (a process resumes its own shards' only)
ALL_PROGRESS = """SELECT p.table_id, p.deal_no, p.seat, p.samples, p.done, g.guild_id FROM review_progress p
    JOIN game_tables g ON g.id = p.table_id ORDER BY p.updated_at, p.table_id, p.deal_no, p.seat"""


@dataclass(frozen=True)
class Progress:
    """A review in the making: its key, budget, decisions weighed so far and the table's server."""

    table_id: str
    deal_no: int
    seat: int
    samples: int
    done: int
    guild_id: int


class ProgressStore:
    """The reviews in the making on a :class:`Database` (either backend)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def get(self, table_id: str, deal_no: int, seat: int) -> tuple[int, int, bytes] | None:
        """``(samples, decisions done, pickled reviewer)`` of a review in the making, or ``None``."""
        rows = await self.db._all(SELECT_PROGRESS, (table_id, deal_no, seat))
        if not rows:
            return None
        return int(rows[0]["samples"]), int(rows[0]["done"]), base64.b64decode(rows[0]["reviewer"])

    async def put(self, table_id: str, deal_no: int, seat: int, samples: int, done: int, reviewer: bytes) -> None:
        """Keep the reviewer after its ``done``-th decision (replacing the one before)."""
        async with self.db.transaction() as conn:
            await conn.run(UPSERT_PROGRESS, (table_id, deal_no, seat, samples, done,
                                             base64.b64encode(reviewer).decode("ascii")))

    async def finish(self, table_id: str, deal_no: int, seat: int, samples: int, review: dict[str, Any]) -> None:
        """Keep the finished review and drop its progress, in one transaction."""
        async with self.db.transaction() as conn:
            await conn.run(INSERT_REVIEW, (table_id, deal_no, seat, samples, json.dumps(review)))
            await conn.run(DELETE_PROGRESS, (table_id, deal_no, seat))

    async def all(self) -> list[Progress]:
        return [Progress(r["table_id"], int(r["deal_no"]), int(r["seat"]), int(r["samples"]), int(r["done"]),
                         int(r["guild_id"])) for r in await self.db._all(ALL_PROGRESS)]
