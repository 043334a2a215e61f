"""TableService: every table's state, its seat<->user map, one lock per table, and ``act()``.

All player input goes through :meth:`TableService.act` (STYLE.md section 3)::

    async with table.lock:
        seat = table.seat_of(user_id)           # NotYourTurn when unseated
        new = state.apply(seat, game.parse_action(text))   # InvalidAction / IllegalAction
        await db.save_actions(...)              # one transaction, before answering
        table.state = new

Computer players (and the computer standing in for an absent player) act from background tasks
that take the same lock. No Discord object enters here: every change is published on the :class:`TableBus`.

Only open tables stay in :attr:`TableService.tables` (see :mod:`bot.service.registry`).
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from bot import storage as dbm
from bot.infra.metrics import Failures, Metrics
from bot.service import moves, obvious, seating, table_rows
from bot.service.autoplay import LEVELS, ComputerTurns
from bot.service.bus import TableBus
from bot.service.deal_secrets import DealSecrets
from bot.service.endings import Endings
from bot.service.facts import Facts
from bot.service.housekeeping import Housekeeping
from bot.service.preferences import Preferences
from bot.service.privacy import Departures
from bot.service.records import MatchCache
from bot.service.registry import Registry
from bot.service.reload import StorageFailure, counted
from bot.service.seating import computer_seat_name
from bot.service.settings import Settings
from bot.service.table import (
    BotError,
    Hand,
    Listener,
    SeatInfo,
    StaleAction,
    Table,
    ViewMemo,
)
from bot.service.tasks import Tasks
from bot.service.writes import TableWrites
from bot.storage import Database
from bot.storage import errors as storage
from games import find_game
from games import snapshot as snapshots
from games.base import Action, State
from games.errors import GameError

log = logging.getLogger(__name__)
__all__ = ["BotError", "Listener", "SeatInfo", "StaleAction", "StorageFailure", "Table", "TableService"]


def _every_server(guild_id: int) -> bool:
    """One process serving every shard."""
    return True


class TableService:
    """The tables of every server, their locks, and the one path that changes them.

    Composed of parts with explicit collaborators: the :class:`Registry` of tables,
    the servers' :class:`Preferences`, :class:`ComputerTurns` (computer players and turn timers),
    :class:`Endings` (results, ratings, restore), :class:`Housekeeping` (forgotten tables, departed
    servers), privacy's :class:`Departures`, all sharing one set of background :class:`Tasks`."""

    def __init__(self, db: Database, settings: Settings, *, bus: TableBus | None = None,
                 registry: Registry | None = None, metrics: Metrics | None = None,
                 serves: Callable[[int], bool] = _every_server) -> None:
        self.db = db
        self.settings = settings
        self.bus = bus or TableBus()  # every change is published there (:mod:`bot.service.bus`)
        self.registry = registry or Registry()
        self.tables: dict[str, Table] = self.registry.open  # open tables only
        self.clock: Callable[[], float] = time.time
        self.metrics = metrics or Metrics(self.registry.open.values)
        self.errors: list[BaseException] = Failures(self.metrics)  # unexpected failures (logged, counted)
        self.serves = serves  # the servers on this process's shards
        self.memo = ViewMemo()  # the views and hands last asked of the tables' states
        self.matches = MatchCache()  # the finished matches last read back (replays, score sheets)
        self.secrets = DealSecrets(db)  # each server's deal secret (challenges, duplicates, club nights)
        self.tasks = Tasks()
        self.preferences = Preferences(db, settings)
        self.departures = Departures(db)
        self.computers = ComputerTurns(settings, self.tasks, self.bus.publish, self.preferences.timer_of, self.commit,
                                       self.errors, clock=self._now)
        self.writes = TableWrites(db, self.metrics, self.registry, self.computers.stop)
        self.endings = Endings(db, self.registry, self.preferences, self.metrics, self.errors, clock=self._now,
                               serves=self.serves, changed=self.bus.publish, resume=self.computers.resume,
                               stop=self.computers.stop)
        self.housekeeping = Housekeeping(settings, self.registry, self.computers, self.close_table, self, self.tasks,
                                         self._now, self.errors)

    def _now(self) -> float:
        return self.clock()

    async def close(self) -> None:
        """Stop every background task and the computer players' workers."""
        await self.tasks.cancel_all()
        self.computers.close()

    # -- a server's preferences -------------------------------------------------------------

    async def set_prefs(self, guild_id: int, *, locale: str | None = None, timer: int | None = None) -> None:
        """Save a server's preferences (:class:`Preferences`); a new language renames the computer
        players seated at its open tables."""
        await self.preferences.set(guild_id, locale=locale, timer=timer)
        if locale is not None:
            await self._rename_computers(guild_id, self.preferences.locale_of(guild_id))

    async def _rename_computers(self, guild_id: int, locale: str) -> None:
        """After ``/settings language:``: the computer players of the server's open tables take their
        names in the new language ("Computer 1 (Normal)" becomes "Ordinateur 1 (Normal)")."""
        for table in [tb for tb in self.tables.values() if tb.guild_id == guild_id and tb.open]:
            async with table.lock:
                seats = [replace(s, name=computer_seat_name(locale, s.computer_no, s.level))
                         if s.computer and s.computer_no is not None else s for s in table.seats]
                if seats == table.seats:
                    continue
                table.seats = seats
                await self.save_lobby(table)
            self.bus.publish(table)

    # -- lobby -------------------------------------------------------------------------------

    async def create(self, *, guild_id: int, channel_id: int, thread_id: int | None, host_id: int,
                     host_name: str, game: str, options: dict[str, Any] | None = None,
                     seats: int | None = None, seed: str | None = None) -> Table:
        """Open a lobby with the host seated. :raises GameError: bad game, seats or options."""
        if not self.serves(guild_id):
            raise BotError.of("other_shard")
        g = find_game(game)
        resolved = g.resolve_options(options)
        capacity = g.max_seats if seats is None else seats
        g.check_seats(capacity)
        with self.registry.reserving(thread_id or channel_id):
            table = await self._insert(guild_id, channel_id, thread_id, g, host_id, host_name, seed, resolved,
                                       capacity)
            self.registry.add(table)
        await self.preferences.of(guild_id)
        return table

    async def _insert(self, guild_id: int, channel_id: int, thread_id: int | None, g: Any, host_id: int,
                      host_name: str, seed: str | None, resolved: dict[str, Any], capacity: int) -> Table:
        for _attempt in range(5):
            table = Table(self.registry.new_id(), guild_id, channel_id, thread_id, g, host_id, seed or secrets.token_hex(8),
                          resolved, capacity, [SeatInfo(host_id, host_name)], active_at=self.clock())
            try:
                async with self.writes.writing("lobby", None):
                    await self.db.create_table(table_rows.new_row(table), [s.as_row() for s in table.seats])
                return table
            except Exception as exc:  # the id of a table closed long ago: draw another
                if storage.cause(exc) != "conflict":
                    raise
                self.registry.remember(table.id, "over")
        raise RuntimeError("no free table id after 5 draws")

    async def set_message(self, table: Table, message_id: int | None) -> None:
        table.message_id = message_id
        await self.db.set_message(table.id, message_id, table.thread_id)

    async def save_lobby(self, table: Table) -> None:
        table.active_at = self.clock()
        async with self.writes.writing("lobby", table):
            await self.db.save_lobby(table.id, **table_rows.lobby_fields(table))

    async def join(self, table_id: str, user_id: int, name: str) -> Table:
        table = self.registry.get(table_id)
        async with table.lock:
            await self.writes.fresh(table)
            seating.need(table, "lobby")
            if table.seated(user_id):
                raise BotError.of("already_seated")
            if len(table.seats) >= table.capacity:
                raise BotError.of("table_full")
            with seating.undo(table):
                table.seats.append(SeatInfo(user_id, name))
                await self.save_lobby(table)
        self.bus.publish(table)
        return table

    async def leave(self, table_id: str, user_id: int) -> Table:
        table = self.registry.get(table_id)
        async with table.lock:
            await self.writes.fresh(table)
            seating.need(table, "lobby")
            seat = table.seat_of(user_id)
            if user_id == table.host_id:
                raise BotError.of("host_leaves")
            with seating.undo(table):
                del table.seats[seat]
                await self.save_lobby(table)
        self.bus.publish(table)
        return table

    def computer_seat(self, table: Table, level: str) -> SeatInfo:
        """A new computer seat of ``level``, named with its level ("Ordinateur 2 (Expert)")."""
        if level not in LEVELS:
            raise BotError.of("bad_choice")
        n = sum(s.computer for s in table.seats) + 1
        return SeatInfo(None, computer_seat_name(self.preferences.locale_of(table.guild_id), n, level), level=level, computer_no=n)

    async def add_computer(self, table_id: str, user_id: int, level: str = "normal") -> Table:
        table = self.registry.get(table_id)
        async with table.lock:
            await self.writes.fresh(table)
            seating.need(table, "lobby")
            table.seat_of(user_id)
            if len(table.seats) >= table.capacity:
                raise BotError.of("table_full")
            with seating.undo(table):
                table.seats.append(self.computer_seat(table, level))
                await self.save_lobby(table)
        self.bus.publish(table)
        return table

    async def kick(self, table_id: str, by: int, seat: int) -> SeatInfo:
        """Host only: a lobby seat is freed; in play a computer player takes the seat for good."""
        table = self.registry.get(table_id)
        async with table.lock:
            await self.writes.fresh(table)
            seating.need_host(table, by)
            if not table.open or not 0 <= seat < len(table.seats) or table.seats[seat].user_id == table.host_id:
                raise BotError.of("bad_choice")
            old = table.seats[seat]
            with seating.undo(table):
                if table.status == "lobby":
                    del table.seats[seat]
                else:
                    table.seats[seat] = self.computer_seat(table, "normal")
                await self.save_lobby(table)
        self.computers.after_change(table)  # the bus told, a computer or the timer next
        return old

    async def start(self, table_id: str, by: int) -> Table:
        table = self.registry.get(table_id)
        async with table.lock:
            await self.writes.fresh(table)
            seating.need(table, "lobby")
            seating.need_host(table, by)
            game = table.game
            if len(table.seats) < game.min_seats:
                raise BotError.of("too_few", game=game, n=game.min_seats)
            state = game.new(len(table.seats), table.seed, table.options)
            with seating.undo(table):
                table.state, table.status = state, "playing"
                await self.save_lobby(table)
            log.info("table %s started: %s with %d seats", table.id, game.name, len(table.seats))
        self.computers.after_change(table)  # the bus told, a computer or the timer next
        return table

    async def replace_seat(self, table_id: str, seat: int, level: str = "normal") -> SeatInfo:
        """A computer of ``level`` takes a member's seat for the rest of the match (a club night's
        leaver, docs/rules/club.md, « Club nights »); returns who held it."""
        table = self.registry.get(table_id)
        async with table.lock:
            await self.writes.fresh(table)
            seating.need(table, "playing")
            if not 0 <= seat < len(table.seats) or table.seats[seat].computer:
                raise BotError.of("bad_choice")
            old = table.seats[seat]
            with seating.undo(table):
                table.seats[seat] = self.computer_seat(table, level)
                await self.save_lobby(table)
        self.computers.after_change(table)  # the bus told, a computer or the timer next
        return old

    async def cancel(self, table_id: str, by: int | None, *, admin: bool = False) -> Table:
        """Host (or an admin with ``admin=True``) cancels the table."""
        table = self.registry.get(table_id)
        async with table.lock:
            seating.need_open(table)
            if not admin:
                seating.need_host(table, by)
            if table.challenge and table.status == "playing" and by is not None:
                raise BotError.of("challenge_no_abort")  # one attempt, whoever asks: its deal would be dealt again
            await self.close_table(table, "cancelled")
        return table

    async def vote_abort(self, table_id: str, user_id: int) -> tuple[int, int]:
        """A seated member votes to abandon; a majority of the seated members cancels the match."""
        table = self.registry.get(table_id)
        async with table.lock:
            seating.need(table, "playing")
            table.seat_of(user_id)
            if table.challenge:  # one attempt: an abandoned deal would be dealt again
                raise BotError.of("challenge_no_abort")
            table.votes.add(user_id)
            humans = sum(not s.computer for s in table.seats)
            need = humans // 2 + 1
            if len(table.votes) >= need:
                await self.close_table(table, "cancelled")
            return len(table.votes), need

    async def reset_place(self, place_id: int) -> int:
        """Admins: cancel every open table in a channel (or thread), however stuck it is."""
        count = 0
        for table in list(self.tables.values()):
            if table.open and place_id in (table.channel_id, table.thread_id):
                await self.cancel(table.id, None, admin=True)
                count += 1
        return count

    async def close_table(self, table: Table, status: str, notice: str | None = None) -> None:
        """Cancel (or end) an open table, lock held: saved first, then it leaves the open tables;
        ``notice``: a text key posted in its channel (housekeeping)."""
        async with self.writes.writing("status", table):
            await self.db.set_status(table.id, status)
        table.status = status
        self.computers.stop(table.id)
        self.registry.close(table)
        log.info("table %s %s%s", table.id, status, f" ({notice})" if notice else "")
        self.bus.publish(table)
        if notice is not None:
            self.bus.announce(table, notice)

    # -- play --------------------------------------------------------------------------------

    async def act(self, table_id: str, user_id: int, actions: moves.Chosen | Sequence[moves.Chosen] = (),
                  rev: int | None = None, *, index: Sequence[int] = ()) -> Table:
        """:meth:`_act`, its refusals counted (``tapis_errors_total{kind="refused"}``)."""
        try:
            return await self._act(table_id, user_id, actions, rev, index=index)
        except StorageFailure:
            raise  # counted where it happened (an internal error, one log line)
        except GameError:
            self.metrics.error("refused")
            raise

    async def _act(self, table_id: str, user_id: int, actions: moves.Chosen | Sequence[moves.Chosen] = (),
                   rev: int | None = None, *, index: Sequence[int] = ()) -> Table:
        """Apply a seated member's action(s); several are applied in order, all or none.

        ``actions``: :class:`Action` values (a click's), or their text (typed in a command, parsed by
        the game). ``rev`` (from a custom_id) must match the table's revision; ``index`` picks legal
        actions by position instead (ids too long for a custom_id, menu values).

        :raises StaleAction: ``rev`` is out of date. :raises NotYourTurn: unseated or not
            this seat's turn. :raises InvalidAction, IllegalAction: from the engine.
        """
        table = self.registry.get(table_id)
        chosen: list[moves.Chosen] = [actions] if isinstance(actions, str | Action) else list(actions)
        async with table.lock:
            await self.writes.fresh(table)
            seating.need(table, "playing")
            assert table.state is not None
            if rev is not None and rev != table.state.rev:
                raise StaleAction.of("stale")
            seat = table.seat_of(user_id)
            state = table.state
            if index:
                chosen = moves.by_index(state, seat, index)
            if not chosen:
                raise BotError.of("bad_choice")
            info = table.seats[seat]
            new, applied = moves.apply_all(table.game, seat, chosen, state)
            flags = info.missed, info.away
            info.missed, info.away = 0, False
            # the seat's row is written only when its flags change
            changed = [seat] if flags != (0, False) else []
            try:
                await self.commit(table, new, [(r, seat, a, False) for r, a in applied], changed, human=True)
            except BaseException:
                info.missed, info.away = flags
                raise
        self.computers.after_change(table)  # the bus told, a computer or the timer next
        return table

    async def commit(self, table: Table, new: State, applied: list[tuple[int, int, str, bool]],
                      seats: Sequence[int], *, human: bool = False) -> None:
        """Save the accepted actions in one transaction, then make ``new`` the table's state.

        When ``new`` ends the match, the same transaction records its status, results and ratings:
        a crash can never leave a finished match "playing". ``human``: a member acted (activity)."""
        old = table.state
        if table.stale:  # an earlier write's fate was unknown: ``new`` must follow what is saved
            await self.writes.fresh(table)
            if old is None or table.state is None or table.state.rev != old.rev or not counted(table.state, old):
                raise StaleAction.of("stale")
        new, applied = obvious.answered(table, new, applied)  # saved with the move that led to them
        over = new.to_act() is None
        public = new.view(None)  # asked once: for the facts, then kept for the presenter (once saved)
        facts = Facts.of(new, public)
        turn_start = new.rev if old is None or new.to_act() != old.to_act() else table.turn_start
        moved = self.clock()
        now = moved if human else None
        rows = None
        try:
            async with self.writes.writing("actions", table, settle=False), self.db.transaction() as conn:
                snapshot = over or new.rev % dbm.SNAPSHOT_EVERY == 0 or moves.deal_ended(old, new)
                await dbm.write_actions(conn, table.id, state=snapshots.saved(new) if snapshot else None, revision=new.rev,
                                        status="over" if over else "playing", actions=applied, active_at=now,
                                        facts=facts.to_text(turn_start, moved),
                                        seats=[(s, table.seats[s].missed, table.seats[s].away) for s in seats])
                if over:
                    rows = await self.endings.write_results(conn, table, new)
        except Exception as exc:
            if not storage.uncertain(exc):
                raise
            rows = await self.writes.settled(table, new, exc)
        self.metrics.accepted(table.game.name, applied)
        if now is not None:
            table.active_at = now
        table.turn_start, table.moved_at = turn_start, moved
        table.settle(new, facts)
        self.memo.known_public(table, public)
        if rows is not None:
            self.endings.finished(table, rows)

    async def reclaim(self, table_id: str, user_id: int) -> bool:
        """"My hand" brings an absent player back; ``True`` when they were away."""
        table = self.registry.get(table_id)
        async with table.lock:
            if not table.open:
                return False
            seat = table.seat_of(user_id)
            info = table.seats[seat]
            if not info.away and not info.missed:
                return False
            was_away = info.away
            async with self.writes.writing("lobby", table):
                await self.db.save_seats(table.id, [(seat, 0, False)])
            info.away, info.missed = False, 0
        self.computers.after_change(table)  # the bus told, a computer or the timer next
        return was_away

    # -- queries (restore: bot/service/endings.py) ---------------------------------------------------

    def hand(self, table_id: str, user_id: int) -> tuple[Table, Hand]:
        """A seated member's table and :class:`Hand` (what their hand message shows)."""
        table = self.registry.get(table_id)
        seat = table.seat_of(user_id)
        if table.status == "cancelled":
            raise BotError.of("cancelled", table=table.called)
        return table, self.memo.hand(table, seat)
