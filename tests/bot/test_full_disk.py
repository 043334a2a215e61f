"""A member plays while the disk is really full (the database on a small tmpfs, filled):
300 moves used to get "Sorry, something went wrong... try again" and a traceback each, while
``/healthz`` said 200. Now each is told privately that it was not saved, the log has no traceback,
``/healthz`` names the cause; once the disk has room, the health check's own write clears it and
the table plays on. Needs a tmpfs (root: CI and the developers' machines run as root)."""

from __future__ import annotations

import asyncio
import logging
import random
import subprocess
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.infra.health import unready, writes_fail
from bot.service.i18n import t
from bot.service.settings import Settings
from bot.service.tables import TableService
from bot.storage import open_database
from tests.bot.drive import open_table, play_by_command
from tests.bot.test_computer_retries import member_moves, wait_for
from tests.bot.test_reliability_db import started


@pytest.fixture
def db_path(tmp_path: Path) -> Iterator[Path]:
    """The database on a 2 MiB tmpfs of its own (unmounted afterwards)."""
    disk = tmp_path / f"disk-{uuid.uuid4().hex[:8]}"
    disk.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(disk)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs: {mounted.stderr.decode().strip()}")
    try:
        yield disk / "tapis.sqlite3"
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)


def fill(folder: Path) -> Path:
    """Fill the disk to its last byte; returns the filler file."""
    filler = folder / "filler"
    with filler.open("wb", buffering=0) as f:
        for size in (1 << 16, 1 << 12, 1 << 8, 1):
            try:
                while True:
                    f.write(b"\0" * size)
            except OSError:
                pass
    return filler


async def test_a_member_is_told_the_truth_when_the_disk_is_full(world: Any, db_path: Path,
                                                                caplog: pytest.LogCaptureFixture) -> None:
    w = world
    table, _ = await open_table(w, "toy", [w.alice, w.bob], 0)
    await w.bot.presenter.drain()
    filler = fill(db_path.parent)
    rng, rev = random.Random(3), table.rev
    with caplog.at_level(logging.INFO):
        for _ in range(5):
            member = next(m for m in w.members if m.id == table.seats[table.to_act()].user_id)
            res = await play_by_command(member, w.channel, rng)
            assert res.response.content == t("en", "move_not_saved"), res.response.content
        reason = await unready(w.bot)
    assert reason is not None and reason.startswith("database writes fail (disk full: "), reason
    assert table.rev == rev and not w.bot.unexpected
    assert not [r for r in caplog.records if r.exc_info], "no traceback"
    assert len([r for r in caplog.records if "writes fail" in r.getMessage()]) == 1
    filler.unlink()
    assert await writes_fail(w.bot.db) is not None, "no probe within 10 s of a failure"
    w.bot.db.health.failed_at -= 10  # 10 s later
    assert await writes_fail(w.bot.db) is None, "the health check's own write clears it"
    member = next(m for m in w.members if m.id == table.seats[table.to_act()].user_id)
    await play_by_command(member, w.channel, rng)
    assert table.rev == rev + 1


async def test_a_computer_plays_on_once_the_disk_has_room(db_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """The disk full for 1.5 s while a computer is to move (a pause of 0.2 s before each move): its
    move is tried again (one line a failure, no traceback), and saved within 5 s of the room coming back."""
    db = await open_database(db_path)
    service = TableService(db, Settings(computer_pause=0.2, edit_interval=0, turn_timer=0, default_locale="en"))
    table = await started(service, channel=1500, humans=1, computers=2)
    await service.computers.idle()
    with caplog.at_level(logging.INFO):
        rev = await member_moves(service, table)
        filler = fill(db_path.parent)
        await asyncio.sleep(1.5)
        assert table.rev == rev and service.computers.thinking(table), "tried again, not stopped"
        filler.unlink()
        back = time.monotonic()
        await wait_for(lambda: table.rev > rev, 5.0)
        assert time.monotonic() - back < 5.0
        await service.computers.idle()
    assert not [r for r in caplog.records if r.exc_info], "no traceback"
    assert [r for r in caplog.records if "a computer's move was not saved" in r.getMessage()]
    assert not service.errors
    await service.close()
    await db.close()
