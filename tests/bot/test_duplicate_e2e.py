"""Duplicate tables through Discord: ``/duplicate start`` opens a private thread per table,
the tables deal the same cards in the same seats, and ``/duplicate results`` gives match points."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.bot.drive import play_by_command

# On SQLite only: the service-level tests run the same storage on both databases (CI time).


async def test_two_tables_through_discord(world: Any) -> None:
    w = world
    res = await w.alice.slash(w.channel, "duplicate start", game="tarot", deals=1,
                              members=f"{w.bob.mention} {w.dave.mention} | {w.carol.mention}")
    assert res.ephemeral and "/duplicate results" in res.response.content, res.response.content
    group = res.response.content.split("group:")[1].split()[0].strip(".")
    threads = w.channel.threads
    assert len(threads) == 2
    tables = sorted((t for t in w.bot.service.tables.values() if t.open), key=lambda t: t.seats[0].name)
    assert [t.seats[0].name for t in tables] == ["bob", "carol"]
    first = {t.id: t.game.new(4, t.seed, t.options) for t in tables}
    a, b = (first[t.id] for t in tables)
    assert all(a.view(s)["hand"] == b.view(s)["hand"] for s in range(4)), "the same deal at both tables"
    bob_thread = next(c for c in threads if c.id == tables[0].thread_id)
    carol_thread = next(c for c in threads if c.id == tables[1].thread_id)
    with pytest.raises(Exception):  # noqa: B017 - simcord's SetupError: another table's private thread
        carol_thread.history(viewer=w.bob)
    with pytest.raises(Exception):  # noqa: B017
        bob_thread.history(viewer=w.carol)
    rng = random.Random(3)
    members = {m.id: m for m in w.members}
    for _ in range(600):
        await w.bot.service.computers.idle()
        await w.env.settle()
        live = [t for t in tables if t.status == "playing"]
        if not live:
            break
        for table in live:
            seat = table.to_act()
            if seat is not None and not table.seats[seat].computer:
                thread = bob_thread if table is tables[0] else carol_thread
                await play_by_command(members[table.seats[seat].user_id], thread, rng)
    assert all(t.status == "over" for t in tables)
    res = await w.carol.slash(w.channel, "duplicate results", group=group)
    lines = res.response.content.splitlines()
    assert sum(line.startswith("Deal 1, seat 1:") for line in lines) == 2, "bob and carol held seat 1"
    assert sum(line.startswith("Deal 1, seat 2:") for line in lines) == 1, "dave alone: 50%"
    assert any("dave" in line and line.endswith("→ 50%") for line in lines)
    seat1 = [int(line.rsplit(" ", 1)[1].rstrip("%")) for line in lines if line.startswith("Deal 1, seat 1:")]
    assert sorted(seat1) in ([0, 100], [50, 50])
