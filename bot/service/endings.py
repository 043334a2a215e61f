"""How matches end, for :class:`bot.service.tables.TableService`: results and ratings, and restore.

The end of a match is saved in the same transaction as its last action (status "over", results,
ratings): :meth:`Endings.write_results` runs inside the caller's transaction and reads the
ratings there, so two matches ending at once cannot lose a rating update. :meth:`Endings.restore`
rebuilds the open tables after a restart and finishes any match whose saved state is already
over (a database written before the end was saved with the last action).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot import storage as dbm
from bot.service import ratings
from bot.service.facts import Facts, Pending, Saved
from bot.service.registry import CLOSED_IDS, Registry
from bot.service.reload import table_of
from bot.service.table import BotError, Table
from bot.storage import Database, Rating
from bot.storage import ratings as rating_rows
from bot.storage.base import replayed
from bot.storage.database import snapshot_of
from bot.storage.errors import cause, describe
from games.base import State
from games.errors import GameError

if TYPE_CHECKING:
    from bot.infra.metrics import Metrics
    from bot.service.preferences import Preferences

log = logging.getLogger("bot.service.tables")
RESTORE_BATCH = 500  # open tables read and rebuilt at a time at start-up (their saved states in memory)


def _bad_data(exc: BaseException) -> bool:
    """Whether ``exc`` says a table's saved data cannot be used (not the database being down)."""
    if isinstance(exc, KeyError | GameError | ValueError | TypeError):
        return True
    return cause(exc) == "corrupt"


def _facts(row: dict[str, Any]) -> Saved | None:
    """The facts of a table in play whose state can wait for its first use (:mod:`bot.service.facts`)."""
    rev, saved = row["revision"], row.get("state_rev")
    if row["status"] != "playing" or not row["state"] or type(saved) is not int or not 0 <= saved <= rev:
        return None
    return Facts.read(row.get("facts"), rev)


def _unrestorable(table_id: str, why: str) -> None:
    log.error("table %s cannot be restored, left out: %s", table_id, why)


class Endings:
    """Results, ratings and restore of the tables.

    Collaborators: the database, the ``registry`` of tables, the servers' ``prefs``, ``metrics``
    and ``errors``; ``changed`` publishes a table's change (:meth:`TableBus.publish`), ``resume`` restarts the
    restored tables' play (:meth:`ComputerTurns.resume`), ``stop`` stops a finished
    table's background play, ``serves`` tells the servers on this process's shards."""

    def __init__(self, db: Database, registry: Registry, prefs: Preferences, metrics: Metrics,
                 errors: list[BaseException], *, clock: Callable[[], float], serves: Callable[[int], bool],
                 changed: Callable[[Table], None], resume: Callable[[list[Table]], None],
                 stop: Callable[[str], None]) -> None:
        self.db = db
        self.registry = registry
        self.prefs = prefs
        self.metrics = metrics
        self.errors = errors
        self.clock = clock
        self.serves = serves
        self.changed = changed
        self.resume = resume
        self.stop = stop

    async def write_results(self, conn: Any, table: Table, state: State) -> list[dict[str, Any]]:
        """Results and rating changes of a finished match, written in the caller's transaction
        (ratings are read there too, so two matches ending together cannot lose an update). A
        practice match (:attr:`Table.rated` false) is recorded with no rating and changes none; a
        practice table replaying a deal (:attr:`Table.practice`) records nothing but its status: its
        lines are shown, never kept (no history, rating, leaderboard or record)."""
        outcome = state.outcome()
        assert outcome is not None
        if table.practice:
            await dbm.set_status(conn, table.id, "over")
            return [{"seat": seat, "user_id": info.user_id, "name": info.name, "score": outcome.scores[seat],
                     "place": outcome.places[seat], "rating_before": None, "rating_after": None}
                    for seat, info in enumerate(table.seats)]
        if not (table.rated and table.game.rated(state.options)):
            rows = [{"seat": seat, "user_id": info.user_id, "name": info.name, "score": outcome.scores[seat],
                     "place": outcome.places[seat], "rating_before": None, "rating_after": None}
                    for seat, info in enumerate(table.seats)]
            await dbm.write_result(conn, table.id, table.guild_id, table.game.name, "over", rows, [])
            return rows
        keys = [ratings.player_key(s.user_id, s.plays_at) for s in table.seats]
        names = [s.name for s in table.seats]  # a computer's rating line is named by its level
        current: dict[str, Rating] = {}
        for key in set(keys):
            r = await dbm.read_rating(conn, table.guild_id, table.game.name, key)
            if r is not None:
                current[key] = r
        advantages = await rating_rows.read_advantages(conn, table.guild_id, table.game.name)
        data = state.to_json()
        rated = await asyncio.to_thread(ratings.rate_match, table.game, data, outcome, keys, names, current,
                                        advantages)
        rows = []
        for seat, info in enumerate(table.seats):
            rows.append({"seat": seat, "user_id": info.user_id, "name": info.name,
                         "score": outcome.scores[seat], "place": outcome.places[seat],
                         "rating_before": round(ratings.value(rated.before[seat]), 2),
                         "rating_after": round(ratings.value(rated.ratings[keys[seat]]), 2),
                         "rating_why": rated.stored_why(seat, keys[seat])})
        await dbm.write_result(conn, table.id, table.guild_id, table.game.name, "over", rows,
                               list(rated.ratings.values()))
        await rating_rows.write_advantages(conn, table.guild_id, table.game.name, rated.advantages)
        return rows

    def finished(self, table: Table, rows: list[dict[str, Any]]) -> None:
        """The match is over (already saved): it leaves the open tables."""
        table.status, table.result = "over", rows
        self.stop(table.id)
        self.registry.close(table)
        log.info("table %s over", table.id)

    async def restore(self) -> int:
        """Load every server's settings and rebuild the open tables of the servers on this process's
        shards (``serves``) from the database; returns how many.

        A match whose saved state is already over (it ended as the process died, before this
        version saved the end in the same transaction) is finished now: results, ratings, status.

        Each table comes back on its own: one whose row cannot be used (its state not JSON, its log
        not replaying, an unknown game, a corrupt page) is reported by id in one log line and left
        out; the others come back. A database that cannot be read at all fails the whole restore."""
        await self.prefs.load_all()
        for table_id, status in reversed(await self.db.closed_tables(CLOSED_IDS)):
            self.registry.remember(table_id, status)
        ids = [tid for tid, guild_id in await self.db.open_ids()
               if tid not in self.registry.open and self.serves(guild_id)]
        seats = await self.db.open_seats()
        count = 0
        # a batch's saved states at a time in memory (two while the next is read: by the database's
        # thread, while this one is rebuilt here)
        batches = [ids[start:start + RESTORE_BATCH] for start in range(0, len(ids), RESTORE_BATCH)]
        reading = asyncio.ensure_future(self._read_batch(batches[0])) if batches else None
        try:
            for number in range(len(batches)):
                assert reading is not None
                rows, lazy, snapshots, later = await reading
                ahead = batches[number + 1] if number + 1 < len(batches) else None
                reading = asyncio.ensure_future(self._read_batch(ahead)) if ahead else None
                for row in rows:
                    count += await self._restore_row(row, lazy, snapshots, later, seats)
        finally:
            if reading is not None:  # a failure above: the batch read ahead is not wanted
                reading.cancel()
                await asyncio.gather(reading, return_exceptions=True)
        self.resume([table for table in self.registry.open.values() if table.status == "playing"])
        log.info("restored %d open table(s)", count)
        return count

    async def _restore_row(self, row: dict[str, Any], lazy: dict[str, Saved],
                           snapshots: dict[str, dict[str, Any] | None],
                           later: dict[str, list[dict[str, Any]]] | None,
                           seats: dict[str, list[dict[str, Any]]]) -> int:
        """One table of a batch (:meth:`_read_batch`) back among the open ones: 1, or 0 when it is
        left out (one log line) or its match was already over (finished now)."""
        if row["id"] in lazy and later is not None:
            table = await self._restore_lazy(row, lazy[row["id"]], later, seats)
        elif row["id"] in lazy:  # the later actions are read table by table: built now
            try:
                table = await self._restore_one(row, snapshot_of(row), None, seats)
            except ValueError as exc:
                _unrestorable(row["id"], f"its saved state is not valid JSON ({exc})")
                return 0
        elif row["id"] in snapshots:
            table = await self._restore_one(row, snapshots.pop(row["id"]), later, seats)
        else:
            return 0
        if table is None:
            return 0
        await self.prefs.of(table.guild_id)
        if table.status == "playing" and table.to_act() is None:  # over (the facts say so: built)
            try:
                state = table.state
            except GameError:
                return 0  # left out (one log line)
            if state is not None and state.to_act() is None:
                await self._finish_saved(table, state)
                return 0
        other = self.registry.at(table.place_id)
        if other is not None:
            log.warning("table %s shares its channel with open table %s", table.id, other.id)
        self.registry.add(table)
        return 1

    async def _read_batch(self, ids: list[str]) -> tuple[list[dict[str, Any]], dict[str, Saved],
                                                         dict[str, dict[str, Any] | None],
                                                         dict[str, list[dict[str, Any]]] | None]:
        """The rows of the tables ``ids``: which wait for their first use (their facts), the saved
        states of the others, and the actions saved after each state (:meth:`_later_actions`)."""
        rows = await self.db.rows(ids)
        lazy = {row["id"]: facts for row in rows if (facts := _facts(row)) is not None}
        snapshots: dict[str, dict[str, Any] | None] = {}
        for row in rows:
            if row["id"] in lazy:
                continue
            try:
                snapshots[row["id"]] = snapshot_of(row)
            except ValueError as exc:  # not JSON: this table alone is left out
                _unrestorable(row["id"], f"its saved state is not valid JSON ({exc})")
        after = {tid: len(snap.get("log") or []) for tid, snap in snapshots.items() if snap is not None}
        later = await self._later_actions(after | {row["id"]: row["state_rev"] for row in rows if row["id"] in lazy})
        return rows, lazy, snapshots, later

    async def _later_actions(self, after: dict[str, int]) -> dict[str, list[dict[str, Any]]] | None:
        """The actions saved after each saved state (``after``: its revision), in one query;
        ``None`` when that query fails (each table then reads its own, and only those that cannot
        are left out)."""
        try:
            return await self.db.later_actions(after)
        except Exception as exc:
            if not _bad_data(exc):
                raise
            log.warning("the actions of the open tables cannot be read at once (%s); table by table",
                        describe(exc))
            return None

    async def _restore_lazy(self, row: dict[str, Any], facts: Saved, later: dict[str, list[dict[str, Any]]],
                            seats: dict[str, list[dict[str, Any]]]) -> Table | None:
        """One table in play whose state is built on first use (:mod:`bot.service.facts`)."""
        try:
            seat_rows = seats[row["id"]] if row["id"] in seats else await self.db.seats(row["id"])
            table = table_of(row, seat_rows, None, self.clock())
        except Exception as exc:
            if not _bad_data(exc):
                raise
            _unrestorable(row["id"], describe(exc))
            return None
        table.pending(Pending(table.game, row["state"], later.get(row["id"], []),
                              lambda exc: self._unusable(table, exc)), facts.facts)
        table.turn_start, table.moved_at = facts.turn_start, facts.moved_at
        return table

    async def _restore_one(self, row: dict[str, Any], snapshot: dict[str, Any] | None,
                           later: dict[str, list[dict[str, Any]]] | None,
                           seats: dict[str, list[dict[str, Any]]]) -> Table | None:
        """One open table from its row (``seats``: every open table's, read at once), its state built
        now; ``None`` (one log line naming it) when it cannot be read."""
        try:
            seat_rows = seats[row["id"]] if row["id"] in seats else await self.db.seats(row["id"])
            if snapshot is None:
                saved = None
            elif later is None:
                saved = await self.db.saved_state(row)
            else:
                saved = replayed(snapshot, later.get(row["id"], []))
            return table_of(row, seat_rows, saved, self.clock())
        except Exception as exc:
            if not _bad_data(exc):
                raise  # the database itself fails (unreachable...): the start fails, nothing is lost
            _unrestorable(row["id"], describe(exc))
            return None

    def _unusable(self, table: Table, exc: BaseException) -> BaseException:
        """A table whose state cannot be built on first use: left out (one log line naming it, as
        at start-up), its background play stopped; what its players are told."""
        why = f"its saved state is not valid JSON ({exc})" if isinstance(exc, json.JSONDecodeError) else describe(exc)
        _unrestorable(table.id, why)
        self.registry.drop(table)
        self.stop(table.id)
        return BotError.of("no_table")

    async def _finish_saved(self, table: Table, state: State) -> None:
        """Record the end of a match found over but still "playing" in the database."""
        try:
            async with self.metrics.transaction("finish"), self.db.transaction() as conn:
                rows = await dbm.read_results(conn, table.id)
                if rows:
                    await dbm.set_status(conn, table.id, "over")
                else:
                    rows = await self.write_results(conn, table, state)
        except Exception as exc:
            self.errors.append(exc)
            log.exception("table %s: its finished match could not be recorded", table.id)
            return
        table.turn_start = state.rev
        self.finished(table, rows)
        log.warning("table %s: its match ended before the restart; its results are recorded now", table.id)
        self.changed(table)
