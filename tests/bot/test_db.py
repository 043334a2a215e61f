"""Persistence on both backends (SQLite and PostgreSQL, see tests/conftest.py): migrations, one
transaction per write, results and ratings."""

from __future__ import annotations

import gc
import json
import threading
from pathlib import Path

import aiosqlite
import pytest

from bot.storage import Database, Rating, migrations, open_database

pytestmark = pytest.mark.backends


async def test_migrations_numbered_and_idempotent(db_path: Path | str) -> None:
    numbers = [n for n, _ in migrations()]
    assert numbers == list(range(1, len(numbers) + 1))
    db = await open_database(db_path)
    assert await db.version() == numbers[-1]
    await db.close()
    db = await open_database(db_path)  # reopening applies nothing twice
    assert await db.migrate() == numbers[-1]
    await db.close()


async def _table(db: Database) -> None:
    await db.create_table({"id": "t1", "guild_id": 1, "channel_id": 2, "game": "toy", "seats": 2,
                           "options": {"deals": 2}, "seed": "s", "status": "lobby", "host_id": 10},
                          [{"user_id": 10, "name": "alice"}])


async def test_table_lifecycle(db: Database) -> None:
    await _table(db)
    await db.save_lobby("t1", seats=[{"user_id": 10, "name": "alice"}, {"user_id": None, "name": "Computer 1"}],
                        options={"deals": 2}, host_id=10, status="playing", state={"log": []}, revision=0)
    await db.save_actions("t1", state={"log": ["play:7S"]}, revision=1, status="playing",
                          actions=[(1, 0, "play:7S", False)], seats=[(0, 0, False)])
    (row, seats), = await db.open_tables()
    assert row["revision"] == 1 and json.loads(row["state"]) == {"log": ["play:7S"]}
    assert [s["user_id"] for s in seats] == [10, None]
    assert [a["action"] for a in await db.actions("t1")] == ["play:7S"]


async def test_failed_write_leaves_nothing(db: Database) -> None:
    await _table(db)
    with pytest.raises(Exception, match=r"(?i)unique"):
        await db.save_actions("t1", state={"log": ["a", "b"]}, revision=2, status="playing",
                              actions=[(1, 0, "a", False), (1, 0, "b", False)])
    row = await db.table("t1")
    assert row is not None and row["revision"] == 0 and row["state"] is None
    assert await db.actions("t1") == []


async def test_results_ratings_and_settings(db: Database) -> None:
    await _table(db)
    await _results_and_settings(db)


async def _results_and_settings(db: Database) -> None:
    ratings = [Rating("u10", 10, "alice", 27.0, 7.0, 1, 1, 3.0), Rating("c:normal", None, "Computer", 23.0, 7.0, 1, 0, -3)]
    await db.record_result("t1", 1, "toy", "over", [
        {"seat": 0, "user_id": 10, "name": "alice", "score": 3, "place": 0},
        {"seat": 1, "user_id": None, "name": "Computer 1", "score": -3, "place": 1}], ratings)
    assert (await db.table("t1"))["status"] == "over"
    assert [r.name for r in await db.top(1, "toy")] == ["alice"]
    assert [r.player_key for r in await db.top(1, "toy", humans=False)] == ["c:normal"]
    assert [g for g, _ in await db.stats(1, 10)] == ["toy"]
    assert await db.guild_settings(1) == (None, None)
    await db.set_guild_settings(1, locale="en")
    await db.set_guild_settings(1, turn_timer=30)
    assert await db.guild_settings(1) == ("en", 30)


class _SpyCursor(aiosqlite.Cursor):
    """Records whether it was closed (through aiosqlite: on its database thread) before being freed."""

    events: list[str] = []

    async def close(self) -> None:
        await super().close()
        self.closed = True
        _SpyCursor.events.append("closed")

    def __del__(self) -> None:
        if not getattr(self, "closed", False):
            _SpyCursor.events.append(f"freed open on {threading.current_thread().name}")


@pytest.mark.sqlite_only
async def test_every_cursor_is_closed_on_the_database_thread(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A cursor freed on the event loop's thread resets its statement there, racing the database
    thread running the same cached statement (CI once failed a write with ``InterfaceError: bad
    parameter or other API misuse``): every statement runs on a database thread, where its cursor
    is closed, and no aiosqlite cursor is left to be freed open."""
    monkeypatch.setattr(aiosqlite.core, "Cursor", _SpyCursor)
    _SpyCursor.events.clear()
    db = await open_database(db_path)
    threads: list[str] = []
    for conn in (db.conn, db.reader):
        await conn.set_trace_callback(lambda _sql: threads.append(threading.current_thread().name))
    await test_table_lifecycle(db)
    await db.save_seats("t1", [(0, 1, True)])
    await db.set_status("t1", "playing")
    await db.set_message("t1", 5, None)
    await _results_and_settings(db)
    await db.checkpoint()
    await db.close()
    gc.collect()
    assert len(threads) > 20
    assert threading.current_thread().name not in threads
    assert [e for e in _SpyCursor.events if e != "closed"] == []
