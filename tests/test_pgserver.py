"""The throwaway PostgreSQL server the storage tests use really answers (tools/pgserver.py)."""

from __future__ import annotations

import asyncpg

from tools.pgserver import PostgresServer


async def test_server_answers_queries(postgres_server: PostgresServer) -> None:
    conn = await asyncpg.connect(postgres_server.dsn)
    try:
        assert await conn.fetchval("SELECT current_database()") == "tapis"
        assert (await conn.fetchval("SHOW server_version")).split(".")[0].isdigit()
    finally:
        await conn.close()
