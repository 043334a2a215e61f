"""Shared pieces of the computer players' levels: the search budget loop and the easy level.

Levels (``Game.computer_player(level)``): ``"easy"`` (a plausible beginner: each game's
``easy.Beginner``, bidding from a rule of thumb and playing legal, sensible cards with a beginner's
mistakes), ``"normal"`` (the heuristic player) and ``"expert"`` (determinized search, games with
an ``expert`` module). Expert players also offer ``advise(view, legal, rng, budget)``:
their options best first as ``(action, expected points, win chance or None)``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any, ClassVar

from games.base import Player

LEVELS = ("easy", "normal", "expert")


def bits(mask: int) -> list[int]:
    """The set bit positions of ``mask``, lowest first (card indices of a hand's bit mask)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out

#: the expert's default thinking time per decision (seconds)
DEFAULT_BUDGET = 1.0


class Search:
    """Counts samples while a time budget (seconds) or a sample count remains.

    The time of the slowest round so far is anticipated, so a decision rarely overruns its
    budget; ``min_samples`` rounds are always run. Without a budget or a count, 64 rounds.
    """

    #: decisions searched and samples run by every search of this process (for benchmarks)
    tally: ClassVar[dict[str, int]] = {"decisions": 0, "samples": 0}

    def __init__(self, budget: float | None, samples: int | None = None, min_samples: int = 4) -> None:
        self.budget = budget
        self.samples = samples
        self.min_samples = min_samples

    def loop(self) -> Iterator[int]:
        Search.tally["decisions"] += 1
        for n in self._loop():
            Search.tally["samples"] += 1
            yield n

    def _loop(self) -> Iterator[int]:
        start = last = time.perf_counter()
        worst = 0.0
        n = 0
        while True:
            if self.samples is not None and n >= self.samples:
                return
            now = time.perf_counter()
            worst = max(worst, now - last)
            last = now
            if self.budget is not None and self.samples is None and n >= self.min_samples \
                    and now - start + worst > self.budget:
                return
            if self.samples is None and self.budget is None and n >= 64:
                return
            yield n
            n += 1


def make_player(level: str, normal: Callable[[], Player], expert: Callable[[], Player] | None = None,
                easy: Callable[[], Player] | None = None, **expert_args: Any) -> Player:
    """The player of ``level`` from the game's factories (``expert`` and ``easy`` fall back on
    normal when the game has none). :raises ValueError: on an unknown level."""
    if level == "normal":
        return normal()
    if level == "easy":
        return easy() if easy is not None else normal()
    if level == "expert":
        return expert(**expert_args) if expert is not None else normal()
    raise ValueError(f"unknown level {level!r} (expected one of {', '.join(LEVELS)})")
