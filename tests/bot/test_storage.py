"""One storage interface, two backends. The migrations agree; the end of a match updates
ratings exactly once even when two matches of a server end together; PostgreSQL runs transactions
concurrently on its pool; its URL never shows a password."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from bot.service import ratings
from bot.service.settings import Settings
from bot.service.tables import TableService
from bot.storage import Database, migrations, open_database
from bot.storage import queries as q
from bot.storage.postgres import redact, translate

pytestmark = pytest.mark.backends  # SQLite and PostgreSQL (tests/conftest.py)

SETTINGS = Settings(computer_pause=0, edit_interval=0, turn_timer=0, default_locale="en")
DISCORD_IDS = {"guild_id", "channel_id", "thread_id", "message_id", "host_id", "user_id"}


def test_both_dialects_ship_the_same_migration_numbers() -> None:
    assert [n for n, _ in migrations("sqlite")] == [n for n, _ in migrations("postgres")]


async def _columns(db: Database) -> dict[str, dict[str, str]]:
    """``{table: {column: declared type}}`` of the Tapis tables."""
    async with db.transaction() as conn:
        if conn.dialect == "sqlite":
            names = [r["name"] for r in await conn.fetch_all(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
            return {t: {c["name"]: c["type"].lower() for c in await conn.fetch_all(f"PRAGMA table_info({t})")}
                    for t in names}
        out: dict[str, dict[str, str]] = {}
        for r in await conn.fetch_all("""SELECT table_name, column_name, data_type FROM information_schema.columns
                                         WHERE table_schema = 'public' AND table_name <> 'tapis_schema'"""):
            out.setdefault(r["table_name"], {})[r["column_name"]] = r["data_type"]
        return out


@pytest.mark.sqlite_only  # opens both itself
async def test_both_dialects_make_the_same_tables_and_columns(tmp_path: Path, pg_url: str) -> None:
    lite = await open_database(tmp_path / "tapis.sqlite3")
    pg = await open_database(pg_url)
    try:
        assert await lite.version() == await pg.version() == len(migrations())
        lite_columns, pg_columns = await _columns(lite), await _columns(pg)
        assert {t: set(c) for t, c in lite_columns.items()} == {t: set(c) for t, c in pg_columns.items()}
        ids = {(t, c): kind for t, cols in pg_columns.items() for c, kind in cols.items() if c in DISCORD_IDS}
        assert ids and set(ids.values()) == {"bigint"}, "Discord ids need 64 bits"
        reals = {kind for t, cols in pg_columns.items() for c, kind in cols.items() if lite_columns[t][c] == "real"}
        assert reals == {"double precision"}, "SQLite's REAL is 8 bytes: so are PostgreSQL's"
    finally:
        await lite.close()
        await pg.close()


async def test_a_rating_read_for_an_update_is_locked_until_commit(db: Database) -> None:
    """Two transactions read-modify-write the same rating, the second reading while the first has not
    committed: the second waits for the first (PostgreSQL's advisory lock; SQLite's one writer), so
    both updates count."""
    async def one_more(pause: float) -> None:
        async with db.transaction() as conn:
            rating = await q.read_rating(conn, 1, "toy", "u7")
            matches = rating.matches if rating else 0
            await asyncio.sleep(pause)  # the other transaction reads now
            await conn.run(q.UPSERT_RATING, (1, "toy", "u7", 7, "u7", 25.0, 8.0, matches + 1, 0, 0.0))

    await asyncio.gather(one_more(0.3), one_more(0.0))
    rating = await db.rating(1, "toy", "u7")
    assert rating is not None and rating.matches == 2


async def _started(service: TableService, channel: int) -> Any:
    table = await service.create(guild_id=1, channel_id=channel, thread_id=None, host_id=1, host_name="u1",
                                 game="toy", seed=f"end{channel}")
    await service.join(table.id, 2, "u2")
    await service.start(table.id, 1)
    return table


async def _last_move(service: TableService, table: Any) -> tuple[int, str]:
    while True:
        seat = table.to_act()
        action = table.state.legal_actions(seat)[0]
        if table.state.apply(seat, action).to_act() is None:
            return table.seats[seat].user_id, str(action)
        await service.act(table.id, table.seats[seat].user_id, str(action))


async def test_two_matches_ending_together_update_ratings_once_each(db: Database,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Two tables of one server, the same two members: both last moves at once. Each match is
    counted once in each member's rating, whatever the interleaving of the two transactions (the
    rating computation is slowed so that both endings are under way together)."""
    real = ratings.rate_match

    def slow_rate_match(*args: Any) -> Any:
        time.sleep(0.2)
        return real(*args)

    monkeypatch.setattr(ratings, "rate_match", slow_rate_match)
    service = TableService(db, SETTINGS)
    tables = [await _started(service, channel) for channel in (900, 901)]
    lasts = [await _last_move(service, table) for table in tables]
    await asyncio.gather(*(service.act(t.id, user, action) for t, (user, action) in zip(tables, lasts, strict=True)))
    assert [t.status for t in tables] == ["over", "over"]
    for user in (1, 2):
        rating = await db.rating(1, "toy", f"u{user}")
        assert rating is not None and rating.matches == 2
    assert [len(await db.results(t.id)) for t in tables] == [2, 2]
    await service.close()


@pytest.mark.sqlite_only  # PostgreSQL only: its own database
async def test_postgres_runs_transactions_concurrently(pg_url: str) -> None:
    """A transaction left open (a slow write) does not hold up another table's: each runs on a
    connection of the pool; the one still open is not seen until it commits."""
    db = await open_database(pg_url)
    try:
        entered, release = asyncio.Event(), asyncio.Event()

        async def slow() -> None:
            async with db.transaction() as conn:
                await conn.run(q.UPSERT_GUILD, (1, "fr", None))
                entered.set()
                await release.wait()

        task = asyncio.create_task(slow())
        await entered.wait()
        await asyncio.wait_for(db.set_guild_settings(2, locale="en"), 5)  # commits while the other is open
        assert await db.guild_settings(2) == ("en", None) and await db.guild_settings(1) == (None, None)
        release.set()
        await task
        assert await db.guild_settings(1) == ("fr", None)
    finally:
        await db.close()


@pytest.mark.sqlite_only  # no database
def test_postgres_statements_and_urls() -> None:
    assert translate("UPDATE t SET a = ?, at = datetime('now') WHERE id = ? AND b IN (?)") == (
        "UPDATE t SET a = $1, at = to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') "
        "WHERE id = $2 AND b IN ($3)")
    assert redact("postgresql://tapis:s3cret@db.example:5433/tapis?password=s3cret") == (
        "postgresql://tapis@db.example:5433/tapis")
    assert redact("postgresql:///tapis") == "postgresql:///tapis"
