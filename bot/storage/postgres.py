"""PostgreSQL storage through asyncpg, used when ``DATABASE_URL=postgresql://...`` is set.

A pool of connections: each transaction runs on a connection of its own, so the transactions of
different tables run concurrently; ``synchronous_commit = on``, so a unit is acknowledged (its
block exits) only once PostgreSQL has flushed its commit. Migrations are
``bot/migrations/postgres/NNNN_*.sql``, numbered as SQLite's, tracked in the table
``tapis_schema`` and applied under an advisory lock (two processes starting together migrate
once). Transactions are READ COMMITTED; ratings are read under a per-server-and-game advisory lock
(:func:`bot.storage.queries.read_rating`), so two matches ending at once update them one after
the other.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import re
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import urlsplit

import asyncpg

from bot.storage.base import apply_migrations
from bot.storage.database import Database
from bot.storage.lockfile import StartupError

POOL_SIZE = 10  # connections per process
CONNECT_TIMEOUT = 10.0  # seconds
MIGRATION_LOCK = 0x7461706973  # advisory lock key held while migrating ("tapis")
VERSION_TABLE = "tapis_schema"
NOW = "to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')"  # SQLite's datetime('now')
PLACEHOLDER = re.compile(r"\?")


@functools.lru_cache(maxsize=512)
def translate(sql: str) -> str:
    """SQLite's text of a statement for PostgreSQL: ``?`` placeholders become ``$1, $2...`` and
    ``datetime('now')`` the same UTC text. (No statement of Tapis has a ``?`` inside a string.)"""
    numbers = iter(range(1, sql.count("?") + 1))
    return PLACEHOLDER.sub(lambda _: f"${next(numbers)}", sql.replace("datetime('now')", NOW))


def lock_key(key: str) -> int:
    """A text key as the signed 64-bit number of ``pg_advisory_xact_lock``."""
    return int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "big", signed=True)


def _changed(status: str) -> int:
    """Rows changed, from a command status such as ``UPDATE 3`` or ``INSERT 0 1``."""
    last = status.rsplit(" ", 1)[-1] if status else ""
    return int(last) if last.isdigit() else 0


class PgConn:
    """:class:`bot.storage.base.Conn` over an asyncpg connection."""

    dialect = "postgres"

    def __init__(self, raw: asyncpg.Connection) -> None:
        self.raw = raw

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        return _changed(await self.raw.execute(translate(sql), *params))

    async def run_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        rows = list(rows)
        if len(rows) == 1:  # the common case (one move): one round trip less than executemany
            await self.raw.execute(translate(sql), *rows[0])
        elif rows:
            await self.raw.executemany(translate(sql), rows)

    async def run_batch(self, steps: Iterable[tuple[str, Iterable[Sequence[Any]]]], *, hold: bool = False) -> None:
        for sql, rows in steps:
            await self.run_many(sql, rows)

    async def scalar(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return await self.raw.fetchval(translate(sql), *params)

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        return [dict(r) for r in await self.raw.fetch(translate(sql), *params)]

    async def lock(self, key: str) -> None:
        """``pg_advisory_xact_lock``: held until this transaction commits or rolls back."""
        await self.raw.execute("SELECT pg_advisory_xact_lock($1)", lock_key(key))

    async def snapshot(self) -> None:
        """REPEATABLE READ for this transaction (the default, READ COMMITTED, takes a snapshot per
        statement)."""
        await self.raw.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")


class PostgresDatabase(Database):
    """The database on a PostgreSQL server (see the module)."""

    dialect = "postgres"

    def __init__(self, pool: asyncpg.Pool, path: str) -> None:
        self.pool = pool
        self.path = path
        self._closed = False

    @classmethod
    async def connect(cls, url: str, *, pool_size: int = POOL_SIZE) -> PostgresDatabase:
        """Connect to and migrate the database at ``url``.

        :raises StartupError: one line naming the database without its password, and the cause
            (unreachable server, refused credentials, missing database, newer schema, failed
            migration); nothing is left open."""
        shown = redact(url)
        pool: asyncpg.Pool | None = None
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size, timeout=CONNECT_TIMEOUT,
                                             reset=_kept_as_is, server_settings={"synchronous_commit": "on",
                                                                                 "application_name": "tapis"})
            db = cls(pool, shown)
            await db.migrate()
            return db
        except BaseException as exc:
            if pool is not None:
                pool.terminate()
            if isinstance(exc, StartupError):
                raise
            if isinstance(exc, Exception):  # whatever asyncpg raises (OverflowError for a port over 65535)
                raise StartupError(f"database {shown}: {_cause(exc, url)}") from exc
            raise

    async def close(self) -> None:
        """Close the pool (safe to call twice)."""
        if self._closed:
            return
        self._closed = True
        try:
            await asyncio.wait_for(self.pool.close(), 10)
        except TimeoutError:
            self.pool.terminate()

    async def version(self) -> int:
        async with self.pool.acquire() as raw:
            return await _version(raw)

    async def migrate(self) -> int:
        """Apply the migrations newer than the version in ``tapis_schema``, each in a transaction of
        its own; returns the new version.

        :raises StartupError: the database is newer than this code, or a migration fails (it is
            rolled back: the database stays at the version before it)."""
        async with self.pool.acquire() as raw:
            await raw.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
            try:
                await raw.execute(f"CREATE TABLE IF NOT EXISTS {VERSION_TABLE} (version INTEGER PRIMARY KEY, "
                                  f"applied_at TEXT NOT NULL DEFAULT ({NOW}))")

                async def apply(number: int, sql: str) -> None:
                    async with raw.transaction():
                        await raw.execute(sql)
                        await raw.execute(f"INSERT INTO {VERSION_TABLE} (version) VALUES ($1)", number)

                return await apply_migrations(self.path, "postgres", await _version(raw), apply,
                                              (asyncpg.PostgresError,), _cause)
            finally:
                await raw.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PgConn]:
        """One unit of writes, all or none, on a connection of its own; the block exits only once
        its ``COMMIT`` has returned (flushed: ``synchronous_commit = on``)."""
        try:
            async with self.pool.acquire() as raw, raw.transaction():
                yield PgConn(raw)
        except Exception as exc:
            self.health.failed(exc)
            raise
        self.health.ok()

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        async with self.pool.acquire() as raw:
            return await PgConn(raw).fetch_all(sql, params)


async def _kept_as_is(raw: asyncpg.Connection) -> None:
    """A connection goes back to the pool as it is, without asyncpg's reset (``RESET ALL``,
    ``pg_advisory_unlock_all()``...: one more round trip per transaction): Tapis never changes a
    session's settings, its transaction locks end with the transaction and the migration's lock is
    released explicitly. (asyncpg still rolls back a transaction left open on a returned connection.)"""


async def _version(raw: asyncpg.Connection) -> int:
    return int(await raw.fetchval(f"SELECT COALESCE(MAX(version), 0) FROM {VERSION_TABLE}"))


def redact(url: str) -> str:
    """The URL as logs and errors show it: ``postgresql://user@host:port/db``, never the password
    (nor the query string, which may hold one)."""
    try:
        parts = urlsplit(url)
        user = f"{parts.username}@" if parts.username else ""
        host = parts.hostname or ""
        port = f":{parts.port}" if parts.port else ""
    except ValueError:
        return "postgresql://(unreadable URL)"
    return f"{parts.scheme}://{user}{host}{port}{parts.path}"


def _cause(exc: BaseException, url: str = "") -> str:
    """One line describing why the server cannot be used (the password left out)."""
    if isinstance(exc, TimeoutError):
        text = f"the server did not answer within {CONNECT_TIMEOUT:g} s"
    elif isinstance(exc, OSError):
        text = f"cannot connect to the server ({exc.strerror or exc})"
    else:
        text = str(exc).strip() or type(exc).__name__
    try:
        password = urlsplit(url).password if url else None
    except ValueError:
        password = None
    if password:
        text = text.replace(password, "***")
    return " ".join(text.split())
