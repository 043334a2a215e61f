"""Python's cyclic garbage collector paused while the bot starts (restore in ≤ 2 s).

A start-up builds tens of thousands of objects that live as long as the process (the tables in
play, their seats, what the presenter showed of each). Each allocation counts towards the next
collection, and each full collection walks the whole grown heap again: at 10,000 tables that was
a quarter of the start-up (1.50 s of CPU, 1.07 s without it on a loaded machine;
``benchmarks/restore.py``). Paused meanwhile, the objects that survived are then frozen
(:func:`gc.freeze`): later collections, during play, do not walk them either. Reference counting
still frees them when a table goes.

In play, the youngest generation is collected every :data:`YOUNG` allocations rather than
Python's 700 (which made it about one collection a move, and a full collection, walking every
object made since the start-up, every hundred moves or so): measured with
``benchmarks/real_load.py`` (20 tables, 1,000 moves), the collector's share of the bot's CPU went
from 0.72 to 0.32 ms a move, and a full collection (some 60 ms of a stalled loop there, more in a
bigger process) comes seven times less often. Only cyclic garbage waits longer: reference counting
frees the rest at once.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

_frozen = False
YOUNG = 5_000  # allocations between two collections of the youngest generation, once started (Python: 700)


@contextmanager
def paused() -> Iterator[None]:
    """The collector off inside the block, then back on (left off when it was off). The first
    start-up of the process freezes what survived it; a later one in the same process (tests start
    many bots) leaves its objects to the collector, with whatever garbage earlier ones left."""
    global _frozen
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            if not _frozen:
                _frozen = True
                gc.freeze()
                gc.set_threshold(YOUNG, *gc.get_threshold()[1:])
            gc.enable()
