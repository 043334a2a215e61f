"""Club nights and seasons: ``/event`` (fr ``/soiree``, es ``/velada``) and ``/season``.

Thin: each command finds the event of its channel (or of the table thread it is typed in) and
calls :class:`bot.service.events.EventService`; organisers are the event's own, members with
Manage Server, or members with the role admins chose (``/event role``).
"""

from __future__ import annotations

import datetime as dt
import io
import logging
import time
from typing import Any, Protocol

import discord
from discord import app_commands
from discord.ext import commands

from bot.service import privacy
from bot.service.events import Event, EventService
from bot.service.i18n import N_, t, tn
from bot.service.seasons import Seasons, season_named
from bot.service.tables import BotError
from bot.ui import answers, discord_errors, limits
from bot.ui.cogs import CogBot, choice, game_choices, is_admin
from bot.ui.events import REGISTER, UNREGISTER, standings_text
from bot.ui.ids import ParsedId
from games.i18n import day_text

_ = app_commands.locale_str
log = logging.getLogger(__name__)


class EventsBot(CogBot, Protocol):
    """What the events cog needs of the bot: the cogs' common needs, the events and the seasons."""

    events: EventService
    seasons: Seasons


class Events(commands.Cog):
    event = app_commands.Group(name=_("event"), description=_("Club nights: tables in rounds, one ranking."),
                               guild_only=True)
    season = app_commands.Group(name=_("season"), description=_("A season's standings of club nights."),
                                guild_only=True)

    def __init__(self, bot: EventsBot) -> None:
        self.bot = bot
        bot.handlers["~n"] = self.on_button  # ~e is the export button (bot/ui/cogs/history.py)

    # -- who may organise --------------------------------------------------------------------

    async def _may_organise(self, interaction: discord.Interaction[Any]) -> bool:
        if is_admin(interaction.user):
            return True
        role = await self.bot.events.store.organiser_role(interaction.guild_id or 0)
        return role is not None and any(r.id == role for r in getattr(interaction.user, "roles", []))

    def _here(self, interaction: discord.Interaction[Any], statuses: tuple[str, ...] = ("open", "closed", "playing")
              ) -> Event:
        """The newest event of this channel (or of the table thread this is typed in)."""
        place = interaction.channel_id or 0
        parent = getattr(interaction.channel, "parent_id", None)
        found = [e for e in self.bot.events.events.values()
                 if e.status in statuses and e.channel_id in (place, parent)]
        if not found:
            raise BotError.of("event_none_here")
        return max(found, key=lambda e: e.starts_at)

    async def _done(self, interaction: discord.Interaction[Any], key: str = N_("event.done"), **kw: Any) -> None:
        await answers.send(interaction, t(self.bot.private_locale(interaction), key, **kw), ephemeral=True)

    # -- /event ------------------------------------------------------------------------------

    @event.command(name=_("new"), description=_("Organisers: announce a club night in this channel."))
    @app_commands.rename(game=_("game"), name=_("name"), rounds=_("rounds"), deals=_("deals"),
                         starts_in=_("starts_in"), fmt=_("format"), level=_("level"))
    @app_commands.describe(game=_("The game to play."), name=_("The event's name."),
                           rounds=_("Number of rounds."), deals=_("Deals per round."),
                           starts_in=_("Minutes until the start."), fmt=_("Free deals or duplicate."),
                           level=_("The computers' level."))
    @app_commands.choices(game=game_choices(),
                          fmt=[app_commands.Choice(name=choice("free deals"), value="free"),
                               app_commands.Choice(name=choice("duplicate"), value="duplicate")],
                          level=[app_commands.Choice(name=choice("easy"), value="easy"),
                                 app_commands.Choice(name=choice("normal"), value="normal"),
                                 app_commands.Choice(name=choice("expert"), value="expert")])
    async def new(self, interaction: discord.Interaction[Any], game: str, name: str,
                  rounds: app_commands.Range[int, 1, 12] = 3, deals: app_commands.Range[int, 1, 40] = 4,
                  starts_in: app_commands.Range[int, 0, 43200] = 60, fmt: str = "free",
                  level: str = "normal") -> None:
        async with self.bot.guard(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            if not await self._may_organise(interaction):
                raise BotError.of("event_not_organiser")
            assert interaction.guild_id is not None and interaction.channel_id is not None
            event = await self.bot.events.create(
                guild_id=interaction.guild_id, channel_id=interaction.channel_id, organiser_id=interaction.user.id,
                name=limits.clip(name, 80), game=game, fmt=fmt, rounds=rounds, deals=deals, level=level,
                starts_at=time.time() + 60 * starts_in)
            await self._schedule(interaction, event)
            await self._done(interaction, N_("event.created"), name=event.name)

    async def _schedule(self, interaction: discord.Interaction[Any], event: Event) -> None:
        """The start also as a Discord scheduled event, when the bot may (Manage Events): else none."""
        guild = interaction.guild
        if guild is None or not guild.me.guild_permissions.manage_events:
            return
        start = dt.datetime.fromtimestamp(max(event.starts_at, time.time() + 60), dt.UTC)
        try:
            await guild.create_scheduled_event(
                name=event.name, start_time=start, end_time=start + dt.timedelta(hours=3),
                entity_type=discord.EntityType.external, privacy_level=discord.PrivacyLevel.guild_only,
                location=limits.clip(f"#{getattr(interaction.channel, 'name', '')}", 100))
        except discord_errors.DISCORD as exc:
            log.info("event %s: no scheduled event (%s)", event.id, discord_errors.describe(exc))

    async def _organise(self, interaction: discord.Interaction[Any], action: str, **kw: Any) -> None:
        async with self.bot.guard(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            event = self._here(interaction)
            admin = await self._may_organise(interaction)
            method = getattr(self.bot.events, action)
            await method(event.id, interaction.user.id, **kw, admin=admin)
            await self._done(interaction)

    @event.command(name=_("start"), description=_("Organisers: start the event now."))
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await self._organise(interaction, "start")

    @event.command(name=_("close"), description=_("Organisers: close the registration."))
    async def close(self, interaction: discord.Interaction[Any]) -> None:
        await self._organise(interaction, "close_registration")

    @event.command(name=_("pause"), description=_("Organisers: hold the next round, or let it open."))
    @app_commands.rename(paused=_("paused"))
    @app_commands.describe(paused=_("Hold the next round (yes) or open it (no)."))
    async def pause(self, interaction: discord.Interaction[Any], paused: bool = True) -> None:
        await self._organise(interaction, "pause", paused=paused)

    @event.command(name=_("end"), description=_("Organisers: end the event now; the ranking is what was played."))
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        await self._organise(interaction, "end")

    @event.command(name=_("replace"), description=_("Organisers: a computer plays for a missing player."))
    @app_commands.rename(member=_("member"))
    @app_commands.describe(member=_("The member."))
    async def replace(self, interaction: discord.Interaction[Any], member: discord.Member) -> None:
        async with self.bot.guard(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            event = self._here(interaction)
            await self.bot.events.leave(event.id, member.id, interaction.user.id,
                                        admin=await self._may_organise(interaction))
            await self._done(interaction)

    @event.command(name=_("leave"), description=_("Leave the event: a computer plays for you."))
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        async with self.bot.guard(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.bot.events.leave(self._here(interaction).id, interaction.user.id)
            await self._done(interaction)

    @event.command(name=_("standings"), description=_("The event's standings so far."))
    async def standings(self, interaction: discord.Interaction[Any]) -> None:
        async with self.bot.guard(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            standings = await self.bot.events.standings(self._here(interaction, ("playing",)).id)
            text = standings_text(standings, self.bot.private_locale(interaction))
            await answers.send(interaction, limits.clip(text, limits.CONTENT), ephemeral=True)

    @event.command(name=_("results"), description=_("The final ranking of an event, with its export."))
    @app_commands.rename(event_id=_("event"))
    @app_commands.describe(event_id=_("The event's id (default: the last one of this server)."))
    async def results(self, interaction: discord.Interaction[Any], event_id: str | None = None) -> None:
        async with self.bot.guard(interaction):
            await interaction.response.defer(thinking=True)
            locale = self.bot.locale_for(interaction)
            if event_id is None:
                over = [r for r in await self.bot.events.store.of_guild(interaction.guild_id or 0)
                        if r["status"] == "over"]
                if not over:
                    raise BotError.of("event_no_results")
                event_id = over[0]["id"]
            event, rows = await self.bot.events.results(event_id)
            if event.guild_id != interaction.guild_id or event.status != "over":
                raise BotError.of("event_no_results")
            standings = await self.bot.events.standings(event.id)
            data = {"event": event.id, "name": event.name, "game": event.game, "format": event.format,
                    "rounds": event.rounds, "deals": event.deals, "ranking": rows}
            # split under Discord's upload limit as the privacy export is; 10 files a message
            files = [discord.File(io.BytesIO(raw), filename=name)
                     for name, raw in privacy.export_files(data, f"event-{event.id}", split="ranking")]
            for i in range(0, len(files), limits.MAX_FILES):
                await answers.send(interaction, limits.clip(standings_text(standings, locale), limits.CONTENT)
                                   if i == 0 else None, files=files[i:i + limits.MAX_FILES],
                                   allowed_mentions=discord.AllowedMentions.none())

    @event.command(name=_("role"), description=_("Admins: the role whose members may organise events."))
    @app_commands.rename(role=_("role"))
    @app_commands.describe(role=_("The organisers' role (none: Manage Server only)."))
    async def role(self, interaction: discord.Interaction[Any], role: discord.Role | None = None) -> None:
        async with self.bot.guard(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            if not is_admin(interaction.user):
                raise BotError.of("not_admin")
            await self.bot.events.store.set_organiser_role(interaction.guild_id or 0, role.id if role else None)
            await self._done(interaction)

    # -- announcement buttons ----------------------------------------------------------------

    async def on_button(self, interaction: discord.Interaction[Any], parsed: ParsedId, values: list[str]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        if self.bot.events.get(parsed.table).guild_id != interaction.guild_id:  # a button forged elsewhere
            raise BotError.of("event_unknown")
        if parsed.action == REGISTER:
            await self.bot.events.register(parsed.table, interaction.user.id, interaction.user.display_name)
            await self._done(interaction, N_("event.you_registered"))
        elif parsed.action == UNREGISTER:
            await self.bot.events.unregister(parsed.table, interaction.user.id)
            await self._done(interaction, N_("event.you_unregistered"))
        else:
            raise BotError.of("unknown_verb")

    # -- /season -----------------------------------------------------------------------------

    @season.command(name=_("show"), description=_("The season's standings: each player's best results."))
    async def show(self, interaction: discord.Interaction[Any]) -> None:
        async with self.bot.guard(interaction):
            await interaction.response.defer(thinking=True)
            locale = self.bot.locale_for(interaction)
            season = await self.bot.seasons.get(interaction.guild_id or 0)
            lines = await self.bot.seasons.standings(season)
            title = t(locale, "season.title_named" if season_named(season.name) else "season.title",  # "Saison" once
                      name=season.name, starts=day_text(season.starts, locale), ends=day_text(season.ends, locale))
            out = [f"**{title}**",
                   tn(locale, "season.best", season.best) if season.best else t(locale, "season.all")]
            out += [limits.ranked(t(locale, "season.line", place=s.place + 1, name=s.name, total=f"{s.total:g}",
                                    events=tn(locale, "season.events", s.events))) for s in lines[:40]]
            if not lines:
                out.append(t(locale, "season.empty"))
            await answers.send(interaction, limits.clip("\n".join(out), limits.CONTENT),
                                            allowed_mentions=discord.AllowedMentions.none())

    @season.command(name=_("new"), description=_("Admins: a season's dates and how many results count."))
    @app_commands.rename(name=_("name"), starts=_("starts"), ends=_("ends"), best=_("best"))
    @app_commands.describe(name=_("The season's name."), starts=_("First day (YYYY-MM-DD)."),
                           ends=_("Last day (YYYY-MM-DD)."), best=_("Best results summed per player (0: all)."))
    async def new_season(self, interaction: discord.Interaction[Any], name: str, starts: str, ends: str,
                         best: app_commands.Range[int, 0, 100] = 5) -> None:
        async with self.bot.guard(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            if not is_admin(interaction.user):
                raise BotError.of("not_admin")
            await self.bot.seasons.create(guild_id=interaction.guild_id or 0, name=limits.clip(name, 80),
                                          starts=starts, ends=ends, best=best)
            await self._done(interaction)

    @season.command(name=_("count"), description=_("Admins: count an event in the season, or leave it out."))
    @app_commands.rename(event_id=_("event"), counts=_("counts"))
    @app_commands.describe(event_id=_("The event's id."), counts=_("Count it (yes) or leave it out (no)."))
    async def count(self, interaction: discord.Interaction[Any], event_id: str, counts: bool = True) -> None:
        async with self.bot.guard(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            if not is_admin(interaction.user):
                raise BotError.of("not_admin")
            guild = interaction.guild_id or 0
            season = await self.bot.seasons.get(guild)
            await self.bot.seasons.count_event(guild, season.id, event_id, counts)
            await self._done(interaction)


async def setup(bot: EventsBot) -> None:
    await bot.add_cog(Events(bot))
