"""The ratings' own rows beside the ``ratings`` table: each server's role advantages
and the version of the model that rated the stored ratings. Calls run on a transaction's
connection (:mod:`bot.storage.queries` style, ``?`` placeholders on both backends)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

SELECT_ROLES = "SELECT role, advantage, deals FROM rating_roles WHERE guild_id = ? AND game = ?"
UPSERT_ROLE = """INSERT INTO rating_roles (guild_id, game, role, advantage, deals) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (guild_id, game, role) DO UPDATE SET advantage = excluded.advantage, deals = excluded.deals"""
SELECT_VERSION = "SELECT version FROM rating_model WHERE id = 1"
UPSERT_VERSION = """INSERT INTO rating_model (id, version) VALUES (1, ?)
    ON CONFLICT (id) DO UPDATE SET version = excluded.version"""


async def read_advantages(conn: Any, guild_id: int, game: str) -> dict[str, tuple[float, int]]:
    """A server's learned role advantages of a game (``role@seats`` -> (advantage, deals)), read
    under the lock of its ratings (:func:`bot.storage.queries.read_rating`)."""
    await conn.lock(f"ratings:{guild_id}:{game}")
    return {r["role"]: (float(r["advantage"]), int(r["deals"]))
            for r in await conn.fetch_all(SELECT_ROLES, (guild_id, game))}


async def write_advantages(conn: Any, guild_id: int, game: str, found: Mapping[str, tuple[float, int]]) -> None:
    await conn.run_many(UPSERT_ROLE, [(guild_id, game, role, float(v), int(n)) for role, (v, n) in found.items()])


async def model_version(conn: Any) -> int:
    """The version of the model that rated the stored ratings (0: the first model)."""
    return int(await conn.scalar(SELECT_VERSION) or 0)


async def set_model_version(conn: Any, version: int) -> None:
    await conn.run(UPSERT_VERSION, (version,))
