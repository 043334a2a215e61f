"""Club nights: an event's registration, rounds of ordinary tables, standings, the end.

No Discord here. :class:`EventService` holds the events of every server and drives them through
the table service: at the start the movement (:func:`games.events.plan_movement`, docs/rules/club.md, « Club nights »)
seats every registered member, computers completing the last table; each (round, table) becomes an
ordinary started table (live hands, log, computers, ratings at its end) in a place the UI gives it
(:class:`Places`: a thread). When every table of a round has finished, the standings are told
(:class:`EventListener`) and the next round opens, unless the organiser paused the event: that
process is :class:`bot.service.event_rounds.Rounds`, tried until it goes through. The standings are
always read from the tables' saved results (:mod:`bot.service.standings`), so a late table never
hides the others' scores and a restart loses nothing: :meth:`EventService.restore` reopens what is
missing and moves on any round that finished meanwhile.

Event statuses: ``open`` (registering), ``closed`` (registration closed), ``playing``, ``over``,
``cancelled``.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from typing import Any

from bot.service.event_bus import EventBus
from bot.service.event_model import (
    Event,
    EventListener,
    Places,
    Player,
    SerialPlaces,
    Standings,
)
from bot.service.event_rounds import PlaceFailed, Rounds, playable
from bot.service.table import BotError, Table
from bot.service.tables import TableService
from bot.storage.events import EventStore
from games import find_game
from games.events import plan_movement, replace_leaver

__all__ = ["Event", "EventListener", "EventService", "PlaceFailed", "Places", "Player", "SerialPlaces", "Standings",
           "playable"]
log = logging.getLogger(__name__)
FORMATS = ("free", "duplicate")
MAX_ROUNDS = 12


class EventService:
    """Every server's events; organiser actions; rounds moved on as their tables finish."""

    def __init__(self, tables: TableService, places: Places | None = None, listener: EventListener | None = None,
                 *, bus: EventBus | None = None) -> None:
        """``bus``: where changes are told and places asked (the composition root wires it); or,
        without one (tests, benchmarks), a bus of its own on ``places`` and ``listener``."""
        self.service = tables
        self.store = EventStore(tables.db)
        self.secrets = tables.secrets
        if bus is None:
            bus = EventBus()
            bus.provide_places(places or SerialPlaces())
            if listener is not None:
                bus.subscribe(listener)
        self.bus = bus
        self.events: dict[str, Event] = {}
        self.rounds = Rounds(tables, self.store, self.secrets, bus, bus, self.events)
        self._of_table = self.rounds.of_table  # table id -> event id (tables of live events)

    # -- creation and registration -------------------------------------------------------------

    async def create(self, *, guild_id: int, channel_id: int, organiser_id: int, name: str, game: str,
                     fmt: str = "free", rounds: int = 3, deals: int = 4, starts_at: float, level: str = "normal",
                     table_size: int | None = None, seed: str | None = None) -> Event:
        """Announce an event. :raises BotError: a bad format, round or deal count, computer level;
        :raises GameError: a game without a number of deals, or tables of a size it cannot seat."""
        g = find_game(game)
        size = table_size or min(max(4, g.min_seats), g.max_seats)
        g.check_seats(size)
        if fmt not in FORMATS or not 1 <= rounds <= MAX_ROUNDS or level not in ("easy", "normal", "expert"):
            raise BotError.of("bad_choice")
        options = g.resolve_options({"deals": deals})  # GameError: no such option, or out of range
        event = Event(secrets.token_hex(4), guild_id, channel_id, organiser_id, name, g.name, fmt, rounds, deals,
                      size, level, options, seed or secrets.token_hex(8), starts_at)
        await self.store.create({**event.__dict__, "options": options})
        self.events[event.id] = event
        self.bus.announced()
        self.bus.event_changed(event)
        return event

    def get(self, event_id: str) -> Event:
        event = self.events.get(event_id)
        if event is None:
            raise BotError.of("event_unknown")
        return event

    async def load(self, event_id: str) -> Event:
        """A live event, or a finished one read from the database. :raises BotError: unknown."""
        if event_id in self.events:
            return self.events[event_id]
        row = await self.store.event(event_id)
        if row is None:
            raise BotError.of("event_unknown")
        return Event.of(row, await self.store.players(event_id))

    async def register(self, event_id: str, user_id: int, name: str) -> Event:
        event = self.get(event_id)
        async with event.lock:
            self._registering(event)
            if event.player(user_id) is not None:
                raise BotError.of("event_registered")
            await self.store.register(event.id, user_id, name)
            event.players.append(Player(user_id, name))
        self.bus.event_changed(event)
        return event

    async def unregister(self, event_id: str, user_id: int) -> Event:
        event = self.get(event_id)
        async with event.lock:
            self._registering(event)
            if event.player(user_id) is None:
                raise BotError.of("event_not_registered")
            await self.store.unregister(event.id, user_id)
            event.players = [p for p in event.players if p.user_id != user_id]
        self.bus.event_changed(event)
        return event

    def _registering(self, event: Event) -> None:
        if event.status != "open":
            raise BotError.of("event_closed", name=event.name)

    # -- organiser actions ---------------------------------------------------------------------

    def _organiser(self, event: Event, by: int, admin: bool) -> None:
        """The event's organiser or a member the UI found allowed (Manage Server, the role)."""
        if not admin and by != event.organiser_id:
            raise BotError.of("event_not_organiser")

    async def close_registration(self, event_id: str, by: int, *, admin: bool = False) -> Event:
        event = self.get(event_id)
        async with event.lock:
            self._organiser(event, by, admin)
            self._registering(event)
            await self.store.set_status(event.id, "closed")
            event.status = "closed"
        self.bus.event_changed(event)
        return event

    async def start(self, event_id: str, by: int | None, *, admin: bool = False) -> Event:
        """Form round 1's tables (« Club nights ») and open them. ``by`` ``None``: the start time came."""
        event = self.get(event_id)
        async with event.lock:
            if by is not None:
                self._organiser(event, by, admin)
            if event.status not in ("open", "closed"):
                raise BotError.of("event_started", name=event.name)
            if len(event.players) < 2:
                raise BotError.of("event_too_few", n=2)
            move = await asyncio.to_thread(plan_movement, len(event.players), event.rounds, event.table_size,
                                           seed=event.seed)
            plan = {"rounds": [[list(t) for t in r] for r in move.rounds], "method": move.method,
                    "repeats": move.repeats, "least": move.least}
            order = [p.user_id for p in event.players]
            if not await self.store.start(event.id, plan, order):
                raise BotError.of("event_started", name=event.name)
            for i, p in enumerate(event.players):
                p.idx = i
            event.plan, event.status, event.round = plan, "playing", 1
        self.bus.event_changed(event)
        await self._check(event)  # round 1's tables, tried until they open
        return event

    async def pause(self, event_id: str, by: int, paused: bool = True, *, admin: bool = False) -> Event:
        """The next round waits for the organiser (``paused``), or opens now if it was waiting."""
        event = self.get(event_id)
        async with event.lock:
            self._organiser(event, by, admin)
            if event.status != "playing":
                raise BotError.of("event_not_playing", name=event.name)
            await self.store.set_paused(event.id, paused)
            event.paused = paused
        self.bus.event_changed(event)
        if not paused:
            await self._check(event)
        return event

    async def end(self, event_id: str, by: int | None, *, admin: bool = False) -> Standings:
        """End early: the round's unfinished tables are cancelled, the ranking is what was played."""
        event = self.get(event_id)
        async with event.lock:
            if by is not None:
                self._organiser(event, by, admin)
            if event.status != "playing":
                raise BotError.of("event_not_playing", name=event.name)
            for row in await self.store.tables(event.id):
                if row["status"] in ("lobby", "playing"):
                    await self.service.cancel(row["table_id"], None, admin=True)
            final = await self._finish(event)
        self.bus.standings_changed(final)
        self.bus.event_changed(event)
        return final

    async def cancel(self, event_id: str, by: int, *, admin: bool = False) -> Event:
        """Call off an event that has not started."""
        event = self.get(event_id)
        async with event.lock:
            self._organiser(event, by, admin)
            if event.status not in ("open", "closed"):
                raise BotError.of("event_started", name=event.name)
            await self.store.set_status(event.id, "cancelled")
            event.status = "cancelled"
            self.events.pop(event.id, None)
        self.bus.event_changed(event)
        return event

    async def leave(self, event_id: str, user_id: int, by: int | None = None, *, admin: bool = False) -> Event:
        """A member leaves a started event (``by`` ``None``: themselves; else the organiser replaces a
        missing player): a computer finishes their table's round and takes their seats from the next
        round on; their score so far stays, marked incomplete (« Club nights »)."""
        event = self.get(event_id)
        async with event.lock:
            if by is not None:
                self._organiser(event, by, admin)
            if event.status != "playing" or event.plan is None:
                raise BotError.of("event_not_playing", name=event.name)
            player = event.player(user_id)
            if player is None or player.idx is None:
                raise BotError.of("event_not_registered")
            if player.left_round is not None:
                return event
            rounds = event.plan["rounds"]
            plan = ([[list(t) for t in r] for r in replace_leaver(rounds, player.idx, event.round)]
                    if event.round < len(rounds) else rounds)
            await self.store.leave(event.id, user_id, event.round, {**event.plan, "rounds": plan})
            event.plan = {**event.plan, "rounds": plan}
            player.left_round = event.round
            for row in await self.store.tables(event.id):
                if row["round"] == event.round and row["status"] == "playing":
                    table = self.service.registry.get(row["table_id"])
                    if table.seated(user_id):
                        await self.service.replace_seat(table.id, table.seat_of(user_id), event.level)
        self.bus.event_changed(event)
        return event

    # -- rounds --------------------------------------------------------------------------------

    def table_changed(self, table: Table) -> None:
        """A listener of the table service: an event's table that closed may end its round."""
        event_id = self._of_table.get(table.id)
        if event_id is not None and not table.open and event_id in self.events:
            self._spawn(self._check(self.events[event_id]))

    def _spawn(self, coro: Any) -> None:
        self.rounds.spawn(coro)

    async def _check(self, event: Event) -> None:
        """:meth:`Rounds.check`: the round moved on when complete; never raises (tried again)."""
        await self.rounds.check(event, self._finish)

    async def _standings(self, event: Event, *, final: bool = False, upto: int | None = None) -> Standings:
        return await self.rounds.standings(event, final=final, upto=upto)

    async def standings(self, event_id: str) -> Standings:
        """The standings so far (those of the finished tables; a late table hides nothing)."""
        event = await self.load(event_id)
        if event.plan is None:
            raise BotError.of("event_not_started", name=event.name)
        return await self._standings(event, final=event.status == "over")

    async def standings_after(self, event: Event, round_no: int) -> Standings:
        """The standings as they were when round ``round_no`` ended (its post, even sent later)."""
        got = await self._standings(event, upto=round_no)
        return Standings(event, got.lines, min(got.done, round_no), 0)

    async def _finish(self, event: Event) -> Standings:
        """The final ranking saved with the status ``over`` (lock held)."""
        final = await self._standings(event, final=True)
        await self.store.finish(event.id, event.guild_id, "over", [line.__dict__ for line in final.lines])
        event.status = "over"
        self.events.pop(event.id, None)
        self.rounds.forget(event.id)
        log.info("event %s over: %d players ranked", event.id, len(final.lines))
        return final

    async def results(self, event_id: str) -> tuple[Event, list[dict[str, Any]]]:
        """A finished event and its final ranking (``/event results``)."""
        event = await self.load(event_id)
        return event, await self.store.results(event.id)

    # -- restore, background -------------------------------------------------------------------

    async def restore(self) -> int:
        """Load the live events (after the table service's restore) and move on any whose round
        finished while the bot was down; returns how many."""
        for row in await self.store.live():
            if not self.service.serves(int(row["guild_id"])):
                continue
            event = Event.of(row, await self.store.players(row["id"]))
            self.events[event.id] = event
            for t in await self.store.tables(event.id):
                self._of_table[t["table_id"]] = event.id
        for event in list(self.events.values()):
            if event.status == "playing":
                await self._check(event)
        return len(self.events)

    async def start_due(self, now: float) -> list[Event]:
        """Start the events whose start time has come (the UI's clock calls it when :meth:`until_due` returns)."""
        started = []
        for event in [e for e in self.events.values() if e.status in ("open", "closed") and e.starts_at <= now]:
            try:
                started.append(await self.start(event.id, None))
            except BotError as exc:
                log.info("event %s not started at its time: %s", event.id, exc)
        return started

    def seconds_to_due(self, now: float, *, longest: float = 3600.0, retry: float = 30.0) -> float:
        """How long the clock may sleep: until the next event's start time, at most ``longest``
        seconds; a due event that could not start (too few players) is tried again every ``retry``
        seconds. No timer wakes every few seconds for nothing (an idle bot's tasks all wait far
        ahead: simcord's preview waits for the bot's tasks before it shows a click)."""
        waiting = [e.starts_at for e in self.events.values() if e.status in ("open", "closed")]
        start = min(waiting, default=None)
        if start is None:
            return longest
        return min(longest, start - now) if start > now else retry

    async def idle(self) -> None:
        """Wait for the round checks under way, their retries included (tests)."""
        await self.rounds.idle()

    async def close(self) -> None:
        await self.rounds.close()
