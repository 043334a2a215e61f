"""Shared fixtures: a temporary SQLite database file, a throwaway PostgreSQL server."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.db import Database
from tools.pgserver import PostgresServer, PostgresUnavailable


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "tapis.sqlite3"


@pytest.fixture
async def db(db_path: Path) -> AsyncIterator[Database]:
    database = await Database.open(db_path)
    try:
        yield database
    finally:
        await database.close()


@pytest.fixture(autouse=True)
def strict_messages(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every message shown during a test must exist in the catalogues (see games.i18n.STRICT)."""
    from games import i18n

    monkeypatch.setattr(i18n, "STRICT", True)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One throwaway PostgreSQL server for the whole run (tools/pgserver.py); skipped when the machine
    has no PostgreSQL, except under CI=1 where that is a failure (.ci/run installs it)."""
    try:
        server = PostgresServer()
    except PostgresUnavailable as exc:
        if os.environ.get("CI"):
            raise
        pytest.skip(str(exc))
    with server:
        yield server
