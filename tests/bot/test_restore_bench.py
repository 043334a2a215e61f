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
