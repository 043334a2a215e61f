"""Python's cyclic garbage collector paused while the bot starts (restore in ≤ 2 s).

A start-up builds tens of thousands of objects that live as long as the process (the tables in
play, their seats, what the presenter showed of each). Each allocation counts towards the next
collection, and each full collection walks the whole grown heap again (docs/decisions.md, « The
garbage collector at start-up and in play »). Paused meanwhile, the objects that survived are then frozen
(:func:`gc.freeze`): later collections, during play, do not walk them either. Reference counting
still frees them when a table goes.

In play, the youngest generation is collected every :data:`YOUNG` allocations rather than
Python's 700 (which made it about one collection a move, and a full collection, walking every
object made since the start-up, every hundred moves or so), so full collections come far less
often. Only cyclic garbage waits longer: reference counting
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
