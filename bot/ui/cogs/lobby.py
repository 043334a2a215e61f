"""Lobby: ``/table new`` (here or in a new thread), Join / Leave / Add computer / Start / Cancel,
host kick and cancel, vote to abort, admins' reset of a stuck channel."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.service import options as options_text
from bot.service.i18n import pick, t, tn
from bot.service.tables import BotError
from bot.ui import answers, discord_errors
from bot.ui.cogs import CogBot, game_choices
from bot.ui.ids import ParsedId
from bot.ui.views import ADD_LEVEL
from games import GAMES, find_game
from games.base import Game

_ = app_commands.locale_str


def parse_options(game: Game, text: str | None) -> dict[str, Any]:
    """``"deals=3 excuse_from_ecart=oui"`` -> every option of ``game`` (see :mod:`bot.service.options`)."""
    return options_text.parse(game, text)


def thread_name(game: Game, locale: str, host: str) -> str:
    """A table's thread: "Tresillo · Marie" (the game and its host; the same in every language)."""
    return f"{pick(game.titles, locale, game.name)} · {host}"[:100]


async def vote(bot: CogBot, interaction: discord.Interaction[Any], table_id: str) -> None:
    """The caller votes to abandon ``table_id`` (``/table abort`` and the vote button; deferred)."""
    n, need = await bot.service.vote_abort(table_id, interaction.user.id)
    locale = bot.private_locale(interaction)
    table = bot.service.registry.get(table_id)
    text = t(locale, "aborted", table=table.called(locale)) if not table.open else t(locale, "vote_counted", n=n, need=need)
    await answers.send(interaction, text, ephemeral=True)


class Lobby(commands.Cog):
    table = app_commands.Group(name=_("table"), description=_("Open, manage and leave card tables."),
                               guild_only=True)

    def __init__(self, bot: CogBot) -> None:
        self.bot = bot
        for verb, handler in (("~j", self.on_join), ("~l", self.on_leave), ("~b", self.on_add_computer),
                              ("~s", self.on_start), ("~c", self.on_cancel)):
            bot.handlers[verb] = handler

    # -- slash commands ----------------------------------------------------------------------

    @table.command(name=_("new"), description=_("Open a table for a game here or in a new thread."))
    @app_commands.rename(game=_("game"), seats=_("seats"), options=_("options"), thread=_("thread"))
    @app_commands.describe(game=_("The game to play."), seats=_("Number of seats (default: the game's maximum)."),
                           options=_("Game options as name=value, comma separated."),
                           thread=_("Open the table in a new thread."))
    @app_commands.choices(game=game_choices())
    async def new(self, interaction: discord.Interaction[Any], game: str,
                  seats: app_commands.Range[int, 2, 10] | None = None, options: str | None = None,
                  thread: bool = False) -> None:
        async with self.bot.guard(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            g = find_game(game)
            opts = parse_options(g, options)
            if seats is not None:
                g.check_seats(seats)
            locale = self.bot.locale_for(interaction)
            channel = interaction.channel
            assert interaction.guild_id is not None and channel is not None
            service = self.bot.service
            busy = service.registry.at(channel.id)
            if busy is not None and not thread:
                raise BotError.of("busy_place", table=busy.called)
            thread_id = None
            where = getattr(channel, "mention", "#")
            if thread and isinstance(channel, discord.TextChannel):
                made = await channel.create_thread(name=thread_name(g, locale, interaction.user.display_name),
                                                   type=discord.ChannelType.public_thread)
                thread_id, where = made.id, made.mention
            parent = channel.parent_id if isinstance(channel, discord.Thread) else channel.id
            table = await service.create(guild_id=interaction.guild_id, channel_id=parent or channel.id,
                                         thread_id=thread_id or (channel.id if isinstance(channel, discord.Thread)
                                                                 else None),
                                         host_id=interaction.user.id, host_name=interaction.user.display_name,
                                         game=g.name, options=opts, seats=seats)
            try:  # a table nobody can see must not hold the channel
                await self.bot.presenter.post_lobby(table)
            except discord_errors.DISCORD:
                await service.cancel(table.id, interaction.user.id)
                raise BotError.of("lobby_not_posted") from None
            self.bot.presenter.table_changed(table)
            await answers.send(interaction, t(locale, "table_opened", table=table.called(locale), where=where), ephemeral=True)

    @new.autocomplete("options")
    async def options_autocomplete(self, interaction: discord.Interaction[Any],
                                   current: str) -> list[app_commands.Choice[str]]:
        locale = self.bot.locale_for(interaction)
        game = GAMES.get(str(getattr(interaction.namespace, "game", "") or ""))
        if game is None:
            return []
        return [app_commands.Choice(name=name, value=value)
                for name, value in options_text.complete(game, current, locale)]

    @table.command(name=_("kick"), description=_("Host: remove a player from your table."))
    @app_commands.rename(member=_("member"))
    @app_commands.describe(member=_("The member."))
    async def kick(self, interaction: discord.Interaction[Any], member: discord.Member) -> None:
        async with self.bot.guard(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            table = self._here(interaction)
            old = await self.bot.service.kick(table.id, interaction.user.id, table.seat_of(member.id))
            await answers.send(interaction, t(self.bot.private_locale(interaction), "kicked", name=old.name),
                                            ephemeral=True)

    @table.command(name=_("cancel"), description=_("Host: cancel the table in this channel."))
    async def cancel(self, interaction: discord.Interaction[Any]) -> None:
        async with self.bot.guard(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            table = await self.bot.service.cancel(self._here(interaction).id, interaction.user.id)
            locale = self.bot.private_locale(interaction)
            await answers.send(interaction, t(locale, "cancelled", table=table.called(locale)), ephemeral=True)

    @table.command(name=_("abort"), description=_("Vote to abandon the match in this channel."))
    async def abort(self, interaction: discord.Interaction[Any]) -> None:
        async with self.bot.guard(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self._vote(interaction, self._here(interaction).id)

    @table.command(name=_("reset"), description=_("Admins: cancel every table stuck in this channel."))
    async def reset(self, interaction: discord.Interaction[Any]) -> None:
        async with self.bot.guard(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            perms = getattr(interaction.user, "guild_permissions", None)
            if perms is None or not (perms.manage_channels or perms.administrator):
                raise BotError.of("not_admin")
            assert interaction.channel_id is not None
            n = await self.bot.service.reset_place(interaction.channel_id)
            await answers.send(interaction, tn(self.bot.private_locale(interaction), "reset_done", n), ephemeral=True)

    def _here(self, interaction: discord.Interaction[Any]) -> Any:
        table = self.bot.service.registry.at(interaction.channel_id or 0)
        if table is None:
            raise BotError.of("no_table_here")
        return table

    async def _vote(self, interaction: discord.Interaction[Any], table_id: str) -> None:
        await vote(self.bot, interaction, table_id)

    # -- lobby buttons (deferred updates: the presenter edits the lobby message) ----------------

    async def on_join(self, interaction: discord.Interaction[Any], parsed: ParsedId, values: list[str]) -> None:
        await interaction.response.defer()
        await self.bot.service.join(parsed.table, interaction.user.id, interaction.user.display_name)

    async def on_leave(self, interaction: discord.Interaction[Any], parsed: ParsedId, values: list[str]) -> None:
        await interaction.response.defer()
        await self.bot.service.leave(parsed.table, interaction.user.id)

    async def on_add_computer(self, interaction: discord.Interaction[Any], parsed: ParsedId,
                              values: list[str]) -> None:
        await interaction.response.defer()
        level = ADD_LEVEL.get(parsed.action)
        if level is None:
            raise BotError.of("bad_choice")
        await self.bot.service.add_computer(parsed.table, interaction.user.id, level)

    async def on_start(self, interaction: discord.Interaction[Any], parsed: ParsedId, values: list[str]) -> None:
        await interaction.response.defer()
        await self.bot.service.start(parsed.table, interaction.user.id)

    async def on_cancel(self, interaction: discord.Interaction[Any], parsed: ParsedId, values: list[str]) -> None:
        await interaction.response.defer()
        await self.bot.service.cancel(parsed.table, interaction.user.id)


async def setup(bot: CogBot) -> None:
    await bot.add_cog(Lobby(bot))
