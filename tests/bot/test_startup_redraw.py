"""Start-up: a restart redraws only the tables whose message is behind their state."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.ui import parts
from bot.ui.presenter import Presenter
from tests.bot.drive import member_of, open_table, play_turn


async def test_restart_redraws_only_tables_whose_message_is_behind(world: Any, make_bot: Any,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    w = world
    table, msg = await open_table(w, "toy", [w.alice, w.bob], 1, options="deals=3")
    rng = random.Random(3)
    for _ in range(2):
        await play_turn(member_of(w, table, table.to_act()), w.channel, msg, rng)
    await w.bot.presenter.drain()
    synced: list[str] = []
    real = Presenter._sync

    async def counting(self: Presenter, table: Any, entry: Any) -> bool:
        synced.append(table.id)
        return await real(self, table, entry)

    monkeypatch.setattr(Presenter, "_sync", counting)
    await w.env.restart_bot(await make_bot())
    await w.bot.presenter.drain()
    assert synced == [], "a message showing the current revision is left alone"
    restored = w.bot.service.registry.get(table.id)
    assert restored.status == "playing"
    got = (await w.bot.records.parts_of(table.id))["table"]
    await w.bot.records.record(table.id, "table", "playing:0:x", got.message_id)  # the edit lost in a crash
    await w.env.restart_bot(await make_bot())
    await w.bot.presenter.drain()
    assert synced == [table.id], "a message behind its table is redrawn once"
    assert (await w.bot.records.parts_of(table.id))["table"].detail == parts.table_key(w.bot.service.registry.get(table.id))
    await play_turn(member_of(w, restored, restored.to_act()), w.channel, msg, rng)
    await w.bot.presenter.drain()
    assert synced.count(table.id) >= 2, "after the restart, changes redraw as before"
