"""One bot process per database: an exclusive ``flock`` on ``<database>.lock``, holding the PID.

Two processes on one SQLite file would both run the same tables' computer players and timers and
break each other's writes, so the second one must stop at once, naming the first. The lock is
taken once per process and file (opening the same database twice in one process shares it); the
operating system releases it when the process ends, even on ``kill -9``. The lock file itself is
left in place: deleting it could let two processes lock two different files.

What the bot creates is private to its user: the folder 0700, the lock file and the database 0600
(:func:`create_private`); files and folders that already exist keep their modes. A lock file
that cannot be written (a full disk: ``ENOSPC``) stops the start with one line too.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no flock, one process is the admin's business
    fcntl = None  # type: ignore[assignment]  # no module: checked before each use


class StartupError(RuntimeError):
    """Tapis cannot start: the text is one line naming the file and the cause."""


class DatabaseInUse(StartupError):
    """Another process holds the database's lock file."""


@dataclass
class _Held:
    fd: int
    count: int


_HELD: dict[Path, _Held] = {}


def lock_path(database: Path) -> Path:
    """``data/tapis.sqlite3`` -> ``data/tapis.sqlite3.lock``."""
    return database.with_name(database.name + ".lock")


def acquire(database: Path) -> Path:
    """Lock ``database`` for this process (again: counted); returns the lock file's path.

    :raises DatabaseInUse: another process holds it. :raises StartupError: the folder or the
        lock file cannot be created (unwritable folder...).
    """
    try:
        database.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as exc:
        raise StartupError(f"database {database}: cannot create its folder {database.parent}: "
                           f"{exc.strerror or exc}") from exc
    path = lock_path(database).resolve()
    held = _HELD.get(path)
    if held is not None:
        held.count += 1
        return path
    if fcntl is None:  # pragma: no cover
        return path
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError as exc:
        raise StartupError(f"database {database}: cannot create the lock file {path}: "
                           f"{exc.strerror or exc}") from exc
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        holder = _holder(fd)
        os.close(fd)
        raise DatabaseInUse(f"database {database} is already in use by another Tapis process "
                            f"(PID {holder}, lock file {path}); stop it first, or give this one its own "
                            f"--database") from None
    try:
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
    except OSError as exc:  # a full disk (ENOSPC), a quota...
        os.close(fd)
        raise StartupError(f"database {database}: cannot write the lock file {path}: "
                           f"{exc.strerror or exc}") from None
    _HELD[path] = _Held(fd, 1)
    return path


def create_private(path: Path) -> None:
    """Create the file ``path`` readable and writable by this user only (0600), if it is missing.

    :raises StartupError: it cannot be created (full disk, unwritable folder...)."""
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return
    except OSError as exc:
        raise StartupError(f"database {path}: cannot create it: {exc.strerror or exc}") from None
    os.close(fd)


def release(path: Path) -> None:
    """Give back one :func:`acquire` of the lock file ``path``; the last one unlocks it."""
    held = _HELD.get(path)
    if held is None:
        return
    held.count -= 1
    if held.count > 0:
        return
    del _HELD[path]
    try:
        os.ftruncate(held.fd, 0)
    except OSError:
        pass
    os.close(held.fd)  # closing the descriptor releases the flock


def _holder(fd: int) -> str:
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        text = ""
    return text if text.isdigit() else "unknown"
