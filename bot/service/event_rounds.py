"""A club night's progress: the tables of each round opened, the round's end, the next round, the end
(docs/rules/club.md, « Club nights »), as a process that always moves on.

No Discord here. :class:`Rounds` derives every step from the saved event and its tables: the
tables of the round in play not open yet are opened (each in its place, a thread the UI makes: a
place asked again after a failure is the one made before, never a second one); when every table
of the round finished, the standings are told and the next round opens (or the event ends).
:meth:`Rounds.check` may run any number of times (a table's end, a restart, the organiser's
"go on"); a step that fails (Discord down, the database, a place the bot may not make) is tried
again after a pause growing to :data:`RETRY_DELAYS`' last, one log line each time, until it
goes through. What cannot go on by itself (the bot lacks a permission, a table that cannot be
opened, Discord failing for a minute) is told to the organiser once a round, in one line saying
what to do (:meth:`EventListener.event_blocked`).

Member situations and their outcome (docs/rules/club.md, « Club nights », and the defaults where it is silent):

* a member who leaves (``/event leave``) or is replaced (``/event replace``): a computer finishes
  their table's round and takes their seats from then on; their score so far stays, marked
  incomplete;
* a table of the plan where no member is left (every member replaced, or too few registered): it
  is not played, its computers would rank nobody; a round with no table left ends at once;
* a table already playing whose members were all replaced: its computers finish it (the round
  ends with it);
* the organiser away or gone from the server: nothing waits for them, rounds open as tables end
  (unless they paused the event: an admin, or a member with the organisers' role, may resume it);
* a late table: its round waits for it (its absent members' turns are played by the turn timer's
  computer); the organiser may end the event (``/event end``), the ranking being what was played.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from bot.service.deal_secrets import DealSecrets
from bot.service.dealt import Seat, open_lobby, seat_and_start
from bot.service.event_model import Event, EventListener, Places, Standings
from bot.service.standings import Member, event_standings
from bot.service.table import Table
from bot.storage.events import EventStore
from games.duplicate import played_deals
from games.errors import GameError

if TYPE_CHECKING:
    from bot.service.tables import TableService

log = logging.getLogger("bot.service.events")
#: seconds before a failed round check is tried again, one more step each failure in a row
RETRY_DELAYS = (0.5, 1.0, 2.0, 5.0, 10.0, 30.0)


class PlaceFailed(Exception):
    """The UI could not make a table's place: ``transient`` (Discord's 5xx, 429, a timeout: tried
    again soon) or not (the bot lacks a permission, the channel is gone: the organiser is told);
    ``key`` the text telling the organiser what to do, ``why`` one line of the cause."""

    def __init__(self, why: str, *, transient: bool, key: str = "event.blocked") -> None:
        super().__init__(why)
        self.why, self.transient, self.key = why, transient, key


def playable(event: Event, round_no: int) -> list[int]:
    """The tables of round ``round_no`` that are played: those with a member in the plan."""
    return [t for t, plan in enumerate(event.table_plan(round_no)) if any(i is not None for i in plan)]


class Rounds:
    """Opens each round's tables and moves the event on; collaborators: the table ``service``, the
    event ``store``, the server's deal ``secrets`` (each round's seed), the ``places`` the UI makes, the ``listener`` told of each change, the live
    ``events`` (an event that ends leaves them) and ``errors`` for unexpected failures."""

    def __init__(self, service: TableService, store: EventStore, secrets: DealSecrets, places: Places,
                 listener: EventListener, events: dict[str, Event]) -> None:
        self.service = service
        self.store = store
        self.secrets = secrets
        self.places = places
        self.listener = listener
        self.events = events
        self.of_table: dict[str, str] = {}  # table id -> event id (tables of live events)
        self.deals: dict[str, list[tuple[int, tuple[float, ...]]]] = {}  # a finished table's deals (duplicate)
        self.retry_delays: Sequence[float] = RETRY_DELAYS
        self.failures: dict[str, int] = {}  # event id -> round checks failed in a row
        self.told: set[tuple[str, int, str]] = set()  # (event, round, key) the organiser was told of
        self.tasks: set[asyncio.Task[Any]] = set()

    # -- tables --------------------------------------------------------------------------------

    async def open_round(self, event: Event) -> list[Table]:
        """Open the tables of the round in play that are not open yet (lock held): each an ordinary
        started table in its own place; free deals: each table its own cards; duplicate: every table
        of the round the same cards (« Duplicate deals »). A table with no member is not played."""
        have = {row["table_no"]: row for row in await self.store.tables(event.id) if row["round"] == event.round}
        names = {p.idx: p for p in event.players}
        opened = []
        wanted = set(playable(event, event.round))
        for t, plan in enumerate(event.table_plan(event.round)):
            seats: list[Seat] = [None if i is None else (names[i].user_id, names[i].name) for i in plan]
            row = have.get(t)
            if row is not None:
                self.of_table[row["table_id"]] = event.id
                if row["status"] == "lobby":  # recorded, not started when the bot stopped
                    waiting = self.service.registry.get(row["table_id"])
                    await seat_and_start(self.service, waiting, seats, event.level, event.organiser_id)
                    opened.append(waiting)
                continue
            if t not in wanted:
                continue
            seed = await self.secrets.event_seed(event.guild_id, event.id, event.seed, event.round,
                                                 None if event.format == "duplicate" else t)
            table = self._orphan(event, seed, seats)  # opened, not recorded when the bot stopped
            if table is None:
                place = await self.places.table_place(event, event.round, t, [s[0] if s else None for s in seats])
                table = self._at(place) or await open_lobby(
                    self.service, game=event.game, options=event.options, seed=seed, seats=seats,
                    guild_id=event.guild_id, channel_id=event.channel_id, thread_id=place)
            self.of_table[table.id] = event.id
            await self.store.add_table(event.id, event.round, t, table.id)  # recorded before it starts
            await seat_and_start(self.service, table, seats, event.level, event.organiser_id)
            opened.append(table)
        return opened

    def _at(self, place: int) -> Table | None:
        """The lobby already open in ``place`` (made before a failure, not recorded yet)."""
        table = self.service.registry.at(place)
        return table if table is not None and table.status == "lobby" and table.id not in self.of_table else None

    def _orphan(self, event: Event, seed: str, seats: Sequence[Seat]) -> Table | None:
        """A lobby of this event's table opened before a stop and never recorded: same seed, channel,
        seat count and first member (its host), no event's; adopted rather than opened twice."""
        first = next((s[0] for s in seats if s is not None), None)
        linked = set(self.of_table)
        return next((tb for tb in self.service.tables.values()
                     if tb.status == "lobby" and tb.id not in linked and tb.seed == seed
                     and tb.channel_id == event.channel_id and tb.capacity == len(seats) and tb.seats
                     and tb.seats[0].user_id == first and tb.thread_id is not None), None)

    # -- the round check, tried until it goes through --------------------------------------------

    def spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def check(self, event: Event, finish: Callable[[Event], Any]) -> None:
        """A table of ``event`` finished (or the bot restarted, or the organiser resumed): tell the
        standings; when the round is complete, open the next one (or end the event with
        ``finish``). Never raises: a failure is tried again after a pause, until it goes through."""
        try:
            await self._check(event, finish)
        except Exception as exc:
            self._failed(event, exc, finish)
            return
        if self.failures.pop(event.id, 0):
            log.info("event %s: its round check went through; the night goes on", event.id)

    async def _check(self, event: Event, finish: Callable[[Event], Any]) -> None:
        listener = self.listener
        async with event.lock:
            if event.status != "playing":
                return
            opened = await self.open_round(event)  # tables missing after a failure or a restart
            standings = await self.standings(event)
            told: list[Standings] = [standings]
            new_round = None
            while standings.waiting == 0 and standings.done >= event.round and event.status == "playing":
                if event.round >= event.rounds:
                    told[-1] = await finish(event)  # the final ranking instead of the same standings
                    break
                if event.paused:
                    break
                await self.store.set_round(event.id, event.round + 1)
                event.round += 1
                new_round = event.round
                opened += await self.open_round(event)
                standings = await self.standings(event)  # a round with no table to play is over at once
                told.append(standings)
        for s in told:
            listener.standings_changed(s)
        if new_round is not None or opened:
            listener.round_opened(event, event.round, opened)
        if new_round is not None or told[-1].final:
            listener.event_changed(event)

    def _failed(self, event: Event, exc: Exception, finish: Callable[[Event], Any]) -> None:
        """One log line (a traceback the first time for an unexpected failure), the organiser told
        what cannot go on by itself, the check tried again after a pause."""
        n = self.failures[event.id] = self.failures.get(event.id, 0) + 1
        delays = self.retry_delays
        pause = delays[min(n, len(delays)) - 1]
        known = isinstance(exc, PlaceFailed | GameError)  # a place, a table, the database (StorageFailure)
        if known or n > 1:
            log.warning("event %s: round %d could not go on (%s: %s, %d in a row); tried again in %g s", event.id,
                        event.round, type(exc).__name__, exc, n, pause)
        else:
            log.exception("event %s: round check failed; tried again in %g s", event.id, pause)
            self.service.errors.append(exc)
        stuck = (isinstance(exc, PlaceFailed) and not exc.transient) or (
            isinstance(exc, GameError) and not isinstance(exc, PlaceFailed) and n >= 3) or n >= len(delays)
        if stuck:
            key = exc.key if isinstance(exc, PlaceFailed) else "event.blocked"
            if (event.id, event.round, key) not in self.told:
                self.told.add((event.id, event.round, key))
                why = exc.why if isinstance(exc, PlaceFailed) else str(exc)
                self.listener.event_blocked(event, event.round, key, why)
        self.spawn(self._later(event, pause, finish))

    async def _later(self, event: Event, pause: float, finish: Callable[[Event], Any]) -> None:
        await asyncio.sleep(pause)
        if event.status == "playing":
            await self.check(event, finish)

    # -- standings -------------------------------------------------------------------------------

    async def standings(self, event: Event, *, final: bool = False, upto: int | None = None) -> Standings:
        """The standings from the saved scores; ``upto``: of the rounds up to that one only. A round
        is done when every table it played is over (or cancelled) and none is left to open."""
        rows = await self.store.tables(event.id)
        assert event.plan is not None

        def missing(rnd: int) -> int:
            have = {r["table_no"] for r in rows if r["round"] == rnd}
            return sum(t not in have for t in playable(event, rnd))

        waiting = sum(r["status"] in ("lobby", "playing") for r in rows if r["round"] == event.round) \
            + missing(event.round)
        done = max((rnd for rnd in range(1, event.round + 1)
                    if all(r["status"] in ("over", "cancelled") for r in rows if r["round"] == rnd)
                    and not missing(rnd)), default=0)
        members = [Member(p.user_id, p.name, p.left_round) for p in event.by_index()]
        if event.format == "duplicate":
            scores = [r for r in await self.deal_rows(rows) if upto is None or int(r["round"]) <= upto]
        else:
            scores = [r for r in await self.store.scores(event.id) if upto is None or int(r["round"]) <= upto]
        lines = event_standings(event.format, event.plan["rounds"], members, event.deals, scores,
                                game=event.game, seed=event.seed)
        return Standings(event, lines, done, waiting, final)

    async def deal_rows(self, rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
        """``round, table_no, shuffle, scores`` of every scored deal of the finished tables (« Match points »:
        duplicate events compare deal by deal), replayed from each table's saved log once."""
        out = []
        for row in rows:
            if row["status"] != "over":
                continue
            deals = self.deals.get(row["table_id"])
            if deals is None:
                table = await self.service.db.table(row["table_id"])
                saved = await self.service.db.saved_state(table) if table is not None else None
                deals = await asyncio.to_thread(played_deals, saved) if saved is not None else []
                self.deals[row["table_id"]] = deals
            out += [{"round": row["round"], "table_no": row["table_no"], "shuffle": shuffle, "scores": scores}
                    for shuffle, scores in deals]
        return out

    def forget(self, event_id: str) -> None:
        """An event ended: its tables no longer move it on."""
        for table_id in [t for t, e in self.of_table.items() if e == event_id]:
            del self.of_table[table_id]
        self.failures.pop(event_id, None)

    async def idle(self) -> None:
        """Wait for the round checks under way, their retries included (tests)."""
        while self.tasks:
            await asyncio.gather(*list(self.tasks), return_exceptions=True)

    async def close(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
