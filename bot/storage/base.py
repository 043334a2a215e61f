"""What both storage backends share: the connection interface, the migrations, the ``Database`` API.

A backend provides a :class:`Conn` (the five calls every SQL call site uses, plus a lock) and a
:class:`Database` subclass with ``transaction()`` (one unit of writes, committed before its block
exits), ``_all()`` (a read of committed data), ``migrate()``, ``version()`` and ``close()``; the
methods the bot calls (tables, actions, results, ratings, settings) are written once here.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Awaitable, Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar, Protocol

from bot.storage.errors import WriteHealth
from bot.storage.lockfile import StartupError

MIGRATION_NAME = re.compile(r"^(\d{4})_[\w-]+\.sql$")
DIALECTS = ("sqlite", "postgres")


class Conn(Protocol):
    """A connection inside a transaction (or a read), whatever the backend. Statements use ``?``
    placeholders (:mod:`bot.storage.queries`)."""

    dialect: str

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Execute a statement; returns how many rows it changed."""
        ...

    async def run_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """One statement over many parameter rows."""
        ...

    async def run_batch(self, steps: Iterable[tuple[str, Iterable[Sequence[Any]]]], *, hold: bool = False) -> None:
        """Each statement over its parameter rows, in order: on SQLite one round trip to the
        database thread for all (a statement without rows is skipped). ``hold``: nothing waits for
        them but the transaction's end, so SQLite may send them with the block's next statement or
        its ``COMMIT`` (their error then comes from there, still failing the block)."""
        ...

    async def scalar(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """The first column of the first row (``None`` when there is none)."""
        ...

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        ...

    async def lock(self, key: str) -> None:
        """Hold ``key`` until the transaction ends: another transaction locking it waits."""
        ...

    async def snapshot(self) -> None:
        """Every later read of this transaction sees the same committed data (call it first)."""
        ...


@dataclass
class Rating:
    """A player's rating row for one server and game."""

    player_key: str
    user_id: int | None
    name: str
    mu: float
    sigma: float
    matches: int = 0
    wins: int = 0
    points: float = 0.0

    @property
    def ordinal(self) -> float:
        """The conservative skill estimate shown on leaderboards (mu - 3 sigma)."""
        return self.mu - 3 * self.sigma


def migrations(dialect: str = "sqlite") -> list[tuple[int, str]]:
    """Every migration ``(number, sql)`` shipped in ``bot/migrations/<dialect>``, in order.

    :raises RuntimeError: none found, or not numbered 1..n."""
    found = []
    folder = resources.files("bot").joinpath("migrations").joinpath(dialect)
    try:
        for entry in folder.iterdir():
            match = MIGRATION_NAME.match(entry.name)
            if match:
                found.append((int(match.group(1)), entry.read_text(encoding="utf-8")))
    except OSError as exc:
        raise RuntimeError(f"cannot read the migrations in {folder}: {exc.strerror or exc} "
                           "(broken installation)") from exc
    found.sort()
    if not found:
        raise RuntimeError(f"no migrations found in {folder} (broken installation)")
    if [n for n, _ in found] != list(range(1, len(found) + 1)):
        raise RuntimeError(f"migrations are not numbered 1..n: {[n for n, _ in found]}")
    return found


def statements(sql: str) -> list[str]:
    """A migration's statements (split on ``;``), comments-only pieces left out."""
    return [s for s in (part.strip() for part in sql.split(";"))
            if s and not all(line.strip().startswith("--") for line in s.splitlines())]


def is_postgres(target: str | Path | None) -> bool:
    """Whether ``target`` is a PostgreSQL URL (``DATABASE_URL``) rather than an SQLite file."""
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


async def apply_migrations(path: object, dialect: str, current: int, apply: Callable[[int, str], Awaitable[None]],
                           failures: tuple[type[BaseException], ...], cause: Callable[[BaseException], str]) -> int:
    """The migration loop both backends share: ``apply(number, sql)`` runs each migration newer
    than ``current`` (in its own transaction, recording its number); returns the new version.

    :raises StartupError: the database is newer than this code, or a migration fails (one of
        ``failures``; it is rolled back, the database stays at the version before it)."""
    known = migrations(dialect)
    if current > known[-1][0]:
        raise StartupError(f"database {path}: schema version {current} is newer than this Tapis "
                           f"(knows up to {known[-1][0]}); update Tapis")
    for number, sql in known:
        if number <= current:
            continue
        try:
            await apply(number, sql)
        except failures as exc:
            raise StartupError(f"database {path}: migration {number:04d} failed: {cause(exc)}") from exc
        current = number
    return current


def replayed(snapshot: dict[str, Any], later: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """The saved state: its last snapshot with the actions saved after it (rows with ``rev`` and
    ``action``, in order) appended to its log; ``Game.load`` replays it.

    :raises ValueError: a revision is missing between the snapshot and a later action."""
    log = list(snapshot.get("log") or [])
    for row in later:
        if row["rev"] <= len(log):
            continue
        if row["rev"] != len(log) + 1:
            raise ValueError(f"action {len(log) + 1} is missing")
        log.append(row["action"])
    return {**snapshot, "log": log}


class Backend:
    """The part each backend implements (see the module)."""

    dialect: ClassVar[str]
    path: str  # what start-up errors and logs name: the file, or the URL without its password

    def transaction(self) -> AbstractAsyncContextManager[Conn]:
        raise NotImplementedError

    @functools.cached_property
    def health(self) -> WriteHealth:
        """Whether writes work (each write transaction's end reports to it; ``/healthz`` reads it)."""
        return WriteHealth(logging.getLogger("bot.storage"), self.path)

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        raise NotImplementedError

    async def version(self) -> int:
        raise NotImplementedError

    async def migrate(self) -> int:
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError

    async def checkpoint(self) -> bool:
        """Make erased data leave the files the backend keeps beside its tables (SQLite's log)."""
        return True

    async def _one(self, sql: str, params: Sequence[Any] = ()) -> dict[str, Any] | None:
        rows = await self._all(sql, params)
        return rows[0] if rows else None

    def sql(self, variants: dict[str, str]) -> str:
        """This backend's text of a statement that differs by dialect."""
        return variants[self.dialect]
