"""The thinker before the shared queue (``bot/thinking.py`` as of main beee71d), kept only so that
``benchmarks/computer_wait.py --pinned`` measures what the shared queue changed: each table pinned
to one worker by a hash of its id, one decision at a time per worker, the expert's full budget.
``decide`` takes (and ignores) the ``deadline`` of today's :class:`bot.infra.thinking.Thinker`.

Computer decisions and hints off the event loop.

The engines' players are pure Python and CPU bound (the expert searches for up to its budget), so
:class:`Thinker` runs them in a pool of worker processes (``COMPUTER_WORKERS``); the loop only
awaits the answer and keeps serving every other table meanwhile. With no workers (tests) they run
in a thread. Only plain data crosses the process boundary: the game's name, the level, the seat's
own view, the legal actions and a seed string, so a decision is the same in either pool and,
where the player is deterministic (every level but a time-limited expert), the same from the same
table seed.

This module imports only :mod:`games` (a spawned worker loads nothing from Discord).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import random
import zlib
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from games import GAMES
from games.base import Action, Player

#: the computer levels a seat can have (``games.search.LEVELS``), easiest first
LEVELS = ("easy", "normal", "expert")
Advice = tuple[Action, float, "float | None"]


def player(game: str, level: str, budget: float) -> Player:
    """The engine's player of ``level``; an expert gets ``budget`` seconds per decision when its
    game's factory takes it."""
    g = GAMES[game]
    if level == "expert":
        try:
            return g.computer_player(level, budget=budget)  # type: ignore[call-arg]
        except TypeError:  # a game whose factory takes no expert arguments
            pass
    return g.computer_player(level)


#: the players of this worker by ``(table, seat, level)``: an engine player is one instance per seat
#: that remembers what it saw (tricks, voids, its own hand), so a table always thinks in the same
#: worker (:meth:`Thinker._executor`); the least recently used are forgotten past :data:`KEPT`
_PLAYERS: OrderedDict[tuple[str, ...], Player] = OrderedDict()
KEPT = 512


def seat_player(key: tuple[str, ...] | None, game: str, level: str, budget: float) -> Player:
    """The player that has been deciding for ``key`` in this worker (a new one the first time)."""
    if key is None:
        return player(game, level, budget)
    found = _PLAYERS.get(key)
    if found is None:
        found = _PLAYERS[key] = player(game, level, budget)
        while len(_PLAYERS) > KEPT:
            _PLAYERS.popitem(last=False)
    _PLAYERS.move_to_end(key)
    return found


def decide(game: str, level: str, view: dict[str, Any], legal: Sequence[Action], seed: str,
           budget: float, key: tuple[str, ...] | None = None) -> Action:
    """One decision (runs in a worker)."""
    return seat_player(key, game, level, budget).choose(view, list(legal), random.Random(seed))


def advise(game: str, view: dict[str, Any], legal: Sequence[Action], seed: str,
           budget: float, key: tuple[str, ...] | None = None) -> list[Advice] | None:
    """The expert's options, best first (runs in a worker); ``None`` when the game's expert
    cannot explain itself (it has no ``advise``)."""
    expert = seat_player(key, game, "expert", budget)
    explain = getattr(expert, "advise", None)
    if explain is None:
        return None
    return [(a, float(points), None if chance is None else float(chance))
            for a, points, chance in explain(view, list(legal), random.Random(seed), budget)]


def can_advise(game: str) -> bool:
    """Whether the game's expert explains its options (Tarot, Tresillo, Piquet)."""
    try:
        return hasattr(player(game, "expert", 0.01), "advise")
    except Exception:  # an engine without levels: no hints
        return False


def _warm() -> bool:
    return True


class Thinker:
    """The pools computer players think in: ``workers`` single-process pools (a table always goes
    to the same one, where its seats' players live), or one thread when ``workers`` is 0."""

    def __init__(self, workers: int, budget: float) -> None:
        self.workers = workers
        self.budget = budget
        self._pools: dict[int, Executor] = {}

    def _slot(self, table: str | None) -> int:
        return zlib.crc32(table.encode()) % self.workers if table and self.workers > 0 else 0

    def _executor(self, slot: int) -> Executor:
        pool = self._pools.get(slot)
        if pool is None:
            if self.workers > 0:
                # spawn: a fresh interpreter, never a fork of the loop's threads (aiosqlite's)
                pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
            else:
                pool = ThreadPoolExecutor(1, thread_name_prefix="tapis-think")
            self._pools[slot] = pool
        return pool

    async def start(self) -> None:
        """Start the workers now (a spawned process takes a moment to import the engines)."""
        loop = asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(self._executor(slot), _warm)
                               for slot in range(max(1, self.workers))))

    async def _run(self, table: str | None, fn: Any, *args: Any) -> Any:
        """``fn(*args)`` in the table's pool; a pool broken by a dead worker is replaced once."""
        loop = asyncio.get_running_loop()
        slot = self._slot(table)
        try:
            return await loop.run_in_executor(self._executor(slot), fn, *args)
        except BrokenExecutor:
            self._pools.pop(slot).shutdown(wait=False, cancel_futures=True)
            return await loop.run_in_executor(self._executor(slot), fn, *args)

    async def decide(self, game: str, level: str, view: dict[str, Any], legal: Sequence[Action],
                     seed: str, *, table: str | None = None, seat: int = 0, deadline: float | None = None) -> Action:
        """A decision of the computer of ``level`` (the same player instance for the same table,
        seat and level, so it remembers the deal)."""
        key = (table, str(seat), level) if table else None
        return await self._run(table, decide, game, level, view, list(legal), seed, self.budget, key)

    async def advise(self, game: str, view: dict[str, Any], legal: Sequence[Action],
                     seed: str, *, table: str | None = None, seat: int = 0) -> list[Advice] | None:
        key = (table, str(seat), "hint") if table else None
        return await self._run(table, advise, game, view, list(legal), seed, self.budget, key)

    def close(self) -> None:
        for pool in self._pools.values():
            pool.shutdown(wait=False, cancel_futures=True)
        self._pools.clear()
