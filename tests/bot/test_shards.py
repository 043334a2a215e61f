"""Shards: SHARD_COUNT / SHARD_IDS, Discord's shard formula, and a process restoring and
serving only the tables of the servers on its shards (computer players, housekeeping included)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.infra.shards import ShardSet, parse_ids, shard_of
from bot.service import privacy
from bot.service.settings import Settings, SettingsError
from bot.service.tables import BotError, TableService
from bot.storage import open_database

pytestmark = pytest.mark.backends  # the restore and housekeeping tests run on SQLite and PostgreSQL
ROOT = Path(__file__).resolve().parents[2]
SETTINGS = Settings(computer_pause=0, edit_interval=0, turn_timer=0, default_locale="en")


def guild_on(shard: int, count: int, n: int = 1) -> int:
    """A server id on ``shard`` of ``count`` (a snowflake's timestamp bits decide its shard)."""
    return ((1_000_000 * count + shard) << 22) + n


def test_discord_formula() -> None:
    # a real snowflake: (id >> 22) % count, as Discord documents it
    assert shard_of(197038439483310086, 1) == 0
    assert shard_of(197038439483310086, 4) == (197038439483310086 >> 22) % 4 == 2
    assert [shard_of(guild_on(s, 5), 5) for s in range(5)] == [0, 1, 2, 3, 4]


def test_shard_ids_accept_lists_and_ranges() -> None:
    assert parse_ids("0-3", 4) == (0, 1, 2, 3)
    assert parse_ids("0,2,5-7", 8) == (0, 2, 5, 6, 7)
    assert parse_ids(" 7 , 1-2 ", 8) == (1, 2, 7)


@pytest.mark.parametrize(("count", "ids", "message"), [
    ("0", "", "SHARD_COUNT must be a whole number of shards (1 or more), not '0'"),
    ("four", "", "SHARD_COUNT must be a whole number of shards (1 or more), not 'four'"),
    ("-2", "", "SHARD_COUNT must be a whole number of shards (1 or more), not '-2'"),
    ("", "0-1", "SHARD_IDS=0-1 needs SHARD_COUNT, the bot's total number of shards"),
    ("4", "9", "SHARD_IDS: shard 9 does not exist with SHARD_COUNT=4 (shards are 0 to 3)"),
    ("4", "2-5", "SHARD_IDS: shard 5 does not exist with SHARD_COUNT=4 (shards are 0 to 3)"),
    ("4", "3-1", "SHARD_IDS: the range 3-1 goes backwards"),
    ("4", "1,0-2", "SHARD_IDS: shard 1 is listed twice in '1,0-2'"),
    ("4", "a", "SHARD_IDS must list shard numbers and ranges such as 0-3 or 0,2,5-7, not 'a'"),
    ("4", "1,,2", "SHARD_IDS must list shard numbers and ranges such as 0-3 or 0,2,5-7, not '1,,2'"),
    ("4", "-1", "SHARD_IDS must list shard numbers and ranges such as 0-3 or 0,2,5-7, not '-1'"),
])
def test_bad_shard_settings_are_refused(count: str, ids: str, message: str) -> None:
    with pytest.raises(SettingsError) as caught:
        Settings.from_env({"SHARD_COUNT": count, "SHARD_IDS": ids})
    assert str(caught.value) == message


def test_shard_settings_defaults_and_values() -> None:
    default = Settings.from_env({})
    assert default.shard_count is None and default.shard_ids is None and default.database_url is None
    both = Settings.from_env({"SHARD_COUNT": "8", "SHARD_IDS": "0,2,5-7",
                              "DATABASE_URL": "postgresql://tapis@db/tapis"})
    assert both.shard_count == 8 and both.shard_ids == (0, 2, 5, 6, 7)
    assert both.database_url == "postgresql://tapis@db/tapis" and "tapis@db" not in repr(both)
    assert Settings.from_env({"SHARD_COUNT": "3"}).shard_ids is None


def test_bad_settings_stop_the_start_in_one_line(tmp_path: Path) -> None:
    """``python -m bot`` with SHARD_IDS out of range: one line on stderr, status 1, before Discord."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SHARD_", "DATABASE_", "DISCORD_"))}
    env.update(DISCORD_TOKEN="not-a-token", SHARD_COUNT="4", SHARD_IDS="2,9", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 1, done.stderr
    assert done.stderr == "Tapis cannot start: SHARD_IDS: shard 9 does not exist with SHARD_COUNT=4 " \
                          "(shards are 0 to 3)\n"


def test_shard_set_serves_the_servers_of_its_shards() -> None:
    mine = ShardSet.of(4, [3, 1])
    assert mine.ids == (1, 3) and not mine.everything and str(mine) == "shards 1, 3 of 4"
    assert [mine.serves(guild_on(s, 4)) for s in range(4)] == [False, True, False, True]
    assert ShardSet.of(2).everything and ShardSet.of(2).serves(guild_on(0, 2))


async def _table(service: TableService, guild: int, channel: int, *, computers: int) -> Any:
    table = await service.create(guild_id=guild, channel_id=channel, thread_id=None, host_id=1, host_name="u1",
                                 game="toy", options={"deals": 3}, seed=f"s{channel}")
    for _ in range(computers):
        await service.add_computer(table.id, 1)
    await service.start(table.id, 1)
    return table


async def test_a_process_restores_and_plays_only_its_shards_tables(db_path: Any) -> None:
    """Tables on shards 0 and 1 of 2, each with a computer to act when the process stops: a process
    for shard 1 restores only shard 1's table and its computers play only there; shard 0's table
    waits, untouched, for its own process, which then plays it."""
    g0, g1 = guild_on(0, 2), guild_on(1, 2)
    db = await open_database(db_path)
    first = TableService(db, SETTINGS.with_(computer_pause=3600))  # the computers never get to act
    tables = [await _table(first, g, 100 + i, computers=1) for i, g in enumerate((g0, g1))]
    for table in tables:
        if not table.computer_turn():
            seat = table.to_act()
            await first.act(table.id, 1, str(table.state.legal_actions(seat)[0]))
        assert table.computer_turn()
    revs = {t.id: t.rev for t in tables}
    await first.close()

    shard1 = TableService(db, SETTINGS, serves=ShardSet.of(2, [1]).serves)
    assert await shard1.endings.restore() == 1
    assert set(shard1.tables) == {tables[1].id}
    await shard1.computers.idle()
    assert shard1.tables[tables[1].id].rev > revs[tables[1].id], "the computer played shard 1's table"
    assert (await db.table(tables[0].id))["revision"] == revs[tables[0].id], "nobody played shard 0's table"
    with pytest.raises(BotError) as refused:  # a lobby for a server of another shard
        await shard1.create(guild_id=g0, channel_id=300, thread_id=None, host_id=1, host_name="u1", game="toy")
    assert refused.value.key == "other_shard"
    await shard1.close()

    shard0 = TableService(db, SETTINGS, serves=ShardSet.of(2, [0]).serves)
    assert await shard0.endings.restore() == 1 and set(shard0.tables) == {tables[0].id}
    await shard0.computers.idle()
    assert shard0.tables[tables[0].id].rev > revs[tables[0].id]
    await shard0.close()
    await db.close()


async def test_housekeeping_sweeps_and_purges_only_its_shards(db_path: Any) -> None:
    """Forgotten tables and departed servers: each process closes and erases its own only."""
    g0, g1 = guild_on(0, 2), guild_on(1, 2)
    db = await open_database(db_path)
    both = TableService(db, SETTINGS)
    old = [await both.create(guild_id=g, channel_id=200 + i, thread_id=None, host_id=1, host_name="u1", game="toy")
           for i, g in enumerate((g0, g1))]
    for guild in (g0, g1):
        await privacy.guild_left(both, guild, 0.0)
    await both.close()

    later = SETTINGS.with_(lobby_idle=1.0, guild_retention=1.0)
    shard1 = TableService(db, later, serves=ShardSet.of(2, [1]).serves)
    shard1.clock = lambda: 1e10
    await shard1.endings.restore()
    assert await shard1.housekeeping.sweep() == 1
    assert await shard1.housekeeping.purge_departed() == [g1]
    assert (await db.table(old[0].id))["status"] == "lobby", "shard 0's lobby is left to its process"
    assert (await db.table(old[1].id)) is None, "shard 1's server was erased, its lobby with it"
    assert await privacy.departures(db) == {g0: 0.0}
    await shard1.close()
    await db.close()
