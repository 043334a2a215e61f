"""Presentation as reconciliation: each table's presence in Discord follows its saved state.

For each table, what Discord should show is derived from the table alone: its message (the lobby,
or the match at revision R, finally with no buttons), the recap of every deal that ended, the
results of a finished match, the ping of the member to act (:mod:`bot.ui.turn_pings`), and every
live hand (:mod:`bot.ui.hands`). The loop that sends what Discord misses, part by part, with
backoff, is :mod:`bot.ui.reconciliation`; its pace, :mod:`bot.ui.edit_pacing`. After a restart what
was not shown yet is sent (a match that ended while Discord was failing gets its results), the
catch-up going at :data:`STARTUP_RATE` tables a second. Only public views (``view(None)``) are drawn
or described here (:mod:`bot.ui.parts`).
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Sequence
from functools import partial
from typing import Any

import discord
from discord.http import handle_message_parameters

from bot.infra import images
from bot.service import table_rows
from bot.service.table import Table
from bot.ui import discord_errors, parts, shown, views
from bot.ui.budget import GLOBAL_RATE, REDRAW, TURN, URGENT, ChannelLimiter, GlobalBudget
from bot.ui.parts import contract_text, table_embed
from bot.ui.reconciliation import RETRY_DELAYS, Pass, PresenterBot, Retry, Shown, announced, now
from bot.ui.turn_pings import PING_AFTER, TurnPings
from rendering import alt_text

__all__ = ["PING_AFTER", "STARTUP_RATE", "Presenter", "contract_text", "table_embed"]
log = logging.getLogger(__name__)
_Shown = Shown  # (the tests' name for a table's record)
# Start-up redraws of tables whose message is behind: at most this many per second in
# all, well under Discord's global 50 requests per second (each redraw is one edit, maybe a ping).
STARTUP_RATE = 10.0
#: seconds the table messages' keys (and pings a console made needless) wait to be written together
#: (:class:`bot.ui.shown.Recorder`): a crash loses at most these seconds of them, which costs an edit
#: made again after the restart. 1 s (the edits' pace) made it about one transaction in five moves in
#: ``benchmarks/real_load.py`` (20 tables, 1,000 moves: 0.21 a move), 5 s one in eighteen (0.056).
RECORD_AFTER = 5.0
#: tries of the lobby message while its host waits (``/table new``)
LOBBY_TRIES = (0.0, 0.5, 1.5)


class Presenter(TurnPings):
    """The :class:`bot.service.tables.Listener` that keeps Discord in step with the tables."""

    def __init__(self, bot: PresenterBot) -> None:
        self.bot = bot
        self.shown: dict[str, Shown] = {}
        images.use_processes(bot.settings.image_workers)
        interval = bot.settings.edit_interval
        self.limiter = ChannelLimiter(5, 5.0 if interval > 0 else 0.0)
        self.budget = GlobalBudget(GLOBAL_RATE if interval > 0 else 0.0)
        # local mode: you are at the page, and a pending timer would hold the preview's click (see bot.ui.local)
        self.ping_after: float | None = None if bot.settings.local else PING_AFTER
        # a card within a trick waits for the trick's end (or quiet): not in local mode (see above) nor in tests
        self.table_settle = bot.settings.table_settle if interval > 0 and not bot.settings.local else 0.0
        # moves of one step of a deal gathered in one edit while everyone to act has a console
        self.table_refresh = bot.settings.table_refresh if self.table_settle > 0 else 0.0
        self.retry_delays: Sequence[float] = RETRY_DELAYS
        # edits' keys written a moment late, together (not in local mode: no pending timer there)
        self.recorder = shown.Recorder(bot.records, max(interval, RECORD_AFTER) if interval > 0
                                       and not bot.settings.local else 0.0)
        self.starting = False  # restoring: changes are collected, see :meth:`start_up`
        self._behind: dict[str, Table] = {}
        self._catch_up: asyncio.Task[None] | None = None

    def note(self, table: Table, rev: int, key: str, **kw: str) -> None:
        """A line in the table's log at revision ``rev`` (``key``: its text), shown with the table."""
        self.table_changed(table)  # makes sure the table's log exists before the note
        entry = self.shown.get(table.id)
        if entry is not None:
            entry.log.note(rev, key, **kw)

    async def start_up(self, tables: Sequence[Table]) -> None:
        """After a restore: read what each table showed; send, in a background task at
        :data:`STARTUP_RATE` tables a second, what the open tables and the closed ones not done
        (their results, their last edit) still miss. Start-up waits for none of it."""
        saved, closed_ids = await self.records.pending()
        built = [t.id for t in tables if t.built and t.to_act() is not None]  # the others' is saved with them
        last = await self.records.last_by_seat(built)
        todo: dict[str, Table] = {}
        for table in tables:
            seat = table.to_act()
            if seat is not None and table.id in last:
                table.turn_start = shown.turn_start(last[table.id], seat)
            entry = self.shown.setdefault(table.id, Shown())
            entry.log.restored()  # its record starts at its first redraw (no replay of its log)
            entry.parts = saved.pop(table.id, None) or {}  # each table's own dict (no copy)
            if "legacy" in entry.parts:
                await self._adopt_legacy(table, entry.parts)
            if self._missing(table, entry.parts):
                todo[table.id] = table
        for table_id in closed_ids:
            if table_id in todo or table_id in self.shown:
                continue
            closed = self._behind.get(table_id) or await self._load_closed(table_id)
            if closed is None:
                continue
            self.shown[table_id] = Shown(parts=dict(saved.get(table_id, {})))
            todo[table_id] = closed
        for table_id, table in self._behind.items():  # finished at restore (:meth:`Endings._finish_saved`)
            if table_id not in todo and not table.open:
                self.shown.setdefault(table_id, Shown(parts=dict(saved.get(table_id, {}))))
                todo[table_id] = table
        self.starting = False
        self._behind = {}
        if todo:
            log.info("%d restored table(s) to bring up to date in Discord", len(todo))
            self._catch_up = asyncio.get_running_loop().create_task(self._redraw_spread(list(todo.values())))

    async def _adopt_legacy(self, table: Table, saved: shown.Parts) -> None:
        """A table in play before parts were saved: its recaps and ping so far count as shown."""
        for deal in parts.ended_deals(table):
            saved[f"recap:{deal}"] = shown.Part()
            await self.recorder.record(table.id, f"recap:{deal}")
        seat = table.to_act()
        if seat is not None:
            saved["ping"] = shown.Part(f"{seat}:{table.turn_start}")
            await self.recorder.record(table.id, "ping", saved["ping"].detail)
        saved.pop("legacy", None)
        await self.recorder.forget(table.id, "legacy")

    def _missing(self, table: Table, saved: shown.Parts) -> bool:
        """Whether some part of ``table`` is not shown (no request made)."""
        got = saved.get("table")
        if table.message_id is None or got is None or got.detail != parts.table_key(table):
            return True
        if any(f"recap:{d}" not in saved for d in parts.ended_deals(table)):
            return True
        seat = table.to_act()
        if seat is not None and announced(table, seat):
            ping = saved.get("ping")
            return ping is None or ping.detail != f"{seat}:{table.turn_start}"
        return False

    async def _load_closed(self, table_id: str) -> Table | None:
        """A closed table that still has something to show, rebuilt from what was saved (the archive)."""
        from games import GAMES, snapshot

        try:
            archive = self.bot.archive
            row = await archive.table(table_id)
            if row is None or row["game"] not in GAMES or not self.bot.service.serves(row["guild_id"]):
                return None  # (another process's shard shows it)
            saved = await archive.saved_state(row)
            state = snapshot.load(GAMES[row["game"]], saved) if saved is not None else None
            table = table_rows.table_of(row, await archive.seats(table_id), state)
            if state is not None:
                table.turn_start = state.rev
            if table.status == "over":
                table.result = await archive.results(table_id)
            await self.bot.service.preferences.of(table.guild_id)
            return table
        except Exception as exc:  # one bad row never stops the others
            self.bot.unexpected.append(exc)
            log.exception("table %s: cannot rebuild it to finish showing it", table_id)
            return None

    async def _redraw_spread(self, tables: list[Table]) -> None:
        pause = 1.0 / STARTUP_RATE if self.bot.settings.edit_interval > 0 else 0.0
        for table in tables:
            self.table_changed(table)
            await asyncio.sleep(pause)

    async def _sync(self, table: Table, entry: Shown) -> bool:
        """Send every part of ``table`` Discord misses, each on its own; ``True`` when one failed
        for a while (a timeout, a 5xx, a 429: tried again after a pause)."""
        assert entry.parts is not None
        if "done" in entry.parts:  # a closed table that showed everything (a late notice)
            entry.done = True
            return False
        locale = self.bot.service.preferences.locale_of(table.guild_id)
        channel = self.bot.get_partial_messageable(table.place_id, guild_id=table.guild_id)
        run = Pass(self, table, entry)
        attempt = run.attempt

        await attempt("table message", lambda: self._table_message(table, entry, channel, locale))
        for deal in parts.ended_deals(table):
            if f"recap:{deal}" in entry.parts:
                continue
            if not await attempt(f"recap:{deal}", partial(self._recap, table, entry, channel, deal, locale)):
                break  # in order: the next deals wait for this one
        if await self.bot.hands.refresh(table):  # every console tried at each pass (their own tokens)
            run.left = True
            entry.wanted.add("hands")
            self.failed(entry, "hands")
        else:
            self.passed(entry, "hands")
        if table.status == "playing" and self._ping_now(table, entry):
            await attempt("ping", lambda: self._ping(table, entry, channel, locale),
                          f"ping:{table.to_act()}:{table.turn_start}")
        elif table.status == "playing":  # no ping (yet): the last turn's ping goes, if there was one
            await attempt("ping", lambda: self._turn_in_console(table, entry, channel))
        elif table.status == "over" and "results" not in entry.parts:
            await attempt("results", lambda: self._results(table, entry, channel, locale))
        if not table.open:
            await attempt("ping", lambda: self._delete_ping(table, entry, channel))
            if not run.left and not entry.refused:
                await self.recorder.finish(table.id)
                entry.done = True
        return run.left

    async def _table_message(self, table: Table, entry: Shown, channel: discord.PartialMessageable,
                             locale: str) -> None:
        """The lobby or the match as it is now: posted once, then edited when its key changes; a
        message someone deleted is posted again."""
        assert entry.parts is not None
        key = parts.table_key(table)
        got = entry.parts.get("table")
        if table.message_id is not None and got is not None and got.detail == key and not entry.log.notes:
            return  # (a pending note, such as a hint asked for, changes the message at the same revision)
        if table.message_id is None and not table.open:
            await self._record(table, entry, "table", key, None)  # never posted: nothing to close
            return
        if got is not None and got.detail != key and not entry.log.notes and self._held_back(table, entry):
            return
        # the slot first, then the newest state drawn (changes made while waiting go with it)
        await self._slot(channel.id, URGENT if table.message_id is None else REDRAW)
        key, beat = parts.table_key(table), parts.table_beat(table, self.bot.service.memo)  # what is drawn (the drawing waits)
        state = table.state
        if state is None:  # lobby or cancelled lobby
            payload: dict[str, Any] = {"embed": table_embed(table, None, locale, False),
                                       "view": views.lobby_view(table, locale) if table.status == "lobby" else None,
                                       "attachments": []}
        else:
            public = self.bot.service.memo.public(table)
            png = await images.table_png(public, table.names(), locale)
            files = [discord.File(io.BytesIO(png), filename="table.png",
                                  description=alt_text.table_alt(public, table.names(), locale))] if png else []
            moves = entry.log.catch_up(table.game, state, table.names(), locale)
            payload = {"embed": table_embed(table, public, locale, bool(png), moves),
                       "view": views.table_view(table, locale), "attachments": files}
        if table.message_id is not None:
            try:
                self.bot.metrics.request("channel.edit", True)
                await self._edit(channel.id, table.message_id, payload)
            except discord.NotFound:
                log.warning("table %s: its message was deleted; posting it again", table.id)
                await self.bot.service.set_message(table, None)
                raise Retry() from None
        else:
            files = payload.pop("attachments")
            self.bot.metrics.request("channel.send", True)
            msg = await channel.send(**payload, files=files, nonce=parts.nonce(table.id, "table"))
            await self.bot.service.set_message(table, msg.id)
        entry.beat, entry.edited = beat, now()
        await self._record(table, entry, "table", key, table.message_id)

    async def _edit(self, channel_id: int, message_id: int, payload: dict[str, Any]) -> None:
        """The request of :meth:`discord.PartialMessage.edit`, without building the :class:`discord.Message`
        Discord answers with: nothing reads it, and parsing it was 3 % of the bot's samples in
        ``benchmarks/real_load.py`` under py-spy."""
        with handle_message_parameters(**payload) as params:
            await self.bot.http.edit_message(channel_id, message_id, params=params)

    async def _recap(self, table: Table, entry: Shown, channel: discord.PartialMessageable, deal: int,
                     locale: str) -> None:
        public = parts.deal_end_view(table, deal)
        if public is None:  # cannot be rebuilt: never tried again
            log.info("table %s: deal %d has no recap to show", table.id, deal + 1)
            await self._record(table, entry, f"recap:{deal}", "lost", None)
            return
        message = await parts.recap_message(table, self.bot.service.matches, public, locale)
        await self._slot(channel.id, TURN)
        self.bot.metrics.request("channel.send", True)
        msg = await channel.send(**message, nonce=parts.nonce(table.id, f"recap:{deal}"))
        await self._record(table, entry, f"recap:{deal}", None, msg.id)

    async def _results(self, table: Table, entry: Shown, channel: discord.PartialMessageable, locale: str) -> None:
        message = await parts.results_message(table, self.bot.service.matches, locale)
        await self._slot(channel.id, TURN)
        self.bot.metrics.request("channel.send", True)
        msg = await channel.send(**message, nonce=parts.nonce(table.id, "results"))
        await self._record(table, entry, "results", None, msg.id)

    # -- the lobby, while its host waits -----------------------------------------------------

    async def post_lobby(self, table: Table) -> None:
        """Post a new table's lobby message now (``/table new`` waits for it), trying
        :data:`LOBBY_TRIES` times. :raises: Discord's last failure (the caller cancels the table)."""
        entry = self.shown.setdefault(table.id, Shown(parts={}))
        locale = self.bot.service.preferences.locale_of(table.guild_id)
        channel = self.bot.get_partial_messageable(table.place_id, guild_id=table.guild_id)
        for i, pause in enumerate(LOBBY_TRIES):
            await asyncio.sleep(pause)
            async with entry.lock:
                if entry.parts is None:
                    entry.parts = {}
                try:
                    await self._table_message(table, entry, channel, locale)
                    return
                except discord_errors.DISCORD as exc:
                    self.bot.metrics.failed(exc)
                    log.warning("table %s: Discord did not take its lobby (%s)", table.id,
                                discord_errors.describe(exc))
                    if i == len(LOBBY_TRIES) - 1 or not discord_errors.transient(exc):
                        raise
