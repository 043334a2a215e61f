"""Click-to-response latency with 100 tables in play at once, in one process, under simcord.

Every table (one per channel, games taken in turn from the registry plus the toy game) is opened
with ``/table new``, filled and started; then, round after round, the member to act at each table
clicks "My hand" and then one of the offered actions. Two figures per click:

* *response*: from the moment discord.py hands the interaction to the bot until the bot has sent
  its answer (acknowledgement, engine, SQLite transaction, hand image, ephemeral message): what
  the player waits for, minus the network;
* *settled*: from the simulated click until simcord has settled everything it caused, including
  the public table image and edit and the computer players' replies (an upper bound).

Pauses and edit coalescing are zero, so nothing waits on purpose.

Run: ``.venv/bin/python -m benchmarks.bot_latency [--tables 100] [--rounds 8]``.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import discord
import simcord

import games
from benchmarks import scratch_folder
from bot.app import build
from bot.service.settings import Settings
from bot.storage import open_database
from bot.ui.ids import build_id
from tests.bot.drive import act_on_hand, find
from tests.toygame import TOY


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


async def bench(tables: int, rounds: int) -> dict[str, list[float]]:
    games.GAMES.setdefault("toy", TOY)
    names = sorted(games.GAMES)
    folder = scratch_folder("tapis-bench-")
    settings = Settings(database_path=Path(folder) / "bench.sqlite3", computer_pause=0, edit_interval=0,
                        turn_timer=0, default_locale="en")
    db = await open_database(settings.database_path)
    bot = build(settings, db)
    times: dict[str, list[float]] = {"my hand settled": [], "action settled": [], "response": []}
    rng = random.Random(0)
    arrived: dict[int, float] = {}
    handle, receive = bot.on_tapis_component, bot.on_interaction

    async def on_interaction(interaction: discord.Interaction[Any]) -> None:  # the bot's own, the arrival noted
        arrived[interaction.id] = time.perf_counter()
        await receive(interaction)

    async def timed(interaction: discord.Interaction[Any], parsed: Any, values: list[str]) -> None:
        await handle(interaction, parsed, values)
        start = arrived.pop(interaction.id, None)
        if start is not None and measuring:
            times["response"].append(time.perf_counter() - start)

    bot.on_interaction = on_interaction  # type: ignore[method-assign]
    bot.on_tapis_component = timed  # type: ignore[method-assign]
    measuring = False
    try:  # the database closed whatever happens (its thread would keep the process alive)
        async with simcord.run(bot) as env:
            guild = env.create_guild(name="bench")
            members = [guild.add_member(env.create_user(f"p{i}")) for i in range(3)]
            opened = []
            for i in range(tables):
                game = games.GAMES[names[i % len(names)]]
                channel = guild.create_text_channel(f"t{i}")
                host = members[0]
                short = ", ".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}"
                                  for k, v in getattr(game, "playout_options", {}).items())
                await host.slash(channel, "table new", game=game.name, **({"options": short} if short else {}))
                table = bot.service.registry.at(channel.id)
                lobby = find(channel, table.message_id)
                humans = 2 if game.min_seats <= 3 else 3
                for m in members[1:humans]:
                    await m.click(lobby, custom_id=build_id(table.id, 0, "~j"))
                for _ in range(max(game.min_seats, humans) - humans):
                    await host.click(lobby, custom_id=build_id(table.id, 0, "~bn"))
                await host.click(lobby, custom_id=build_id(table.id, 0, "~s"))
                opened.append((channel, table, find(channel, table.message_id)))
            in_play = sum(t.status == "playing" for _, t, _ in opened)
            print(f"{in_play} tables in play ({', '.join(names)})")
            clock = time.perf_counter
            measuring = True
            for _ in range(rounds):
                for channel, table, msg in opened:
                    if table.status != "playing":
                        continue
                    member = next(m for m in members if m.id == table.seats[table.to_act()].user_id)
                    start = clock()
                    res = await member.click(msg, custom_id=build_id(table.id, 0, "~h"))
                    times["my hand settled"].append(clock() - start)
                    hand = find(channel, res.response.id, viewer=member)
                    start = clock()
                    await act_on_hand(member, channel, hand, rng)
                    times["action settled"].append(clock() - start)
            assert not bot.unexpected, bot.unexpected
    finally:
        await bot.service.close()
        await db.close()
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=8)
    args = parser.parse_args(argv)
    discord.utils.setup_logging(level=40)
    times = asyncio.run(bench(args.tables, args.rounds))
    for kind, values in times.items():
        ms = [v * 1000 for v in values]
        print(f"{kind:16s} clicks={len(ms):5d}  p50={statistics.median(ms):6.1f} ms  p99={pct(ms, 99):6.1f} ms  "
              f"max={max(ms):6.1f} ms")
    p99 = pct([v * 1000 for v in times["response"]], 99)
    print(f"click to response p99 {p99:.1f} ms: " + ("under 100 ms" if p99 < 100 else "OVER 100 ms"))
    return 0 if p99 < 100 else 1


if __name__ == "__main__":
    sys.exit(main())
