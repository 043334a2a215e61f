"""``METRICS_PORT``: an HTTP server in the bot's process for Prometheus and a supervisor.

* ``GET /metrics``: :class:`bot.infra.metrics.Metrics` in the Prometheus text format;
* ``GET /healthz``: 200 and ``{"status": "ok", ...}`` when the bot serves: the database answers
  and takes writes (a failing write turns it 503 naming the cause, ``database writes fail (disk
  full: ...)``, until a write succeeds again), the open tables are restored and the gateway is connected (every shard); otherwise 503 and
  ``{"status": "unavailable", "reason": "..."}``.

It runs on the bot's own event loop (aiohttp.web, which discord.py already uses), bound to
``METRICS_HOST`` (default 127.0.0.1). A port already taken stops the start with one line
(:class:`~bot.storage.lockfile.StartupError`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import time
from collections.abc import Callable, Coroutine, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from aiohttp import web

from bot.infra.metrics import CONTENT_TYPE
from bot.storage.lockfile import StartupError

if TYPE_CHECKING:
    from bot.infra.metrics import Metrics
    from bot.storage import Database

log = logging.getLogger(__name__)
PROBE_TIMEOUT = 2.0  # seconds the database may take to answer the health probe
WRITE_PROBE_EVERY = 10.0  # seconds after a failed write before the health probe writes to check again


class Listens(Protocol):
    """A client whose events can be listened to (discord.py's ``Client.add_listener``)."""

    def add_listener(self, func: Callable[..., Coroutine[Any, Any, Any]], /, name: str = ...) -> None: ...


class Playing(Protocol):
    status: str


class Tables(Protocol):
    @property
    def tables(self) -> Mapping[str, Playing]: ...


class Served(Protocol):
    """What the health server reads of the bot (:class:`bot.ui.client.TapisBot`)."""

    db: Database
    metrics: Metrics
    restored: bool
    gateway: Gateway

    @property
    def service(self) -> Tables: ...

    def is_closed(self) -> bool: ...

    def is_ready(self) -> bool: ...


class Gateway:
    """Which gateway connections are down, from discord.py's connect / disconnect events (``None``
    stands for the connection of a bot without shards)."""

    def __init__(self, bot: Listens) -> None:
        self.down: set[int | None] = set()
        bot.add_listener(self._up, "on_connect")
        bot.add_listener(self._up, "on_resumed")
        bot.add_listener(self._down, "on_disconnect")
        bot.add_listener(self._shard_up, "on_shard_connect")
        bot.add_listener(self._shard_up, "on_shard_resumed")
        bot.add_listener(self._shard_up, "on_shard_ready")
        bot.add_listener(self._shard_down, "on_shard_disconnect")

    async def _up(self) -> None:
        self.down.discard(None)

    async def _down(self) -> None:
        self.down.add(None)

    async def _shard_up(self, shard_id: int) -> None:
        self.down.discard(shard_id)

    async def _shard_down(self, shard_id: int) -> None:
        self.down.add(shard_id)


async def unready(bot: Served) -> str | None:
    """Why the bot cannot serve yet (or any more), or ``None`` when it can."""
    if bot.is_closed():
        return "the bot is stopping"
    try:
        await asyncio.wait_for(bot.db.guild_settings(0), PROBE_TIMEOUT)
    except Exception as exc:  # unreachable, closed, timed out...
        return f"database unreachable ({type(exc).__name__}: {exc})".replace("\n", " ")[:200]
    failing = await writes_fail(bot.db)
    if failing is not None:
        return f"database writes fail ({failing})"
    if not bot.restored:
        return "open tables not restored yet"
    if not bot.is_ready():
        return "gateway not connected yet"
    down = sorted(bot.gateway.down, key=lambda s: -1 if s is None else s)
    if down:
        shards = [s for s in down if s is not None]
        return f"gateway disconnected (shards {', '.join(map(str, shards))})" if shards else "gateway disconnected"
    return None


async def writes_fail(db: Database) -> str | None:
    """Why the database's writes fail (``disk full: database or disk is full``...), or ``None``.

    While the last write failed, a probe at least ``WRITE_PROBE_EVERY`` seconds after it tries one
    small write of its own, so the answer turns back to ``None`` once the disk has room again, even
    when nobody plays."""
    if db.health.failure is None:
        return None
    if time.perf_counter() - db.health.failed_at < WRITE_PROBE_EVERY:
        return db.health.failure
    try:
        await asyncio.wait_for(db.probe_write(), PROBE_TIMEOUT)
    except Exception:  # its failure is recorded by db.health
        pass
    return db.health.failure


def shard_ids(bot: object) -> list[int]:
    """The shards this process serves (``[]`` without sharding)."""
    ids = getattr(bot, "shard_ids", None)
    if ids:
        return sorted(ids)
    shard: int | None = getattr(bot, "shard_id", None)
    return [shard] if shard is not None else []


class HealthServer:
    """``/metrics`` and ``/healthz`` of ``bot`` on ``host:port``."""

    def __init__(self, bot: Served, host: str, port: int) -> None:
        self.bot = bot
        self.host = host
        self.port = port
        self._runner: web.AppRunner | None = None

    @property
    def running(self) -> bool:
        return self._runner is not None

    async def start(self) -> None:
        """Bind and serve. :raises StartupError: the address cannot be bound (port in use...)."""
        if self._runner is not None:
            return
        app = web.Application()
        app.router.add_get("/metrics", self.metrics)
        app.router.add_get("/healthz", self.healthz)
        runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await runner.setup()
        try:
            await web.TCPSite(runner, self.host, self.port).start()
        except OSError as exc:
            await runner.cleanup()
            why = os.strerror(exc.errno) if exc.errno else str(exc)
            raise StartupError(f"METRICS_PORT {self.port}: cannot listen on {self.host}:{self.port} ({why}); "
                               f"choose another port or stop what uses it") from None
        self._runner = runner
        log.info("metrics on http://%s:%d/metrics, health on /healthz", self.host, self.port)

    async def stop(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()

    async def metrics(self, request: web.Request) -> web.Response:
        return web.Response(body=self.bot.metrics.exposition(), headers={"Content-Type": CONTENT_TYPE})

    async def healthz(self, request: web.Request) -> web.Response:
        reason = await unready(self.bot)
        if reason is not None:
            return _json(503, {"status": "unavailable", "reason": reason})
        playing = sum(t.status == "playing" for t in self.bot.service.tables.values())
        return _json(200, {"status": "ok", "tables_in_play": playing, "shards": shard_ids(self.bot)})


def _json(status: int, body: dict[str, Any]) -> web.Response:
    return web.Response(status=status, text=json.dumps(body), content_type="application/json")
