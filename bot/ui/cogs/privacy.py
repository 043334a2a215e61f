"""``/privacy me`` and ``/privacy server``: what Tapis stores, its export and its erasure,
each behind a confirmation. The work is in :mod:`bot.service.privacy`.

Custom ids (``bot/ui/ids.py``): the table part is the member's id (``/privacy me``) or the server's id
(``/privacy server``) in base 36; verbs ``~ze`` export, ``~zx`` ask to erase, ``~zy`` erase,
``~zs`` ask to erase the server, ``~zt`` erase the server, ``~zn`` keep everything.
"""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.service import privacy
from bot.service.i18n import N_, t, tn
from bot.service.table import BotError
from bot.ui import answers, ids, views
from bot.ui.cogs import CogBot, is_admin
from bot.ui.cogs.history import b36
from bot.ui.ids import ParsedId

_ = app_commands.locale_str
RED, GREY, BLUE = discord.ButtonStyle.danger, discord.ButtonStyle.secondary, discord.ButtonStyle.primary


SERVER_VERBS = ("~zs", "~zt")


def refusal(verb: str, owner: int, user_id: int, guild_id: int | None, admin: bool) -> str | None:
    """Why a click on a ``/privacy`` button is refused (a text key), or ``None``: a member's
    buttons are theirs alone, a server's are for that server's admins."""
    if verb in SERVER_VERBS or (verb == "~zn" and owner == guild_id):
        return None if owner == guild_id and admin else N_("not_admin")
    return None if owner == user_id else N_("privacy_not_yours")


def buttons(*items: tuple[str, str, discord.ButtonStyle]) -> discord.ui.View:
    ui = discord.ui.View(timeout=None)
    for custom_id, label, style in items:
        ui.add_item(views.button(custom_id, label, style=style))
    return ui


class Privacy(commands.Cog):
    privacy = app_commands.Group(name=_("privacy"), description=_("What Tapis stores about you or this server."),
                                 allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=True))

    def __init__(self, bot: CogBot) -> None:
        self.bot = bot
        bot.handlers["~z"] = self.on_click

    # -- a member ----------------------------------------------------------------------------

    async def _member_page(self, guild_id: int | None, user: Any, locale: str) -> tuple[discord.Embed, discord.ui.View]:
        data = await self.bot.archive.member_export(user.id)
        n = privacy.member_summary(data, guild_id)
        settings = self.bot.settings
        embed = discord.Embed(title=t(locale, "privacy_title", name=user.display_name), colour=discord.Colour.teal(),
                              description=t(locale, "privacy_body" if guild_id else "privacy_body_all", tables=tn(locale, "count.table_seats", n["tables"]),
                                            actions=tn(locale, "count.moves", n["actions"]),
                                            results=tn(locale, "count.results", n["results"]),
                                            ratings=tn(locale, "count.ratings", n["ratings"]),
                                            elsewhere=tn(locale, "count.tables", n["elsewhere"]),
                                            days=f"{settings.guild_retention / 86400:g}"))
        me = b36(user.id)
        return embed, buttons((ids.build_id(me, 0, "~ze"), t(locale, "privacy_export_button"), BLUE),
                              (ids.build_id(me, 0, "~zx"), t(locale, "privacy_erase_button"), RED))

    @privacy.command(name=_("me"), description=_("See, export or erase what Tapis stores about you."))
    async def me(self, interaction: discord.Interaction[Any]) -> None:
        async with self.bot.guard(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            embed, ui = await self._member_page(interaction.guild_id, interaction.user,
                                                self.bot.locale_for(interaction))
            await answers.send(interaction, embed=embed, view=ui, ephemeral=True)
            ui.stop()

    # -- a server ----------------------------------------------------------------------------

    @privacy.command(name=_("server"), description=_("Admins: what Tapis stores for this server; erase it."))
    async def server(self, interaction: discord.Interaction[Any]) -> None:
        async with self.bot.guard(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            if interaction.guild_id is None:  # the bot's DM: no server to show
                raise BotError.of("privacy_server_in_dm")
            if not is_admin(interaction.user):
                raise BotError.of("not_admin")
            assert interaction.guild_id is not None
            locale = self.bot.locale_for(interaction)
            n = await self.bot.archive.guild_summary(interaction.guild_id)
            embed = discord.Embed(title=t(locale, "privacy_server_title"), colour=discord.Colour.teal(),
                                  description=t(locale, "privacy_server_body", **_counted(n, locale),
                                                days=f"{self.bot.settings.guild_retention / 86400:g}"))
            ui = buttons((ids.build_id(b36(interaction.guild_id), 0, "~zs"), t(locale, "privacy_server_erase_button"),
                          RED))
            await answers.send(interaction, embed=embed, view=ui, ephemeral=True)
            ui.stop()

    # -- the buttons -------------------------------------------------------------------------

    async def on_click(self, interaction: discord.Interaction[Any], parsed: ParsedId, values: list[str]) -> None:
        locale = self.bot.locale_for(interaction)
        verb = parsed.action
        why = refusal(verb, int(parsed.table, 36), interaction.user.id, interaction.guild_id,
                      is_admin(interaction.user))
        if why is not None:
            raise BotError.of(why)
        if verb == "~ze":
            await self._export(interaction, locale)
        elif verb == "~zx":
            seated = privacy.open_seats(self.bot.service, interaction.user.id)
            text = t(locale, "privacy_confirm")
            if seated:
                text += "\n" + tn(locale, "privacy_confirm_seated_n", len(seated), tables=", ".join(tb.id for tb in seated))
            await self._ask(interaction, text, ids.build_id(parsed.table, 0, "~zy"), locale)
        elif verb == "~zy":
            await interaction.response.defer()
            await privacy.vacate(self.bot.service, interaction.user.id)
            rows = await privacy.erase_member(self.bot.service, interaction.user.id)
            await interaction.edit_original_response(content=t(locale, "privacy_erased", rows=tn(locale, "count.rows", rows)), embed=None,
                                                     view=None)
        elif verb == "~zs":
            await self._ask(interaction, t(locale, "privacy_server_confirm"), ids.build_id(parsed.table, 0, "~zt"),
                            locale)
        elif verb == "~zt":
            await interaction.response.defer()
            assert interaction.guild_id is not None
            rows = await privacy.erase_guild(self.bot.service, interaction.guild_id)
            await interaction.edit_original_response(content=t(locale, "privacy_server_erased", rows=tn(locale, "count.rows", rows)),
                                                     embed=None, view=None)
        elif verb == "~zn":
            await interaction.response.edit_message(content=t(locale, "privacy_kept"), embed=None, view=None)
        else:
            raise BotError.of("unknown_verb")

    async def _ask(self, interaction: discord.Interaction[Any], text: str, yes: str, locale: str) -> None:
        """The confirmation step: the message now asks, with Erase and Keep."""
        owner = yes.split(":")[1]
        ui = buttons((yes, t(locale, "privacy_erase_yes"), RED),
                     (ids.build_id(owner, 0, "~zn"), t(locale, "privacy_keep"), GREY))
        await interaction.response.edit_message(content=text, embed=None, view=ui)
        ui.stop()

    async def _export(self, interaction: discord.Interaction[Any], locale: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        data = await self.bot.archive.member_export(interaction.user.id)
        files = await asyncio.to_thread(privacy.export_files, data, f"tapis-data-{interaction.user.id}")
        for i, (name, raw) in enumerate(files):  # one file per message: each stays under the upload limit
            text = t(locale, "privacy_export_done") if i == 0 else t(locale, "privacy_export_part", part=i + 1,
                                                                         parts=len(files))
            await answers.send(interaction, text, file=discord.File(io.BytesIO(raw), filename=name), ephemeral=True)

    # -- the bot leaves or joins a server ----------------------------------------------------

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        await privacy.guild_left(self.bot.service, guild.id, self.bot.service.clock())

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        await privacy.guild_back(self.bot.service, guild.id)


async def setup(bot: CogBot) -> None:
    await bot.add_cog(Privacy(bot))


def _counted(counts: dict[str, int], locale: str) -> dict[str, str]:
    """The server summary's counts (:func:`bot.service.privacy.guild_summary`), each with its word in the
    right plural form ("1 table", "26 coups joués")."""
    return {"tables": tn(locale, "count.tables", counts["tables"]), "actions": tn(locale, "count.moves", counts["actions"]),
            "members": tn(locale, "count.members", counts["members"]),
            "results": tn(locale, "count.result_lines", counts["results"]),
            "ratings": tn(locale, "count.ratings", counts["ratings"]),
            "settings": tn(locale, "count.settings_rows", counts["settings"])}
