"""Restored turn timers resume with what was left of them (they run from the last move saved),
and what falls due together at restore (the timers already out, the computers to move) is
spread, longest due first, so that no more than 1 % of the restored tables fall due in any one
second. The clock is injected: nothing here sleeps."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.service.facts import Facts
from bot.service.settings import Settings
from bot.service.tables import TableService
from bot.service.timers import FLOOR, busiest, spread
from bot.storage import open_database
from games import snapshot

TIMER = 90
SETTINGS = Settings(computer_pause=0, edit_interval=0, turn_timer=TIMER, default_locale="en")
pytestmark = pytest.mark.backends  # SQLite and PostgreSQL (tests/conftest.py)


def test_ten_thousand_timers_due_at_once_fall_due_one_percent_a_second_in_order() -> None:
    rng = random.Random(5)
    due = [(f"t{n:05d}", 1000.0 - rng.uniform(0, 300)) for n in range(10_000)]  # all out at restore
    plan = spread(due, 1000.0)
    assert busiest(plan.values()) <= 0.01
    assert all(at >= 1000.0 for at in plan.values())
    order = [table_id for table_id, _at in sorted(due, key=lambda d: d[1])]
    assert sorted(plan, key=lambda t: plan[t]) == order, "the longest due first"
    assert max(plan.values()) - 1000.0 < 101, "no later than the share needs"


def test_timers_not_due_keep_their_time_and_a_small_bot_is_not_slowed() -> None:
    now = 500.0
    due = [(f"a{n}", now + 10 + n) for n in range(200)] + [(f"b{n}", now - 5) for n in range(FLOOR)]
    plan = spread(due, now)
    assert all(plan[f"a{n}"] == now + 10 + n for n in range(200)), "each keeps what was left of it"
    assert all(now <= plan[f"b{n}"] < now + 1 for n in range(FLOOR)), "a few due at once all go now"


def test_copies_due_in_the_same_second_are_spread_too() -> None:
    due = [(f"c{n:04d}", 2000.0 + 40 + (n % 4) * 0.1) for n in range(5000)]  # 4 deadlines shared
    plan = spread(due, 2000.0)
    assert busiest(plan.values()) <= 0.01
    assert min(plan.values()) >= 2040.0


def test_facts_saved_before_the_move_time_still_read() -> None:
    old = f'["{snapshot.fingerprint()}",12,1,[0],11]'
    read = Facts.read(old, 12)
    assert read is not None and read.moved_at is None and read.turn_start == 11
    new = Facts(12, 1, (0,)).to_text(11, 1234.5)
    again = Facts.read(new, 12)
    assert again is not None and again.moved_at == 1234.5 and again.facts == Facts(12, 1, (0,))


async def _table(db_path: Path, at: float, seed: str, computer: bool) -> tuple[str, float]:
    """A Tarot table of 4 (the last a computer when ``computer``), a few moves made at time ``at``."""
    db = await open_database(db_path)
    service = TableService(db, SETTINGS)
    service.clock = lambda: at
    table = await service.create(guild_id=1, channel_id=hash(seed) % 10_000, thread_id=None, host_id=100,
                                 host_name="p0", game="tarot", options=None, seats=4, seed=seed)
    for i in range(1, 3 if computer else 4):
        await service.join(table.id, 100 + i, f"p{i}")
    if computer:
        await service.add_computer(table.id, 100, "normal")
    await service.start(table.id, 100)
    rng = random.Random(seed)
    while not (table.computer_turn() if computer else table.to_act() is not None and table.rev >= 3):
        seat = table.to_act()
        assert seat is not None
        await service.act(table.id, 100 + seat, str(rng.choice(table.state.legal_actions(seat))))
    table_id, moved = table.id, table.moved_at
    assert moved == at
    service.computers.stop(table_id)
    await service.close()
    await db.close()
    return table_id, moved


async def test_a_restored_timer_runs_from_the_last_move_and_a_computer_waits_its_turn(db_path: Path) -> None:
    member, moved = await _table(db_path, 10_000.0, "timer-member", computer=False)
    late, _ = await _table(db_path, 9_000.0, "timer-late", computer=False)
    robot, _ = await _table(db_path, 10_020.0, "timer-robot", computer=True)
    db = await open_database(db_path)
    service = TableService(db, SETTINGS)
    service.clock = lambda: 10_030.0
    await service.endings.restore()
    due = service.computers.due
    assert due[member] == moved + TIMER, "60 s left of 90, not 90 again"
    assert 10_030.0 <= due[late] < 10_031.0, "out while the bot was down: due at once"
    assert member in service.computers.timers and late in service.computers.timers
    assert robot in service.computers.robots and 10_030.0 <= due[robot] < 10_031.0, "the computer queued"
    await service.close()
    await db.close()
