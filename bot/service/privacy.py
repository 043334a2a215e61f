"""Members' data (issue 20): what Tapis keeps about a member or a server, its export, its erasure.

A member's rows are ``seats`` (id and display name), the ``actions`` of those seats, ``results``
(id and name), ``ratings`` (key ``u<id>``, id and name) and ``game_tables.host_id``; abort votes
live in memory only. Erasing a member is one transaction: their ratings are deleted, their seats
and result lines become "Former player" with no id (the action log is kept, so past matches stay
replayable and everyone else's results and ratings are untouched), their host ids become 0. Every
SQLite connection runs with ``secure_delete`` on (:mod:`bot.storage.sqlite`), so what the erasure
and the earlier seat rewrites (a lobby's join and leave, :func:`vacate`) freed is zeroed; the
erasure is followed by a WAL checkpoint, so the old bytes leave the file. PostgreSQL has no such
setting: deleted rows stay in their pages until vacuumed and overwritten (its own autovacuum).

A member seated at an open table is moved out first (:func:`vacate`): they leave a lobby (a lobby
they host is cancelled) and a computer takes their seat in a match in play (a match left with no
member is cancelled). A server's data goes with ``/privacy server`` or, when the bot was removed
from the server, ``Settings.guild_retention`` later (:func:`purge_departed`, from the housekeeping).
"""

from __future__ import annotations

import datetime as dt
import gzip
import json
import logging
from typing import TYPE_CHECKING, Any

from bot import storage as dbm
from bot.service import records
from bot.service.i18n import t
from bot.service.ratings import player_key
from bot.service.table import BotError, SeatInfo, Table
from bot.storage.base import Conn

if TYPE_CHECKING:
    from bot.service.tables import TableService

log = logging.getLogger(__name__)
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
MY_GUILDS = """SELECT t.guild_id FROM seats s JOIN game_tables t ON t.id = s.table_id WHERE s.user_id = ?
    UNION SELECT guild_id FROM results WHERE user_id = ?
    UNION SELECT guild_id FROM ratings WHERE user_id = ? OR player_key = ?
    UNION SELECT guild_id FROM game_tables WHERE host_id = ?"""
STILL_OPEN = f"""SELECT COUNT(*) FROM seats s JOIN game_tables t ON t.id = s.table_id
    WHERE s.user_id = ? AND t.status IN {OPEN}"""
FORGET_SEATS = """UPDATE seats SET user_id = NULL, name = ? WHERE user_id = ?
    AND table_id IN (SELECT id FROM game_tables WHERE guild_id = ?)"""
FORGET_RESULTS = "UPDATE results SET user_id = NULL, name = ? WHERE user_id = ? AND guild_id = ?"
FORGET_RATINGS = "DELETE FROM ratings WHERE user_id = ? OR player_key = ?"
FORGET_HOST = "UPDATE game_tables SET host_id = 0 WHERE host_id = ?"


async def member_export(db: dbm.Database, user_id: int) -> dict[str, Any]:
    """Everything stored about a member, in every server: seats, the actions of those seats,
    results, ratings and the tables they opened (the ``/privacy`` export file)."""
    async with db.transaction() as conn:
        await conn.snapshot()  # one consistent view
        out: dict[str, Any] = {"user_id": user_id, "exported_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds")}
        out["seats"] = await conn.fetch_all(MY_SEATS, (user_id,))
        out["actions"] = await conn.fetch_all(MY_ACTIONS, (user_id,))
        out["results"] = await conn.fetch_all(MY_RESULTS, (user_id,))
        out["ratings"] = await conn.fetch_all(MY_RATINGS, (user_id, player_key(user_id)))
        out["tables_opened"] = await conn.fetch_all(MY_HOSTED, (user_id,))
    for seat in out["seats"]:
        seat["host"] = bool(seat["host"])
    return out


#: Discord refuses a bot's upload over 10 MiB; each file of an export stays under this (with room
#: for the request's other parts)
UPLOAD_LIMIT = 10 * 1024 * 1024 - 64 * 1024


def export_files(data: dict[str, Any], stem: str, limit: int = UPLOAD_LIMIT) -> list[tuple[str, bytes]]:
    """The export as files ``(name, bytes)``, each at most ``limit`` bytes: one ``<stem>.json`` when
    it fits; else gzip-compressed, ``<stem>.json.gz`` (a member with 80,000 moves: about 12 MiB of
    JSON, 1 MiB compressed); else its actions split over parts ``<stem>-<i>-of-<n>.json.gz``, each
    a JSON document of its own (the first holds everything else too), so nothing is ever cut."""
    raw = _dumps(data)
    if len(raw) <= limit:
        return [(f"{stem}.json", raw)]
    packed = _gzip(raw)
    if len(packed) <= limit:
        return [(f"{stem}.json.gz", packed)]
    actions = data.get("actions") or []
    parts = max(2, -(-len(packed) * 5 // (limit * 4)))  # aim at 80% of the limit each
    while True:
        size = -(-len(actions) // parts) or 1
        chunks = [actions[i:i + size] for i in range(0, len(actions), size)] or [[]]
        rest = {k: v for k, v in data.items() if k != "actions"}
        docs = [{**(rest if i == 0 else {"user_id": data.get("user_id"), "exported_at": data.get("exported_at")}),
                 "part": i + 1, "parts": len(chunks), "actions": chunk} for i, chunk in enumerate(chunks)]
        files = [(f"{stem}-{i + 1}-of-{len(docs)}.json.gz", _gzip(_dumps(doc))) for i, doc in enumerate(docs)]
        if all(len(b) <= limit for _, b in files) or size == 1:
            return files
        parts *= 2


def _dumps(data: dict[str, Any]) -> bytes:
    return json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8")


def _gzip(raw: bytes) -> bytes:
    return gzip.compress(raw, compresslevel=6, mtime=0)


def member_summary(data: dict[str, Any], guild_id: int) -> dict[str, int]:
    """Counts of a member's rows in one server (and ``elsewhere``: their seats in other servers)."""
    here = {row["table_id"] for row in data["seats"] if row["guild_id"] == guild_id}
    return {"tables": len(here),
            "actions": sum(1 for a in data["actions"] if a["table_id"] in here and not a["by_computer"]),
            "results": sum(1 for r in data["results"] if r["guild_id"] == guild_id),
            "ratings": sum(1 for r in data["ratings"] if r["guild_id"] == guild_id),
            "elsewhere": len({row["table_id"] for row in data["seats"]} - here)}


def open_seats(service: TableService, user_id: int) -> list[Table]:
    """The open tables (every server) where the member is seated or host."""
    return [table for table in list(service.tables.values())
            if table.open and (table.seated(user_id) or table.host_id == user_id)]


async def vacate(service: TableService, user_id: int) -> list[str]:
    """Move the member out of every open table: they leave a lobby (one they host is cancelled);
    in a match in play a computer takes their seat (a match left with no member is cancelled)."""
    moved = []
    for table in open_seats(service, user_id):
        if table.status == "lobby":
            if table.host_id == user_id:
                await service.cancel(table.id, user_id)
            else:
                await service.leave(table.id, user_id)
        else:
            await _computer_takes(service, table, user_id)
        moved.append(table.id)
    return moved


async def _computer_takes(service: TableService, table: Table, user_id: int) -> None:
    async with table.lock:
        if not table.open:
            return
        table.votes.discard(user_id)
        members = [s.user_id for s in table.seats if s.user_id not in (None, user_id)]
        if not members:
            await service._close(table, "cancelled")
            return
        host = table.host_id
        with service._undo(table):
            if table.seated(user_id):
                n = sum(s.computer for s in table.seats) + 1
                table.seats[table.seat_of(user_id)] = SeatInfo(None, t(service.locale_of(table.guild_id),
                                                                       "computer", n=n))
            if table.host_id == user_id:
                table.host_id = members[0]
            try:
                await service._save_lobby(table)
            except BaseException:
                table.host_id = host
                raise
    service._after_change(table)


async def erase_member(service: TableService, user_id: int) -> int:
    """Erase a member everywhere in one transaction (see the module); returns how many rows changed.

    :raises BotError: they are still seated at an open table (call :func:`vacate` first)."""
    db = service.db
    key = player_key(user_id)
    changed = 0
    async with db.transaction() as conn:
        if await conn.scalar(STILL_OPEN, (user_id,)):
            raise BotError.of("privacy_seated")
        guilds = [r["guild_id"] for r in await conn.fetch_all(MY_GUILDS, (user_id, user_id, user_id, key,
                                                                               user_id))]
        for guild_id in guilds:
            former = t(service.locale_of(guild_id), "former_player")
            changed += await _count(conn, FORGET_SEATS, (former, user_id, guild_id))
            changed += await _count(conn, FORGET_RESULTS, (former, user_id, guild_id))
        changed += await _count(conn, FORGET_RATINGS, (user_id, key))
        changed += await _count(conn, FORGET_HOST, (user_id,))
    _forget_in_memory(service, user_id)
    await dbm.checkpoint(db)
    log.info("a member's data was erased (%d rows)", changed)
    return changed


def _forget_in_memory(service: TableService, user_id: int) -> None:
    """The closed tables the service still holds forget the member too."""
    for table in service.known():
        former = t(service.locale_of(table.guild_id), "former_player")
        table.votes.discard(user_id)
        if table.open:
            continue
        table.seats = [SeatInfo(None, former) if s.user_id == user_id else s for s in table.seats]
        if table.host_id == user_id:
            table.host_id = 0
        for row in table.result or []:
            if row.get("user_id") == user_id:
                row["user_id"], row["name"] = None, former
    _forget_cache()


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
FORGET_GUILD = (
    f"DELETE FROM actions WHERE table_id IN {GUILD_TABLES}",
    f"DELETE FROM seats WHERE table_id IN {GUILD_TABLES}",
    f"DELETE FROM shown_parts WHERE table_id IN {GUILD_TABLES}",
    "DELETE FROM game_tables WHERE guild_id = ?",
    "DELETE FROM results WHERE guild_id = ?",
    "DELETE FROM ratings WHERE guild_id = ?",
    "DELETE FROM rating_roles WHERE guild_id = ?",  # its roles' learned advantages (issue 27)
    "DELETE FROM guild_settings WHERE guild_id = ?",
    "DELETE FROM guild_departures WHERE guild_id = ?",
)


async def guild_summary(db: dbm.Database, guild_id: int) -> dict[str, int]:
    """How many rows Tapis holds for a server, by kind."""
    async with db.transaction() as conn:
        await conn.snapshot()
        return {kind: int(await conn.scalar(sql, (guild_id,)) or 0) for kind, sql in GUILD_COUNTS.items()}


async def erase_guild(service: TableService, guild_id: int, *, gone: bool = False) -> int:
    """Delete every row of a server in one transaction (its open tables are cancelled first; ``gone``:
    the bot is no longer there, so nothing is posted); returns how many rows were deleted."""
    for table in [tb for tb in list(service.tables.values()) if tb.guild_id == guild_id and tb.open]:
        if gone:
            service._stop_tasks(table.id)
            table.status = "cancelled"
            service.registry.close(table)
        else:
            await service.cancel(table.id, None, admin=True)
    deleted = 0
    async with service.db.transaction() as conn:
        for sql in FORGET_GUILD:
            deleted += await _count(conn, sql, (guild_id,))
    recent = getattr(service.registry, "_recent", {})
    for table in [tb for tb in service.known() if tb.guild_id == guild_id and not tb.open]:
        recent.pop(table.id, None)
    service._prefs.pop(guild_id, None)
    _forget_cache()
    await dbm.checkpoint(service.db)
    log.info("server %s: its data was erased (%d rows)", guild_id, deleted)
    return deleted


async def departures(db: dbm.Database) -> dict[int, float]:
    """When the bot left each server it left (and was not invited back to)."""
    async with db.transaction() as conn:
        rows = await conn.fetch_all("SELECT guild_id, left_at FROM guild_departures")
    return {row["guild_id"]: row["left_at"] for row in rows}


async def guild_left(service: TableService, guild_id: int, at: float) -> None:
    """The bot was removed from a server: its data is kept ``guild_retention`` from ``at``."""
    async with service.db.transaction() as conn:
        await conn.run("INSERT INTO guild_departures (guild_id, left_at) VALUES (?, ?) ON CONFLICT DO NOTHING",
                       (guild_id, float(at)))
    if service.departed is not None:
        service.departed.setdefault(guild_id, at)


async def guild_back(service: TableService, guild_id: int) -> None:
    """The bot is in the server (again): its data is no longer due for deletion."""
    async with service.db.transaction() as conn:
        await conn.run("DELETE FROM guild_departures WHERE guild_id = ?", (guild_id,))
    if service.departed is not None:
        service.departed.pop(guild_id, None)


async def purge_departed(service: TableService, now: float) -> list[int]:
    """Erase the servers the bot left at least ``Settings.guild_retention`` seconds before ``now``."""
    async with service.db.transaction() as conn:
        rows = await conn.fetch_all("SELECT guild_id FROM guild_departures WHERE left_at <= ? ORDER BY guild_id",
                                   (float(now - service.settings.guild_retention),))
    rows = [row for row in rows if service.serves(row["guild_id"])]  # another process purges its shards'
    for row in rows:
        await erase_guild(service, row["guild_id"], gone=True)
    return [row["guild_id"] for row in rows]


# -- helpers -----------------------------------------------------------------------------------

def _forget_cache() -> None:
    """Replayed matches kept in memory hold the old names: dropped."""
    with records._LOCK:
        records._CACHE.clear()


async def _count(conn: Conn, sql: str, params: tuple[Any, ...]) -> int:
    return await conn.run(sql, params)
