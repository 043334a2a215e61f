"""Computer decisions and hints off the event loop, earliest deadline first.

The engines' players are pure Python and CPU bound (the expert searches for up to its budget), so
:class:`Thinker` runs them in worker processes (``COMPUTER_WORKERS``) fed straight from the event
loop, as :class:`bot.infra.image_workers.DrawingPool` feeds the image workers: one pipe per worker and a reader
on the loop. With no workers (tests) they run in one thread, through the same queue.

- **One queue, no pinning.** Every job waits in one queue ordered by its deadline: the computers'
  decisions between two turns of a member share ``COMPUTER_TARGET_WAIT``, each due by its share of
  what is left (:class:`bot.infra.think_budget.Rounds`). Any idle worker takes the earliest. A worker keeps
  nothing between jobs: the seat's player (engine players remember the deal: tricks, voids, a
  planned écart) travels pickled with the job and comes back with the answer (:mod:`bot.infra.think_worker`,
  :mod:`bot.infra.think_memory`), so no table waits for "its" worker while another idles.
- **Budgets shrink with the queue** (:class:`bot.infra.think_budget.Budgets`): an expert thinks for its
  share of the target wait over the queue ahead of it per worker, short enough for the next
  decisions to meet their deadlines, never below its game's floor in samples, where it still beats
  the normal level (:data:`games.search.FLOOR_SAMPLES`: the search runs them whatever the budget).
- **Saturated, the queue is fair** (:class:`bot.infra.think_queue.FairQueue`): once the job due first
  is late, the late jobs go the longest-waiting member first, a table already being thought for after
  the others: decisions wait their turn rather than think less than the floor.
- **Forced moves are never queued**: a single legal action is played at once, on the loop; the seat's
  player sees that view with its next job, as if it had decided it.
- **A worker that dies** (killed, out of memory) is replaced at once and its job goes to the next
  free worker, first in the queue; a job that kills :data:`TRIES` workers fails (the table then
  plays at random, :class:`bot.service.autoplay.ComputerTurns`).

This module imports only :mod:`games` and the ``bot.think_*`` modules (a spawned worker loads
nothing from Discord).
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
import math
import multiprocessing
from collections import deque
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from bot.infra.think_budget import FEASIBLE, FLOOR, UNWATCHED, Budgets, Rounds
from bot.infra.think_memory import Memories
from bot.infra.think_queue import FairQueue
from bot.infra.think_worker import Advice, Job, Reply, can_advise, player, run, serve
from games.base import Action

__all__ = ["FLOOR", "LEVELS", "UNWATCHED", "Advice", "Budgets", "Thinker", "WorkerLost", "can_advise", "player"]
log = logging.getLogger(__name__)

#: the computer levels a seat can have (``games.search.LEVELS``), easiest first
LEVELS = ("easy", "normal", "expert")
#: workers a job may lose (they died while it ran) before it fails
TRIES = 3


class WorkerLost(Exception):
    """The job's workers kept dying while it ran (:data:`TRIES` times)."""


@dataclass
class ThinkStats:
    """What the thinker did (for benchmarks and metrics)."""

    jobs: int = 0  # sent to a worker
    instant: int = 0  # forced moves played on the loop
    retries: int = 0  # jobs sent again after their worker died
    budgets: deque[float] = field(default_factory=lambda: deque(maxlen=100_000))  # each expert job's
    samples: deque[int] = field(default_factory=lambda: deque(maxlen=100_000))  # each searched expert job's
    below: int = 0  # searched expert jobs that ran fewer samples than their game's floor
    busy: float = 0.0  # seconds the workers spent on expert jobs, from taking one to its answer
    overrun: float = 0.0  # how much longer than its budget an expert job keeps a worker (moving average)

    def took(self, over: float) -> None:
        self.overrun += (over - self.overrun) / 32

    def searched(self, reply: Reply) -> None:
        """An expert job's reply: the samples its search ran, if it searched."""
        if reply.samples is not None:
            self.samples.append(reply.samples)
            self.below += reply.floor is not None and reply.samples < reply.floor


@dataclass(order=True)
class _Pending:
    deadline: float
    order: int
    job: Job = field(compare=False)
    done: asyncio.Future[Reply] = field(compare=False)
    tries: int = field(default=0, compare=False)
    sent: float = field(default=0.0, compare=False)  # when a worker took it (the loop's time)
    since: float = field(default=0.0, compare=False)  # when its member began to wait (the loop's time)
    table: str | None = field(default=None, compare=False)


class _Worker:
    """A worker process and this end of its pipe; ``pending`` is the job it thinks about."""

    def __init__(self, process: BaseProcess, conn: Connection, ready: asyncio.Future[None]) -> None:
        self.process = process
        self.conn = conn
        self.ready = ready
        self.pending: _Pending | None = None


class Thinker:
    """Computer players thinking in ``workers`` processes (one thread when 0), earliest deadline
    first; ``budget``: the expert's seconds per decision when nothing waits; ``target_wait``: the
    seconds the computers may keep a member waiting between two of their turns (:class:`Budgets`)."""

    def __init__(self, workers: int, budget: float, target_wait: float = 3.0, floor: float = FLOOR) -> None:
        self.workers = workers
        self.budget = budget
        self.budgets = Budgets(budget, target_wait, floor)
        self.rounds = Rounds(target_wait)
        self.stats = ThinkStats()
        self._context = multiprocessing.get_context("spawn")  # never a fork of the loop's threads
        self._loop: asyncio.AbstractEventLoop | None = None
        self._queue: FairQueue[_Pending] = FairQueue()
        self._order = itertools.count()
        self._workers: list[_Worker] = []
        self._idle: deque[_Worker] = deque()
        self._thread: ThreadPoolExecutor | None = None
        self._thread_busy = False
        self._thread_job: _Pending | None = None  # the job the thread thinks about
        self._stillborn = 0  # workers in a row that died before they were ready
        self.memories = Memories()  # the seats' players between their decisions
        self._reviewing = asyncio.Semaphore(1)  # one review step queued or thinking at a time

    # -- the public API -------------------------------------------------------------------------

    async def start(self) -> None:
        """Start the workers now and wait until they are ready (a spawned process takes a moment
        to import the engines)."""
        self._bind()
        while starting := [w.ready for w in self._workers if not w.ready.done()]:
            await asyncio.wait(starting)  # a worker that died starting is replaced (or given up)

    async def decide(self, game: str, level: str, view: dict[str, Any], legal: Sequence[Action],
                     seed: str, *, table: str | None = None, seat: int = 0,
                     since: float | None = None, watched: bool = True, samples: int | None = None) -> Action:
        """A decision of the computer of ``level`` for ``seat`` (its player remembers the deal).

        ``since``: when the member who acts next began to wait (the loop's time of their move: the
        decisions of a table with the same ``since`` share ``target_wait``, :class:`Rounds`);
        ``watched``: whether a member is present at the table (else its decisions come after the
        others'). The earliest deadline is thought about first. A single legal action is played
        at once. ``samples``: the expert's budget in samples instead of seconds (a challenge)."""
        key = (table, str(seat), level) if table else None
        if len(legal) == 1:
            self.stats.instant += 1
            if key is not None:
                self.memories.saw(key, (view, list(legal), seed))
            return legal[0]
        now = asyncio.get_running_loop().time()
        when = self.rounds.deadline(table, since, watched, now)
        waiting = (now if since is None else since) + (0.0 if watched else UNWATCHED)
        result = await self._think(Job("decide", game, level, view, list(legal), seed, samples=samples), key, when,
                                   waiting, table)
        self.rounds.answered(table, since, asyncio.get_running_loop().time() - now)
        assert isinstance(result, Action)
        return result

    async def advise(self, game: str, view: dict[str, Any], legal: Sequence[Action],
                     seed: str, *, table: str | None = None, seat: int = 0) -> list[Advice] | None:
        """The expert's options for ``seat``, best first (``None`` when the game's expert cannot
        explain itself); a member waits for them: due as a computer's decision at a quiet table."""
        key = (table, str(seat), "hint") if table else None
        now = asyncio.get_running_loop().time()
        when = self.rounds.deadline(None, None, True, now)
        result = await self._think(Job("advise", game, "expert", view, list(legal), seed), key, when, now, table)
        assert result is None or isinstance(result, list)
        return result

    async def review_step(self, game: str, reviewer: bytes) -> bytes:
        """One step of a deal's review (``reviewer``: a pickled :class:`games.review.Reviewer`),
        thought about after every decision of a table (its deadline never comes) and one at a time,
        and only while another worker is idle (with two workers or more), so a worker stays free for
        the computers; the reviewer after its step."""
        async with self._reviewing:
            job = Job("review", game, "review", {}, [], "", state=reviewer)
            loop = self._bind()
            pending = _Pending(math.inf, next(self._order), job, loop.create_future(), since=math.inf)
            self._push(pending)
            self._dispatch()
            reply = await pending.done
        assert reply.state is not None
        return reply.state

    def close(self) -> None:
        """Stop the workers; jobs still waiting or thinking are cancelled."""
        for worker in self._workers:
            if worker.pending is not None:
                self._queue.push(worker.pending)
            self._stop(worker)
        self._workers.clear()
        self._idle.clear()
        if self._thread is not None:
            self._thread.shutdown(wait=False, cancel_futures=True)
            self._thread = None
        self._thread_busy = False
        self._thread_job = None
        for pending in self._queue:
            if not pending.done.done() and not pending.done.get_loop().is_closed():
                pending.done.cancel()
        self._queue.clear()
        self._loop = None

    def waiting(self) -> int:
        """Jobs waiting for a worker."""
        return len(self._queue)

    def pids(self) -> list[int]:
        return [w.process.pid for w in self._workers if w.process.pid is not None]

    # -- jobs -----------------------------------------------------------------------------------

    async def _think(self, job: Job, key: tuple[str, ...] | None, deadline: float, since: float,
                     table: str | None) -> Action | list[Advice] | None:
        loop = self._bind()
        if key is not None:
            job.state, job.seen = self.memories.take(key)
        pending = _Pending(deadline, next(self._order), job, loop.create_future(), since=since, table=table)
        self._push(pending)
        self._dispatch()
        try:
            reply = await pending.done
        except BaseException:
            if key is not None:  # the seat's player did not change: it sees these moves next time
                self.memories.give_back(key, job.seen)
            raise
        if key is not None:
            self.memories.keep(key, reply.state)
        return reply.result

    def _push(self, pending: _Pending) -> None:
        self._queue.push(pending)

    def _pop(self) -> _Pending:
        """The next job: earliest deadline first, fair among the late ones (:class:`FairQueue`)."""
        now = self._loop.time() if self._loop is not None else 0.0
        thinking = {w.pending.table for w in self._workers if w.pending is not None and w.pending.table}
        if self._thread_job is not None and self._thread_job.table:
            thinking.add(self._thread_job.table)
        return self._queue.pop(now, thinking)

    def _dispatch(self) -> None:
        """The earliest deadlines to the idle workers, each expert with the budget the queue
        leaves it (:class:`Budgets`)."""
        while self._queue and (self._idle or (self.workers == 0 and not self._thread_busy)):
            if self._queue.head().job.kind == "review" and self.workers > 1 and len(self._idle) < 2:
                break  # a review step (due after everything else) leaves a worker free for the computers
            pending = self._pop()
            if pending.done.done():  # its caller gave up waiting
                continue
            job = pending.job
            if job.level == "expert":
                job.budget = self._budget(pending)
                self.stats.budgets.append(job.budget)
            self.stats.jobs += 1
            if self.workers == 0:
                self._run_in_thread(pending)
                continue
            worker = self._idle.popleft()
            try:
                worker.conn.send(job)
            except (OSError, EOFError):  # the worker is gone: a new one, and the job waits again
                self._push(pending)
                self._replace(worker)
                continue
            except Exception as exc:  # a job that cannot be pickled (a bug)
                self._idle.appendleft(worker)
                pending.done.set_exception(exc)
                continue
            worker.pending = pending
            pending.sent = self._loop.time() if self._loop is not None else 0.0

    def _budget(self, pending: _Pending) -> float:
        """The expert's budget for ``pending``, taken now (:class:`Budgets`)."""
        assert self._loop is not None
        queued = [p.deadline for p in self._queue if p.job.level == "expert"]
        soonest = heapq.nsmallest(FEASIBLE - 1, queued)
        return self.budgets.budget(self._loop.time(), [pending.deadline, *soonest], max(self.workers, 1),
                                   max(0.0, self.stats.overrun), len(queued))

    # -- one thread (no worker processes) -------------------------------------------------------

    def _run_in_thread(self, pending: _Pending) -> None:
        if self._thread is None:
            self._thread = ThreadPoolExecutor(1, thread_name_prefix="tapis-think")
        self._thread_busy = True
        self._thread_job = pending
        loop = self._loop
        assert loop is not None

        def finished(future: Future[Reply]) -> None:
            loop.call_soon_threadsafe(self._thread_done, pending, future)

        self._thread.submit(run, pending.job).add_done_callback(finished)

    def _thread_done(self, pending: _Pending, future: Future[Reply]) -> None:
        self._thread_busy = False
        self._thread_job = None
        if not pending.done.done():
            if future.cancelled():
                pending.done.cancel()
            elif (exc := future.exception()) is not None:
                pending.done.set_exception(exc)
            else:
                if pending.job.level == "expert":
                    self.stats.searched(future.result())
                pending.done.set_result(future.result())
        self._dispatch()

    # -- worker processes -----------------------------------------------------------------------

    def _bind(self) -> asyncio.AbstractEventLoop:
        """The running loop; the workers are started for it (again, when used from another loop)."""
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            if self._loop is not None:
                self.close()
            self._loop = loop
            for _ in range(self.workers):
                self._spawn()
        return loop

    def _spawn(self) -> None:
        loop = self._loop
        assert loop is not None
        ours, theirs = self._context.Pipe()
        process = self._context.Process(target=serve, args=(theirs,), daemon=True, name="tapis-think")
        process.start()
        theirs.close()
        worker = _Worker(process, ours, loop.create_future())
        self._workers.append(worker)
        self._idle.append(worker)
        # its messages, or its end: a worker that died may leave no end of file on its pipe
        loop.add_reader(ours.fileno(), self._readable, worker)
        loop.add_reader(process.sentinel, self._ended, worker)

    def _stop(self, worker: _Worker) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.remove_reader(worker.conn.fileno())
            loop.remove_reader(worker.process.sentinel)
            if not worker.ready.done():
                worker.ready.cancel()
        worker.conn.close()
        worker.process.kill()

    def _replace(self, worker: _Worker) -> None:
        """A new worker for one that died; its job goes first to the next free worker."""
        pending, worker.pending = worker.pending, None
        was_ready = worker.ready.done() and not worker.ready.cancelled()
        self._stop(worker)
        self._workers.remove(worker)
        if worker in self._idle:
            self._idle.remove(worker)
        if was_ready:
            self._stillborn = 0
        else:  # died before it was ready: a worker that cannot start is not started forever
            self._stillborn += 1
        if self._stillborn < TRIES:
            self._spawn()
        elif not self._workers:
            log.error("thinking workers cannot start: the computers think in a thread of the bot")
            self.workers = 0
        if pending is not None and not pending.done.done():
            pending.tries += 1
            if pending.tries >= TRIES:
                pending.done.set_exception(WorkerLost(f"{pending.tries} workers died thinking this"))
            else:
                log.warning("a thinking worker died: its %s decision goes to another one", pending.job.game)
                self.stats.retries += 1
                self._push(pending)
        self._dispatch()

    def _readable(self, worker: _Worker) -> None:
        try:
            message = worker.conn.recv()
        except (OSError, EOFError):  # the worker ended
            self._replace(worker)
            return
        if isinstance(message, str):  # "ready"
            if not worker.ready.done():
                worker.ready.set_result(None)
            return
        pending, worker.pending = worker.pending, None
        self._idle.append(worker)
        if pending is not None and pending.job.level == "expert" and self._loop is not None:
            self.stats.busy += self._loop.time() - pending.sent
            self.stats.took(self._loop.time() - pending.sent - pending.job.budget)
            if isinstance(message, Reply):
                self.stats.searched(message)
        if pending is not None and not pending.done.done():
            if isinstance(message, BaseException):
                pending.done.set_exception(message)
            else:
                pending.done.set_result(message)
        self._dispatch()

    def _ended(self, worker: _Worker) -> None:
        if worker.conn.poll():  # it answered before it ended
            self._readable(worker)
        if worker in self._workers:
            self._replace(worker)
