"""Deal reviews for members: each computed once, in the computer workers, then kept.

A review (:mod:`games.review`) is asked for a seat of a deal that is over; it is read from the
database when it was made before (a second view, or after a restart, costs nothing); otherwise
its decisions are weighed one at a time in the computer workers, below every live decision
(:meth:`bot.infra.thinking.Thinker.review_step`), and the review is saved. The same review asked
twice while it is being made waits for the one being made; at most :data:`QUEUED` different
reviews wait at once, the next one is refused until one ends (the member asks again).
"""

from __future__ import annotations

import asyncio
import logging
import pickle
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from bot.service.table import BotError
from bot.storage.reviews import ReviewStore
from games.base import Game
from games.review import SAMPLES, Review, Reviewer

log = logging.getLogger(__name__)
__all__ = ["QUEUED", "Reviews"]

#: different reviews made or waiting at once
QUEUED = 8


class Steps(Protocol):
    """What reviews need of the computer workers (:class:`bot.infra.thinking.Thinker`)."""

    async def review_step(self, game: str, reviewer: bytes) -> bytes: ...


class Reviews:
    """The members' deal reviews: ``store`` keeps them, ``workers()`` weighs their decisions."""

    def __init__(self, store: ReviewStore, workers: Callable[[], Steps], samples: int = SAMPLES,
                 queued: int = QUEUED) -> None:
        self.store = store
        self.workers = workers
        self.samples = samples
        self.queued = queued
        self.making: dict[tuple[str, int, int], asyncio.Task[Review]] = {}

    async def review(self, table_id: str, game: Game, saved: Mapping[str, Any], seat: int, deal_no: int) -> Review:
        """The review of ``seat``'s decisions in deal ``deal_no`` of the table ``table_id``, whose
        saved match is ``saved`` (that deal over). :raises BotError: too many reviews in the
        making, or the seat made no decision in the deal."""
        kept = await self.store.get(table_id, deal_no, seat)
        if kept is not None:
            return Review.from_json(kept[1])
        key = (table_id, deal_no, seat)
        task = self.making.get(key)
        if task is None:
            if len(self.making) >= self.queued:
                raise BotError.of("review_busy")
            try:
                reviewer = await asyncio.to_thread(Reviewer, game, saved, seat, deal_no, self.samples)
            except ValueError:
                raise BotError.of("review_nothing", deal=deal_no + 1) from None
            task = asyncio.get_running_loop().create_task(self._make(table_id, reviewer))
            self.making[key] = task
            task.add_done_callback(lambda _: self.making.pop(key, None))
        return await asyncio.shield(task)

    async def _make(self, table_id: str, reviewer: Reviewer) -> Review:
        blob = pickle.dumps(reviewer, protocol=pickle.HIGHEST_PROTOCOL)
        while True:
            blob = await self.workers().review_step(reviewer.game.name, blob)
            reviewer = pickle.loads(blob)
            if len(reviewer.decisions) >= len(reviewer.points):
                break
        review = reviewer.review()
        await self.store.put(table_id, review.deal_no, review.seat, review.samples, review.to_json())
        log.info("table %s: deal %d of seat %d reviewed", table_id, review.deal_no + 1, review.seat)
        return review
