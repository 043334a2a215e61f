"""Group commit: concurrent write blocks share one transaction and one COMMIT, each
block is acknowledged only after that COMMIT, and a failing block loses only its own writes."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot.storage import Database, fetch_all, open_database, run


async def _setup(db: Database) -> list[str]:
    async with db.transaction() as conn:
        await run(conn, "CREATE TABLE probe (k TEXT PRIMARY KEY)")
    seen: list[str] = []
    await db.conn.set_trace_callback(seen.append)
    return seen


def _count_round_trips(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that grows by one at each round trip to the SQLite thread (``SqliteConn._call``)."""
    from bot.storage.sqlite import SqliteConn

    calls: list[int] = []
    call = SqliteConn._call

    async def counted(self: SqliteConn, *args: object, **kwargs: object) -> object:
        calls.append(1)
        return await call(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(SqliteConn, "_call", counted)
    return calls


async def _keys(db: Database) -> list[str]:
    return [r["k"] for r in await fetch_all(db.conn, "SELECT k FROM probe ORDER BY k")]


async def test_concurrent_blocks_share_one_commit(db_path: Path) -> None:
    db = await open_database(db_path)
    seen = await _setup(db)
    acked: list[str] = []

    async def write(key: str) -> None:
        async with db.transaction() as conn:
            await run(conn, "INSERT INTO probe VALUES (?)", (key,))
            await asyncio.sleep(0)  # let the other blocks arrive meanwhile
        assert "COMMIT" in seen, "acknowledged before the COMMIT"
        acked.append(key)

    await asyncio.gather(*(write(f"k{i}") for i in range(10)))
    assert sorted(acked) == [f"k{i}" for i in range(10)]
    assert seen.count("COMMIT") < 10 and seen.count("BEGIN IMMEDIATE") == seen.count("COMMIT")
    await db.close()
    db = await open_database(db_path)  # durable: read back from the file
    assert await _keys(db) == sorted(acked)
    await db.close()


async def test_failing_block_loses_only_its_writes(db_path: Path) -> None:
    db = await open_database(db_path)
    seen = await _setup(db)

    async def write(key: str) -> None:
        async with db.transaction() as conn:
            await run(conn, "INSERT INTO probe VALUES (?)", (key,))
            await asyncio.sleep(0)
            if key == "bad":
                raise ValueError("refused")

    results = await asyncio.gather(write("a"), write("bad"), write("b"), return_exceptions=True)
    assert results[0] is None and isinstance(results[1], ValueError) and results[2] is None
    assert seen.count("COMMIT") == 1  # all three joined one group
    assert await _keys(db) == ["a", "b"]
    await db.close()


async def test_failed_commit_fails_every_block_of_the_group(db_path: Path) -> None:
    db = await open_database(db_path)
    await _setup(db)
    async with db.transaction() as conn:  # a deferred foreign key makes COMMIT itself fail
        await run(conn, "CREATE TABLE parent (id INTEGER PRIMARY KEY)")
        await run(conn, "CREATE TABLE child (p INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED)")

    async def write(sql: str, params: tuple[object, ...]) -> None:
        async with db.transaction() as conn:
            await run(conn, sql, params)
            await asyncio.sleep(0)

    results = await asyncio.gather(write("INSERT INTO probe VALUES (?)", ("a",)),
                                   write("INSERT INTO child VALUES (?)", (42,)), return_exceptions=True)
    assert all(isinstance(r, sqlite3.IntegrityError) for r in results), results
    assert await _keys(db) == []  # nothing of the group was kept
    await write("INSERT INTO probe VALUES (?)", ("b",))  # the writer is free again
    assert await _keys(db) == ["b"]
    await db.close()


async def test_sequential_blocks_commit_each(db_path: Path) -> None:
    db = await open_database(db_path)
    seen = await _setup(db)
    for key in "xyz":
        async with db.transaction() as conn:
            await run(conn, "INSERT INTO probe VALUES (?)", (key,))
    assert seen.count("COMMIT") == 3
    with pytest.raises(ValueError):
        async with db.transaction() as conn:
            await run(conn, "INSERT INTO probe VALUES (?)", ("w",))
            raise ValueError("no")
    assert await _keys(db) == ["x", "y", "z"]
    await db.close()


async def test_round_trips_per_block(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """BEGIN, SAVEPOINT and RELEASE go out with the next statement: a block writing with one batch
    costs one round trip to the database thread, its group one more (COMMIT, with the last RELEASE);
    a block failing before any statement costs none, and its group sends nothing at all."""
    db = await open_database(db_path)
    seen = await _setup(db)
    calls = _count_round_trips(monkeypatch)

    async def write(key: str) -> None:
        async with db.transaction() as conn:
            await conn.run_batch([("INSERT INTO probe VALUES (?)", [(key,)]), ("SELECT 1 WHERE 0", [])])

    await asyncio.gather(*(write(f"k{i}") for i in range(10)))
    assert seen.count("COMMIT") == 1 and len(calls) == 10 + 1
    calls.clear()
    await write("single")
    assert len(calls) == 2
    calls.clear()
    with pytest.raises(ValueError):
        async with db.transaction():
            raise ValueError("refused before writing")
    assert calls == [] and seen.count("COMMIT") == 2 and seen.count("BEGIN IMMEDIATE") == 2
    assert await _keys(db) == sorted([*(f"k{i}" for i in range(10)), "single"])
    await db.close()


async def test_held_writes_go_out_with_the_commit_of_a_lone_block(db_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A block's ``hold`` writes (a move's save): alone in its group, one round trip in all,
    its COMMIT included; with others in the group, they go out as the block ends, so a failing one
    still fails alone. A held write that fails, or a block failing after holding, keeps nothing of it
    and leaves the writer free."""
    db = await open_database(db_path)
    seen = await _setup(db)
    calls = _count_round_trips(monkeypatch)
    try:
        await _check_held_writes(db, seen, calls)
    finally:
        await db.close()  # also when a check fails: its thread would keep the test run alive


async def _check_held_writes(db: Database, seen: list[str], calls: list[int]) -> None:
    async def write(key: str, fail_after: bool = False) -> None:
        async with db.transaction() as conn:
            await conn.run_batch([("INSERT INTO probe VALUES (?)", [(key,)])], hold=True)
            await asyncio.sleep(0)  # let the other blocks arrive meanwhile
            if fail_after:
                raise ValueError("refused after writing")

    await write("alone")
    assert len(calls) == 1 and seen[-5:] == ["BEGIN IMMEDIATE", "SAVEPOINT unit", "INSERT INTO probe VALUES ('alone')",
                                             "RELEASE unit", "COMMIT"]
    calls.clear()
    with pytest.raises(sqlite3.IntegrityError):  # its write fails at the COMMIT's trip
        await write("alone")
    with pytest.raises(ValueError):
        await write("dropped", fail_after=True)
    results = await asyncio.gather(write("a"), write("alone"), write("gone", fail_after=True), write("b"),
                                   return_exceptions=True)
    assert results[0] is None and isinstance(results[1], sqlite3.IntegrityError), results
    assert isinstance(results[2], ValueError) and results[3] is None
    await write("after")
    assert await _keys(db) == ["a", "after", "alone", "b"]
