"""``/duplicate start`` and ``/duplicate results``: a group's duplicate tables, a thin cog
over :class:`bot.service.duplicate_tables.DuplicateTables`.

Each table plays in a private thread of its own members (they are playing the same deals as the
other tables: nobody may look at another table before playing the deal); computers complete seats.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Hashable
from typing import Any, Protocol

import discord
from discord import app_commands
from discord.ext import commands

from bot.service.duplicate_tables import DuplicateTables
from bot.service.i18n import t
from bot.service.shared_deals import SharedDeals
from bot.service.table import BotError
from bot.ui import answers
from bot.ui.cogs import CogBot
from bot.ui.threads import forget_thread, made_thread
from games import find_game
from games.duplicate import ONE_DEAL

_ = app_commands.locale_str
MENTION = re.compile(r"<@!?(\d+)>")
GAME_CHOICES = [app_commands.Choice(name=find_game(g).title("fr"), value=g)
                for g in ("tarot", "piquet", "tresillo") if g in ONE_DEAL]
SEATS = {"tarot": 4, "piquet": 2, "tresillo": 3}


class DuplicateBot(CogBot, Protocol):
    """What the duplicate cog needs of the bot: the cogs' common needs and the duplicate tables."""

    duplicates: DuplicateTables
    shared: SharedDeals


@app_commands.guild_only()  # on the group: a subcommand's guild_only is never sent to Discord
class Duplicate(commands.GroupCog, group_name=_("duplicate"),
                group_description=_("Duplicate tables: the same deals at every table.")):
    def __init__(self, bot: DuplicateBot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def groups(self) -> DuplicateTables:
        found: DuplicateTables = self.bot.duplicates
        return found

    @staticmethod
    async def _name(guild: discord.Guild, user_id: int) -> str:
        """A mentioned member's name (fetched: the bot has no members intent). :raises BotError: not a member."""
        member = guild.get_member(user_id)
        if member is None:
            try:
                member = await guild.fetch_member(user_id)
            except discord.HTTPException:
                raise BotError.of("duplicate_bad_members", most=4) from None
        return member.display_name

    @app_commands.command(name=_("start"), description=_("Open duplicate tables: members per table, | between tables."))
    @app_commands.guild_only()
    @app_commands.rename(game=_("game"), members=_("members"), deals=_("deals"))
    @app_commands.describe(game=_("The game to play."), members=_("Mentions per table, tables split by |."),
                           deals=_("Number of deals."))
    @app_commands.choices(game=GAME_CHOICES)
    async def start(self, interaction: discord.Interaction[Any], game: str, members: str,
                    deals: app_commands.Range[int, 1, 8] = 2) -> None:
        async with self.bot.guard(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            guild, channel = interaction.guild, interaction.channel
            if isinstance(channel, discord.Thread):
                channel = channel.parent
            if guild is None or not isinstance(channel, discord.TextChannel):
                raise BotError.of("challenge_no_thread")
            locale = self.bot.locale_for(interaction)
            size = SEATS[game]
            slots: list[list[tuple[int, str] | None]] = []
            for part in members.split("|"):
                ids = [int(m) for m in MENTION.findall(part)]
                if not ids or len(ids) > size:
                    raise BotError.of("duplicate_bad_members", most=size)
                seats: list[tuple[int, str] | None] = [(i, await self._name(guild, i)) for i in ids]
                slots.append(seats + [None] * (size - len(seats)))
            places, threads, keys = [], [], []
            # each thread made once: the same command tried again after a failure finds those made
            ask = hashlib.sha1(repr((game, members, deals)).encode()).hexdigest()[:12]
            for n, seats in enumerate(slots, 1):
                keys.append(f"place:duplicate:{channel.id}:{interaction.user.id}:{ask}:{n}")
                name = t(locale, "duplicate_thread", game=find_game(game).title(locale), n=n)[:100]
                made = await made_thread(self.bot.records, keys[-1], channel, name, private=True,
                                         members=[s[0] for s in seats if s is not None])
                places.append((channel.id, made))
                threads.append(f"<#{made}>")
            group = await self.groups.open(guild.id, game, slots, places, deals=deals)  # the presenter posts them
            for key in keys:  # in use by the group's tables: the same command later makes new threads
                await forget_thread(self.bot.records, key)
            await answers.send(interaction, t(locale, "duplicate_opened", group=group.id, tables=", ".join(threads)),
                                            ephemeral=True)

    @app_commands.command(name=_("results"), description=_("A duplicate group's match points."))
    @app_commands.guild_only()
    @app_commands.rename(group=_("group"))
    @app_commands.describe(group=_("The group's code."))
    async def results(self, interaction: discord.Interaction[Any], group: str) -> None:
        async with self.bot.guard(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            locale = self.bot.private_locale(interaction)
            code = group.strip().lower()
            shown = await self.bot.shared.group_deals(code, interaction.guild_id or 0, interaction.user.id)
            row = await self.groups.store.group(code)
            if shown is None or row is None:  # unknown here (another server's code included)
                raise BotError.of("duplicate_unknown", group=code[:20])
            found = await self.groups.results(code)
            names: dict[Hashable, str] = {s[0]: s[1] for slot in row.seats for s in slot if s is not None}
            lines = [t(locale, "duplicate_line", deal=s.result.position.deal.deal_no + 1,
                       seat=s.result.position.seat + 1, name=names.get(s.result.player, "?"),
                       score=round(s.result.score), percent=round(s.percent))
                     for s in found.scored if s.result.position.deal.deal_no in shown]
            if len(shown) >= row.deals:  # the standings once every deal is the viewer's to see
                lines += [t(locale, "duplicate_standing", place="–" if s.place is None else s.place + 1,
                            name=names.get(s.player, "?"), percent=round(s.percent)) for s in found.standings]
            else:
                lines.append(t(locale, "shared_play_first"))
            await answers.send(interaction, "\n".join(lines)[:1900] or t(locale, "no_results"), ephemeral=True)


async def setup(bot: DuplicateBot) -> None:
    await bot.add_cog(Duplicate(bot))
