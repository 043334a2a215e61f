"""Shared fixtures: a temporary SQLite database file."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.db import Database


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
