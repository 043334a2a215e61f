"""The "Analyse" button: the review of a deal that ended, for the member's own seat, privately.

The button under each deal's recap and under the final results carries the table and the deal;
a member who held a seat there gets their decisions weighed (:mod:`bot.service.reviews`), from
their own information only; anyone else is told the review is the players' own. A daily
challenge's deal is reviewed by the member who played it (nobody else held its seat).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

import discord
from discord.ext import commands

from bot.service.review_notes import review_notes
from bot.service.review_words import review_lines
from bot.service.reviews import Reviews
from bot.service.table import BotError
from bot.ui import replay
from bot.ui.cogs import CogBot
from bot.ui.cogs.replay_from import practice_view
from bot.ui.ids import ParsedId
from games.base import Game


class ReviewBot(CogBot, Protocol):
    """What the review needs of the bot: its reviews (and, as every cog, the challenge's rule of
    what a member may see)."""

    reviews: Reviews


class ReviewCog(commands.Cog):
    def __init__(self, bot: ReviewBot) -> None:
        self.bot = bot
        bot.handlers["~d"] = self.on_review

    async def on_review(self, interaction: discord.Interaction[Any], parsed: ParsedId, values: list[str]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        locale = self.bot.private_locale(interaction)
        game, saved, players, names = await self._deal(interaction, parsed.table, parsed.rev)
        if interaction.user.id not in players:
            raise BotError.of("review_not_yours")
        seat = players.index(interaction.user.id)
        review = await self.bot.reviews.review(parsed.table, game, saved, seat, parsed.rev)
        title, lines = review_lines(review, game, names[seat], locale)
        lines += review_notes(game, saved.get("options") or {}, locale)
        embed = discord.Embed(title=title, description="\n".join(lines)[:4000], colour=discord.Colour.blurple())
        practice = practice_view(parsed.table, review, game, locale)  # "Rejouer d'ici"
        if practice is None:
            await interaction.edit_original_response(embed=embed)
        else:
            await interaction.edit_original_response(embed=embed, view=practice)

    async def _deal(self, interaction: discord.Interaction[Any], table_id: str,
                    deal_no: int) -> tuple[Game, Mapping[str, Any], list[int | None], list[str]]:
        """The game, saved match, members and names of a table of this server whose deal
        ``deal_no`` ended. :raises BotError: unknown here, or that deal not over."""
        table = self.bot.service.tables.get(table_id)
        if table is not None and table.guild_id == interaction.guild_id and table.state is not None:
            ended = table.status == "over" or (table.state.deal_index() or 0) > deal_no
            if not ended:
                raise BotError.of("review_deal_in_play", deal=deal_no + 1)
            return table.game, table.state.to_json(), [s.user_id for s in table.seats], table.names()
        fin = await replay.finished(self.bot, table_id, interaction.guild_id)
        await self.bot.shared.check(fin.guild_id, interaction.user.id, fin.table_id, str(fin.data.get("seed", "")),
                                    fin.user_ids)
        return fin.game, fin.data, fin.user_ids, fin.names


async def setup(bot: ReviewBot) -> None:
    await bot.add_cog(ReviewCog(bot))
