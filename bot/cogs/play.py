"""Play: "My hand" and ``/hand`` (private hand image + that seat's legal actions only), clicks and
menus on the hand, ``/play`` with autocomplete, and the vote to abort button."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import images, views
from bot.i18n import t
from bot.ids import ParsedId
from bot.tables import BotError, StaleAction, Table
from games.base import Action

_ = app_commands.locale_str


def hand_payload(table: Table, seat: int, view: dict[str, Any], legal: list[Action], picks: int,
                 locale: str, group: int | None = None, note: str | None = None) -> dict[str, Any]:
    """Embed, image and components of one seat's private hand (runs in a worker thread)."""
    png = images.hand_png(view, locale, [a.arg for a in legal if a.arg] if legal else None)
    embed = discord.Embed(title=t(locale, "hand_title", game=views.game_title(table.game, locale), table=table.id),
                          colour=discord.Colour.dark_blue())
    lines = [note] if note else []
    to_act = table.to_act()
    if legal:
        if picks > 1:
            lines.append(t(locale, "choose_n", n=picks))
        elif len(legal) > views.SELECT_MAX and group is None:
            lines.append(t(locale, "choose_group"))
        else:
            lines.append(t(locale, "choose"))
    elif to_act is not None:
        lines.append(t(locale, "waiting", name=table.seats[to_act].name))
    else:
        lines.append(t(locale, "over"))
    hand = view.get("hand")
    if not png and hand:
        lines.append(f"{t(locale, 'your_hand')}: {' '.join(map(str, hand))}")
    embed.description = "\n".join(lines)[:4000]
    files = []
    if png:
        files.append(discord.File(io.BytesIO(png), filename="hand.png"))
        embed.set_image(url="attachment://hand.png")
    embed.set_footer(text=f"rev {table.rev}")
    ui = views.hand_view(table, legal, picks, locale, group)
    return {"embed": embed, "files": files, "view": ui}


class Play(commands.Cog):
    def __init__(self, bot: Any) -> None:
        self.bot = bot
        for verb, handler in (("~h", self.on_my_hand), ("~v", self.on_vote), ("~g", self.on_group),
                              ("~a", self.on_menu), ("~m", self.on_menu), ("act", self.on_action)):
            bot.handlers[verb] = handler

    async def _payload(self, interaction: discord.Interaction[Any], table_id: str, *, group: int | None = None,
                       note: str | None = None) -> dict[str, Any]:
        table, seat, view, legal, picks = self.bot.service.hand(table_id, interaction.user.id)
        locale = self.bot.locale_for(interaction)
        return await asyncio.to_thread(hand_payload, table, seat, view, legal, picks, locale, group, note)

    async def _send_hand(self, interaction: discord.Interaction[Any], table_id: str) -> None:
        came_back = await self.bot.service.reclaim(table_id, interaction.user.id)
        note = t(self.bot.locale_for(interaction), "welcome_back") if came_back else None
        payload = await self._payload(interaction, table_id, note=note)
        ui = payload.pop("view")
        if ui is None:
            await interaction.followup.send(ephemeral=True, **payload)
            return
        await interaction.followup.send(ephemeral=True, view=ui, **payload)
        ui.stop()  # DynamicItems answer the clicks: no 15-minute timeout task per hand

    # -- slash commands ----------------------------------------------------------------------

    @app_commands.command(name=_("hand"), description=_("Show your hand privately."))
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        async with self.bot.guard(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            table = self._mine(interaction)
            await self._send_hand(interaction, table.id)

    @app_commands.command(name=_("play"), description=_("Play an action (autocomplete shows your legal actions)."))
    @app_commands.guild_only()
    @app_commands.rename(action=_("action"))
    @app_commands.describe(action=_("The action to play."))
    async def play(self, interaction: discord.Interaction[Any], action: str) -> None:
        async with self.bot.guard(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            table = self._mine(interaction)
            game = table.game
            label = game.action_label(game.parse_action(action), self.bot.locale_for(interaction))
            await self.bot.service.act(table.id, interaction.user.id, action)
            await interaction.followup.send(t(self.bot.locale_for(interaction), "played", label=label), ephemeral=True)

    @play.autocomplete("action")
    async def play_autocomplete(self, interaction: discord.Interaction[Any],
                                current: str) -> list[app_commands.Choice[str]]:
        table = self.bot.service.at(interaction.channel_id or 0)
        if table is None or not table.seated(interaction.user.id) or table.state is None:
            return []
        legal = table.state.legal_actions(table.seat_of(interaction.user.id))
        locale = self.bot.locale_for(interaction)
        typed = current.strip().lower()
        out = []
        for a in legal:
            label = table.game.action_label(a, locale) or str(a)
            if not typed or typed in label.lower() or typed in str(a).lower():
                out.append(app_commands.Choice(name=label[:100], value=str(a)[:100]))
            if len(out) == 25:
                break
        return out

    def _mine(self, interaction: discord.Interaction[Any]) -> Table:
        """The table of this channel where the caller is seated."""
        table = self.bot.service.at(interaction.channel_id or 0)
        if table is None or table.state is None:
            raise BotError.of("no_table_here")
        table.seat_of(interaction.user.id)
        return table

    # -- components --------------------------------------------------------------------------

    async def on_my_hand(self, interaction: discord.Interaction[Any], parsed: ParsedId, values: list[str]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self._send_hand(interaction, parsed.table)

    async def on_vote(self, interaction: discord.Interaction[Any], parsed: ParsedId, values: list[str]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        lobby = self.bot.get_cog("Lobby")
        await lobby._vote(interaction, parsed.table)

    def _check_rev(self, parsed: ParsedId) -> Table:
        table = self.bot.service.get(parsed.table)
        if parsed.rev != table.rev or table.status != "playing":
            raise StaleAction.of("stale")
        return table

    async def on_group(self, interaction: discord.Interaction[Any], parsed: ParsedId, values: list[str]) -> None:
        """Step-by-step menus: show one group's actions (or the groups again)."""
        await interaction.response.defer()
        table = self._check_rev(parsed)
        table.seat_of(interaction.user.id)
        rest = parsed.action[2:]
        chosen = values[0] if values else rest
        group = int(chosen) if chosen.isdigit() else None
        payload = await self._payload(interaction, table.id, group=group)
        await interaction.edit_original_response(embed=payload["embed"], attachments=payload["files"],
                                                 view=payload["view"])
        if payload["view"] is not None:
            payload["view"].stop()

    async def on_menu(self, interaction: discord.Interaction[Any], parsed: ParsedId, values: list[str]) -> None:
        if not values or not all(v.isdigit() for v in values):
            raise BotError.of("bad_choice")
        await self._act(interaction, parsed, [], [int(v) for v in values])

    async def on_action(self, interaction: discord.Interaction[Any], parsed: ParsedId, values: list[str]) -> None:
        index = parsed.index
        if index is not None:
            await self._act(interaction, parsed, [], [index])
        else:
            await self._act(interaction, parsed, [parsed.action], [])

    async def _act(self, interaction: discord.Interaction[Any], parsed: ParsedId, texts: list[str],
                   index: list[int]) -> None:
        """Act from a hand component, then refresh that private hand in place."""
        await interaction.response.defer()
        table = await self.bot.service.act(parsed.table, interaction.user.id, texts, parsed.rev, index=index)
        if table.state is None or not table.seated(interaction.user.id):
            return
        payload = await self._payload(interaction, table.id)
        await interaction.edit_original_response(embed=payload["embed"], attachments=payload["files"],
                                                 view=payload["view"])
        if payload["view"] is not None:
            payload["view"].stop()


async def setup(bot: Any) -> None:
    await bot.add_cog(Play(bot))
