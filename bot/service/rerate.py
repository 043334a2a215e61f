"""Recompute every stored rating from the saved matches when an older model rated them.

A data migration, run at start-up after the SQL migrations (:meth:`bot.service.endings.Endings.restore`,
before any match can end): when ``rating_model`` names an older version than
:data:`bot.service.ratings.VERSION`, every rated match of every server is replayed from its saved log, in
the order the matches ended, and rated afresh by :func:`bot.service.ratings.rate_match`; each result line's
rating before and after (and why it moved), the ``ratings`` rows and the roles' advantages are
rewritten, and the version recorded, all in one transaction: it runs once (a second start finds
the version current; two processes starting together take turns on a lock and the second finds it
done), and a failure leaves the old ratings as they were, to be recomputed at the next start.

A seat whose member erased their data (:mod:`bot.service.privacy`: no id, named "former player") is rated
as an anonymous player for that match alone, so the others' ratings stay as they were earned.
"""

from __future__ import annotations

import logging
from typing import Any

from bot.service import ratings
from bot.service.i18n import LOCALES, t
from bot.storage import Database, Rating
from bot.storage import ratings as rating_rows
from bot.storage.base import Conn, replayed
from games import GAMES
from games.errors import GameError

log = logging.getLogger("bot.service.rerate")

ANONYMOUS = "x:"


def _former_names() -> set[str]:
    return {t(locale, "former_player") for locale in LOCALES}


def seat_keys(table_id: str, seats: list[dict[str, Any]]) -> list[str]:
    """Each seat's player key as the match was rated (:func:`bot.service.ratings.player_key`), an anonymous
    key for an erased member's seat."""
    former = _former_names()
    keys = []
    for s in seats:
        if s["user_id"] is None and s.get("level") is None and s["name"] in former:
            keys.append(f"{ANONYMOUS}{table_id}:{s['seat']}")
        else:
            keys.append(ratings.player_key(s["user_id"], s.get("level") or "normal"))
    return keys


async def rerate(db: Database, *, force: bool = False) -> int:
    """Recompute the stored ratings when an older model rated them (or ``force``); returns how many
    matches were rated afresh (0 when the ratings were current)."""
    async with db.transaction() as conn:
        await conn.lock("rerate")
        if not force and await rating_rows.model_version(conn) >= ratings.VERSION:
            return 0
        matches = await rating_rows.rated_matches(conn)
        current: dict[tuple[int, str], dict[str, Rating]] = {}
        learned: dict[tuple[int, str], dict[str, tuple[float, int]]] = {}
        done = 0
        for table_id, guild_id, game_name in matches:
            await conn.lock(f"ratings:{guild_id}:{game_name}")
            group = (guild_id, game_name)
            found = await _rate(conn, table_id, current.setdefault(group, {}), learned.setdefault(group, {}))
            done += found
        await rating_rows.replace_ratings(conn, {
            group: [r for r in by_key.values() if not r.player_key.startswith(ANONYMOUS)]
            for group, by_key in current.items()})
        for (guild_id, game_name), advantages in learned.items():
            await rating_rows.write_advantages(conn, guild_id, game_name, advantages)
        await rating_rows.set_model_version(conn, ratings.VERSION)
    log.warning("ratings recomputed from %d saved match(es) (rating model %d)", done, ratings.VERSION)
    return done


async def _rate(conn: Conn, table_id: str, current: dict[str, Rating],
                learned: dict[str, tuple[float, int]]) -> int:
    """Rate one saved match afresh and rewrite its result lines; 1, or 0 when it cannot be replayed."""
    saved = await rating_rows.saved_match(conn, table_id)
    if saved is None or saved.game not in GAMES:
        log.error("match %s cannot be rated again: no saved state", table_id)
        return 0
    game = GAMES[saved.game]
    seats = saved.seats
    try:
        data = replayed(saved.snapshot, saved.later)
        outcome = game.load(data).outcome()
    except (GameError, ValueError) as exc:
        log.error("match %s cannot be rated again: %s", table_id, exc)
        return 0
    if outcome is None or len(seats) != int(data["seats"]):
        log.error("match %s cannot be rated again: not over", table_id)
        return 0
    keys = seat_keys(table_id, seats)
    names = [s["name"] for s in seats]
    rated = ratings.rate_match(game, data, outcome, keys, names, current, learned)
    current.update(rated.ratings)
    learned.update(rated.advantages)
    await rating_rows.rewrite_results(conn, table_id, [
        (round(ratings.value(rated.before[s]), 2), round(ratings.value(rated.ratings[keys[s]]), 2),
         rated.stored_why(s, keys[s])) for s in range(len(keys))])
    return 1
