"""Shards: which servers a process serves, and (with PostgreSQL) who owns each shard.

Discord puts a server on shard ``(guild_id >> 22) % shard_count``; a bot past 2,500 servers must
shard, and several processes can split the shards (``SHARD_COUNT``, ``SHARD_IDS``). A process
restores and serves only the tables of the servers on its shards (:class:`ShardSet`).

Ownership: with PostgreSQL (``DATABASE_URL=postgresql://...``) each shard is owned through a
session-level advisory lock, ``pg_try_advisory_lock(TAPIS_KEY, shard_id)`` (:mod:`bot.storage.shard_locks`), held on one dedicated
connection for the process's lifetime (:class:`ShardLease`). A second process started for an owned
shard cannot start; when the owner dies, its connection closes, PostgreSQL releases its locks, and
the next process started for those shards takes them over (and restores their tables). If the lock
connection is lost while running, :attr:`ShardLease.lost` is set and the process must stop serving.

With SQLite the lock file (:mod:`bot.storage.lockfile`) allows one process per database file: sharding
across processes needs PostgreSQL.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass
from typing import Any, Protocol

from bot.storage import shard_locks
from bot.storage.base import is_postgres
from bot.storage.lockfile import StartupError

log = logging.getLogger(__name__)
#: seconds between two checks that the lock connection still holds every shard
HEARTBEAT = 5.0


class ShardTaken(StartupError):
    """Another process holds one of the shards this process was started for."""


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard of a server: Discord's formula ``(guild_id >> 22) % shard_count``."""
    return (guild_id >> 22) % shard_count


def parse_ids(text: str, shard_count: int) -> tuple[int, ...]:
    """``"0-3"`` or ``"0,2,5-7"`` -> the shard ids, sorted, each in ``0 .. shard_count - 1``.

    :raises ValueError: a one-line reason (not a number, a range backwards or out of bounds, a
        shard listed twice, nothing listed)."""
    ids: list[int] = []
    for part in text.split(","):
        part = part.strip()
        first, dash, last = part.partition("-")
        if not first.strip().isdigit() or (dash and not last.strip().isdigit()):
            raise ValueError(f"SHARD_IDS must list shard numbers and ranges such as 0-3 or 0,2,5-7, not {text!r}")
        low, high = int(first), int(last) if dash else int(first)
        if low > high:
            raise ValueError(f"SHARD_IDS: the range {part} goes backwards")
        if high >= shard_count:
            raise ValueError(f"SHARD_IDS: shard {high} does not exist with SHARD_COUNT={shard_count} "
                             f"(shards are 0 to {shard_count - 1})")
        for shard in range(low, high + 1):
            if shard in ids:
                raise ValueError(f"SHARD_IDS: shard {shard} is listed twice in {text!r}")
            ids.append(shard)
    return tuple(sorted(ids))


def describe(ids: tuple[int, ...] | list[int]) -> str:
    """``(2,)`` -> ``"shard 2"``; ``(0, 1, 2)`` -> ``"shards 0, 1, 2"``."""
    return f"shard {ids[0]}" if len(ids) == 1 else "shards " + ", ".join(map(str, ids))


@dataclass(frozen=True)
class ShardSet:
    """The shards a process serves: ``ids`` among ``count``."""

    count: int
    ids: tuple[int, ...]

    @classmethod
    def of(cls, count: int, ids: tuple[int, ...] | list[int] | None = None) -> ShardSet:
        """``ids`` of ``count`` shards (``None``: every shard)."""
        return cls(count, tuple(sorted(ids)) if ids is not None else tuple(range(count)))

    @property
    def everything(self) -> bool:
        """Whether this process serves every shard."""
        return len(self.ids) == self.count

    def serves(self, guild_id: int) -> bool:
        """Whether the server ``guild_id`` is on one of these shards."""
        return self.everything or shard_of(guild_id, self.count) in self.ids

    def __str__(self) -> str:
        return f"{describe(self.ids)} of {self.count}"


class Serving:
    """The shards this process serves, once settled (:meth:`settle`: when Discord has told the
    count); until then every server. One object, given to the table service and the Discord client
    by the composition root, so both read the same answer."""

    def __init__(self) -> None:
        self.shards: ShardSet | None = None

    def settle(self, shards: ShardSet) -> None:
        self.shards = shards

    def serves(self, guild_id: int | None) -> bool:
        """Whether the server ``guild_id`` is served here (direct messages, ``None``: yes)."""
        return guild_id is None or self.shards is None or self.shards.serves(guild_id)


class ShardLease:
    """Advisory locks on ``shard_ids`` held on one dedicated asyncpg connection.

    ``lost`` is set when that connection closes or stops answering (or no longer holds every
    lock): from then on another process may own the shards, so this one must stop serving."""

    def __init__(self, conn: Any, shard_ids: tuple[int, ...], heartbeat: float) -> None:
        self.conn = conn
        self.shard_ids = shard_ids
        self.lost = asyncio.Event()
        self.reason = ""
        self._closing = False
        conn.add_termination_listener(lambda _conn: self._lose("the connection closed"))
        self._watch = asyncio.get_running_loop().create_task(self._heartbeat(heartbeat))

    @classmethod
    async def acquire(cls, dsn: str, shard_ids: tuple[int, ...] | list[int], *,
                      heartbeat: float = HEARTBEAT) -> ShardLease:
        """Take every shard of ``shard_ids``, or none.

        :raises ShardTaken: another process holds some of them (named in the message).
        :raises StartupError: PostgreSQL cannot be reached."""
        import asyncpg

        ids = tuple(sorted(shard_ids))
        try:
            conn = await asyncpg.connect(dsn, timeout=30, server_settings={"application_name": "tapis shard lease"})
        except (TimeoutError, OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise StartupError(f"cannot reach PostgreSQL to own {describe(ids)}: {exc}") from exc
        try:
            taken = [shard for shard in ids
                     if not await shard_locks.try_lock(conn, shard)]
        except BaseException:
            await conn.close()
            raise
        if taken:
            await conn.close()  # gives back the shards taken here
            verb = "is" if len(taken) == 1 else "are"
            raise ShardTaken(f"{describe(taken)} {verb} served by another process")
        log.info("this process owns %s", describe(ids))
        return cls(conn, ids, heartbeat)

    def why(self) -> str:
        """Why this process stopped serving (once ``lost`` is set), in one line."""
        return f"the PostgreSQL connection owning {describe(self.shard_ids)} was lost ({self.reason})"

    async def held(self) -> tuple[int, ...]:
        """The shards whose lock this connection holds now (asked to PostgreSQL)."""
        return await shard_locks.held(self.conn)

    async def _heartbeat(self, every: float) -> None:
        while not self.lost.is_set():
            await asyncio.sleep(every)
            try:
                held = await asyncio.wait_for(self.held(), timeout=max(every, 1.0))
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # closed, broken or silent connection
                self._lose(f"the connection stopped answering ({type(exc).__name__})")
                return
            if held != self.shard_ids:
                self._lose(f"it holds {describe(held) if held else 'no shard'} instead of {describe(self.shard_ids)}")
                return

    def _lose(self, reason: str) -> None:
        if self._closing or self.lost.is_set():
            return
        self.reason = reason
        log.critical("the PostgreSQL connection owning %s is lost (%s): this process stops serving them",
                     describe(self.shard_ids), reason)
        self.lost.set()

    async def release(self) -> None:
        """Give the shards back (closing the connection releases every lock)."""
        self._closing = True
        self._watch.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._watch
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.conn.close(), timeout=5)
        if not self.conn.is_closed():
            self.conn.terminate()

    async def __aenter__(self) -> ShardLease:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.release()


class ShardSettings(Protocol):
    """The settings :func:`claim` reads (:class:`bot.service.settings.Settings`)."""

    @property
    def shard_count(self) -> int | None: ...

    @property
    def shard_ids(self) -> tuple[int, ...] | None: ...

    @property
    def database_url(self) -> str | None: ...


async def claim(settings: ShardSettings) -> ShardLease | None:
    """Own this process's shards first thing, when they are known (``SHARD_COUNT`` set) and the
    database is PostgreSQL; ``None`` otherwise (the bot owns them once Discord gave the count).

    :raises ShardTaken: another process serves one of them."""
    if settings.shard_count is None or not is_postgres(settings.database_url):
        if settings.shard_ids is not None:
            log.warning("SHARD_IDS without PostgreSQL: the other shards' servers need their own process, and one "
                        "SQLite database serves one process (DATABASE_URL=postgresql://... to split shards)")
        return None
    assert settings.database_url is not None
    return await ShardLease.acquire(settings.database_url, ShardSet.of(settings.shard_count, settings.shard_ids).ids)
