"""``/help``: how to play each game and what each command does, in the member's language, one
page at a time (a menu under the page moves to another), in servers and in the bot's DM."""

from __future__ import annotations

from typing import Any, Protocol

import discord
from discord import app_commands
from discord.ext import commands

from bot.service import help_text
from bot.service.i18n import t
from bot.ui import ids, views
from bot.ui.cogs import CogBot, choice
from bot.ui.ids import ParsedId
from games import GAMES

_ = app_commands.locale_str
VERB = "~i"
TOPICS = [app_commands.Choice(name=choice("getting started"), value=help_text.START),
          *(app_commands.Choice(name=g.title("fr"), value=n) for n, g in GAMES.items()
            if n in help_text.GAME_PAGES),
          app_commands.Choice(name=choice("commands"), value=help_text.COMMANDS)]


class HelpBot(CogBot, Protocol):
    tree: app_commands.CommandTree[Any]


def listed(tree: app_commands.CommandTree[Any]) -> list[tuple[str, str]]:
    """Every slash command and subcommand the bot declares: (English name, English description)."""
    return [(c.qualified_name, str(c.description)) for c in tree.walk_commands()
            if isinstance(c, app_commands.Command)]


def shown(tree: app_commands.CommandTree[Any], topic: str, locale: str) -> tuple[discord.Embed, discord.ui.View]:
    """A page of the help and the menu of every page (the shown one marked)."""
    page, every = help_text.page(listed(tree), topic, locale)
    embed = discord.Embed(title=t(locale, "help_title", topic=page.title), description=page.body,
                          colour=discord.Colour.og_blurple())
    menu = views.TapisSelect(custom_id=ids.build_id("0", 0, VERB), placeholder=t(locale, "help_menu"),
                             options=[discord.SelectOption(label=p.label[:100], value=p.topic, default=p is page)
                                      for p in every][:25])
    view = discord.ui.View(timeout=None)
    view.add_item(menu)
    return embed, view


class Help(commands.Cog):
    def __init__(self, bot: HelpBot) -> None:
        self.bot = bot
        bot.handlers[VERB] = self.on_page

    @app_commands.command(name=_("help"), description=_("How to play each game, and every command."))
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    @app_commands.rename(topic=_("topic"))
    @app_commands.describe(topic=_("A game, or the commands."))
    @app_commands.choices(topic=TOPICS)
    async def help(self, interaction: discord.Interaction[Any], topic: str = help_text.START) -> None:
        async with self.bot.guard(interaction):
            embed, view = shown(self.bot.tree, topic, self.bot.private_locale(interaction))
            await interaction.response.send_message(embed=embed, view=view, ephemeral=True)
            view.stop()

    async def on_page(self, interaction: discord.Interaction[Any], parsed: ParsedId, values: list[str]) -> None:
        embed, view = shown(self.bot.tree, values[0] if values else help_text.START,
                            self.bot.private_locale(interaction))
        await interaction.response.edit_message(embed=embed, view=view)
        view.stop()


async def setup(bot: HelpBot) -> None:
    await bot.add_cog(Help(bot))
