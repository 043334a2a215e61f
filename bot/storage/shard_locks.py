"""The PostgreSQL advisory locks that own shards (:class:`bot.infra.shards.ShardLease`): one
session-level lock per shard, ``(TAPIS_KEY, shard id)``, on the lease's own asyncpg connection."""

from __future__ import annotations

from typing import Any

#: the first key of Tapis's advisory locks (``'Tapi'`` in ASCII), the second being the shard id
TAPIS_KEY = 0x54617069
TRY_LOCK = "SELECT pg_try_advisory_lock($1, $2)"
HELD = ("SELECT objid::int AS shard FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid() "
        "AND classid::bigint = $1 AND objsubid = 2 AND granted")


async def try_lock(conn: Any, shard: int) -> bool:
    """Take ``shard``'s lock on the asyncpg connection ``conn`` unless another session holds it."""
    return bool(await conn.fetchval(TRY_LOCK, TAPIS_KEY, shard))


async def held(conn: Any) -> tuple[int, ...]:
    """The shards whose lock ``conn`` holds now (asked to PostgreSQL)."""
    rows = await conn.fetch(HELD, TAPIS_KEY)
    return tuple(sorted(row["shard"] for row in rows))
