"""Shard processes without Discord: the bot's start-up (settings, shard ownership, database, restore
of its shards' tables) and scripted members playing, for the shard tests (issue 17).

A child (``--child``) reads its settings from the environment like ``python -m bot`` does
(``SHARD_COUNT``, ``SHARD_IDS``, ``DATABASE_URL``, ``DATABASE_PATH``), owns its shards with
:func:`bot.shards.claim` (a shard served by another process: ``Tapis cannot start: shard 2 is served
by another process`` on stderr, status 1), opens the database, restores the tables of its shards
and prints ``ready <restored tables>``. Then, with ``--play``, it opens tables in one server per
shard (channels ``shard * 1000 + n``) and plays them: computer players in the background, scripted
members through ``TableService.act``, each acknowledged move appended to the ``--acks`` log and
fsynced (``{"t", "rev", "seat", "a", "shard"}``); ``--finish`` plays its open tables to their end and
exits 0. Without either it only holds its shards. When the connection owning its shards is lost it
stops at once: ``Tapis stopped: ...`` on stderr, status 1, as the bot does.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import time
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
    from bot.db import Database

    return await Database.open(settings.database_path, synchronous=settings.synchronous)


async def child(acks: Path | None, seed: int, mode: str) -> int:
    from bot.settings import Settings
    from bot.shards import ShardSet, claim
    from bot.tables import TableService

    settings = Settings.from_env(dotenv=False).with_(computer_pause=0, edit_interval=0, turn_timer=0,
                                                     default_locale="en", computer_workers=0)
    lease = await claim(settings)
    served = ShardSet.of(settings.shard_count or 1, settings.shard_ids)
    db = await open_database(settings)
    service = TableService(db, settings)
    service.serves = served.serves
    try:
        restored = await service.restore()
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
                        if service.at(shard * 1000 + n) is None:
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
            try:
                await service.act(table.id, table.seats[seat].user_id, str(action), table.rev)
            except GameError as exc:
                print(f"refused: {exc}", file=sys.stderr, flush=True)
                continue
            line = json.dumps({"t": table.id, "rev": table.rev, "seat": seat, "a": str(action),
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


def main(argv: list[str] | None = None) -> int:
    from bot.lockfile import StartupError

    parser = argparse.ArgumentParser(prog="python -m benchmarks.shard_soak", description=__doc__.split("\n\n")[0])
    parser.add_argument("--child", action="store_true", help="run one shard process (settings from the environment)")
    parser.add_argument("--play", action="store_true", help="open and play tables on its shards")
    parser.add_argument("--finish", action="store_true", help="play its open tables to their end, then exit")
    parser.add_argument("--acks", type=Path, default=None, help="the acknowledged moves' log")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if not args.child:
        parser.error("only --child is implemented")
    mode = "finish" if args.finish else "play" if args.play else "hold"
    try:
        return asyncio.run(child(args.acks, args.seed, mode))
    except StartupError as exc:  # as python -m bot says it
        print(f"Tapis cannot start: {exc}", file=sys.stderr, flush=True)
        return 1


if __name__ == "__main__":
    sys.exit(main())
