"""The daily challenge's rows (migration 0009): each server's challenge settings, and each
member's deals of a day's challenge (the table playing it, their deal score once it is over).

A deal row is written when the member starts the deal (its table is created in the same step by the
table service), and its score when the table's match is over: :meth:`ChallengeStore.finish` only
writes a score still missing, so settling the same deal twice (after a restart) changes nothing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from bot.storage.database import Database

SELECT_SETTINGS = "SELECT time_zone, games, level FROM challenge_settings WHERE guild_id = ?"
UPSERT_SETTINGS = """INSERT INTO challenge_settings (guild_id, time_zone, games, level) VALUES (?, ?, ?, ?)
    ON CONFLICT (guild_id) DO UPDATE SET time_zone = excluded.time_zone, games = excluded.games,
    level = excluded.level"""
INSERT_DEAL = """INSERT INTO challenge_deals (guild_id, day, game, user_id, deal_no, seat, name, table_id)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)"""
FINISH_DEAL = """UPDATE challenge_deals SET score = ?, finished_at = datetime('now')
    WHERE table_id = ? AND score IS NULL"""
MOVE_DEAL = """UPDATE challenge_deals SET table_id = ? WHERE guild_id = ? AND day = ? AND game = ? AND user_id = ?
    AND deal_no = ? AND score IS NULL"""
ROWS = """SELECT guild_id, day, game, user_id, deal_no, seat, name, table_id, score, finished_at
    FROM challenge_deals"""
SELECT_MEMBER_DAY = ROWS + " WHERE guild_id = ? AND day = ? AND game = ? AND user_id = ? ORDER BY deal_no"
SELECT_DAY = ROWS + " WHERE guild_id = ? AND game = ? AND day = ? ORDER BY deal_no, finished_at, user_id"
SELECT_DAYS = ROWS + """ WHERE guild_id = ? AND game = ? AND day >= ? AND day <= ?
    ORDER BY day, deal_no, finished_at, user_id"""
SELECT_MEMBER = ROWS + " WHERE guild_id = ? AND user_id = ? ORDER BY game, day, deal_no"
SELECT_BY_TABLE = ROWS + " WHERE table_id = ?"
SELECT_OPEN = ROWS + " WHERE score IS NULL"


@dataclass(frozen=True)
class DealRow:
    """A member's deal of a day's challenge: ``score`` ``None`` while it is in play."""

    guild_id: int
    day: str
    game: str
    user_id: int
    deal_no: int
    seat: int
    name: str
    table_id: str
    score: float | None
    finished_at: str | None = None


@dataclass(frozen=True)
class StoredSettings:
    time_zone: str
    games: dict[str, int] | None  # None: the defaults
    level: str


def _row(r: dict[str, Any]) -> DealRow:
    return DealRow(int(r["guild_id"]), r["day"], r["game"], int(r["user_id"]), int(r["deal_no"]), int(r["seat"]),
                   r["name"], r["table_id"], None if r["score"] is None else float(r["score"]), r["finished_at"])


class ChallengeStore:
    """The challenge's queries on a :class:`Database` (either backend)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def _rows(self, sql: str, params: tuple[Any, ...]) -> list[DealRow]:
        return [_row(r) for r in await self.db._all(sql, params)]

    async def settings(self, guild_id: int) -> StoredSettings | None:
        rows = await self.db._all(SELECT_SETTINGS, (guild_id,))
        if not rows:
            return None
        r = rows[0]
        return StoredSettings(r["time_zone"], json.loads(r["games"]) if r["games"] else None, r["level"])

    async def save_settings(self, guild_id: int, settings: StoredSettings) -> None:
        async with self.db.transaction() as conn:
            await conn.run(UPSERT_SETTINGS, (guild_id, settings.time_zone,
                                             None if settings.games is None else json.dumps(settings.games),
                                             settings.level))

    async def add_deal(self, row: DealRow) -> None:
        """A deal started. :raises: the backend's unique violation when the member already has it."""
        async with self.db.transaction() as conn:
            await conn.run(INSERT_DEAL, (row.guild_id, row.day, row.game, row.user_id, row.deal_no, row.seat,
                                         row.name, row.table_id))

    async def move(self, row: DealRow, table_id: str) -> None:
        """A deal without a score is played again at ``table_id`` (its table was cancelled)."""
        async with self.db.transaction() as conn:
            await conn.run(MOVE_DEAL, (table_id, row.guild_id, row.day, row.game, row.user_id, row.deal_no))

    async def finish(self, table_id: str, score: float) -> bool:
        """The deal played at ``table_id`` scored ``score``; ``False`` when it already had a score."""
        async with self.db.transaction() as conn:
            return await conn.run(FINISH_DEAL, (float(score), table_id)) > 0

    async def member_day(self, guild_id: int, day: str, game: str, user_id: int) -> list[DealRow]:
        return await self._rows(SELECT_MEMBER_DAY, (guild_id, day, game, user_id))

    async def day(self, guild_id: int, game: str, day: str) -> list[DealRow]:
        """Every member's deals of a day's challenge."""
        return await self._rows(SELECT_DAY, (guild_id, game, day))

    async def days(self, guild_id: int, game: str, first: str, last: str) -> list[DealRow]:
        """Every deal of the days ``first`` to ``last`` (included)."""
        return await self._rows(SELECT_DAYS, (guild_id, game, first, last))

    async def member(self, guild_id: int, user_id: int) -> list[DealRow]:
        return await self._rows(SELECT_MEMBER, (guild_id, user_id))

    async def by_table(self, table_id: str) -> DealRow | None:
        rows = await self._rows(SELECT_BY_TABLE, (table_id,))
        return rows[0] if rows else None

    async def unfinished(self) -> list[DealRow]:
        """Deals without a score (in play, or over while the bot stopped: settled at start-up)."""
        return await self._rows(SELECT_OPEN, ())


INSERT_GROUP = """INSERT INTO duplicate_groups (id, guild_id, game, deals, level, seats, places)
    VALUES (?, ?, ?, ?, ?, ?, ?)"""
SELECT_GROUP = "SELECT * FROM duplicate_groups WHERE id = ?"
SELECT_GROUPS = "SELECT * FROM duplicate_groups ORDER BY created_at, id"
INSERT_GROUP_TABLE = "INSERT INTO duplicate_tables (group_id, slot, deal_no, table_id) VALUES (?, ?, ?, ?)"
SELECT_GROUP_TABLES = "SELECT slot, deal_no, table_id FROM duplicate_tables WHERE group_id = ? ORDER BY deal_no, slot"


@dataclass(frozen=True)
class GroupRow:
    """A group's duplicate tables: ``seats[slot][seat]`` a member ``(user id, name)`` or ``None``
    (a computer), ``places[slot]`` its ``(channel id, thread id)``."""

    id: str
    guild_id: int
    game: str
    deals: int
    level: str
    seats: tuple[tuple[tuple[int, str] | None, ...], ...]
    places: tuple[tuple[int, int | None], ...]


class GroupStore:
    """The duplicate groups' queries on a :class:`Database` (either backend)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    @staticmethod
    def _group(r: dict[str, Any]) -> GroupRow:
        seats = tuple(tuple(None if s is None else (int(s[0]), str(s[1])) for s in slot)
                      for slot in json.loads(r["seats"]))
        places = tuple((int(c), None if t is None else int(t)) for c, t in json.loads(r["places"]))
        return GroupRow(r["id"], int(r["guild_id"]), r["game"], int(r["deals"]), r["level"], seats, places)

    async def add(self, group: GroupRow) -> None:
        async with self.db.transaction() as conn:
            await conn.run(INSERT_GROUP, (group.id, group.guild_id, group.game, group.deals, group.level,
                                          json.dumps(group.seats), json.dumps(group.places)))

    async def group(self, group_id: str) -> GroupRow | None:
        rows = await self.db._all(SELECT_GROUP, (group_id,))
        return self._group(rows[0]) if rows else None

    async def groups(self) -> list[GroupRow]:
        return [self._group(r) for r in await self.db._all(SELECT_GROUPS)]

    async def add_table(self, group_id: str, slot: int, deal_no: int, table_id: str) -> None:
        async with self.db.transaction() as conn:
            await conn.run(INSERT_GROUP_TABLE, (group_id, slot, deal_no, table_id))

    async def tables(self, group_id: str) -> list[tuple[int, int, str]]:
        """``(slot, deal, table id)`` of every table the group opened."""
        return [(int(r["slot"]), int(r["deal_no"]), r["table_id"])
                for r in await self.db._all(SELECT_GROUP_TABLES, (group_id,))]
