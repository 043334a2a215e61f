"""The SQL both backends run, and the writes that share a caller's transaction.

Statements are written once, with ``?`` placeholders and SQLite's ``datetime('now')``; the
PostgreSQL connection translates those two (:func:`bot.storage.postgres.translate`). The few
statements that differ by dialect are dicts ``{"sqlite": ..., "postgres": ...}`` (``conn.dialect``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from bot.storage.base import Conn, Rating

INSERT_TABLE = """INSERT INTO game_tables (id, guild_id, channel_id, thread_id, message_id, game, seats,
    capacity, options, seed, state, status, host_id, revision, active_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"""
UPDATE_LOBBY = """UPDATE game_tables SET seats = ?, capacity = ?, options = ?, host_id = ?, status = ?, state = ?,
    state_rev = ?, facts = ?, revision = ?, active_at = ?, updated_at = datetime('now') WHERE id = ?"""
UPDATE_STATE = """UPDATE game_tables SET state = ?, state_rev = ?, facts = ?, revision = ?, status = ?,
    active_at = COALESCE(?, active_at), updated_at = datetime('now') WHERE id = ?"""
# The state (its log and its engine snapshot, games.snapshot: restore replays only the actions after
# it) is saved every SNAPSHOT_EVERY actions (and at the end of each deal and match);
# in between only the action rows, the revision and the state's facts are written. The
# facts (bot.service.facts: the seat to act, the deals ended) let start-up build the state on first
# use; state_rev is the revision of the saved state (restore reads the actions after it).
SNAPSHOT_EVERY = 4
UPDATE_PROGRESS = """UPDATE game_tables SET facts = ?, revision = ?, status = ?, active_at = COALESCE(?, active_at),
    updated_at = datetime('now') WHERE id = ?"""
# The actions saved after each open table's snapshot, in one query (restore). The snapshot's length
# is read in Python, never in SQL, so one table whose state is not valid JSON cannot fail the
# query for every table: the parameters are (table id, snapshot length) pairs.
SELECT_LATER = {
    "sqlite": """SELECT a.table_id, a.rev, a.action FROM json_each(?) j
        JOIN actions a ON a.table_id = json_extract(j.value, '$[0]') AND a.rev > json_extract(j.value, '$[1]')
        ORDER BY a.table_id, a.rev""",
    "postgres": """SELECT a.table_id, a.rev, a.action FROM unnest(CAST(? AS text[]), CAST(? AS int[])) AS s(id, n)
        JOIN actions a ON a.table_id = s.id AND a.rev > s.n
        ORDER BY a.table_id, a.rev""",
}
SELECT_ACTIONS_AFTER = "SELECT rev, action FROM actions WHERE table_id = ? AND rev > ? ORDER BY rev"
CANCEL_OPEN = "UPDATE game_tables SET status = 'cancelled' WHERE status IN ('lobby', 'playing')"
UPDATE_STATUS = "UPDATE game_tables SET status = ?, updated_at = datetime('now') WHERE id = ?"
UPDATE_MESSAGE = "UPDATE game_tables SET message_id = ?, thread_id = ? WHERE id = ?"
UPDATE_SHOWN = "UPDATE game_tables SET shown_revision = ? WHERE id = ?"
SELECT_SHOWN = "SELECT id, shown_revision FROM game_tables WHERE status = 'playing'"
DELETE_SEATS = "DELETE FROM seats WHERE table_id = ?"
INSERT_SEAT = """INSERT INTO seats (table_id, seat, user_id, name, missed, away, level, computer_no)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)"""
UPDATE_SEAT = "UPDATE seats SET missed = ?, away = ? WHERE table_id = ? AND seat = ?"
INSERT_ACTION = "INSERT INTO actions (table_id, rev, seat, action, by_computer) VALUES (?, ?, ?, ?, ?)"
SELECT_OPEN = "SELECT * FROM game_tables WHERE status IN ('lobby', 'playing') ORDER BY created_at, id"
SELECT_OPEN_IDS = """SELECT id, guild_id FROM game_tables WHERE status IN ('lobby', 'playing')
    ORDER BY created_at, id"""
# Some tables' rows by id (restore reads the open tables by batches: their states are never all in
# memory at once).
SELECT_ROWS = {
    "sqlite": "SELECT * FROM game_tables WHERE id IN (SELECT value FROM json_each(?))",
    "postgres": "SELECT * FROM game_tables WHERE id = ANY(CAST(? AS text[]))",
}
SELECT_CLOSED = """SELECT id, status FROM game_tables WHERE status IN ('over', 'cancelled')
    ORDER BY updated_at DESC LIMIT ?"""
SELECT_TABLE = "SELECT * FROM game_tables WHERE id = ?"
SELECT_SEATS = "SELECT * FROM seats WHERE table_id = ? ORDER BY seat"
# Every open table's seats in one query (restore: not one query per table).
SELECT_OPEN_SEATS = """SELECT s.* FROM seats s JOIN game_tables g ON g.id = s.table_id
    WHERE g.status IN ('lobby', 'playing') ORDER BY s.table_id, s.seat"""
SELECT_ACTIONS = "SELECT * FROM actions WHERE table_id = ? ORDER BY rev"
INSERT_RESULT = """INSERT INTO results (table_id, guild_id, game, seat, user_id, name, score, place,
    rating_before, rating_after, rating_why) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"""
SELECT_RESULTS = "SELECT * FROM results WHERE table_id = ? ORDER BY seat"
SELECT_RATING = "SELECT * FROM ratings WHERE guild_id = ? AND game = ? AND player_key = ?"
UPSERT_RATING = """INSERT INTO ratings (guild_id, game, player_key, user_id, name, mu, sigma, matches, wins,
    points) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (guild_id, game, player_key) DO UPDATE SET name = excluded.name, mu = excluded.mu,
    sigma = excluded.sigma, matches = excluded.matches, wins = excluded.wins, points = excluded.points"""
TOP = """SELECT * FROM ratings WHERE guild_id = ? AND game = ? AND (user_id IS NOT NULL) = ?
    ORDER BY mu DESC, wins DESC, name LIMIT ?"""
STATS = "SELECT * FROM ratings WHERE guild_id = ? AND user_id = ? ORDER BY game"
SELECT_GUILD = "SELECT locale, turn_timer FROM guild_settings WHERE guild_id = ?"
SELECT_GUILDS = "SELECT guild_id, locale, turn_timer FROM guild_settings"
UPSERT_GUILD = """INSERT INTO guild_settings (guild_id, locale, turn_timer) VALUES (?, ?, ?)
    ON CONFLICT (guild_id) DO UPDATE SET locale = COALESCE(excluded.locale, guild_settings.locale),
    turn_timer = COALESCE(excluded.turn_timer, guild_settings.turn_timer)"""
UPSERT_PROBE = """INSERT INTO health_probe (id, at) VALUES (?, datetime('now'))
    ON CONFLICT (id) DO UPDATE SET at = excluded.at"""
SELECT_HINTS = "SELECT hints FROM guild_settings WHERE guild_id = ?"
UPSERT_HINTS = """INSERT INTO guild_settings (guild_id, hints) VALUES (?, ?)
    ON CONFLICT (guild_id) DO UPDATE SET hints = excluded.hints"""

# History: seats_user finds a member's seats, the results key joins each to its line.
# Ties on finished_at (one second) go to the line written last: SQLite's rowid, PostgreSQL's
# physical row order (ctid; results rows are appended and only rewritten by an erasure).
HISTORY = {dialect: f"""SELECT r.table_id, r.game, r.seat, r.name, r.score, r.place, r.rating_before,
    r.rating_after, r.rating_why, r.finished_at FROM seats s JOIN results r ON r.table_id = s.table_id AND r.seat = s.seat
    WHERE s.user_id = ? AND r.guild_id = ? AND (CAST(? AS TEXT) IS NULL OR r.game = ?)
    ORDER BY r.finished_at DESC, r.{order} DESC LIMIT ? OFFSET ?"""
           for dialect, order in (("sqlite", "rowid"), ("postgres", "ctid"))}
HISTORY_COUNT = """SELECT COUNT(*) FROM seats s JOIN results r ON r.table_id = s.table_id AND r.seat = s.seat
    WHERE s.user_id = ? AND r.guild_id = ? AND (CAST(? AS TEXT) IS NULL OR r.game = ?)"""


async def write_actions(conn: Conn, table_id: str, *, state: dict[str, Any] | None, revision: int,
                        status: str, actions: Iterable[tuple[int, int, str, bool]],
                        seats: Iterable[tuple[int, int, bool]] = (), active_at: float | None = None,
                        facts: str | None = None) -> None:
    """Accepted actions ``(rev, seat, text, by_computer)``, the new state (``None``: no snapshot
    this time, the action rows carry it), its ``facts`` (:class:`bot.service.facts.Facts`) and
    seat flags ``(seat, missed, away)``; ``active_at``: a member acted (Unix seconds). Held for the
    transaction's end (:meth:`bot.storage.base.Conn.run_batch`): on SQLite a move's save is then
    one round trip to the database thread, its ``COMMIT`` included."""
    await conn.run_batch(hold=True, steps=[
        (UPDATE_PROGRESS, [(facts, revision, status, active_at, table_id)]) if state is None else
        (UPDATE_STATE, [(json.dumps(state), revision, facts, revision, status, active_at, table_id)]),
        (INSERT_ACTION, [(table_id, r, s, a, int(c)) for r, s, a, c in actions]),
        (UPDATE_SEAT, [(m, int(w), table_id, s) for s, m, w in seats])])


async def write_seats(conn: Conn, table_id: str, seats: Sequence[dict[str, Any]]) -> None:
    """A table's seats, replacing those saved."""
    await conn.run(DELETE_SEATS, (table_id,))
    await conn.run_many(INSERT_SEAT, [
        (table_id, i, s.get("user_id"), s["name"], s.get("missed", 0), int(s.get("away", False)), s.get("level"),
         s.get("computer_no"))
        for i, s in enumerate(seats)])


async def set_status(conn: Conn, table_id: str, status: str) -> None:
    """A table's status, in the caller's transaction."""
    await conn.run(UPDATE_STATUS, (status, table_id))


async def read_results(conn: Conn, table_id: str) -> list[dict[str, Any]]:
    """A match's result lines, by seat (none before it is recorded), in the caller's transaction."""
    return await conn.fetch_all(SELECT_RESULTS, (table_id,))


async def write_result(conn: Conn, table_id: str, guild_id: int, game: str, status: str,
                       results: Sequence[dict[str, Any]], ratings: Sequence[Rating]) -> None:
    """The match's final lines and the players' new ratings, with the table's final status."""
    await conn.run(UPDATE_STATUS, (status, table_id))
    await conn.run_many(INSERT_RESULT, [
        (table_id, guild_id, game, r["seat"], r.get("user_id"), r["name"], float(r["score"]), r["place"],
         r.get("rating_before"), r.get("rating_after"), r.get("rating_why")) for r in results])
    await conn.run_many(UPSERT_RATING, [
        (guild_id, game, r.player_key, r.user_id, r.name, float(r.mu), float(r.sigma), r.matches, r.wins,
         float(r.points)) for r in ratings])


async def read_rating(conn: Conn, guild_id: int, game: str, player_key: str) -> Rating | None:
    """A player's rating, read to be updated in this transaction: the server's ratings of that game
    stay locked until it ends (:meth:`Conn.lock`), so two matches ending at once on PostgreSQL
    cannot both read the old rating and lose one update (SQLite has one writer anyway)."""
    await conn.lock(f"ratings:{guild_id}:{game}")
    rows = await conn.fetch_all(SELECT_RATING, (guild_id, game, player_key))
    return rating_of(rows[0]) if rows else None


def rating_of(row: dict[str, Any]) -> Rating:
    return Rating(row["player_key"], row["user_id"], row["name"], row["mu"], row["sigma"],
                  row["matches"], row["wins"], row["points"])
