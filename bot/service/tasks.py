"""The table service's background tasks (computer players, turn timers, the housekeeping sweep):
kept referenced while they run, cancelled together at close."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any


class Tasks:
    """A set of running tasks (asyncio keeps only weak references to tasks)."""

    def __init__(self) -> None:
        self.running: set[asyncio.Task[Any]] = set()

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro)
        self.running.add(task)
        task.add_done_callback(self.running.discard)
        return task

    async def cancel_all(self) -> None:
        for task in list(self.running):
            task.cancel()
        await asyncio.gather(*self.running, return_exceptions=True)
