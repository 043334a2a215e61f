"""Opening the bot's database: :func:`open_database` picks the backend from its target, an SQLite
file or a ``postgresql://`` URL. The factory lives apart from :mod:`bot.storage.database` (the API
both backends share) so that the backends import the API and nothing imports them back."""

from __future__ import annotations

from pathlib import Path

from bot.storage.base import is_postgres
from bot.storage.database import Database
from bot.storage.postgres import PostgresDatabase
from bot.storage.sqlite import SqliteDatabase


async def open_database(target: str | Path, *, synchronous: str = "FULL") -> Database:
    """Connect to and migrate an SQLite file (``:memory:`` allowed) or a ``postgresql://`` URL.

    :raises StartupError: one line naming the database (never its password) and the cause;
        nothing is left open. ``synchronous`` is SQLite's (PostgreSQL runs
        ``synchronous_commit = on``)."""
    if is_postgres(target):
        return await PostgresDatabase.connect(str(target))
    return await SqliteDatabase.connect(target, synchronous=synchronous)
