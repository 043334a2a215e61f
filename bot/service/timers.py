"""When the play of restored tables resumes: each turn timer with what was left of it, and the
tables falling due at once spread out, in the order they fell due.

A turn timer runs from the last move saved (:attr:`bot.service.table.Table.moved_at`, saved with the
facts), so a restart neither gives an absent member a fresh turn nor takes theirs away. What falls
due together (the timers that ran out while the bot was down, the computers to move at restore)
is spread so that no more than :data:`SHARE` of the restored tables fall due in any one second,
and never fewer than :data:`FLOOR` a second: each due time is kept unless its second is full, else
it moves to the next second with room, the longest due first.
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
    ``now`` when already past), unless the second it falls in already holds its share, then
    later; tables falling due together resume in the order of their due times (then of their ids)."""
    ordered = sorted(due, key=lambda item: (item[1], item[0]))
    room = max(floor, math.floor(len(ordered) * share))
    taken: dict[int, int] = {}
    out: dict[str, float] = {}
    second = 0  # the first second that may have room (due times only grow along ``ordered``)
    for table_id, at in ordered:
        at = max(at, now)
        wanted = max(second, math.floor(at - now))
        while taken.get(wanted, 0) >= room:
            wanted += 1
        n = taken[wanted] = taken.get(wanted, 0) + 1
        if wanted > math.floor(at - now):  # moved to a later second: evenly within it
            at = now + wanted + (n - 1) / room
        out[table_id] = at
        second = wanted if n < room else wanted + 1
    return out


def busiest(times: Iterable[float], now: float) -> float:
    """The largest share of ``times`` that fall in any one second counted from ``now``."""
    counts: dict[int, int] = {}
    total = 0
    for at in times:
        total += 1
        key = math.floor(at - now)
        counts[key] = counts.get(key, 0) + 1
    return max(counts.values()) / total if total else 0.0
