"""``/rules game:`` (paginated from ``Game.rules_summary``) and ``/settings`` for server admins."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.service.i18n import LOCALES, N_, t
from bot.service.tables import BotError
from bot.ui import answers, views
from bot.ui.cogs import CogBot, game_choices, is_admin
from bot.ui.ids import ParsedId
from games import find_game
from games.base import Game

_ = app_commands.locale_str


def rules_page(game: Game, page: int, locale: str) -> tuple[discord.Embed, discord.ui.View | None]:
    pages = game.rules_summary(locale) or [views.game_title(game, locale)]
    page = max(0, min(page, len(pages) - 1))
    embed = discord.Embed(title=t(locale, "rules_title", game=views.game_title(game, locale), page=page + 1,
                                  pages=len(pages)), description=pages[page][:4000], colour=discord.Colour.og_blurple())
    return embed, views.rules_view(game, page, len(pages), locale)


class Admin(commands.Cog):
    def __init__(self, bot: CogBot) -> None:
        self.bot = bot
        bot.handlers["~r"] = self.on_rules_page

    @app_commands.command(name=_("rules"), description=_("Read a game's rules summary."))
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    @app_commands.rename(game=_("game"))
    @app_commands.describe(game=_("The game to play."))
    @app_commands.choices(game=game_choices())
    async def rules(self, interaction: discord.Interaction[Any], game: str) -> None:
        async with self.bot.guard(interaction):
            embed, view = rules_page(find_game(game), 0, self.bot.locale_for(interaction))
            if view is None:
                await interaction.response.send_message(embed=embed, ephemeral=True)
            else:
                await interaction.response.send_message(embed=embed, view=view, ephemeral=True)
                view.stop()

    async def on_rules_page(self, interaction: discord.Interaction[Any], parsed: ParsedId, values: list[str]) -> None:
        embed, view = rules_page(find_game(parsed.action[3:]), parsed.rev, self.bot.locale_for(interaction))
        await interaction.response.edit_message(embed=embed, view=view)
        if view is not None:
            view.stop()

    @app_commands.command(name=_("settings"), description=_("Admins: server language, turn timer and hints."))
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.rename(language=_("language"), timer=_("timer"), hints=_("hints"))
    @app_commands.describe(language=_("Bot language on this server."),
                           timer=_("Seconds before a computer plays for an absent player (0 = off)."),
                           hints=_("Offer the expert's hints on the players' hands."))
    @app_commands.choices(language=[app_commands.Choice(name=t(code, "language.name"), value=code) for code in LOCALES])
    async def settings(self, interaction: discord.Interaction[Any], language: str | None = None,
                       timer: app_commands.Range[int, 0, 3600] | None = None,
                       hints: bool | None = None) -> None:
        async with self.bot.guard(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            if not is_admin(interaction.user):
                raise BotError.of("not_admin")
            assert interaction.guild_id is not None
            service = self.bot.service
            if language is not None or timer is not None:
                await service.set_prefs(interaction.guild_id, locale=language, timer=timer)
            if hints is not None:
                await self.bot.hint_switch.set(interaction.guild_id, hints)
            locale, seconds = await service.preferences.of(interaction.guild_id)
            on = await self.bot.hint_switch.on(interaction.guild_id)
            text = t(locale, "settings_now", lang=t(locale, "language.name"), timer=seconds)
            state = t(locale, N_("hints_on") if on else N_("hints_off"))
            await answers.send(interaction, f"{text}\n{state}", ephemeral=True)


async def setup(bot: CogBot) -> None:
    await bot.add_cog(Admin(bot))
