"""A group's duplicate tables (docs/rules/club.md, « Duplicate deals », « Match points »): two or more tables ("slots") play the
same deals in the same seat positions, members compared with those who held the same cards. No
Discord here.

Each deal of each slot is an ordinary table (:func:`bot.service.dealt.open_dealt`: the deal's seed,
the slot's seats, computers completing them), so it is saved and restored as tables are; when a
slot's table is over, the slot's next deal opens in the same place. :meth:`DuplicateTables.results`
scores every finished deal by match points per comparison group (a seat position of a deal;
computers fill seats but are never compared) and ranks the members over their deals.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from bot.service.deal_secrets import derive
from bot.service.dealt import Seat, open_dealt, seat_and_start
from bot.service.table import BotError, Table
from bot.service.tables import TableService
from bot.storage.challenges import GroupRow, GroupStore
from games import find_game
from games.duplicate import (
    ONE_DEAL,
    DealResult,
    DuplicateDeal,
    Scored,
    Standing,
    deal_percentages,
    deal_score,
)
from games.duplicate import standings as rank

log = logging.getLogger(__name__)
__all__ = ["DuplicateTables", "GroupResults"]


@dataclass(frozen=True)
class GroupResults:
    """Every finished deal's members with their percentage in their comparison group, and the
    members' standings over their deals (docs/rules/club.md, « Match points »)."""

    scored: list[Scored]
    standings: list[Standing]


def group_deal(secret: bytes, group: GroupRow, deal_no: int) -> DuplicateDeal:
    """Deal ``deal_no`` of a group: its seed ``dup:<HMAC of the server's secret, the group and the
    deal>`` (:mod:`bot.service.deal_secrets`), so neither the group's code nor another deal's seed
    tells its cards."""
    seed = f"dup:{derive(secret, 'duplicate', group.id, deal_no)}"
    return DuplicateDeal.of(group.game, len(group.seats[0]), seed, deal_no, ONE_DEAL[group.game])


class DuplicateTables:
    """Every group's duplicate tables, over the table service."""

    def __init__(self, tables: TableService, store: GroupStore | None = None) -> None:
        self.tables = tables
        self.store = store or GroupStore(tables.db)
        self.secrets = tables.secrets
        self._live: dict[str, tuple[GroupRow, int, int]] = {}  # table id -> (group, slot, deal)
        self._tasks: set[asyncio.Task[None]] = set()

    async def open(self, guild_id: int, game: str, seats: Sequence[Sequence[Seat]],
                   places: Sequence[tuple[int, int | None]], *, deals: int = 2, level: str = "normal") -> GroupRow:
        """Open a group: ``seats[slot]`` each table's seats (the same count everywhere, at least one
        member per table), ``places[slot]`` where it plays; every slot starts the first deal.

        :raises BotError: fewer than two tables, tables of different sizes, a table without a
            member, or a game without duplicate deals here."""
        if game not in ONE_DEAL or len(seats) < 2 or len(places) != len(seats) or deals < 1 \
                or len({len(s) for s in seats}) != 1 or any(all(x is None for x in s) for s in seats):
            raise BotError.of("bad_choice")
        find_game(game).check_seats(len(seats[0]))
        group = GroupRow(secrets.token_hex(5), guild_id, game, deals, level,
                         tuple(tuple(s) for s in seats), tuple(places))
        await self.store.add(group)
        for slot in range(len(seats)):
            await self._deal(group, slot, 0)
        return group

    async def _deal(self, group: GroupRow, slot: int, deal_no: int) -> Table:
        channel_id, thread_id = group.places[slot]
        seats = group.seats[slot]
        deal = group_deal(await self.secrets.secret(group.guild_id), group, deal_no)
        table = await open_dealt(self.tables, deal, seats, guild_id=group.guild_id,
                                 channel_id=channel_id, thread_id=thread_id)
        await self.store.add_table(group.id, slot, deal_no, table.id)
        self._live[table.id] = (group, slot, deal_no)
        await seat_and_start(self.tables, table, seats, group.level)
        return table

    def table_changed(self, table: Table) -> None:
        """A listener: when a slot's table is over, its next deal opens (in a task; never blocks)."""
        found = self._live.get(table.id)
        if found is None or table.status != "over":
            return
        del self._live[table.id]
        group, slot, deal_no = found
        if deal_no + 1 < group.deals:
            task = asyncio.get_running_loop().create_task(self._next(group, slot, deal_no + 1))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _next(self, group: GroupRow, slot: int, deal_no: int) -> None:
        try:
            await self._deal(group, slot, deal_no)
        except Exception:
            log.exception("duplicate group %s: table %d could not open deal %d (opened at the next start)",
                          group.id, slot, deal_no + 1)

    async def restore(self) -> int:
        """After the table service's restore: each slot's table in play is followed again, and a slot
        whose last table ended while the bot was stopped opens its next deal. Returns the tables followed."""
        live = 0
        for group in await self.store.groups():
            if not self.tables.serves(group.guild_id):
                continue
            last: dict[int, tuple[int, str]] = {}
            for slot, deal_no, table_id in await self.store.tables(group.id):
                last[slot] = max(last.get(slot, (-1, "")), (deal_no, table_id))
            for slot, (deal_no, table_id) in last.items():
                table = self.tables.registry.open.get(table_id)
                if table is not None:
                    self._live[table_id] = (group, slot, deal_no)
                    live += 1
                    continue
                saved = await self.tables.db.table(table_id)
                if saved is not None and saved["status"] == "over" and deal_no + 1 < group.deals:
                    await self._deal(group, slot, deal_no + 1)
                    live += 1
        return live

    async def idle(self) -> None:
        """Wait for the next deals being opened (tests)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def results(self, group_id: str) -> GroupResults:
        """Match points per comparison group over the group's finished deals, and the standings.

        :raises BotError: no such group."""
        group = await self.store.group(group_id)
        if group is None:
            raise BotError.of("no_table")
        results = []
        secret = await self.secrets.secret(group.guild_id)
        for slot, deal_no, table_id in await self.store.tables(group_id):
            saved = await self.tables.db.table(table_id)
            if saved is None or saved["status"] != "over":
                continue
            data = await self.tables.db.saved_state(saved)
            if data is None:
                continue
            state = find_game(group.game).load(data)
            deal = group_deal(secret, group, deal_no)
            for seat, who in enumerate(group.seats[slot]):
                player = who[0] if who is not None else f"computer {slot}:{seat}"
                results.append(DealResult(player, deal.position(seat), deal_score(group.game, state, seat),
                                          computer=who is None))
        return GroupResults(deal_percentages(results), rank(results))
