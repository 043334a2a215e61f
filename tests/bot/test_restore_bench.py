"""The restore benchmark (``benchmarks/restore.py``) runs against the current code: real
matches of every game saved with their snapshots, restored, every member's hand opened (the full
run, with its timed start-ups in fresh processes, is too slow for the suite)."""

from __future__ import annotations

from pathlib import Path

import games
from benchmarks import restore


async def test_a_restore_in_this_process_opens_every_hand(tmp_path: Path) -> None:
    path = tmp_path / "restore.sqlite3"
    ids = await restore._templates(path, len(games.GAMES), 20, 1)
    assert len(ids) == len(games.GAMES)
    figures = await restore._start(path, with_hands=True)
    assert figures["restored"] == len(games.GAMES)
    assert figures["hands"] >= 2 * len(games.GAMES)  # every member's hand (two to four seats each)


async def test_a_restore_then_every_table_drawn_again_with_its_timers(tmp_path: Path) -> None:
    path = tmp_path / "restore.sqlite3"
    await restore._templates(path, 2, 12, 2)
    figures = await restore._start(path, redraw=True)
    assert figures["restored"] == figures["edits"] == figures["timers"] == 2  # every table drawn, timed
    assert 0 < figures["busiest"] <= 1 and figures["redraw_cpu"] > 0
