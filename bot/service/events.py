"""Club nights: an event's registration, rounds of ordinary tables, standings, the end (issue 32).

No Discord here. :class:`EventService` holds the events of every server and drives them through
the table service: at the start the movement (:func:`games.events.plan_movement`, RULES.md §5.3)
seats every registered member, computers completing the last table; each (round, table) becomes an
ordinary started table (live hands, log, computers, ratings at its end) in a place the UI gives it
(:class:`Places`: a thread). When every table of a round has finished, the standings are told
(:class:`EventListener`) and the next round opens, unless the organiser paused the event. The
standings are always read from the tables' saved results (:mod:`bot.service.standings`), so a late
table never hides the others' scores and a restart loses nothing: :meth:`EventService.restore`
reopens what is missing and moves on any round that finished meanwhile.

Event statuses: ``open`` (registering), ``closed`` (registration closed), ``playing``, ``over``,
``cancelled``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.service.deal_secrets import DealSecrets
from bot.service.dealt import Chained, Seat, open_lobby, seat_and_start
from bot.service.standings import Line, Member, event_standings
from bot.service.table import BotError, Table
from bot.service.tables import TableService
from bot.storage.events import EventStore
from games import find_game
from games.duplicate import played_deals
from games.events import plan_movement, replace_leaver

log = logging.getLogger(__name__)
FORMATS = ("free", "duplicate")
MAX_ROUNDS = 12


@dataclass
class Player:
    """A registered member; ``idx`` their plan index from the start; ``left_round`` the round from
    which a computer plays for them."""

    user_id: int
    name: str
    idx: int | None = None
    left_round: int | None = None


@dataclass
class Event:
    """One club night (its row in ``events``, its players; ``plan`` the movement once started:
    ``{"rounds": [[[idx or None, ...], ...], ...], "method", "repeats", "least"}``)."""

    id: str
    guild_id: int
    channel_id: int
    organiser_id: int
    name: str
    game: str
    format: str
    rounds: int
    deals: int
    table_size: int
    level: str
    options: dict[str, Any]
    seed: str
    starts_at: float
    status: str = "open"
    round: int = 0
    paused: bool = False
    plan: dict[str, Any] | None = None
    message_id: int | None = None
    players: list[Player] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)

    @classmethod
    def of(cls, row: dict[str, Any], players: Sequence[dict[str, Any]]) -> Event:
        return cls(row["id"], int(row["guild_id"]), int(row["channel_id"]), int(row["organiser_id"]), row["name"],
                   row["game"], row["format"], int(row["rounds"]), int(row["deals"]), int(row["table_size"]),
                   row["level"], json.loads(row["options"] or "{}"), row["seed"], float(row["starts_at"]),
                   row["status"], int(row["round"]), bool(row["paused"]),
                   json.loads(row["plan"]) if row["plan"] else None, row["message_id"],
                   [Player(int(p["user_id"]), p["name"], p["idx"], p["left_round"]) for p in players])

    @property
    def live(self) -> bool:
        return self.status in ("open", "closed", "playing")

    def table_plan(self, round_no: int) -> list[list[int | None]]:
        """Round ``round_no``'s tables (1 for the first): plan indices in seat order, ``None`` a computer."""
        assert self.plan is not None
        return [list(t) for t in self.plan["rounds"][round_no - 1]]

    def by_index(self) -> list[Player]:
        """The players in plan order (started events)."""
        return sorted((p for p in self.players if p.idx is not None), key=lambda p: p.idx or 0)

    def player(self, user_id: int) -> Player | None:
        return next((p for p in self.players if p.user_id == user_id), None)


@dataclass(frozen=True)
class Standings:
    """The standings so far: ``lines`` best first; ``done`` rounds whose every table finished;
    ``waiting`` tables of the round in play still playing; ``final`` the event is over."""

    event: Event
    lines: list[Line]
    done: int
    waiting: int
    final: bool = False


class Places(Protocol):
    """Where a new table lives: the UI opens a thread per table and returns its id."""

    async def table_place(self, event: Event, round_no: int, table_no: int,
                          user_ids: Sequence[int | None]) -> int: ...


class EventListener(Protocol):
    """Told about every event change (never blocks: schedule work and return)."""

    def event_changed(self, event: Event) -> None: ...

    def round_opened(self, event: Event, round_no: int, tables: Sequence[Table]) -> None: ...

    def standings_changed(self, standings: Standings) -> None: ...


class _SilentEvents:
    def event_changed(self, event: Event) -> None:
        return None

    def round_opened(self, event: Event, round_no: int, tables: Sequence[Table]) -> None:
        return None

    def standings_changed(self, standings: Standings) -> None:
        return None


class SerialPlaces:
    """Places numbered from ``base`` (runs without Discord: tests, benchmarks, the local mode)."""

    def __init__(self, base: int = 10**12) -> None:
        self.next = base

    async def table_place(self, event: Event, round_no: int, table_no: int,
                          user_ids: Sequence[int | None]) -> int:
        self.next += 1
        return self.next


class EventService:
    """Every server's events; organiser actions; rounds moved on as their tables finish."""

    def __init__(self, tables: TableService, places: Places, listener: EventListener | None = None) -> None:
        self.service = tables
        self.store = EventStore(tables.db)
        self.secrets = DealSecrets(tables.db)
        self.places = places
        self.listener: EventListener = listener or _SilentEvents()
        self.events: dict[str, Event] = {}
        self._of_table: dict[str, str] = {}  # table id -> event id (tables of live events)
        self._tasks: set[asyncio.Task[Any]] = set()
        self._deals: dict[str, list[tuple[int, tuple[float, ...]]]] = {}  # a finished table's deals (duplicate)
        self.announced: Callable[[], None] = lambda: None  # told of each announcement (the clock looks again)
        tables.listener = Chained(tables.listener, self)

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
        self.announced()
        self.listener.event_changed(event)
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
        self.listener.event_changed(event)
        return event

    async def unregister(self, event_id: str, user_id: int) -> Event:
        event = self.get(event_id)
        async with event.lock:
            self._registering(event)
            if event.player(user_id) is None:
                raise BotError.of("event_not_registered")
            await self.store.unregister(event.id, user_id)
            event.players = [p for p in event.players if p.user_id != user_id]
        self.listener.event_changed(event)
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
        self.listener.event_changed(event)
        return event

    async def start(self, event_id: str, by: int | None, *, admin: bool = False) -> Event:
        """Form round 1's tables (§5.3) and open them. ``by`` ``None``: the start time came."""
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
            opened = await self._open_round(event)
        self.listener.event_changed(event)
        self.listener.round_opened(event, 1, opened)
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
        self.listener.event_changed(event)
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
        self.listener.standings_changed(final)
        self.listener.event_changed(event)
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
        self.listener.event_changed(event)
        return event

    async def leave(self, event_id: str, user_id: int, by: int | None = None, *, admin: bool = False) -> Event:
        """A member leaves a started event (``by`` ``None``: themselves; else the organiser replaces a
        missing player): a computer finishes their table's round and takes their seats from the next
        round on; their score so far stays, marked incomplete (§5.3)."""
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
                    table = self.service.get(row["table_id"])
                    if table.seated(user_id):
                        await self.service.replace_seat(table.id, table.seat_of(user_id), event.level)
        self.listener.event_changed(event)
        return event

    # -- rounds --------------------------------------------------------------------------------

    async def _open_round(self, event: Event) -> list[Table]:
        """Open the tables of the round in play that are not open yet (lock held): each an ordinary
        started table in its own place; free deals: each table its own cards; duplicate: every table
        of the round the same cards (§5.1)."""
        have = {row["table_no"]: row for row in await self.store.tables(event.id) if row["round"] == event.round}
        names = {p.idx: p for p in event.players}
        opened = []
        for t, plan in enumerate(event.table_plan(event.round)):
            seats: list[Seat] = [None if i is None else (names[i].user_id, names[i].name) for i in plan]
            row = have.get(t)
            if row is not None:
                self._of_table[row["table_id"]] = event.id
                if row["status"] == "lobby":  # recorded, not started when the bot stopped
                    table = self.service.get(row["table_id"])
                    await seat_and_start(self.service, table, seats, event.level, event.organiser_id)
                    opened.append(table)
                continue
            seed = await self.secrets.event_seed(event.guild_id, event.id, event.seed, event.round,
                                                 None if event.format == "duplicate" else t)
            table = self._orphan(event, seed, seats)  # opened, not recorded when the bot stopped
            if table is None:
                place = await self.places.table_place(event, event.round, t, [s[0] if s else None for s in seats])
                table = await open_lobby(self.service, game=event.game, options=event.options, seed=seed,
                                         seats=seats, guild_id=event.guild_id, channel_id=event.channel_id,
                                         thread_id=place)
            self._of_table[table.id] = event.id
            await self.store.add_table(event.id, event.round, t, table.id)  # recorded before it starts
            await seat_and_start(self.service, table, seats, event.level, event.organiser_id)
            opened.append(table)
        return opened

    def _orphan(self, event: Event, seed: str, seats: Sequence[Seat]) -> Table | None:
        """A lobby of this event's table opened before a stop and never recorded: same seed, channel,
        seat count and first member (its host), no event's; adopted rather than opened twice."""
        first = next((s[0] for s in seats if s is not None), None)
        linked = set(self._of_table)
        return next((tb for tb in self.service.tables.values()
                     if tb.status == "lobby" and tb.id not in linked and tb.seed == seed
                     and tb.channel_id == event.channel_id and tb.capacity == len(seats) and tb.seats
                     and tb.seats[0].user_id == first and tb.thread_id is not None), None)

    def table_changed(self, table: Table) -> None:
        """A listener of the table service: an event's table that closed may end its round."""
        event_id = self._of_table.get(table.id)
        if event_id is not None and not table.open and event_id in self.events:
            self._spawn(self._check(self.events[event_id]))

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _check(self, event: Event) -> None:
        """A table of ``event`` finished: tell the standings; when the round is complete, open the
        next one (or end the event). Safe to run any number of times (restarts, late tables)."""
        try:
            async with event.lock:
                if event.status != "playing":
                    return
                opened = await self._open_round(event)  # tables missing after a restart mid-opening
                standings = await self._standings(event)
                told: list[Standings] = [standings]
                new_round = None
                if standings.waiting == 0 and standings.done >= event.round:
                    if event.round >= event.rounds:
                        told = [await self._finish(event)]
                    elif not event.paused:
                        await self.store.set_round(event.id, event.round + 1)
                        event.round += 1
                        new_round = event.round
                        opened = await self._open_round(event)
            for s in told:
                self.listener.standings_changed(s)
            if new_round is not None or opened:
                self.listener.round_opened(event, event.round, opened)
            if new_round is not None or told[0].final:
                self.listener.event_changed(event)
        except Exception:
            log.exception("event %s: round check failed", event.id)
            self.service.errors.append(Exception(f"event {event.id} round check failed"))

    async def _standings(self, event: Event, *, final: bool = False, upto: int | None = None) -> Standings:
        """The standings from the saved scores; ``upto``: of the rounds up to that one only."""
        rows = await self.store.tables(event.id)
        waiting = sum(r["status"] in ("lobby", "playing") for r in rows if r["round"] == event.round)
        done = max((rnd for rnd in range(1, event.round + 1)
                    if all(r["status"] in ("over", "cancelled") for r in rows if r["round"] == rnd)
                    and any(r["round"] == rnd for r in rows)), default=0)
        members = [Member(p.user_id, p.name, p.left_round) for p in event.by_index()]
        assert event.plan is not None
        if event.format == "duplicate":
            scores = [r for r in await self._deal_rows(rows) if upto is None or int(r["round"]) <= upto]
        else:
            scores = [r for r in await self.store.scores(event.id) if upto is None or int(r["round"]) <= upto]
        lines = event_standings(event.format, event.plan["rounds"], members, event.deals, scores,
                                game=event.game, seed=event.seed)
        return Standings(event, lines, done, waiting, final)

    async def standings(self, event_id: str) -> Standings:
        """The standings so far (those of the finished tables; a late table hides nothing)."""
        event = await self.load(event_id)
        if event.plan is None:
            raise BotError.of("event_not_started", name=event.name)
        return await self._standings(event, final=event.status == "over")

    async def _deal_rows(self, rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
        """``round, table_no, shuffle, scores`` of every scored deal of the finished tables (§5.2:
        duplicate events compare deal by deal), replayed from each table's saved log once."""
        out = []
        for row in rows:
            if row["status"] != "over":
                continue
            deals = self._deals.get(row["table_id"])
            if deals is None:
                table = await self.service.db.table(row["table_id"])
                saved = await self.service.db.saved_state(table) if table is not None else None
                deals = await asyncio.to_thread(played_deals, saved) if saved is not None else []
                self._deals[row["table_id"]] = deals
            out += [{"round": row["round"], "table_no": row["table_no"], "shuffle": shuffle, "scores": scores}
                    for shuffle, scores in deals]
        return out

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
        for table_id in [t for t, e in self._of_table.items() if e == event.id]:
            del self._of_table[table_id]
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
        """Wait for the round checks under way (tests)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
