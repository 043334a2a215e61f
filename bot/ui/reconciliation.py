"""The reconciliation loop: one background task per table sends, part by part, what Discord misses.

What Discord accepted is saved part by part (:mod:`bot.ui.shown`); a :class:`Pass` tries each
missing part on its own: a part that fails is tried again with backoff (:data:`RETRY_DELAYS`) and
never holds up the others, a part Discord refused waits for the table's next change, and a part
recorded is never sent again. Changes are coalesced: the task shows the latest state, then waits
``edit_interval`` before the next pass.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import discord
from discord.http import HTTPClient

from bot.service.table import Table
from bot.service.table_log import TableLog
from bot.ui import discord_errors, shown
from bot.ui.parts import Beat
from bot.ui.shown import Recorder

if TYPE_CHECKING:
    from bot.infra.metrics import Metrics
    from bot.service.archive import Archive
    from bot.service.settings import Settings
    from bot.service.shown_records import ShownRecords
    from bot.service.tables import TableService

__all__ = ["RETRY_DELAYS", "UNEXPECTED_TRIES", "LiveHands", "Pass", "PresenterBot", "Reconciliation",
           "Retry", "Shown", "announced", "now"]
log = logging.getLogger(__name__)
#: seconds before trying a failed part again, one more step each failed pass (then the last one)
RETRY_DELAYS = (0.5, 1.0, 2.0, 5.0, 10.0, 30.0)
#: passes in a row a table is tried again after an unexpected failure (the database, a bug)
UNEXPECTED_TRIES = 3


def now() -> float:
    """The event loop's clock (the one its timers follow; simulated under simcord)."""
    return asyncio.get_running_loop().time()


def announced(table: Table, seat: int) -> bool:
    """Whether a turn at ``seat`` is announced to a member: not a computer, not someone away."""
    info = table.seats[seat]
    return not (info.computer or info.away or info.user_id is None)


class Retry(Exception):
    """A part Discord did not accept this time (a transient failure): tried again later."""


@dataclass(slots=True)
class Shown:
    """One table as the presenter follows it: what Discord accepted, each part's tries, its timers."""

    dirty: bool = False
    task: asyncio.Task[Any] | None = None
    parts: shown.Parts | None = None  # what Discord accepted (None: not read from the database yet)
    tries: dict[str, int] = field(default_factory=dict)  # failed tries in a row, by part (its backoff step)
    retry_at: dict[str, float] = field(default_factory=dict)  # when each failed part is tried again
    refused: set[str] = field(default_factory=set)  # parts Discord refused (4xx) at this state
    nap: asyncio.Task[None] | None = field(default=None, repr=False)  # waiting for a part's next try
    wanted: set[str] = field(default_factory=set)  # the parts the last pass tried or waited for
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)
    log: TableLog = field(default_factory=TableLog)
    done: bool = False
    turn_seen: tuple[str, float] | None = None  # the turn to act and when this presenter first saw it
    reminder: asyncio.TimerHandle | None = field(default=None, repr=False)  # its ping's timer (one per table)
    beat: Beat | None = None  # what the table message shows (:func:`parts.table_beat`)
    moved: tuple[int, float] = (-1, 0.0)  # the table's revision and when this presenter first saw it
    settle: asyncio.Task[None] | None = field(default=None, repr=False)  # brings a held-back edit back
    edited: float = float("-inf")  # when Discord last took the table message (the loop's clock)


class LiveHands(Protocol):
    """The live hands, as the presenter sees them (:class:`bot.ui.hands.Hands`)."""

    def live(self, table_id: str, seat: int) -> bool: ...

    def shows(self, table: Table, seat: int) -> bool: ...

    async def refresh(self, table: Table) -> bool: ...


class PresenterBot(Protocol):
    """What the presenter needs of the bot (:class:`bot.ui.client.TapisBot`)."""

    settings: Settings
    service: TableService
    archive: Archive  # a closed table's saved rows, rebuilt to finish showing it
    records: ShownRecords  # what Discord accepted, part by part
    hands: LiveHands
    metrics: Metrics
    unexpected: list[BaseException]
    http: HTTPClient

    def get_partial_messageable(self, id: int, *, guild_id: int | None = None,
                                type: discord.ChannelType | None = None) -> discord.PartialMessageable: ...


class Pass:
    """One pass over a table's parts: :meth:`attempt` sends one part unless it waits or was refused."""

    def __init__(self, owner: Reconciliation, table: Table, entry: Shown) -> None:
        self.owner, self.table, self.entry = owner, table, entry
        self.left = False  # a part failed for a while: the task passes again after a pause

    async def attempt(self, name: str, step: Callable[[], Awaitable[None]], key: str | None = None) -> bool:
        """Send part ``name`` (recorded as ``key``) with ``step``; ``True`` when Discord took it."""
        entry, key = self.entry, key or name
        entry.wanted.add(key)
        if key in entry.refused:
            return False
        if entry.retry_at.get(key, 0.0) > now():  # waiting for its next try
            self.left = True
            return False
        try:
            await step()
            self.owner.passed(entry, key)
            return True
        except Retry:
            self.left = True
            entry.retry_at[key] = now()  # at once
        except Exception as exc:
            if not discord_errors.is_discord(exc):
                raise
            self.owner.bot.metrics.failed(exc)
            if discord_errors.transient(exc):
                self.left = True
                self.owner.failed(entry, key)
                log.warning("table %s: Discord did not take its %s (%s); trying again", self.table.id, name,
                            discord_errors.describe(exc))
            else:
                entry.refused.add(key)
                log.warning("table %s: Discord refused its %s (%s)", self.table.id, name,
                            discord_errors.describe(exc))
        return False


class Reconciliation:
    """The loop's side of :class:`bot.ui.presenter.Presenter`: a task per changed table runs
    :meth:`_sync` (the parts, defined by the presenter) until nothing is missing."""

    bot: PresenterBot
    shown: dict[str, Shown]
    recorder: Recorder
    retry_delays: Sequence[float]
    starting: bool
    _behind: dict[str, Table]
    _catch_up: asyncio.Task[None] | None

    @property
    def records(self) -> ShownRecords:
        return self.bot.records

    def table_changed(self, table: Table) -> None:
        if self.starting:
            self._behind[table.id] = table
            return
        entry = self.shown.setdefault(table.id, Shown())
        if table.built and table.state is not None:  # its view was asked for its save: the log reads it
            entry.log.saw(table.state, self.bot.service.memo.public(table))
        entry.dirty = True
        entry.refused.clear()
        if entry.nap is not None and not entry.nap.done():
            entry.nap.cancel()  # a change goes out now
        if entry.task is None or entry.task.done():
            entry.task = asyncio.get_running_loop().create_task(self._run(table, entry))

    def failed(self, entry: Shown, key: str) -> None:
        """Part ``key`` failed once more: its next try waits one more step of :attr:`retry_delays`."""
        tries = entry.tries[key] = entry.tries.get(key, 0) + 1
        delays = self.retry_delays
        entry.retry_at[key] = now() + delays[min(tries, len(delays)) - 1]

    def passed(self, entry: Shown, key: str) -> None:
        entry.tries.pop(key, None)
        entry.retry_at.pop(key, None)

    async def _sync(self, table: Table, entry: Shown) -> bool:
        """Send every part of ``table`` Discord misses; ``True`` when one failed for a while."""
        raise NotImplementedError

    async def _run(self, table: Table, entry: Shown) -> None:
        """Passes over the table's parts until nothing is missing. A part that failed waits for its
        own next try while a new change still goes out at once (the other parts)."""
        while entry.dirty:
            entry.dirty = False
            try:
                async with entry.lock:
                    if entry.parts is None:
                        entry.parts = await self.records.parts_of(table.id)
                    entry.wanted = {"database"}
                    left = await self._sync(table, entry)
                for key in set(entry.retry_at) - entry.wanted:  # a part no longer wanted (an old turn's ping)
                    self.passed(entry, key)
                self.passed(entry, "database")
            except Exception as exc:  # the database failed (or a bug): tried again a few times
                self.bot.unexpected.append(exc)
                log.exception("could not update table %s", table.id)
                self.failed(entry, "database")
                left = entry.tries["database"] < UNEXPECTED_TRIES  # then at the next change
            if left:
                due = min(entry.retry_at.values(), default=now())
                # until the first part is due, or a change (:meth:`table_changed` ends the nap)
                entry.nap = asyncio.get_running_loop().create_task(asyncio.sleep(max(0.0, due - now())))
                await asyncio.wait([entry.nap])
                changed, entry.nap = entry.nap.cancelled(), None
                entry.dirty = True
                if changed and self.bot.settings.edit_interval > 0:
                    await asyncio.sleep(self.bot.settings.edit_interval)  # changes still coalesced
                continue
            if self.bot.settings.edit_interval > 0 and table.open and entry.dirty:
                await asyncio.sleep(self.bot.settings.edit_interval)
        if entry.done and self.shown.get(table.id) is entry:
            del self.shown[table.id]

    async def _record(self, table: Table, entry: Shown, part: str, detail: str | None,
                      message_id: int | None) -> None:
        assert entry.parts is not None
        await self.recorder.record(table.id, part, detail, message_id)
        entry.parts[part] = shown.Part(detail, message_id)

    async def drain(self) -> None:
        """Wait for every pending update (tests and benchmarks)."""
        if self._catch_up is not None:
            await self._catch_up
        while True:
            busy = [s.task for s in self.shown.values() if s.task is not None and not s.task.done()]
            if not busy:
                await self.recorder.flush()
                return
            await asyncio.gather(*busy, return_exceptions=True)
