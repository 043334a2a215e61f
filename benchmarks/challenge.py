"""A day's challenge for many simulated members through the service layer.

Each member plays the server's day at its own tables (:class:`bot.service.challenges.ChallengeService`
over :class:`bot.tables.TableService` on a real database: every action saved, computers thinking in
the thinker's pool as in production, with no pauses). The member's own seat is played by a computer
too (``--member-level``; an expert there at ``--samples``). Prints the time per member (mean and
percentiles) and the standings' computation time for the whole day (the day's results, the day's
standings seen by a member who finished, and the week's).

Run: ``.venv/bin/python -m benchmarks.challenge [--members 1000] [--game tarot] [--deals 4]
[--level normal] [--member-level expert] [--samples 8] [--db PATH-or-URL]``.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from bot.service.challenges import ChallengeService
from bot.service.settings import Settings
from bot.service.tables import TableService
from bot.storage import open_database
from games import find_game
from games.base import Player

GUILD = 1
NOON = datetime(2026, 11, 27, 12, tzinfo=UTC).timestamp()


def member_player(game: str, level: str, samples: int) -> Player:
    if level == "expert":
        return find_game(game).computer_player("expert", samples=samples)  # type: ignore[call-arg]
    return find_game(game).computer_player(level)


async def one_member(tables: TableService, challenges: ChallengeService, user: int, game: str, level: str,
                     samples: int) -> None:
    """The member plays every deal of the day (their seat decided by a computer of ``level``)."""
    rng = random.Random(f"member:{user}")
    while True:
        progress = await challenges.play(GUILD, user, f"m{user}", game, channel_id=10, thread_id=10_000 + user)
        table = progress.table
        if table is None:
            return
        me = member_player(game, level, samples)
        seat = table.seat_of(user)
        while table.status == "playing":
            await tables.computers.idle()
            if table.status != "playing":
                break
            await tables.act(table.id, user, str(me.choose(table.state.view(seat), table.state.legal_actions(seat),
                                                            rng)))
        await tables.computers.idle()
        await challenges.idle()


async def run(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        target = args.db or Path(tmp) / "challenge.sqlite3"
        db = await open_database(target, synchronous="NORMAL")
        settings = Settings(computer_pause=0, edit_interval=0, turn_timer=0, default_locale="en",
                            computer_workers=args.workers)
        tables = TableService(db, settings)
        challenges = ChallengeService(tables)
        tables.bus.subscribe(challenges)
        challenges.clock = lambda: NOON
        await challenges.configure(GUILD, game=args.game, deals=args.deals, level=args.level)
        per_member = []
        start = time.perf_counter()
        for user in range(1, args.members + 1):
            began = time.perf_counter()
            await one_member(tables, challenges, user, args.game, args.member_level, args.samples)
            per_member.append(time.perf_counter() - began)
            if user % 100 == 0:
                print(f"  {user} members, {statistics.mean(per_member):.3f} s each so far", flush=True)
        total = time.perf_counter() - start
        timings = {}
        for name, call in (("day results", lambda: challenges.day(GUILD, args.game)),
                           ("day standings (finished viewer)", lambda: challenges.standings(GUILD, 1, args.game)),
                           ("week standings", lambda: challenges.standings(GUILD, 1, args.game, "week")),
                           ("member stats", lambda: challenges.stats(GUILD, 1))):
            began = time.perf_counter()
            await call()
            timings[name] = time.perf_counter() - began
        day = await challenges.day(GUILD, args.game)
        assert len(day) == args.members and all(m.finished for m in day.values())
        q = statistics.quantiles(per_member, n=20) if len(per_member) > 1 else per_member * 19
        print(f"{args.members} members, {args.game}, {args.deals} deals, computers {args.level}, member seat "
              f"{args.member_level}{f' ({args.samples} samples)' if args.member_level == 'expert' else ''}, "
              f"{db.dialect}")
        print(f"time per member: mean {statistics.mean(per_member):.3f} s, median {q[9]:.3f} s, "
              f"p95 {q[18]:.3f} s; all {total:.1f} s")
        for name, seconds in timings.items():
            print(f"{name}: {seconds * 1000:.1f} ms")
        await tables.close()
        await db.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--members", type=int, default=1000)
    parser.add_argument("--game", default="tarot")
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--level", default="normal", help="the server's computers (expert: 32 samples a decision)")
    parser.add_argument("--member-level", default="expert")
    parser.add_argument("--samples", type=int, default=8, help="the member seat's expert samples")
    parser.add_argument("--workers", type=int, default=0, help="thinking processes (0: a thread)")
    parser.add_argument("--db", default=None, help="an SQLite file or a postgresql:// URL (default: a temp file)")
    asyncio.run(run(parser.parse_args(argv)))


if __name__ == "__main__":
    main()
