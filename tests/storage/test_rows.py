"""The storage modules that hold the statements the layers above once wrote themselves: the
factory picks the backend; local mode's leftovers cancelled; the shown parts written, read and
finished; the rows a recomputation of the ratings reads and rewrites."""

from __future__ import annotations

from typing import Any

import pytest

from bot.storage import Database, Rating, shown_parts
from bot.storage import queries as q
from bot.storage import ratings as rating_rows
from bot.storage.postgres import PostgresDatabase
from bot.storage.shown_parts import Part
from bot.storage.sqlite import SqliteDatabase

pytestmark = pytest.mark.backends  # SQLite and PostgreSQL (tests/conftest.py)


async def _table(db: Database, table_id: str, status: str, *, state: str | None = None) -> None:
    await db.create_table({"id": table_id, "guild_id": 1, "channel_id": 2, "game": "toy", "seats": 2, "seed": 7,
                           "status": status, "host_id": 10},
                          [{"user_id": 10, "name": "alice"}, {"user_id": 11, "name": "bob"}])
    if state is not None:
        await db.save_lobby(table_id, seats=[{"user_id": 10, "name": "alice"}, {"user_id": 11, "name": "bob"}],
                            options={}, host_id=10, status=status, state={"log": [], "v": 1}, revision=0)


async def test_the_factory_opens_the_backend_its_target_names(db: Database, backend: str) -> None:
    assert isinstance(db, SqliteDatabase if backend == "sqlite" else PostgresDatabase)


async def test_local_mode_cancels_the_tables_left_open(db: Database) -> None:
    for table_id, status in (("t1", "lobby"), ("t2", "playing"), ("t3", "over")):
        await _table(db, table_id, status)
    assert await db.cancel_open_tables() == 2
    statuses: dict[str, Any] = {t: (await db.table(t) or {}).get("status") for t in ("t1", "t2", "t3")}
    assert statuses == {"t1": "cancelled", "t2": "cancelled", "t3": "over"}
    assert await db.cancel_open_tables() == 0


async def test_shown_parts_are_written_read_and_finished(db: Database) -> None:
    await _table(db, "t1", "playing")
    await _table(db, "t2", "over")
    await shown_parts.record_many(db, [("t1", "table", "playing:3:x", 11), ("t1", "ping", "1:3", None),
                                       ("t2", "table", "over:9:y", 12)])
    await shown_parts.record(db, "t1", "table", "playing:4:x", 11)  # an upsert
    assert await shown_parts.of(db, "t1") == {"table": Part("playing:4:x", 11), "ping": Part("1:3", None)}
    parts, closed = await shown_parts.pending(db)
    assert closed == ["t2"] and parts["t2"] == {"table": Part("over:9:y", 12)}
    await shown_parts.finish(db, "t2")
    await shown_parts.forget(db, "t1", "ping")
    assert await shown_parts.of(db, "t2") == {"done": Part()}
    assert await shown_parts.of(db, "t1") == {"table": Part("playing:4:x", 11)}
    parts, closed = await shown_parts.pending(db)
    assert closed == [] and set(parts) == {"t1"}


async def test_the_last_action_of_each_seat(db: Database) -> None:
    await _table(db, "t1", "playing")
    async with db.transaction() as conn:
        await q.write_actions(conn, "t1", state=None, revision=3, status="playing",
                              actions=[(1, 0, "a", False), (2, 1, "b", False), (3, 0, "c", False)])
    assert await shown_parts.last_by_seat(db, ["t1", "t9"]) == {"t1": {0: 3, 1: 2}}
    assert await shown_parts.last_by_seat(db, []) == {}


async def test_what_recomputing_the_ratings_reads_and_rewrites(db: Database) -> None:
    await _table(db, "t1", "over", state="saved")
    await _table(db, "t2", "over")
    lines = [{"seat": s, "user_id": 10 + s, "name": n, "score": 1.0 - s, "place": s + 1, "rating_before": 0.0,
              "rating_after": 1.0} for s, n in enumerate(("alice", "bob"))]
    async with db.transaction() as conn:
        await q.write_result(conn, "t1", 1, "toy", "over", lines, [Rating("u10", 10, "alice", 25.0, 8.0, 1)])
        assert await rating_rows.rated_matches(conn) == [("t1", 1, "toy")]  # once, not once per line
        saved = await rating_rows.saved_match(conn, "t1")
        assert saved is not None and (saved.game, saved.snapshot, saved.later) == ("toy", {"log": [], "v": 1}, [])
        assert [s["name"] for s in saved.seats] == ["alice", "bob"]
        assert await rating_rows.saved_match(conn, "t2") is None  # no saved state
        assert await rating_rows.saved_match(conn, "t9") is None
        await rating_rows.rewrite_results(conn, "t1", [(20.0, 21.5, "a"), (19.0, 18.0, None)])
        await rating_rows.write_advantages(conn, 1, "toy", {"taker@2": (0.5, 3)})
        await rating_rows.replace_ratings(conn, {(1, "toy"): [Rating("u11", 11, "bob", 30.0, 5.0, 2)]})
        assert await rating_rows.read_advantages(conn, 1, "toy") == {}  # erased with the ratings
        await rating_rows.set_model_version(conn, 3)
        assert await rating_rows.model_version(conn) == 3
    results = await db.results("t1")
    assert [(r["rating_before"], r["rating_after"], r["rating_why"]) for r in results] == [
        (20.0, 21.5, "a"), (19.0, 18.0, None)]
    assert [(r.player_key, r.mu) for r in await db.top(1, "toy", limit=5)] == [("u11", 30.0)]
