"""Restart soak: matches of several games in a child process, SIGKILLed at random moments.

The child (``--child``) runs the real :class:`bot.service.tables.TableService` on one SQLite file: tables
of Tarot, Tresillo, Piquet, Le Trio and L'École in several channels, computer players acting in the
background and scripted "human" members acting through ``TableService.act``. Right after ``act()``
returns (the move is acknowledged), the child appends it to an acknowledgement log and fsyncs it.
The parent kills the child with SIGKILL at random moments (sometimes while it is still starting
and restoring), inspects the file, and restarts it on the same file. A last child, never killed,
plays every open table to its end. Then every acknowledged move is compared with the database.

Figures: kills, acknowledged actions, lost (acknowledged but not in the database, or different
there), duplicated (one revision acknowledged twice), stuck tables (an open table whose saved state
is over, one that never finishes in the last run, or a finished one without results), inconsistent
tables (saved log and action rows disagree, or the log does not replay).

Run: ``.venv/bin/python -m benchmarks.crash_soak --kills 200`` (exit status 1 if anything is wrong);
``--postgres`` runs it on PostgreSQL instead (a throwaway server from :mod:`tools.pgserver`, or
``--dsn postgresql://...``, an empty database).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CHANNELS = 6
HUMANS = (1, 2, 3, 4)
GAMES_PLAYED = (("tarot", 4, {"deals": 1}), ("tresillo", 3, {"rounds": 1}), ("piquet", 2, {}),
                ("trio", 3, {"contracts": 1, "stock_exhausted": "end_round"}),
                ("ecole", 3, {"contracts": 1, "stock_exhausted": "end_round"}))
FINISH_LIMIT = 120.0  # seconds the last child has to finish every open table


# -- the child ----------------------------------------------------------------------------------

async def child(database: str, acks: Path, seed: int, finish: bool) -> int:
    from bot.service.settings import Settings
    from bot.service.tables import TableService
    from bot.storage import open_database
    from games.errors import GameError

    rng = random.Random(seed)
    settings = Settings(database_path=Path(database), computer_pause=0, edit_interval=0, turn_timer=0,
                        default_locale="en")
    db = await open_database(database)
    service = TableService(db, settings)
    await service.endings.restore()
    log = os.open(acks, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    print("ready", flush=True)
    began = time.monotonic()
    try:
        while True:
            if not finish:
                for channel in range(1, CHANNELS + 1):
                    if service.registry.at(channel) is None:
                        await open_table(service, channel, rng)
            for table in list(service.tables.values()):
                if table.status == "lobby":
                    await start_lobby(service, table)
            waiting = [t for t in service.tables.values() if t.status == "playing" and not t.computer_turn()
                       and t.to_act() is not None]
            if finish and not any(t.open for t in service.tables.values()):
                return 0
            if finish and time.monotonic() - began > FINISH_LIMIT:
                print(f"stuck: {sorted(t.id for t in service.tables.values() if t.open)}", flush=True)
                return 3
            if not waiting:
                await asyncio.sleep(0.001)
                continue
            table = rng.choice(waiting)
            seat = table.to_act()
            assert seat is not None and table.state is not None
            legal = table.state.legal_actions(seat)
            action = table.game.computer_player().choose(table.state.view(seat), legal, rng)
            user = table.seats[seat].user_id
            played_at = table.rev + 1  # the move's own revision (a move the bot answers for them may follow it)
            try:
                if rng.random() < 0.2:
                    await service.act(table.id, user, [], table.rev, index=[legal.index(action)])
                else:
                    await service.act(table.id, user, str(action), table.rev)
            except GameError as exc:
                print(f"refused: {exc}", file=sys.stderr, flush=True)
                continue
            line = json.dumps({"t": table.id, "rev": played_at, "seat": seat, "a": str(action)})
            os.write(log, (line + "\n").encode())
            os.fsync(log)  # acknowledged: it must be in the database, whatever happens next
            await asyncio.sleep(0)
    finally:
        os.close(log)
        await service.close()
        await db.close()


async def open_table(service: Any, channel: int, rng: random.Random) -> None:
    game, seats, options = rng.choice(GAMES_PLAYED)
    humans = rng.sample(HUMANS, rng.randint(1, min(seats, len(HUMANS))))
    table = await service.create(guild_id=1, channel_id=channel, thread_id=None, host_id=humans[0],
                                 host_name=f"u{humans[0]}", game=game, options=dict(options), seats=seats,
                                 seed=str(rng.getrandbits(32)))
    for user in humans[1:]:
        await service.join(table.id, user, f"u{user}")
    await start_lobby(service, table)


async def start_lobby(service: Any, table: Any) -> None:
    while len(table.seats) < table.capacity:
        await service.add_computer(table.id, table.host_id)
    await service.start(table.id, table.host_id)


# -- the parent ---------------------------------------------------------------------------------

@dataclass
class Report:
    kills: int = 0
    acknowledged: int = 0
    lost: list[str] = field(default_factory=list)
    duplicated: list[str] = field(default_factory=list)
    stuck: set[str] = field(default_factory=set)
    inconsistent: list[str] = field(default_factory=list)
    finished: int = 0
    actions: int = 0

    @property
    def ok(self) -> bool:
        return not (self.lost or self.duplicated or self.stuck or self.inconsistent)

    def lines(self) -> list[str]:
        return [f"kills: {self.kills}", f"acknowledged actions: {self.acknowledged}",
                f"lost: {len(self.lost)}", f"duplicated: {len(self.duplicated)}", f"stuck tables: {len(self.stuck)}",
                f"inconsistent tables: {len(self.inconsistent)}",
                f"matches finished: {self.finished}, actions saved: {self.actions}"]


def spawn(database: str, acks: Path, seed: int, finish: bool = False) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "benchmarks.crash_soak", "--child", "--database", database,
               "--acks", str(acks), "--seed", str(seed)] + (["--finish"] if finish else [])
    with open(acks.with_name("children.log"), "a", encoding="utf-8") as errors:  # their stderr
        return subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=errors, text=True)


def fetch(database: str, *queries: str) -> list[list[dict[str, Any]]]:
    """The rows of each query, read from the SQLite file or the PostgreSQL database ``database``."""
    if not database.startswith("postgresql://"):
        with sqlite3.connect(database) as conn:
            conn.row_factory = sqlite3.Row
            return [[dict(r) for r in conn.execute(sql)] for sql in queries]
    import asyncpg

    async def read() -> list[list[dict[str, Any]]]:
        conn = await asyncpg.connect(database)
        try:
            return [[dict(r) for r in await conn.fetch(sql)] for sql in queries]
        finally:
            await conn.close()

    return asyncio.run(read())


def open_over(database: str) -> set[str]:
    """Open tables whose saved state is already over (a crash between the last move and the end)."""
    import games
    from bot.storage import replayed

    found = set()
    rows, actions = fetch(database, "SELECT id, game, state FROM game_tables WHERE status = 'playing'",
                          """SELECT a.table_id, a.rev, a.action FROM actions a JOIN game_tables t ON t.id = a.table_id
                             WHERE t.status = 'playing' ORDER BY a.table_id, a.rev""")
    later: dict[str, list[dict[str, Any]]] = {}
    for a in actions:
        later.setdefault(a["table_id"], []).append(a)
    for table_id, game, state in ((r["id"], r["game"], r["state"]) for r in rows):  # the last snapshot and the actions after it
        if state and games.GAMES[game].load(replayed(json.loads(state), later.get(table_id, []))).to_act() is None:
            found.add(table_id)
    return found


def verify(database: str, acks: Path, report: Report) -> None:
    import games
    from bot.storage import replayed

    seen: dict[tuple[str, int], dict[str, Any]] = {}
    for raw in acks.read_text(encoding="utf-8").splitlines():
        try:
            ack = json.loads(raw)
        except json.JSONDecodeError:  # the last line, cut by a kill before its fsync: never acknowledged
            continue
        report.acknowledged += 1
        key = (ack["t"], ack["rev"])
        if key in seen:
            report.duplicated.append(f"{key}")
        seen[key] = ack
    actions, tables, counts = fetch(database, "SELECT * FROM actions", "SELECT * FROM game_tables",
                                    "SELECT table_id, COUNT(*) AS n FROM results GROUP BY table_id")
    rows = {(r["table_id"], r["rev"]): r for r in actions}
    results = {r["table_id"]: r["n"] for r in counts}
    for key, ack in seen.items():
        row = rows.get(key)
        if row is None or row["action"] != ack["a"] or row["seat"] != ack["seat"] or row["by_computer"]:
            report.lost.append(f"{key}: {ack['a']}")
    report.actions = len(rows)
    for t in tables:
        if t["status"] in ("lobby", "playing"):
            report.stuck.add(t["id"])
            continue
        if t["state"] is None:
            continue
        saved = [rows[(t["id"], r)]["action"] if (t["id"], r) in rows else None for r in range(1, t["revision"] + 1)]
        try:  # the last snapshot and the action rows after it, as the bot loads it
            data = replayed(json.loads(t["state"]), [{"rev": r, "action": a} for r, a in enumerate(saved, 1)])
            state = games.GAMES[t["game"]].load(data)
        except Exception as exc:
            report.inconsistent.append(f"{t['id']}: {exc}")
            continue
        if data["log"] != saved or state.rev != t["revision"]:
            report.inconsistent.append(f"{t['id']}: log and action rows differ")
        if t["status"] == "over":
            report.finished += 1
            if state.to_act() is not None:
                report.inconsistent.append(f"{t['id']}: over before its end")
            if results.get(t["id"]) != t["seats"]:
                report.stuck.add(t["id"])


def soak(kills: int, seed: int, folder: Path, max_delay: float, dsn: str | None = None) -> Report:
    rng = random.Random(seed)
    database, acks = dsn or str(folder / "soak.sqlite3"), folder / "acks.jsonl"
    report = Report()
    for _ in range(kills):
        proc = spawn(database, acks, rng.getrandbits(32))
        assert proc.stdout is not None
        if rng.random() < 0.15:  # now and then, while it is starting and restoring
            time.sleep(rng.uniform(0.0, 1.0))
        else:
            ready = proc.stdout.readline()
            if ready.strip() != "ready":
                raise SystemExit(f"the child failed to start (exit {proc.wait()}): {ready!r}")
            time.sleep(rng.uniform(0.0, max_delay))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        report.kills += 1
        report.stuck |= open_over(database)
    last = spawn(database, acks, rng.getrandbits(32), finish=True)
    out, _ = last.communicate(timeout=FINISH_LIMIT + 60)
    if last.returncode != 0:
        print(f"the last run ended with status {last.returncode}: {out.strip()[-300:]}", file=sys.stderr)
    verify(database, acks, report)
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.crash_soak", description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-delay", type=float, default=1.5, help="longest run before a kill (seconds)")
    parser.add_argument("--dir", type=Path, default=None, help="where the database goes (default: a new temp dir)")
    parser.add_argument("--postgres", action="store_true", help="on PostgreSQL (a throwaway server)")
    parser.add_argument("--dsn", default=None, help="on this empty PostgreSQL database instead")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--finish", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--database", help=argparse.SUPPRESS)
    parser.add_argument("--acks", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return asyncio.run(child(args.database, args.acks, args.seed, args.finish))
    folder = args.dir or Path(tempfile.mkdtemp(prefix="tapis-soak-"))
    folder.mkdir(parents=True, exist_ok=True)
    began = time.monotonic()
    if args.postgres and not args.dsn:
        from tools.pgserver import PostgresServer

        with PostgresServer() as server:
            report = soak(args.kills, args.seed, folder, args.max_delay, server.dsn)
    else:
        report = soak(args.kills, args.seed, folder, args.max_delay, args.dsn)
    for line in report.lines():
        print(line)
    print(f"time: {time.monotonic() - began:.0f} s, database: {args.dsn or ('PostgreSQL' if args.postgres else folder / 'soak.sqlite3')}")
    for name in ("lost", "duplicated", "inconsistent"):
        for item in getattr(report, name)[:10]:
            print(f"  {name}: {item}")
    for item in sorted(report.stuck)[:10]:
        print(f"  stuck: {item}")
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
