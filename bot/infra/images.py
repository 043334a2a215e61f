"""Thin bridge to the ``rendering`` package: PNG bytes, or ``None`` when it cannot draw.

The drawing itself is :func:`bot.infra.drawings.call` (in a worker thread, or in the worker
processes of :mod:`bot.infra.image_workers`); when it fails the bot falls back to text-only embeds.

Table and hand images are cached: a small LRU keyed by what the image is drawn from
(the view, the names, the language; a hand by what its picture shows: ``rendering.hand_key``). A
view is fixed by (table, revision, seat), so each public table image is drawn once per (table,
revision, language) and each hand at most once per (seat, revision, language), however many times
the presenter and the live hands ask; a waiting seat's hand, unchanged while the others play, is
not drawn again.
Keying by the content rather than by the table's revision number means a view taken just before
the table moved on can never be served the newer picture (the drawing runs in a worker thread
or process, see :func:`use_processes`). The functions are coroutines: they wait for the drawing
without holding the event loop.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

import orjson

from bot.infra.drawings import call as _call
from bot.infra.image_workers import DrawingPool

if TYPE_CHECKING:
    from rendering.hand import HandPlan

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


def _key(*parts: Any) -> bytes:
    """A canonical JSON text (orjson's bytes, keys sorted) of what an image is drawn from."""
    return orjson.dumps(parts, default=str, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)


_pool: DrawingPool | None = None


def use_processes(workers: int) -> None:
    """Draw the images in ``workers`` processes (0: in worker threads).

    Drawing is CPU bound and holds the interpreter lock for most of its time: in threads it
    slows the event loop, which must wake for every database step of every click. In processes
    it runs beside the loop; only the view goes there and the PNG bytes come back. The caches
    stay in this process. A pool of that size already running is kept."""
    global _pool
    if _pool is not None and _pool.size == workers:
        return
    old, _pool = _pool, None
    if old is not None:
        old.close()
    if workers > 0:
        _pool = DrawingPool(workers)


async def _draw(name: str, *args: Any, urgent: bool = False, **kwargs: Any) -> bytes | None:
    """:func:`_call` in a worker process when there is a pool, else in a worker thread."""
    pool = _pool
    if pool is None:
        return await asyncio.to_thread(_call, name, *args, **kwargs)
    return await pool.draw(name, *args, urgent=urgent, **kwargs)


async def _cached(cache: ImageCache, key: Hashable, name: str, *args: Any, urgent: bool = False,
                  **kwargs: Any) -> bytes | None:
    png = cache.get(key)
    if png is None:
        png = await _draw(name, *args, urgent=urgent, **kwargs)
        if png is not None:  # a failure is not remembered: the next change tries again
            cache.put(key, png)
    return png


async def table_png(view: dict[str, Any], names: list[str], locale: str) -> bytes | None:
    return await _cached(TABLES, _key(view, names, locale), "table_image", view, names=names, locale=locale)


def hand_plan(view: dict[str, Any], locale: str, legal: list[str] | None) -> HandPlan | None:
    """What the hand image is drawn from (``rendering.hand_key``): a seat's hand is drawn again
    only when its picture changes, not at every move of the others; ``None`` when the rendering
    cannot tell (:func:`hand_png` then keys the image by the whole view)."""
    try:
        from rendering import hand_key

        return hand_key(view, locale, legal)
    except Exception:  # missing or failing: _call logs it when drawing
        return None


async def hand_png(view: dict[str, Any], locale: str, legal: list[str] | None, urgent: bool = False,
                   plan: HandPlan | None = None) -> bytes | None:
    """``legal``: the card codes playable now (the args of the legal actions); ``urgent``: the
    answer to the player's own click (drawn before background redraws); ``plan``: its
    :func:`hand_plan`, when the caller has it. The worker is sent the plan (the cache key:
    ``rendering.plan_image``), not the view to lay out again."""
    plan = plan if plan is not None else hand_plan(view, locale, legal)
    if plan is not None:
        return await _cached(HANDS, ("plan", plan), "plan_image", plan, urgent=urgent)
    key = _key(view, locale, legal)
    return await _cached(HANDS, key, "hand_image", view, locale=locale, legal=legal, urgent=urgent)


async def recap_png(view: dict[str, Any], names: list[str], locale: str) -> bytes | None:
    return await _draw("recap_image", view, names=names, locale=locale)


async def recap_pngs(view: dict[str, Any], names: list[str], locale: str, most: int = 4) -> list[bytes]:
    """The recap's images (``rendering.recap_page``: more than one when it would be too tall for
    Discord's box), drawn one after the other; none when the first cannot be drawn."""
    out: list[bytes] = []
    while len(out) < most and (png := await _draw("recap_page", view, names=names, locale=locale, page=len(out))):
        out.append(png)
    return out


async def scoreboard_png(rows: list[dict[str, Any]], locale: str, title: str | None = None) -> bytes | None:
    return await _draw("scoreboard_image", rows, locale=locale, title=title, urgent=True)  # answers a command
