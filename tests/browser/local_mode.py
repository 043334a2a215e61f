"""Local mode started as the README says (``python -m bot --local --port P``), as a subprocess with
its own temporary database, and the browser it is tried with (Debian's ``chromium``)."""

from __future__ import annotations

import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ADDRESS = re.compile(r"open (http://127\.0\.0\.1:\d+/#\S+)")
START_TIMEOUT = 60.0


def in_ci() -> bool:
    """CI sets ``CI`` (``.ci/run`` exports ``CI=1``; hosted runners set ``CI=true``)."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def need_browser() -> None:
    """Skip (with the reason) when chromium or Playwright is missing, except in CI: there it fails."""
    missing = []
    if not os.access(CHROMIUM, os.X_OK):
        missing.append(f"{CHROMIUM} (apt-get install chromium)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        missing.append("Playwright for Python (pip install -e '.[test]')")
    if missing:
        reason = "the browser test needs " + " and ".join(missing)
        if in_ci():
            pytest.fail(reason + "; .ci/run installs them", pytrace=False)
        pytest.skip(reason)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class LocalMode:
    """A running ``python -m bot --local``: its address, what it printed, its database file."""

    process: subprocess.Popen[str]
    url: str
    database: Path
    stdout: list[str] = field(default_factory=list)
    stderr: list[str] = field(default_factory=list)

    def output(self) -> str:
        return "".join(self.stdout) + "".join(self.stderr)


#: a line the page's own media checker (simcord's preview, an asyncio subprocess per image) may log
#: when its short-lived worker was reaped before asyncio's watcher saw it: about the preview, not Tapis
PREVIEW_NOISE = "WARNING asyncio: Unknown child process pid"


def _pump(stream: object, into: list[str], lines: queue.Queue[str] | None) -> None:
    for line in stream:  # type: ignore[attr-defined]
        if lines is None and PREVIEW_NOISE in line:
            continue
        into.append(line)
        if lines is not None:
            lines.put(line)


@contextmanager
def local_mode(folder: Path, *, pause: float = 0.05, stop: int = signal.SIGINT) -> Iterator[LocalMode]:
    """Start local mode on a free port with ``COMPUTER_PAUSE=pause``; stopped with ``stop`` (Ctrl+C
    by default) when the block ends."""
    env = {**os.environ, "DATABASE_PATH": str(folder / "tapis.sqlite3"), "COMPUTER_PAUSE": str(pause),
           "DEFAULT_LOCALE": "fr", "PYTHONUNBUFFERED": "1"}
    env.pop("DISCORD_TOKEN", None)
    process = subprocess.Popen([sys.executable, "-m", "bot", "--local", "--port", str(free_port())], cwd=ROOT,
                               env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, start_new_session=True)
    out: list[str] = []
    err: list[str] = []
    lines: queue.Queue[str] = queue.Queue()
    pumps = [threading.Thread(target=_pump, args=(process.stdout, out, lines), daemon=True),
             threading.Thread(target=_pump, args=(process.stderr, err, None), daemon=True)]
    for pump in pumps:
        pump.start()
    try:
        deadline = time.monotonic() + START_TIMEOUT
        url = None
        while url is None:
            left = deadline - time.monotonic()
            if left <= 0 or process.poll() is not None:
                raise AssertionError(f"local mode printed no address within {START_TIMEOUT:.0f} s "
                                     f"(exit code {process.poll()}):\n{''.join(out)}{''.join(err)}")
            try:
                found = ADDRESS.search(lines.get(timeout=min(left, 0.5)))
            except queue.Empty:
                continue
            url = found.group(1) if found else None
        yield LocalMode(process, url, folder / "tapis-local.sqlite3", out, err)
    finally:
        if process.poll() is None:
            process.send_signal(stop)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=5)
        for pump in pumps:
            pump.join(timeout=5)
