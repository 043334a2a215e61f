"""SQLite persistence: a writer connection, a read-only reader, numbered migrations.

Migrations are ``bot/migrations/NNNN_*.sql`` applied in order and tracked with
``PRAGMA user_version``. Every accepted action is written (an action row, the table's revision)
and committed before the interaction is answered, so a restart never loses a game; the state
itself is snapshotted every :data:`SNAPSHOT_EVERY` actions and at each deal's end, and loading
replays the action rows after the snapshot (:func:`replayed`). The end of a match (its last
action, status, results and ratings) is one unit too. Writes go through one connection; units
arriving together share one transaction and one sync (group commit, :meth:`Database.transaction`);
reads use a second, read-only connection (WAL), so they only ever see committed data.
``synchronous=FULL`` by default: an acknowledged move survives a power cut, not only a crash of
the process. One process per database (:mod:`bot.lockfile`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import quote

import aiosqlite

from bot import lockfile
from bot.lockfile import StartupError

log = logging.getLogger(__name__)
MIGRATION_NAME = re.compile(r"^(\d{4})_[\w-]+\.sql$")
SYNCHRONOUS = ("OFF", "NORMAL", "FULL", "EXTRA")
__all__ = ["Database", "Rating", "StartupError", "migrations"]

INSERT_TABLE = """INSERT INTO game_tables (id, guild_id, channel_id, thread_id, message_id, game, seats,
    options, seed, state, status, host_id, revision, active_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"""
UPDATE_LOBBY = """UPDATE game_tables SET seats = ?, options = ?, host_id = ?, status = ?, state = ?,
    revision = ?, active_at = ?, updated_at = datetime('now') WHERE id = ?"""
UPDATE_STATE = """UPDATE game_tables SET state = ?, revision = ?, status = ?, active_at = COALESCE(?, active_at),
    updated_at = datetime('now') WHERE id = ?"""
# The state is snapshotted every SNAPSHOT_EVERY actions (and at the end of each deal and match);
# in between only the action rows and the revision are written (issue 14).
SNAPSHOT_EVERY = 32
UPDATE_PROGRESS = """UPDATE game_tables SET revision = ?, status = ?, active_at = COALESCE(?, active_at),
    updated_at = datetime('now') WHERE id = ?"""
SELECT_OPEN_LATER = """SELECT a.table_id, a.rev, a.action FROM actions a JOIN game_tables t ON t.id = a.table_id
    WHERE t.status IN ('lobby', 'playing') AND t.state IS NOT NULL AND a.rev > json_array_length(t.state, '$.log')
    ORDER BY a.table_id, a.rev"""
SELECT_ACTIONS_AFTER = "SELECT rev, action FROM actions WHERE table_id = ? AND rev > ? ORDER BY rev"
UPDATE_STATUS = "UPDATE game_tables SET status = ?, updated_at = datetime('now') WHERE id = ?"
UPDATE_MESSAGE = "UPDATE game_tables SET message_id = ?, thread_id = ? WHERE id = ?"
DELETE_SEATS = "DELETE FROM seats WHERE table_id = ?"
INSERT_SEAT = """INSERT INTO seats (table_id, seat, user_id, name, missed, away, level)
    VALUES (?, ?, ?, ?, ?, ?, ?)"""
UPDATE_SEAT = "UPDATE seats SET missed = ?, away = ? WHERE table_id = ? AND seat = ?"
INSERT_ACTION = "INSERT INTO actions (table_id, rev, seat, action, by_computer) VALUES (?, ?, ?, ?, ?)"
SELECT_OPEN = "SELECT * FROM game_tables WHERE status IN ('lobby', 'playing') ORDER BY created_at, id"
SELECT_CLOSED = """SELECT id, status FROM game_tables WHERE status IN ('over', 'cancelled')
    ORDER BY updated_at DESC LIMIT ?"""
SELECT_TABLE = "SELECT * FROM game_tables WHERE id = ?"
SELECT_SEATS = "SELECT * FROM seats WHERE table_id = ? ORDER BY seat"
SELECT_ACTIONS = "SELECT * FROM actions WHERE table_id = ? ORDER BY rev"
INSERT_RESULT = """INSERT INTO results (table_id, guild_id, game, seat, user_id, name, score, place,
    rating_before, rating_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"""
SELECT_RESULTS = "SELECT * FROM results WHERE table_id = ? ORDER BY seat"
SELECT_RATING = "SELECT * FROM ratings WHERE guild_id = ? AND game = ? AND player_key = ?"
UPSERT_RATING = """INSERT INTO ratings (guild_id, game, player_key, user_id, name, mu, sigma, matches, wins,
    points) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (guild_id, game, player_key) DO UPDATE SET name = excluded.name, mu = excluded.mu,
    sigma = excluded.sigma, matches = excluded.matches, wins = excluded.wins, points = excluded.points"""
TOP = """SELECT * FROM ratings WHERE guild_id = ? AND game = ? AND (user_id IS NOT NULL) = ?
    ORDER BY mu - 3 * sigma DESC, wins DESC, name LIMIT ?"""
STATS = "SELECT * FROM ratings WHERE guild_id = ? AND user_id = ? ORDER BY game"
SELECT_GUILD = "SELECT locale, turn_timer FROM guild_settings WHERE guild_id = ?"
SELECT_GUILDS = "SELECT guild_id, locale, turn_timer FROM guild_settings"
UPSERT_GUILD = """INSERT INTO guild_settings (guild_id, locale, turn_timer) VALUES (?, ?, ?)
    ON CONFLICT (guild_id) DO UPDATE SET locale = COALESCE(excluded.locale, locale),
    turn_timer = COALESCE(excluded.turn_timer, turn_timer)"""


async def run(conn: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> None:
    """Execute a statement whose rows are not wanted, closing its cursor on the database thread.

    A cursor left to be freed on the event loop's thread resets its statement there, racing the
    database thread, which may be running that same cached statement for another write (seen as
    ``sqlite3.InterfaceError: bad parameter or other API misuse``)."""
    async with conn.execute(sql, params):
        pass


async def run_many(conn: aiosqlite.Connection, sql: str, rows: Iterable[Sequence[Any]]) -> None:
    """:func:`run` for one statement over many parameter rows."""
    async with conn.executemany(sql, rows):
        pass


@dataclass
class Rating:
    """A player's rating row for one server and game."""

    player_key: str
    user_id: int | None
    name: str
    mu: float
    sigma: float
    matches: int = 0
    wins: int = 0
    points: float = 0.0

    @property
    def ordinal(self) -> float:
        """The conservative skill estimate shown on leaderboards (mu - 3 sigma)."""
        return self.mu - 3 * self.sigma


def migrations() -> list[tuple[int, str]]:
    """Every migration ``(number, sql)`` shipped in ``bot/migrations``, in order.

    :raises RuntimeError: none found, or not numbered 1..n."""
    found = []
    folder = resources.files("bot").joinpath("migrations")
    try:
        for entry in folder.iterdir():
            match = MIGRATION_NAME.match(entry.name)
            if match:
                found.append((int(match.group(1)), entry.read_text(encoding="utf-8")))
    except OSError as exc:
        raise RuntimeError(f"cannot read the migrations in {folder}: {exc.strerror or exc} "
                           "(broken installation)") from exc
    found.sort()
    if not found:
        raise RuntimeError(f"no migrations found in {folder} (broken installation)")
    if [n for n, _ in found] != list(range(1, len(found) + 1)):
        raise RuntimeError(f"migrations are not numbered 1..n: {[n for n, _ in found]}")
    return found


async def scalar(conn: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> Any:
    """The first column of the first row (``None`` when there is none)."""
    async with conn.execute(sql, params) as cur:
        row = await cur.fetchone()
    return row[0] if row else None


async def fetch_all(conn: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
    async with conn.execute(sql, params) as cur:
        return [dict(r) for r in await cur.fetchall()]


# -- writes (and the reads they depend on) inside one transaction -----------------------------

async def write_actions(conn: aiosqlite.Connection, table_id: str, *, state: dict[str, Any] | None, revision: int,
                        status: str, actions: Iterable[tuple[int, int, str, bool]],
                        seats: Iterable[tuple[int, int, bool]] = (), active_at: float | None = None) -> None:
    """Accepted actions ``(rev, seat, text, by_computer)``, the new state (``None``: no snapshot
    this time, the action rows carry it) and seat flags ``(seat, missed, away)``; ``active_at``:
    a member acted (Unix seconds)."""
    if state is None:
        await run(conn, UPDATE_PROGRESS, (revision, status, active_at, table_id))
    else:
        await run(conn, UPDATE_STATE, (json.dumps(state), revision, status, active_at, table_id))
    await run_many(conn, INSERT_ACTION, [(table_id, r, s, a, int(c)) for r, s, a, c in actions])
    await run_many(conn, UPDATE_SEAT, [(m, int(w), table_id, s) for s, m, w in seats])


def replayed(snapshot: dict[str, Any], later: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """The saved state: its last snapshot with the actions saved after it (rows with ``rev`` and
    ``action``, in order) appended to its log; ``Game.load`` replays it.

    :raises ValueError: a revision is missing between the snapshot and a later action."""
    log = list(snapshot.get("log") or [])
    for row in later:
        if row["rev"] <= len(log):
            continue
        if row["rev"] != len(log) + 1:
            raise ValueError(f"action {len(log) + 1} is missing")
        log.append(row["action"])
    return {**snapshot, "log": log}


async def write_result(conn: aiosqlite.Connection, table_id: str, guild_id: int, game: str, status: str,
                       results: Sequence[dict[str, Any]], ratings: Sequence[Rating]) -> None:
    """The match's final lines and the players' new ratings, with the table's final status."""
    await run(conn, UPDATE_STATUS, (status, table_id))
    await run_many(conn, INSERT_RESULT, [
        (table_id, guild_id, game, r["seat"], r.get("user_id"), r["name"], r["score"], r["place"],
         r.get("rating_before"), r.get("rating_after")) for r in results])
    await run_many(conn, UPSERT_RATING, [
        (guild_id, game, r.player_key, r.user_id, r.name, r.mu, r.sigma, r.matches, r.wins, r.points)
        for r in ratings])


async def read_rating(conn: aiosqlite.Connection, guild_id: int, game: str, player_key: str) -> Rating | None:
    async with conn.execute(SELECT_RATING, (guild_id, game, player_key)) as cur:
        row = await cur.fetchone()
    return _rating(dict(row)) if row else None


GROUP_MAX = 64  # write blocks committed together at most


class _Group:
    """Write blocks committed together: ``pending`` blocks joined and not finished; ``done``
    resolves when their ``COMMIT`` has returned (or failed)."""

    def __init__(self) -> None:
        self.pending = 0
        self.joined = 0
        self.ok = 0  # blocks whose writes are kept
        self.begun = False
        self.turn = asyncio.Lock()
        self.closing: asyncio.Future[None] | None = None  # the COMMIT under way
        self.done: asyncio.Future[None] = asyncio.get_running_loop().create_future()


class Database:
    """The bot's database: writes serialized on one connection, each in one transaction; reads on a
    read-only connection (the writer itself, under the write lock, for ``:memory:``)."""

    def __init__(self, conn: aiosqlite.Connection, reader: aiosqlite.Connection | None = None, *,
                 path: str = ":memory:", lock: Path | None = None) -> None:
        self.conn = conn
        self.reader = reader
        self.path = path
        self._lock = lock
        self._write = asyncio.Lock()  # held from BEGIN to COMMIT (and by reads of :memory:)
        self._group: _Group | None = None  # the open group of write blocks (group commit)

    @classmethod
    async def open(cls, path: str | Path, *, synchronous: str = "FULL") -> Database:
        """Lock, connect to and migrate ``path`` (``:memory:`` allowed), creating its folder.

        :raises StartupError: one line naming the file and the cause (in use by another process,
            corrupt, read-only, unwritable folder, broken migrations...); nothing is left open."""
        sync = synchronous.strip().upper()
        if sync not in SYNCHRONOUS:
            raise StartupError(f"database {path}: synchronous must be one of {', '.join(SYNCHRONOUS)}, "
                               f"not {synchronous!r}")
        memory = str(path) == ":memory:"
        lock = None
        if not memory:
            path = Path(path)
            lock = lockfile.acquire(path)  # creates the folder
        opened: list[aiosqlite.Connection] = []
        try:
            conn = await aiosqlite.connect(str(path), isolation_level=None)
            opened.append(conn)
            conn.row_factory = aiosqlite.Row
            await run(conn, "PRAGMA busy_timeout = 5000")
            await run(conn, "PRAGMA foreign_keys = ON")
            mode = await scalar(conn, "PRAGMA journal_mode = WAL")
            if not memory and str(mode).lower() != "wal":
                raise StartupError(f"database {path}: cannot use write-ahead logging (journal mode {mode}); "
                                   "is the file or its folder read-only?")
            await run(conn, f"PRAGMA synchronous = {sync}")
            db = cls(conn, path=str(path), lock=lock)
            await db.migrate()
            async with db.transaction() as probe:  # a read-only file opens silently read-only: fail now
                await run(probe, "UPDATE game_tables SET id = id WHERE 0")
            if not memory:
                reader = await aiosqlite.connect(_read_only_uri(Path(path)), uri=True, isolation_level=None)
                opened.append(reader)
                reader.row_factory = aiosqlite.Row
                await run(reader, "PRAGMA busy_timeout = 5000")
                db.reader = reader
            return db
        except BaseException as exc:
            for c in opened:
                try:
                    await c.close()
                except Exception:  # closing a broken connection: its error is not the cause
                    pass
            if lock is not None:
                lockfile.release(lock)
            if isinstance(exc, StartupError):
                raise
            if isinstance(exc, sqlite3.Error | OSError | RuntimeError):
                raise StartupError(f"database {path}: {_cause(exc)}") from exc
            raise

    async def close(self) -> None:
        """Close both connections and release the lock file (safe to call twice)."""
        try:
            if self.reader is not None:
                await self.reader.close()
            await self.conn.close()
        finally:
            if self._lock is not None:
                lockfile.release(self._lock)
                self._lock = None

    async def __aenter__(self) -> Database:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def version(self) -> int:
        return int(await scalar(self.conn, "PRAGMA user_version") or 0)

    async def migrate(self) -> int:
        """Apply the migrations newer than ``PRAGMA user_version``; returns the new version.

        :raises StartupError: the database is newer than this code, or a migration fails (it is
            rolled back: the file stays at the version before it)."""
        current = await self.version()
        known = migrations()
        if current > known[-1][0]:
            raise StartupError(f"database {self.path}: schema version {current} is newer than this Tapis "
                               f"(knows up to {known[-1][0]}); update Tapis")
        for number, sql in known:
            if number <= current:
                continue
            try:
                async with self.transaction() as conn:
                    for statement in (s.strip() for s in sql.split(";")):
                        if statement and not all(line.strip().startswith("--") for line in statement.splitlines()):
                            await run(conn, statement)
                    await run(conn, f"PRAGMA user_version = {number}")
            except sqlite3.Error as exc:
                raise StartupError(f"database {self.path}: migration {number:04d} failed: {_cause(exc)}") from exc
            current = number
        return current

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """One unit of writes, all or none, acknowledged (the block exits) only once committed.

        Group commit (issue 14): blocks that arrive while a transaction is open join it, each in
        its own ``SAVEPOINT`` (a failing block rolls back to it and raises, the others go on); the
        last block of the group runs ``COMMIT`` (one sync for all), and every block waits for it:
        when ``COMMIT`` fails, every block of the group raises and nothing of the group is kept.
        Blocks run one at a time, in arrival order, on the writer connection."""
        group = self._group
        if group is None:
            group = self._group = _Group()
        group.pending += 1
        group.joined += 1
        if group.joined >= GROUP_MAX:  # a full group takes no more: later blocks start the next
            self._group = None
        failed: BaseException | None = None
        closer = False
        try:
            async with group.turn:
                if not group.begun:
                    await self._write.acquire()
                    try:
                        await run(self.conn, "BEGIN IMMEDIATE")
                    except BaseException:
                        self._write.release()
                        raise
                    group.begun = True
                elif not self.conn.in_transaction:  # an earlier block's error ended it (I/O...)
                    raise sqlite3.OperationalError("the group's transaction was rolled back")
                await run(self.conn, "SAVEPOINT unit")
                try:
                    yield self.conn
                except BaseException as exc:
                    failed = exc
                    await self._undo_unit()
                else:
                    await run(self.conn, "RELEASE unit")
                    group.ok += 1
        finally:
            group.pending -= 1
            if group.pending == 0:
                if self._group is group:
                    self._group = None  # later blocks start the next group (after this COMMIT)
                if group.begun:
                    closer = True
                    group.closing = asyncio.ensure_future(self._commit(group))
        if failed is not None:
            if closer:  # the writer is released before the error goes on
                await asyncio.wait([group.done])
            raise failed
        await asyncio.shield(group.done)  # acknowledged only once its COMMIT has returned

    async def _undo_unit(self) -> None:
        try:
            await run(self.conn, "ROLLBACK TO unit")
            await run(self.conn, "RELEASE unit")
        except Exception:  # SQLite rolled the whole transaction back (I/O error...)
            pass

    async def _commit(self, group: _Group) -> None:
        """``COMMIT`` a group (``ROLLBACK`` when it fails or no block of it succeeded), then
        release the writer."""
        try:
            await run(self.conn, "COMMIT" if group.ok else "ROLLBACK")
        except BaseException as exc:
            try:
                await run(self.conn, "ROLLBACK")
            except Exception:  # SQLite already rolled back, or the connection is gone
                pass
            group.done.set_exception(exc)
            group.done.exception()  # retrieved: a group whose blocks all failed still has no waiter
        else:
            group.done.set_result(None)
        finally:
            self._write.release()

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[aiosqlite.Connection]:
        """The read-only connection: it sees committed data only, never a transaction in progress."""
        if self.reader is not None:
            yield self.reader
            return
        async with self._write:  # :memory: has one connection: reads wait for the writer
            yield self.conn

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        async with self._reading() as conn:
            return await fetch_all(conn, sql, params)

    async def _one(self, sql: str, params: Sequence[Any] = ()) -> dict[str, Any] | None:
        rows = await self._all(sql, params)
        return rows[0] if rows else None

    # -- tables ------------------------------------------------------------------------------

    async def create_table(self, row: dict[str, Any], seats: Sequence[dict[str, Any]]) -> None:
        async with self.transaction() as conn:
            await run(conn, INSERT_TABLE, (
                row["id"], row["guild_id"], row["channel_id"], row.get("thread_id"), row.get("message_id"),
                row["game"], row["seats"], json.dumps(row.get("options") or {}), str(row["seed"]),
                None, row["status"], row["host_id"], 0, row.get("active_at")))
            await self._write_seats(conn, row["id"], seats)

    async def save_lobby(self, table_id: str, *, seats: Sequence[dict[str, Any]], options: dict[str, Any],
                         host_id: int, status: str, state: dict[str, Any] | None, revision: int,
                         active_at: float | None = None) -> None:
        """Seats, options and status of a table that is opening or starting, in one transaction."""
        async with self.transaction() as conn:
            await run(conn, UPDATE_LOBBY, (len(seats), json.dumps(options), host_id, status,
                                           json.dumps(state) if state is not None else None,
                                           revision, active_at, table_id))
            await self._write_seats(conn, table_id, seats)

    @staticmethod
    async def _write_seats(conn: aiosqlite.Connection, table_id: str, seats: Sequence[dict[str, Any]]) -> None:
        await run(conn, DELETE_SEATS, (table_id,))
        await run_many(conn, INSERT_SEAT, [
            (table_id, i, s.get("user_id"), s["name"], s.get("missed", 0), int(s.get("away", False)), s.get("level"))
            for i, s in enumerate(seats)])

    async def save_actions(self, table_id: str, *, state: dict[str, Any], revision: int, status: str,
                           actions: Iterable[tuple[int, int, str, bool]],
                           seats: Iterable[tuple[int, int, bool]] = (), active_at: float | None = None) -> None:
        """:func:`write_actions` in a transaction of its own."""
        async with self.transaction() as conn:
            await write_actions(conn, table_id, state=state, revision=revision, status=status, actions=actions,
                                seats=seats, active_at=active_at)

    async def save_seats(self, table_id: str, seats: Iterable[tuple[int, int, bool]]) -> None:
        async with self.transaction() as conn:
            await run_many(conn, UPDATE_SEAT, [(m, int(w), table_id, s) for s, m, w in seats])

    async def set_status(self, table_id: str, status: str) -> None:
        async with self.transaction() as conn:
            await run(conn, UPDATE_STATUS, (status, table_id))

    async def set_message(self, table_id: str, message_id: int | None, thread_id: int | None) -> None:
        async with self.transaction() as conn:
            await run(conn, UPDATE_MESSAGE, (message_id, thread_id, table_id))

    async def set_shown(self, table_id: str, revision: int) -> None:
        """The revision the table's public message now shows (start-up redraws the others)."""
        async with self.transaction() as conn:
            await run(conn, "UPDATE game_tables SET shown_revision = ? WHERE id = ?", (revision, table_id))

    async def shown_revisions(self) -> dict[str, int | None]:
        """``{table id: revision its message shows}`` of every table in play."""
        rows = await self._all("SELECT id, shown_revision FROM game_tables WHERE status = 'playing'")
        return {r["id"]: r["shown_revision"] for r in rows}

    async def open_tables(self) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
        """Every table in a lobby or in play, with its seats (for restoring after a restart)."""
        return [(row, await self.seats(row["id"])) for row in await self._all(SELECT_OPEN)]

    async def closed_tables(self, limit: int) -> list[tuple[str, str]]:
        """``(id, status)`` of the ``limit`` most recently finished or cancelled tables."""
        return [(r["id"], r["status"]) for r in await self._all(SELECT_CLOSED, (limit,))]

    async def table(self, table_id: str) -> dict[str, Any] | None:
        return await self._one(SELECT_TABLE, (table_id,))

    async def seats(self, table_id: str) -> list[dict[str, Any]]:
        return await self._all(SELECT_SEATS, (table_id,))

    async def saved_state(self, row: dict[str, Any],
                          later: Sequence[dict[str, Any]] | None = None) -> dict[str, Any] | None:
        """A table row's state: its snapshot plus the actions saved after it (:func:`replayed`);
        ``later``: those actions when already read (:meth:`open_later_actions`)."""
        if not row["state"]:
            return None
        snapshot = json.loads(row["state"])
        if later is None:
            later = await self._all(SELECT_ACTIONS_AFTER, (row["id"], len(snapshot.get("log") or [])))
        return replayed(snapshot, later)

    async def open_later_actions(self) -> dict[str, list[dict[str, Any]]]:
        """The actions saved after each open table's snapshot, in one query (restore)."""
        out: dict[str, list[dict[str, Any]]] = {}
        for r in await self._all(SELECT_OPEN_LATER):
            out.setdefault(r["table_id"], []).append(r)
        return out

    async def actions(self, table_id: str) -> list[dict[str, Any]]:
        return await self._all(SELECT_ACTIONS, (table_id,))

    async def results(self, table_id: str) -> list[dict[str, Any]]:
        return await self._all(SELECT_RESULTS, (table_id,))

    # -- results and ratings -----------------------------------------------------------------

    async def rating(self, guild_id: int, game: str, player_key: str) -> Rating | None:
        row = await self._one(SELECT_RATING, (guild_id, game, player_key))
        return _rating(row) if row else None

    async def record_result(self, table_id: str, guild_id: int, game: str, status: str,
                            results: Sequence[dict[str, Any]], ratings: Sequence[Rating]) -> None:
        """:func:`write_result` in a transaction of its own."""
        async with self.transaction() as conn:
            await write_result(conn, table_id, guild_id, game, status, results, ratings)

    async def top(self, guild_id: int, game: str, *, humans: bool = True, limit: int = 10) -> list[Rating]:
        return [_rating(r) for r in await self._all(TOP, (guild_id, game, int(humans), limit))]

    async def stats(self, guild_id: int, user_id: int) -> list[tuple[str, Rating]]:
        return [(r["game"], _rating(r)) for r in await self._all(STATS, (guild_id, user_id))]

    # -- guild settings ----------------------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> tuple[str | None, int | None]:
        row = await self._one(SELECT_GUILD, (guild_id,))
        return (row["locale"], row["turn_timer"]) if row else (None, None)

    async def all_guild_settings(self) -> dict[int, tuple[str | None, int | None]]:
        return {r["guild_id"]: (r["locale"], r["turn_timer"]) for r in await self._all(SELECT_GUILDS)}

    async def set_guild_settings(self, guild_id: int, *, locale: str | None = None,
                                 turn_timer: int | None = None) -> None:
        async with self.transaction() as conn:
            await run(conn, UPSERT_GUILD, (guild_id, locale, turn_timer))

    async def hints(self, guild_id: int) -> bool:
        """Whether the server offers the expert's hints (default on)."""
        row = await self._one("SELECT hints FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return row is None or row["hints"] is None or bool(row["hints"])

    async def set_hints(self, guild_id: int, on: bool) -> None:
        async with self.transaction() as conn:
            await run(conn, """INSERT INTO guild_settings (guild_id, hints) VALUES (?, ?)
                ON CONFLICT (guild_id) DO UPDATE SET hints = excluded.hints""", (guild_id, int(on)))


def _read_only_uri(path: Path) -> str:
    return f"file:{quote(str(path.resolve()))}?mode=ro"


HINTS = {
    "file is not a database": "file is not a database (corrupt, or not a Tapis SQLite file)",
    "attempt to write a readonly database": "the file or its folder is read-only",
    "unable to open database file": "cannot open the file (its folder is missing or not writable?)",
    "database disk image is malformed": "the file is corrupt (database disk image is malformed)",
}


def _cause(exc: BaseException) -> str:
    """One line describing why the database cannot be used."""
    text = str(exc).strip() or type(exc).__name__
    if isinstance(exc, OSError) and exc.strerror:
        text = f"{exc.strerror}: {exc.filename}" if exc.filename else exc.strerror
    text = HINTS.get(text, text)
    return " ".join(text.split())


def _rating(row: dict[str, Any]) -> Rating:
    return Rating(row["player_key"], row["user_id"], row["name"], row["mu"], row["sigma"],
                  row["matches"], row["wins"], row["points"])


# -- after the match: history, replays, exports (issue 16) -------------------------------------------
# Module functions over a Database (kept apart from the class, which is being reworked). Served by
# the existing indexes: seats_user (seats.user_id) finds a member's seats and the results primary
# key (table_id, seat) joins each to its result line, so no migration is needed.

HISTORY = """SELECT r.table_id, r.game, r.seat, r.name, r.score, r.place, r.rating_before, r.rating_after,
    r.finished_at FROM seats s JOIN results r ON r.table_id = s.table_id AND r.seat = s.seat
    WHERE s.user_id = ? AND r.guild_id = ? AND (? IS NULL OR r.game = ?)
    ORDER BY r.finished_at DESC, r.rowid DESC LIMIT ? OFFSET ?"""
HISTORY_COUNT = """SELECT COUNT(*) FROM seats s JOIN results r ON r.table_id = s.table_id AND r.seat = s.seat
    WHERE s.user_id = ? AND r.guild_id = ? AND (? IS NULL OR r.game = ?)"""
MATCH_RESULTS = "SELECT * FROM results WHERE table_id = ? ORDER BY seat"


async def history(db: Database, guild_id: int, user_id: int, game: str | None = None, *, limit: int = 10,
                  offset: int = 0) -> tuple[list[dict[str, Any]], int]:
    """A member's finished matches in a server, newest first: ``(rows, total)``; each row is the
    member's result line with ``players``, every seat's result line of that match."""
    params = (user_id, guild_id, game, game)
    async with db.conn.execute(HISTORY, (*params, limit, offset)) as cur:
        rows = [dict(r) for r in await cur.fetchall()]
    async with db.conn.execute(HISTORY_COUNT, params) as cur:
        found = await cur.fetchone()
    for row in rows:
        row["players"] = await match_results(db, row["table_id"])
    return rows, int(found[0]) if found else 0


async def match_results(db: Database, table_id: str) -> list[dict[str, Any]]:
    """Every seat's result line of a finished match, by seat."""
    async with db.conn.execute(MATCH_RESULTS, (table_id,)) as cur:
        return [dict(r) for r in await cur.fetchall()]


# -- members' data (issue 20) ----------------------------------------------------------------------

async def checkpoint(db: Database) -> bool:
    """Copy the write-ahead log into the database file and empty it (``wal_checkpoint(TRUNCATE)``),
    so erased data leaves the log too; ``False`` when a reader kept it from completing."""
    if db.path == ":memory:":
        return True
    async with db._write:
        async with db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)") as cur:
            row = await cur.fetchone()
    done = row is not None and row[0] == 0
    if not done:
        log.warning("database %s: the checkpoint after an erasure could not complete (a read in progress)",
                    db.path)
    return done
