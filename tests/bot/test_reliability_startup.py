"""With real processes (``python -m bot``): a database that cannot be
used stops the start at once with one line naming the file and the cause, in token mode (a fake
token: the failure comes before any login) and in local mode; and one process per database."""

from __future__ import annotations

import http.server
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from bot.storage import migrations
from tools.pgserver import PostgresServer, execute, free_port

ROOT = Path(__file__).resolve().parents[2]
NOBODY = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
QUICK = 30  # seconds: a failing start must end well within this (it used to hang forever)


def _env(token: str | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_PATH", "DATABASE_URL")}
    env["DISCORD_TOKEN"] = token or ""
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def bot_command(mode: str, database: Path) -> tuple[list[str], dict[str, str], Path]:
    """The command line, environment and file of a start in ``mode`` ("token" or "local")."""
    if mode == "token":
        return [sys.executable, "-m", "bot", "--database", str(database)], _env("fake-token"), database
    local = database.with_name(f"{database.stem}-local{database.suffix}")
    return [sys.executable, "-m", "bot", "--local", "--database", str(database)], _env(None), local


def start_fails(mode: str, database: Path, *, cwd: Path = ROOT, nobody: bool = False) -> str:
    """Run the bot on ``database``; it must exit with status 1 at once, printing exactly one line
    (returned) that names the file it could not use."""
    command, env, file = bot_command(mode, database)
    if nobody and os.geteuid() == 0:
        command = NOBODY + command
    began = time.monotonic()
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=QUICK)
    assert time.monotonic() - began < QUICK
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 1, done.stderr
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert lines[0].startswith(f"Tapis cannot start: database {file}"), lines[0]
    return lines[0]


@pytest.fixture
def folder() -> Iterator[Path]:
    """A folder another user can reach (pytest's own temporary folders are private to root)."""
    path = Path(tempfile.mkdtemp(prefix="tapis-startup-"))
    path.chmod(0o755)
    try:
        yield path
    finally:
        for p in (path, *path.rglob("*")):
            if p.is_dir():
                p.chmod(0o755)
        shutil.rmtree(path, ignore_errors=True)


def make_database(path: Path, user_version: int | None = None) -> None:
    """A real Tapis database at ``path`` (made by a start of the bot's own code)."""
    code = ("import asyncio, sys\nfrom bot.storage import open_database\n"
            "async def main():\n    await (await open_database(sys.argv[1])).close()\nasyncio.run(main())")
    subprocess.run([sys.executable, "-c", code, str(path)], cwd=ROOT, check=True, timeout=QUICK)
    path.with_name(path.name + ".lock").unlink()  # left by that start, owned by its user
    if user_version is not None:
        with sqlite3.connect(path) as conn:
            conn.execute(f"PRAGMA user_version = {user_version}")


def can_drop_privileges() -> bool:
    if os.geteuid() != 0:
        return True
    if shutil.which("setpriv") is None:
        return False
    probe = subprocess.run([*NOBODY, sys.executable, "-c", "import bot.storage"], cwd=ROOT, capture_output=True,
                           timeout=QUICK)
    return probe.returncode == 0


needs_user = pytest.mark.skipif(not can_drop_privileges(), reason="cannot run the bot as an unprivileged user")
MODES = ("token", "local")


@pytest.mark.parametrize("mode", MODES)
def test_corrupt_file(folder: Path, mode: str) -> None:
    _, _, file = bot_command(mode, folder / "tapis.sqlite3")
    file.write_bytes(b"these are not the bytes of an SQLite database " * 100)
    assert "file is not a database" in start_fails(mode, folder / "tapis.sqlite3")


@needs_user
@pytest.mark.parametrize("mode", MODES)
def test_unwritable_folder(folder: Path, mode: str) -> None:
    locked = folder / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    line = start_fails(mode, locked / "tapis.sqlite3", nobody=True)
    assert "Permission denied" in line
    line = start_fails(mode, locked / "sub" / "tapis.sqlite3", nobody=True)
    assert "cannot create its folder" in line and "Permission denied" in line


@needs_user
@pytest.mark.parametrize("mode", MODES)
def test_read_only_file(folder: Path, mode: str) -> None:
    _, _, file = bot_command(mode, folder / "tapis.sqlite3")
    make_database(file)
    file.chmod(0o444)
    folder.chmod(0o777)  # the lock file can be made: only the database is read-only
    assert "read-only" in start_fails(mode, folder / "tapis.sqlite3", nobody=True)


@pytest.mark.parametrize("mode", MODES)
def test_database_newer_than_the_code(folder: Path, mode: str) -> None:
    _, _, file = bot_command(mode, folder / "tapis.sqlite3")
    make_database(file, user_version=99)
    assert "schema version 99 is newer than this Tapis" in start_fails(mode, folder / "tapis.sqlite3")


PASSWORD = "s3cret-pw"


def postgres_start_fails(url: str) -> str:
    """Run the bot (token mode) on the PostgreSQL database ``url``; it must exit with status 1 at once,
    printing one line (returned) that names the database without its password."""
    env = _env("fake-token")
    env["DATABASE_URL"] = url
    began = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "bot"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=QUICK)
    assert time.monotonic() - began < QUICK
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 1, done.stderr
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert PASSWORD not in done.stderr + done.stdout
    parts = urlsplit(url)
    shown = f"postgresql://{parts.username}@{parts.hostname}:{parts.port}{parts.path}"
    assert lines[0].startswith(f"Tapis cannot start: database {shown}: "), lines[0]
    return lines[0]


def test_postgres_unreachable_refused_or_missing(postgres_server: PostgresServer) -> None:
    port = free_port()  # nothing listens there
    assert "cannot connect" in postgres_start_fails(f"postgresql://tapis:{PASSWORD}@127.0.0.1:{port}/tapis")
    server = urlsplit(postgres_server.dsn)
    line = postgres_start_fails(f"postgresql://nobody:{PASSWORD}@{server.hostname}:{server.port}/tapis")
    assert 'role "nobody" does not exist' in line
    line = postgres_start_fails(f"postgresql://tapis:{PASSWORD}@{server.hostname}:{server.port}/nowhere")
    assert 'database "nowhere" does not exist' in line


@pytest.mark.parametrize(("url", "said"), [
    (f"postgresql://tapis:{PASSWORD}@127.0.0.1:70000/tapis", "not a readable URL (Port out of range 0-65535)"),
    (f"postgresql://tapis:{PASSWORD}@127.0.0.1:port/tapis", "not a readable URL (Port could not be cast"),
    (f"postgresql://tapis:{PASSWORD}@[::1/tapis", "not a readable URL (Invalid IPv6 URL)"),
    (f"postgres//tapis:{PASSWORD}@127.0.0.1/tapis", "must be a postgresql://user:password@host:port/database URL"),
    (f"mysql://tapis:{PASSWORD}@127.0.0.1/tapis", "URL, not mysql://..."),
])
@pytest.mark.parametrize("mode", MODES)
def test_malformed_database_url(folder: Path, mode: str, url: str, said: str) -> None:
    """A malformed ``DATABASE_URL`` is one line naming the cause (a port over 65535 was a 63-line
    traceback; a URL without ``postgresql://`` became an SQLite file of its name), the password
    never shown, nothing made in the working folder."""
    env = _env("fake-token" if mode == "token" else None)
    env["DATABASE_URL"] = url
    command = [sys.executable, "-m", "bot", *(["--local"] if mode == "local" else [])]
    done = subprocess.run(command, cwd=folder, env={**env, "PYTHONPATH": str(ROOT)}, capture_output=True,
                          text=True, timeout=QUICK)
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 1 and len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert lines[0].startswith("Tapis cannot start: DATABASE_URL") and said in lines[0], lines[0]
    assert PASSWORD not in done.stderr + done.stdout
    assert not list(folder.iterdir()), "no file made"


def test_postgres_database_newer_than_the_code(pg_url: str) -> None:
    execute(pg_url, "CREATE TABLE tapis_schema (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL DEFAULT '');"
                "INSERT INTO tapis_schema (version) VALUES (99)")
    url = pg_url.replace("postgresql://tapis@", f"postgresql://tapis:{PASSWORD}@")
    assert "schema version 99 is newer than this Tapis" in postgres_start_fails(url)


def copy_of_the_code(where: Path) -> Path:
    """A copy of ``bot/`` (to break its migrations) beside links to the other packages."""
    code = where / "code"
    code.mkdir()
    shutil.copytree(ROOT / "bot", code / "bot", ignore=shutil.ignore_patterns("__pycache__"))
    for package in ("games", "rendering", "tests"):
        (code / package).symlink_to(ROOT / package)
    return code


@pytest.mark.parametrize("mode", MODES)
def test_broken_migration(folder: Path, mode: str) -> None:
    code = copy_of_the_code(folder)
    shipped = len(migrations())  # the broken one comes after every shipped migration
    (code / "bot" / "migrations" / "sqlite" / f"{shipped + 1:04d}_broken.sql").write_text("CREATE TABLE broken (\n",
                                                                              encoding="utf-8")
    line = start_fails(mode, folder / "tapis.sqlite3", cwd=code)
    assert f"migration {shipped + 1:04d} failed" in line
    _, _, file = bot_command(mode, folder / "tapis.sqlite3")
    with sqlite3.connect(file) as conn:  # the migrations before it were applied, the broken one rolled back
        assert conn.execute("PRAGMA user_version").fetchone() == (shipped,)


@pytest.mark.parametrize("mode", MODES)
def test_missing_migrations(folder: Path, mode: str) -> None:
    code = copy_of_the_code(folder)
    shutil.rmtree(code / "bot" / "migrations")
    assert "migrations" in start_fails(mode, folder / "tapis.sqlite3", cwd=code)
    (code / "bot" / "migrations" / "sqlite").mkdir(parents=True)
    assert "no migrations found" in start_fails(mode, folder / "tapis.sqlite3", cwd=code)


def start_local(database: Path) -> subprocess.Popen[str]:
    """A bot in local mode on ``database``, once it is serving."""
    command, env, _ = bot_command("local", database)
    proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()  # blocks until the first line (or the end)
    assert "Tapis local mode: open http://127.0.0.1" in line, line
    return proc


def test_one_process_per_database(folder: Path) -> None:
    """A second bot on the same file exits at once naming the first one's PID, in either mode;
    after a kill -9 of the first, the lock is free again."""
    database = folder / "tapis.sqlite3"
    first = start_local(database)
    try:
        local_file = bot_command("local", database)[2]
        for mode, target in (("local", database), ("token", local_file)):
            line = start_fails(mode, target)
            assert f"already in use by another Tapis process (PID {first.pid}" in line
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait(QUICK)
    again = start_local(database)
    again.terminate()
    assert again.wait(QUICK) == 0


# -- a full disk, corrupt pages, Discord unreachable or refusing the token -------------

def can_mount() -> bool:
    """Whether a private tmpfs can be mounted (root, or a user namespace) for the full-disk test."""
    if shutil.which("unshare") is None:
        return False
    probe = subprocess.run(["unshare", "--mount", "--map-root-user", "sh", "-c",
                            "mount -t tmpfs -o size=64k tmpfs /mnt"], capture_output=True, timeout=QUICK)
    return probe.returncode == 0


@pytest.mark.skipif(not can_mount(), reason="cannot mount a small tmpfs (unshare)")
def test_full_disk_one_line(folder: Path) -> None:
    """A 100% full disk: the lock file cannot be written (``ENOSPC``: it was a 28-line traceback);
    with one page left, the lock file is written but a database made before the disk filled cannot
    grow its write-ahead log. One line each."""
    script = """set -e
mount -t tmpfs -o size=1m tmpfs "$1"  # room to make the database whole (its WAL checkpointed)
if [ "$2" = made ]; then "$3" -c "$MAKE" "$1/tapis.sqlite3"; dd if=/dev/zero of="$1/spare" bs=4k count=1 2>/dev/null; fi
dd if=/dev/zero of="$1/fill" bs=4k >/dev/null 2>&1 || true
dd if=/dev/zero of="$1/fill2" bs=1 >/dev/null 2>&1 || true
rm -f "$1/spare"  # room for the lock file's page, not for the write-ahead log
set +e
"$3" -m bot --database "$1/tapis.sqlite3"
"""
    make = ("import asyncio, sys\nfrom bot.storage import open_database\n"
            "async def main():\n    await (await open_database(sys.argv[1])).close()\nasyncio.run(main())")
    lines = []
    for case in ("empty", "made"):
        disk = folder / case
        disk.mkdir()
        env = {**_env("fake-token"), "MAKE": make}
        done = subprocess.run(["unshare", "--mount", "--map-root-user", "sh", "-c", script, "sh", str(disk), case,
                               sys.executable], cwd=ROOT, env=env, capture_output=True, text=True, timeout=QUICK)
        out = done.stderr.strip().splitlines()
        assert done.returncode == 1, done.stderr
        assert len(out) == 1 and "Traceback" not in done.stderr, done.stderr
        assert out[0].startswith(f"Tapis cannot start: database {disk / 'tapis.sqlite3'}"), out[0]
        lines.append(out[0])
    assert "cannot write the lock file" in lines[0] and "No space left on device" in lines[0], lines[0]
    assert "disk" in lines[1], lines[1]


@pytest.mark.parametrize("mode", MODES)
def test_corrupt_pages(folder: Path, mode: str) -> None:
    """A real database whose data pages are garbage passes SQLite's open; it used to fail the
    restore with a 54-line traceback. ``PRAGMA quick_check`` at open: one line."""
    _, _, file = bot_command(mode, folder / "tapis.sqlite3")
    make_database(file)
    with sqlite3.connect(file) as conn:  # the schema stays readable: SQLite's own open passes
        page = int(conn.execute("PRAGMA page_size").fetchone()[0])
        roots = [int(r) for (r,) in conn.execute("SELECT rootpage FROM sqlite_master WHERE rootpage > 1")]
    conn.close()
    with file.open("r+b") as f:
        for number in roots:
            f.seek((number - 1) * page)
            f.write(b"\xa5" * page)
    assert "the file is corrupt (quick_check: " in start_fails(mode, folder / "tapis.sqlite3")


class Refusing(http.server.BaseHTTPRequestHandler):
    """Discord's answer to a bad token: 401 on every request."""

    def do_GET(self) -> None:
        body = b'{"message": "401: Unauthorized", "code": 0}'
        self.send_response(401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


def login_fails(folder: Path, base: str) -> str:
    """Start the bot (token mode) against a Discord API at ``base``; it must exit 1 with one line."""
    code = ("import sys, discord.http\ndiscord.http.Route.BASE = sys.argv[1]\nfrom bot.__main__ import main\n"
            "sys.exit(main(sys.argv[2:]))")
    done = subprocess.run([sys.executable, "-c", code, base, "--database", str(folder / "tapis.sqlite3")], cwd=ROOT,
                          env=_env("fake-token"), capture_output=True, text=True, timeout=QUICK)
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 1, done.stderr
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert lines[0].startswith("Tapis cannot start: "), lines[0]
    return lines[0]


def test_discord_unreachable_or_token_refused(folder: Path) -> None:
    """Discord unreachable at login (a 79-line traceback) and a refused token: one line each."""
    line = login_fails(folder, f"http://127.0.0.1:{free_port()}/api/v10")
    assert "Discord cannot be reached" in line, line
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Refusing)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        line = login_fails(folder, f"http://127.0.0.1:{server.server_address[1]}/api/v10")
    finally:
        server.shutdown()
    assert "Discord refused the token" in line, line
