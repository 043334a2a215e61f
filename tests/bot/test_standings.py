"""Ratings as players read them: a friendly scale, one line per computer level, matches, wins and
points per line (results, /leaderboard, /stats); the game pickers and a table thread's name."""

from __future__ import annotations

import random
import re
from typing import Any

import aiohttp
import pytest

import games
from bot.service.ratings import MODEL, rate_match, shown, value
from bot.storage import Rating
from bot.ui.cogs.leaderboard import computer_name
from bot.ui.local import build_world
from tests.bot.drive import open_table, play_turn
from tests.bot.preview_driver import PreviewPage
from tests.toygame import TOY

pytestmark = pytest.mark.backends  # SQLite and PostgreSQL (tests/conftest.py)

RESULT = re.compile(r"^\d\. alice: (-?\d+) points?, provisional rating (\d+) → (\d+) \(([+\u2212]\d+|0)\)$", re.M)
LINE = re.compile(r"^(\d+\.|–) (.+): (?:provisional )?rating (\d+), (\d+) match(?:es)?, (\d+) wins?, (-?[\d.]+) points?$")
WHY = re.compile(r"^\u2003place \d of 3: ([+\u2212]\d+|0)$", re.M)  # why alice's rating moved


def test_the_shown_scale() -> None:
    new = Rating("u1", 1, "a", MODEL.mu, MODEL.sigma)
    assert shown(value(new)) == 1000, "a new player starts at 1000"
    assert shown(-3.3) == 835 and shown(2.0) == 1100
    assert shown(-1000.0) == 0, "nobody is ever shown below 0"
    values = [shown(x / 10) for x in range(-200, 200)]
    assert values == sorted(values), "the order of the estimates is kept"


def test_each_computer_seat_counts_for_its_level() -> None:
    """Two computers at one table: the level's line gets two matches, each seat's own win and
    points (never one merged "Computer" with netted points), and is named by its level."""
    state = TOY.new(3, "net", {"deals": 1})
    while state.to_act() is not None:
        seat = state.to_act()
        state = state.apply(seat, state.legal_actions(seat)[-1])
    outcome = state.outcome()
    keys = ["u1", "c:normal", "c:normal"]
    new, before, _, _ = rate_match(TOY, state.to_json(), outcome, keys, ["alice", "Computer 1", "Computer 2"], {})
    level = new["c:normal"]
    assert level.matches == 2 and level.name == "normal"
    assert level.wins == sum(outcome.places[s] == 0 for s in (1, 2))
    assert level.points == outcome.scores[1] + outcome.scores[2]
    assert new["u1"].matches == 1 and before[1].name == "normal"
    assert computer_name(level.player_key, "fr") == "Ordinateur"


async def play_match(w: Any, seed: int) -> Any:
    table, msg = await open_table(w, "toy", [w.alice], 2, options="deals=1")
    rng = random.Random(seed)
    while table.status == "playing":
        await play_turn(w.alice, w.channel, msg, rng)
    return table


async def test_results_leaderboard_and_stats_read_well(world: Any) -> None:
    w = world
    table = await play_match(w, 1)
    results = [m for m in w.channel.history() if m.embeds and "final results" in (m.embeds[0].title or "")]
    found = RESULT.search(results[-1].embeds[0].description)
    assert found, results[-1].embeds[0].description
    assert found.group(2) == "1000", "a first match starts from 1000"
    why = WHY.search(results[-1].embeds[0].description)
    assert why, "the line under it says why"
    change = int(found.group(4).replace("\u2212", "-"))
    assert change == int(found.group(3)) - int(found.group(2)), "the change shown is the change of the rating"
    assert why.group(1) == found.group(4), "the reason's change is the change shown"
    alice_after = int(found.group(3))
    computer_seats = [r for r in table.result if r["user_id"] is None]
    assert len(computer_seats) == 2

    table2 = await play_match(w, 2)
    computer_seats += [r for r in table2.result if r["user_id"] is None]
    res = await w.alice.slash(w.channel, "leaderboard", game="toy")
    embed = res.response.embeds[0]
    assert embed.description.startswith("Nobody has a settled rating yet"), "two matches: nobody is ranked"
    unsure = next(f for f in embed.fields if f.name == "Provisional ratings (not ranked yet)").value
    humans = [LINE.match(line) for line in unsure.splitlines()]
    assert all(humans) and [m.group(2) for m in humans] == ["alice"], unsure
    assert humans[0].group(1) == "–" and humans[0].group(4) == "2"
    assert "provisional rating" in unsure, "two matches: a provisional rating, in words"
    computers = next(f for f in embed.fields if f.name == "Computer players").value.splitlines()
    assert len(computers) == 1, "one line per computer level"
    line = LINE.match(computers[0])
    assert line and line.group(2) == "Computer player", computers
    assert int(line.group(4)) == 4, "two computers in each of two matches"
    assert int(line.group(5)) == sum(r["place"] == 0 for r in computer_seats)
    assert float(line.group(6)) == sum(r["score"] for r in computer_seats)
    assert 0 < int(line.group(3)) < 3000 and 0 < int(humans[0].group(3)) < 3000

    res = await w.bob.slash(w.channel, "stats", member=w.alice)
    value = res.response.embeds[0].fields[0].value
    assert re.fullmatch(r"provisional rating \d+, 2 matches, \d wins?, -?[\d.]+ points?\n"
                        r"Last match: place \d of 3: (?:[+\u2212]\d+|0)", value), value
    assert alice_after > 0


async def test_every_game_picker_lists_every_game_before_typing(simcord_env: Any) -> None:
    """The browser page (like Discord) shows fixed choices as soon as the field is focused."""
    channel, you, _friends = build_world(simcord_env)
    async with simcord_env.preview(channel, viewers=[you], layout="channel") as preview:
        async with aiohttp.ClientSession() as http:
            page = PreviewPage(http, preview.url)
            await page.open()
            catalog = await page.commands()
    for command in ("table new", "leaderboard", "rules"):
        game = next(o for o in catalog[command]["options"] if o["name"] == "game")
        assert [c["value"] for c in game["choices"]] == list(games.GAMES), command
        assert not game["autocomplete"]
    names = [c["name"] for c in next(o for o in catalog["table new"]["options"] if o["name"] == "game")["choices"]]
    assert names[:5] == ["Tarot (3-5)", "Tresillo (3-4)", "Le Trio (3-6)", "L'École (3-7)", "Piquet (2)"]


@pytest.mark.parametrize("locale", ["en", "fr"])
async def test_a_table_thread_is_named_by_game_and_host(world: Any, locale: str) -> None:
    w = world
    if locale == "fr":
        await w.alice.slash(w.channel, "settings", language="fr")
    res = await w.bob.slash(w.channel, "table new", game="tresillo", thread=True)
    assert res.ephemeral
    assert [t.name for t in w.channel.threads] == ["Tresillo · bob"]
