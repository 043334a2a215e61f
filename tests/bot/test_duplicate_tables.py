"""A group's duplicate tables (docs/rules/club.md, « Duplicate deals », « Match points »), on SQLite and PostgreSQL: two tables of
two members and two computers play the same two deals in the same seat positions; the results give
match points per comparison group, computed here by hand."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.service.duplicate_tables import DuplicateTables
from bot.service.settings import Settings
from bot.service.table import BotError
from bot.service.tables import TableService
from bot.storage import Database
from games import find_game

pytestmark = pytest.mark.backends  # SQLite and PostgreSQL (tests/conftest.py)

SETTINGS = Settings(computer_pause=0, edit_interval=0, turn_timer=0, default_locale="en")
SLOTS = [[(1, "ann"), (2, "ben"), None, None], [(3, "cat"), (4, "dan"), None, None]]


async def play_out(tables: TableService, dup: DuplicateTables, group: Any, hands: dict[tuple[int, int], Any]) -> None:
    """Members act (a seeded normal player each) at every table of the group until every deal is over."""
    me = find_game("tarot").computer_player("normal")
    rng = random.Random(5)
    for _ in range(2000):
        await tables.computers.idle()
        await dup.idle()
        opened = await dup.store.tables(group.id)
        live = [tables.registry.open[t] for _, _, t in opened if t in tables.registry.open]
        for slot, deal_no, table_id in opened:
            table = tables.registry.open.get(table_id)
            if table is not None and (slot, deal_no) not in hands:
                hands[slot, deal_no] = [sorted(table.game.new(4, table.seed, table.options).view(s)["hand"])
                                        for s in range(4)]
        if not live and len(opened) == 4:
            return
        for table in live:
            seat = table.to_act()
            if seat is not None and not table.seats[seat].computer:
                action = me.choose(table.state.view(seat), table.state.legal_actions(seat), rng)
                await tables.act(table.id, table.seats[seat].user_id, str(action))
    raise AssertionError("the group never finished")


async def test_two_tables_play_the_same_two_deals_scored_by_comparison_group(db: Database) -> None:
    tables = TableService(db, SETTINGS)
    dup = DuplicateTables(tables)
    tables.bus.subscribe(dup)
    with pytest.raises(BotError):
        await dup.open(1, "tarot", SLOTS[:1], [(10, None)])
    group = await dup.open(1, "tarot", SLOTS, [(10, None), (11, None)], deals=2)
    hands: dict[tuple[int, int], Any] = {}
    await play_out(tables, dup, group, hands)
    for deal_no in range(2):
        assert hands[0, deal_no] == hands[1, deal_no], "the same cards in the same seats at both tables"
    assert hands[0, 0] != hands[0, 1]
    found = await dup.results(group.id)
    assert {s.result.player for s in found.scored} == {1, 2, 3, 4}, "computers are never compared"
    groups: dict[Any, list[Any]] = {}
    for s in found.scored:
        groups.setdefault(s.result.position, []).append(s)
    assert len(groups) == 4 and all(len(g) == 2 for g in groups.values())
    for position, pair in groups.items():
        assert {s.result.player for s in pair} in ({1, 3}, {2, 4}) and position.seat in (0, 1)
        a, b = pair
        by_hand = 50.0 if a.result.score == b.result.score else 100.0 if a.result.score > b.result.score else 0.0
        assert (a.percent, b.percent) == (by_hand, 100.0 - by_hand)  # docs/rules/club.md, « Match points » with two players
    means = {s.player: s.percent for s in found.standings}
    for player in (1, 2, 3, 4):
        mine = [s.percent for s in found.scored if s.result.player == player]
        assert len(mine) == 2 and means[player] == pytest.approx(sum(mine) / 2)
    await tables.close()
