"""The image worker processes: jobs down each worker's pipe, PNG bytes back, read from the event loop.

:class:`DrawingPool` is what :func:`bot.infra.images.use_processes` starts; a worker runs
:func:`_serve` and draws with :func:`bot.infra.drawings.call`.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import pickle
import select
import struct
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from bot.infra.drawings import call as _call

log = logging.getLogger("bot.infra.images")


class WorkerLost(Exception):
    """The worker drawing an image died before answering (the image is then drawn in a thread)."""


BACKGROUND_SHARE = 4  # while clicks wait, one job in four is a background one
#: jobs a worker is sent before it answered the first: the next one is read as the last one ends
DEPTH = 2


@dataclass
class _Job:
    call: tuple[str, tuple[Any, ...], dict[str, Any]]  # rendering function, arguments
    done: asyncio.Future[bytes | None]
    urgent: bool


@dataclass
class _Worker:
    process: BaseProcess
    conn: Connection  # this process's end of the worker's pipe
    jobs: deque[asyncio.Future[bytes | None]] = field(default_factory=deque)  # sent, oldest first
    unread: bytearray = field(default_factory=bytearray)  # what came of an answer not yet whole


#: what goes down a worker's pipe instead of a job: draw your faces now (see :func:`_serve`)
WARM = b""
READ = 1 << 18  # bytes read from a worker's pipe at once: its answers in the pipe (DEPTH of them), whole
_LENGTH = struct.Struct("!i")  # ``Connection.send_bytes``' header: the message's length


def send_message(conn: Connection, data: bytes) -> None:
    """``data`` as one message of ``conn`` (``Connection.recv_bytes`` reads it), written at once, its
    length before it: ``Connection.send_bytes`` writes a message over 16 KiB (most images) in two,
    so the reader was woken by its header alone and read the rest in two more calls."""
    message = memoryview(_LENGTH.pack(len(data)) + data)
    fd = conn.fileno()
    while message:
        message = message[os.write(fd, message):]


def send_job(conn: Connection, call: tuple[str, tuple[Any, ...], dict[str, Any]] | None) -> None:
    """A job (rendering function name, arguments) down a worker's pipe, or ``None``: :data:`WARM`.
    Plain ``pickle`` bytes: ``Connection.send``'s pickler costs this process more for the same."""
    send_message(conn, WARM if call is None else pickle.dumps(call, pickle.HIGHEST_PROTOCOL))


def _readable(fd: int) -> bool:
    """Whether ``fd`` has something to read now (``poll``: ``select`` refuses descriptors past 1023)."""
    waiting = select.poll()
    waiting.register(fd, select.POLLIN)
    return bool(waiting.poll(0))


def whole_messages(unread: bytearray) -> Iterator[bytes]:
    """The messages (:func:`send_message`) complete at the start of ``unread``, taken out of it."""
    start = 0
    while len(unread) - start >= _LENGTH.size:
        (size,) = _LENGTH.unpack_from(unread, start)
        end = start + _LENGTH.size + size
        if size < 0 or end > len(unread):  # (a negative length: the pipe is broken, see _receive)
            break
        yield bytes(unread[start + _LENGTH.size:end])
        start = end
    del unread[:start]


def _serve(conn: Connection) -> None:
    """A worker's loop: a job (:func:`send_job`) in, its PNG bytes out (empty: no image). Once it has
    drawn its first image, or been told the pool drew one (:data:`WARM` in, nothing out), while no job
    waits, it draws every card face once (``rendering.warm_faces``, one at a time: a job waits for
    at most one face), so images do not draw their faces while a player waits. Not before the first
    image: the workers start with the bot, and their warming would compete with the restore of the
    tables for the cores (docs/decisions.md, « Card faces warmed in the workers »)."""
    import rendering  # imported once, before the first image

    faces: Iterator[Callable[[], object]] | None = None
    drawn = False
    while True:
        try:
            while faces is not None and not conn.poll():
                draw = next(faces, None)
                if draw is None:
                    faces = None
                else:
                    try:
                        draw()
                    except Exception:  # drawn, and logged, when an image needs it
                        faces = None
            job = conn.recv_bytes()
        except (EOFError, OSError, KeyboardInterrupt):  # the bot closed the pipe or stops
            return
        if job != WARM:
            name, args, kwargs = pickle.loads(job)
            send_message(conn, _call(name, *args, **kwargs) or b"")
        if not drawn:
            drawn, faces = True, rendering.warm_faces()


class DrawingPool:
    """Image worker processes fed straight from the event loop.

    A job goes down a worker's own pipe and its PNG comes back through a reader on the loop: no
    executor threads, queues or locks in between. Each worker's pipe stays on the loop's readers for
    the worker's life (docs/decisions.md, « Image workers fed from the event loop »); each message goes in one write and what the
    pipe holds is read in one call (:func:`send_message`, :meth:`_receive`). Jobs wait for a
    worker, clicks first (:meth:`_next`).

    A worker that has just drawn draws the next image faster than one woken from its wait, so
    images asked together (a click's hand, the table, the next
    player's hand) go to the same worker, one behind the other (:data:`DEPTH` in its pipe: it
    reads the next as it sends the last), and an idle worker takes a job only when the busy ones
    are full, the one that answered last first. The other workers take the
    bursts; each draws its card faces once the pool drew its first image (:func:`_serve`).
    A worker that dies is replaced at once and its images are drawn in a thread instead. The pool
    serves one event loop: used from another one (tests), it starts fresh workers."""

    def __init__(self, workers: int) -> None:
        self.size = workers
        self._context = multiprocessing.get_context("spawn")
        self._workers: list[_Worker] = []
        self._idle: list[_Worker] = []  # no job sent: the last one in takes the next job
        self._woken = False  # the workers were told to warm (the pool's first job)
        self._urgent: deque[_Job] = deque()  # a click's answer
        self._background: deque[_Job] = deque()  # the table image, other seats' hands, recaps
        self._streak = 0  # urgent jobs sent in a row while background ones waited
        self._loop: asyncio.AbstractEventLoop | None = None
        for _ in range(workers):  # started now, in the background, rather than at a player's click
            self._spawn()

    def pids(self) -> list[int]:
        return [w.process.pid for w in self._workers if w.process.pid is not None]

    async def draw(self, name: str, *args: Any, urgent: bool = False, **kwargs: Any) -> bytes | None:
        """``rendering.<name>(*args, **kwargs)`` drawn by a worker (:func:`_call`'s result);
        ``urgent``: a player waits for it (see :meth:`_next`)."""
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            if self._loop is not None:
                self._restart()
            self._loop = loop
            for worker in self._workers:
                self._watch(worker)
        done: asyncio.Future[bytes | None] = loop.create_future()
        (self._urgent if urgent else self._background).append(_Job((name, args, kwargs), done, urgent))
        self._dispatch()
        try:
            return await done
        except WorkerLost:
            log.warning("an image worker died: this image drawn here, a new worker started")
            return await asyncio.to_thread(_call, name, *args, **kwargs)

    def close(self) -> None:
        for worker in self._workers:
            self._stop(worker)
        self._workers.clear()
        self._idle.clear()
        if self._loop is not None and not self._loop.is_closed():
            for job in (*self._urgent, *self._background):
                job.done.cancel()
        self._urgent.clear()
        self._background.clear()

    def _spawn(self) -> None:
        ours, theirs = self._context.Pipe()
        process = self._context.Process(target=_serve, args=(theirs,), daemon=True, name="tapis-images")
        process.start()
        theirs.close()
        worker = _Worker(process, ours)
        self._workers.append(worker)
        self._idle.append(worker)
        if self._loop is not None:
            self._watch(worker)
        if self._woken:  # a worker replaced while the bot serves: it warms at once
            self._tell_warm(worker)

    def _watch(self, worker: _Worker) -> None:
        """A worker's end, watched from the loop: one that dies idle is replaced at once, one that
        dies drawing has its images drawn here (its pipe may not even end: one that dies as it
        starts, before taking its end of the pipe)."""
        assert self._loop is not None
        self._loop.add_reader(worker.process.sentinel, self._ended, worker)
        self._loop.add_reader(worker.conn.fileno(), self._answered, worker)

    def _stop(self, worker: _Worker) -> None:
        if self._loop is not None and not self._loop.is_closed():
            self._loop.remove_reader(worker.process.sentinel)
            self._loop.remove_reader(worker.conn.fileno())
            for done in worker.jobs:
                if not done.done():
                    done.set_exception(WorkerLost())
        worker.jobs.clear()
        worker.conn.close()
        worker.process.kill()

    def _restart(self) -> None:
        for worker in self._workers:
            self._stop(worker)
        self._workers.clear()
        self._idle.clear()
        self._woken = False
        self._loop = None  # the new workers are watched from the new loop
        for _ in range(self.size):
            self._spawn()

    def _replace(self, worker: _Worker) -> None:
        self._stop(worker)
        self._workers.remove(worker)
        if worker in self._idle:
            self._idle.remove(worker)
        self._spawn()

    def _next(self) -> _Job:
        """Clicks first: a hand a player clicked for goes before the background redraws, but one
        background job in :data:`BACKGROUND_SHARE` goes out while clicks wait, so a burst of
        table images delays no click by its whole length and the tables never stop updating."""
        if self._background and (not self._urgent or self._streak >= BACKGROUND_SHARE - 1):
            self._streak = 0
            return self._background.popleft()
        self._streak += 1 if self._background else 0
        return self._urgent.popleft()

    def _taker(self) -> _Worker | None:
        """The worker for the next job: a busy one with room in its pipe (it draws it straight
        after its current image), else the idle one that answered last; ``None``: all full."""
        hot = [w for w in self._workers if 0 < len(w.jobs) < DEPTH]
        if hot:
            return min(hot, key=lambda w: len(w.jobs))
        return self._idle.pop() if self._idle else None

    def _dispatch(self) -> None:
        """Hand the waiting jobs to the workers (:meth:`_next`, :meth:`_taker`)."""
        while self._urgent or self._background:
            worker = self._taker()
            if worker is None:
                return
            job = self._next()
            if job.done.done():  # its caller gave up waiting
                self._ready(worker)
                continue
            if not self._woken:
                self._wake(worker)
            try:
                send_job(worker.conn, job.call)
            except (OSError, EOFError):  # the worker is gone: a new one, and this job waits again
                (self._urgent if job.urgent else self._background).appendleft(job)
                self._replace(worker)
                continue
            except Exception:  # arguments that cannot be sent (a bug): no image, as when drawing fails
                log.exception("could not send rendering.%s to an image worker", job.call[0])
                self._ready(worker)
                job.done.set_result(None)
                continue
            worker.jobs.append(job.done)

    def _ready(self, worker: _Worker) -> None:
        """``worker`` was chosen but sent nothing: idle again when it has no job."""
        if not worker.jobs:
            self._idle.append(worker)

    def _wake(self, busy: _Worker) -> None:
        """The pool's first job goes to ``busy``: the other workers start drawing their faces now
        (:func:`_serve`), so a burst that reaches them later does not wait for its faces."""
        self._woken = True
        for worker in self._workers:
            if worker is not busy:
                self._tell_warm(worker)

    @staticmethod
    def _tell_warm(worker: _Worker) -> None:
        try:
            send_job(worker.conn, None)
        except (OSError, EOFError):  # gone: its end is seen by the loop (:meth:`_watch`)
            pass

    def _receive(self, worker: _Worker, ended: bool = False) -> bool:
        """Read what the worker's pipe holds (one call: the loop saw it readable) and hand out its
        whole answers, in the order of its jobs (an answer not yet whole waits for the next read);
        ``False``: its pipe ended, or it sent what was not asked. ``ended``: the worker's process is
        gone: what its pipe still holds is read (not to its end, which another process may hold)."""
        fd = worker.conn.fileno()
        while True:
            if ended and not _readable(fd):
                return False
            try:
                data = os.read(fd, READ)
            except OSError:
                return False
            worker.unread += data
            for png in whole_messages(worker.unread):
                if not worker.jobs:
                    return False
                done = worker.jobs.popleft()
                if not done.done():
                    done.set_result(png or None)
            if len(worker.unread) >= _LENGTH.size and _LENGTH.unpack_from(worker.unread)[0] < 0:
                return False  # not a length this pool writes: the pipe is not to be trusted
            if not data:
                return False
            if not ended:
                return True

    def _answered(self, worker: _Worker) -> None:
        """The worker's pipe is readable: its answers (or its end). Its reader stays on the loop
        while it lives (adding and removing it at each job cost more than the job's pipe)."""
        if not self._receive(worker):
            self._replace(worker)  # its jobs left are drawn here
        elif not worker.jobs and worker not in self._idle:
            self._idle.append(worker)
        self._dispatch()

    def _ended(self, worker: _Worker) -> None:
        """The worker's process ended: the answers it sent first are kept, it is replaced."""
        if worker in self._workers:
            self._receive(worker, ended=True)
            self._replace(worker)
            self._dispatch()
