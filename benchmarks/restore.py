"""Start-up with realistic tables: the time until 10,000 tables in play are ready:
built on first use (``bot.service.facts``: start-up reads each table's saved facts, its state is
decoded when first read), against restored from their engine snapshots (``games.snapshot``) at
start-up, and against the whole logs replayed.

The tables are real: ``--templates`` matches of the five games are played through
``TableService.act`` (the production write path: action rows, the state and its snapshot saved
every ``SNAPSHOT_EVERY`` actions and at each deal's end) with a random number of moves around
``--moves`` (188 by default, uniform in ±20 %), their message and pings recorded as shown; then
the rows of each are copied under new ids and channels until ``--tables`` tables are stored. The
"snapshots" database is the same one without the facts (``facts = NULL``: every state decoded at
start-up, snapshot plus tail, as saved before the facts); the "whole logs" one has no snapshots
either (``json_remove(state, '$.snap')``): every log replayed from its first action.

Each start-up is timed in a fresh process (open the database, ``TableService.endings.restore``, the
presenter's ``start_up``; the background redraws are not timed), which prints the seconds, the
tables restored, the CPU time of the process (all threads: a figure that holds when other work
shares the machine) and the growth of its resident memory per table; with ``--hands``, then every
member's live hand opened (a token and ids each, :mod:`bot.ui.tokens`), after every table was used
once (its state built, as on first use), and the process's memory, and its growth per table as the
hands were opened. Nothing runs under ``tracemalloc``: its record of each block stays in the
process's memory once it stops (until stop 44 the hands were opened under it, which added about
42 MiB to the process's figure, 403 MiB against 361 on the same database).

Measured (2 shared cores, other work niced beside it; 10,000 tables, 182 actions
each; ``--tables 10000 --hands --repeat 3``, medians):

    start-up                     ready     CPU      per table   every hand open
    whole logs replayed          36.9 s    36.9 s   31.6 KiB    440 MiB
    snapshot + tail at start-up  10.4 s    10.3 s   21.8 KiB    339 MiB
    built on first use            2.02 s    2.01 s  14.0 KiB    388 MiB (every table used once)

(runs 2.55, 2.02 and 1.96 s; an earlier series 2.07, 2.00, 1.80 s; single runs 1.74 and 1.93 s.)

Stop 37: the cyclic collector paused during the start (:mod:`bot.infra.collector`) and the next
batch of rows read while one is rebuilt (:meth:`bot.service.endings.Endings.restore`); same
command, 182 actions a table, a load of 1-2:

    start-up                     ready     CPU      per table   every hand open
    whole logs replayed          33.3 s    32.8 s   32.0 KiB    452 MiB
    snapshot + tail at start-up   4.74 s    4.68 s  22.3 KiB    350 MiB
    built on first use            1.16 s    1.16 s  14.0 KiB    386 MiB (every table used once)

(runs 1.27, 1.16 and 1.07 s; three more starts of the same file 1.12, 1.05, 1.07 s.)

With ``--redraw``, only the database as production saves it is started, the way production
starts it and then pays for it: turn timers on (90 s), the table images drawn in two worker
processes (``IMAGE_WORKERS``' default), and after the restore every table's message drawn again
once through the presenter's own path (``Presenter._table_message``: the public view, the image,
the record under the table, the embed and components, the request's body built; Discord's answer
is not waited for, and the channel and global limits are off, so only the work is timed). The
image cache is off for it: the copies share their templates' views, which 10,000 real tables
never do. Printed: the CPU seconds of the bot's process for the restore and for the redraws, the
image workers' CPU beside it, its resident memory after them, and the largest share of the turn
timers and waiting computers due in any one second after the restore.

Measured with ``--redraw`` (10,000 tables, 180 actions each, 2 shared cores at a load of 15-17;
each start-up in a fresh process, before and after in turn, medians of 3, CPU of the bot's process):

                       restore   redraws   together  images (workers)  RSS after  busiest second
    record replayed     1.31 s   61.4 s    62.7 s    17.5 s            431 MiB    100 % (all at 90 s)
    record from restore 1.37 s   13.9 s    15.3 s    16.2 s            344 MiB    1.00 % (over 99 s)

(redraws before 58.7, 62.7, 61.4 s; after 13.9, 14.1, 12.3 s.) What a redraw still costs, about
1.3 ms a table: the state built from its snapshot and its tail (0.5), the embed (0.2), the public
view, the components, the key, the image's bridge and the request's body.

The same redraws are then timed once more, the tables in use and nothing restored: what any redraw
costs, restart or not. Later (a load of about 2): restore 1.93 s + first redraws 15.16 s = 17.09 s,
the same redraws again 11.43 s (runs 11.53, 11.43, 10.25), so the restart itself adds 5.66 s for
10,000 tables, about 0.4 ms a table beyond a redraw in play; 336 MiB after.

Run: ``.venv/bin/python -m benchmarks.restore --tables 10000 [--repeat 3] [--hands | --redraw]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games
from bot.infra import collector
from bot.service.archive import Archive
from bot.service.settings import Settings
from bot.service.shown_records import ShownRecords
from bot.service.table import Table
from bot.service.tables import TableService
from bot.storage import open_database
from bot.ui.hands import Console, Hands
from bot.ui.tokens import HandToken

if TYPE_CHECKING:
    from bot.ui.presenter import Presenter


def _settings(path: Path) -> Settings:
    return Settings(database_path=path, computer_pause=0, edit_interval=1.0, turn_timer=0, default_locale="en")


async def _templates(path: Path, count: int, moves: int, seed: int) -> list[str]:
    """``count`` matches in play, the games in turn, each ``moves`` ±20 % actions in (random legal ones)."""
    from bot.ui import parts

    db = await open_database(path)
    records = ShownRecords(db)  # what Discord showed of each table
    service = TableService(db, _settings(path))
    rng = random.Random(seed)
    names = sorted(games.GAMES)
    ids: list[str] = []
    n = 0
    while len(ids) < count:
        game = games.GAMES[names[len(ids) % len(names)]]
        seats = max(game.min_seats, min(4, game.max_seats))
        base = 1000 * (n + 1)
        table = await service.create(guild_id=1, channel_id=n + 1, thread_id=None, host_id=base, host_name="p0",
                                     game=game.name, options=None, seats=seats, seed=f"restore-{seed}-{n}")
        n += 1
        for i in range(1, seats):
            await service.join(table.id, base + i, f"p{i}")
        await service.start(table.id, base)
        for _ in range(rng.randint(int(moves * 0.8), int(moves * 1.2))):
            seat = table.to_act()
            if table.status != "playing" or table.state is None or seat is None:
                break
            await service.act(table.id, base + seat, str(rng.choice(table.state.legal_actions(seat))))
        if not table.open or table.to_act() is None:
            continue  # over before its moves: not a table in play
        await service.set_message(table, 10_000 + n)
        await records.record(table.id, "table", parts.table_key(table), table.message_id)
        for deal in parts.ended_deals(table):
            await records.record(table.id, f"recap:{deal}")
        await records.record(table.id, "ping", f"{table.to_act()}:{table.turn_start}")
        ids.append(table.id)
    await service.close()
    await db.close()
    return ids


def _copy_rows(path: Path, templates: list[str], tables: int) -> int:
    """Copy the templates' rows (table, seats, actions, shown parts) under new ids until ``tables``
    tables are stored; returns the mean number of actions per table."""
    con = sqlite3.connect(path)
    con.row_factory = sqlite3.Row
    marks = ",".join("?" * len(templates))
    rows = {r["id"]: dict(r) for r in con.execute(f"SELECT * FROM game_tables WHERE id IN ({marks})", templates)}
    kids = {name: {t: [dict(r) for r in con.execute(f"SELECT * FROM {name} WHERE table_id = ?", (t,))]
                   for t in templates} for name in ("seats", "actions", "shown_parts")}
    total = 0
    for n in range(len(templates), tables):
        source = templates[n % len(templates)]
        new_id = f"c{n:06d}"
        row = {**rows[source], "id": new_id, "channel_id": 100_000 + n, "message_id": 200_000 + n}
        con.execute(f"INSERT INTO game_tables ({','.join(row)}) VALUES ({','.join('?' * len(row))})",
                    list(row.values()))
        for name, per in kids.items():
            items = per[source]
            if items:
                cols = list(items[0])
                con.executemany(f"INSERT INTO {name} ({','.join(cols)}) VALUES ({','.join('?' * len(cols))})",
                                [[new_id if c == "table_id" else r[c] for c in cols] for r in items])
    con.commit()
    for (count,) in con.execute("SELECT COUNT(*) FROM actions"):
        total = count
    con.close()
    return round(total / tables)


def _strip(path: Path, to: Path, *, snapshots: bool) -> None:
    """``to``: the database of ``path`` without the facts (every state decoded at start-up) and,
    unless ``snapshots``, without the snapshots (restored as before them: whole logs)."""
    shutil.copy(path, to)
    con = sqlite3.connect(to)
    con.execute("UPDATE game_tables SET facts = NULL")
    if not snapshots:
        con.execute("UPDATE game_tables SET state = json_remove(state, '$.snap') WHERE state IS NOT NULL")
    con.commit()
    con.close()


def _rss_kib() -> int:
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


async def _open_hands(service: TableService, tables: list[Table]) -> tuple[Hands, object]:
    """Every member's live hand open (:class:`bot.ui.hands.Console`: a token and ids, what it shows)."""
    import aiohttp
    import discord

    session = aiohttp.ClientSession()
    hands = Hands(SimpleNamespace(service=service))  # type: ignore[arg-type]
    n = 0
    for table in tables:
        for seat, info in enumerate(table.seats):
            n += 1
            if info.user_id is None:
                continue
            token = f"aW50ZXJhY3Rpb246{n:012d}" + "x" * 200  # an interaction token is about 230 characters
            webhook = discord.Webhook.partial(1_000_000 + n, token, session=session)
            handle = HandToken(webhook, (2_000_000 + n) << 22, info.user_id, table.guild_id, discord.Locale.french)
            console = Console(table.id, seat, 3_000_000 + n, handle)
            console.shown = hands.key(table, seat, None)
            hands.consoles.setdefault(table.id, {})[seat] = console
    return hands, session


def _due(service: TableService, now: float) -> list[float]:
    """When each restored table's turn timer or computer falls due (Unix seconds): the service's
    own record of them, or, before it kept one, each timer task's sleep from ``now``."""
    computers = service.computers
    due = getattr(computers, "due", None)
    if isinstance(due, dict):
        return list(due.values())
    # a timer task's coroutine holds its sleep's length as an argument (its frame exists before it runs)
    times = [now + float(task.get_coro().cr_frame.f_locals["seconds"])  # type: ignore[union-attr]  # (above)
             for task in computers.timers.values() if not task.done()]
    return times + [now] * sum(1 for task in computers.robots.values() if not task.done())


def _busiest(times: list[float]) -> float:
    """The largest share of ``times`` within any one second (as :func:`bot.service.timers.busiest`,
    written out here so that the code before it is measured the same way)."""
    ordered = sorted(times)
    most, first = 0, 0
    for n, at in enumerate(ordered):
        while ordered[first] <= at - 1.0:
            first += 1
        most = max(most, n - first + 1)
    return most / len(ordered) if ordered else 0.0


def _worker_cpu(pids: list[int]) -> float:
    """The CPU seconds (user + system) the processes ``pids`` used so far."""
    import os

    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rpartition(")")[2].split()
        total += int(fields[11]) + int(fields[12])
    return total / tick


async def _redraws(presenter: Presenter, service: TableService, tables: list[Table]) -> None:
    """Every table's message drawn again once through the presenter's path, 16 at a time."""
    slots = asyncio.Semaphore(16)

    async def one(table: Table) -> None:
        entry = presenter.shown[table.id]
        async with slots, entry.lock:
            entry.parts.pop("table", None)  # drawn again, as after a change
            channel = SimpleNamespace(id=table.place_id)  # the edit reads only its id
            await presenter._table_message(table, entry, channel,  # type: ignore[arg-type]  # (the line above)
                                           service.preferences.locale_of(table.guild_id))

    await asyncio.gather(*(one(table) for table in tables))
    await presenter.recorder.flush()


class _Http:
    """Discord's HTTP client as the presenter's edit sees it: the request's body is built by the
    caller; this counts the edits and answers at once."""

    def __init__(self) -> None:
        self.edits = 0

    async def edit_message(self, channel_id: int, message_id: int, *, params: object) -> None:
        self.edits += 1


async def _start(path: Path, with_hands: bool = False, redraw: bool = False) -> dict[str, float]:
    """One timed start-up of the database at ``path`` (in this process); ``with_hands``: then every
    member's hand opened (not timed), for the memory of the bot with every hand open;
    ``redraw``: as production starts (timers, image workers), then every table drawn again (timed)."""
    from bot.infra import images
    from bot.ui.budget import ChannelLimiter, GlobalBudget
    from bot.ui.presenter import Presenter

    settings = _settings(path)
    if redraw:
        settings = settings.with_(turn_timer=90, image_workers=2)
    rss = _rss_kib()
    began, cpu = time.perf_counter(), time.process_time()
    db = await open_database(path)
    bot = SimpleNamespace(settings=settings, unexpected=[], http=_Http(), archive=Archive(db), records=ShownRecords(db))
    presenter = Presenter(bot)  # type: ignore[arg-type]

    async def spread(tables: list[object]) -> None:  # the background redraws: timed below (--redraw)
        return None

    presenter._redraw_spread = spread  # type: ignore[method-assign]
    bot.service = service = TableService(db, settings)
    bot.metrics = service.metrics
    service.bus.subscribe(presenter)
    presenter.starting = True
    with collector.paused():  # as ``TapisBot.setup_hook``
        restored = await service.endings.restore()
        if redraw:  # when each timer falls due as the restore planned it; then nothing plays while timed
            planned = time.time()
            due = _due(service, planned)
            for table_id in list(service.tables):
                service.computers.stop(table_id)
        await presenter.start_up(list(service.tables.values()))
    elapsed, cpu = time.perf_counter() - began, time.process_time() - cpu
    grown = _rss_kib() - rss
    out = {"seconds": elapsed, "cpu": cpu, "restored": restored, "kib_per_table": grown / max(1, restored)}
    if redraw:
        out |= {"timers": len(due), "busiest": _busiest(due), "last_due": max(due, default=planned) - planned}
        cached, images.TABLES.size = images.TABLES.size, 0  # every table drawn (see the module's docstring)
        presenter.budget, presenter.limiter = GlobalBudget(0.0), ChannelLimiter(5, 0.0)
        pool = images._pool
        workers = pool.pids() if pool is not None else []
        drew, started = _worker_cpu(workers), time.process_time()
        wall = time.perf_counter()
        try:
            await _redraws(presenter, service, list(service.tables.values()))
            out |= {"redraw_cpu": time.process_time() - started, "redraw_seconds": time.perf_counter() - wall,
                    "image_cpu": _worker_cpu(workers) - drew, "edits": bot.http.edits, "rss_mib": _rss_kib() / 1024}
            again = time.process_time()  # the same redraws once more: what a redraw costs a table in use
            await _redraws(presenter, service, list(service.tables.values()))
            out["again_cpu"] = time.process_time() - again
        finally:
            images.TABLES.size = cached
            images.use_processes(0)  # the workers stop
    if with_hands:
        for table in service.tables.values():  # each table used once (built on first use)
            _ = table.state
        before = _rss_kib()
        hands, session = await _open_hands(service, list(service.tables.values()))
        after = _rss_kib()  # untraced: tracemalloc's record of each block stayed in the process (42 MiB)
        consoles = sum(len(seats) for seats in hands.consoles.values())
        out |= {"hands": consoles, "hand_kib_per_table": (after - before) / max(1, restored), "rss_mib": after / 1024}
        await session.close()  # type: ignore[attr-defined]
    await service.close()
    await db.close()
    return out


def _measure(path: Path, with_hands: bool, redraw: bool = False) -> dict[str, float]:
    """A start-up in a fresh process (clean memory figures)."""
    extra = ["--hands"] if with_hands else ["--redraw"] if redraw else []
    out = subprocess.run([sys.executable, "-m", "benchmarks.restore", "--measure", str(path), *extra], check=True,
                         capture_output=True, text=True, cwd=Path(__file__).resolve().parent.parent).stdout
    return dict(json.loads(out.strip().splitlines()[-1]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--templates", type=int, default=40, help="matches played, then copied")
    parser.add_argument("--moves", type=int, default=188, help="mean actions per table in play")
    parser.add_argument("--repeat", type=int, default=1, help="start-ups timed per database (the median is printed)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--hands", action="store_true", help="then open every member's hand: memory figures")
    parser.add_argument("--redraw", action="store_true",
                        help="production's database only, timers on, then every table drawn again (timed)")
    parser.add_argument("--keep", action="store_true", help="keep the databases (their folder is printed)")
    parser.add_argument("--database", type=Path, help="start this database (built by an earlier --keep) instead")
    args = parser.parse_args(argv)
    if args.measure:
        print(json.dumps(asyncio.run(_start(args.measure, args.hands, args.redraw))))
        return 0
    if args.redraw:
        return _redraw_main(args)
    folder = Path(tempfile.mkdtemp(prefix="tapis-restore-"))
    after, snaps, before = folder / "lazy.sqlite3", folder / "snapshots.sqlite3", folder / "logs.sqlite3"
    began = time.perf_counter()
    templates = asyncio.run(_templates(after, min(args.templates, args.tables), args.moves, args.seed))
    mean = _copy_rows(after, templates, args.tables)
    _strip(after, snaps, snapshots=True)
    _strip(after, before, snapshots=False)
    print(f"{args.tables} tables in play, {mean} actions each on average ({len(templates)} matches of "
          f"{len(games.GAMES)} games played, then copied; built in {time.perf_counter() - began:.0f} s)")
    for label, path in (("whole logs replayed", before), ("snapshot + tail at start-up", snaps),
                        ("built on first use", after)):
        runs = [_measure(path, args.hands) for _ in range(args.repeat)]
        seconds = statistics.median(r["seconds"] for r in runs)
        cpu = statistics.median(r["cpu"] for r in runs)
        kib = statistics.median(r["kib_per_table"] for r in runs)
        each = ", ".join(f"{r['seconds']:.2f}" for r in runs)
        print(f"{label}: {int(runs[0]['restored'])} tables ready in {seconds:.2f} s (runs: {each}), "
              f"{cpu:.2f} s of CPU (all threads); {kib:.1f} KiB per table")
        if args.hands:
            print(f"  then {int(runs[0]['hands'])} hands open: {statistics.median(r['hand_kib_per_table'] for r in runs):.1f}"
                  f" KiB more per table; the process holds {statistics.median(r['rss_mib'] for r in runs):.0f} MiB")
    if not args.keep:
        shutil.rmtree(folder, ignore_errors=True)
    else:
        print(folder)
    return 0


def _redraw_main(args: argparse.Namespace) -> int:
    """``--redraw``: the restore, then one redraw of every table, the turn timers on."""
    folder = None
    path = args.database
    if path is None:
        folder = Path(tempfile.mkdtemp(prefix="tapis-restore-"))
        path = folder / "lazy.sqlite3"
        templates = asyncio.run(_templates(path, min(args.templates, args.tables), args.moves, args.seed))
        mean = _copy_rows(path, templates, args.tables)
        print(f"{args.tables} tables in play, {mean} actions each on average")
    runs = [_measure(path, False, redraw=True) for _ in range(args.repeat)]
    for r in runs:
        print(f"  run: restore {r['cpu']:.2f} s CPU, redraws {r['redraw_cpu']:.2f} s CPU "
              f"({r['redraw_seconds']:.1f} s, {int(r['edits'])} edits; images {r['image_cpu']:.1f} s CPU in the "
              f"workers), {r['rss_mib']:.0f} MiB after, busiest second {100 * r['busiest']:.2f} % of "
              f"{int(r['timers'])} timers (last due in {r['last_due']:.0f} s); the redraws again {r['again_cpu']:.2f} s CPU")

    def median(key: str) -> float:
        return statistics.median(r[key] for r in runs)

    print(f"{int(runs[0]['restored'])} tables: restore {median('cpu'):.2f} s CPU + redraws {median('redraw_cpu'):.2f} s"
          f" = {median('cpu') + median('redraw_cpu'):.2f} s CPU in the bot's process (images: {median('image_cpu'):.1f}"
          f" s CPU in the workers); {median('rss_mib'):.0f} MiB after; at most {100 * median('busiest'):.2f} % of the"
          f" timers due in any one second (medians of {len(runs)})")
    added = median("cpu") + median("redraw_cpu") - median("again_cpu")
    print(f"  the same redraws again (tables in use, nothing restored): {median('again_cpu'):.2f} s CPU; what the restart"
          f" adds, restore and first redraws beyond that: {added:.2f} s")
    if folder is not None and not args.keep:
        shutil.rmtree(folder, ignore_errors=True)
    elif folder is not None:
        print(folder)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
