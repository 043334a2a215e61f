"""The cost of ``synchronous=FULL``: per-action commit latency, NORMAL vs FULL (WAL both).

Each action of a Tarot match (4 computer players, 2 deals) is saved as the bot saves a move:
one transaction rewriting the table row (state JSON with its whole log) and inserting the audit
row, through :meth:`bot.storage.Database.save_actions`, on a file in ``--dir`` (default: a new temp
folder; put it on the disk the bot will use: tmpfs would hide the cost of fsync). Matches are
replayed until ``--actions`` commits were timed per mode; the modes alternate by match.

Run: ``.venv/bin/python -m benchmarks.db_sync [--actions 2000] [--dir data]``.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.storage import Database, open_database
from games import GAMES

MODES = ("NORMAL", "FULL")


def match_states(seed: int) -> list[tuple[int, int, str, dict[str, object]]]:
    """``(rev, seat, action, state json)`` after every action of one computer-played Tarot match."""
    game = GAMES["tarot"]
    state = game.new(4, f"sync{seed}", game.resolve_options({"deals": 2}))
    player, rng = game.computer_player(), random.Random(seed)
    out = []
    while (seat := state.to_act()) is not None:
        action = player.choose(state.view(seat), state.legal_actions(seat), rng)
        state = state.apply(seat, action)
        out.append((state.rev, seat, str(action), state.to_json()))
    return out


async def time_match(db: Database, table_id: str, moves: list[tuple[int, int, str, dict[str, object]]]) -> list[float]:
    await db.create_table({"id": table_id, "guild_id": 1, "channel_id": 1, "game": "tarot", "seats": 4,
                           "seed": "s", "status": "playing", "host_id": 1}, [{"user_id": 1, "name": "u1"}])
    times = []
    for rev, seat, action, data in moves:
        began = time.perf_counter()
        await db.save_actions(table_id, state=data, revision=rev, status="playing", actions=[(rev, seat, action, False)])
        times.append(time.perf_counter() - began)
    return times


async def bench(actions: int, folder: Path) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {m: [] for m in MODES}
    dbs = {m: await open_database(folder / f"{m.lower()}.sqlite3", synchronous=m) for m in MODES}
    try:
        n = 0
        while min(len(v) for v in times.values()) < actions:
            moves = match_states(n)
            for mode in MODES:
                times[mode] += await time_match(dbs[mode], f"m{n}", moves)
            n += 1
    finally:
        for db in dbs.values():
            await db.close()
    return {m: v[:actions] for m, v in times.items()}


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.db_sync", description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=2000, help="timed commits per mode")
    parser.add_argument("--dir", type=Path, default=None, help="folder for the database files")
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="tapis-sync-", dir=args.dir))
    try:
        results = asyncio.run(bench(args.actions, folder))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(f"per-action commit latency, {args.actions} actions per mode (ms)")
    print(f"{'mode':<8}{'mean':>8}{'median':>8}{'p90':>8}{'p99':>8}{'max':>8}{'commits/s':>11}")
    for mode, v in results.items():
        ms = [x * 1000 for x in v]
        print(f"{mode:<8}{statistics.fmean(ms):8.2f}{statistics.median(ms):8.2f}{pct(ms, 90):8.2f}"
              f"{pct(ms, 99):8.2f}{max(ms):8.2f}{1000 / statistics.fmean(ms):11.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
