"""Shard processes without Discord: the bot's start-up (settings, shard ownership, database, restore
of its shards' tables) and scripted members playing, for the shard tests.

A child (``--child``) reads its settings from the environment like ``python -m bot`` does
(``SHARD_COUNT``, ``SHARD_IDS``, ``DATABASE_URL``, ``DATABASE_PATH``), owns its shards with
:func:`bot.infra.shards.claim` (a shard served by another process: ``Tapis cannot start: shard 2 is served
by another process`` on stderr, status 1), opens the database, restores the tables of its shards
and prints ``ready <restored tables>``. Then, with ``--play``, it opens tables in one server per
shard (channels ``shard * 1000 + n``) and plays them: computer players in the background, scripted
members through ``TableService.act``, each acknowledged move appended to the ``--acks`` log and
fsynced (``{"t", "rev", "seat", "a", "shard"}``); ``--finish`` plays its open tables to their end and
exits 0. Without either it only holds its shards. When the connection owning its shards is lost it
stops at once: ``Tapis stopped: ...`` on stderr, status 1, as the bot does.

The parent (:func:`takeover`, needs the PostgreSQL storage): two shard processes play on one
PostgreSQL database; the first is killed with SIGKILL while both play, a successor started for its
shard owns it, restores its tables and plays on; then each shard's open tables are played to their
end, and every acknowledged move is compared with the database (:class:`Report`).

Run: ``.venv/bin/python -m benchmarks.shard_soak --dsn postgresql://...`` (a throwaway server is
started when ``--dsn`` is not given; exit status 1 if anything is wrong).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.crash_soak import GAMES_PLAYED, HUMANS, start_lobby  # noqa: E402

CHANNELS = 3  # tables played at once per shard
FINISH_LIMIT = 120.0


def guild_on(shard: int, count: int) -> int:
    """The test server of ``shard`` (Discord's formula: ``(guild_id >> 22) % count == shard``)."""
    return ((1_000_000 * count + shard) << 22) + 7


async def open_database(settings: Any) -> Any:
    """The database of ``settings``, as ``python -m bot`` opens it."""
    from bot.storage import open_database

    return await open_database(settings.database, synchronous=settings.synchronous)


async def child(acks: Path | None, seed: int, mode: str) -> int:
    from bot.infra.shards import ShardSet, claim
    from bot.service.settings import Settings
    from bot.service.tables import TableService

    settings = Settings.from_env(dotenv=False).with_(computer_pause=0, edit_interval=0, turn_timer=0,
                                                     default_locale="en", computer_workers=0)
    lease = await claim(settings)
    served = ShardSet.of(settings.shard_count or 1, settings.shard_ids)
    db = await open_database(settings)
    service = TableService(db, settings, serves=served.serves)
    try:
        restored = await service.endings.restore()
        print(f"ready {restored}", flush=True)
        work = asyncio.ensure_future(play(service, served, acks, random.Random(seed), mode) if mode != "hold"
                                     else asyncio.Event().wait())
        waits = {work} | ({asyncio.ensure_future(lease.lost.wait())} if lease is not None else set())
        _done, pending = await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
        if lease is not None and lease.lost.is_set():
            print(f"Tapis stopped: {lease.why()}", file=sys.stderr, flush=True)
            return 1
        return int(work.result())
    finally:
        await service.close()
        await db.close()
        if lease is not None:
            await lease.release()


async def play(service: Any, served: Any, acks: Path | None, rng: random.Random, mode: str) -> int:
    """Scripted members play this process's tables; ``finish``: until none is open (0), or stuck (3)."""
    from games.errors import GameError

    assert acks is not None
    log = os.open(acks, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    began = time.monotonic()
    try:
        while True:
            if mode == "play":
                for shard in served.ids:
                    for n in range(CHANNELS):
                        if service.registry.at(shard * 1000 + n) is None:
                            await open_table(service, guild_on(shard, served.count), shard * 1000 + n, rng)
            for table in list(service.tables.values()):
                if table.status == "lobby":
                    await start_lobby(service, table)
            if mode == "finish" and not any(t.open for t in service.tables.values()):
                return 0
            if mode == "finish" and time.monotonic() - began > FINISH_LIMIT:
                print(f"stuck: {sorted(t.id for t in service.tables.values() if t.open)}", flush=True)
                return 3
            waiting = [t for t in service.tables.values() if t.status == "playing" and not t.computer_turn()
                       and t.to_act() is not None]
            if not waiting:
                await asyncio.sleep(0.001)
                continue
            table = rng.choice(waiting)
            seat = table.to_act()
            legal = table.state.legal_actions(seat)
            action = table.game.computer_player().choose(table.state.view(seat), legal, rng)
            before = table.rev
            try:
                await service.act(table.id, table.seats[seat].user_id, str(action), before)
            except GameError as exc:
                print(f"refused: {exc}", file=sys.stderr, flush=True)
                continue
            # the member's own move is the next revision (an obvious answer may follow it in the same save)
            line = json.dumps({"t": table.id, "rev": before + 1, "seat": seat, "a": str(action),
                               "shard": served.ids[0] if len(served.ids) == 1 else None})
            os.write(log, (line + "\n").encode())
            os.fsync(log)  # acknowledged: it must be in the database, whatever happens next
            await asyncio.sleep(0)
    finally:
        os.close(log)


async def open_table(service: Any, guild: int, channel: int, rng: random.Random) -> None:
    game, seats, options = rng.choice(GAMES_PLAYED)
    humans = rng.sample(HUMANS, rng.randint(1, min(seats, len(HUMANS))))
    table = await service.create(guild_id=guild, channel_id=channel, thread_id=None, host_id=humans[0],
                                 host_name=f"u{humans[0]}", game=game, options=dict(options), seats=seats,
                                 seed=str(rng.getrandbits(32)))
    for user in humans[1:]:
        await service.join(table.id, user, f"u{user}")
    await start_lobby(service, table)


# -- the parent ---------------------------------------------------------------------------------

@dataclass
class Report:
    acknowledged: dict[str, int] = field(default_factory=dict)  # run -> acknowledged moves
    restored: int = 0  # tables the successor restored
    lost: list[str] = field(default_factory=list)
    duplicated: list[str] = field(default_factory=list)
    stuck: list[str] = field(default_factory=list)
    finished: int = 0
    errors: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not (self.lost or self.duplicated or self.stuck or self.errors)

    def lines(self) -> list[str]:
        runs = ", ".join(f"{run}: {n}" for run, n in self.acknowledged.items())
        return [f"acknowledged moves: {sum(self.acknowledged.values())} ({runs})",
                f"tables the successor restored: {self.restored}", f"lost: {len(self.lost)}",
                f"duplicated: {len(self.duplicated)}", f"stuck tables: {len(self.stuck)}",
                f"matches finished: {self.finished}", *self.errors]


def shard_env(dsn: str, count: int, ids: str) -> dict[str, str]:
    """A shard process's environment: the caller's, with only these database and shard settings."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SHARD_", "DATABASE_", "DISCORD_"))}
    env.update(SHARD_COUNT=str(count), SHARD_IDS=ids, DATABASE_URL=dsn, PYTHONPATH=str(ROOT))
    return env


def spawn(env: dict[str, str], acks: Path, *args: str) -> subprocess.Popen[str]:
    with open(acks.with_name("children.log"), "a", encoding="utf-8") as errors:  # their stderr
        return subprocess.Popen([sys.executable, "-m", "benchmarks.shard_soak", "--child", "--acks", str(acks),
                                 *args], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=errors, text=True)


def ready(proc: subprocess.Popen[str]) -> int:
    """The child's ``ready <restored tables>``; raises when it failed to start."""
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line.startswith("ready "):
        proc.kill()
        raise RuntimeError(f"a shard process failed to start (status {proc.wait()}): {line!r}")
    return int(line.split()[1])


def acked(path: Path) -> list[dict[str, Any]]:
    """The acknowledged moves of a log (a last line cut by a kill was never acknowledged)."""
    out = []
    for raw in path.read_text(encoding="utf-8").splitlines() if path.exists() else []:
        try:
            out.append(json.loads(raw))
        except json.JSONDecodeError:
            continue
    return out


def wait_acks(path: Path, n: int, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while len(acked(path)) < n:
        if time.monotonic() > deadline:
            raise RuntimeError(f"{path.name}: fewer than {n} acknowledged moves after {timeout:.0f} s")
        time.sleep(0.05)


def takeover(dsn: str, folder: Path, *, seed: int = 1, moves: int = 40) -> Report:
    """Shards 0 and 1 of 2 in two processes; the first killed and succeeded; every table finished."""
    report = Report()
    logs = {run: folder / f"acks-{run}.jsonl" for run in ("first", "other", "successor", "finish0", "finish1")}
    first = spawn(shard_env(dsn, 2, "0"), logs["first"], "--play", "--seed", str(seed))
    other = spawn(shard_env(dsn, 2, "1"), logs["other"], "--play", "--seed", str(seed + 1))
    procs = [first, other]
    try:
        ready(first), ready(other)
        wait_acks(logs["first"], moves)
        wait_acks(logs["other"], moves)
        first.send_signal(signal.SIGKILL)  # while both play
        first.wait()
        before = len(acked(logs["other"]))
        successor = spawn(shard_env(dsn, 2, "0"), logs["successor"], "--play", "--seed", str(seed + 2))
        procs.append(successor)
        report.restored = ready(successor)
        wait_acks(logs["successor"], moves)
        wait_acks(logs["other"], before + moves)  # shard 1 was served all along
        for proc in (successor, other):  # stopped the hard way too: nothing acknowledged may be lost
            proc.send_signal(signal.SIGKILL)
            proc.wait()
        for shard in (0, 1):  # each shard's open tables played to their end
            last = spawn(shard_env(dsn, 2, str(shard)), logs[f"finish{shard}"], "--finish", "--seed", str(seed + 3))
            procs.append(last)
            ready(last)
            if last.wait(timeout=FINISH_LIMIT + 60) != 0:
                report.errors.append(f"the last run of shard {shard} ended with status {last.returncode}")
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            if proc.stdout is not None:
                proc.stdout.close()
    report.acknowledged = {run: len(acked(path)) for run, path in logs.items()}
    asyncio.run(verify(dsn, [ack for path in logs.values() for ack in acked(path)], report))
    return report


async def verify(dsn: str, acks: list[dict[str, Any]], report: Report) -> None:
    """Every acknowledged move is in the database once, as acknowledged; every table is finished
    with its results."""
    import asyncpg

    conn = await asyncpg.connect(dsn)
    try:
        rows = {(r["table_id"], r["rev"]): r for r in await conn.fetch(
            "SELECT table_id, rev, seat, action, by_computer FROM actions")}
        tables = await conn.fetch("SELECT id, status, seats FROM game_tables")
        results = {r["table_id"]: r["n"] for r in await conn.fetch(
            "SELECT table_id, COUNT(*) AS n FROM results GROUP BY table_id")}
    finally:
        await conn.close()
    seen: set[tuple[str, int]] = set()
    for ack in acks:
        key = (ack["t"], ack["rev"])
        if key in seen:
            report.duplicated.append(str(key))
        seen.add(key)
        row = rows.get(key)
        if row is None or row["action"] != ack["a"] or row["seat"] != ack["seat"] or row["by_computer"]:
            report.lost.append(f"{key}: {ack['a']}")
    for table in tables:
        if table["status"] in ("lobby", "playing"):
            report.stuck.append(table["id"])
        elif table["status"] == "over":
            report.finished += 1
            if results.get(table["id"]) != table["seats"]:
                report.stuck.append(f"{table['id']} (results)")


def main(argv: list[str] | None = None) -> int:
    from bot.storage.lockfile import StartupError

    parser = argparse.ArgumentParser(prog="python -m benchmarks.shard_soak", description=__doc__.split("\n\n")[0])
    parser.add_argument("--child", action="store_true", help="run one shard process (settings from the environment)")
    parser.add_argument("--play", action="store_true", help="open and play tables on its shards")
    parser.add_argument("--finish", action="store_true", help="play its open tables to their end, then exit")
    parser.add_argument("--acks", type=Path, default=None, help="the acknowledged moves' log")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dsn", default=None, help="an empty PostgreSQL database (default: a throwaway server)")
    args = parser.parse_args(argv)
    if not args.child:
        return run_takeover(args.dsn, args.seed)
    mode = "finish" if args.finish else "play" if args.play else "hold"
    try:
        return asyncio.run(child(args.acks, args.seed, mode))
    except StartupError as exc:  # as python -m bot says it
        print(f"Tapis cannot start: {exc}", file=sys.stderr, flush=True)
        return 1


def run_takeover(dsn: str | None, seed: int) -> int:
    from tools.pgserver import PostgresServer

    folder = Path(tempfile.mkdtemp(prefix="tapis-shards-"))
    began = time.monotonic()
    if dsn is None:
        with PostgresServer() as server:
            report = takeover(server.dsn, folder, seed=seed)
    else:
        report = takeover(dsn, folder, seed=seed)
    for line in report.lines():
        print(line)
    print(f"time: {time.monotonic() - began:.0f} s, logs: {folder}")
    for name in ("lost", "duplicated", "stuck"):
        for item in getattr(report, name)[:10]:
            print(f"  {name}: {item}")
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
