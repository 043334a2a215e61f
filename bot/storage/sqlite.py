"""SQLite storage (the embedded default): a writer connection, a read-only reader, group commit.

Migrations are ``bot/migrations/sqlite/NNNN_*.sql`` applied in order and tracked with
``PRAGMA user_version``. Writes go through one connection; units arriving together share one
transaction and one sync (group commit, :meth:`SqliteDatabase.transaction`); reads use a second,
read-only connection (WAL), so they only ever see committed data. ``synchronous=FULL`` by
default: an acknowledged move survives a power cut, not only a crash of the process. One process
per database (:mod:`bot.storage.lockfile`).

Every connection runs with ``secure_delete`` on, whatever the SQLite build's default: a deleted or
rewritten row (a member's seat, an erasure) is overwritten with zeros, never left in free space.
The files the bot creates (the database, hence its WAL and shared-memory files, which SQLite makes
with the database's mode; the lock file; the folder) are private to its user: 0600 and 0700.
A file whose pages are corrupt fails at open (``PRAGMA quick_check``), not at the first read.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

import aiosqlite

import bot.storage.lockfile as lockfile
from bot.storage.base import apply_migrations, statements
from bot.storage.database import Database
from bot.storage.lockfile import StartupError

log = logging.getLogger("bot.storage")
SYNCHRONOUS = ("OFF", "NORMAL", "FULL", "EXTRA")
GROUP_MAX = 64  # write blocks committed together at most
Step = tuple[str, Sequence[Sequence[Any]]]  # a statement and its parameter rows
NO_ROWS: Sequence[Sequence[Any]] = ((),)
BEGIN: Step = ("BEGIN IMMEDIATE", NO_ROWS)
SAVEPOINT: Step = ("SAVEPOINT unit", NO_ROWS)
RELEASE: Step = ("RELEASE unit", NO_ROWS)


class SqliteConn:
    """:class:`bot.storage.base.Conn` over an aiosqlite connection: each call is one round trip to
    its database thread, which runs the statement, reads its rows and closes its cursor there.

    ``pending``: transaction statements (``BEGIN``, ``SAVEPOINT``, ``RELEASE``) that go out with the
    next call, ahead of its statement, instead of a round trip each (group commit,
    :meth:`SqliteDatabase.transaction`), and a block's writes held for what it sends next or its
    group's ``COMMIT`` (:meth:`run_batch`'s ``hold``). Cursors never leave the database thread: a cursor freed
    on the event loop's thread resets its statement there, racing the database thread, which may
    be running that same cached statement for another write (seen as ``sqlite3.InterfaceError:
    bad parameter or other API misuse``)."""

    dialect = "sqlite"

    def __init__(self, raw: aiosqlite.Connection) -> None:
        self.raw = raw
        self.pending: list[Step] = []
        self.held = False  # ``pending`` holds writes (not only transaction statements)

    async def _call(self, steps: Sequence[Step], fetch: bool = False) -> tuple[int, list[sqlite3.Row]]:
        """Run ``pending``, then each step's statement over its parameter rows, on the database
        thread in one round trip: ``(rows changed by the last step, its rows when fetch)``.
        ``pending`` is emptied even when one of its statements fails (the error is the caller's)."""
        pending, self.pending, self.held = self.pending, [], False

        def work(db: sqlite3.Connection) -> tuple[int, list[sqlite3.Row]]:
            for sql, params in pending:
                (db.execute(sql, params[0]) if len(params) == 1 else db.executemany(sql, params)).close()
            changed, rows = 0, []
            for sql, params in steps:
                cur = db.execute(sql, params[0]) if len(params) == 1 else db.executemany(sql, params)
                try:
                    changed = max(cur.rowcount, 0)
                    rows = cur.fetchall() if fetch else []
                finally:
                    cur.close()
            return changed, rows

        # aiosqlite's way of running a function on its thread (its backup() and iterdump() use it)
        return await self.raw._execute(work, self.raw._conn)  # type: ignore[no-untyped-call,no-any-return]  # aiosqlite's runner is unannotated

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        return (await self._call([(sql, [params])]))[0]

    async def run_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self.run_batch([(sql, rows)])

    async def run_batch(self, steps: Iterable[tuple[str, Iterable[Sequence[Any]]]], *, hold: bool = False) -> None:
        """Each statement over its parameter rows, in order, in one round trip; ``hold`` (in a
        write block, :meth:`bot.storage.base.Conn.run_batch`): they go out with what comes next,
        the group's ``COMMIT`` when nothing else (one round trip less a move)."""
        batch = [(sql, rows) for sql, rows in ((s, list(r)) for s, r in steps) if rows]
        if not batch:
            return
        if hold and self.pending:  # a block's (its SAVEPOINT at least is still to send)
            self.pending += batch
            self.held = True
            return
        await self._call(batch)

    async def flush(self) -> None:
        """Send what is pending now (a held write's error is then the block's own)."""
        if self.pending:
            await self._call([])

    def drop(self) -> None:
        """Forget what is pending (a rolled back transaction's)."""
        self.pending, self.held = [], False

    async def scalar(self, sql: str, params: Sequence[Any] = ()) -> Any:
        rows = (await self._call([(sql, [params])], fetch=True))[1]
        return rows[0][0] if rows else None

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        return [dict(r) for r in (await self._call([(sql, [params])], fetch=True))[1]]

    async def lock(self, key: str) -> None:
        """Nothing to do: SQLite's transactions already run one at a time (one writer)."""

    async def snapshot(self) -> None:
        """Nothing to do: nobody else writes while this transaction is open (one writer)."""


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


class SqliteDatabase(Database):
    """Writes serialized on one connection, each in one transaction; reads on a read-only
    connection (the writer itself, under the write lock, for ``:memory:``)."""

    dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection, reader: aiosqlite.Connection | None = None, *,
                 path: str = ":memory:", lock: Path | None = None) -> None:
        self.conn = conn
        self.writer = SqliteConn(conn)
        self.reader = reader
        self.path = path
        self._lock = lock
        self._write = asyncio.Lock()  # held from BEGIN to COMMIT (and by reads of :memory:)
        self._group: _Group | None = None  # the open group of write blocks (group commit)

    @classmethod
    async def connect(cls, path: str | Path, *, synchronous: str = "FULL") -> SqliteDatabase:
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
            if not memory:
                lockfile.create_private(Path(path))  # 0600: SQLite gives its WAL and SHM the same mode
            conn = await aiosqlite.connect(str(path), isolation_level=None)
            opened.append(conn)
            conn.row_factory = aiosqlite.Row
            writer = SqliteConn(conn)
            await writer.run("PRAGMA busy_timeout = 5000")
            await writer.run("PRAGMA secure_delete = ON")
            await writer.run("PRAGMA foreign_keys = ON")
            await check_pages(writer, path, memory)
            mode = await writer.scalar("PRAGMA journal_mode = WAL")
            if not memory and str(mode).lower() != "wal":
                raise StartupError(f"database {path}: cannot use write-ahead logging (journal mode {mode}); "
                                   "is the file or its folder read-only?")
            await writer.run(f"PRAGMA synchronous = {sync}")
            db = cls(conn, path=str(path), lock=lock)
            db.health.opening = True
            await db.migrate()
            async with db.transaction() as probe:  # a read-only file opens silently read-only: fail now
                await probe.run("UPDATE game_tables SET id = id WHERE 0")
            if not memory:
                reader = await aiosqlite.connect(_read_only_uri(Path(path)), uri=True, isolation_level=None)
                opened.append(reader)
                reader.row_factory = aiosqlite.Row
                await SqliteConn(reader).run("PRAGMA busy_timeout = 5000")
                await SqliteConn(reader).run("PRAGMA secure_delete = ON")
                db.reader = reader
            db.health.opening = False
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

    async def version(self) -> int:
        return int(await self.writer.scalar("PRAGMA user_version") or 0)

    async def migrate(self) -> int:
        """Apply the migrations newer than ``PRAGMA user_version``; returns the new version.

        :raises StartupError: the database is newer than this code, or a migration fails (it is
            rolled back: the file stays at the version before it)."""
        async def apply(number: int, sql: str) -> None:
            async with self.transaction() as conn:
                for statement in statements(sql):
                    await conn.run(statement)
                await conn.run(f"PRAGMA user_version = {number}")

        return await apply_migrations(self.path, "sqlite", await self.version(), apply, (sqlite3.Error,), _cause)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqliteConn]:
        """One unit of writes, all or none, acknowledged (the block exits) only once committed.

        Group commit: blocks that arrive while a transaction is open join it, each in
        its own ``SAVEPOINT`` (a failing block rolls back to it and raises, the others go on); the
        last block of the group runs ``COMMIT`` (one sync for all), and every block waits for it:
        when ``COMMIT`` fails, every block of the group raises and nothing of the group is kept.
        Blocks run one at a time, in arrival order, on the writer connection.

        Round trips to the database thread: ``BEGIN``, ``SAVEPOINT`` and ``RELEASE`` go out with the
        next statement (:attr:`SqliteConn.pending`), so a block writing with one call
        (:meth:`SqliteConn.run_batch`) costs one trip, and its group one more for ``COMMIT``. A
        block's ``hold`` writes wait for the ``COMMIT`` when the block is the only one of its group
        (the usual case: a move alone, one trip in all; an error of those writes then fails the
        group, which is that block alone); when others joined, they go out as the block ends, so a
        failing block still fails alone."""
        group = self._group
        if group is None:
            group = self._group = _Group()
        group.pending += 1
        group.joined += 1
        if group.joined >= GROUP_MAX:  # a full group takes no more: later blocks start the next
            self._group = None
        writer = self.writer
        failed: BaseException | None = None
        closer = False
        try:
            async with group.turn:
                if not group.begun:
                    await self._write.acquire()
                    group.begun = True
                    writer.pending.append(BEGIN)
                elif BEGIN not in writer.pending and not self.conn.in_transaction:
                    raise sqlite3.OperationalError("the group's transaction was rolled back")  # (I/O error...)
                writer.pending.append(SAVEPOINT)
                try:
                    yield writer
                    if writer.held and group.joined > 1:  # others joined: its writes fail it alone
                        await writer.flush()
                except BaseException as exc:
                    failed = exc
                    await self._undo_unit()
                else:
                    writer.pending.append(RELEASE)
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
            self.health.failed(failed)
            raise failed
        try:
            await asyncio.shield(group.done)  # acknowledged only once its COMMIT has returned
        except Exception as exc:
            self.health.failed(exc)
            raise
        self.health.ok()

    async def _undo_unit(self) -> None:
        """Undo the failed block's writes: nothing to send when its ``SAVEPOINT`` never went out (its
        held writes are dropped)."""
        writer = self.writer
        if SAVEPOINT in writer.pending:
            del writer.pending[writer.pending.index(SAVEPOINT):]
            writer.held = False
            return
        writer.drop()  # held writes of this block only: its SAVEPOINT went out
        try:
            await writer.run_batch([("ROLLBACK TO unit", NO_ROWS), RELEASE])
        except Exception:  # SQLite rolled the whole transaction back (I/O error...)
            pass

    async def _commit(self, group: _Group) -> None:
        """``COMMIT`` a group with its last ``RELEASE`` (``ROLLBACK`` when it fails or no block of it
        succeeded; nothing when no statement went out), then release the writer."""
        writer = self.writer
        try:
            if BEGIN in writer.pending and not writer.held:  # no block sent or left a statement
                writer.drop()
            elif group.ok:
                await writer.run("COMMIT")
            else:
                writer.drop()
                await writer.run("ROLLBACK")
        except BaseException as exc:
            writer.drop()
            try:
                await writer.run("ROLLBACK")
            except Exception:  # SQLite already rolled back, or the connection is gone
                pass
            group.done.set_exception(exc)
            group.done.exception()  # retrieved: a group whose blocks all failed still has no waiter
        else:
            group.done.set_result(None)
        finally:
            self._write.release()

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[SqliteConn]:
        """The read-only connection: it sees committed data only, never a transaction in progress."""
        if self.reader is not None:
            yield SqliteConn(self.reader)
            return
        async with self._write:  # :memory: has one connection: reads wait for the writer
            yield self.writer

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        async with self._reading() as conn:
            return await conn.fetch_all(sql, params)

    async def checkpoint(self) -> bool:
        """Copy the write-ahead log into the database file and empty it (``wal_checkpoint(TRUNCATE)``),
        so erased data leaves the log too; ``False`` when a reader kept it from completing."""
        if self.path == ":memory:":
            return True
        async with self._write:
            busy = await self.writer.scalar("PRAGMA wal_checkpoint(TRUNCATE)")
        done: bool = busy == 0
        if not done:
            log.warning("database %s: the checkpoint after an erasure could not complete (a read in progress)",
                        self.path)
        return done


async def check_pages(writer: SqliteConn, path: str | Path, memory: bool) -> None:
    """``PRAGMA quick_check``: every page of the file is read once and its structure checked (a
    second or so per gigabyte), so corrupt pages stop the start with one line instead of failing
    the restore, or a later click. :raises StartupError: the file is corrupt."""
    if memory:
        return
    rows = await writer.fetch_all("PRAGMA quick_check(3)")
    problems = [" ".join(str(next(iter(r.values()))).split()) for r in rows]
    if problems != ["ok"]:
        raise StartupError(f"database {path}: the file is corrupt (quick_check: {'; '.join(problems)[:200]}); "
                           "restore a backup, or try the sqlite3 .recover command on a copy")


def _read_only_uri(path: Path) -> str:
    return f"file:{quote(str(path.resolve()))}?mode=ro"


HINTS = {
    "file is not a database": "file is not a database (corrupt, or not a Tapis SQLite file)",
    "attempt to write a readonly database": "the file or its folder is read-only",
    "unable to open database file": "cannot open the file (its folder is missing or not writable?)",
    "database disk image is malformed": "the file is corrupt (database disk image is malformed)",
    "database or disk is full": "the disk is full (database or disk is full)",
    "disk I/O error": "disk I/O error (the disk is full or failing?)",
}


def _cause(exc: BaseException) -> str:
    """One line describing why the database cannot be used."""
    text = str(exc).strip() or type(exc).__name__
    if isinstance(exc, OSError) and exc.strerror:
        text = f"{exc.strerror}: {exc.filename}" if exc.filename else exc.strerror
    text = HINTS.get(text, text)
    return " ".join(text.split())
