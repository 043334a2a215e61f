"""The ratings' own rows beside the ``ratings`` table (each server's role advantages, the version
of the model that rated the stored ratings) and what recomputing them all reads and rewrites
(:mod:`bot.service.rerate`). Calls run on a transaction's connection."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.storage.base import Conn, Rating
from bot.storage.queries import SELECT_ACTIONS_AFTER, SELECT_SEATS, SELECT_TABLE, UPSERT_RATING

SELECT_ROLES = "SELECT role, advantage, deals FROM rating_roles WHERE guild_id = ? AND game = ?"
UPSERT_ROLE = """INSERT INTO rating_roles (guild_id, game, role, advantage, deals) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (guild_id, game, role) DO UPDATE SET advantage = excluded.advantage, deals = excluded.deals"""
SELECT_VERSION = "SELECT version FROM rating_model WHERE id = 1"
UPSERT_VERSION = """INSERT INTO rating_model (id, version) VALUES (1, ?)
    ON CONFLICT (id) DO UPDATE SET version = excluded.version"""
# Ties on finished_at (one second) go to the line written first: SQLite's rowid, PostgreSQL's
# physical row order (ctid).
RATED_RESULTS = {dialect: f"""SELECT table_id, guild_id, game FROM results WHERE rating_before IS NOT NULL
    ORDER BY finished_at, {order}""" for dialect, order in (("sqlite", "rowid"), ("postgres", "ctid"))}
UPDATE_RESULT = """UPDATE results SET rating_before = ?, rating_after = ?, rating_why = ?
    WHERE table_id = ? AND seat = ?"""
CLEAR = ("DELETE FROM ratings", "DELETE FROM rating_roles")


async def read_advantages(conn: Conn, guild_id: int, game: str) -> dict[str, tuple[float, int]]:
    """A server's learned role advantages of a game (``role@seats`` -> (advantage, deals)), read
    under the lock of its ratings (:func:`bot.storage.queries.read_rating`)."""
    await conn.lock(f"ratings:{guild_id}:{game}")
    return {r["role"]: (float(r["advantage"]), int(r["deals"]))
            for r in await conn.fetch_all(SELECT_ROLES, (guild_id, game))}


async def write_advantages(conn: Conn, guild_id: int, game: str, found: Mapping[str, tuple[float, int]]) -> None:
    await conn.run_many(UPSERT_ROLE, [(guild_id, game, role, float(v), int(n)) for role, (v, n) in found.items()])


async def model_version(conn: Conn) -> int:
    """The version of the model that rated the stored ratings (0: the first model)."""
    return int(await conn.scalar(SELECT_VERSION) or 0)


async def set_model_version(conn: Conn, version: int) -> None:
    await conn.run(UPSERT_VERSION, (version,))


# -- recomputing every rating ----------------------------------------------------------------------

async def rated_matches(conn: Conn) -> list[tuple[str, int, str]]:
    """Each rated match once, ``(table id, guild id, game)``, in the order they ended."""
    seen: dict[str, tuple[str, int, str]] = {}
    for r in await conn.fetch_all(RATED_RESULTS[conn.dialect]):
        seen.setdefault(r["table_id"], (r["table_id"], r["guild_id"], r["game"]))
    return list(seen.values())


@dataclass(frozen=True)
class SavedMatch:
    """A match as saved: its game's name, its snapshot, the actions after it and its seats."""

    game: str
    snapshot: dict[str, Any]
    later: list[dict[str, Any]]
    seats: list[dict[str, Any]]


async def saved_match(conn: Conn, table_id: str) -> SavedMatch | None:
    """The saved match ``table_id`` (``None``: no such table or no saved state).

    :raises ValueError: its saved state is not JSON."""
    rows = await conn.fetch_all(SELECT_TABLE, (table_id,))
    if not rows or not rows[0]["state"]:
        return None
    snapshot = json.loads(rows[0]["state"])
    later = await conn.fetch_all(SELECT_ACTIONS_AFTER, (table_id, len(snapshot.get("log") or [])))
    return SavedMatch(rows[0]["game"], snapshot, later, await conn.fetch_all(SELECT_SEATS, (table_id,)))


async def rewrite_results(conn: Conn, table_id: str, lines: Sequence[tuple[float, float, str | None]]) -> None:
    """Each seat's result line's rating before, after and why it moved, by seat."""
    await conn.run_many(UPDATE_RESULT, [(before, after, why, table_id, seat)
                                        for seat, (before, after, why) in enumerate(lines)])


async def replace_ratings(conn: Conn, rated: Mapping[tuple[int, str], Iterable[Rating]]) -> None:
    """Every stored rating and role advantage erased, then the ratings ``rated`` by (guild id, game) written."""
    for sql in CLEAR:
        await conn.run(sql)
    for (guild_id, game), by_key in rated.items():
        await conn.run_many(UPSERT_RATING, [
            (guild_id, game, r.player_key, r.user_id, r.name, float(r.mu), float(r.sigma), r.matches, r.wins,
             float(r.points)) for r in by_key])
