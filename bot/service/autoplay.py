"""Computer players and the turn timer, for :class:`bot.service.tables.TableService`.

After every change the service calls :meth:`ComputerTurns.after_change`: when a computer (or the
computer standing in for an absent member) is to act, a background task plays, one decision per
``computer_pause``, under the table's lock; otherwise the turn timer is armed for the member to
act. When it runs out, a computer plays that turn; after two missed turns in a row the member is
marked away and the computer keeps the seat until "My hand" brings them back. At restore,
:meth:`ComputerTurns.resume` starts the restored tables' play: each timer with what was left of it,
the computers to move and the timers already out spread in the order they fell due
(:func:`bot.service.timers.spread`).

A computer's move the database did not take (a full disk, a lost ``COMMIT``) is not lost for good:
the same task tries the turn again after a pause that grows up to :data:`RETRY_DELAYS`' last (one
log line per failure, no traceback), so the table goes on within seconds of the storage coming
back, never waiting for the housekeeping sweep.

Each decision is thought in :class:`bot.infra.thinking.Thinker`'s worker pool at the seat's level (a
stand-in for an absent member plays at normal level), so an expert thinking for a second holds
only its own table's lock and never the event loop.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from bot.infra.thinking import LEVELS, Thinker
from bot.service.i18n import N_
from bot.service.reload import StorageFailure
from bot.service.table import StaleAction, Table
from bot.service.timers import spread

if TYPE_CHECKING:
    from bot.service.settings import Settings
    from bot.service.tasks import Tasks
    from games.base import State

log = logging.getLogger("bot.service.tables")
__all__ = ["LEVELS", "LEVEL_KEYS", "ComputerTurns"]
#: the text key of each computer level's name
LEVEL_KEYS = {"easy": N_("level_easy"), "normal": N_("level_normal"), "expert": N_("level_expert")}
#: seconds before a computer's move the database refused is tried again, one more step a failure
RETRY_DELAYS = (0.1, 0.25, 0.5, 1.0, 2.0)


class Commit(Protocol):
    """Saves accepted actions and makes ``new`` the table's state (:meth:`TableService.commit`)."""

    def __call__(self, table: Table, new: State, applied: list[tuple[int, int, str, bool]],
                 seats: Sequence[int]) -> Awaitable[None]: ...


class ComputerTurns:
    """Background play: computer turns and the turn timer of every table.

    Collaborators: ``tasks`` runs the background tasks, ``changed`` tells the listener a table
    changed, ``timer_of`` gives a server's turn timer, ``commit`` saves what a computer played,
    ``errors`` collects unexpected failures, ``clock`` tells the Unix time (the timers' due times,
    :attr:`due`, are kept in it)."""

    def __init__(self, settings: Settings, tasks: Tasks, changed: Callable[[Table], None],
                 timer_of: Callable[[int], int], commit: Commit, errors: list[BaseException], *,
                 clock: Callable[[], float] = time.time) -> None:
        self.settings = settings
        self.tasks = tasks
        self.changed = changed
        self.timer_of = timer_of
        self.commit = commit
        self.errors = errors
        self.timers: dict[str, asyncio.Task[Any]] = {}
        self.robots: dict[str, asyncio.Task[Any]] = {}
        self.due: dict[str, float] = {}  # when each armed timer or waiting computer falls due (Unix seconds)
        self.clock = clock
        self.retry_delays: Sequence[float] = RETRY_DELAYS
        self._thinker: Thinker | None = None

    @property
    def thinker(self) -> Thinker:
        """The pool the computer players (and hints) think in, made on first use."""
        if self._thinker is None:
            self._thinker = Thinker(self.settings.computer_workers, self.settings.expert_budget,
                                    self.settings.computer_target_wait)
        return self._thinker

    @thinker.setter
    def thinker(self, thinker: Thinker) -> None:
        """Another pool (``benchmarks.computer_wait --pinned``)."""
        self._thinker = thinker

    def after_change(self, table: Table) -> None:
        """The table changed: the listener is told; a computer plays, or the turn timer is armed."""
        self.changed(table)
        if table.status != "playing":
            self.stop(table.id)
            return
        if table.computer_turn():
            robot = self.robots.get(table.id)
            if robot is None or robot.done():
                self.robots[table.id] = self.tasks.spawn(self._robot_loop(table))
        else:
            self._arm_timer(table)

    def resume(self, tables: Sequence[Table]) -> None:
        """Restore: the listener is told of every table; each turn timer resumes with what was left
        of it (from the last move saved, :attr:`Table.moved_at`; the whole timer when it is not
        known) and the computers to move wait their turn, all spread by :func:`spread`."""
        now = self.clock()
        due: list[tuple[str, float]] = []
        for table in tables:
            self.changed(table)
            if table.status != "playing" or table.to_act() is None:
                continue
            moved = table.moved_at if table.moved_at is not None else now
            if table.computer_turn():
                due.append((table.id, moved + self.settings.computer_pause))
            elif self._timed(table):
                due.append((table.id, moved + self.timer_of(table.guild_id)))
        plan = spread(due, now)
        for table in tables:
            at = plan.get(table.id)
            if at is None:
                continue
            if table.computer_turn():
                self.due[table.id] = at
                self.robots[table.id] = self.tasks.spawn(self._robot_loop(table, at - now))
            else:
                self._arm_timer(table, at)

    def thinking(self, table: Table) -> bool:
        """Whether a computer player's task is running for ``table``."""
        robot = self.robots.get(table.id)
        return robot is not None and not robot.done()

    def stop(self, table_id: str) -> None:
        """The table's timer and computer players stop (it closed, or left this process)."""
        self.due.pop(table_id, None)
        current = asyncio.current_task()
        for tasks in (self.timers, self.robots):
            task = tasks.pop(table_id, None)
            if task is not None and task is not current:
                task.cancel()

    def _timed(self, table: Table) -> bool:
        """Whether a turn timer runs at ``table`` (not at a challenge's or a practice table: they
        wait for their member)."""
        return self.timer_of(table.guild_id) > 0 and not table.challenge and not table.practice

    def _arm_timer(self, table: Table, at: float | None = None) -> None:
        """The turn timer of the seat to act: the server's whole timer, or until ``at`` (restore)."""
        old = self.timers.pop(table.id, None)
        self.due.pop(table.id, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        seat = table.to_act()
        if seat is None or not self._timed(table):
            return
        now = self.clock()
        self.due[table.id] = at = now + self.timer_of(table.guild_id) if at is None else at
        seconds = max(0.0, at - now)
        self.timers[table.id] = self.tasks.spawn(self._timer(table, seat, table.rev, seconds))

    async def _timer(self, table: Table, seat: int, rev: int, seconds: float) -> None:
        await asyncio.sleep(seconds)
        if self.timers.get(table.id) is asyncio.current_task():
            self.due.pop(table.id, None)
        failures = 0
        while True:
            try:
                await self._time_out(table, seat, rev)
                return
            except (StorageFailure, StaleAction) as exc:
                failures += 1
                await self._wait_storage(table, exc, failures)
            except Exception as exc:
                self.errors.append(exc)
                log.exception("table %s: turn timer failed", table.id)
                return

    async def _wait_storage(self, table: Table, exc: BaseException, failures: int) -> None:
        """A computer's move was not saved (``failures`` in a row): one log line, then a pause
        before it is tried again (none after a stale table was read back: it is current now)."""
        if isinstance(exc, StaleAction) and not isinstance(exc, StorageFailure):
            log.info("table %s: read back before a computer's move; it is decided again", table.id)
            return
        delays = self.retry_delays
        pause = delays[min(failures, len(delays)) - 1]
        log.warning("table %s: a computer's move was not saved (%s, %d in a row); tried again in %g s",
                    table.id, getattr(exc, "key", None) or type(exc).__name__, failures, pause)
        await asyncio.sleep(pause)

    async def _time_out(self, table: Table, seat: int, rev: int) -> None:
        async with table.lock:
            if table.status != "playing" or table.rev != rev or table.to_act() != seat:
                return
            info = table.seats[seat]
            flags = info.missed, info.away
            info.missed += 1
            if info.missed >= 2:
                info.away = True
            log.info("table %s: seat %d missed its turn (%d in a row)", table.id, seat, info.missed)
            try:
                await self._robot_turn(table, seat)
            except BaseException:  # not saved: the seat's count as it was (the timer tries again)
                info.missed, info.away = flags
                raise
        self.after_change(table)

    async def _robot_loop(self, table: Table, wait: float = 0.0) -> None:
        """Computer players act, one decision per pause, until a present human is to act (after
        ``wait`` seconds: their turn at restore)."""
        try:
            if wait > 0:
                await asyncio.sleep(wait)
            self.due.pop(table.id, None)
            await self._robot_steps(table)
        except Exception as exc:
            self.errors.append(exc)
            log.exception("table %s: computer players stopped", table.id)

    async def _robot_steps(self, table: Table) -> None:
        pause = self.settings.computer_pause
        # the member who acts next waits from now (their decisions share COMPUTER_TARGET_WAIT), if present
        since, watched = asyncio.get_running_loop().time(), any(not s.computer and not s.away for s in table.seats)
        failures = 0
        while True:
            if pause > 0 and not failures:
                await asyncio.sleep(pause)
            try:
                async with table.lock:
                    if table.status != "playing" or not table.computer_turn():
                        break
                    seat = table.to_act()
                    assert seat is not None
                    await self._robot_turn(table, seat, one=True, since=since, watched=watched)
            except (StorageFailure, StaleAction) as exc:  # the database did not take it: again, later
                failures += 1
                await self._wait_storage(table, exc, failures)
                continue
            if failures:
                log.info("table %s: a computer's move saved after %d failure(s); the table goes on", table.id,
                         failures)
                failures = 0
            self.changed(table)
        if self.robots.get(table.id) is asyncio.current_task():
            del self.robots[table.id]
        if table.status == "playing":
            self._arm_timer(table)
        # no further notice otherwise: the last move, or the cancel, already told the listener (a
        # second notice one pause later posted the recap and the results twice)

    async def _robot_turn(self, table: Table, seat: int, *, one: bool = False, since: float | None = None,
                          watched: bool = True) -> None:
        """A computer decides for ``seat`` (its whole turn, or one decision); lock held."""
        state = table.state
        assert state is not None
        level = table.seats[seat].plays_at
        applied = []
        while state.to_act() == seat:
            legal = state.legal_actions(seat)
            seed = table.computer_seed(state.rev)
            try:
                action = await self.thinker.decide(table.game.name, level, state.view(seat), legal, seed,
                                                   table=table.id, seat=seat, since=since, watched=watched,
                                                   samples=table.expert_samples)
                new = state.apply(seat, action)
            except Exception as exc:  # a faulty computer player never stalls a table
                self.errors.append(exc)
                log.exception("table %s: the %s computer player failed; it plays at random", table.id,
                              table.game.name)
                rng = random.Random(seed)
                action = legal[rng.randrange(len(legal))]
                new = state.apply(seat, action)
            state = new
            applied.append((state.rev, seat, str(action), True))
            if one:
                break
        if applied:
            await self.commit(table, state, applied, [seat])

    async def idle(self) -> None:
        """Wait until no computer player is thinking (timers excepted): for tests."""
        while True:
            busy = [t for t in self.robots.values() if not t.done()]
            if not busy:
                return
            await asyncio.gather(*busy, return_exceptions=True)

    def close(self) -> None:
        """The thinkers' worker processes stop (the tasks are the service's to cancel)."""
        if self._thinker is not None:
            self._thinker.close()
