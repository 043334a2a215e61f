"""The deal reviews' rows (migration 0013): one per table, deal and seat, written once."""

from __future__ import annotations

import json
from typing import Any

from bot.storage.database import Database

SELECT_REVIEW = "SELECT samples, review FROM deal_reviews WHERE table_id = ? AND deal_no = ? AND seat = ?"
INSERT_REVIEW = """INSERT INTO deal_reviews (table_id, deal_no, seat, samples, review) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (table_id, deal_no, seat) DO NOTHING"""


class ReviewStore:
    """The reviews' queries on a :class:`Database` (either backend)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def get(self, table_id: str, deal_no: int, seat: int) -> tuple[int, dict[str, Any]] | None:
        """The saved review (its samples and JSON), or ``None``."""
        rows = await self.db._all(SELECT_REVIEW, (table_id, deal_no, seat))
        return (int(rows[0]["samples"]), json.loads(rows[0]["review"])) if rows else None

    async def put(self, table_id: str, deal_no: int, seat: int, samples: int, review: dict[str, Any]) -> None:
        """Keep a review (a second one of the same deal and seat changes nothing)."""
        async with self.db.transaction() as conn:
            await conn.run(INSERT_REVIEW, (table_id, deal_no, seat, samples, json.dumps(review)))
