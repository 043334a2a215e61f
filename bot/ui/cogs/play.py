"""Play: "My hand" and ``/hand`` (private hand image + that seat's legal actions only), clicks and
menus on the hand, ``/play`` with autocomplete, and the vote to abort button."""

from __future__ import annotations

import functools
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.service import picks
from bot.service.i18n import t
from bot.service.tables import BotError, Table
from bot.ui import answers, hints, ids, views
from bot.ui.answers import committed
from bot.ui.cogs import CogBot
from bot.ui.cogs.lobby import vote
from bot.ui.ids import ParsedId
from games import typed
from games.base import Action
from games.errors import GameError

_ = app_commands.locale_str


class Play(commands.Cog):
    def __init__(self, bot: CogBot) -> None:
        self.bot = bot
        for verb, handler in (("~h", self.on_my_hand), ("~v", self.on_vote), ("~g", self.on_group),
                              ("~a", self.on_menu), ("~m", self.on_menu), ("~q", self.on_picks),
                              (views.CONFIRM, self.on_confirm),
                              ("act", self.on_action)):
            bot.handlers[verb] = handler
        bot.handlers[hints.VERB] = functools.partial(hints.on_hint, bot)

    async def _send_hand(self, interaction: discord.Interaction[Any], table_id: str) -> None:
        """A new live hand for the caller (deferred interaction), bringing an absent player back."""
        came_back = await self.bot.service.reclaim(table_id, interaction.user.id)
        note = t(self.bot.private_locale(interaction), "welcome_back") if came_back else None
        await self.bot.hands.open(interaction, table_id, note)

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
            assert table.state is not None
            locale = self.bot.private_locale(interaction)
            try:
                chosen = typed.match_many(table.game, table.state, table.seat_of(interaction.user.id), action,
                                          table.names())
            except GameError:
                self.bot.service.metrics.error("refused")  # counted as the service counts its refusals
                raise
            state, labels = table.state, []
            for one in chosen:  # each labelled at the state it is played in
                labels.append(table.game.state_action_label(state, one, table.names(), locale))
                state = state.apply(table.seat_of(interaction.user.id), one)
            label = ", ".join(labels)
            await self.bot.service.act(table.id, interaction.user.id, chosen)
            committed(interaction)
            await answers.send(interaction, t(locale, "played", label=label), ephemeral=True)

    @play.autocomplete("action")
    async def play_autocomplete(self, interaction: discord.Interaction[Any],
                                current: str) -> list[app_commands.Choice[str]]:
        """The caller's legal actions by their labels, those ``current`` may mean first (:mod:`games.typed`)."""
        table = self.bot.service.registry.at(interaction.channel_id or 0)
        if table is None or not table.seated(interaction.user.id) or table.state is None:
            return []
        locale = self.bot.private_locale(interaction)
        names = table.names()
        offered = typed.suggest(table.game, table.state, table.seat_of(interaction.user.id), current, names)
        return [app_commands.Choice(name=(table.game.state_action_label(table.state, a, names, locale) or str(a))[:100],
                                    value=str(a)[:100]) for a in offered]

    def _mine(self, interaction: discord.Interaction[Any]) -> Table:
        """The table of this channel where the caller is seated."""
        table = self.bot.service.registry.at(interaction.channel_id or 0)
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
        await vote(self.bot, interaction, parsed.table)

    async def on_group(self, interaction: discord.Interaction[Any], parsed: ParsedId, values: list[str]) -> None:
        """Step-by-step menus: show one group's actions (or the groups again), in the same message."""
        chosen = values[0] if values else parsed.action[2:]
        async with self.bot.hands.clicked(interaction, parsed.table, parsed.rev) as click:
            if click is not None:
                click.console.group = ids.number(chosen)

    async def on_confirm(self, interaction: discord.Interaction[Any], parsed: ParsedId, values: list[str]) -> None:
        """A give-up button: the same message asks to confirm it (``~u<i>``), or goes back (``~u``)."""
        async with self.bot.hands.clicked(interaction, parsed.table, parsed.rev) as click:
            if click is not None:
                click.console.group = views.confirm_group(parsed.action)

    async def on_menu(self, interaction: discord.Interaction[Any], parsed: ParsedId, values: list[str]) -> None:
        picked = [n for v in values if (n := ids.number(v)) is not None] if values else []
        await self._act(interaction, parsed, [], picked if len(picked) == len(values) else [])

    async def on_picks(self, interaction: discord.Interaction[Any], parsed: ParsedId, values: list[str]) -> None:
        """A submitted pick menu (``bot/service/picks.py``): its items become steps, all or none."""
        picked = [n for v in values if (n := ids.number(v)) is not None]
        await self._act(interaction, parsed, [], [], picked if len(picked) == len(values) else [-1])

    async def on_action(self, interaction: discord.Interaction[Any], parsed: ParsedId, values: list[str]) -> None:
        index = parsed.index
        if index is not None:
            await self._act(interaction, parsed, [], [index])
        else:
            await self._act(interaction, parsed, [parsed.action], [])

    async def _act(self, interaction: discord.Interaction[Any], parsed: ParsedId, texts: list[str],
                   index: list[int], picked: list[int] | None = None) -> None:
        """Act from a hand component; the live hand redraws that same message. ``texts``: an
        action spelled in the custom id; ``index``: legal actions by position; ``picked``: a pick
        menu's items (their steps are :class:`Action` values, never text again)."""
        async with self.bot.hands.clicked(interaction, parsed.table, parsed.rev) as click:
            if click is None:
                return
            table, click.console.group = click.table, None
            steps: list[Action] | list[str] = texts
            if picked and table.state is not None and table.rev == parsed.rev:  # the service checks rev again
                steps = picks.chosen_steps(table.game, table.state, table.seat_of(interaction.user.id), picked)
            if not steps and not index:
                raise BotError.of("bad_choice")
            await self.bot.service.act(table.id, interaction.user.id, steps, parsed.rev, index=index)
            committed(interaction)


async def setup(bot: CogBot) -> None:
    await bot.add_cog(Play(bot))
