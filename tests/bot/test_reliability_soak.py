"""The restart soak, short: a few SIGKILLs of a child process playing matches on one SQLite file;
every acknowledged move is in the database once, no table is left stuck (the 200-kill run is
``python -m benchmarks.crash_soak --kills 200``)."""

from __future__ import annotations

from pathlib import Path

from benchmarks.crash_soak import soak


def test_kill_and_restart_loses_nothing(tmp_path: Path) -> None:
    report = soak(kills=4, seed=13, folder=tmp_path, max_delay=0.8)
    assert report.kills == 4 and report.acknowledged > 20 and report.finished > 0, report.lines()
    assert report.ok, report.lines() + report.lost[:5] + report.duplicated[:5] + sorted(report.stuck)[:5] \
        + report.inconsistent[:5]
