"""Members' data: what Tapis keeps about a member or a server, its export, its erasure.

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
The SQL is :mod:`bot.storage.privacy`'s; what this module needs of the table service is
:class:`Service` (its public actions), so it never imports :mod:`bot.service.tables`.
"""

from __future__ import annotations

import datetime as dt
import gzip
import json
import logging
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

from bot import storage as dbm
from bot.service.autoplay import ComputerTurns
from bot.service.deal_secrets import DealSecrets, pseudonym
from bot.service.i18n import t
from bot.service.preferences import Preferences
from bot.service.ratings import player_key
from bot.service.records import MatchCache
from bot.service.registry import Registry
from bot.service.seating import undo
from bot.service.settings import Settings
from bot.service.table import BotError, SeatInfo, Table
from bot.storage import privacy as rows

log = logging.getLogger(__name__)


class Service(Protocol):
    """What privacy's actions need of the table service (:class:`bot.service.tables.TableService`)."""

    db: dbm.Database
    settings: Settings
    registry: Registry
    departures: Departures
    serves: Callable[[int], bool]

    @property
    def tables(self) -> Mapping[str, Table]: ...

    async def cancel(self, table_id: str, by: int | None, *, admin: bool = False) -> Table: ...

    async def leave(self, table_id: str, user_id: int) -> Table: ...

    async def close_table(self, table: Table, status: str, notice: str | None = None) -> None: ...

    async def save_lobby(self, table: Table) -> None: ...

    @property
    def computers(self) -> ComputerTurns: ...

    @property
    def preferences(self) -> Preferences: ...

    @property
    def matches(self) -> MatchCache: ...

    @property
    def secrets(self) -> DealSecrets: ...


class Departures:
    """When the bot left each server, read once from the database, then kept up to date in memory
    (a sweep costs no query)."""

    def __init__(self, db: dbm.Database) -> None:
        self.db = db
        self.known: dict[int, float] | None = None  # None: not read yet

    async def load(self, serves: Callable[[int], bool]) -> dict[int, float]:
        if self.known is None:
            self.known = {guild: at for guild, at in (await rows.departures(self.db)).items() if serves(guild)}
        return self.known


# -- a member ----------------------------------------------------------------------------------

async def member_export(db: dbm.Database, user_id: int) -> dict[str, Any]:
    """Everything stored about a member, in every server: seats, the actions of those seats,
    results, ratings and the tables they opened (the ``/privacy`` export file)."""
    out: dict[str, Any] = {"user_id": user_id, "exported_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds")}
    out.update(await rows.member_rows(db, user_id, player_key(user_id)))
    for seat in out["seats"]:
        seat["host"] = bool(seat["host"])
    return out


#: Discord refuses a bot's upload over 10 MiB; each file of an export stays under this (with room
#: for the request's other parts)
UPLOAD_LIMIT = 10 * 1024 * 1024 - 64 * 1024


def export_files(data: dict[str, Any], stem: str, limit: int | None = None,
                 split: str = "actions") -> list[tuple[str, bytes]]:
    """The export as files ``(name, bytes)``, each at most ``limit`` bytes (default
    :data:`UPLOAD_LIMIT`): one ``<stem>.json`` when it fits; else gzip-compressed,
    ``<stem>.json.gz`` (docs/decisions.md, « Exports split under Discord's upload limit »); else
    its list ``split`` (a member's actions, an event's ranking...) split over parts
    ``<stem>-<i>-of-<n>.json.gz``, each a JSON document of its own (the first holds everything else
    too), so nothing is ever cut. Any export the bot uploads goes through here."""
    limit = UPLOAD_LIMIT if limit is None else limit
    raw = _dumps(data)
    if len(raw) <= limit:
        return [(f"{stem}.json", raw)]
    packed = _gzip(raw)
    if len(packed) <= limit:
        return [(f"{stem}.json.gz", packed)]
    actions = data.get(split) or []
    parts = max(2, -(-len(packed) * 5 // (limit * 4)))  # aim at 80% of the limit each
    while True:
        size = -(-len(actions) // parts) or 1
        chunks = [actions[i:i + size] for i in range(0, len(actions), size)] or [[]]
        rest = {k: v for k, v in data.items() if k != split}
        docs = [{**(rest if i == 0 else {"user_id": data.get("user_id"), "exported_at": data.get("exported_at")}),
                 "part": i + 1, "parts": len(chunks), split: chunk} for i, chunk in enumerate(chunks)]
        files = [(f"{stem}-{i + 1}-of-{len(docs)}.json.gz", _gzip(_dumps(doc))) for i, doc in enumerate(docs)]
        if all(len(b) <= limit for _, b in files) or size == 1:
            return files
        parts *= 2


def _dumps(data: dict[str, Any]) -> bytes:
    return json.dumps(data, ensure_ascii=False, indent=1, default=str).encode("utf-8")


def _gzip(raw: bytes) -> bytes:
    return gzip.compress(raw, compresslevel=6, mtime=0)


def member_summary(data: dict[str, Any], guild_id: int | None) -> dict[str, int]:
    """Counts of a member's rows in one server (and ``elsewhere``: their seats in other servers);
    ``guild_id`` ``None`` (asked in the bot's direct messages): in every server together."""
    def here_(row: dict[str, Any]) -> bool:
        return guild_id is None or row["guild_id"] == guild_id

    here = {row["table_id"] for row in data["seats"] if here_(row)}
    return {"tables": len(here),
            "actions": sum(1 for a in data["actions"] if a["table_id"] in here and not a["by_computer"]),
            "results": sum(1 for r in data["results"] if here_(r)),
            "ratings": sum(1 for r in data["ratings"] if here_(r)),
            "elsewhere": len({row["table_id"] for row in data["seats"]} - here)}


def open_seats(service: Service, user_id: int) -> list[Table]:
    """The open tables (every server) where the member is seated or host."""
    return [table for table in list(service.tables.values())
            if table.open and (table.seated(user_id) or table.host_id == user_id)]


async def vacate(service: Service, user_id: int) -> list[str]:
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


async def _computer_takes(service: Service, table: Table, user_id: int) -> None:
    async with table.lock:
        if not table.open:
            return
        table.votes.discard(user_id)
        members = [s.user_id for s in table.seats if s.user_id not in (None, user_id)]
        if not members:
            await service.close_table(table, "cancelled")
            return
        host = table.host_id
        with undo(table):
            if table.seated(user_id):
                n = sum(s.computer for s in table.seats) + 1
                table.seats[table.seat_of(user_id)] = SeatInfo(None, t(service.preferences.locale_of(table.guild_id),
                                                                       "computer", n=n))
            if table.host_id == user_id:
                table.host_id = members[0]
            try:
                await service.save_lobby(table)
            except BaseException:
                table.host_id = host
                raise
    service.computers.after_change(table)


async def erase_member(service: Service, user_id: int) -> int:
    """Erase a member everywhere in one transaction (see the module); returns how many rows changed.

    :raises BotError: they are still seated at an open table (call :func:`vacate` first)."""
    try:
        changed = await rows.erase_member(service.db, user_id, player_key(user_id),
                                          lambda guild_id: t(service.preferences.locale_of(guild_id), "former_player"),
                                          pseudonym)
    except rows.StillSeated:
        raise BotError.of("privacy_seated") from None
    _forget_in_memory(service, user_id)
    await dbm.checkpoint(service.db)
    log.info("a member's data was erased (%d rows)", changed)
    return changed


def _forget_in_memory(service: Service, user_id: int) -> None:
    """The closed tables the service still holds forget the member too."""
    for table in service.registry.known():
        former = t(service.preferences.locale_of(table.guild_id), "former_player")
        table.votes.discard(user_id)
        if table.open:
            continue
        table.seats = [SeatInfo(None, former) if s.user_id == user_id else s for s in table.seats]
        if table.host_id == user_id:
            table.host_id = 0
        for row in table.result or []:
            if row.get("user_id") == user_id:
                row["user_id"], row["name"] = None, former
    service.matches.forget()  # replayed matches kept in memory hold the old names


# -- a server ----------------------------------------------------------------------------------

async def guild_summary(db: dbm.Database, guild_id: int) -> dict[str, int]:
    """How many rows Tapis holds for a server, by kind."""
    return await rows.guild_counts(db, guild_id)


async def erase_guild(service: Service, guild_id: int, *, gone: bool = False) -> int:
    """Delete every row of a server in one transaction (its open tables are cancelled first; ``gone``:
    the bot is no longer there, so nothing is posted); returns how many rows were deleted."""
    for table in [tb for tb in list(service.tables.values()) if tb.guild_id == guild_id and tb.open]:
        if gone:
            service.computers.stop(table.id)
            table.status = "cancelled"
            service.registry.close(table)
        else:
            await service.cancel(table.id, None, admin=True)
    deleted = await rows.erase_guild(service.db, guild_id)
    _forget_tables(service.registry, [tb for tb in service.registry.known() if tb.guild_id == guild_id and not tb.open])
    service.preferences.forget(guild_id)
    service.secrets.forget(guild_id)
    service.matches.forget()
    await dbm.checkpoint(service.db)
    log.info("server %s: its data was erased (%d rows)", guild_id, deleted)
    return deleted


def _forget_tables(registry: Registry, tables: Iterable[Table]) -> None:
    for table in tables:
        registry.forget(table.id)


async def departures(db: dbm.Database) -> dict[int, float]:
    """When the bot left each server it left (and was not invited back to)."""
    return await rows.departures(db)


async def guild_left(service: Service, guild_id: int, at: float) -> None:
    """The bot was removed from a server: its data is kept ``guild_retention`` from ``at``."""
    await rows.departed(service.db, guild_id, at)
    if service.departures.known is not None:
        service.departures.known.setdefault(guild_id, at)


async def guild_back(service: Service, guild_id: int) -> None:
    """The bot is in the server (again): its data is no longer due for deletion."""
    await rows.back(service.db, guild_id)
    if service.departures.known is not None:
        service.departures.known.pop(guild_id, None)


async def purge_departed(service: Service, now: float) -> list[int]:
    """Erase the servers the bot left at least ``Settings.guild_retention`` seconds before ``now``."""
    due = [g for g in await rows.left_before(service.db, now - service.settings.guild_retention)
           if service.serves(g)]  # another process purges its shards'
    for guild_id in due:
        await erase_guild(service, guild_id, gone=True)
    return due
