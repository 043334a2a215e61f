"""End-to-end: whole matches of every registered game through slash commands and clicks."""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace
from typing import Any

import pytest

import games
from tests.bot.drive import components, find, member_of, open_table, play_by_command, play_turn
from tests.bot.faults import expected_recaps

pytestmark = pytest.mark.backends  # SQLite and PostgreSQL (tests/conftest.py)

GAME_NAMES = ["toy", *sorted(games.GAMES)]
MAX_TURNS = 3000
PAUSE = 0.005  # seconds between a computer's decisions in a share of the matches


#: the games whose whole match also runs on PostgreSQL (a trick game, the two-player one, the toy);
#: the storage's part is the same in every game, so the others run on SQLite only
BOTH_BACKENDS = ["toy", "tarot", "piquet"]


@pytest.mark.parametrize("game_name", BOTH_BACKENDS)
async def test_full_match(world: Any, game_name: str) -> None:
    await _full_match(world, game_name)


@pytest.mark.sqlite_only
@pytest.mark.parametrize("game_name", [g for g in GAME_NAMES if g not in BOTH_BACKENDS])
async def test_full_match_of_the_other_games(world: Any, game_name: str) -> None:
    await _full_match(world, game_name)


async def _full_match(world: Any, game_name: str) -> None:
    w = world
    game = games.GAMES[game_name]
    if GAME_NAMES.index(game_name) % 2 == 1:  # a share of the matches (ecole, tarot, trio) with computers pausing
        w.bot.settings = w.bot.service.settings = replace(w.bot.settings, computer_pause=PAUSE)
    humans = [w.alice, w.bob] if game.min_seats >= 3 else [w.alice]
    computers = max(game.min_seats, 3 if game.max_seats >= 3 else 2) - len(humans)
    # Random human moves cannot finish every game (seven rummy contracts): use its playout options.
    playout = ",".join(f"{k}={v}" for k, v in game.playout_options.items())
    table, table_msg = await open_table(w, game_name, humans, computers, **({"options": playout} if playout else {}))
    rng = random.Random(game_name)
    for _ in range(MAX_TURNS):
        if table.status != "playing":
            break
        seat = table.to_act()
        assert seat is not None and not table.seats[seat].computer, "computers play by themselves"
        rev = table.rev
        member = member_of(w, table, seat)
        if rng.random() < 0.15:
            await play_turn(member, w.channel, table_msg, rng)
        else:
            await play_by_command(member, w.channel, rng)
        assert table.rev > rev
    assert table.status == "over"
    await w.env.settle()
    await asyncio.sleep(2 * w.bot.settings.computer_pause)  # a late notice would come now
    await w.bot.presenter.drain()
    history = w.channel.history()
    final = find(w.channel, table.message_id)
    assert not components(final), "the finished table keeps no buttons"
    results = [m for m in history if m.embeds and (m.embeds[0].title or "").startswith(game.titles["en"])
               and "final results" in (m.embeds[0].title or "")]
    assert len(results) == 1
    for member in humans:
        assert member.name in results[0].embeds[0].description
    recaps = [m for m in history if m.embeds and (m.embeds[0].title or "").startswith(("Deal ", "Round "))]
    titles = [m.embeds[0].title for m in recaps]
    assert sorted(titles) == sorted(expected_recaps(table)), "one recap per deal, each once"
    assert all(m.attachments and m.attachments[0].filename == "recap.png" for m in recaps)
    row = await w.bot.db.table(table.id)
    assert row["status"] == "over" and row["revision"] == table.rev
    assert len(await w.bot.db.actions(table.id)) == table.rev
    res = await w.alice.slash(w.channel, "leaderboard", game=game_name)
    embed = res.response.embeds[0]
    if not game.rated(table.state.options):  # a shorter match than the rules' (playout options): practice
        assert "Practice, unrated" in results[0].embeds[0].description
        assert "alice" not in (embed.description or "")
        assert all("alice" not in f.value for f in embed.fields)
        return
    unsure = next(f.value for f in embed.fields if f.name == "Provisional ratings (not ranked yet)")
    assert "alice" in unsure and "alice" not in embed.description, "one match: provisional, listed apart"
    assert res.response.attachments, "the leaderboard has its scoreboard image"
    if computers:
        assert any("Computer" in f.name or "Ordinateur" in f.name for f in embed.fields)
        assert "Computer" not in embed.description


async def test_stats_after_a_match(world: Any) -> None:
    w = world
    table, msg = await open_table(w, "toy", [w.alice, w.bob], 0, options="deals=1")
    rng = random.Random(3)
    while table.status == "playing":
        await play_turn(member_of(w, table, table.to_act()), w.channel, msg, rng)
    res = await w.carol.slash(w.channel, "stats", member=w.bob)
    embed = res.response.embeds[0]
    assert "bob" in embed.title and embed.fields and "1 match," in embed.fields[0].value
    res = await w.carol.slash(w.channel, "stats")
    assert "No finished match" in res.response.embeds[0].description
