"""When each computer decision is due, and how long an expert may think for it (issue 30).

Between two turns of a member, the computers may keep them waiting ``target`` seconds
(``COMPUTER_TARGET_WAIT``), pauses aside. :class:`Rounds` shares that wait among the round's
decisions: each is due by its share of what is left, so the first decision of a round does not take
all of it and the last ones, late, go first. :class:`Budgets` then gives an expert the longest budget
with which the decisions queued before their deadlines still meet them, never under ``floor``.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["DECISIONS_PER_WAIT", "FLOOR", "UNWATCHED", "Budgets", "Rounds"]

#: queued computer decisions between two turns of a member, as at a four-seat Tarot table with one
#: member (2.85 searched decisions, issue 30)
DECISIONS_PER_WAIT = 3
#: the least an expert thinks per decision, however long the queue (seconds): about 40 samples of
#: the Tarot expert on an idle core (2,400 a CPU second); 16 samples already beat the normal level
#: by 24 ± 15 points a deal (issue 33's table; ``benchmarks/computer_wait.py`` prints the margin at
#: the budget a load gives)
FLOOR = 0.02
#: seconds added to the deadlines of a table where no member is present (nobody waits there)
UNWATCHED = 600.0
#: tables whose round is remembered (the least recently seen are forgotten)
TABLES = 100_000


@dataclass
class _Round:
    since: float  # when the member who acts next began to wait (the loop's time): the round's mark
    made: int = 0  # queued decisions answered in this round
    thought: float = 0.0  # the seconds they took, from asking to the answer


class Rounds:
    """Each table's round of computer decisions since a member's move."""

    def __init__(self, target: float) -> None:
        self.target = target
        self._tables: OrderedDict[str, _Round] = OrderedDict()

    def deadline(self, table: str | None, since: float | None, watched: bool, now: float) -> float:
        """When a decision asked ``now`` is due: its share of the round's wait that is left
        (``since``: the round's mark; ``None``, a decision on its own); much later at a table where
        nobody is ``watched``."""
        if not watched:
            return now + self.target + UNWATCHED
        if table is None or since is None:
            return now + self.target / DECISIONS_PER_WAIT
        found = self._round(table, since)
        left = max(0.0, self.target - found.thought)
        return now + left / max(1, DECISIONS_PER_WAIT - found.made)

    def answered(self, table: str | None, since: float | None, seconds: float) -> None:
        """A decision of the round took ``seconds`` (the member waited them)."""
        if table is not None and since is not None:
            found = self._round(table, since)
            found.made += 1
            found.thought += seconds

    def _round(self, table: str, since: float) -> _Round:
        found = self._tables.get(table)
        if found is None or found.since != since:
            found = self._tables[table] = _Round(since)
            while len(self._tables) > TABLES:
                self._tables.popitem(last=False)
        self._tables.move_to_end(table)
        return found


@dataclass(frozen=True)
class Budgets:
    """An expert's thinking time per decision, from the deadlines queued.

    The decision taken now and the expert decisions queued after it, earliest deadline first, each
    thinking ``b`` (plus ``overrun``, what a job takes beyond its budget) on ``workers`` workers:
    the ``i``-th (from 0) finishes about ``(i // workers + 1) * b`` from now, by its deadline when
    ``b`` is at most its slack over that. The budget is the largest such ``b``, at most ``most``
    (``EXPERT_BUDGET``), at least ``floor``. A table alone gets the whole budget (its decision's
    share of the target wait, 1 s of 3); 100 tables on 2 workers, a few tens of milliseconds.
    """

    most: float
    target: float
    floor: float = FLOOR

    def budget(self, now: float, deadlines: Sequence[float], workers: int, overrun: float = 0.0) -> float:
        """``deadlines``: of the decision taken now, then of the expert decisions queued, sorted."""
        best = self.most
        workers = max(workers, 1)
        for i, due in enumerate(deadlines):
            best = min(best, (due - now) / (i // workers + 1) - overrun)
        return max(min(self.floor, self.most), best)
