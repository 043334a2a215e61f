"""The sharded bot under simcord: an ``AutoShardedBot`` with two shards serves servers on
both; a process serving one shard answers a (mis-routed) interaction from the other's servers with
a clear message and changes nothing."""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.infra.shards import ShardSet
from bot.service.settings import Settings
from bot.ui.ids import ParsedId, build_id
from tests.bot.drive import find, open_table, play_turn


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(token=None, database_path=tmp_path / "bot.sqlite3", default_locale="en", computer_pause=0,
                    edit_interval=0, turn_timer=0, expert_budget=0.05, shard_count=2)


def text_of(res: Any) -> str:
    return str((res.followups[-1] if res.followups else res.response).content)


async def test_two_shards_serve_a_server_on_each(world: Any) -> None:
    bot = world.bot
    assert isinstance(bot, discord.AutoShardedClient) and bot.shard_count == 2
    assert bot.served == ShardSet.of(2) and sorted(bot.shards) == [0, 1]
    for shard in (0, 1):
        guild = world.env.create_guild(name=f"shard {shard}", shard_id=shard)
        channel = guild.create_text_channel("cartes")
        host, guest = (guild.add_member(world.env.create_user(f"{n}{shard}")) for n in ("host", "guest"))
        assert bot.get_guild(guild.id).shard_id == shard
        res = await host.slash(channel, "table new", game="toy")
        assert res.ephemeral, res.response
        table = bot.service.registry.at(channel.id)
        assert table is not None and table.guild_id == guild.id
        await guest.click(find(channel, table.message_id), custom_id=build_id(table.id, 0, "~j"))
        assert [s.user_id for s in table.seats] == [host.id, guest.id]


async def test_another_shards_server_is_refused_clearly(world: Any, make_bot: Any) -> None:
    """The process serves shard 1 only (as set up for Discord, which then never sends it shard 0's
    events); an interaction from a server on shard 0 arriving anyway is answered, not served."""
    w = world
    home = w.env.create_guild(name="home", shard_id=1)
    away = w.env.create_guild(name="away", shard_id=0)
    places = {}
    for guild in (home, away):
        channel = guild.create_text_channel("cartes")
        members = [guild.add_member(w.env.create_user(f"{n}{guild.id}")) for n in ("a", "b")]
        table, message = await open_table(SimpleNamespace(channel=channel, bot=w.bot), "toy", members, 1)
        places[guild.id] = (channel, members, table, message)
    w.bot.serving.settle(ShardSet.of(2, [1]))  # what own_shards settles (the service reads the same)

    channel, members, table, message = places[away.id]
    rev = table.rev
    res = await members[0].slash(channel, "table new", game="toy")
    assert res.ephemeral and text_of(res).startswith("This server is served by another Tapis process")
    player = next(m for m in members if m.id == table.seats[table.to_act()].user_id)
    res = await player.click(message, custom_id=build_id(table.id, 0, "~h"))
    assert res.ephemeral and text_of(res).startswith("This server is served by another Tapis process")
    assert table.rev == rev and len(await w.bot.db.actions(table.id)) == rev, "nothing was played"

    channel, members, table, message = places[home.id]
    player = next(m for m in members if m.id == table.seats[table.to_act()].user_id)
    rev = table.rev
    await play_turn(player, channel, message, random.Random(1))
    assert table.rev > rev, "shard 1's server is still served"

    # a click that names no server (a direct message): the table's server is looked up
    other = await make_bot()
    other.serving.settle(ShardSet.of(2, [1]))
    assert not await other._serves_table(ParsedId(places[away.id][2].id, 0, "~h"))
    assert await other._serves_table(ParsedId(places[home.id][2].id, 0, "~h"))
    assert await other._serves_table(ParsedId("zzzzzz", 0, "~h")), "unknown: answered as such by the handler"
