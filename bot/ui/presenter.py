"""Presentation as reconciliation: each table's presence in Discord follows its saved state.

For each table, what Discord should show is derived from the table alone: its message (the lobby,
or the match at revision R, finally with no buttons), the recap of every deal that ended, the
results of a finished match, the ping of the member to act, and every live hand
(:mod:`bot.ui.hands`). What Discord accepted is saved part by part (:mod:`bot.ui.shown`, with the message
ids). One background task per table compares the two and sends what is missing: a part that fails
is tried again, with backoff, and never holds up the others (a failed table edit does not stop the
ping, the hands or the results); a part already recorded is never sent again, so each event is
posted once whatever the timing, and after a restart what was not shown yet is sent (a match that
ended while Discord was failing gets its results).

Changes are coalesced: the task shows the latest state, then waits ``edit_interval`` before the
next edit; a channel never gets more than 5 edits or posts in 5 seconds (:class:`~bot.ui.budget.ChannelLimiter`),
the whole bot no more than :data:`GLOBAL_RATE` channel requests a second (:class:`~bot.ui.budget.GlobalBudget`:
turn changes before cosmetic redraws), and the catch-up after a restart goes at
:data:`STARTUP_RATE` tables a second. A member whose hand console the bot can still edit is
pinged only after :data:`PING_AFTER` seconds without playing their turn (their console shows the
turn at once, free of the global limit); the others at once. Only public views
(``view(None)``) are drawn or described here (:mod:`bot.ui.parts`).
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

import discord
from discord.http import HTTPClient, handle_message_parameters

from bot.infra import images
from bot.service import table_rows
from bot.service.table import Table
from bot.service.table_log import TableLog
from bot.ui import discord_errors, parts, shown, views
from bot.ui.budget import GLOBAL_RATE, REDRAW, TURN, URGENT, ChannelLimiter, GlobalBudget
from bot.ui.parts import Beat, contract_text, table_embed
from rendering import alt_text

if TYPE_CHECKING:
    from bot.infra.metrics import Metrics
    from bot.service.settings import Settings
    from bot.service.tables import TableService
    from bot.storage import Database

__all__ = ["STARTUP_RATE", "Presenter", "contract_text", "table_embed"]
log = logging.getLogger(__name__)
# Start-up redraws of tables whose message is behind: at most this many per second in
# all, well under Discord's global 50 requests per second (each redraw is one edit, maybe a ping).
STARTUP_RATE = 10.0
#: seconds a member with a live hand console may leave their turn before they are pinged
PING_AFTER = 30.0
#: seconds the table messages' keys (and pings a console made needless) wait to be written together
#: (:class:`bot.ui.shown.Recorder`): a crash loses at most these seconds of them, which costs an edit
#: made again after the restart. 1 s (the edits' pace) made it about one transaction in five moves in
#: ``benchmarks/real_load.py`` (20 tables, 1,000 moves: 0.21 a move), 5 s one in eighteen (0.056).
RECORD_AFTER = 5.0
#: seconds before trying a failed part again, one more step each failed pass (then the last one)
RETRY_DELAYS = (0.5, 1.0, 2.0, 5.0, 10.0, 30.0)
#: passes in a row a table is tried again after an unexpected failure (the database, a bug)
UNEXPECTED_TRIES = 3
#: tries of the lobby message while its host waits (``/table new``)
LOBBY_TRIES = (0.0, 0.5, 1.5)


def _now() -> float:
    """The event loop's clock (the one its timers follow; simulated under simcord)."""
    return asyncio.get_running_loop().time()


class Retry(Exception):
    """A part Discord did not accept this time (a transient failure): tried again later."""


@dataclass(slots=True)
class _Shown:
    dirty: bool = False
    task: asyncio.Task[Any] | None = None
    parts: shown.Parts | None = None  # what Discord accepted (None: not read from the database yet)
    tries: dict[str, int] = field(default_factory=dict)  # failed tries in a row, by part (its backoff step)
    retry_at: dict[str, float] = field(default_factory=dict)  # when each failed part is tried again
    refused: set[str] = field(default_factory=set)  # parts Discord refused (4xx) at this state
    nap: asyncio.Task[None] | None = field(default=None, repr=False)  # waiting for a part's next try
    wanted: set[str] = field(default_factory=set)  # the parts the last pass tried or waited for
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)
    log: TableLog = field(default_factory=TableLog)
    done: bool = False
    turn_seen: tuple[str, float] | None = None  # the turn to act and when this presenter first saw it
    reminder: asyncio.TimerHandle | None = field(default=None, repr=False)  # its ping's timer (one per table)
    beat: Beat | None = None  # what the table message shows (:func:`parts.table_beat`)
    moved: tuple[int, float] = (-1, 0.0)  # the table's revision and when this presenter first saw it
    settle: asyncio.Task[None] | None = field(default=None, repr=False)  # brings a held-back edit back
    edited: float = float("-inf")  # when Discord last took the table message (the loop's clock)


class LiveHands(Protocol):
    """The live hands, as the presenter sees them (:class:`bot.ui.hands.Hands`)."""

    def live(self, table_id: str, seat: int) -> bool: ...

    def shows(self, table: Table, seat: int) -> bool: ...

    async def refresh(self, table: Table) -> bool: ...


class PresenterBot(Protocol):
    """What the presenter needs of the bot (:class:`bot.ui.client.TapisBot`)."""

    settings: Settings
    service: TableService
    hands: LiveHands
    metrics: Metrics
    unexpected: list[BaseException]
    http: HTTPClient

    def get_partial_messageable(self, id: int, *, guild_id: int | None = None,
                                type: discord.ChannelType | None = None) -> discord.PartialMessageable: ...


class Presenter:
    """The :class:`bot.service.tables.Listener` that keeps Discord in step with the tables."""

    def __init__(self, bot: PresenterBot) -> None:
        self.bot = bot
        self.shown: dict[str, _Shown] = {}
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
        self.recorder = shown.Recorder(lambda: self.db, max(interval, RECORD_AFTER) if interval > 0
                                       and not bot.settings.local else 0.0)
        self.starting = False  # restoring: changes are collected, see :meth:`start_up`
        self._behind: dict[str, Table] = {}
        self._catch_up: asyncio.Task[None] | None = None

    @property
    def db(self) -> Database:
        return self.bot.service.db

    def table_changed(self, table: Table) -> None:
        if self.starting:
            self._behind[table.id] = table
            return
        entry = self.shown.setdefault(table.id, _Shown())
        if table.built and table.state is not None:  # its view was asked for its save: the log reads it
            entry.log.saw(table.state, self.bot.service.memo.public(table))
        entry.dirty = True
        entry.refused.clear()
        if entry.nap is not None and not entry.nap.done():
            entry.nap.cancel()  # a change goes out now
        if entry.task is None or entry.task.done():
            entry.task = asyncio.get_running_loop().create_task(self._run(table, entry))

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
        saved, closed_ids = await shown.pending(self.db)
        built = [t.id for t in tables if t.built and t.to_act() is not None]  # the others' is saved with them
        last = await shown.last_by_seat(self.db, built)
        todo: dict[str, Table] = {}
        for table in tables:
            seat = table.to_act()
            if seat is not None and table.id in last:
                table.turn_start = shown.turn_start(last[table.id], seat)
            entry = self.shown.setdefault(table.id, _Shown())
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
            self.shown[table_id] = _Shown(parts=dict(saved.get(table_id, {})))
            todo[table_id] = closed
        for table_id, table in self._behind.items():  # finished at restore (:meth:`Endings._finish_saved`)
            if table_id not in todo and not table.open:
                self.shown.setdefault(table_id, _Shown(parts=dict(saved.get(table_id, {}))))
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
        if seat is not None and self._pings(table, seat):
            ping = saved.get("ping")
            return ping is None or ping.detail != f"{seat}:{table.turn_start}"
        return False

    async def _load_closed(self, table_id: str) -> Table | None:
        """A closed table that still has something to show, rebuilt from the database."""
        from games import GAMES, snapshot

        try:
            row = await self.db.table(table_id)
            if row is None or row["game"] not in GAMES or not self.bot.service.serves(row["guild_id"]):
                return None  # (another process's shard shows it)
            saved = await self.db.saved_state(row)
            state = snapshot.load(GAMES[row["game"]], saved) if saved is not None else None
            table = table_rows.table_of(row, await self.db.seats(table_id), state)
            if state is not None:
                table.turn_start = state.rev
            if table.status == "over":
                table.result = await self.db.results(table_id)
            await self.bot.service.prefs(table.guild_id)
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

    # -- the reconciliation loop -------------------------------------------------------------

    def _failed(self, entry: _Shown, key: str) -> None:
        """Part ``key`` failed once more: its next try waits one more step of :attr:`retry_delays`."""
        tries = entry.tries[key] = entry.tries.get(key, 0) + 1
        delays = self.retry_delays
        entry.retry_at[key] = _now() + delays[min(tries, len(delays)) - 1]

    def _passed(self, entry: _Shown, key: str) -> None:
        entry.tries.pop(key, None)
        entry.retry_at.pop(key, None)

    async def _run(self, table: Table, entry: _Shown) -> None:
        """Passes over the table's parts until nothing is missing. A part that failed waits for its
        own next try while a new change still goes out at once (the other parts)."""
        while entry.dirty:
            entry.dirty = False
            try:
                async with entry.lock:
                    if entry.parts is None:
                        entry.parts = await shown.of(self.db, table.id)
                    entry.wanted = {"database"}
                    left = await self._sync(table, entry)
                for key in set(entry.retry_at) - entry.wanted:  # a part no longer wanted (an old turn's ping)
                    self._passed(entry, key)
                self._passed(entry, "database")
            except Exception as exc:  # the database failed (or a bug): tried again a few times
                self.bot.unexpected.append(exc)
                log.exception("could not update table %s", table.id)
                self._failed(entry, "database")
                left = entry.tries["database"] < UNEXPECTED_TRIES  # then at the next change
            if left:
                due = min(entry.retry_at.values(), default=_now())
                # until the first part is due, or a change (:meth:`table_changed` ends the nap)
                entry.nap = asyncio.get_running_loop().create_task(asyncio.sleep(max(0.0, due - _now())))
                await asyncio.wait([entry.nap])
                changed, entry.nap = entry.nap.cancelled(), None
                entry.dirty = True
                if changed and self.bot.settings.edit_interval > 0:
                    await asyncio.sleep(self.bot.settings.edit_interval)  # changes still coalesced
                continue
            if self.bot.settings.edit_interval > 0 and table.open and entry.dirty:
                await asyncio.sleep(self.bot.settings.edit_interval)
        if entry.done and self.shown.get(table.id) is entry:
            del self.shown[table.id]

    async def _sync(self, table: Table, entry: _Shown) -> bool:
        """Send every part of ``table`` Discord misses, each on its own; ``True`` when one failed
        for a while (a timeout, a 5xx, a 429: tried again after a pause)."""
        assert entry.parts is not None
        if "done" in entry.parts:  # a closed table that showed everything (a late notice)
            entry.done = True
            return False
        locale = self.bot.service.locale_of(table.guild_id)
        channel = self.bot.get_partial_messageable(table.place_id, guild_id=table.guild_id)
        left = False

        async def attempt(name: str, step: Callable[[], Awaitable[None]], key: str | None = None) -> bool:
            nonlocal left
            key = key or name
            entry.wanted.add(key)
            if key in entry.refused:
                return False
            if entry.retry_at.get(key, 0.0) > _now():  # waiting for its next try
                left = True
                return False
            try:
                await step()
                self._passed(entry, key)
                return True
            except Retry:
                left = True
                entry.retry_at[key] = _now()  # at once
            except Exception as exc:
                if not discord_errors.is_discord(exc):
                    raise
                self.bot.metrics.failed(exc)
                if discord_errors.transient(exc):
                    left = True
                    self._failed(entry, key)
                    log.warning("table %s: Discord did not take its %s (%s); trying again", table.id, name,
                                discord_errors.describe(exc))
                else:
                    entry.refused.add(key)
                    log.warning("table %s: Discord refused its %s (%s)", table.id, name, discord_errors.describe(exc))
            return False

        await attempt("table message", lambda: self._table_message(table, entry, channel, locale))
        for deal in parts.ended_deals(table):
            if f"recap:{deal}" in entry.parts:
                continue
            if not await attempt(f"recap:{deal}", partial(self._recap, table, entry, channel, deal, locale)):
                break  # in order: the next deals wait for this one
        if await self.bot.hands.refresh(table):  # every console tried at each pass (their own tokens)
            left = True
            entry.wanted.add("hands")
            self._failed(entry, "hands")
        else:
            self._passed(entry, "hands")
        if table.status == "playing" and self._ping_now(table, entry):
            await attempt("ping", lambda: self._ping(table, entry, channel, locale),
                          f"ping:{table.to_act()}:{table.turn_start}")
        elif table.status == "playing":  # no ping (yet): the last turn's ping goes, if there was one
            await attempt("ping", lambda: self._turn_in_console(table, entry, channel))
        elif table.status == "over" and "results" not in entry.parts:
            await attempt("results", lambda: self._results(table, entry, channel, locale))
        if not table.open:
            await attempt("ping", lambda: self._delete_ping(table, entry, channel))
            if not left and not entry.refused:
                await self.recorder.finish(table.id)
                entry.done = True
        return left

    async def _record(self, table: Table, entry: _Shown, part: str, detail: str | None,
                      message_id: int | None) -> None:
        assert entry.parts is not None
        await self.recorder.record(table.id, part, detail, message_id)
        entry.parts[part] = shown.Part(detail, message_id)

    async def _table_message(self, table: Table, entry: _Shown, channel: discord.PartialMessageable,
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
        entry.beat, entry.edited = beat, _now()
        await self._record(table, entry, "table", key, table.message_id)

    async def _edit(self, channel_id: int, message_id: int, payload: dict[str, Any]) -> None:
        """The request of :meth:`discord.PartialMessage.edit`, without building the :class:`discord.Message`
        Discord answers with: nothing reads it, and parsing it was 3 % of the bot's samples in
        ``benchmarks/real_load.py`` under py-spy."""
        with handle_message_parameters(**payload) as params:
            await self.bot.http.edit_message(channel_id, message_id, params=params)

    def _held_back(self, table: Table, entry: _Shown) -> bool:
        """Whether the table message's edit waits: the seat to act is a computer or a member with a
        console the bot can edit, and the table moved on from what the message shows only by cards
        within the trick (or moves within one seat's turn), or only within the same step of the deal
        (:func:`~bot.ui.parts.same_step`) while the message is younger than :attr:`table_refresh`
        seconds. It goes out at the step's end (the auction's, the deal's), when the message is
        :attr:`table_refresh` seconds old, or when the table has been still :attr:`table_settle`
        seconds (a timer brings it back then)."""
        now = _now()
        if entry.moved[0] != table.rev:
            entry.moved = (table.rev, now)
        if entry.settle is not None:  # the last hold ends here: held again below, or shown now
            entry.settle.cancel()
            entry.settle = None
        if self.table_settle <= 0 or entry.beat is None or table.status != "playing":
            return False
        seat = table.to_act()
        if seat is not None and self._pings(table, seat) and not self.bot.hands.live(table.id, seat):
            return False  # a member who follows the table, not a console: shown at once
        beat = parts.table_beat(table, self.bot.service.memo)
        if not parts.only_play_within(entry.beat, beat) and not (
                self.table_refresh > 0 and parts.same_step(entry.beat, beat)):
            return False
        due = entry.moved[1] + self.table_settle
        if self.table_refresh > 0:
            due = min(due, entry.edited + self.table_refresh)
        if now >= due:
            return False
        # a sleeping task, not a loop timer: simulated time moves it (simcord waits out short timers)
        entry.settle = asyncio.get_running_loop().create_task(self._settled(table, table.rev, due - now))
        return True

    async def _settled(self, table: Table, rev: int, delay: float) -> None:
        """``delay`` seconds on, still at ``rev``: the held-back edit goes out."""
        await asyncio.sleep(delay)
        if table.rev == rev:
            self.table_changed(table)

    async def _recap(self, table: Table, entry: _Shown, channel: discord.PartialMessageable, deal: int,
                     locale: str) -> None:
        public = parts.deal_end_view(table, deal)
        if public is None:  # cannot be rebuilt: never tried again
            log.info("table %s: deal %d has no recap to show", table.id, deal + 1)
            await self._record(table, entry, f"recap:{deal}", "lost", None)
            return
        message = await parts.recap_message(table, public, locale)
        await self._slot(channel.id, TURN)
        self.bot.metrics.request("channel.send", True)
        msg = await channel.send(**message, nonce=parts.nonce(table.id, f"recap:{deal}"))
        await self._record(table, entry, f"recap:{deal}", None, msg.id)

    def _pings(self, table: Table, seat: int) -> bool:
        info = table.seats[seat]
        return not (info.computer or info.away or info.user_id is None)

    def _ping_now(self, table: Table, entry: _Shown) -> bool:
        """Whether the member to act is pinged now: at once when their hand console
        does not show the turn (none, too old, or Discord did not take its edit), else once they
        left their turn :attr:`ping_after` seconds (a timer brings the table back then; never in
        local mode); never for a computer or someone away."""
        seat = table.to_act()
        if seat is None or not self._pings(table, seat):
            return False
        if not self.bot.hands.shows(table, seat):
            return True
        if self.ping_after is None:
            return False
        turn, now = f"{seat}:{table.turn_start}", _now()
        if entry.turn_seen is None or entry.turn_seen[0] != turn:
            entry.turn_seen = (turn, now)
            if entry.reminder is not None:
                entry.reminder.cancel()  # the last turn's: one timer per table at most
            entry.reminder = asyncio.get_running_loop().call_later(self.ping_after, self._remind, table, turn)
        return now - entry.turn_seen[1] >= self.ping_after

    def _remind(self, table: Table, turn: str) -> None:
        """:attr:`ping_after` seconds into a turn: still the same turn, the table is shown again (the ping)."""
        seat = table.to_act()
        if table.status == "playing" and seat is not None and f"{seat}:{table.turn_start}" == turn:
            self.table_changed(table)

    async def _slot(self, channel_id: int, priority: int) -> None:
        """Wait for the channel's limit, then the bot's global budget."""
        await self.limiter.wait(channel_id)
        await self.budget.take(priority)

    async def _ping(self, table: Table, entry: _Shown, channel: discord.PartialMessageable, locale: str) -> None:
        """Once per turn, the member to act (not a computer, not someone away) is pinged; the
        previous ping is deleted."""
        assert entry.parts is not None
        seat = table.to_act()
        if seat is None or not self._pings(table, seat):
            return
        turn = f"{seat}:{table.turn_start}"
        got = entry.parts.get("ping")
        if got is not None and got.detail == turn and got.message_id is not None:
            return  # (a turn shown in the console only, no message, is pinged when it is due)
        await self._delete_ping(table, entry, channel)
        await self._slot(channel.id, TURN)
        message = parts.ping_message(table, seat, self.bot.hands.live(table.id, seat), locale)
        self.bot.metrics.request("channel.send", True)
        msg = await channel.send(**message, nonce=parts.nonce(table.id, "ping", turn))
        await self._record(table, entry, "ping", turn, msg.id)

    async def _turn_in_console(self, table: Table, entry: _Shown, channel: discord.PartialMessageable) -> None:
        """No ping for this turn (yet): the last turn's ping goes; when the member's console shows
        the turn, that is recorded as the turn's notice (no message), so a restart, which forgets the
        consoles, does not take the turn for unannounced."""
        assert entry.parts is not None
        await self._delete_ping(table, entry, channel)
        seat = table.to_act()
        if seat is not None and self._pings(table, seat) and self.bot.hands.shows(table, seat):
            turn = f"{seat}:{table.turn_start}"
            got = entry.parts.get("ping")
            if got is None or got.detail != turn:
                await self._record(table, entry, "ping", turn, None)

    async def _delete_ping(self, table: Table, entry: _Shown, channel: discord.PartialMessageable) -> None:
        """The last ping goes (best effort: a ping Discord keeps is harmless)."""
        assert entry.parts is not None
        got = entry.parts.get("ping")
        if got is None or got.message_id is None:
            return
        try:
            await self.budget.take(REDRAW)
            self.bot.metrics.request("channel.delete", True)
            await channel.get_partial_message(got.message_id).delete()
        except discord_errors.DISCORD as exc:
            self.bot.metrics.failed(exc)
            log.info("table %s: its last ping stays (%s)", table.id, discord_errors.describe(exc))
        await self._record(table, entry, "ping", got.detail, None)

    async def _results(self, table: Table, entry: _Shown, channel: discord.PartialMessageable, locale: str) -> None:
        message = await parts.results_message(table, locale)
        await self._slot(channel.id, TURN)
        self.bot.metrics.request("channel.send", True)
        msg = await channel.send(**message, nonce=parts.nonce(table.id, "results"))
        await self._record(table, entry, "results", None, msg.id)

    # -- the lobby, while its host waits -----------------------------------------------------

    async def post_lobby(self, table: Table) -> None:
        """Post a new table's lobby message now (``/table new`` waits for it), trying
        :data:`LOBBY_TRIES` times. :raises: Discord's last failure (the caller cancels the table)."""
        entry = self.shown.setdefault(table.id, _Shown(parts={}))
        locale = self.bot.service.locale_of(table.guild_id)
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

    async def drain(self) -> None:
        """Wait for every pending update (tests and benchmarks)."""
        if self._catch_up is not None:
            await self._catch_up
        while True:
            busy = [s.task for s in self.shown.values() if s.task is not None and not s.task.done()]
            if not busy:
                await self.recorder.flush()
                return
            await asyncio.gather(*busy, return_exceptions=True)
