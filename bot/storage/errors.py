"""What a database error means, whatever the backend: one short cause a log line, a
member's answer and ``/healthz`` can name, and whether a failed commit may have counted.

* :func:`cause`: ``"disk full"``, ``"read-only"``, ``"corrupt"``, ``"I/O error"``, ``"connection
  lost"`` or ``"conflict"`` (a row already saved: the process's memory is behind the database), or
  ``None`` for anything else (a bug: logged with its traceback as before);
* :func:`uncertain`: the commit's fate is unknown, or memory is behind the database (a lost
  connection, a unique violation): the table must be read again before its next move;
* :class:`LogOnce`: one log line per cause and minute, however many clicks fail the same way.
"""

from __future__ import annotations

import logging
import sqlite3
import time

try:
    import asyncpg
except ImportError:  # pragma: no cover - PostgreSQL support is optional
    asyncpg = None

CAUSES = ("disk full", "read-only", "corrupt", "I/O error", "connection lost", "conflict")
#: PostgreSQL SQLSTATE classes and codes (errcodes-appendix) -> cause
PG_STATES = {"53100": "disk full", "25006": "read-only", "XX001": "corrupt", "XX002": "corrupt",
             "58030": "I/O error", "23505": "conflict", "57P01": "connection lost", "57P02": "connection lost",
             "57P03": "connection lost", "08000": "connection lost", "08003": "connection lost",
             "08006": "connection lost"}
SQLITE_TEXTS = (("database or disk is full", "disk full"), ("readonly database", "read-only"),
                ("disk image is malformed", "corrupt"), ("file is not a database", "corrupt"),
                ("disk I/O error", "I/O error"), ("UNIQUE constraint failed", "conflict"))


def cause(exc: BaseException) -> str | None:
    """The storage cause of ``exc`` (see the module), or ``None`` when it is not one."""
    if isinstance(exc, sqlite3.Error):
        text = str(exc)
        return next((why for needle, why in SQLITE_TEXTS if needle in text), None)
    if asyncpg is not None:
        if isinstance(exc, asyncpg.PostgresError):
            state = getattr(exc, "sqlstate", None) or ""
            return PG_STATES.get(state) or ("connection lost" if state.startswith("08") else None)
        if isinstance(exc, asyncpg.InterfaceError):  # a closed connection, a connection in a bad state
            return "connection lost"
    if isinstance(exc, ConnectionError | TimeoutError):
        return "connection lost"
    if isinstance(exc, OSError):
        return "disk full" if exc.errno == 28 else "I/O error"
    return None


def uncertain(exc: BaseException) -> bool:
    """Whether, after ``exc`` on a write, the table in memory may differ from the database: the
    connection was lost (the ``COMMIT`` may have been applied with its answer lost) or a row it
    wrote already existed (memory was already behind)."""
    return cause(exc) in ("connection lost", "conflict", "I/O error")


def describe(exc: BaseException) -> str:
    """One line: the cause and the error's own first line (``disk full: database or disk is full``)."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    why = cause(exc)
    return f"{why}: {text[:160]}" if why else f"{type(exc).__name__}: {text[:160]}"


class LogOnce:
    """Log a failure once per key and ``every`` seconds; the lines left out are counted in the next."""

    def __init__(self, logger: logging.Logger, every: float = 60.0) -> None:
        self.logger = logger
        self.every = every
        self._last: dict[str, float] = {}
        self._quiet: dict[str, int] = {}

    def __call__(self, level: int, key: str, message: str, *args: object) -> bool:
        """Log ``message % args`` unless ``key`` was logged less than ``every`` seconds ago;
        ``True`` when it was logged."""
        now = time.perf_counter()
        last = self._last.get(key)
        if last is not None and now - last < self.every:
            self._quiet[key] = self._quiet.get(key, 0) + 1
            return False
        self._last[key] = now
        quiet = self._quiet.pop(key, 0)
        if quiet:
            message += f" ({quiet} more like it in the last {self.every:g} s)"
        self.logger.log(level, message, *args)
        return True


class WriteHealth:
    """Whether the database takes writes: set by each write transaction's end (``/healthz``).

    A write failing for the disk's sake (full, read-only, corrupt, I/O error) marks the database
    failing (one log line per cause and minute, naming it); the next write that commits clears it
    (one line too). A lost connection or a conflict is logged the same way but marks nothing."""

    def __init__(self, logger: logging.Logger, name: str) -> None:
        self.name = name
        self.failure: str | None = None  # the last failure's one-line description
        self.failed_at = 0.0  # time.perf_counter() of the last failure
        self.opening = False  # while the database opens, its failures are the start-up's one line
        self.logger = logger
        self._log = LogOnce(logger)

    def ok(self) -> None:
        if self.failure is not None:
            self.failure = None
            self.logger.warning("database %s: writes work again", self.name)

    def failed(self, exc: BaseException) -> None:
        why = cause(exc)
        if why is None or self.opening:  # not the storage's (a constraint, a bug): the caller's traceback says it
            return
        if why in ("conflict", "connection lost"):  # the database takes writes: a table's memory was
            # behind it, or one connection dropped (the table is read back; /healthz's read says when
            # the server itself is unreachable)
            self._log(logging.WARNING, why, "database %s: a write failed: %s", self.name, describe(exc))
            return
        self.failure = describe(exc)
        self.failed_at = time.perf_counter()
        self._log(logging.ERROR, why, "database %s: writes fail: %s", self.name, self.failure)
