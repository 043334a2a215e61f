"""The tables that deal the same cards as a table (docs/rules/club.md, « Duplicate deals »): the other slots' tables of a
duplicate group's deal, the other tables of a duplicate club night's round; the queries behind
:mod:`bot.service.shared_deals`."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.storage.database import Database

GROUP_OF = """SELECT d.group_id, d.deal_no, g.guild_id, g.seats FROM duplicate_tables d
    JOIN duplicate_groups g ON g.id = d.group_id WHERE d.table_id = ?"""
GROUP_DEALS = """SELECT d.slot, d.deal_no, d.table_id, t.status FROM duplicate_tables d
    LEFT JOIN game_tables t ON t.id = d.table_id WHERE d.group_id = ?"""
EVENT_ROUND_OF = """SELECT e.id, e.guild_id, x.round FROM event_tables x JOIN events e ON e.id = x.event_id
    WHERE x.table_id = ? AND e.format = 'duplicate'"""
EVENT_ROUND = """SELECT x.table_id, t.status FROM event_tables x LEFT JOIN game_tables t ON t.id = x.table_id
    WHERE x.event_id = ? AND x.round = ?"""
SEATED = "SELECT user_id FROM seats WHERE table_id = ? AND user_id IS NOT NULL"
SEED_OF = "SELECT seed FROM game_tables WHERE id = ?"


@dataclass(frozen=True)
class Sharing:
    """The tables dealing a shared deal: ``tables`` each ``(table id, status, members seated)``,
    ``expected`` how many there will be, ``players`` every member who may play it."""

    guild_id: int
    tables: tuple[tuple[str, str | None, frozenset[int]], ...]
    expected: int
    players: frozenset[int]


async def _seated(db: Database, table_id: str) -> frozenset[int]:
    return frozenset(int(r["user_id"]) for r in await db._all(SEATED, (table_id,)))


async def group_deal(db: Database, group_id: str) -> tuple[list[tuple[int, int, str, str | None]], int,
                                                          tuple[tuple[int, ...], ...]] | None:
    """A group's tables ``(slot, deal, table id, status)``, its guild and each slot's members."""
    rows = await db._all("SELECT guild_id, seats FROM duplicate_groups WHERE id = ?", (group_id,))
    if not rows:
        return None
    slots = tuple(tuple(int(s[0]) for s in slot if s is not None) for slot in json.loads(rows[0]["seats"]))
    tables = [(int(r["slot"]), int(r["deal_no"]), r["table_id"], r["status"])
              for r in await db._all(GROUP_DEALS, (group_id,))]
    return tables, int(rows[0]["guild_id"]), slots


async def sharing(db: Database, table_id: str) -> Sharing | None:
    """The tables sharing ``table_id``'s deal, ``None`` when no other table deals it."""
    rows = await db._all(GROUP_OF, (table_id,))
    if rows:
        found = await group_deal(db, rows[0]["group_id"])
        assert found is not None
        tables, guild_id, slots = found
        deal_no = int(rows[0]["deal_no"])
        same = [(t, status, frozenset(slots[slot])) for slot, k, t, status in tables if k == deal_no]
        return Sharing(guild_id, tuple(same), len(slots), frozenset(u for s in slots for u in s))
    rows = await db._all(EVENT_ROUND_OF, (table_id,))
    if rows:
        same = [(r["table_id"], r["status"], await _seated(db, r["table_id"]))
                for r in await db._all(EVENT_ROUND, (rows[0]["id"], int(rows[0]["round"])))]
        return Sharing(int(rows[0]["guild_id"]), tuple(same), len(same), frozenset(u for _, _, s in same for u in s))
    return None


async def table_seed(db: Database, table_id: str) -> str | None:
    """The seed a table was opened with (its row's; a practice table's is not its cards' seed)."""
    rows = await db._all(SEED_OF, (table_id,))
    return str(rows[0]["seed"]) if rows else None
