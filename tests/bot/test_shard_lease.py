"""Shard ownership on a real PostgreSQL server: advisory locks held by one connection per
process; a second owner is refused, a closed or lost connection releases the shards to a successor,
and a process started for an owned shard exits 1 with one clear line."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.infra.shards import ShardLease, ShardTaken
from bot.storage.shard_locks import TAPIS_KEY
from tools.pgserver import PostgresServer

ROOT = Path(__file__).resolve().parents[2]


async def owners(dsn: str) -> dict[int, int]:
    """shard -> PID of the PostgreSQL backend holding its lock (asked to the server)."""
    conn = await asyncpg.connect(dsn)
    try:
        rows = await conn.fetch("SELECT objid::int AS shard, pid FROM pg_locks WHERE locktype = 'advisory' "
                                "AND classid::bigint = $1 AND objsubid = 2 AND granted AND database = "
                                "(SELECT oid FROM pg_database WHERE datname = current_database())", TAPIS_KEY)
    finally:
        await conn.close()
    return {row["shard"]: row["pid"] for row in rows}


async def test_two_owners_are_refused_and_a_successor_takes_over(postgres_server: PostgresServer) -> None:
    dsn = postgres_server.dsn
    first = await ShardLease.acquire(dsn, [1, 0])
    assert first.shard_ids == (0, 1) and await first.held() == (0, 1)
    backend = await first.conn.fetchval("SELECT pg_backend_pid()")
    with pytest.raises(ShardTaken) as refused:
        await ShardLease.acquire(dsn, [1, 2])
    assert str(refused.value) == "shard 1 is served by another process"
    with pytest.raises(ShardTaken, match=r"^shards 0, 1 are served by another process$"):
        await ShardLease.acquire(dsn, [0, 1, 2])
    assert await owners(dsn) == {0: backend, 1: backend}, "a refused process keeps none of its shards"
    other = await ShardLease.acquire(dsn, [2])  # a shard nobody owns
    await first.release()
    assert not first.lost.is_set(), "giving the shards back is not losing them"
    successor = await ShardLease.acquire(dsn, [0, 1])
    assert set(await owners(dsn)) == {0, 1, 2}
    await successor.release()
    await other.release()
    assert await owners(dsn) == {}


async def test_a_lost_connection_is_noticed(postgres_server: PostgresServer) -> None:
    """The lock connection killed under the process (a PostgreSQL restart, a network cut): ``lost``
    is set, and the shards are free for a successor."""
    dsn = postgres_server.dsn
    lease = await ShardLease.acquire(dsn, [3], heartbeat=0.2)
    backend = await lease.conn.fetchval("SELECT pg_backend_pid()")
    admin = await asyncpg.connect(dsn)
    try:
        assert await admin.fetchval("SELECT pg_terminate_backend($1)", backend)
    finally:
        await admin.close()
    await asyncio.wait_for(lease.lost.wait(), timeout=10)
    assert lease.why().startswith("the PostgreSQL connection owning shard 3 was lost (")
    successor = await ShardLease.acquire(dsn, [3])
    await successor.release()
    await lease.release()


async def test_unreachable_postgres_is_one_line() -> None:
    from bot.storage.lockfile import StartupError
    from tools.pgserver import free_port

    with pytest.raises(StartupError, match=r"^cannot reach PostgreSQL to own shard 0: "):
        await ShardLease.acquire(f"postgresql://tapis@127.0.0.1:{free_port()}/tapis", [0])


# -- processes ------------------------------------------------------------------------------------

def shard_env(url: str, ids: str, count: int = 2) -> dict[str, str]:
    """A shard process on the PostgreSQL database ``url`` (its tables and its shards' locks)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SHARD_", "DATABASE_", "DISCORD_"))}
    env.update(SHARD_COUNT=str(count), SHARD_IDS=ids, DATABASE_URL=url, PYTHONPATH=str(ROOT))
    return env


def spawn(env: dict[str, str], folder: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "benchmarks.shard_soak", "--child", "--acks",
                             str(folder / "acks.jsonl"), *args], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def ready(proc: subprocess.Popen[str]) -> int:
    """Wait for the child's ``ready <restored tables>`` line; returns the count."""
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line.startswith("ready "):
        proc.kill()
        raise AssertionError(f"the child did not start (status {proc.wait()}): {line!r} {proc.stderr.read()!r}")
    return int(line.split()[1])


def wait_for(check: Any, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_one_process_per_shard_and_a_successor_after_kill_9(pg_url: str, tmp_path: Path) -> None:
    """A process plays on shards 0-1; a second one for shard 1, whether the shard process or the bot
    itself (``python -m bot``), exits 1 with one line; the first is killed with SIGKILL and a
    successor for the same shards owns them and restores their tables."""
    first = spawn(shard_env(pg_url, "0-1"), tmp_path, "--play", "--seed", "3")
    try:
        assert ready(first) == 0
        wait_for(lambda: (tmp_path / "acks.jsonl").exists() and len((tmp_path / "acks.jsonl").read_bytes()) > 2000)
        owned = asyncio.run(owners(pg_url))
        assert set(owned) == {0, 1} and len(set(owned.values())) == 1

        second = spawn(shard_env(pg_url, "1"), tmp_path)
        out, err = second.communicate(timeout=60)
        assert (second.returncode, out, err) == (1, "", "Tapis cannot start: shard 1 is served by another process\n")
        env = shard_env(pg_url, "1,0") | {"DISCORD_TOKEN": "not.a.token"}
        (tmp_path / "bot").mkdir()
        bot = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path / "bot", env=env, capture_output=True,
                             text=True, timeout=60)
        assert (bot.returncode, bot.stderr) == (1, "Tapis cannot start: shards 0, 1 are served by another process\n")
        assert asyncio.run(owners(pg_url)) == owned and first.poll() is None
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait()
    acknowledged = len((tmp_path / "acks.jsonl").read_text().splitlines())
    successor = spawn(shard_env(pg_url, "0-1"), tmp_path)
    try:
        assert ready(successor) > 0, "the successor restored the tables of its shards"
        assert set(asyncio.run(owners(pg_url))) == {0, 1}
        assert asyncio.run(owners(pg_url)) != owned, "another connection owns them now"
        assert acknowledged > 0
    finally:
        successor.send_signal(signal.SIGKILL)
        successor.wait()


def test_a_process_whose_lock_connection_is_lost_stops(pg_url: str, tmp_path: Path) -> None:
    proc = spawn(shard_env(pg_url, "0", count=4), tmp_path)
    try:
        ready(proc)
        backend = asyncio.run(owners(pg_url))[0]

        async def terminate() -> None:
            conn = await asyncpg.connect(pg_url)
            try:
                await conn.fetchval("SELECT pg_terminate_backend($1)", backend)
            finally:
                await conn.close()

        asyncio.run(terminate())
        _out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 1
    last = err.splitlines()[-1]  # after the log line saying the same
    assert last == "Tapis stopped: the PostgreSQL connection owning shard 0 was lost (the connection closed)", err
    assert asyncio.run(owners(pg_url)) == {}
