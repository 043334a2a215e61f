"""Image caches: a public table image is drawn once per (table, revision, language),
a hand at most once per (seat, revision, language) and again only when its picture changes."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

import games
import rendering
from bot.infra import image_workers, images


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    calls: list[str] = []
    # a hand is drawn from its plan (``plan_image``) or its view: both count as "hand_image"
    for name, label in (("table_image", "table_image"), ("hand_image", "hand_image"), ("plan_image", "hand_image")):
        real = getattr(rendering, name)

        def counting(*args: Any, _real: Any = real, _name: str = label, **kwargs: Any) -> bytes:
            calls.append(_name)
            return _real(*args, **kwargs)

        monkeypatch.setattr(rendering, name, counting)
    images.TABLES.clear()
    images.HANDS.clear()
    yield calls
    images.TABLES.clear()
    images.HANDS.clear()


async def test_table_and_hand_drawn_once_per_revision_and_language(drawn: list[str]) -> None:
    state = games.GAMES["tarot"].new(4, "cache", None)
    names = ["a", "b", "c", "d"]
    first = await images.table_png(state.view(None), names, "fr")
    assert first and await images.table_png(state.view(None), names, "fr") == first
    assert drawn == ["table_image"]
    await images.table_png(state.view(None), names, "en")  # another language: drawn again
    assert drawn == ["table_image"] * 2
    seat = state.to_act()
    legal = [a.arg for a in state.legal_actions(seat) if a.arg]
    hand = await images.hand_png(state.view(seat), "fr", legal)
    assert hand and await images.hand_png(state.view(seat), "fr", legal) == hand
    assert drawn.count("hand_image") == 1
    later = state.apply(seat, state.legal_actions(seat)[0])  # the next revision: drawn again
    assert await images.table_png(later.view(None), names, "fr") != first
    await images.hand_png(later.view(seat), "fr", [])  # a bid leaves the hand's picture as it was
    assert drawn.count("table_image") == 3 and drawn.count("hand_image") == 1
    assert images.TABLES.hits == 1 and images.HANDS.hits == 2


async def test_cache_is_bounded_and_failures_are_not_kept(drawn: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    cache = images.ImageCache(2)
    for key in "abc":
        cache.put(key, key.encode())
    assert cache.get("a") is None and cache.get("c") == b"c"
    monkeypatch.setattr(rendering, "table_image", lambda *a, **k: 1 / 0)
    view = games.GAMES["tarot"].new(4, "fail", None).view(None)
    assert await images.table_png(view, ["a", "b", "c", "d"], "fr") is None
    monkeypatch.undo()
    assert await images.table_png(view, ["a", "b", "c", "d"], "fr")  # drawn now that rendering works


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_a_hand_is_keyed_by_what_its_picture_shows(name: str) -> None:
    """Two views with the same ``rendering.hand_key`` give the same picture (the key holds all the
    hand image is drawn from), and a waiting seat's hand keeps its key while the others play."""
    from rendering.samples import SHORT, legal_codes, playout

    game = games.GAMES[name]
    seats = max(game.min_seats, min(4, game.max_seats))
    states = playout(game, seats, seed=3, options=SHORT.get(game.name))[:40]
    pictures: dict[Any, bytes] = {}
    kept = 0
    for state in states:
        to_act = state.to_act()
        for seat in range(seats):
            legal = legal_codes(game, state, seat) if seat == to_act else None
            key = rendering.hand_key(state.view(seat), "en", legal)
            png = rendering.hand_image(state.view(seat), "en", legal)
            if key in pictures:
                kept += 1
                assert pictures[key] == png, f"{name} seat {seat} at revision {state.rev}"
            pictures[key] = png
    assert kept >= len(states) * (seats - 2) / 2  # waiting hands were not drawn again


async def test_a_waiting_hand_is_not_drawn_again(drawn: list[str]) -> None:
    state = games.GAMES["tarot"].new(4, "waiting", None)
    seat = state.to_act()
    other = (seat + 1) % 4
    waiting = await images.hand_png(state.view(other), "fr", None)
    later = state.apply(seat, state.legal_actions(seat)[0])  # another seat bid: this hand is unchanged
    assert later.view(other) != state.view(other)
    assert await images.hand_png(later.view(other), "fr", None) == waiting
    assert drawn == ["hand_image"]
    await images.hand_png(later.view(other), "en", None)  # another language: drawn again
    assert drawn == ["hand_image"] * 2


async def test_images_drawn_in_worker_processes_are_the_same_and_survive_killed_workers() -> None:
    """``IMAGE_WORKERS``: the images come from worker processes, byte for byte those drawn here;
    a worker killed while idle or while drawing costs no image (drawn by a new worker, or here)."""
    import os
    import signal

    state = games.GAMES["tresillo"].new(4, "workers", None)
    names = ["a", "b", "c", "d"]
    seat = state.to_act()
    later = state.apply(seat, state.legal_actions(seat)[0])

    def local(view: dict[str, Any], locale: str) -> bytes:
        return rendering.table_image(view, names=names, locale=locale)

    images.TABLES.clear()
    images.HANDS.clear()
    images.use_processes(2)
    try:
        pool = images._pool
        assert pool is not None
        assert await images.table_png(state.view(None), names, "en") == local(state.view(None), "en")
        assert await images.hand_png(state.view(seat), "en", None) == rendering.hand_image(state.view(seat), "en")
        images.use_processes(2)  # the same size: kept
        assert images._pool is pool
        first = pool.pids()
        for pid in first:  # killed while idle: the next job goes to a new worker
            os.kill(pid, signal.SIGKILL)
        await asyncio.sleep(0.2)
        assert await images.table_png(later.view(None), names, "en") == local(later.view(None), "en")
        drawing = asyncio.create_task(images.table_png(state.view(None), names, "fr"))
        await asyncio.sleep(0)  # handed to a worker (a first image there takes tens of ms)
        busy = [w.process.pid for w in pool._workers if w.jobs]
        assert busy
        for pid in busy:
            os.kill(pid, signal.SIGKILL)
        assert await drawing == local(state.view(None), "fr")  # drawn here instead
        assert await pool.draw("table_image", {"seats": 2, "unsendable": lambda: None}) is None  # logged, no image
        gone = asyncio.create_task(images.table_png(later.view(None), names, "fr"))
        await asyncio.sleep(0)
        gone.cancel()  # a caller that stops waiting leaves the pool working
        assert await images.table_png(later.view(None), names, "es") == local(later.view(None), "es")
        assert len(pool.pids()) == 2 and not set(pool.pids()) & set(first)
    finally:
        images.use_processes(0)
        images.TABLES.clear()
        images.HANDS.clear()
    assert images._pool is None


def test_clicks_go_first_but_background_jobs_keep_a_share() -> None:
    pool = image_workers.DrawingPool(0)
    for i in range(6):
        pool._background.append(image_workers._Job(("b", (i,), {}), None, False))  # type: ignore[arg-type]
        pool._urgent.append(image_workers._Job(("u", (i,), {}), None, True))  # type: ignore[arg-type]
    order = "".join(pool._next().call[0] for _ in range(12))
    assert order == "uuubuuubbbbb"  # one in BACKGROUND_SHARE while clicks wait, then what is left


async def test_a_click_overtakes_the_background_redraws_in_the_worker_queue() -> None:
    state = games.GAMES["tarot"].new(4, "order", None)
    names = ["a", "b", "c", "d"]
    seat = state.to_act()
    images.TABLES.clear()
    images.HANDS.clear()
    images.use_processes(1)
    finished: list[str] = []

    async def track(label: str, drawing: Any) -> None:
        assert await drawing
        finished.append(label)

    try:
        tables = [track(f"table {n}", images.table_png(state.view(None), [*names[:3], n], "fr")) for n in "vwxyz"]
        await asyncio.gather(*tables, track("hand", images.hand_png(state.view(seat), "fr", None, urgent=True)))
    finally:
        images.use_processes(0)
        images.TABLES.clear()
        images.HANDS.clear()
    # after the table images already in the worker's pipe (the one being drawn, the next), before the others
    assert finished.index("hand") == image_workers.DEPTH


async def test_a_worker_that_dies_without_closing_its_pipe_costs_no_image(monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker can end with its pipe still open elsewhere (one killed as it starts, before it
    took its end): its process ending is watched too, so the image is drawn here, not awaited forever."""
    import os
    import signal
    from multiprocessing.connection import Connection

    class KeepingTheirEnd:  # the worker's end of each pipe stays open in this process too
        def __init__(self, context: Any) -> None:
            self.context, self.kept = context, []

        def Pipe(self) -> Any:
            ours, theirs = self.context.Pipe()
            self.kept.append(Connection(os.dup(theirs.fileno())))
            return ours, theirs

        def Process(self, *args: Any, **kwargs: Any) -> Any:
            return self.context.Process(*args, **kwargs)

    pool = image_workers.DrawingPool(0)
    pool._context = KeepingTheirEnd(pool._context)  # type: ignore[assignment]
    pool.size = 1
    pool._spawn()
    monkeypatch.setattr(images, "_pool", pool)
    state = games.GAMES["piquet"].new(2, "sentinel", None)
    images.TABLES.clear()
    try:
        drawing = asyncio.create_task(images.table_png(state.view(None), ["a", "b"], "fr"))
        await asyncio.sleep(0)
        os.kill(pool.pids()[0], signal.SIGKILL)
        png = await asyncio.wait_for(drawing, 30)
        assert png == rendering.table_image(state.view(None), names=["a", "b"], locale="fr")
    finally:
        pool.close()
        for end in pool._context.kept:  # type: ignore[attr-defined]
            end.close()
        images.TABLES.clear()


def test_a_hand_drawn_from_its_plan_has_the_same_pixels() -> None:
    """The image workers get the hand's plan (its cache key), not its view: same PNG."""
    for name in sorted(games.GAMES):
        state = games.GAMES[name].new(games.GAMES[name].min_seats, "plan", None)
        for seat in range(state.seats):
            view = state.view(seat)
            legal = [a.arg for a in state.legal_actions(seat) if a.arg] or None
            assert rendering.plan_image(rendering.hand_key(view, "es", legal)) == rendering.hand_image(view, "es", legal)


def test_an_image_worker_answers_its_first_job_then_draws_every_face_while_idle() -> None:
    """An image worker's loop (here in a thread of this process, to see its caches) answers its
    first job at once, then draws the card faces while no job waits."""
    import multiprocessing
    import threading
    import time

    from rendering.cards import _face

    _face.cache_clear()
    ours, theirs = multiprocessing.Pipe()
    worker = threading.Thread(target=image_workers._serve, args=(theirs,), daemon=True)
    worker.start()
    state = games.GAMES["piquet"].new(2, "warm", None)
    image_workers.send_job(ours, ("hand_image", (state.view(0), "fr"), {}))
    began = time.perf_counter()
    png = ours.recv_bytes()
    at_answer = _face.cache_info().currsize
    assert png and png.startswith(b"\x89PNG") and time.perf_counter() - began < 2.0
    deadline = time.monotonic() + 60
    while _face.cache_info().currsize < 300 and time.monotonic() < deadline:
        time.sleep(0.05)
    warmed = _face.cache_info().currsize
    assert warmed >= 300  # the hand's, the trick's and the cells' faces, in French and English
    assert at_answer < warmed / 2  # the job was answered before any warming
    image_workers.send_job(ours, ("hand_image", (state.view(1), "en"), {}))
    assert ours.recv_bytes().startswith(b"\x89PNG")  # a job while warming: answered too
    ours.close()
    worker.join(10)
    assert not worker.is_alive()


def test_an_image_worker_told_the_pool_drew_warms_without_answering() -> None:
    """:data:`image_workers.WARM` down a worker's pipe (the pool drew its first image elsewhere): the worker
    draws its faces while idle, and sends nothing back for it."""
    import multiprocessing
    import threading
    import time

    from rendering.cards import _face

    _face.cache_clear()
    ours, theirs = multiprocessing.Pipe()
    worker = threading.Thread(target=image_workers._serve, args=(theirs,), daemon=True)
    worker.start()
    image_workers.send_job(ours, None)
    deadline = time.monotonic() + 60
    while _face.cache_info().currsize < 300 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _face.cache_info().currsize >= 300
    assert not ours.poll()  # no answer to the wake
    state = games.GAMES["piquet"].new(2, "woken", None)
    image_workers.send_job(ours, ("hand_image", (state.view(0), "fr"), {}))
    assert ours.recv_bytes() == rendering.hand_image(state.view(0), "fr")
    ours.close()
    worker.join(10)
    assert not worker.is_alive()


async def test_a_move_s_images_go_to_the_same_worker_one_behind_the_other() -> None:
    """Images asked together go down the busy worker's pipe (:data:`image_workers.DEPTH` at most) before
    an idle worker is woken; alone, each goes to the worker that answered last. Every image comes
    back to its own caller."""
    state = games.GAMES["tarot"].new(4, "pipe", None)
    views = [state.view(None)]
    for _ in range(4):
        seat = state.to_act()
        state = state.apply(seat, state.legal_actions(seat)[0])
        views.append(state.view(None))
    names = ["a", "b", "c", "d"]
    images.TABLES.clear()
    images.use_processes(2)
    try:
        pool = images._pool
        assert pool is not None
        await pool.draw("warm_up")  # both workers ready (the second one warms when told)
        await pool.draw("warm_up")
        drawings = [asyncio.ensure_future(images.table_png(view, names, "fr")) for view in views[:3]]
        await asyncio.sleep(0)
        loads = sorted(len(w.jobs) for w in pool._workers)
        assert loads == [1, image_workers.DEPTH]  # the first worker full, then the other one
        pngs = await asyncio.gather(*drawings)
        assert pngs == [rendering.table_image(view, names=names, locale="fr") for view in views[:3]]
        last = pool._idle[-1]
        for view in views[3:]:
            drawing = asyncio.ensure_future(images.table_png(view, names, "fr"))
            await asyncio.sleep(0)
            assert last.jobs and not any(w.jobs for w in pool._workers if w is not last)
            await drawing
            assert pool._idle[-1] is last  # the worker that answered last takes the next one
    finally:
        images.use_processes(0)
        images.TABLES.clear()


async def test_an_image_worker_that_dies_idle_is_replaced_at_once() -> None:
    import os
    import signal

    images.use_processes(2)
    try:
        pool = images._pool
        assert pool is not None
        await pool.draw("warm_up")  # the pool watches its workers from this loop
        first = pool.pids()
        os.kill(first[0], signal.SIGKILL)
        for _ in range(100):
            await asyncio.sleep(0.05)
            if first[0] not in pool.pids():
                break
        assert len(pool.pids()) == 2 and first[0] not in pool.pids() and first[1] in pool.pids()
        state = games.GAMES["piquet"].new(2, "replaced", None)
        assert await images.table_png(state.view(None), ["a", "b"], "fr") == rendering.table_image(
            state.view(None), names=["a", "b"], locale="fr")
    finally:
        images.use_processes(0)
        images.TABLES.clear()


async def test_the_pool_registers_its_pipes_once_and_never_polls_them_through_multiprocessing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each worker's pipe is on the loop's readers for the worker's life: images drawn one
    after the other add and remove no reader, and no ``Connection.poll`` (a selector built at each
    call) reads their answers."""
    from multiprocessing.connection import Connection

    state = games.GAMES["piquet"].new(2, "readers", None)
    images.HANDS.clear()
    images.use_processes(2)
    try:
        pool = images._pool
        assert pool is not None
        await pool.draw("warm_up")
        loop = asyncio.get_running_loop()
        changes: list[str] = []
        for name in ("add_reader", "remove_reader"):
            real = getattr(loop, name)
            monkeypatch.setattr(loop, name, lambda *a, _real=real, _name=name: (changes.append(_name), _real(*a))[1])
        polled: list[int] = []
        real_poll = Connection.poll
        monkeypatch.setattr(Connection, "poll", lambda self, *a: (polled.append(1), real_poll(self, *a))[1])
        for seat in (0, 1, 0, 1):
            png = await pool.draw("hand_image", state.view(seat), "fr")
            assert png == rendering.hand_image(state.view(seat), "fr")
        assert changes == [] and polled == []
    finally:
        images.use_processes(0)
        images.HANDS.clear()


def test_a_message_to_or_from_a_worker_goes_in_one_write(monkeypatch: pytest.MonkeyPatch) -> None:
    """A job or an image is one write, its length before it (``Connection.send_bytes`` writes
    a message over 16 KiB in two, so the bot was woken by the header alone), and ``recv_bytes`` (the
    worker's) reads it as sent."""
    import multiprocessing
    import os

    ours, theirs = multiprocessing.Pipe()
    writes: list[int] = []
    real_write = os.write
    monkeypatch.setattr(os, "write", lambda fd, data: (writes.append(len(data)), real_write(fd, data))[1])
    try:
        for size in (0, 10, 40_000):
            image_workers.send_message(ours, bytes(range(256)) * (size // 256) + b"x" * (size % 256))
        assert writes == [4, 14, 40_004]
        assert [len(theirs.recv_bytes()) for _ in range(3)] == [0, 10, 40_000]
    finally:
        ours.close()
        theirs.close()


async def test_an_answer_read_in_parts_is_handed_out_whole_and_in_order() -> None:
    """What the pipe holds is read in one call: an answer not yet whole waits for the next read,
    two answers read together go to their jobs in order, and an answer nobody asked for ends the
    worker (its pipe is not to be trusted)."""
    import multiprocessing
    import os

    ours, theirs = multiprocessing.Pipe()
    loop = asyncio.get_running_loop()
    worker = image_workers._Worker(multiprocessing.current_process(), ours)
    pool = image_workers.DrawingPool(0)
    try:
        first, second = loop.create_future(), loop.create_future()
        worker.jobs.extend((first, second))
        one, two = b"P" * 30_000, b"Q" * 5
        message = image_workers._LENGTH.pack(len(one)) + one + image_workers._LENGTH.pack(len(two)) + two
        os.write(theirs.fileno(), message[:2])  # not even the whole length
        assert pool._receive(worker) and not first.done()
        os.write(theirs.fileno(), message[2:20_000])
        assert pool._receive(worker) and not first.done()
        os.write(theirs.fileno(), message[20_000:])
        assert pool._receive(worker)
        assert first.result() == one and second.result() == two and not worker.jobs and not worker.unread
        os.write(theirs.fileno(), image_workers._LENGTH.pack(1) + b"R")
        assert not pool._receive(worker)  # nothing was asked
        theirs.close()
        assert not pool._receive(worker, ended=True)  # the pipe's end: nothing left, no wait
    finally:
        ours.close()
