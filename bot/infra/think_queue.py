"""The thinker's queue: earliest deadline first, and fair once the workers are saturated.

While the workers keep up, the job due first is thought about first (its deadline:
:class:`bot.infra.think_budget.Rounds`). Once the job due first is late already, the workers are
saturated: the experts cannot shrink below their floor in samples (:data:`games.search.FLOOR_SAMPLES`),
so the late jobs wait their turn fairly instead: the member who has waited longest first (``since``,
when they began to wait), a table whose job is being thought about after the other tables, and a
table's own jobs oldest first.
"""

from __future__ import annotations

import heapq
from collections.abc import Collection, Iterator
from typing import Generic, Protocol, TypeVar

__all__ = ["FairQueue", "Queued"]


class Queued(Protocol):
    """A queued job: due by ``deadline``, asked ``order``-th, its member waiting ``since`` (the
    loop's time), at ``table``."""

    @property
    def deadline(self) -> float: ...
    @property
    def order(self) -> int: ...
    @property
    def since(self) -> float: ...
    @property
    def table(self) -> str | None: ...


Q = TypeVar("Q", bound=Queued)


class FairQueue(Generic[Q]):
    """Jobs by deadline; the late ones oldest wait first, one table at a time (see the module).
    ``fair``: ``False``, earliest deadline first even when saturated (as before, for benchmarks)."""

    fair = True

    def __init__(self) -> None:
        self._heap: list[tuple[float, int, Q]] = []

    def __len__(self) -> int:
        return len(self._heap)

    def __iter__(self) -> Iterator[Q]:
        return (job for _, _, job in self._heap)

    def push(self, job: Q) -> None:
        heapq.heappush(self._heap, (job.deadline, job.order, job))

    def head(self) -> Q:
        """The job due first (the queue not empty)."""
        return self._heap[0][2]

    def pop(self, now: float, thinking: Collection[str] = ()) -> Q:
        """The next job at ``now`` (the queue not empty); ``thinking``: the tables whose jobs the
        workers have."""
        heap = self._heap
        if heap[0][0] > now or not self.fair:
            return heapq.heappop(heap)[2]
        at = min((i for i, (due, _, _) in enumerate(heap) if due <= now),
                 key=lambda i: (heap[i][2].table in thinking, heap[i][2].since, heap[i][1]))
        chosen = heap[at][2]
        heap[at] = heap[-1]
        heap.pop()
        heapq.heapify(heap)
        return chosen

    def clear(self) -> None:
        self._heap.clear()
