"""Shared fixtures: a temporary database (an SQLite file, or a fresh database on a throwaway PostgreSQL
server), the server itself.

Storage backends: a module marked ``pytestmark = pytest.mark.backends`` runs its tests that
use ``backend`` (directly or through ``db_path``, ``db``, the bot fixtures) once on SQLite and once on
PostgreSQL; a test of such a module marked ``@pytest.mark.sqlite_only`` (PRAGMA, WAL, the file itself)
runs on SQLite only. Every other test runs on SQLite.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from bot.storage import Database, open_database
from tools.pgserver import PostgresServer, PostgresUnavailable, execute

BACKENDS = ("sqlite", "postgres")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "backends: run the module's database tests on SQLite and PostgreSQL")
    config.addinivalue_line("markers", "sqlite_only: an SQLite-specific test (PRAGMA, WAL, the file) in a "
                                       "module marked backends")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" not in metafunc.fixturenames:
        return
    both = (metafunc.definition.get_closest_marker("backends") is not None
            and metafunc.definition.get_closest_marker("sqlite_only") is None)
    metafunc.parametrize("backend", BACKENDS if both else BACKENDS[:1], indirect=True)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    """``"sqlite"`` or ``"postgres"`` (see the module)."""
    return str(getattr(request, "param", "sqlite"))


@pytest.fixture
def db_path(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Any]:
    """Where the test's database lives: an SQLite file, or on PostgreSQL the URL of a database created
    for this test alone (dropped afterwards). ``open_database`` takes either."""
    if backend == "sqlite":
        yield tmp_path / "tapis.sqlite3"
        return
    with fresh_database(request.getfixturevalue("postgres_server")) as url:
        yield url


@contextmanager
def fresh_database(server: PostgresServer) -> Iterator[str]:
    """The URL of a new, empty database on ``server``, dropped afterwards."""
    name = f"t_{uuid.uuid4().hex[:16]}"
    execute(server.dsn, f"CREATE DATABASE {name}")
    try:
        yield server.dsn.rsplit("/", 1)[0] + f"/{name}"
    finally:
        execute(server.dsn, f"DROP DATABASE {name} WITH (FORCE)")


@pytest.fixture
def pg_url(postgres_server: PostgresServer) -> Iterator[str]:
    """A fresh PostgreSQL database for a test that uses both backends at once."""
    with fresh_database(postgres_server) as url:
        yield url


@pytest.fixture
async def db(db_path: Any) -> AsyncIterator[Database]:
    database = await open_database(db_path)
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
