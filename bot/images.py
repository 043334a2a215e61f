"""Thin bridge to the ``rendering`` package: PNG bytes, or ``None`` when it cannot draw.

When ``rendering`` lacks a function (not published yet) or fails, the bot falls back to
text-only embeds; a rendering failure is logged without the view (it may hold a hand).

Table and hand images are cached (issue 14): a small LRU keyed by what the image is drawn from
(the view, the names, the language; a hand by what its picture shows: ``rendering.hand_key``). A
view is fixed by (table, revision, seat), so each public table image is drawn once per (table,
revision, language) and each hand at most once per (seat, revision, language), however many times
the presenter and the live hands ask; a waiting seat's hand, unchanged while the others play, is
not drawn again.
Keying by the content rather than by the table's revision number means a view taken just before
the table moved on can never be served the newer picture (the drawing runs in a worker thread
or process, see :func:`use_processes`).
"""

from __future__ import annotations

import io
import json
import logging
import multiprocessing
import threading
from collections import OrderedDict
from collections.abc import Hashable
from concurrent.futures import BrokenExecutor, ProcessPoolExecutor
from typing import Any

log = logging.getLogger(__name__)


class ImageCache:
    """A thread-safe LRU of image bytes; ``hits`` and ``misses`` count the look-ups."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[Hashable, bytes] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def get(self, key: Hashable) -> bytes | None:
        with self._lock:
            png = self._items.get(key)
            if png is None:
                self.misses += 1
                return None
            self.hits += 1
            self._items.move_to_end(key)
            return png

    def put(self, key: Hashable, png: bytes) -> None:
        with self._lock:
            self._items[key] = png
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.hits = self.misses = 0


TABLES = ImageCache(256)  # about 30 KiB each
HANDS = ImageCache(2048)  # about 20 KiB each (40 MiB at most): every seat of a few hundred tables, twice


def _key(*parts: Any) -> str:
    """A canonical text of what an image is drawn from (views are JSON data)."""
    return json.dumps(parts, sort_keys=True, separators=(",", ":"), default=str)


def _call(name: str, *args: Any, **kwargs: Any) -> bytes | None:
    try:
        import rendering
    except Exception:  # missing or broken: play goes on with text-only embeds
        log.exception("rendering unavailable")
        return None
    fn = getattr(rendering, name, None)
    if fn is None:
        return None
    try:
        out = fn(*args, **kwargs)
    except Exception:
        log.exception("rendering.%s failed", name)
        return None
    if isinstance(out, bytes | bytearray):
        return bytes(out)
    if hasattr(out, "save"):  # a Pillow image: encode it
        buf = io.BytesIO()
        out.save(buf, format="PNG")
        return buf.getvalue()
    return None


_pool: ProcessPoolExecutor | None = None


def use_processes(workers: int) -> None:
    """Draw the table and hand images in ``workers`` processes (0: in the calling thread).

    Drawing is CPU bound and holds the interpreter lock for most of its time: in threads it
    slows the event loop, which must wake for every database step of every click. In processes
    it runs beside the loop; only the view goes there and the PNG bytes come back. The caches
    stay in this process. A broken pool (a worker killed) is replaced at the next drawing; a
    pool of that size already running is kept."""
    global _pool
    if _pool is not None and _pool._max_workers == workers:  # type: ignore[attr-defined]
        return
    old, _pool = _pool, None
    if old is not None:
        old.shutdown(wait=False, cancel_futures=True)
    if workers > 0:
        _pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"), initializer=_warm)
        for _ in range(workers):  # started now, in the background, rather than at a player's click
            _pool.submit(int)


def _warm() -> None:
    """A worker imports the rendering once, before its first image."""
    import rendering  # noqa: F401


def _draw(name: str, *args: Any, **kwargs: Any) -> bytes | None:
    """:func:`_call` in a worker process when there is a pool (waits for it: call from a thread)."""
    pool = _pool
    if pool is None:
        return _call(name, *args, **kwargs)
    try:
        return pool.submit(_call, name, *args, **kwargs).result()
    except BrokenExecutor:
        log.warning("image workers broken: drawing here, a new pool for the next image")
        if _pool is pool:
            workers = pool._max_workers  # type: ignore[attr-defined]
            use_processes(0)
            use_processes(workers)
        return _call(name, *args, **kwargs)


def _cached(cache: ImageCache, key: Hashable, name: str, *args: Any, **kwargs: Any) -> bytes | None:
    png = cache.get(key)
    if png is None:
        png = _draw(name, *args, **kwargs)
        if png is not None:  # a failure is not remembered: the next change tries again
            cache.put(key, png)
    return png


def table_png(view: dict[str, Any], names: list[str], locale: str) -> bytes | None:
    return _cached(TABLES, _key(view, names, locale), "table_image", view, names=names, locale=locale)


def _hand_key(view: dict[str, Any], locale: str, legal: list[str] | None) -> Hashable:
    """What the hand image is drawn from (``rendering.hand_key``): a seat's hand is drawn again
    only when its picture changes, not at every move of the others; the whole view when the
    rendering cannot tell."""
    try:
        import rendering

        return ("plan", rendering.hand_key(view, locale, legal))
    except Exception:  # missing or failing: _call logs it when drawing
        return _key(view, locale, legal)


def hand_png(view: dict[str, Any], locale: str, legal: list[str] | None) -> bytes | None:
    """``legal``: the card codes playable now (the args of the legal actions)."""
    return _cached(HANDS, _hand_key(view, locale, legal), "hand_image", view, locale=locale, legal=legal)


def recap_png(view: dict[str, Any], names: list[str], locale: str) -> bytes | None:
    return _call("recap_image", view, names=names, locale=locale)


def scoreboard_png(rows: list[dict[str, Any]], locale: str, title: str | None = None) -> bytes | None:
    return _call("scoreboard_image", rows, locale=locale, title=title)
