"""Commands: names and descriptions within Discord's limits and translated to French."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n import Translator


def walk(bot: Any) -> list[Any]:
    out = []
    for cmd in bot.tree.get_commands():
        out.append(cmd)
        out.extend(getattr(cmd, "walk_commands", lambda: [])())
    return out


async def test_every_command_localized(simcord_bot: Any) -> None:
    await simcord_bot.load_extension("bot.cogs.lobby")
    await simcord_bot.load_extension("bot.cogs.play")
    await simcord_bot.load_extension("bot.cogs.leaderboard")
    await simcord_bot.load_extension("bot.cogs.admin")
    translator = Translator()
    names = set()
    for cmd in walk(simcord_bot):
        names.add(cmd.qualified_name)
        assert len(cmd.name) <= 32 and cmd.name == cmd.name.lower()
        assert len(cmd.description) <= 100
        for text in (cmd.name, cmd.description):
            fr = await translator.translate(app_commands.locale_str(text), discord.Locale.french, None)
            assert fr and len(fr) <= 100, text
        for param in getattr(cmd, "parameters", []):
            for text in (param.name, param.description):
                fr = await translator.translate(app_commands.locale_str(text), discord.Locale.french, None)
                assert fr and len(fr) <= 100, text
    assert {"table new", "hand", "play", "leaderboard", "stats", "rules", "settings"} <= names
    assert await translator.translate(app_commands.locale_str("hand"), discord.Locale.american_english, None) is None
