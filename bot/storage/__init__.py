"""Storage behind one interface, the one way into the database for the rest of the bot:
SQLite (embedded, the default) or PostgreSQL.

``open_database(path)`` opens an SQLite file, ``open_database("postgresql://...")`` a PostgreSQL
database (:mod:`bot.storage.open`; the API they share: :mod:`bot.storage.database`); every SQL call
site runs through a :class:`Conn` (:mod:`bot.storage.base`); the statements live in this package
only (:mod:`bot.storage.queries`, and one module per concern beside it), the backends in
:mod:`bot.storage.sqlite` and :mod:`bot.storage.postgres`, the migrations in
``bot/migrations/<dialect>/``. The module functions below run a statement on the connection a
``Database.transaction()`` block yields (any backend).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from bot.storage.base import Conn, Rating, is_postgres, migrations, replayed
from bot.storage.database import Database
from bot.storage.lockfile import StartupError
from bot.storage.open import open_database
from bot.storage.queries import (
    SNAPSHOT_EVERY,
    read_rating,
    read_results,
    set_status,
    write_actions,
    write_result,
)

__all__ = ["SNAPSHOT_EVERY", "Conn", "Database", "Rating", "StartupError",
           "checkpoint", "fetch_all", "history", "is_postgres", "match_results", "migrations", "open_database",
           "read_rating", "read_results", "replayed", "run", "run_many", "scalar", "set_status", "write_actions",
           "write_result"]


def _conn(conn: Any) -> Conn:
    """A :class:`Conn`; a bare aiosqlite connection (SQLite's ``db.conn``) is wrapped."""
    if hasattr(conn, "dialect"):
        ours: Conn = conn  # a Conn already: only ours have a dialect
        return ours
    from bot.storage.sqlite import SqliteConn

    return SqliteConn(conn)


async def run(conn: Any, sql: str, params: Sequence[Any] = ()) -> int:
    """:meth:`Conn.run`: execute a statement, returns how many rows it changed."""
    return await _conn(conn).run(sql, params)


async def run_many(conn: Any, sql: str, rows: Iterable[Sequence[Any]]) -> None:
    await _conn(conn).run_many(sql, rows)


async def scalar(conn: Any, sql: str, params: Sequence[Any] = ()) -> Any:
    return await _conn(conn).scalar(sql, params)


async def fetch_all(conn: Any, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
    return await _conn(conn).fetch_all(sql, params)


# -- after the match: history, replays, exports ------------------------------------------

async def history(db: Database, guild_id: int, user_id: int, game: str | None = None, *, limit: int = 10,
                  offset: int = 0) -> tuple[list[dict[str, Any]], int]:
    """A member's finished matches in a server, newest first (:meth:`Database.history`)."""
    return await db.history(guild_id, user_id, game, limit=limit, offset=offset)


async def match_results(db: Database, table_id: str) -> list[dict[str, Any]]:
    """Every seat's result line of a finished match, by seat."""
    return await db.results(table_id)


async def checkpoint(db: Database) -> bool:
    """Erased data leaves SQLite's write-ahead log too (:meth:`Database.checkpoint`)."""
    return await db.checkpoint()
