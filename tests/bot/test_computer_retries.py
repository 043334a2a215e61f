"""Computers never stop for good: a computer's move the database did not take (a full disk, a
COMMIT lost on PostgreSQL, the server unreachable) is tried again with a growing pause, one log
line a failure and no traceback, and the table goes on within 5 s of the storage coming back,
without the housekeeping sweep. (The real full disk: tests/bot/test_full_disk.py.)"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import pytest

from bot.service.settings import Settings
from bot.service.tables import TableService
from bot.storage import Database, open_database, run
from tests.bot.test_reliability_db import started
from tests.bot.test_reliability_storage import dropper  # noqa: F401 (a fixture)

pytestmark = pytest.mark.backends  # SQLite and PostgreSQL (tests/conftest.py)

FAIL_COMPUTERS = """CREATE TRIGGER fail_computers BEFORE INSERT ON actions WHEN NEW.by_computer = 1
    BEGIN SELECT RAISE(ABORT, 'database or disk is full (simulated)'); END"""
NOT_SAVED = "a computer's move was not saved"


async def wait_for(check: Any, seconds: float) -> float:
    """Seconds until ``check()`` holds; fails past ``seconds``."""
    start = time.monotonic()
    while not check():
        assert time.monotonic() - start < seconds, "not within the time"
        await asyncio.sleep(0.02)
    return time.monotonic() - start


async def member_moves(service: TableService, table: Any) -> int:
    """The member (seat 0) plays; returns the revision a computer is to move from."""
    seat = table.to_act()
    assert table.seats[seat].user_id is not None
    await service.act(table.id, table.seats[seat].user_id, str(table.state.legal_actions(seat)[0]))
    assert table.computer_turn()
    return int(table.rev)


def no_traceback(caplog: pytest.LogCaptureFixture) -> None:
    """None of the bot's (asyncpg's pool logs its own reconnection attempts with theirs)."""
    assert not [r for r in caplog.records if r.exc_info and r.name.startswith("bot")], "no traceback"


@pytest.mark.sqlite_only  # an SQLite trigger
@pytest.mark.parametrize("pause", [0.0, 0.2])
async def test_a_computer_move_refused_is_tried_again(db: Database, pause: float,
                                                      caplog: pytest.LogCaptureFixture) -> None:
    service = TableService(db, Settings(computer_pause=pause, edit_interval=0, turn_timer=0, default_locale="en"))
    table = await started(service, channel=1300, humans=1, computers=2)
    await service.computers.idle()
    async with db.transaction() as conn:
        await run(conn, FAIL_COMPUTERS)
    with caplog.at_level(logging.INFO):
        rev = await member_moves(service, table)
        await asyncio.sleep(1.5)
        assert table.rev == rev and table.computer_turn() and service.computers.thinking(table), "tried again, not stopped"
        failures = [r for r in caplog.records if NOT_SAVED in r.getMessage()]
        assert 2 <= len(failures) <= 12, len(failures)  # one line a failure (pauses 0.1, 0.25, 0.5, 1 s)
        assert (await db.table(table.id))["revision"] == rev
        async with db.transaction() as conn:
            await run(conn, "DROP TRIGGER fail_computers")
        took = await wait_for(lambda: table.rev > rev, 5.0)
        assert took < 5.0
        await service.computers.idle()
    no_traceback(caplog)
    assert not service.errors
    assert table.status == "over" or not table.computer_turn()
    assert (await db.table(table.id))["revision"] == table.rev
    await service.close()


async def test_a_computer_move_lost_on_postgres_goes_on(dropper: Any, caplog: pytest.LogCaptureFixture) -> None:  # noqa: F811
    """A computer's COMMIT dropped before the server saw it (not saved), then after (it counted),
    then the server unreachable for 1.5 s: the computer plays on each time, within 5 s."""
    proxy, url = dropper
    db = await open_database(url)
    service = TableService(db, Settings(computer_pause=0.1, edit_interval=0, turn_timer=0, default_locale="en"))
    service.computers.retry_delays = (0.1, 0.25, 0.5)
    table = await started(service, channel=1400, humans=1, computers=2)
    await service.computers.idle()
    with caplog.at_level(logging.INFO):
        for n, how in enumerate(("before", "after"), 1):
            rev = await member_moves(service, table)
            proxy.armed = how  # the computer's COMMIT (it waits 0.1 s before it moves)
            await wait_for(lambda rev=rev: (table.rev > rev and not table.computer_turn()) or table.status != "playing",
                           5.0)
            assert proxy.dropped == n and not table.stale
            if table.status != "playing":
                break
        if table.status == "playing":
            rev = await member_moves(service, table)
            proxy.refuse = True
            await db.pool.expire_connections()
            await asyncio.sleep(1.5)
            assert table.rev == rev and service.computers.thinking(table)
            proxy.refuse = False
            proxy.armed = None
            await wait_for(lambda: table.rev > rev, 5.0)
        await service.computers.idle()
    no_traceback(caplog)
    assert not service.errors
    direct = await open_database(url)
    assert (await direct.table(table.id))["revision"] == table.rev
    await direct.close()
    await service.close()
    await db.close()
