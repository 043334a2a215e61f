"""When the play of restored tables resumes: each turn timer with what was left of it, and the
tables falling due at once spread out, in the order they fell due.

A turn timer runs from the last move saved (:attr:`bot.service.table.Table.moved_at`, saved with the
facts), so a restart neither gives an absent member a fresh turn nor takes theirs away. What falls
due together (the timers that ran out while the bot was down, the computers to move at restore)
is spread so that no more than :data:`SHARE` of the restored tables fall due in any one second
(and never fewer than :data:`FLOOR` may): in the order they fall due, each at its own due time
unless that comes too soon after the one before it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

#: the most of the restored tables that fall due in any one second
SHARE = 0.01
#: tables that may always fall due in one second (a small bot is not slowed down by the share)
FLOOR = 10


def spread(due: Iterable[tuple[str, float]], now: float, share: float = SHARE, floor: int = FLOOR) -> dict[str, float]:
    """The time each table (``due``: its id and when it falls due) resumes: at its due time (at
    ``now`` when already past), but never sooner than ``1 / (share × tables)`` of a second (``1 /
    floor`` at most) after the one before it, so that no one-second span holds more than ``share``
    of them; tables falling due together resume in the order of their due times (then of their ids)."""
    ordered = sorted(due, key=lambda item: (item[1], item[0]))
    gap = 1.0001 / max(floor, math.floor(len(ordered) * share))  # (a hair more: sums of floats)
    out: dict[str, float] = {}
    last = -math.inf
    for table_id, at in ordered:
        last = max(at, now, last + gap)
        out[table_id] = last
    return out


def busiest(times: Iterable[float]) -> float:
    """The largest share of ``times`` that fall within any one second (a span of one second
    starting anywhere)."""
    ordered = sorted(times)
    most, first = 0, 0
    for n, at in enumerate(ordered):
        while ordered[first] <= at - 1.0:
            first += 1
        most = max(most, n - first + 1)
    return most / len(ordered) if ordered else 0.0
