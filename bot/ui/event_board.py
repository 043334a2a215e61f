"""A club night's posts follow its saved state (as :mod:`bot.ui.presenter` does for tables).

What the event's channel should show is derived from the event and its tables as saved: the
announcement (posted once, edited when what it says changes), each open table's players pinged in
its thread, each round's plan once all its tables are open, the standings after each complete
round but the last, the final ranking once the event is over, and a line for the organiser when
the night cannot go on by itself. What Discord accepted is recorded part by part in
``shown_parts`` under the key ``event:<id>`` (:mod:`bot.ui.shown`; parts ``announce``,
``thread:<r>:<t>`` (:mod:`bot.ui.threads`), ``ping:<r>:<t>``, ``plan:<r>``, ``standings:<r>``,
``blocked:<r>:<key>``, ``final``, then ``done``). One task per event sends what is missing, in that order: a transient failure (5xx,
429, timeout) is tried again after a pause, a post is never sent twice (recorded once accepted, a
nonce for a post whose answer was lost), and after a restart what was missing goes out.

:class:`EventBoard` is also the event service's :class:`~bot.service.events.Places` (the threads).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import discord

from bot.service.archive import Archive
from bot.service.events import Event, PlaceFailed, Standings, playable
from bot.service.i18n import t
from bot.service.shown_records import ShownRecords
from bot.service.table import Table
from bot.service.tables import TableService
from bot.ui import discord_errors, limits, shown
from bot.ui.events import announcement, blocked_text, plan_text, standings_text
from bot.ui.parts import nonce
from bot.ui.threads import made_thread

log = logging.getLogger(__name__)
#: seconds before trying a failed post again, one more step each failed pass (then the last one)
RETRY_DELAYS = (0.5, 1.0, 2.0, 5.0, 10.0, 30.0)
#: passes in a row tried after an unexpected failure (the database, a bug)
UNEXPECTED_TRIES = 3


def key_of(event_id: str) -> str:
    """The ``shown_parts`` key of an event's posts (never a table id: those have no colon)."""
    return f"event:{event_id}"


class BoardBot(Protocol):
    """What the board needs of the bot: its services, metrics and Discord channels."""

    service: TableService
    events: Any  # EventService (store, load, standings_after)
    archive: Archive  # the tables' saved seats
    records: ShownRecords  # what Discord accepted of each event's posts, its threads
    metrics: Any

    def get_channel(self, channel_id: int, /) -> Any: ...

    async def fetch_channel(self, channel_id: int, /) -> Any: ...

    def get_partial_messageable(self, channel_id: int, *, guild_id: int | None = None) -> Any: ...


@dataclass
class _Posts:
    dirty: bool = False
    task: asyncio.Task[None] | None = None
    parts: shown.Parts | None = None  # what Discord accepted (None: not read yet)
    blocked: dict[str, tuple[int, str, str]] = field(default_factory=dict)  # part -> (round, key, why), to tell
    tries: int = 0  # failed passes in a row (the backoff step)
    refused: set[str] = field(default_factory=set)  # parts Discord refused (4xx) since the last change
    nap: asyncio.Task[None] | None = field(default=None, repr=False)


@dataclass(frozen=True)
class _Round:
    """A round's tables as saved: thread ids and seat names, in table order."""

    threads: list[int | None]
    names: list[list[str]]


class EventBoard:
    """Threads for the tables; the announcement, plans and standings sent until Discord takes them."""

    def __init__(self, bot: BoardBot) -> None:
        self.bot = bot
        self.posts: dict[str, _Posts] = {}
        self.retry_delays: Sequence[float] = RETRY_DELAYS

    @property
    def records(self) -> ShownRecords:
        return self.bot.records

    def _locale(self, event: Event) -> str:
        return self.bot.service.preferences.locale_of(event.guild_id)

    def thread_name(self, event: Event, round_no: int, table_no: int) -> str:
        name = t(self._locale(event), "event.thread", name=event.name, round=round_no, table=table_no + 1)
        return limits.clip(name, 100)

    async def table_place(self, event: Event, round_no: int, table_no: int,
                          user_ids: Sequence[int | None]) -> int:
        """A public thread in the event's channel, named after the event and table, made once
        (:mod:`bot.ui.threads`); its players are pinged by the reconciliation (part ``ping:<r>:<t>``).
        :raises PlaceFailed: Discord did not make it (transient), or will not (a permission)."""
        try:
            channel = self.bot.get_channel(event.channel_id) or await self.bot.fetch_channel(event.channel_id)
            if not isinstance(channel, discord.TextChannel):
                raise PlaceFailed("the event's channel takes no threads", transient=False)
            return await made_thread(self.records, key_of(event.id), channel, self.thread_name(event, round_no, table_no),
                                     part=f"thread:{round_no}:{table_no}")
        except Exception as exc:
            if not discord_errors.is_discord(exc):
                raise
            self.bot.metrics.failed(exc)
            why = discord_errors.describe(exc)
            if discord_errors.transient(exc):
                raise PlaceFailed(why, transient=True) from exc
            key = "event.blocked_threads" if isinstance(exc, discord.Forbidden) else "event.blocked"
            raise PlaceFailed(why, transient=False, key=key) from exc

    # -- the event service's listener: each notice only marks the event to reconcile -------------

    def event_changed(self, event: Event) -> None:
        self.changed(event.id)

    def round_opened(self, event: Event, round_no: int, tables: Sequence[Table]) -> None:
        self.changed(event.id)

    def standings_changed(self, standings: Standings) -> None:
        self.changed(standings.event.id)

    def event_blocked(self, event: Event, round_no: int, key: str, why: str) -> None:
        entry = self.posts.setdefault(event.id, _Posts())
        entry.blocked[f"blocked:{round_no}:{key}"] = (round_no, key, why)
        self.changed(event.id)

    def changed(self, event_id: str) -> None:
        entry = self.posts.setdefault(event_id, _Posts())
        entry.dirty = True
        entry.refused.clear()
        if entry.nap is not None and not entry.nap.done():
            entry.nap.cancel()
        if entry.task is None or entry.task.done():
            entry.task = asyncio.get_running_loop().create_task(self._run(event_id, entry))

    async def start_up(self) -> None:
        """After a restore: every live event, and every finished one not done, sends what it misses."""
        ids = list(self.bot.events.events)
        for row in await self.bot.events.store.unshown():
            if self.bot.service.serves(int(row["guild_id"])):
                ids.append(row["id"])
        for event_id in ids:
            self.changed(event_id)

    # -- the reconciliation ----------------------------------------------------------------------

    async def _run(self, event_id: str, entry: _Posts) -> None:
        while entry.dirty:
            entry.dirty = False
            try:
                if entry.parts is None:
                    entry.parts = await self.records.parts_of(key_of(event_id))
                left = await self._sync(event_id, entry)
                if not left:
                    entry.tries = 0
            except Exception:  # the database failed (or a bug): tried again a few times
                log.exception("event %s: could not update its posts", event_id)
                left = entry.tries + 1 < UNEXPECTED_TRIES
                if not left:
                    entry.tries = 0
            if left:
                delays = self.retry_delays
                entry.tries += 1
                pause = delays[min(entry.tries, len(delays)) - 1]
                entry.nap = asyncio.get_running_loop().create_task(asyncio.sleep(pause))
                await asyncio.wait([entry.nap])
                entry.nap = None
                entry.dirty = True
        if entry.parts is not None and "done" in entry.parts and self.posts.get(event_id) is entry:
            del self.posts[event_id]

    async def _record(self, event_id: str, entry: _Posts, part: str, detail: str | None,
                      message_id: int | None) -> None:
        assert entry.parts is not None
        await self.records.record(key_of(event_id), part, detail, message_id)
        entry.parts[part] = shown.Part(detail, message_id)

    async def _sync(self, event_id: str, entry: _Posts) -> bool:
        """Send every post of the event Discord misses, in order (a round's plan before its
        standings); ``True`` when one failed for a while (tried again after a pause)."""
        assert entry.parts is not None
        if "done" in entry.parts:
            return False
        event: Event = await self.bot.events.load(event_id)
        locale = self._locale(event)
        channel = self.bot.get_partial_messageable(event.channel_id, guild_id=event.guild_id)
        steps: list[tuple[str, Any]] = [("announce", lambda: self._announce(event, entry, channel, locale))]
        if event.plan is not None:
            rows = await self.bot.events.store.tables(event.id)
            done = (await self.bot.events.standings(event.id)).done if event.status != "cancelled" else 0
            for r in range(1, event.round + 1):
                have = [row for row in rows if row["round"] == r]
                for row in have:
                    ping = f"ping:{r}:{row['table_no']}"
                    if ping not in entry.parts and row["thread_id"] and row["status"] in ("lobby", "playing") \
                            and event.status == "playing":
                        steps.append((ping, lambda row=row, ping=ping: self._ping(event, entry, row, ping)))
                complete = {row["table_no"] for row in have} >= set(playable(event, r))
                if f"plan:{r}" not in entry.parts and complete and have:
                    steps.append((f"plan:{r}", lambda r=r, have=have: self._plan(event, entry, channel, r, have,
                                                                                 locale)))
                # after each complete round but the last; an event ended early: its final ranking only
                if r <= done and r < event.rounds and (event.status == "playing" or r < event.round) \
                        and f"standings:{r}" not in entry.parts:
                    steps.append((f"standings:{r}", lambda r=r: self._standings(event, entry, channel, r, locale)))
        for part, (r, key, why) in list(entry.blocked.items()):
            if part not in entry.parts and event.status == "playing" and event.round == r:
                steps.append((part, lambda part=part, key=key, why=why: self._blocked(event, entry, channel, part, key,
                                                                                       why, locale)))
        if event.status == "over" and "final" not in entry.parts:
            steps.append(("final", lambda: self._final(event, entry, channel, locale)))
        for part, step in steps:
            if part in entry.refused:
                continue
            try:
                await step()
            except Exception as exc:
                if not discord_errors.is_discord(exc):
                    raise
                self.bot.metrics.failed(exc)
                if discord_errors.transient(exc):
                    log.warning("event %s: Discord did not take its %s (%s); trying again", event.id, part,
                                discord_errors.describe(exc))
                    return True  # in order: the later posts wait for this one
                entry.refused.add(part)
                log.warning("event %s: Discord refused its %s (%s)", event.id, part, discord_errors.describe(exc))
        if not event.live and not entry.refused and event.status in ("over", "cancelled"):
            await self.records.finish(key_of(event.id))
            entry.parts = {"done": shown.Part()}
        return False

    async def _announce(self, event: Event, entry: _Posts, channel: Any, locale: str) -> None:
        """Posted once, then edited when what it shows changes; a deleted one is posted again."""
        assert entry.parts is not None
        embed, view = announcement(event, locale)
        key = hashlib.sha1(json.dumps([embed.to_dict(), view is not None], sort_keys=True,
                                      default=str).encode()).hexdigest()[:16]
        got = entry.parts.get("announce")
        if event.message_id is not None and got is not None and got.detail == key:
            return
        if event.message_id is not None:
            try:
                await channel.get_partial_message(event.message_id).edit(embed=embed, view=view)
            except discord.NotFound:
                log.warning("event %s: its announcement was deleted; posting it again", event.id)
                event.message_id = None
        if event.message_id is None:
            msg = await channel.send(embed=embed, view=view or discord.utils.MISSING,
                                     nonce=nonce(key_of(event.id), "announce", key))
            event.message_id = msg.id
            await self.bot.events.store.set_message(event.id, msg.id)
        await self._record(event.id, entry, "announce", key, event.message_id)

    async def _plan(self, event: Event, entry: _Posts, channel: Any, round_no: int,
                    rows: Sequence[dict[str, Any]], locale: str) -> None:
        threads, names = [], []
        for row in sorted(rows, key=lambda row: row["table_no"]):
            threads.append(row["thread_id"])
            names.append([s["name"] for s in await self.bot.archive.seats(row["table_id"])])
        text = plan_text(event, round_no, threads, names, locale)
        msg = await channel.send(text, allowed_mentions=discord.AllowedMentions.none(),
                                 nonce=nonce(key_of(event.id), f"plan:{round_no}"))
        await self._record(event.id, entry, f"plan:{round_no}", None, msg.id)

    async def _ping(self, event: Event, entry: _Posts, row: dict[str, Any], part: str) -> None:
        """The table's members pinged in its thread, once."""
        users = [s["user_id"] for s in await self.bot.archive.seats(row["table_id"]) if s["user_id"] is not None]
        if users:
            name = self.thread_name(event, int(row["round"]), int(row["table_no"]))
            thread = self.bot.get_partial_messageable(int(row["thread_id"]), guild_id=event.guild_id)
            pings = " ".join(f"<@{u}>" for u in users)
            await thread.send(limits.clip(f"{name}: {pings}", limits.CONTENT),
                              allowed_mentions=discord.AllowedMentions(  # the players only: a name pings nobody
                                  everyone=False, roles=False, replied_user=False,
                                  users=[discord.Object(u) for u in users]),
                              nonce=nonce(key_of(event.id), part))
        await self._record(event.id, entry, part, None, None)

    async def _blocked(self, event: Event, entry: _Posts, channel: Any, part: str, key: str, why: str,
                       locale: str) -> None:
        """One line for the organiser (mentioned): what stops the night, what to do."""
        text = blocked_text(event, key, why, locale)
        msg = await channel.send(text, allowed_mentions=discord.AllowedMentions(users=[discord.Object(event.organiser_id)]),
                                 nonce=nonce(key_of(event.id), part))
        entry.blocked.pop(part, None)
        await self._record(event.id, entry, part, None, msg.id)

    async def _standings(self, event: Event, entry: _Posts, channel: Any, round_no: int, locale: str) -> None:
        standings = await self.bot.events.standings_after(event, round_no)
        await self._send_standings(event, entry, channel, f"standings:{round_no}", standings, locale)

    async def _final(self, event: Event, entry: _Posts, channel: Any, locale: str) -> None:
        await self._send_standings(event, entry, channel, "final", await self.bot.events.standings(event.id), locale)

    async def _send_standings(self, event: Event, entry: _Posts, channel: Any, part: str, standings: Standings,
                              locale: str) -> None:
        text = limits.clip(standings_text(standings, locale), limits.CONTENT)
        msg = await channel.send(text, allowed_mentions=discord.AllowedMentions.none(),
                                 nonce=nonce(key_of(event.id), part))
        await self._record(event.id, entry, part, None, msg.id)

    async def close(self) -> None:
        tasks = [p.task for p in self.posts.values() if p.task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def drain(self) -> None:
        """Wait for every event's posts (tests and benchmarks)."""
        while True:
            busy = [p.task for p in self.posts.values() if p.task is not None and not p.task.done()]
            if not busy:
                return
            await asyncio.gather(*busy, return_exceptions=True)
