"""Computer players and the turn timer, for :class:`bot.service.tables.TableService`.

After every change the service calls :meth:`AutoPlay._after_change`: when a computer (or the
computer standing in for an absent member) is to act, a background task plays, one decision per
``computer_pause``, under the table's lock; otherwise the turn timer is armed for the member to
act. When it runs out, a computer plays that turn; after two missed turns in a row the member is
marked away and the computer keeps the seat until "My hand" brings them back.

Each decision is thought in :class:`bot.infra.thinking.Thinker`'s worker pool at the seat's level (a
stand-in for an absent member plays at normal level), so an expert thinking for a second holds
only its own table's lock and never the event loop.
"""

from __future__ import annotations

import asyncio
import logging
import random
from typing import TYPE_CHECKING, Any

from bot.infra.thinking import LEVELS, Thinker
from bot.service.i18n import N_
from bot.service.table import Listener, Table

if TYPE_CHECKING:
    from bot.service.settings import Settings
    from games.base import State

log = logging.getLogger("bot.service.tables")
__all__ = ["LEVELS", "LEVEL_KEYS", "AutoPlay"]
#: the text key of each computer level's name
LEVEL_KEYS = {"easy": N_("level_easy"), "normal": N_("level_normal"), "expert": N_("level_expert")}


class AutoPlay:
    """Background play: computer turns and the turn timer (a mixin of the table service)."""

    settings: Settings
    listener: Listener
    tables: dict[str, Table]
    errors: list[BaseException]
    _tasks: set[asyncio.Task[Any]]
    _timers: dict[str, asyncio.Task[Any]]
    _robots: dict[str, asyncio.Task[Any]]
    _prefs: dict[int, tuple[str, int]]

    async def _commit(self, table: Table, new: State, applied: list[tuple[int, int, str, bool]],
                      seats: Any) -> None:
        raise NotImplementedError

    @property
    def thinker(self) -> Thinker:
        """The pool the computer players (and hints) think in, made on first use."""
        thinker: Thinker | None = self.__dict__.get("_thinker")
        if thinker is None:
            thinker = self.__dict__["_thinker"] = Thinker(self.settings.computer_workers, self.settings.expert_budget,
                                                           self.settings.computer_target_wait)
        return thinker

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def _after_change(self, table: Table) -> None:
        self.listener.table_changed(table)
        if table.status != "playing":
            self._stop_tasks(table.id)
            return
        if table.computer_turn():
            robot = self._robots.get(table.id)
            if robot is None or robot.done():
                self._robots[table.id] = self._spawn(self._robot_loop(table))
        else:
            self._arm_timer(table)

    def _stop_tasks(self, table_id: str) -> None:
        current = asyncio.current_task()
        for tasks in (self._timers, self._robots):
            task = tasks.pop(table_id, None)
            if task is not None and task is not current:
                task.cancel()

    def _arm_timer(self, table: Table) -> None:
        old = self._timers.pop(table.id, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        seat = table.to_act()
        timer = self._prefs.get(table.guild_id, ("", self.settings.turn_timer))[1]
        if seat is None or timer <= 0:
            return
        self._timers[table.id] = self._spawn(self._timer(table, seat, table.rev, timer))

    async def _timer(self, table: Table, seat: int, rev: int, seconds: float) -> None:
        await asyncio.sleep(seconds)
        try:
            await self._time_out(table, seat, rev)
        except Exception as exc:
            self.errors.append(exc)
            log.exception("table %s: turn timer failed", table.id)

    async def _time_out(self, table: Table, seat: int, rev: int) -> None:
        async with table.lock:
            if table.status != "playing" or table.rev != rev or table.to_act() != seat:
                return
            info = table.seats[seat]
            info.missed += 1
            if info.missed >= 2:
                info.away = True
            log.info("table %s: seat %d missed its turn (%d in a row)", table.id, seat, info.missed)
            await self._robot_turn(table, seat)
        self._after_change(table)

    async def _robot_loop(self, table: Table) -> None:
        """Computer players act, one decision per pause, until a present human is to act."""
        try:
            await self._robot_steps(table)
        except Exception as exc:
            self.errors.append(exc)
            log.exception("table %s: computer players stopped", table.id)

    async def _robot_steps(self, table: Table) -> None:
        pause = self.settings.computer_pause
        # the member who acts next waits from now (their decisions share COMPUTER_TARGET_WAIT), if present
        since, watched = asyncio.get_running_loop().time(), any(not s.computer and not s.away for s in table.seats)
        while True:
            if pause > 0:
                await asyncio.sleep(pause)
            async with table.lock:
                if table.status != "playing" or not table.computer_turn():
                    break
                seat = table.to_act()
                assert seat is not None
                await self._robot_turn(table, seat, one=True, since=since, watched=watched)
            self.listener.table_changed(table)
        if self._robots.get(table.id) is asyncio.current_task():
            del self._robots[table.id]
        if table.status == "playing":
            self._arm_timer(table)
        # no further notice otherwise: the last move, or the cancel, already told the listener (a
        # second notice one pause later posted the recap and the results twice, issue 26)

    async def _robot_turn(self, table: Table, seat: int, *, one: bool = False, since: float | None = None,
                          watched: bool = True) -> None:
        """A computer decides for ``seat`` (its whole turn, or one decision); lock held."""
        state = table.state
        assert state is not None
        level = table.seats[seat].plays_at
        applied = []
        while state.to_act() == seat:
            legal = state.legal_actions(seat)
            seed = f"{table.seed}:{table.id}:{state.rev}"
            try:
                action = await self.thinker.decide(table.game.name, level, state.view(seat), legal, seed,
                                                   table=table.id, seat=seat, since=since, watched=watched)
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
            await self._commit(table, state, applied, [seat])

    async def idle(self) -> None:
        """Wait until no computer player is thinking (timers excepted): for tests."""
        while True:
            busy = [t for t in self._robots.values() if not t.done()]
            if not busy:
                return
            await asyncio.gather(*busy, return_exceptions=True)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        thinker = self.__dict__.get("_thinker")
        if thinker is not None:
            thinker.close()
