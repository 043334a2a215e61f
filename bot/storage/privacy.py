"""The rows of a member or a server: the queries behind :mod:`bot.service.privacy`'s
export and erasure, and the servers the bot left.

A member's rows are ``seats`` (id and display name), the ``actions`` of those seats, ``results``
(id and name), ``ratings`` (key ``u<id>``, id and name) and ``game_tables.host_id``. Erasing a
member is one transaction: their ratings are deleted, their seats and result lines get the name
``former(guild_id)`` and no id, their host ids become 0.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.storage.base import Conn
    from bot.storage.database import Database

OPEN = "('lobby', 'playing')"

# -- a member ----------------------------------------------------------------------------------

MY_SEATS = """SELECT s.table_id, t.guild_id, t.game, t.status, t.created_at, s.seat, s.name,
    t.host_id = s.user_id AS host FROM seats s JOIN game_tables t ON t.id = s.table_id
    WHERE s.user_id = ? ORDER BY t.created_at, s.table_id"""
MY_ACTIONS = """SELECT a.table_id, a.rev, a.seat, a.action, a.by_computer, a.at FROM actions a
    JOIN seats s ON s.table_id = a.table_id AND s.seat = a.seat WHERE s.user_id = ? ORDER BY a.table_id, a.rev"""
MY_RESULTS = """SELECT table_id, guild_id, game, seat, name, score, place, rating_before, rating_after,
    finished_at FROM results WHERE user_id = ? ORDER BY finished_at, table_id"""
MY_RATINGS = """SELECT guild_id, game, player_key, name, mu, sigma, matches, wins, points FROM ratings
    WHERE user_id = ? OR player_key = ? ORDER BY guild_id, game"""
MY_HOSTED = "SELECT id AS table_id, guild_id, game, status, created_at FROM game_tables WHERE host_id = ?"
MY_CHALLENGE_DEALS = """SELECT guild_id, day, game, deal_no, seat, name, table_id, score, started_at, finished_at
    FROM challenge_deals WHERE user_id = ? ORDER BY guild_id, day, game, deal_no"""
MY_EVENTS = """SELECT e.id AS event_id, e.guild_id, e.name AS event, p.name, p.idx, p.left_round, p.registered
    FROM event_players p JOIN events e ON e.id = p.event_id WHERE p.user_id = ? ORDER BY e.created_at, e.id"""
MY_EVENT_RESULTS = """SELECT event_id, guild_id, name, score, rounds, deals, place, complete, finished_at
    FROM event_results WHERE user_id = ? ORDER BY finished_at, event_id"""
MY_ORGANISED = "SELECT id AS event_id, guild_id, name, game, status, created_at FROM events WHERE organiser_id = ?"
GROUPS_OF = "SELECT id, guild_id, game, seats, created_at FROM duplicate_groups WHERE seats LIKE ?"
MY_GUILDS = """SELECT t.guild_id FROM seats s JOIN game_tables t ON t.id = s.table_id WHERE s.user_id = ?
    UNION SELECT guild_id FROM results WHERE user_id = ?
    UNION SELECT guild_id FROM ratings WHERE user_id = ? OR player_key = ?
    UNION SELECT guild_id FROM game_tables WHERE host_id = ?
    UNION SELECT guild_id FROM challenge_deals WHERE user_id = ?
    UNION SELECT e.guild_id FROM event_players p JOIN events e ON e.id = p.event_id WHERE p.user_id = ?
    UNION SELECT guild_id FROM event_results WHERE user_id = ?"""
STILL_OPEN = f"""SELECT COUNT(*) FROM seats s JOIN game_tables t ON t.id = s.table_id
    WHERE s.user_id = ? AND t.status IN {OPEN}"""
FORGET_SEATS = """UPDATE seats SET user_id = NULL, name = ? WHERE user_id = ?
    AND table_id IN (SELECT id FROM game_tables WHERE guild_id = ?)"""
FORGET_RESULTS = "UPDATE results SET user_id = NULL, name = ? WHERE user_id = ? AND guild_id = ?"
FORGET_RATINGS = "DELETE FROM ratings WHERE user_id = ? OR player_key = ?"
FORGET_HOST = "UPDATE game_tables SET host_id = 0 WHERE host_id = ?"
# the club formats: the member's lines keep their place under an id of no one (``alias``, negative,
# drawn for this erasure; the challenge's: keyed by the server's deal secret, the same at every
# erasure), so the others' match points and rankings do not change
SELECT_SECRET = "SELECT secret FROM deal_secrets WHERE guild_id = ?"
FORGET_CHALLENGE = """UPDATE challenge_deals SET user_id = ?, name = ? WHERE user_id = ? AND guild_id = ?"""
FORGET_EVENT_PLAYERS = """UPDATE event_players SET user_id = ?, name = ? WHERE user_id = ?
    AND event_id IN (SELECT id FROM events WHERE guild_id = ?)"""
FORGET_EVENT_RESULTS = "UPDATE event_results SET user_id = ?, name = ? WHERE user_id = ? AND guild_id = ?"
FORGET_ORGANISER = "UPDATE events SET organiser_id = 0 WHERE organiser_id = ?"
FORGET_GROUP = "UPDATE duplicate_groups SET seats = ? WHERE id = ?"


class StillSeated(Exception):
    """The member still holds a seat at an open table: nothing was erased."""


async def member_rows(db: Database, user_id: int, key: str) -> dict[str, list[dict[str, Any]]]:
    """Every row about a member (``key``: their rating key), from one consistent snapshot."""
    async with db.transaction() as conn:
        await conn.snapshot()
        return {"seats": await conn.fetch_all(MY_SEATS, (user_id,)),
                "actions": await conn.fetch_all(MY_ACTIONS, (user_id,)),
                "results": await conn.fetch_all(MY_RESULTS, (user_id,)),
                "ratings": await conn.fetch_all(MY_RATINGS, (user_id, key)),
                "tables_opened": await conn.fetch_all(MY_HOSTED, (user_id,)),
                "challenge_deals": await conn.fetch_all(MY_CHALLENGE_DEALS, (user_id,)),
                "events": await conn.fetch_all(MY_EVENTS, (user_id,)),
                "event_results": await conn.fetch_all(MY_EVENT_RESULTS, (user_id,)),
                "events_organised": await conn.fetch_all(MY_ORGANISED, (user_id,)),
                "duplicate_groups": [{"group": g["id"], "guild_id": g["guild_id"], "game": g["game"],
                                      "created_at": g["created_at"],
                                      "seats": [[slot, seat, s[1]] for slot, seats in enumerate(json.loads(g["seats"]))
                                                for seat, s in enumerate(seats) if s is not None and s[0] == user_id]}
                                     for g in await _groups(conn, user_id)]}


async def _groups(conn: Conn, user_id: int) -> list[dict[str, Any]]:
    """The duplicate groups seating the member (their seats are JSON ``[[user id, name] | null]``)."""
    rows = await conn.fetch_all(GROUPS_OF, (f"%{user_id}%",))
    return [g for g in rows if any(s is not None and s[0] == user_id for slot in json.loads(g["seats"]) for s in slot)]


async def erase_member(db: Database, user_id: int, key: str, former: Callable[[int], str],
                       keyed: Callable[[bytes, int], int] | None = None) -> int:
    """Erase a member in one transaction (``former``: the name their lines take in a server;
    ``keyed``: the id their challenge lines keep, from the server's deal secret and their id, so
    they are never dealt a deal twice); returns how many rows changed. :raises StillSeated: seated
    at an open table."""
    changed = 0
    alias = _alias(user_id)  # their lines in the club formats: nobody's id
    async with db.transaction() as conn:
        if await conn.scalar(STILL_OPEN, (user_id,)):
            raise StillSeated(user_id)
        guilds = [r["guild_id"] for r in await conn.fetch_all(
            MY_GUILDS, (user_id, user_id, user_id, key, user_id, user_id, user_id, user_id))]
        for guild_id in guilds:
            name = former(guild_id)
            changed += await _count(conn, FORGET_SEATS, (name, user_id, guild_id))
            changed += await _count(conn, FORGET_RESULTS, (name, user_id, guild_id))
            secret = await conn.scalar(SELECT_SECRET, (guild_id,)) if keyed is not None else None
            pseudonym = alias if keyed is None or secret is None else keyed(bytes.fromhex(str(secret)), user_id)
            changed += await _count(conn, FORGET_CHALLENGE, (pseudonym, name, user_id, guild_id))
            for sql in (FORGET_EVENT_PLAYERS, FORGET_EVENT_RESULTS):
                changed += await _count(conn, sql, (alias, name, user_id, guild_id))
        for group in await _groups(conn, user_id):
            name = former(int(group["guild_id"]))
            seats = [[None if s is None else [alias, name] if s[0] == user_id else s for s in slot]
                     for slot in json.loads(group["seats"])]
            changed += await _count(conn, FORGET_GROUP, (json.dumps(seats), group["id"]))
        changed += await _count(conn, FORGET_RATINGS, (user_id, key))
        changed += await _count(conn, FORGET_HOST, (user_id,))
        changed += await _count(conn, FORGET_ORGANISER, (user_id,))
    return changed


def _alias(user_id: int) -> int:
    """A negative id of nobody, drawn at random, whose digits do not spell the erased member's id."""
    while True:
        alias = -1 - secrets.randbelow(2**62)
        if str(user_id) not in str(alias):
            return alias


# -- a server ----------------------------------------------------------------------------------

GUILD_COUNTS = {
    "tables": "SELECT COUNT(*) FROM game_tables WHERE guild_id = ?",
    "members": """SELECT COUNT(DISTINCT s.user_id) FROM seats s JOIN game_tables t ON t.id = s.table_id
        WHERE t.guild_id = ? AND s.user_id IS NOT NULL""",
    "actions": "SELECT COUNT(*) FROM actions WHERE table_id IN (SELECT id FROM game_tables WHERE guild_id = ?)",
    "results": "SELECT COUNT(*) FROM results WHERE guild_id = ?",
    "ratings": "SELECT COUNT(*) FROM ratings WHERE guild_id = ?",
    "settings": "SELECT COUNT(*) FROM guild_settings WHERE guild_id = ?",
}
GUILD_TABLES = "(SELECT id FROM game_tables WHERE guild_id = ?)"
GUILD_EVENTS = "(SELECT id FROM events WHERE guild_id = ?)"
FORGET_GUILD = (
    f"DELETE FROM actions WHERE table_id IN {GUILD_TABLES}",
    f"DELETE FROM seats WHERE table_id IN {GUILD_TABLES}",
    f"DELETE FROM shown_parts WHERE table_id IN {GUILD_TABLES}",
    f"DELETE FROM deal_reviews WHERE table_id IN {GUILD_TABLES}",
    f"DELETE FROM review_progress WHERE table_id IN {GUILD_TABLES}",
    "DELETE FROM game_tables WHERE guild_id = ?",
    "DELETE FROM results WHERE guild_id = ?",
    "DELETE FROM ratings WHERE guild_id = ?",
    "DELETE FROM rating_roles WHERE guild_id = ?",  # its roles' learned advantages
    "DELETE FROM guild_settings WHERE guild_id = ?",
    # the club formats (the daily challenge, duplicate groups, club nights, seasons) and the deal secret
    "DELETE FROM challenge_settings WHERE guild_id = ?",
    "DELETE FROM challenge_deals WHERE guild_id = ?",
    "DELETE FROM duplicate_tables WHERE group_id IN (SELECT id FROM duplicate_groups WHERE guild_id = ?)",
    "DELETE FROM duplicate_groups WHERE guild_id = ?",
    f"DELETE FROM event_players WHERE event_id IN {GUILD_EVENTS}",
    f"DELETE FROM event_tables WHERE event_id IN {GUILD_EVENTS}",
    f"DELETE FROM event_results WHERE event_id IN {GUILD_EVENTS} OR guild_id = ?",
    "DELETE FROM events WHERE guild_id = ?",
    "DELETE FROM season_events WHERE season_id IN (SELECT id FROM seasons WHERE guild_id = ?)",
    "DELETE FROM seasons WHERE guild_id = ?",
    "DELETE FROM event_settings WHERE guild_id = ?",
    "DELETE FROM deal_secrets WHERE guild_id = ?",
    "DELETE FROM guild_departures WHERE guild_id = ?",
)
DEPARTURES = "SELECT guild_id, left_at FROM guild_departures"
DEPARTED = "INSERT INTO guild_departures (guild_id, left_at) VALUES (?, ?) ON CONFLICT DO NOTHING"
BACK = "DELETE FROM guild_departures WHERE guild_id = ?"
LEFT_BEFORE = "SELECT guild_id FROM guild_departures WHERE left_at <= ? ORDER BY guild_id"


async def guild_counts(db: Database, guild_id: int) -> dict[str, int]:
    """How many rows Tapis holds for a server, by kind."""
    async with db.transaction() as conn:
        await conn.snapshot()
        return {kind: int(await conn.scalar(sql, (guild_id,)) or 0) for kind, sql in GUILD_COUNTS.items()}


async def erase_guild(db: Database, guild_id: int) -> int:
    """Delete every row of a server in one transaction; returns how many."""
    deleted = 0
    async with db.transaction() as conn:
        for sql in FORGET_GUILD:
            deleted += await _count(conn, sql, (guild_id,) * sql.count("?"))
    return deleted


async def departures(db: Database) -> dict[int, float]:
    """When the bot left each server it left (and was not invited back to)."""
    async with db.transaction() as conn:
        rows = await conn.fetch_all(DEPARTURES)
    return {row["guild_id"]: row["left_at"] for row in rows}


async def departed(db: Database, guild_id: int, at: float) -> None:
    """The bot left a server at ``at`` (the first departure is kept)."""
    async with db.transaction() as conn:
        await conn.run(DEPARTED, (guild_id, float(at)))


async def back(db: Database, guild_id: int) -> None:
    """The bot is in the server again."""
    async with db.transaction() as conn:
        await conn.run(BACK, (guild_id,))


async def left_before(db: Database, when: float) -> list[int]:
    """The servers the bot left at ``when`` or earlier."""
    async with db.transaction() as conn:
        rows = await conn.fetch_all(LEFT_BEFORE, (float(when),))
    return [row["guild_id"] for row in rows]


async def _count(conn: Conn, sql: str, params: tuple[Any, ...]) -> int:
    return await conn.run(sql, params)
