"""The bot owns its shards on PostgreSQL: ``TapisBot.own_shards`` (from ``setup_hook``,
before anything is restored) takes their advisory locks; a shard served by another process stops
the start; losing the lock connection closes the bot. (Driven without simcord: the lease's
heartbeat is real time, which simcord's virtual clock would wait on.)"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.app import build
from bot.infra.shards import ShardLease, ShardSet, ShardTaken
from bot.service.settings import Settings
from bot.storage import open_database
from tests.bot.test_shard_lease import owners
from tools.pgserver import PostgresServer


def pg_settings(server: PostgresServer, tmp_path: Path) -> Settings:
    return Settings(token="not.a.token", database_path=tmp_path / "bot.sqlite3", default_locale="en", computer_pause=0,
                    edit_interval=0, turn_timer=0, database_url=server.dsn, shard_count=2)


async def test_the_bot_owns_its_shards_and_stops_when_it_loses_them(postgres_server: PostgresServer,
                                                                    tmp_path: Path) -> None:
    db = await open_database(tmp_path / "bot.sqlite3")
    bot = build(pg_settings(postgres_server, tmp_path), db)
    await bot._async_setup_hook()  # what login() does before setup_hook, without Discord
    try:
        assert await bot.own_shards() == ShardSet.of(2) and bot.lease is not None
        assert bot.service.serves == bot.serving.serves and bot.served == ShardSet.of(2)
        held = await owners(postgres_server.dsn)
        assert set(held) == {0, 1}
        admin = await ShardLease.acquire(postgres_server.dsn, [5])  # a connection that can end another
        await admin.conn.fetchval("SELECT pg_terminate_backend($1)", held[0])
        await admin.release()
        for _ in range(200):
            if bot.is_closed():
                break
            await asyncio.sleep(0.05)
        assert bot.is_closed() and bot.stopped_by is not None
        assert bot.stopped_by.startswith("the PostgreSQL connection owning shards 0, 1 was lost (")
    finally:
        await bot.close()
        await db.close()
    assert await owners(postgres_server.dsn) == {}


async def test_a_shard_served_elsewhere_stops_the_start(postgres_server: PostgresServer, tmp_path: Path) -> None:
    elsewhere = await ShardLease.acquire(postgres_server.dsn, [1])
    db = await open_database(tmp_path / "bot.sqlite3")
    bot = build(pg_settings(postgres_server, tmp_path), db)
    await bot._async_setup_hook()
    try:
        with pytest.raises(ShardTaken, match=r"^shard 1 is served by another process$"):
            await bot.own_shards()
        assert bot.lease is None
        assert set(await owners(postgres_server.dsn)) == {1}, "the refused bot keeps no shard"
    finally:
        await bot.close()
        await db.close()
        await elsewhere.release()


@pytest.mark.parametrize("change", [{"local": True}, {"token": None}])
async def test_no_lock_without_discord(postgres_server: PostgresServer, tmp_path: Path, change: dict) -> None:
    """The local mode (a demo on its own database) and a bot without a token (the simulated Discord
    of the tests) connect to no Discord: they own no shards."""
    db = await open_database(tmp_path / "bot.sqlite3")
    bot = build(pg_settings(postgres_server, tmp_path).with_(**change), db)
    await bot._async_setup_hook()
    try:
        await bot.own_shards()
        assert bot.lease is None and await owners(postgres_server.dsn) == {}
    finally:
        await bot.close()
        await db.close()
