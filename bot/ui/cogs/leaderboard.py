"""``/leaderboard game:`` (scoreboard image) and ``/stats member:``; computer players listed apart."""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.infra import images
from bot.service import ratings
from bot.service.archive import Rating
from bot.service.autoplay import LEVEL_KEYS
from bot.service.i18n import pick, t, tn
from bot.service.rating_words import ladder, why_line
from bot.ui import answers, limits, views
from bot.ui.answers import defer_public
from bot.ui.cogs import CogBot, game_choices
from games import GAMES, find_game
from rendering.scoreboard import PAGE

_ = app_commands.locale_str


def rows_of(found: list[Rating], computer: bool = False, locale: str = "fr") -> list[dict[str, Any]]:
    """Scoreboard rows for ``rendering.scoreboard_image`` (computer players named in ``locale``), with
    the shown rating (``ratings.shown``: 1000 for a new player); a provisional rating has no rank."""
    rows, rank = [], 0
    for r in found:
        unsure = ratings.provisional(r)
        rank += not unsure
        rows.append({"rank": "–" if unsure else rank, "name": computer_name(r.player_key, locale) if computer else r.name,
                     "rating": ratings.shown(ratings.value(r)), "matches": r.matches, "wins": r.wins,
                     "points": round(r.points, 1), "computer": computer, "provisional": unsure})
    return rows


def computer_name(player_key: str, locale: str) -> str:
    """A computer player's name from its rating key (``c:normal``, ``c:baseline``)."""
    level = player_key.partition(":")[2]
    if level in ("", "normal"):
        return t(locale, "computer_player")
    return t(locale, "computer_level", level=t(locale, LEVEL_KEYS[level]) if level in LEVEL_KEYS else level)


def summary(r: dict[str, Any], locale: str) -> str:
    """A row's rating in words ("cote 1085, 3 parties…"; "cote provisoire 1085…")."""
    return t(locale, "lb_summary_provisional" if r.get("provisional") else "lb_summary", rating=r["rating"],
             matches=tn(locale, "count.matches", r["matches"]), wins=tn(locale, "count.wins", r["wins"]),
             points=tn(locale, "count.points", r["points"]))


def lines_of(rows: list[dict[str, Any]], locale: str) -> str:
    """One line a row: ranked ("1. Alice : cote 1085, …"), or unranked while provisional."""
    return "\n".join(t(locale, "lb_line_unranked" if r.get("provisional") else "lb_line", rank=r["rank"],
                       name=r["name"], summary=summary(r, locale)) for r in rows)


def board_rows(found: list[Rating]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The leaderboard's ranked rows (settled ratings) and its provisional ones, listed apart."""
    settled, unsure = ladder(found)
    return rows_of(settled), rows_of(unsure)


class Leaderboard(commands.Cog):
    def __init__(self, bot: CogBot) -> None:
        self.bot = bot

    @app_commands.command(name=_("leaderboard"), description=_("Show the server leaderboard of a game."))
    @app_commands.guild_only()
    @app_commands.rename(game=_("game"))
    @app_commands.describe(game=_("The game to play."))
    @app_commands.choices(game=game_choices())
    async def leaderboard(self, interaction: discord.Interaction[Any], game: str) -> None:
        async with self.bot.guard(interaction):
            await defer_public(interaction)
            g = find_game(game)
            locale = self.bot.locale_for(interaction)
            assert interaction.guild_id is not None
            humans, unsure = board_rows(await self.bot.archive.top(interaction.guild_id, g.name, humans=True, limit=60))
            computers = rows_of(await self.bot.archive.top(interaction.guild_id, g.name, humans=False, limit=5), True,
                                locale)
            title = t(locale, "leaderboard", game=views.game_title(g, locale))
            embed = discord.Embed(title=title,
                                  colour=discord.Colour.gold())
            embed.description = lines_of(humans, locale)[:4000] or t(locale, "no_results" if not unsure else
                                                                     "lb_none_settled")
            if unsure:
                embed.add_field(name=t(locale, "lb_provisional"), value=lines_of(unsure, locale)[:1024], inline=False)
            if computers:
                embed.add_field(name=t(locale, "computers"), value=lines_of(computers, locale)[:1024], inline=False)
            files: list[discord.File] = []
            embeds = [embed]
            board = humans + unsure
            for start in range(0, min(len(board), 25), PAGE):  # 12 rows an image: each reads on a phone
                page = board[start:start + PAGE]
                png = await images.scoreboard_png(page, locale, title)
                if not png:
                    break
                name = "leaderboard.png" if not start else f"leaderboard-{start // PAGE + 1}.png"
                alt = "\n".join(x for x in (title, lines_of(page, locale)) if x)  # in words
                files.append(discord.File(io.BytesIO(png), filename=name,
                                          description=limits.clip(alt, limits.FIELD_VALUE)))
                shown = embed if not start else discord.Embed(colour=discord.Colour.gold())
                shown.set_image(url=f"attachment://{name}")
                embeds += [shown] if start else []
            await answers.send(interaction, embeds=embeds, files=files)

    @app_commands.command(name=_("stats"), description=_("Show a member's results on this server."))
    @app_commands.guild_only()
    @app_commands.rename(member=_("member"))
    @app_commands.describe(member=_("The member."))
    async def stats(self, interaction: discord.Interaction[Any], member: discord.Member | None = None) -> None:
        async with self.bot.guard(interaction):
            await defer_public(interaction)
            who = member or interaction.user
            locale = self.bot.locale_for(interaction)
            assert interaction.guild_id is not None
            found = await self.bot.archive.stats(interaction.guild_id, who.id)
            embed = discord.Embed(title=t(locale, "stats_title", name=who.display_name), colour=discord.Colour.teal())
            for name, r in found:
                title = pick(GAMES[name].titles, locale, name) if name in GAMES else name
                value = summary(rows_of([r], locale=locale)[0], locale)
                last, _ = await self.bot.archive.history(interaction.guild_id, who.id, name, limit=1)
                why = why_line(GAMES.get(name), last[0].get("rating_why"), locale) if last else ""
                if why:  # why the last match moved it
                    value += "\n" + t(locale, "rating_last", why=why)
                embed.add_field(name=title, value=value[:1024], inline=False)
            if not found:
                embed.description = t(locale, "no_results")
            await answers.send(interaction, embed=embed)


async def setup(bot: CogBot) -> None:
    await bot.add_cog(Leaderboard(bot))
