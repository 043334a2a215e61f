"""Two shard processes serve moves on one PostgreSQL database; one is killed
(SIGKILL) while both play, a successor started for its shard owns it and restores its tables, the
other shard is served all along, and no acknowledged move is lost or applied twice
(``benchmarks/shard_soak.py``; ``python -m benchmarks.shard_soak`` for a longer run)."""

from __future__ import annotations

from pathlib import Path

from benchmarks.shard_soak import takeover
from tests.conftest import fresh_database
from tools.pgserver import PostgresServer


def test_a_successor_takes_a_killed_process_shards_over(postgres_server: PostgresServer, tmp_path: Path) -> None:
    with fresh_database(postgres_server) as url:
        report = takeover(url, tmp_path, seed=5, moves=30)
    assert report.ok, report.lines() + report.lost[:5] + report.duplicated[:5] + report.stuck[:5]
    acks = report.acknowledged
    assert acks["first"] >= 30 and acks["successor"] >= 30 and acks["other"] >= 60, report.lines()
    assert report.restored > 0, "the successor restored the killed process's tables"
    assert report.finished > 0, report.lines()
