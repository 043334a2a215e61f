"""Club nights and seasons in the database (schema ``0010_events.sql``), either backend.

:class:`EventStore` takes the bot's :class:`~bot.storage.database.Database` and runs its own
statements (module constants, ``?`` placeholders) through it. An event's tables are ordinary
``game_tables`` rows; the round scores are read from their ``results``, never stored twice.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from bot.storage.database import Database

INSERT_EVENT = """INSERT INTO events (id, guild_id, channel_id, organiser_id, name, game, format, rounds, deals,
    table_size, level, options, seed, starts_at, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"""
SELECT_EVENT = "SELECT * FROM events WHERE id = ?"
SELECT_LIVE = "SELECT * FROM events WHERE status IN ('open', 'closed', 'playing') ORDER BY created_at, id"
SELECT_GUILD_EVENTS = "SELECT * FROM events WHERE guild_id = ? ORDER BY starts_at DESC, id LIMIT ?"
UPDATE_STATUS = "UPDATE events SET status = ?, updated_at = datetime('now') WHERE id = ?"
UPDATE_PAUSED = "UPDATE events SET paused = ?, updated_at = datetime('now') WHERE id = ?"
UPDATE_MESSAGE = "UPDATE events SET message_id = ? WHERE id = ?"
UPDATE_ROUND = "UPDATE events SET round = ?, updated_at = datetime('now') WHERE id = ?"
UPDATE_PLAN = "UPDATE events SET plan = ?, updated_at = datetime('now') WHERE id = ?"
START = """UPDATE events SET status = 'playing', round = 1, plan = ?, updated_at = datetime('now')
    WHERE id = ? AND status IN ('open', 'closed')"""
NEXT_ORDER = "SELECT COALESCE(MAX(registered), 0) + 1 FROM event_players WHERE event_id = ?"
INSERT_PLAYER = "INSERT INTO event_players (event_id, user_id, name, registered) VALUES (?, ?, ?, ?)"
DELETE_PLAYER = "DELETE FROM event_players WHERE event_id = ? AND user_id = ?"
SELECT_PLAYERS = "SELECT * FROM event_players WHERE event_id = ? ORDER BY registered"
SET_INDEX = "UPDATE event_players SET idx = ? WHERE event_id = ? AND user_id = ?"
SET_LEFT = "UPDATE event_players SET left_round = ? WHERE event_id = ? AND user_id = ? AND left_round IS NULL"
INSERT_EVENT_TABLE = "INSERT INTO event_tables (event_id, round, table_no, table_id) VALUES (?, ?, ?, ?)"
SELECT_EVENT_TABLES = """SELECT et.round, et.table_no, et.table_id, g.status, g.thread_id FROM event_tables et
    JOIN game_tables g ON g.id = et.table_id WHERE et.event_id = ? ORDER BY et.round, et.table_no"""
#: finished events whose posts are not all shown (no ``done`` row in ``shown_parts``, :mod:`bot.ui.event_board`)
SELECT_UNSHOWN = """SELECT * FROM events e WHERE e.status IN ('over', 'cancelled') AND NOT EXISTS
    (SELECT 1 FROM shown_parts s WHERE s.table_id = 'event:' || e.id AND s.part = 'done') ORDER BY e.id"""
SELECT_EVENT_OF_TABLE = "SELECT event_id FROM event_tables WHERE table_id = ?"
# Every seat's score of the event's finished tables (a cancelled or unfinished table has no results).
SELECT_SCORES = """SELECT et.round, et.table_no, r.seat, r.score FROM event_tables et
    JOIN results r ON r.table_id = et.table_id WHERE et.event_id = ? ORDER BY et.round, et.table_no, r.seat"""
DELETE_RESULTS = "DELETE FROM event_results WHERE event_id = ?"
INSERT_RESULT = """INSERT INTO event_results (event_id, guild_id, user_id, name, score, rounds, deals, place, complete)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"""
SELECT_RESULTS = "SELECT * FROM event_results WHERE event_id = ? ORDER BY place, name, user_id"
INSERT_SEASON = "INSERT INTO seasons (id, guild_id, name, starts, ends, best) VALUES (?, ?, ?, ?, ?, ?)"
SELECT_SEASONS = "SELECT * FROM seasons WHERE guild_id = ? ORDER BY starts DESC, id"
SELECT_SEASON = "SELECT * FROM seasons WHERE id = ?"
UPSERT_SEASON_EVENT = """INSERT INTO season_events (season_id, event_id, counts) VALUES (?, ?, ?)
    ON CONFLICT (season_id, event_id) DO UPDATE SET counts = excluded.counts"""
# The final results of a season's events: those of its server finished between its dates (by start
# time, UTC), unless left out; plus those added by hand.
SELECT_SEASON_RESULTS = {
    "sqlite": """SELECT r.event_id, r.user_id, r.name, r.score FROM event_results r JOIN events e ON e.id = r.event_id
        JOIN seasons s ON s.id = ? AND s.guild_id = e.guild_id
        LEFT JOIN season_events x ON x.season_id = s.id AND x.event_id = e.id
        WHERE e.status = 'over' AND (x.counts = 1 OR (x.counts IS NULL
            AND date(e.starts_at, 'unixepoch') BETWEEN s.starts AND s.ends))""",
    "postgres": """SELECT r.event_id, r.user_id, r.name, r.score FROM event_results r JOIN events e ON e.id = r.event_id
        JOIN seasons s ON s.id = ? AND s.guild_id = e.guild_id
        LEFT JOIN season_events x ON x.season_id = s.id AND x.event_id = e.id
        WHERE e.status = 'over' AND (x.counts = 1 OR (x.counts IS NULL
            AND to_char(to_timestamp(e.starts_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') BETWEEN s.starts AND s.ends))""",
}
SELECT_ROLE = "SELECT organiser_role FROM event_settings WHERE guild_id = ?"
UPSERT_ROLE = """INSERT INTO event_settings (guild_id, organiser_role) VALUES (?, ?)
    ON CONFLICT (guild_id) DO UPDATE SET organiser_role = excluded.organiser_role"""


class EventStore:
    """The events, their players and tables, final results and seasons of every server."""

    def __init__(self, db: Database) -> None:
        self.db = db

    # -- events ----------------------------------------------------------------------------------

    async def create(self, row: dict[str, Any]) -> None:
        async with self.db.transaction() as conn:
            await conn.run(INSERT_EVENT, (
                row["id"], row["guild_id"], row["channel_id"], row["organiser_id"], row["name"], row["game"],
                row["format"], row["rounds"], row["deals"], row["table_size"], row["level"],
                json.dumps(row.get("options") or {}), row["seed"], float(row["starts_at"]), row["status"]))

    async def event(self, event_id: str) -> dict[str, Any] | None:
        return await self.db._one(SELECT_EVENT, (event_id,))

    async def live(self) -> list[dict[str, Any]]:
        """Events not over: registering, closed or in play (restore)."""
        return await self.db._all(SELECT_LIVE)

    async def unshown(self) -> list[dict[str, Any]]:
        """Finished events with a post Discord has not accepted yet (restore)."""
        return await self.db._all(SELECT_UNSHOWN)

    async def of_guild(self, guild_id: int, limit: int = 25) -> list[dict[str, Any]]:
        return await self.db._all(SELECT_GUILD_EVENTS, (guild_id, limit))

    async def set_status(self, event_id: str, status: str) -> None:
        async with self.db.transaction() as conn:
            await conn.run(UPDATE_STATUS, (status, event_id))

    async def set_paused(self, event_id: str, paused: bool) -> None:
        async with self.db.transaction() as conn:
            await conn.run(UPDATE_PAUSED, (int(paused), event_id))

    async def set_message(self, event_id: str, message_id: int | None) -> None:
        async with self.db.transaction() as conn:
            await conn.run(UPDATE_MESSAGE, (message_id, event_id))

    async def set_round(self, event_id: str, round_no: int) -> None:
        async with self.db.transaction() as conn:
            await conn.run(UPDATE_ROUND, (round_no, event_id))

    # -- players ---------------------------------------------------------------------------------

    async def register(self, event_id: str, user_id: int, name: str) -> None:
        """:raises: the backend's unique violation when already registered."""
        async with self.db.transaction() as conn:
            order = await conn.scalar(NEXT_ORDER, (event_id,))
            await conn.run(INSERT_PLAYER, (event_id, user_id, name, int(order)))

    async def unregister(self, event_id: str, user_id: int) -> bool:
        async with self.db.transaction() as conn:
            return await conn.run(DELETE_PLAYER, (event_id, user_id)) > 0

    async def players(self, event_id: str) -> list[dict[str, Any]]:
        return await self.db._all(SELECT_PLAYERS, (event_id,))

    async def start(self, event_id: str, plan: Mapping[str, Any], order: Sequence[int]) -> bool:
        """The event starts: its plan saved, player ``order[i]`` takes index ``i``; ``False`` when it
        had already started (or was cancelled)."""
        async with self.db.transaction() as conn:
            if await conn.run(START, (json.dumps(plan), event_id)) == 0:
                return False
            await conn.run_many(SET_INDEX, [(i, event_id, user_id) for i, user_id in enumerate(order)])
        return True

    async def leave(self, event_id: str, user_id: int, round_no: int, plan: Mapping[str, Any]) -> None:
        """A player left: a computer plays for them from ``round_no`` on (``plan`` already says so)."""
        async with self.db.transaction() as conn:
            await conn.run(SET_LEFT, (round_no, event_id, user_id))
            await conn.run(UPDATE_PLAN, (json.dumps(plan), event_id))

    # -- tables and scores ------------------------------------------------------------------------

    async def add_table(self, event_id: str, round_no: int, table_no: int, table_id: str) -> None:
        async with self.db.transaction() as conn:
            await conn.run(INSERT_EVENT_TABLE, (event_id, round_no, table_no, table_id))

    async def tables(self, event_id: str) -> list[dict[str, Any]]:
        """``round, table_no, table_id, status, thread_id`` of every table the event opened."""
        return await self.db._all(SELECT_EVENT_TABLES, (event_id,))

    async def event_of(self, table_id: str) -> str | None:
        row = await self.db._one(SELECT_EVENT_OF_TABLE, (table_id,))
        return row["event_id"] if row else None

    async def scores(self, event_id: str) -> list[dict[str, Any]]:
        """``round, table_no, seat, score`` of every seat of the event's finished tables."""
        return await self.db._all(SELECT_SCORES, (event_id,))

    async def finish(self, event_id: str, guild_id: int, status: str, rows: Sequence[dict[str, Any]]) -> None:
        """The final ranking and the event's last status, in one transaction."""
        async with self.db.transaction() as conn:
            await conn.run(DELETE_RESULTS, (event_id,))
            await conn.run_many(INSERT_RESULT, [
                (event_id, guild_id, r["user_id"], r["name"], float(r["score"]), r["rounds"], r["deals"],
                 r["place"], int(r["complete"])) for r in rows])
            await conn.run(UPDATE_STATUS, (status, event_id))

    async def results(self, event_id: str) -> list[dict[str, Any]]:
        return await self.db._all(SELECT_RESULTS, (event_id,))

    # -- seasons and settings ---------------------------------------------------------------------

    async def create_season(self, row: dict[str, Any]) -> None:
        async with self.db.transaction() as conn:
            await conn.run(INSERT_SEASON, (row["id"], row["guild_id"], row["name"], row["starts"], row["ends"],
                                           row["best"]))

    async def seasons(self, guild_id: int) -> list[dict[str, Any]]:
        return await self.db._all(SELECT_SEASONS, (guild_id,))

    async def season(self, season_id: str) -> dict[str, Any] | None:
        return await self.db._one(SELECT_SEASON, (season_id,))

    async def count_event(self, season_id: str, event_id: str, counts: bool) -> None:
        """An admin adds an event to a season (``counts``) or leaves one out."""
        async with self.db.transaction() as conn:
            await conn.run(UPSERT_SEASON_EVENT, (season_id, event_id, int(counts)))

    async def season_results(self, season_id: str) -> list[dict[str, Any]]:
        """``event_id, user_id, name, score`` of every final line of the events that count."""
        return await self.db._all(self.db.sql(SELECT_SEASON_RESULTS), (season_id,))

    async def organiser_role(self, guild_id: int) -> int | None:
        row = await self.db._one(SELECT_ROLE, (guild_id,))
        return row["organiser_role"] if row else None

    async def set_organiser_role(self, guild_id: int, role_id: int | None) -> None:
        async with self.db.transaction() as conn:
            await conn.run(UPSERT_ROLE, (guild_id, role_id))
