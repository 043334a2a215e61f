"""Deal reviews for members: each computed once, in the computer workers, then kept.

A review (:mod:`games.review`) is asked for a seat of a deal that is over; it is read from the
database when it was made before (a second view, or after a restart, costs nothing); otherwise
its decisions are weighed one at a time in the computer workers, below every live decision
(:meth:`bot.infra.thinking.Thinker.review_step`), and the review is saved. After each weighed
decision the reviewer (with the expert's memory of the deal) is saved too
(:class:`bot.storage.review_progress.ProgressStore`), so a review a restart interrupted goes on
from its last decision: at start-up (:meth:`Reviews.resume`), or when it is asked again; the
finished review replaces its progress in one transaction. The same review asked twice while it is
being made waits for the one being made; at most :data:`QUEUED` different reviews wait at once, the
next one is refused until one ends (the member asks again).
"""

from __future__ import annotations

import asyncio
import logging
import pickle
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from bot.service.table import BotError
from bot.storage.review_progress import ProgressStore
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
        self.progress = ProgressStore(store.db)

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
            blob = await self._resumed(table_id, deal_no, seat, self.samples)
            if blob is None:
                try:
                    reviewer = await asyncio.to_thread(Reviewer, game, saved, seat, deal_no, self.samples)
                except ValueError:
                    raise BotError.of("review_nothing", deal=deal_no + 1) from None
                blob = pickle.dumps(reviewer, protocol=pickle.HIGHEST_PROTOCOL)
            task = self._start(key, game.name, blob)
        return await asyncio.shield(task)

    async def resume(self, serves: Callable[[int], bool]) -> int:
        """After a restart: the reviews a stop interrupted go on from their last weighed decision
        (those of the servers ``serves`` tells, at most :data:`QUEUED`; the others when asked).
        Returns how many."""
        count = 0
        for row in await self.progress.all():
            key = (row.table_id, row.deal_no, row.seat)
            if count >= self.queued or not serves(row.guild_id) or key in self.making:
                continue
            blob = await self._resumed(*key, row.samples)
            if blob is None:
                continue
            game = pickle.loads(blob).game.name
            self._start(key, game, blob).add_done_callback(_logged)
            log.info("table %s: the review of deal %d of seat %d resumes after %d decision(s)", row.table_id,
                     row.deal_no + 1, row.seat, row.done)
            count += 1
        return count

    def close(self) -> None:
        """Stop making reviews (their progress is kept: the next start resumes them)."""
        for task in list(self.making.values()):
            task.cancel()

    async def _resumed(self, table_id: str, deal_no: int, seat: int, samples: int) -> bytes | None:
        """The saved reviewer of a review in the making at ``samples``, or ``None``."""
        found = await self.progress.get(table_id, deal_no, seat)
        return found[2] if found is not None and found[0] == samples else None

    def _start(self, key: tuple[str, int, int], game: str, blob: bytes) -> asyncio.Task[Review]:
        task = asyncio.get_running_loop().create_task(self._make(key[0], game, blob))
        self.making[key] = task
        task.add_done_callback(lambda _: self.making.pop(key, None))
        return task

    async def _make(self, table_id: str, game: str, blob: bytes) -> Review:
        reviewer: Reviewer = pickle.loads(blob)
        while len(reviewer.decisions) < len(reviewer.points):
            blob = await self.workers().review_step(game, blob)
            reviewer = pickle.loads(blob)
            if len(reviewer.decisions) < len(reviewer.points):  # the last one is kept as the review
                await self.progress.put(table_id, reviewer.deal_no, reviewer.seat, reviewer.samples,
                                        len(reviewer.decisions), blob)
        review = reviewer.review()
        await self.progress.finish(table_id, review.deal_no, review.seat, review.samples, review.to_json())
        log.info("table %s: deal %d of seat %d reviewed", table_id, review.deal_no + 1, review.seat)
        return review


def _logged(task: asyncio.Task[Review]) -> None:
    """A resumed review nobody waits for: its failure is logged (its progress stays for the next try)."""
    if not task.cancelled() and (exc := task.exception()) is not None:
        log.warning("a resumed review stopped: %s (it goes on when asked again)", exc)
