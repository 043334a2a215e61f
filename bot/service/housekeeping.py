"""Housekeeping of the table service: idle lobbies and abandoned matches close.

A lobby nobody touched for ``Settings.lobby_idle`` seconds (24 h) is cancelled; a match with no
member's move for ``Settings.match_idle`` seconds (7 days) is abandoned. Either way a notice goes
to the table's channel (the close's ``notice``) and the channel is free again. A
background task sweeps every ``Settings.housekeeping_interval`` seconds; it also restarts the
computer players of a table whose background task died (an unexpected failure: a write the database
refused is tried again by the task itself, :mod:`bot.service.autoplay`), and deletes
the data of servers the bot was removed from ``Settings.guild_retention`` seconds ago.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from bot.service import privacy
from bot.service.i18n import N_
from bot.service.table import Table

if TYPE_CHECKING:
    from bot.service.autoplay import ComputerTurns
    from bot.service.registry import Registry
    from bot.service.settings import Settings
    from bot.service.tasks import Tasks

log = logging.getLogger("bot.service.tables")


class Housekeeping:
    """Closes forgotten tables, restarts stopped computer players, purges departed servers.

    Collaborators: the ``registry`` of open tables, the ``computers``, ``close`` (closes a table,
    its lock held, with a notice), ``service`` (privacy's actions for the purge), ``tasks`` for
    the periodic sweep, ``errors`` for its failures."""

    def __init__(self, settings: Settings, registry: Registry, computers: ComputerTurns,
                 close: Callable[[Table, str, str | None], Awaitable[None]], service: privacy.Service,
                 tasks: Tasks, clock: Callable[[], float], errors: list[BaseException]) -> None:
        self.settings = settings
        self.registry = registry
        self.computers = computers
        self.close = close
        self.service = service
        self.tasks = tasks
        self.clock = clock
        self.errors = errors

    def idle_reason(self, table: Table, now: float) -> str | None:
        """``"idle_lobby"`` or ``"idle_match"`` when ``table`` has been forgotten, else ``None``."""
        quiet = now - table.active_at
        if table.status == "lobby" and quiet >= self.settings.lobby_idle:
            return N_("idle_lobby")
        if table.status == "playing" and quiet >= self.settings.match_idle:
            return N_("idle_match")
        return None

    async def sweep(self) -> int:
        """Close every forgotten table now; returns how many were closed."""
        closed = 0
        for table in list(self.registry.open.values()):
            if self.idle_reason(table, self.clock()) is None:
                if table.computer_turn() and not self.computers.thinking(table):
                    log.warning("table %s: its computer players had stopped; they resume", table.id)
                    self.computers.after_change(table)
                continue
            async with table.lock:  # checked again: someone may have acted meanwhile
                reason = self.idle_reason(table, self.clock())
                if reason is None or not table.open:
                    continue
                await self.close(table, "cancelled", reason)
            closed += 1
        return closed

    async def purge_departed(self) -> list[int]:
        """Delete the data of every server the bot left at least ``guild_retention`` seconds ago (the
        departures are read once, then kept up to date in memory: a sweep costs no query)."""
        known = await self.service.departures.load(self.service.serves)
        if not any(at <= self.clock() - self.settings.guild_retention for at in known.values()):
            return []
        return await privacy.purge_departed(self.service, self.clock())

    def start(self) -> asyncio.Task[Any]:
        """The periodic sweep, as a background task of the service (cancelled by its ``close()``)."""
        return self.tasks.spawn(self._housekeeping())

    async def _housekeeping(self) -> None:
        while True:
            await asyncio.sleep(self.settings.housekeeping_interval)
            try:
                n = await self.sweep()
                if n:
                    log.info("housekeeping closed %d forgotten table(s)", n)
                gone = await self.purge_departed()
                if gone:
                    log.info("housekeeping deleted the data of %d server(s) the bot left", len(gone))
            except Exception as exc:  # a failed sweep is retried at the next one
                self.errors.append(exc)
                log.exception("housekeeping failed")
