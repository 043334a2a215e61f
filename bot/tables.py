"""TableService: every table's state, its seat<->user map, one lock per table, and ``act()``.

All player input goes through :meth:`TableService.act` (STYLE.md section 3)::

    async with table.lock:
        seat = table.seat_of(user_id)           # NotYourTurn when unseated
        new = state.apply(seat, game.parse_action(text))   # InvalidAction / IllegalAction
        await db.save_actions(...)              # one transaction, before answering
        table.state = new

Computer players (and the computer standing in for an absent player) act from background tasks
that take the same lock. No Discord object enters here: a :class:`Listener` is told about changes.

Only open tables (lobby or in play) stay in :attr:`TableService.tables`, indexed by place; a
finished or cancelled table moves to a small cache of recent ones, then only its id and status are
remembered, so a click on an old table's message still gets a clear answer.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import sqlite3
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from bot import db as dbm
from bot import ratings
from bot.autoplay import AutoPlay
from bot.db import Database, Rating
from bot.housekeeping import Housekeeping
from bot.i18n import t
from bot.settings import Settings
from bot.table import BotError, Listener, SeatInfo, StaleAction, Table, _Silent
from games import GAMES, find_game
from games.base import Action, State
from games.errors import GameError

log = logging.getLogger(__name__)
ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz"
RECENT = 256  # closed tables kept whole (their last messages may still be clicked)
CLOSED_IDS = 20_000  # closed tables remembered by id and status only
__all__ = ["BotError", "Listener", "SeatInfo", "StaleAction", "Table", "TableService"]


class TableService(AutoPlay, Housekeeping):
    """The tables of every server, their locks, and the one path that changes them."""

    def __init__(self, db: Database, settings: Settings, listener: Listener | None = None) -> None:
        self.db = db
        self.settings = settings
        self.listener: Listener = listener or _Silent()
        self.tables: dict[str, Table] = {}  # open tables only
        self._places: dict[int, str] = {}  # channel or thread id -> its open table's id
        self._recent: OrderedDict[str, Table] = OrderedDict()
        self._closed: OrderedDict[str, str] = OrderedDict()  # id -> "over" / "cancelled"
        self.clock: Callable[[], float] = time.time
        self.announce: Callable[[Table, str], None] | None = None  # a notice for the table's channel
        self._tasks: set[asyncio.Task[Any]] = set()
        self._timers: dict[str, asyncio.Task[Any]] = {}
        self._robots: dict[str, asyncio.Task[Any]] = {}
        self._prefs: dict[int, tuple[str, int]] = {}
        self.errors: list[BaseException] = []  # unexpected failures in background work (logged)

    # -- lookup ------------------------------------------------------------------------------

    def get(self, table_id: str) -> Table:
        """An open or recently closed table. :raises BotError: unknown, or closed long ago."""
        table = self.tables.get(table_id) or self._recent.get(table_id)
        if table is None:
            status = self._closed.get(table_id)
            if status is not None:
                raise BotError.of("table_over" if status == "over" else "cancelled", table=table_id)
            raise BotError.of("no_table")
        return table

    def at(self, place_id: int) -> Table | None:
        """The open table in a channel or thread."""
        table_id = self._places.get(place_id)
        return self.tables.get(table_id) if table_id else None

    def known(self) -> list[Table]:
        """The open tables, then the recently closed ones (the last closed last)."""
        return [*self.tables.values(), *self._recent.values()]

    def _open(self, table: Table) -> None:
        self.tables[table.id] = table
        self._places[table.place_id] = table.id

    def _forget(self, table: Table) -> None:
        """A closed table leaves the open tables (and its place); it is remembered as recent."""
        self.tables.pop(table.id, None)
        if self._places.get(table.place_id) == table.id:
            del self._places[table.place_id]
        self._recent[table.id] = table
        self._recent.move_to_end(table.id)
        while len(self._recent) > RECENT:
            self._recent.popitem(last=False)
        self._remember(table.id, table.status)

    def _remember(self, table_id: str, status: str) -> None:
        self._closed[table_id] = status
        self._closed.move_to_end(table_id)
        while len(self._closed) > CLOSED_IDS:
            self._closed.popitem(last=False)

    async def prefs(self, guild_id: int) -> tuple[str, int]:
        """``(locale, turn timer seconds)`` of a server."""
        if guild_id not in self._prefs:
            locale, timer = await self.db.guild_settings(guild_id)
            self._prefs[guild_id] = (locale or self.settings.default_locale,
                                     self.settings.turn_timer if timer is None else timer)
        return self._prefs[guild_id]

    def locale_of(self, guild_id: int) -> str:
        return self._prefs.get(guild_id, (self.settings.default_locale, 0))[0]

    async def set_prefs(self, guild_id: int, *, locale: str | None = None, timer: int | None = None) -> None:
        await self.db.set_guild_settings(guild_id, locale=locale, turn_timer=timer)
        self._prefs.pop(guild_id, None)
        await self.prefs(guild_id)

    # -- lobby -------------------------------------------------------------------------------

    async def create(self, *, guild_id: int, channel_id: int, thread_id: int | None, host_id: int,
                     host_name: str, game: str, options: dict[str, Any] | None = None,
                     seats: int | None = None, seed: str | None = None) -> Table:
        """Open a lobby with the host seated. :raises GameError: bad game, seats or options."""
        g = find_game(game)
        resolved = g.resolve_options(options)
        capacity = g.max_seats if seats is None else seats
        g.check_seats(capacity)
        place = thread_id or channel_id
        busy = self._places.get(place)
        if busy is not None:
            raise BotError.of("busy_place", table=busy or "…")
        self._places[place] = ""  # reserved while saving: a second /table new here is refused
        try:
            table = await self._insert(guild_id, channel_id, thread_id, g, host_id, host_name, seed, resolved,
                                       capacity)
        finally:
            del self._places[place]
        self._open(table)
        await self.prefs(guild_id)
        return table

    async def _insert(self, guild_id: int, channel_id: int, thread_id: int | None, g: Any, host_id: int,
                      host_name: str, seed: str | None, resolved: dict[str, Any], capacity: int) -> Table:
        for _attempt in range(5):
            table = Table(self._new_id(), guild_id, channel_id, thread_id, g, host_id, seed or secrets.token_hex(8),
                          resolved, capacity, [SeatInfo(host_id, host_name)], active_at=self.clock())
            try:
                await self.db.create_table(
                    {"id": table.id, "guild_id": guild_id, "channel_id": channel_id, "thread_id": thread_id,
                     "game": g.name, "seats": capacity, "options": {**resolved, "_capacity": capacity},
                     "seed": table.seed, "status": "lobby", "host_id": host_id, "active_at": table.active_at},
                    [s.as_row() for s in table.seats])
                return table
            except sqlite3.IntegrityError:  # the id of a table closed long ago: draw another
                self._remember(table.id, "over")
        raise RuntimeError("no free table id after 5 draws")

    def _new_id(self) -> str:
        while True:
            table_id = "".join(secrets.choice(ALPHABET) for _ in range(6))
            if table_id not in self.tables and table_id not in self._recent and table_id not in self._closed:
                return table_id

    async def set_message(self, table: Table, message_id: int | None) -> None:
        table.message_id = message_id
        await self.db.set_message(table.id, message_id, table.thread_id)

    @contextmanager
    def _undo(self, table: Table) -> Iterator[None]:
        """A lobby change whose save fails is undone in memory too (memory never runs ahead of the
        database)."""
        saved = ([replace(s) for s in table.seats], table.status, table.state, table.active_at)
        try:
            yield
        except BaseException:
            table.seats, table.status, table.state, table.active_at = saved
            raise

    async def _save_lobby(self, table: Table) -> None:
        table.active_at = self.clock()
        await self.db.save_lobby(table.id, seats=[s.as_row() for s in table.seats],
                                 options={**table.options, "_capacity": table.capacity}, host_id=table.host_id,
                                 status=table.status,
                                 state=table.state.to_json() if table.state is not None else None,
                                 revision=table.rev, active_at=table.active_at)

    async def join(self, table_id: str, user_id: int, name: str) -> Table:
        table = self.get(table_id)
        async with table.lock:
            self._need(table, "lobby")
            if table.seated(user_id):
                raise BotError.of("already_seated")
            if len(table.seats) >= table.capacity:
                raise BotError.of("table_full")
            with self._undo(table):
                table.seats.append(SeatInfo(user_id, name))
                await self._save_lobby(table)
        self.listener.table_changed(table)
        return table

    async def leave(self, table_id: str, user_id: int) -> Table:
        table = self.get(table_id)
        async with table.lock:
            self._need(table, "lobby")
            seat = table.seat_of(user_id)
            if user_id == table.host_id:
                raise BotError.of("host_leaves")
            with self._undo(table):
                del table.seats[seat]
                await self._save_lobby(table)
        self.listener.table_changed(table)
        return table

    async def add_computer(self, table_id: str, user_id: int) -> Table:
        table = self.get(table_id)
        async with table.lock:
            self._need(table, "lobby")
            table.seat_of(user_id)
            if len(table.seats) >= table.capacity:
                raise BotError.of("table_full")
            n = sum(s.computer for s in table.seats) + 1
            with self._undo(table):
                table.seats.append(SeatInfo(None, t(self.locale_of(table.guild_id), "computer", n=n)))
                await self._save_lobby(table)
        self.listener.table_changed(table)
        return table

    async def kick(self, table_id: str, by: int, seat: int) -> SeatInfo:
        """Host only: a lobby seat is freed; in play a computer player takes the seat for good."""
        table = self.get(table_id)
        async with table.lock:
            self._host(table, by)
            if not table.open or not 0 <= seat < len(table.seats) or table.seats[seat].user_id == table.host_id:
                raise BotError.of("bad_choice")
            old = table.seats[seat]
            with self._undo(table):
                if table.status == "lobby":
                    del table.seats[seat]
                else:
                    n = sum(s.computer for s in table.seats) + 1
                    table.seats[seat] = SeatInfo(None, t(self.locale_of(table.guild_id), "computer", n=n))
                await self._save_lobby(table)
        self._after_change(table)
        return old

    async def start(self, table_id: str, by: int) -> Table:
        table = self.get(table_id)
        async with table.lock:
            self._need(table, "lobby")
            self._host(table, by)
            game = table.game
            if len(table.seats) < game.min_seats:
                raise BotError.of("too_few", game=game.titles.get("en", game.name), n=game.min_seats)
            state = game.new(len(table.seats), table.seed, table.options)
            with self._undo(table):
                table.state, table.status = state, "playing"
                await self._save_lobby(table)
            log.info("table %s started: %s with %d seats", table.id, game.name, len(table.seats))
        self._after_change(table)
        return table

    async def cancel(self, table_id: str, by: int | None, *, admin: bool = False) -> Table:
        """Host (or an admin with ``admin=True``) cancels the table."""
        table = self.get(table_id)
        async with table.lock:
            self._need_open(table)
            if not admin:
                self._host(table, by)
            await self._close(table, "cancelled")
        return table

    async def vote_abort(self, table_id: str, user_id: int) -> tuple[int, int]:
        """A seated member votes to abandon; a majority of the seated members cancels the match."""
        table = self.get(table_id)
        async with table.lock:
            self._need(table, "playing")
            table.seat_of(user_id)
            table.votes.add(user_id)
            humans = sum(not s.computer for s in table.seats)
            need = humans // 2 + 1
            if len(table.votes) >= need:
                await self._close(table, "cancelled")
            return len(table.votes), need

    async def reset_place(self, place_id: int) -> int:
        """Admins: cancel every open table in a channel (or thread), however stuck it is."""
        count = 0
        for table in list(self.tables.values()):
            if table.open and place_id in (table.channel_id, table.thread_id):
                await self.cancel(table.id, None, admin=True)
                count += 1
        return count

    async def _close(self, table: Table, status: str, notice: str | None = None) -> None:
        """Cancel (or end) an open table, lock held: saved first, then it leaves the open tables;
        ``notice``: a text key posted in its channel (housekeeping)."""
        await self.db.set_status(table.id, status)
        table.status = status
        self._stop_tasks(table.id)
        self._forget(table)
        log.info("table %s %s%s", table.id, status, f" ({notice})" if notice else "")
        self.listener.table_changed(table)
        if notice is not None and self.announce is not None:
            self.announce(table, notice)

    def _need_open(self, table: Table) -> None:
        if not table.open:
            raise BotError.of("table_over" if table.status == "over" else "cancelled", table=table.id)

    def _need(self, table: Table, status: str) -> None:
        self._need_open(table)
        if table.status != status:
            raise BotError.of("not_lobby" if status == "lobby" else "not_playing")

    def _host(self, table: Table, by: int | None) -> None:
        if by != table.host_id:
            host = next((s.name for s in table.seats if s.user_id == table.host_id), "?")
            raise BotError.of("not_host", host=host)

    # -- play --------------------------------------------------------------------------------

    async def act(self, table_id: str, user_id: int, actions: str | Sequence[str], rev: int | None = None,
                  *, index: Sequence[int] = ()) -> Table:
        """Apply a seated member's action(s); several are applied in order, all or none.

        ``rev`` (from a custom_id) must match the table's revision; ``index`` picks legal
        actions by position instead of text (ids too long for a custom_id, menu values).

        :raises StaleAction: ``rev`` is out of date. :raises NotYourTurn: unseated or not
            this seat's turn. :raises InvalidAction, IllegalAction: from the engine.
        """
        table = self.get(table_id)
        texts = [actions] if isinstance(actions, str) else list(actions)
        async with table.lock:
            self._need(table, "playing")
            assert table.state is not None
            if rev is not None and rev != table.state.rev:
                raise StaleAction.of("stale")
            seat = table.seat_of(user_id)
            state = table.state
            if index:
                legal = state.legal_actions(seat)
                if not legal:
                    state.apply(seat, Action("pass"))  # raises NotYourTurn with the engine's text
                try:
                    texts = [str(legal[i]) for i in index]
                except IndexError:
                    raise BotError.of("bad_choice") from None
            if not texts:
                raise BotError.of("bad_choice")
            info = table.seats[seat]
            new, applied = self._apply_all(table, seat, texts, state)
            flags = info.missed, info.away
            info.missed, info.away = 0, False
            try:
                await self._commit(table, new, [(r, seat, a, False) for r, a in applied], [seat], human=True)
            except BaseException:
                info.missed, info.away = flags
                raise
        self._after_change(table)
        return table

    def _apply_all(self, table: Table, seat: int, texts: Sequence[str],
                   state: State) -> tuple[State, list[tuple[int, str]]]:
        applied = []
        for text in texts:
            action = table.game.parse_action(text)
            state = state.apply(seat, action)
            applied.append((state.rev, str(action)))
        return state, applied

    async def _commit(self, table: Table, new: State, applied: list[tuple[int, int, str, bool]],
                      seats: Sequence[int], *, human: bool = False) -> None:
        """Save the accepted actions in one transaction, then make ``new`` the table's state.

        When ``new`` ends the match, the same transaction records its status, results and ratings:
        a crash can never leave a finished match "playing". ``human``: a member acted (activity)."""
        over = new.to_act() is None
        now = self.clock() if human else None
        rows = None
        async with self.db.transaction() as conn:
            await dbm.write_actions(conn, table.id, state=new.to_json(), revision=new.rev,
                                    status="over" if over else "playing", actions=applied, active_at=now,
                                    seats=[(s, table.seats[s].missed, table.seats[s].away) for s in seats])
            if over:
                rows = await self._write_results(conn, table, new)
        if now is not None:
            table.active_at = now
        if table.state is None or new.to_act() != table.state.to_act():
            table.turn_start = new.rev
        table.state = new
        if rows is not None:
            self._finished(table, rows)

    async def _write_results(self, conn: Any, table: Table, state: State) -> list[dict[str, Any]]:
        """Results and rating changes of a finished match, written in the caller's transaction
        (ratings are read there too, so two matches ending together cannot lose an update)."""
        outcome = state.outcome()
        assert outcome is not None
        keys = [ratings.player_key(s.user_id) for s in table.seats]
        names = [s.name if not s.computer else "Computer" for s in table.seats]
        current: dict[str, Rating] = {}
        for key in set(keys):
            r = await dbm.read_rating(conn, table.guild_id, table.game.name, key)
            if r is not None:
                current[key] = r
        data = state.to_json()
        new, before = await asyncio.to_thread(ratings.rate_match, table.game, data, outcome, keys, names, current)
        rows = []
        for seat, info in enumerate(table.seats):
            rows.append({"seat": seat, "user_id": info.user_id, "name": info.name,
                         "score": outcome.scores[seat], "place": outcome.places[seat],
                         "rating_before": round(before[seat].ordinal, 2),
                         "rating_after": round(new[keys[seat]].ordinal, 2)})
        await dbm.write_result(conn, table.id, table.guild_id, table.game.name, "over", rows, list(new.values()))
        return rows

    def _finished(self, table: Table, rows: list[dict[str, Any]]) -> None:
        """The match is over (already saved): it leaves the open tables."""
        table.status, table.result = "over", rows
        self._stop_tasks(table.id)
        self._forget(table)
        log.info("table %s over", table.id)

    async def reclaim(self, table_id: str, user_id: int) -> bool:
        """"My hand" brings an absent player back; ``True`` when they were away."""
        table = self.get(table_id)
        async with table.lock:
            if not table.open:
                return False
            seat = table.seat_of(user_id)
            info = table.seats[seat]
            if not info.away and not info.missed:
                return False
            was_away = info.away
            await self.db.save_seats(table.id, [(seat, 0, False)])
            info.away, info.missed = False, 0
        self._after_change(table)
        return was_away

    # -- queries and restore -----------------------------------------------------------------

    def hand(self, table_id: str, user_id: int) -> tuple[Table, int, dict[str, Any], list[Action], int]:
        """``(table, seat, private view, legal actions, pending picks)`` of a seated member."""
        table = self.get(table_id)
        seat = table.seat_of(user_id)
        if table.status == "cancelled":
            raise BotError.of("cancelled", table=table.id)
        if table.state is None:
            raise BotError.of("not_playing")
        state = table.state
        legal = state.legal_actions(seat) if table.status == "playing" else []
        picks = state.pending_picks(seat) if legal else 0
        return table, seat, state.view(seat), legal, picks

    async def restore(self) -> int:
        """Load every server's settings and rebuild every open table from SQLite; returns how many.

        A match whose saved state is already over (it ended as the process died, before this
        version saved the end in the same transaction) is finished now: results, ratings, status."""
        for guild_id, (locale, timer) in (await self.db.all_guild_settings()).items():
            self._prefs[guild_id] = (locale or self.settings.default_locale,
                                     self.settings.turn_timer if timer is None else timer)
        for table_id, status in reversed(await self.db.closed_tables(CLOSED_IDS)):
            self._remember(table_id, status)
        count = 0
        for row, seat_rows in await self.db.open_tables():
            if row["id"] in self.tables:
                continue
            try:
                game = GAMES[row["game"]]
                options = json.loads(row["options"] or "{}")
                capacity = int(options.pop("_capacity", row["seats"]))
                state = game.load(json.loads(row["state"])) if row["state"] else None
            except (KeyError, GameError, ValueError) as exc:
                log.error("table %s cannot be restored: %s", row["id"], type(exc).__name__)
                continue
            table = Table(row["id"], row["guild_id"], row["channel_id"], row["thread_id"], game, row["host_id"],
                          row["seed"], options, capacity,
                          [SeatInfo(s["user_id"], s["name"], s["missed"], bool(s["away"])) for s in seat_rows],
                          row["status"], row["message_id"], state, active_at=row.get("active_at") or self.clock())
            await self.prefs(table.guild_id)
            if table.status == "playing" and state is not None and state.to_act() is None:
                await self._finish_saved(table, state)
                continue
            if self.at(table.place_id) is not None:
                log.warning("table %s shares its channel with open table %s", table.id, self.at(table.place_id))
            self._open(table)
            count += 1
        for table in list(self.tables.values()):
            if table.status == "playing":
                self._after_change(table)
        log.info("restored %d open table(s)", count)
        return count

    async def _finish_saved(self, table: Table, state: State) -> None:
        """Record the end of a match found over but still "playing" in the database."""
        try:
            async with self.db.transaction() as conn:
                rows = await dbm.fetch_all(conn, dbm.SELECT_RESULTS, (table.id,))
                if rows:
                    await dbm.run(conn, dbm.UPDATE_STATUS, ("over", table.id))
                else:
                    rows = await self._write_results(conn, table, state)
        except Exception as exc:
            self.errors.append(exc)
            log.exception("table %s: its finished match could not be recorded", table.id)
            return
        table.turn_start = state.rev
        self._finished(table, rows)
        log.warning("table %s: its match ended before the restart; its results are recorded now", table.id)
        self.listener.table_changed(table)
