"""A member taking a Tarot deal is asked about the chelem only when the hand makes one plausible;
otherwise "no chelem" is played for them in the same save as their last écart card, marked as not
their own choice, and the table comes back the same after a restart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.service.settings import Settings
from bot.service.tables import TableService
from bot.storage import open_database
from games.tarot import chelem
from games.tarot.state import Phase

SETTINGS = Settings(computer_pause=0, edit_interval=0, turn_timer=0, default_locale="en")


async def _to_the_question(service: TableService) -> Any:
    """Four members; the first to bid takes a Prise, the others pass; the taker discards."""
    table = await service.create(guild_id=1, channel_id=900, thread_id=None, host_id=100, host_name="p0",
                                 game="tarot", seats=4, seed="chelem-q")
    for i in range(1, 4):
        await service.join(table.id, 100 + i, f"p{i}")
    await service.start(table.id, 100)
    while table.state.phase in (Phase.BIDDING, Phase.ECART):
        seat = table.to_act()
        legal = table.state.legal_actions(seat)
        action = next((a for a in legal if a.arg == "prise"), legal[0])
        await service.act(table.id, 100 + seat, str(action))
    return table


async def test_no_click_when_no_chelem_is_plausible(db_path: Path) -> None:
    db = await open_database(db_path)
    service = TableService(db, SETTINGS)
    table = await _to_the_question(service)
    taker = table.state.taker
    assert not chelem.plausible(table.state.hands[taker])
    assert table.state.phase is Phase.PLAY, "no question asked"
    last = (await db.actions(table.id))[-2:]
    assert [(a["action"], a["seat"], bool(a["by_computer"])) for a in last] == \
        [(last[0]["action"], taker, False), ("no_chelem", taker, True)]
    assert last[0]["action"].startswith("discard:") and last[1]["rev"] == table.rev
    await service.close()
    await db.close()
    db = await open_database(db_path)
    again = TableService(db, SETTINGS)
    assert await again.endings.restore() == 1
    assert again.registry.get(table.id).state.to_json() == table.state.to_json()
    await again.close()
    await db.close()


async def test_a_plausible_chelem_is_asked(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(chelem, "plausible", lambda hand: True)
    db = await open_database(db_path)
    service = TableService(db, SETTINGS)
    table = await _to_the_question(service)
    assert table.state.phase is Phase.ANNOUNCE and table.to_act() == table.state.taker
    await service.act(table.id, 100 + table.to_act(), "no_chelem")
    assert table.state.phase is Phase.PLAY
    await service.close()
    await db.close()
