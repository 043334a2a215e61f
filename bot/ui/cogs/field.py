"""The "Comparer" button (``~f``): the field on the same cards of a shared deal, privately, for the
member who held a seat of it (:mod:`bot.service.review_field`); and ``/history``'s deal picker
(``~t``): a match of the member's, its deals each with its review and field buttons.

What opens follows the one rule of :mod:`bot.service.shared_deals` whatever the way in (a button
under a recap or the results, a replay, ``/history``, a custom id typed by hand, another
server's table): the field service asks it, and the picker asks it as ``/replay`` does.
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

import discord
from discord.ext import commands

from bot.service.field_words import field_lines
from bot.service.i18n import t
from bot.service.review_field import FieldService
from bot.ui import answers, ids, replay, views
from bot.ui.cogs import CogBot
from bot.ui.field_view import FIELD, PICKER, picker_view, shared_seed
from bot.ui.ids import ParsedId
from games.duplicate import deal_records


class FieldBot(CogBot, Protocol):
    """What the field needs of the bot: the field service (and, as every cog, the shared deals' rule)."""

    fields: FieldService


class FieldCog(commands.Cog):
    def __init__(self, bot: FieldBot) -> None:
        self.bot = bot
        bot.handlers[FIELD] = self.on_field
        bot.handlers[PICKER] = self.on_pick

    async def on_field(self, interaction: discord.Interaction[Any], parsed: ParsedId, values: list[str]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        locale = self.bot.private_locale(interaction)
        field = await self.bot.fields.field(interaction.guild_id or 0, interaction.user.id, parsed.table, parsed.rev)
        title, lines = field_lines(field, locale)
        embed = discord.Embed(title=title, description="\n".join(lines)[:4000], colour=discord.Colour.blurple())
        ui = discord.ui.View(timeout=None)  # the best result's replay (/replay's rule again at the click)
        ui.add_item(views.button(ids.build_id(field.best.table_id, 0, "~yo"), t(locale, "field_best_replay")))
        await answers.send(interaction, embed=embed, view=ui, ephemeral=True)
        ui.stop()

    async def on_pick(self, interaction: discord.Interaction[Any], parsed: ParsedId, values: list[str]) -> None:
        """A match picked in ``/history``'s menu: its deals with their buttons."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        locale = self.bot.private_locale(interaction)
        fin = await replay.finished(self.bot, values[0] if values else "", interaction.guild_id)
        seed = str(fin.data.get("seed", ""))
        await self.bot.shared.check(fin.guild_id, interaction.user.id, fin.table_id, seed, fin.user_ids)
        deals = sorted({int(last.get("deal_no") or 0) for _, last in await asyncio.to_thread(deal_records, fin.data)})
        shared = shared_seed(seed) or await self.bot.archive.shares_deal(fin.table_id)
        ui = picker_view(fin.game.name, fin.table_id, deals, shared, locale)
        text = t(locale, "field_pick_deal", table=fin.table_id, game=views.game_title(fin.game, locale))
        await answers.send(interaction, text, view=ui, ephemeral=True)
        ui.stop()


async def setup(bot: FieldBot) -> None:
    await bot.add_cog(FieldCog(bot))
