"""A club night through the service layer: ``--players`` members, ``--rounds`` rounds.

The event's tables are ordinary tables of :class:`bot.tables.TableService` (computers completing
the last table); the members' moves are chosen by the game's easy computer player and sent through
``TableService.act`` as a click would be (:func:`play_for_humans`). Prints, per round, the round
transition time (from the last table's last move to every table of the next round open), the
standings computation time (the query of the tables' results and the ranking), and the peak
memory of the process (``ru_maxrss``) and of Python's allocations (tracemalloc, ``--trace``).
Run: ``.venv/bin/python -m benchmarks.event --players 200 --rounds 3 [--deals 2] [--db FILE]``.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import resource
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.service.events import Event, EventService, SerialPlaces, Standings
from bot.service.settings import Settings
from bot.service.table import Table
from bot.service.tables import TableService
from bot.storage import open_database

SETTINGS = Settings(computer_pause=0, edit_interval=0, turn_timer=0, default_locale="en", computer_workers=0)


async def play_for_humans(service: TableService, events: EventService, event: Event, *,
                          until_round: int | None = None, moves: int | None = None, only: str | None = None,
                          seed: str = "humans") -> int:
    """Members' moves at ``event``'s open tables (or table ``only``), chosen by the game's easy
    computer player and sent through :meth:`TableService.act`, until the event ends (or reaches
    round ``until_round``, or ``moves`` moves were made, or table ``only`` ended); returns the
    moves made."""
    made = 0
    while event.status == "playing" and (until_round is None or event.round < until_round):
        progressed = False
        tables = [t for t in _open_tables(service, events, event) if only is None or t.id == only]
        if only is not None and not tables:
            break
        for table in tables:
            seat = table.to_act()
            if seat is None or table.seats[seat].computer or table.state is None:
                continue
            legal = table.state.legal_actions(seat)
            rng = random.Random(f"{seed}:{table.id}:{table.rev}")
            action = table.game.computer_player("easy").choose(table.state.view(seat), legal, rng)
            user = table.seats[seat].user_id
            assert user is not None
            await service.act(table.id, user, str(action))
            made += 1
            progressed = True
            if moves is not None and made >= moves:
                return made
        await service.computers.idle()
        await events.idle()
        if not progressed and not _open_tables(service, events, event):
            break  # nothing left to play: the event is over, or paused between rounds
    return made


def _open_tables(service: TableService, events: EventService, event: Event) -> list[Table]:
    return [t for tid, eid in list(events._of_table.items()) if eid == event.id
            for t in [service.tables.get(tid)] if t is not None and t.status == "playing"]


class _Clock:
    """Times the round transitions: the last table's end, then the next round's tables open."""

    def __init__(self) -> None:
        self.transitions: list[float] = []
        self.ended_at = 0.0

    def event_changed(self, event: Event) -> None:
        return None

    def round_opened(self, event: Event, round_no: int, tables: Any) -> None:
        if round_no > 1 and self.ended_at:
            self.transitions.append(time.perf_counter() - self.ended_at)

    def standings_changed(self, standings: Standings) -> None:
        return None


async def run(players: int, rounds: int, deals: int, path: Path, fmt: str = "free") -> None:
    db = await open_database(path, synchronous="NORMAL")
    service = TableService(db, SETTINGS)
    clock = _Clock()
    events = EventService(service, SerialPlaces(), clock)
    service.bus.subscribe(events)
    original = events._check

    async def timed_check(event: Event) -> None:  # a table ended: the round's last one ends last
        clock.ended_at = time.perf_counter()
        await original(event)

    events._check = timed_check  # type: ignore[method-assign]
    started = time.perf_counter()
    event = await events.create(guild_id=1, channel_id=1, organiser_id=1, name="bench", game="tarot",
                                fmt=fmt, rounds=rounds, deals=deals, starts_at=0)
    for uid in range(1, players + 1):
        await events.register(event.id, 1000 + uid, f"m{uid}")
    t0 = time.perf_counter()
    await events.start(event.id, 1)
    opening = time.perf_counter() - t0
    tables = len(event.table_plan(1))
    moves = await play_for_humans(service, events, event)
    total = time.perf_counter() - started
    events._deals.clear()  # the first call replays every table's deals (duplicate), as after a restart
    t0 = time.perf_counter()
    await events.standings(event.id)
    cold = time.perf_counter() - t0
    calls = []
    for _ in range(5):
        t0 = time.perf_counter()
        final = await events.standings(event.id)
        calls.append(time.perf_counter() - t0)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{players} players, {tables} tables, {rounds} rounds of {deals} deals (Tarot, {fmt}), {moves} member moves, "
          f"status {event.status}, {len(final.lines)} ranked")
    print(f"round 1 opening (movement + {tables} tables): {opening * 1000:.0f} ms")
    print("round transitions (last move -> next round open): "
          + ", ".join(f"{t * 1000:.0f} ms" for t in clock.transitions))
    print(f"standings computation: first {cold * 1000:.0f} ms, then median {sorted(calls)[2] * 1000:.1f} ms (5 runs, "
          f"{sum(len(r) for r in [await events.store.scores(event.id)])} score rows)")
    print(f"whole event: {total:.1f} s; peak memory (ru_maxrss): {rss:.0f} MiB")
    if tracemalloc.is_tracing():
        print(f"peak Python allocations (tracemalloc): {tracemalloc.get_traced_memory()[1] / 2**20:.1f} MiB")
    await events.close()
    await service.close()
    await db.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--deals", type=int, default=2)
    parser.add_argument("--format", choices=("free", "duplicate"), default="free")
    parser.add_argument("--db", type=Path, default=None, help="an SQLite file (a temporary one by default)")
    parser.add_argument("--trace", action="store_true", help="also trace Python allocations (slower)")
    args = parser.parse_args()
    if args.trace:
        tracemalloc.start()
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(run(args.players, args.rounds, args.deals, args.db or Path(tmp) / "event.sqlite3",
                        args.format))


if __name__ == "__main__":
    main()
