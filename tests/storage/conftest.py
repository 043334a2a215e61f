"""Storage tests run on both backends (tests/conftest.py): ``db`` is a fresh database of each."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.storage import Database, open_database


@pytest.fixture
async def db(db_path: Any) -> AsyncIterator[Database]:
    opened = await open_database(db_path)
    try:
        yield opened
    finally:
        await opened.close()
