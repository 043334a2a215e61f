"""The stored ratings are recomputed from the saved matches by a start-up step, on both
backends; the result equals rating the matches afresh, as they ended; a second run changes nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.service import ratings
from bot.service.rerate import rerate
from bot.service.settings import Settings
from bot.service.tables import TableService
from bot.storage import Database
from bot.storage import ratings as rating_rows
from tests.bot.test_ratings_model import played

pytestmark = pytest.mark.backends  # SQLite and PostgreSQL (tests/conftest.py)

SETTINGS = Settings(computer_pause=0, edit_interval=0, turn_timer=0, default_locale="en")
# (members' ids by seat, None = a computer at that level); member 5 erases their data afterwards
SEATINGS = [([1, 2, 3, None], "expert"), ([3, 1, None, 2], "normal"), ([2, 5, 1, 4], None)]
ERASE = ["UPDATE seats SET user_id = NULL, name = 'Former player' WHERE user_id = 5",
         "UPDATE results SET user_id = NULL, name = 'Former player' WHERE user_id = 5",
         "DELETE FROM ratings WHERE player_key = 'u5'"]


async def _saved_over_matches(db: Database) -> None:
    """Three two-deal Tarot matches saved as if the process had died right after their last move."""
    for n, (users, level) in enumerate(SEATINGS):
        state = played("tarot", 4, f"rerate:{n}", {"deals": 2})
        table_id = f"t{n + 1}"
        seats = [{"user_id": u, "name": f"u{u}" if u else "Computer", "level": None if u else level}
                 for u in users]
        await db.create_table({"id": table_id, "guild_id": 1, "channel_id": 100 + n, "game": "tarot", "seats": 4,
                               "options": {"deals": 2}, "seed": state.seed, "status": "playing", "host_id": 1},
                              seats)
        await db.save_actions(table_id, state=state.to_json(), revision=state.rev, status="playing", actions=[])


async def _stored(db: Database) -> tuple[list[Any], list[Any], dict[str, Any]]:
    async with db.transaction() as conn:
        rows = await conn.fetch_all("SELECT * FROM ratings ORDER BY player_key")
        results = await conn.fetch_all("""SELECT table_id, seat, rating_before, rating_after, rating_why
                                          FROM results ORDER BY table_id, seat""")
        roles = await rating_rows.read_advantages(conn, 1, "tarot")
    for r in results:
        r["rating_why"] = json.loads(r["rating_why"]) if r["rating_why"] else None
    return rows, results, roles


async def test_recomputed_ratings_equal_the_matches_rated_afresh(db: Database) -> None:
    await _saved_over_matches(db)
    service = TableService(db, SETTINGS)
    await service.endings.restore()  # the start-up step finds nothing to do, then each match is finished, rated live
    await service.close()
    async with db.transaction() as conn:  # as bot.service.privacy erases a member: their seat is anonymous
        for sql in ERASE:
            await conn.run(sql)
    fresh = await _stored(db)
    ratings_rows, results, roles = fresh
    assert len(results) == 12 and all(r["rating_why"] for r in results)
    assert {r["player_key"] for r in ratings_rows} == {"u1", "u2", "u3", "u4", "c:expert", "c:normal"}
    assert roles, "the taker's advantage is learned"

    async with db.transaction() as conn:  # as a database rated by the old model would be
        await rating_rows.set_model_version(conn, 1)
        await conn.run("UPDATE ratings SET mu = 40, sigma = 1")
        await conn.run("UPDATE results SET rating_before = 0, rating_after = 0, rating_why = NULL")
        await conn.run("DELETE FROM rating_roles")
    assert await _stored(db) != fresh

    assert await rerate(db) == 3
    again = await _stored(db)
    assert again[1] == fresh[1], "each result line: rating before, after and why, as rated afresh"
    assert {k: (pytest.approx(v), n) for k, (v, n) in again[2].items()} == fresh[2], "the roles' advantages"
    for old, new in zip(fresh[0], again[0], strict=True):
        assert new == {**old, "mu": pytest.approx(old["mu"]), "sigma": pytest.approx(old["sigma"])}
    assert await rerate(db) == 0, "it runs once"
    assert await _stored(db) == again
    async with db.transaction() as conn:
        assert await rating_rows.model_version(conn) == ratings.VERSION
