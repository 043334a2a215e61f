"""The composition root (bot/app.py): every part built once and wired in one place; the table
changes told in a fixed order (the presenter first); torn down in reverse."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot import app
from bot.service.bus import TableBus
from bot.service.settings import Settings
from bot.storage import open_database


async def test_the_listeners_are_told_in_the_root_s_order(settings: Settings, db_path: Any) -> None:
    db = await open_database(db_path)
    try:
        bot = app.build(settings, db)
        told = bot.service.bus._listeners
        assert told == [bot.presenter, bot.challenges, bot.duplicates, bot.events]
        assert bot.service.serves == bot.serving.serves and bot.metrics is bot.service.metrics
        assert bot.events.bus._places is bot.board and bot.events.bus._listeners == [bot.board]
        other = app.build(settings, db)  # a second bot shares nothing with the first
        assert other.service.memo is not bot.service.memo and other.service.bus is not bot.service.bus
        await bot.service.close()
        await other.service.close()
    finally:
        await db.close()


def test_a_listener_subscribes_once() -> None:
    class Seen:
        def __init__(self) -> None:
            self.tables: list[Any] = []

        def table_changed(self, table: Any) -> None:
            self.tables.append(table)

    bus, first, then = TableBus(), Seen(), Seen()
    bus.subscribe(first)
    bus.subscribe(then)
    with pytest.raises(ValueError):
        bus.subscribe(first)
    bus.publish("t")  # type: ignore[arg-type]
    assert first.tables == then.tables == ["t"]


async def test_running_closes_the_bot_then_the_database(settings: Settings, tmp_path: Path) -> None:
    async with app.running(settings, tmp_path / "app.sqlite3") as bot:
        db = bot.db
        assert await db.table("nope") is None
    with pytest.raises(ValueError, match="no active connection"):  # aiosqlite, once closed
        await db.table("nope")
