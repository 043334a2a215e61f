"""Computer decisions and hints off the event loop (issue 15, item 4).

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


def decide(game: str, level: str, view: dict[str, Any], legal: Sequence[Action], seed: str,
           budget: float) -> Action:
    """One decision (runs in a worker)."""
    return player(game, level, budget).choose(view, list(legal), random.Random(seed))


def advise(game: str, view: dict[str, Any], legal: Sequence[Action], seed: str,
           budget: float) -> list[Advice] | None:
    """The expert's options, best first (runs in a worker); ``None`` when the game's expert
    cannot explain itself (it has no ``advise``)."""
    expert = player(game, "expert", budget)
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
    """The pool computer players think in: ``workers`` processes, or a thread when 0."""

    def __init__(self, workers: int, budget: float) -> None:
        self.workers = workers
        self.budget = budget
        self._pool: Executor | None = None

    def _executor(self) -> Executor:
        if self._pool is None:
            if self.workers > 0:
                # spawn: a fresh interpreter, never a fork of the loop's threads (aiosqlite's)
                self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"))
            else:
                self._pool = ThreadPoolExecutor(1, thread_name_prefix="tapis-think")
        return self._pool

    async def start(self) -> None:
        """Start the workers now (a spawned process takes a moment to import the engines)."""
        loop = asyncio.get_running_loop()
        pool = self._executor()
        await asyncio.gather(*(loop.run_in_executor(pool, _warm) for _ in range(max(1, self.workers))))

    async def _run(self, fn: Any, *args: Any) -> Any:
        """``fn(*args)`` in the pool; a pool broken by a dead worker is replaced once."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor(), fn, *args)
        except BrokenExecutor:
            self.close()
            return await loop.run_in_executor(self._executor(), fn, *args)

    async def decide(self, game: str, level: str, view: dict[str, Any], legal: Sequence[Action],
                     seed: str) -> Action:
        return await self._run(decide, game, level, view, list(legal), seed, self.budget)

    async def advise(self, game: str, view: dict[str, Any], legal: Sequence[Action],
                     seed: str) -> list[Advice] | None:
        return await self._run(advise, game, view, list(legal), seed, self.budget)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
