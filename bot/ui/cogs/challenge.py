"""``/challenge`` (fr ``/defi``, es ``/desafio``): the daily challenge, a thin cog over
:class:`bot.service.challenges.ChallengeService`.

**Private play in a private thread** (not ephemeral messages): each deal is an ordinary table, and
the whole table machinery (the presenter's table message, "My hand" consoles, recaps, the redraw
after a restart) posts into a place. A private thread is a place only the member (and moderators
who manage threads) can see; an ephemeral message cannot be edited after 15 minutes nor after a
restart, so a deal could not be resumed there. The member's day keeps one thread; every answer
about scores is ephemeral.
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

import discord
from discord import app_commands
from discord.ext import commands

from bot.service.challenges import GAMES as CHALLENGE_GAMES
from bot.service.challenges import ChallengeService
from bot.service.i18n import t, tn
from bot.service.table import BotError
from bot.ui import answers
from bot.ui.cogs import CogBot, choice, is_admin
from bot.ui.threads import made_thread
from games import find_game

_ = app_commands.locale_str
GAME_CHOICES = [app_commands.Choice(name=find_game(g).title("fr"), value=g) for g in CHALLENGE_GAMES]
PERIODS = [app_commands.Choice(name=choice("day"), value="day"), app_commands.Choice(name=choice("week"), value="week"),
           app_commands.Choice(name=choice("month"), value="month")]


def pct(value: float | None, locale: str) -> str:
    return "—" if value is None else t(locale, "challenge_percent", n=round(value))


class ChallengeBot(CogBot, Protocol):
    """What the challenge cog needs of the bot: the cogs' common needs and the challenge service."""

    challenges: ChallengeService


@app_commands.guild_only()  # on the group: a subcommand's guild_only is never sent to Discord
class Challenge(commands.GroupCog, group_name=_("challenge"), group_description=_("The daily challenge.")):
    def __init__(self, bot: ChallengeBot) -> None:
        self.bot = bot
        self._opening: dict[tuple[int, int, str], asyncio.Lock] = {}  # one /challenge play at a time a member
        super().__init__()

    @property
    def challenges(self) -> ChallengeService:
        found: ChallengeService = self.bot.challenges
        return found

    async def _thread(self, interaction: discord.Interaction[Any], game: str) -> tuple[int, int]:
        """``(channel id, thread id)`` of the member's private thread for today's challenge of
        ``game``: the one of their earlier deals today, else a new private thread."""
        assert interaction.guild_id is not None and interaction.channel is not None
        day = await self.challenges.today(interaction.guild_id)
        rows = await self.challenges.store.member_day(interaction.guild_id, day, game, interaction.user.id)
        for row in reversed(rows):
            saved = await self.bot.archive.table(row.table_id)
            if saved is not None and saved["thread_id"]:
                return int(saved["channel_id"]), int(saved["thread_id"])
        channel: object = interaction.channel
        if isinstance(channel, discord.Thread):
            channel = channel.parent
        if not isinstance(channel, discord.TextChannel):
            raise BotError.of("challenge_no_thread")
        locale = self.bot.locale_for(interaction)
        name = t(locale, "challenge_thread", game=find_game(game).title(locale), name=interaction.user.display_name)
        # made once (a failed answer or add found again on the member's next try: no orphan thread)
        key = f"place:challenge:{interaction.guild_id}:{day}:{game}:{interaction.user.id}"
        made = await made_thread(self.bot.records, key, channel, name[:100], private=True, members=[interaction.user.id])
        return channel.id, made

    @app_commands.command(name=_("play"), description=_("Play today's challenge, or go on with it."))
    @app_commands.guild_only()
    @app_commands.rename(game=_("game"))
    @app_commands.describe(game=_("The game to play."))
    @app_commands.choices(game=GAME_CHOICES)
    async def play(self, interaction: discord.Interaction[Any], game: str = "tarot") -> None:
        async with self.bot.guard(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            assert interaction.guild_id is not None
            locale = self.bot.private_locale(interaction)
            (await self.challenges.settings(interaction.guild_id)).count(game)
            key = (interaction.guild_id, interaction.user.id, game)
            async with self._opening.setdefault(key, asyncio.Lock()):  # a double submit: one private thread
                channel_id, thread_id = await self._thread(interaction, game)
                progress = await self.challenges.play(interaction.guild_id, interaction.user.id,
                                                      interaction.user.display_name, game, channel_id=channel_id,
                                                      thread_id=thread_id)
            if progress.table is None:
                await answers.send(interaction, await self._result_text(interaction, game, locale), ephemeral=True)
                return
            table = progress.table
            if table.message_id is None:
                await self.bot.presenter.post_lobby(table)
            self.bot.presenter.table_changed(table)
            await answers.send(interaction, t(locale, "challenge_deal", n=progress.deal_no + 1, count=progress.count,
                                              where=f"<#{thread_id}>"), ephemeral=True)

    async def _result_text(self, interaction: discord.Interaction[Any], game: str, locale: str) -> str:
        assert interaction.guild_id is not None
        day = await self.challenges.today(interaction.guild_id)
        mine = await self.challenges.result(interaction.guild_id, interaction.user.id, game, day)
        if mine is None:
            return t(locale, "challenge_not_started")
        lines = [t(locale, "challenge_deal_line", n=k + 1, percent=pct(p, locale)) for k, p in enumerate(mine.percents)]
        lines.append(t(locale, "challenge_overall", percent=pct(mine.percent, locale)))
        if mine.finished and mine.place is not None:
            lines.append(t(locale, "challenge_place", place=mine.place + 1,
                           players=tn(locale, "count.players", mine.finishers)))
            lines.append(self.challenges.share_line(locale, day, game, mine))
        return "\n".join(lines)

    @app_commands.command(name=_("results"), description=_("Your results in today's challenge."))
    @app_commands.guild_only()
    @app_commands.rename(game=_("game"))
    @app_commands.describe(game=_("The game to play."))
    @app_commands.choices(game=GAME_CHOICES)
    async def results(self, interaction: discord.Interaction[Any], game: str = "tarot") -> None:
        async with self.bot.guard(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            locale = self.bot.private_locale(interaction)
            await answers.send(interaction, await self._result_text(interaction, game, locale), ephemeral=True)

    @app_commands.command(name=_("standings"), description=_("The challenge's standings: day, week or month."))
    @app_commands.guild_only()
    @app_commands.rename(game=_("game"), period=_("period"))
    @app_commands.describe(game=_("The game to play."), period=_("Day, week or month."))
    @app_commands.choices(game=GAME_CHOICES, period=PERIODS)
    async def standings(self, interaction: discord.Interaction[Any], game: str = "tarot",
                        period: str = "day") -> None:
        async with self.bot.guard(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            assert interaction.guild_id is not None
            locale = self.bot.private_locale(interaction)
            rows, scored = await self.challenges.standings(interaction.guild_id, interaction.user.id, game, period)
            if not scored:
                lines = [t(locale, "challenge_finished_by", names=", ".join(r.name for r in rows) or "—"),
                         t(locale, "challenge_scores_later")]
            else:
                lines = [t(locale, "challenge_standing", place="–" if r.place is None else r.place + 1, name=r.name,
                           percent=pct(r.percent, locale), days=tn(locale, "count.days", r.days)) for r in rows[:25]]
            await answers.send(interaction, "\n".join(lines) or t(locale, "no_results"), ephemeral=True)

    @app_commands.command(name=_("replay"), description=_("After finishing: the others' plays of a deal."))
    @app_commands.guild_only()
    @app_commands.rename(game=_("game"), deal=_("deal"))
    @app_commands.describe(game=_("The game to play."), deal=_("The deal's number."))
    @app_commands.choices(game=GAME_CHOICES)
    async def replay(self, interaction: discord.Interaction[Any], deal: app_commands.Range[int, 1, 8],
                     game: str = "tarot") -> None:
        async with self.bot.guard(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            assert interaction.guild_id is not None
            locale = self.bot.private_locale(interaction)
            rows = await self.challenges.replays(interaction.guild_id, interaction.user.id, game, deal - 1)
            lines = [t(locale, "challenge_replay_line", name=r.name, score=round(r.score or 0), table=r.table_id)
                     for r in rows[:20]]
            await answers.send(interaction, "\n".join(lines) or t(locale, "no_results"), ephemeral=True)

    @app_commands.command(name=_("stats"), description=_("Your challenge days, mean and streaks."))
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction[Any]) -> None:
        async with self.bot.guard(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            assert interaction.guild_id is not None
            locale = self.bot.private_locale(interaction)
            found = await self.challenges.stats(interaction.guild_id, interaction.user.id)
            lines = [t(locale, "challenge_stats_line", game=find_game(g).title(locale),
                       days=tn(locale, "count.days", days), percent=pct(mean, locale),
                       streak=tn(locale, "count.days", current), best=tn(locale, "count.days", longest))
                     for g, (days, mean, current, longest) in found.items()]
            await answers.send(interaction, "\n".join(lines) or t(locale, "no_results"), ephemeral=True)

    @app_commands.command(name=_("settings"), description=_("Admins: the challenge's time zone, games and level."))
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.rename(zone=_("zone"), game=_("game"), deals=_("deals"), level=_("level"))
    @app_commands.describe(zone=_("Time zone, e.g. Europe/Paris."), game=_("The game to play."),
                           deals=_("Deals of that game a day (0: no challenge)."), level=_("Computers' level."))
    @app_commands.choices(game=GAME_CHOICES)
    async def settings(self, interaction: discord.Interaction[Any], zone: str | None = None,
                       game: str | None = None, deals: app_commands.Range[int, 0, 8] | None = None,
                       level: str | None = None) -> None:
        async with self.bot.guard(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            if not is_admin(interaction.user):
                raise BotError.of("not_admin")
            assert interaction.guild_id is not None
            now = await self.challenges.configure(interaction.guild_id, time_zone=zone, game=game, deals=deals,
                                                  level=level)
            locale = self.bot.private_locale(interaction)
            games = ", ".join(f"{find_game(g).title(locale)} ({tn(locale, 'count.deals', n)})"
                              for g, n in now.games.items())
            await answers.send(interaction, t(locale, "challenge_settings_now", zone=now.time_zone, games=games or "—",
                                              level=now.level), ephemeral=True)


async def setup(bot: ChallengeBot) -> None:
    await bot.add_cog(Challenge(bot))
