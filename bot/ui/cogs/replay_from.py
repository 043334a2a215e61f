"""Replay from here ("Rejouer d'ici") under a deal's review: a private practice table from one of
the member's decisions, a thin adapter over :mod:`bot.service.replay_from`.

The review's answer carries a button per key moment (``~o<n>``: decision ``n``) and menus of every
decision of the member in the deal (``~o:<k>``, the decision's number as the value); the custom id
carries the table and the deal (``rev``). Every click is checked again from the saved match, never
from the id: the table must be of this server, the deal over and the member's own, and a shared
deal visible to them (:class:`bot.service.shared_deals.SharedDeals`). The practice table lives in the
member's private practice thread (one per member and server, made once, :mod:`bot.ui.threads`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import discord
from discord.ext import commands

from bot.service import replay_from
from bot.service.i18n import t
from bot.service.table import BotError
from bot.ui import replay, views
from bot.ui.cogs import CogBot
from bot.ui.ids import ParsedId, build_id, number
from bot.ui.threads import made_thread
from games.base import Game
from games.errors import GameError
from games.review import Review

#: decisions a menu lists (Discord's most options in one select), and menus under a review
PER_MENU, MENUS = 25, 4


@dataclass(frozen=True)
class Origin:
    """A deal a member asks to replay from: its table's game, saved match, seats and place."""

    table_id: str
    game: Game
    saved: Mapping[str, Any]
    players: list[int | None]
    levels: list[str]
    channel_id: int
    match_over: bool


def practice_view(table_id: str, review: Review, game: Game, locale: str) -> discord.ui.View | None:
    """The buttons (a key moment each) and menus (every decision) under a review, ``None`` for a
    game the practice tables cannot replay."""
    if game.name not in replay_from.DEAL_LIMIT or not review.decisions:
        return None
    view = discord.ui.View(timeout=None)
    numbers = {d.index: n for n, d in enumerate(review.decisions, start=1)}
    for decision in review.key_moments():
        n = numbers[decision.index]
        view.add_item(views.button(build_id(table_id, review.deal_no, f"~o{n}"), t(locale, "practice_button", n=n),
                                   row=0))
    decisions = list(enumerate(review.decisions, start=1))
    for k in range(min(MENUS, -(-len(decisions) // PER_MENU))):
        part = decisions[k * PER_MENU:(k + 1) * PER_MENU]
        menu: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=build_id(table_id, review.deal_no, f"~o:{k}"), row=k + 1,
            placeholder=t(locale, "practice_pick", first=part[0][0], last=part[-1][0])[:150],
            options=[discord.SelectOption(label=t(locale, "practice_option", n=n,
                                                  move=_label(game, d.played, locale))[:100], value=str(n))
                     for n, d in part])
        view.add_item(menu)
    return view


def _label(game: Game, text: str, locale: str) -> str:
    try:
        return game.action_label(game.parse_action(text), locale)
    except (GameError, ValueError):
        return text


class ReplayFromCog(commands.Cog):
    def __init__(self, bot: CogBot) -> None:
        self.bot = bot
        bot.handlers["~o"] = self.on_click

    async def on_click(self, interaction: discord.Interaction[Any], parsed: ParsedId, values: list[str]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        locale = self.bot.private_locale(interaction)
        wanted = number(parsed.action[2:]) if not parsed.action.startswith("~o:") else \
            (number(values[0]) if values else None)
        if wanted is None:
            raise BotError.of("bad_choice")
        if interaction.guild_id is None:  # a server's deals only, and its private thread
            raise BotError.of("practice_no_thread")
        origin = await self.origin(interaction, parsed.table, parsed.rev)
        seat = origin.players.index(interaction.user.id)
        found = [m for m in replay_from.moments(origin.game, origin.saved, seat, parsed.rev) if m.number == wanted]
        if not found:
            raise BotError.of("practice_no_decision", deal=parsed.rev + 1, n=wanted)
        state = replay_from.practice_state(origin.game, origin.saved, seat, parsed.rev, found[0], origin.match_over)
        channel_id, thread_id = await self._thread(interaction, locale)
        table = await replay_from.open_practice(
            self.bot.service, state, seat, (interaction.user.id, interaction.user.display_name), origin.levels,
            seed=replay_from.practice_seed(origin.table_id, found[0]), guild_id=interaction.guild_id,
            channel_id=channel_id, thread_id=thread_id)
        try:
            await self.bot.presenter.post_lobby(table)
        except Exception:
            await self.bot.service.cancel(table.id, None, admin=True)
            raise
        self.bot.presenter.table_changed(table)
        await interaction.edit_original_response(content=t(locale, "practice_opened", where=f"<#{thread_id}>",
                                                           deal=parsed.rev + 1, n=wanted))

    async def origin(self, interaction: discord.Interaction[Any], table_id: str, deal_no: int) -> Origin:
        """The deal ``deal_no`` of the table ``table_id`` of this server, ended, held by the member and
        visible to them. :raises BotError: any of those not so."""
        user = interaction.user.id
        table = self.bot.service.tables.get(table_id)
        if table is not None and table.guild_id == interaction.guild_id and table.state is not None:
            state = table.state
            if not (table.status == "over" or (state.deal_index() or 0) > deal_no):
                raise BotError.of("review_deal_in_play", deal=deal_no + 1)
            found = Origin(table.id, table.game, state.to_json(), [s.user_id for s in table.seats],
                           [_level(s.level, s.computer) for s in table.seats], table.channel_id, table.status == "over")
        else:
            fin = await replay.finished(self.bot, table_id, interaction.guild_id)
            seats = await self.bot.archive.seats(fin.table_id)
            found = Origin(fin.table_id, fin.game, fin.data, fin.user_ids,
                           [_level(s.get("level"), s.get("user_id") is None) for s in seats], fin.channel_id, True)
        if user not in found.players:
            raise BotError.of("practice_not_yours")
        await self.bot.shared.check(interaction.guild_id or 0, user, found.table_id, str(found.saved.get("seed", "")),
                                    found.players)
        return found

    async def _thread(self, interaction: discord.Interaction[Any], locale: str) -> tuple[int, int]:
        """``(channel id, thread id)`` of the member's private practice thread, made once."""
        channel: object = interaction.channel
        if isinstance(channel, discord.Thread):
            channel = channel.parent
        if not isinstance(channel, discord.TextChannel):
            raise BotError.of("practice_no_thread")
        name = t(locale, "practice_thread", name=interaction.user.display_name)
        key = f"place:practice:{interaction.guild_id}:{interaction.user.id}"
        made = await made_thread(self.bot.records, key, channel, name[:100], private=True, members=[interaction.user.id])
        return channel.id, made


def _level(level: str | None, computer: bool) -> str:
    """The level of the computer that takes a seat: the computer's own, the normal one for a member's."""
    return (level or "normal") if computer else "normal"


async def setup(bot: CogBot) -> None:
    await bot.add_cog(ReplayFromCog(bot))
