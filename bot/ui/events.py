"""Club nights on Discord (issue 32): the announcement with Register / Unregister, a thread per
table with its players pinged, the plan and the standings posted in the event's channel.

:class:`EventBoard` is the event service's :class:`~bot.service.events.Places` (it opens the
threads) and :class:`~bot.service.events.EventListener` (it posts; never blocks: each post is a
task, a failing one logged and counted, never retried into duplicates).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any, Protocol

import discord

from bot.service.autoplay import LEVEL_KEYS
from bot.service.events import Event, Standings
from bot.service.i18n import N_, pick, t, tn
from bot.service.table import Table
from bot.ui import discord_errors, limits
from bot.ui.ids import build_id
from games import find_game

log = logging.getLogger(__name__)
REGISTER, UNREGISTER = "~er", "~eu"  # the announcement's buttons (custom_id verbs, bot/ui/ids.py)
SHOWN = 40  # standings lines in one message (the rest: /event standings)
FORMAT_KEYS = {"free": N_("event.format.free"), "duplicate": N_("event.format.duplicate")}
STATUS_KEYS = {"open": N_("event.status.open"), "closed": N_("event.status.closed"),
               "playing": N_("event.status.playing"), "over": N_("event.status.over"),
               "cancelled": N_("event.status.cancelled")}


def _score(value: float, fmt: str) -> str:
    return f"{value:g} %" if fmt == "duplicate" else f"{value:g}"


def announcement(event: Event, locale: str) -> tuple[discord.Embed, discord.ui.View | None]:
    """The announcement: game, format, rounds, deals, start, level, who registered; the buttons
    while registration is open."""
    game = find_game(event.game)
    embed = discord.Embed(title=limits.clip(t(locale, "event.title", name=event.name,
                                              game=pick(game.titles, locale, game.name)), 256))
    lines = [t(locale, FORMAT_KEYS[event.format]),
             tn(locale, "event.rounds", event.rounds, deals=tn(locale, "event.deals", event.deals)),
             t(locale, "event.starts", ts=int(event.starts_at)),
             t(locale, "event.level", level=t(locale, LEVEL_KEYS[event.level])),
             t(locale, STATUS_KEYS[event.status], round=event.round, rounds=event.rounds)]
    names = ", ".join(p.name for p in event.players)
    lines.append(tn(locale, "event.registered", len(event.players), names=names))
    embed.description = limits.clip("\n".join(lines), limits.DESCRIPTION)
    if event.status != "open":
        return embed, None
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label=t(locale, "event.register"), style=discord.ButtonStyle.success,
                                    custom_id=build_id(event.id, 0, REGISTER)))
    view.add_item(discord.ui.Button(label=t(locale, "event.unregister"), style=discord.ButtonStyle.secondary,
                                    custom_id=build_id(event.id, 0, UNREGISTER)))
    return embed, view


def standings_text(standings: Standings, locale: str) -> str:
    """Place, name, score, deals played; ties share a place; a leaver is marked."""
    event = standings.event
    if standings.final:
        head = t(locale, "event.final", name=event.name)
    elif standings.waiting:
        head = tn(locale, "event.so_far", standings.waiting, name=event.name)
    else:
        head = t(locale, "event.after_round", name=event.name, round=standings.done)
    lines = [f"**{head}**"]
    for line in standings.lines[:SHOWN]:
        mark = "" if line.complete else " " + t(locale, "event.left")
        lines.append(t(locale, "event.line", place=line.place + 1, name=line.name,
                       score=_score(line.score, event.format), deals=tn(locale, "event.deals", line.deals)) + mark)
    if len(standings.lines) > SHOWN:
        lines.append(tn(locale, "event.more", len(standings.lines) - SHOWN))
    return "\n".join(lines)


def plan_text(event: Event, round_no: int, tables: Sequence[Table], locale: str) -> str:
    """A round's tables and where they play; the plan's repeated meetings (§5.3)."""
    assert event.plan is not None
    lines = [f"**{t(locale, 'event.round_open', name=event.name, round=round_no, rounds=event.rounds)}**"]
    for table in tables:
        where = f"<#{table.thread_id}>" if table.thread_id else ""
        lines.append(f"{where} " + ", ".join(s.name for s in table.seats))
    if round_no == 1:
        lines.append(tn(locale, "event.repeats", int(event.plan["repeats"]), least=int(event.plan["least"])))
    return limits.clip("\n".join(lines), limits.CONTENT)


class BoardBot(Protocol):
    """What the board needs of the bot: its services, metrics and Discord channels."""

    service: Any  # TableService (locale_of)
    events: Any  # EventService (store)
    metrics: Any

    def get_channel(self, channel_id: int, /) -> Any: ...

    async def fetch_channel(self, channel_id: int, /) -> Any: ...

    def get_partial_messageable(self, channel_id: int, *, guild_id: int | None = None) -> Any: ...


class EventBoard:
    """Threads for the tables; the announcement, plan and standings in the event's channel."""

    def __init__(self, bot: BoardBot) -> None:
        self.bot = bot
        self._tasks: set[asyncio.Task[None]] = set()

    def _locale(self, event: Event) -> str:
        return self.bot.service.locale_of(event.guild_id)

    async def table_place(self, event: Event, round_no: int, table_no: int,
                          user_ids: Sequence[int | None]) -> int:
        """A public thread in the event's channel, named after the event and table, players pinged."""
        channel = self.bot.get_channel(event.channel_id) or await self.bot.fetch_channel(event.channel_id)
        if not isinstance(channel, discord.TextChannel):
            raise discord.ClientException("an event's channel takes threads")
        name = t(self._locale(event), "event.thread", name=event.name, round=round_no, table=table_no + 1)
        thread = await channel.create_thread(name=limits.clip(name, 100), type=discord.ChannelType.public_thread)
        pings = " ".join(f"<@{u}>" for u in user_ids if u is not None)
        if pings:
            await thread.send(limits.clip(f"{name}: {pings}", limits.CONTENT),
                              allowed_mentions=discord.AllowedMentions(users=True))
        return thread.id

    def _post(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(self._guarded(coro))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _guarded(self, coro: Any) -> None:
        try:
            await coro
        except discord_errors.DISCORD as exc:
            self.bot.metrics.failed(exc)
            log.warning("event post failed (%s)", discord_errors.describe(exc))

    def event_changed(self, event: Event) -> None:
        self._post(self.show_announcement(event))

    async def show_announcement(self, event: Event) -> None:
        """Post the announcement once, then edit it as registration and status change."""
        embed, view = announcement(event, self._locale(event))
        channel = self.bot.get_partial_messageable(event.channel_id, guild_id=event.guild_id)
        if event.message_id is None:
            msg = await channel.send(embed=embed, view=view or discord.utils.MISSING)
            event.message_id = msg.id
            await self.bot.events.store.set_message(event.id, msg.id)
        else:
            await channel.get_partial_message(event.message_id).edit(embed=embed, view=view)

    def round_opened(self, event: Event, round_no: int, tables: Sequence[Table]) -> None:
        if tables:
            text = plan_text(event, round_no, tables, self._locale(event))
            channel = self.bot.get_partial_messageable(event.channel_id, guild_id=event.guild_id)
            self._post(channel.send(text, allowed_mentions=discord.AllowedMentions.none()))

    def standings_changed(self, standings: Standings) -> None:
        """Posted when a round is complete and at the end (``/event standings`` shows them any time)."""
        if standings.waiting and not standings.final:
            return
        event = standings.event
        channel = self.bot.get_partial_messageable(event.channel_id, guild_id=event.guild_id)
        text = limits.clip(standings_text(standings, self._locale(event)), limits.CONTENT)
        self._post(channel.send(text, allowed_mentions=discord.AllowedMentions.none()))

    async def drain(self) -> None:
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)
