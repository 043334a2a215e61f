"""A throwaway PostgreSQL server for tests and benchmarks: ``initdb`` + ``pg_ctl`` in a temporary folder.

It uses the machine's own PostgreSQL (Debian's ``postgresql`` package, which ``.ci/run`` installs when
it is missing), listens on a free local port and is removed when stopped. PostgreSQL refuses to run
as root, so under root the server runs as the ``postgres`` system user the package creates.

    with PostgresServer() as server:
        dsn = server.dsn   # postgresql://tapis@127.0.0.1:PORT/tapis
"""

from __future__ import annotations

import asyncio
import glob
import os
import shutil
import socket
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import TracebackType


class PostgresUnavailable(RuntimeError):
    """No PostgreSQL binaries on this machine."""


def binaries() -> Path:
    """The folder holding ``initdb`` and ``pg_ctl`` (PATH first, then Debian's versioned folders)."""
    found = shutil.which("pg_ctl")
    if found:
        return Path(os.path.realpath(found)).parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
                      key=lambda p: int(Path(p).parent.parent.name) if Path(p).parent.parent.name.isdigit() else 0)
    if not versions:
        raise PostgresUnavailable("PostgreSQL is not installed (apt-get install postgresql)")
    return Path(versions[-1]).parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def execute(url: str, sql: str) -> None:
    """Run ``sql`` on the database at ``url`` and wait for it (creating and dropping databases...).

    It runs in a thread with an event loop of its own, so it may be called from any code, a running
    event loop's included."""
    import asyncpg  # only the PostgreSQL paths need it

    async def go() -> None:
        conn = await asyncpg.connect(url)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, go()).result()


class PostgresServer:
    """One server in its own data folder; ``dsn`` names a database ``tapis`` owned by user ``tapis``."""

    def __init__(self, *, user: str = "tapis", database: str = "tapis") -> None:
        self.bin = binaries()
        self.user = user
        self.database = database
        self.port = free_port()
        self.root = Path(tempfile.mkdtemp(prefix="tapis-pg-"))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self._as_postgres = os.geteuid() == 0

    @property
    def dsn(self) -> str:
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/{self.database}"

    def _run(self, *args: str) -> None:
        command = [str(self.bin / args[0]), *args[1:]]
        if self._as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        if done.returncode:
            raise RuntimeError(f"{' '.join(args[:2])} failed: {done.stderr.strip() or done.stdout.strip()}")

    def start(self) -> PostgresServer:
        if self._as_postgres:
            os.chmod(self.root, 0o755)
            shutil.chown(self.root, "postgres", "postgres")
        self._run("initdb", "-D", str(self.data), "-U", self.user, "-A", "trust", "-E", "UTF8",
                  "--no-instructions")
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-w", "-t", "60", "-o",
                  f"-p {self.port} -h 127.0.0.1 -k {self.root} -c max_connections=200", "start")
        self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", self.user, self.database)
        return self

    def stop(self) -> None:
        try:
            if (self.data / "postmaster.pid").exists():
                self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self) -> PostgresServer:
        return self.start()

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.stop()
