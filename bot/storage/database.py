"""The bot's database API, the same on SQLite and PostgreSQL (:func:`bot.storage.open.open_database` picks the backend).

Every accepted action is written (an action row, the table's revision) and committed before the
interaction is answered, so a restart never loses a game; the state itself is snapshotted every
``SNAPSHOT_EVERY`` actions and at each deal's end, and loading replays the action rows after the
snapshot (:func:`bot.storage.base.replayed`). The end of a match (its last action, status, results
and ratings) is one transaction too (:mod:`bot.service.endings`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

import bot.storage.queries as q
from bot.storage.base import Backend, Rating, replayed


def snapshot_of(row: dict[str, Any]) -> dict[str, Any] | None:
    """A table row's saved snapshot (``None`` for a lobby's).

    :raises ValueError: the saved text is not a JSON object with a log list."""
    if not row["state"]:
        return None
    snapshot = json.loads(row["state"])
    if not isinstance(snapshot, dict) or not isinstance(snapshot.get("log") or [], list):
        raise ValueError("its saved state is not a JSON object with a log")
    return snapshot


class Database(Backend):
    """The bot's database; :func:`bot.storage.open.open_database` returns the SQLite or PostgreSQL one."""

    async def __aenter__(self) -> Database:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # -- tables ------------------------------------------------------------------------------

    async def create_table(self, row: dict[str, Any], seats: Sequence[dict[str, Any]]) -> None:
        async with self.transaction() as conn:
            await conn.run(q.INSERT_TABLE, (
                row["id"], row["guild_id"], row["channel_id"], row.get("thread_id"), row.get("message_id"),
                row["game"], row["seats"], row.get("capacity", row["seats"]), json.dumps(row.get("options") or {}),
                str(row["seed"]),
                None, row["status"], row["host_id"], 0, row.get("active_at")))
            await q.write_seats(conn, row["id"], seats)

    async def save_lobby(self, table_id: str, *, seats: Sequence[dict[str, Any]], options: dict[str, Any],
                         host_id: int, status: str, state: dict[str, Any] | None, revision: int,
                         active_at: float | None = None, facts: str | None = None,
                         capacity: int | None = None) -> None:
        """Seats, options, capacity (``None``: the seats given) and status of a table that is
        opening or starting (``facts``: its state's, :class:`bot.service.facts.Facts`), in one transaction."""
        async with self.transaction() as conn:
            await conn.run(q.UPDATE_LOBBY, (len(seats), capacity or len(seats), json.dumps(options), host_id, status,
                                            json.dumps(state) if state is not None else None,
                                            revision if state is not None else None, facts,
                                            revision, active_at, table_id))
            await q.write_seats(conn, table_id, seats)

    async def save_actions(self, table_id: str, *, state: dict[str, Any], revision: int, status: str,
                           actions: Iterable[tuple[int, int, str, bool]],
                           seats: Iterable[tuple[int, int, bool]] = (), active_at: float | None = None,
                           facts: str | None = None) -> None:
        """:func:`bot.storage.queries.write_actions` in a transaction of its own."""
        async with self.transaction() as conn:
            await q.write_actions(conn, table_id, state=state, revision=revision, status=status, actions=actions,
                                  seats=seats, active_at=active_at, facts=facts)

    async def save_seats(self, table_id: str, seats: Iterable[tuple[int, int, bool]]) -> None:
        async with self.transaction() as conn:
            await conn.run_many(q.UPDATE_SEAT, [(m, int(w), table_id, s) for s, m, w in seats])

    async def set_status(self, table_id: str, status: str) -> None:
        async with self.transaction() as conn:
            await conn.run(q.UPDATE_STATUS, (status, table_id))

    async def cancel_open_tables(self) -> int:
        """Every table in its lobby or in play cancelled; returns how many."""
        async with self.transaction() as conn:
            return await conn.run(q.CANCEL_OPEN)

    async def set_message(self, table_id: str, message_id: int | None, thread_id: int | None) -> None:
        async with self.transaction() as conn:
            await conn.run(q.UPDATE_MESSAGE, (message_id, thread_id, table_id))

    async def set_shown(self, table_id: str, revision: int) -> None:
        """The revision the table's public message now shows (start-up redraws the others)."""
        async with self.transaction() as conn:
            await conn.run(q.UPDATE_SHOWN, (revision, table_id))

    async def shown_revisions(self) -> dict[str, int | None]:
        """``{table id: revision its message shows}`` of every table in play."""
        return {r["id"]: r["shown_revision"] for r in await self._all(q.SELECT_SHOWN)}

    async def open_tables(self) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
        """Every table in a lobby or in play, with its seats (for restoring after a restart)."""
        return [(row, await self.seats(row["id"])) for row in await self.open_rows()]

    async def open_rows(self) -> list[dict[str, Any]]:
        """Every table row in a lobby or in play (restore reads their seats with :meth:`open_seats`)."""
        return await self._all(q.SELECT_OPEN)

    async def open_ids(self) -> list[tuple[str, int]]:
        """``(id, guild id)`` of every table in a lobby or in play, oldest first (restore)."""
        return [(r["id"], r["guild_id"]) for r in await self._all(q.SELECT_OPEN_IDS)]

    async def rows(self, ids: Sequence[str]) -> list[dict[str, Any]]:
        """The rows of the tables ``ids``, in that order (those that exist)."""
        params = (json.dumps(list(ids)),) if self.dialect == "sqlite" else (list(ids),)
        found = {r["id"]: r for r in await self._all(self.sql(q.SELECT_ROWS), params)}
        return [found[i] for i in ids if i in found]

    async def open_seats(self) -> dict[str, list[dict[str, Any]]]:
        """The seats of every table in a lobby or in play, in one query: ``{id: rows by seat}``."""
        out: dict[str, list[dict[str, Any]]] = {}
        for r in await self._all(q.SELECT_OPEN_SEATS):
            out.setdefault(r["table_id"], []).append(r)
        return out

    async def closed_tables(self, limit: int) -> list[tuple[str, str]]:
        """``(id, status)`` of the ``limit`` most recently finished or cancelled tables."""
        return [(r["id"], r["status"]) for r in await self._all(q.SELECT_CLOSED, (limit,))]

    async def table(self, table_id: str) -> dict[str, Any] | None:
        return await self._one(q.SELECT_TABLE, (table_id,))

    async def seats(self, table_id: str) -> list[dict[str, Any]]:
        return await self._all(q.SELECT_SEATS, (table_id,))

    async def saved_state(self, row: dict[str, Any],
                          later: Sequence[dict[str, Any]] | None = None) -> dict[str, Any] | None:
        """A table row's state: its snapshot plus the actions saved after it (:func:`replayed`);
        ``later``: those actions when already read (:meth:`later_actions`).

        :raises ValueError: the snapshot is not a JSON object, or an action is missing."""
        snapshot = snapshot_of(row)
        if snapshot is None:
            return None
        if later is None:
            later = await self._all(q.SELECT_ACTIONS_AFTER, (row["id"], len(snapshot.get("log") or [])))
        return replayed(snapshot, later)

    async def later_actions(self, after: dict[str, int]) -> dict[str, list[dict[str, Any]]]:
        """The actions of each table ``id`` saved after revision ``after[id]`` (its snapshot's
        length), in one query: ``{id: rows in order}`` (restore)."""
        out: dict[str, list[dict[str, Any]]] = {}
        if not after:
            return out
        ids, lengths = list(after), [int(n) for n in after.values()]
        params = (json.dumps(list(zip(ids, lengths, strict=True))),) if self.dialect == "sqlite" else (ids, lengths)
        for r in await self._all(self.sql(q.SELECT_LATER), params):
            out.setdefault(r["table_id"], []).append(r)
        return out

    async def actions(self, table_id: str) -> list[dict[str, Any]]:
        return await self._all(q.SELECT_ACTIONS, (table_id,))

    async def results(self, table_id: str) -> list[dict[str, Any]]:
        return await self._all(q.SELECT_RESULTS, (table_id,))

    # -- results and ratings -----------------------------------------------------------------

    async def rating(self, guild_id: int, game: str, player_key: str) -> Rating | None:
        row = await self._one(q.SELECT_RATING, (guild_id, game, player_key))
        return q.rating_of(row) if row else None

    async def record_result(self, table_id: str, guild_id: int, game: str, status: str,
                            results: Sequence[dict[str, Any]], ratings: Sequence[Rating]) -> None:
        """:func:`bot.storage.queries.write_result` in a transaction of its own."""
        async with self.transaction() as conn:
            await q.write_result(conn, table_id, guild_id, game, status, results, ratings)

    async def top(self, guild_id: int, game: str, *, humans: bool = True, limit: int = 10) -> list[Rating]:
        return [q.rating_of(r) for r in await self._all(q.TOP, (guild_id, game, bool(humans), limit))]

    async def stats(self, guild_id: int, user_id: int) -> list[tuple[str, Rating]]:
        return [(r["game"], q.rating_of(r)) for r in await self._all(q.STATS, (guild_id, user_id))]

    async def probe_write(self) -> None:
        """One small write that must reach the disk (``/healthz`` while writes are failing: tells
        when they work again). :raises: the write's error."""
        async with self.transaction() as conn:
            await conn.run(q.UPSERT_PROBE, (1,))

    # -- guild settings ----------------------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> tuple[str | None, int | None]:
        row = await self._one(q.SELECT_GUILD, (guild_id,))
        return (row["locale"], row["turn_timer"]) if row else (None, None)

    async def all_guild_settings(self) -> dict[int, tuple[str | None, int | None]]:
        return {r["guild_id"]: (r["locale"], r["turn_timer"]) for r in await self._all(q.SELECT_GUILDS)}

    async def set_guild_settings(self, guild_id: int, *, locale: str | None = None,
                                 turn_timer: int | None = None) -> None:
        async with self.transaction() as conn:
            await conn.run(q.UPSERT_GUILD, (guild_id, locale, turn_timer))

    async def hints(self, guild_id: int) -> bool:
        """Whether the server offers the expert's hints (default on)."""
        row = await self._one(q.SELECT_HINTS, (guild_id,))
        return row is None or row["hints"] is None or bool(row["hints"])

    async def set_hints(self, guild_id: int, on: bool) -> None:
        async with self.transaction() as conn:
            await conn.run(q.UPSERT_HINTS, (guild_id, int(on)))

    # -- after the match: history ---------------------------------------------------

    async def history(self, guild_id: int, user_id: int, game: str | None = None, *, limit: int = 10,
                      offset: int = 0) -> tuple[list[dict[str, Any]], int]:
        """A member's finished matches in a server, newest first: ``(rows, total)``; each row is the
        member's result line with ``players``, every seat's result line of that match."""
        params = (user_id, guild_id, game, game)
        rows = await self._all(self.sql(q.HISTORY), (*params, limit, offset))
        found = await self._one(q.HISTORY_COUNT, params)
        for row in rows:
            row["players"] = await self.results(row["table_id"])
        return rows, int(next(iter(found.values()))) if found else 0
