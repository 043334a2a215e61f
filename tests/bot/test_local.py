"""Local mode: the demo world under simcord's browser preview serves a page and plays a match."""

from __future__ import annotations

import random
from typing import Any

import aiohttp
import pytest

from bot.__main__ import parse_args
from bot.service.settings import Settings
from bot.ui.local import build_world, local_database, local_settings
from tests.bot.drive import find, open_table, play_turn


def test_settings_from_env(tmp_path: Any) -> None:
    s = Settings.from_env({"DISCORD_TOKEN": " abc ", "DATABASE_PATH": str(tmp_path / "x.db"), "DEV_GUILD_ID": "42",
                           "DEFAULT_LOCALE": "EN"})
    assert (s.token, s.dev_guild_id, s.default_locale) == ("abc", 42, "en")
    assert "abc" not in repr(s), "the token never shows in logs"
    s = Settings.from_env({})
    assert s.token is None and str(s.database_path) == "data/tapis.sqlite3" and s.default_locale == "fr"
    assert local_database(s).name == "tapis-local.sqlite3"
    assert local_settings(s, {}).turn_timer == 0, "no turn timer in local mode"
    assert s.computer_pause == 1.0 and local_settings(s, {}).computer_pause == 0, \
        "computers play at once in the preview page (it shows the state once the click settled)"
    assert parse_args(["--local", "--port", "9000"]).port == 9000


def test_computer_pause_from_env() -> None:
    assert Settings.from_env({"COMPUTER_PAUSE": "0.05"}).computer_pause == 0.05
    assert Settings.from_env({"COMPUTER_PAUSE": " 0 "}).computer_pause == 0
    assert Settings.from_env({"COMPUTER_PAUSE": ""}).computer_pause == 1.0
    env = {"COMPUTER_PAUSE": "0.3"}
    assert local_settings(Settings.from_env(env), env).computer_pause == 0.3, "a pause asked for is kept"
    for bad in ("soon", "-1", "nan", "inf"):
        with pytest.raises(ValueError, match="COMPUTER_PAUSE"):
            Settings.from_env({"COMPUTER_PAUSE": bad})


def test_help_exits_cleanly(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        parse_args(["--help"])
    assert stop.value.code == 0 and "--local" in capsys.readouterr().out


async def test_preview_page_and_a_match(simcord_env: Any) -> None:
    env = simcord_env
    channel, you, friends = build_world(env)

    class W:  # the drive helpers' view of a world
        pass

    w = W()
    w.env, w.channel, w.members = env, channel, [you, *friends]
    w.bot = env.bot
    async with env.preview(channel, viewers=[you, *friends], layout="channel") as preview:
        assert preview.url.startswith("http://127.0.0.1:")
        async with aiohttp.ClientSession() as http:
            async with http.get(preview.url.split("#")[0]) as page:
                assert page.status == 200 and "SimCord Preview" in await page.text()
        snapshot = await preview.snapshot()
        catalog = snapshot["commands"]
        assert catalog["state"] == "available" and catalog["count"] >= 11, "the composer offers every command"
        table, msg = await open_table(w, "toy", [you, friends[0]], 1)
        rng = random.Random(7)
        while table.status == "playing":
            seat = table.to_act()
            member = next(m for m in w.members if m.id == table.seats[seat].user_id)
            await play_turn(member, channel, msg, rng)
        snapshot = await preview.snapshot()
        assert str(table.message_id) in str(snapshot["messageIndex"])
    assert find(channel, table.message_id).embeds[0].description.startswith("**Match over")


async def test_a_whole_match_through_the_browser_page(simcord_env: Any) -> None:
    """The requests the preview page sends: /table new from the composer, lobby buttons, My hand,
    hand buttons and menus, until the results; then /leaderboard."""
    from tests.bot.preview_driver import PreviewPage, play_match

    env = simcord_env
    channel, you, friends = build_world(env)
    labels = {"add": "+ Normal computer", "start": "Start", "hand": "My hand", "back": "Back"}
    async with env.preview(channel, viewers=[you, *friends], layout="channel") as preview:
        async with aiohttp.ClientSession() as http:
            page = PreviewPage(http, preview.url)
            await page.open()
            sent = await play_match(page, "toy", 2, random.Random(1), labels)
            table = env.bot.service.registry.known()[-1]  # over: no longer among the open tables
            assert table.status == "over" and sent > 6
            board = await page.message(await page.command("leaderboard", game="toy"))
            listed = [board["embeds"][0]["description"], *(f["value"] for f in board["embeds"][0].get("fields", []))]
            assert any("You" in text for text in listed), "ranked, or listed apart while provisional"
