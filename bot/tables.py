"""TableService: every table's state, its seat<->user map, one lock per table, and ``act()``.

All player input goes through :meth:`TableService.act` (STYLE.md section 3)::

    async with table.lock:
        seat = table.seat_of(user_id)           # NotYourTurn when unseated
        new = state.apply(seat, game.parse_action(text))   # InvalidAction / IllegalAction
        await db.save_actions(...)              # one transaction, before answering
        table.state = new

Computer players (and the computer standing in for an absent player) act from background tasks
that take the same lock. No Discord object enters here: a :class:`Listener` is told about changes.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Sequence
from typing import Any

from bot import ratings
from bot.autoplay import AutoPlay
from bot.db import Database, Rating
from bot.i18n import t
from bot.settings import Settings
from bot.table import BotError, Listener, SeatInfo, StaleAction, Table, _Silent
from games import GAMES, find_game
from games.base import Action, State
from games.errors import GameError

log = logging.getLogger(__name__)
ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz"
__all__ = ["BotError", "Listener", "SeatInfo", "StaleAction", "Table", "TableService"]


class TableService(AutoPlay):
    """The tables of every server, their locks, and the one path that changes them."""

    def __init__(self, db: Database, settings: Settings, listener: Listener | None = None) -> None:
        self.db = db
        self.settings = settings
        self.listener: Listener = listener or _Silent()
        self.tables: dict[str, Table] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._timers: dict[str, asyncio.Task[Any]] = {}
        self._robots: dict[str, asyncio.Task[Any]] = {}
        self._prefs: dict[int, tuple[str, int]] = {}
        self.errors: list[BaseException] = []  # unexpected failures in background work (logged)

    # -- lookup ------------------------------------------------------------------------------

    def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise BotError.of("no_table")
        return table

    def at(self, place_id: int) -> Table | None:
        """The open table in a channel or thread."""
        for table in self.tables.values():
            if table.open and table.place_id == place_id:
                return table
        return None

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
        busy = self.at(place)
        if busy is not None:
            raise BotError.of("busy_place", table=busy.id)
        table_id = "".join(secrets.choice(ALPHABET) for _ in range(6))
        while table_id in self.tables:
            table_id = "".join(secrets.choice(ALPHABET) for _ in range(6))
        table = Table(table_id, guild_id, channel_id, thread_id, g, host_id, seed or secrets.token_hex(8),
                      resolved, capacity, [SeatInfo(host_id, host_name)])
        await self.db.create_table({"id": table.id, "guild_id": guild_id, "channel_id": channel_id,
                                    "thread_id": thread_id, "game": g.name, "seats": capacity,
                                    "options": {**resolved, "_capacity": capacity}, "seed": table.seed,
                                    "status": "lobby", "host_id": host_id},
                                   [s.as_row() for s in table.seats])
        self.tables[table.id] = table
        await self.prefs(guild_id)
        return table

    async def set_message(self, table: Table, message_id: int | None) -> None:
        table.message_id = message_id
        await self.db.set_message(table.id, message_id, table.thread_id)

    async def _save_lobby(self, table: Table) -> None:
        await self.db.save_lobby(table.id, seats=[s.as_row() for s in table.seats],
                                 options={**table.options, "_capacity": table.capacity}, host_id=table.host_id,
                                 status=table.status,
                                 state=table.state.to_json() if table.state is not None else None,
                                 revision=table.rev)

    async def join(self, table_id: str, user_id: int, name: str) -> Table:
        table = self.get(table_id)
        async with table.lock:
            self._need(table, "lobby")
            if table.seated(user_id):
                raise BotError.of("already_seated")
            if len(table.seats) >= table.capacity:
                raise BotError.of("table_full")
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
                raise BotError.of("too_few", game=game, n=game.min_seats)
            state = game.new(len(table.seats), table.seed, table.options)
            table.state, table.status = state, "playing"
            await self._save_lobby(table)
            log.info("table %s started: %s with %d seats", table.id, game.name, len(table.seats))
        self._after_change(table)
        return table

    async def cancel(self, table_id: str, by: int | None, *, admin: bool = False) -> Table:
        """Host (or an admin with ``admin=True``) cancels the table."""
        table = self.get(table_id)
        async with table.lock:
            if not table.open:
                raise BotError.of("not_playing")
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

    async def _close(self, table: Table, status: str) -> None:
        table.status = status
        await self.db.set_status(table.id, status)
        self._stop_tasks(table.id)
        log.info("table %s %s", table.id, status)
        self.listener.table_changed(table)

    def _need(self, table: Table, status: str) -> None:
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
            info.missed, info.away = 0, False
            await self._commit(table, new, [(r, seat, a, False) for r, a in applied], [seat])
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
                      seats: Sequence[int]) -> None:
        """Save the accepted actions in one transaction, then make ``new`` the table's state."""
        over = new.to_act() is None
        await self.db.save_actions(table.id, state=new.to_json(), revision=new.rev,
                                   status="playing", actions=applied,
                                   seats=[(s, table.seats[s].missed, table.seats[s].away) for s in seats])
        if table.state is None or new.to_act() != table.state.to_act():
            table.turn_start = new.rev
        table.state = new
        if over:
            await self._finish(table)

    async def _finish(self, table: Table) -> None:
        """Record results and rating changes; the table is then over."""
        state = table.state
        assert state is not None
        outcome = state.outcome()
        assert outcome is not None
        keys = [ratings.player_key(s.user_id) for s in table.seats]
        names = [s.name for s in table.seats]  # a computer's rating line is named by its level
        current: dict[str, Rating] = {}
        for key in set(keys):
            r = await self.db.rating(table.guild_id, table.game.name, key)
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
        await self.db.record_result(table.id, table.guild_id, table.game.name, "over", rows, list(new.values()))
        table.status, table.result = "over", rows
        self._stop_tasks(table.id)
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
            info.away, info.missed = False, 0
            await self.db.save_seats(table.id, [(seat, 0, False)])
        self._after_change(table)
        return was_away

    # -- queries and restore -----------------------------------------------------------------

    def hand(self, table_id: str, user_id: int) -> tuple[Table, int, dict[str, Any], list[Action], int]:
        """``(table, seat, private view, legal actions, pending picks)`` of a seated member."""
        table = self.get(table_id)
        seat = table.seat_of(user_id)
        if table.state is None:
            raise BotError.of("not_playing")
        state = table.state
        legal = state.legal_actions(seat) if table.status == "playing" else []
        picks = state.pending_picks(seat) if legal else 0
        return table, seat, state.view(seat), legal, picks

    async def restore(self) -> int:
        """Load every server's settings and rebuild every open table from SQLite; returns how many."""
        for guild_id, (locale, timer) in (await self.db.all_guild_settings()).items():
            self._prefs[guild_id] = (locale or self.settings.default_locale,
                                     self.settings.turn_timer if timer is None else timer)
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
                          row["status"], row["message_id"], state)
            self.tables[table.id] = table
            await self.prefs(table.guild_id)
            count += 1
        for table in list(self.tables.values()):
            if table.status == "playing":
                self._after_change(table)
        log.info("restored %d open table(s)", count)
        return count
