"""When each computer decision is due, and how long an expert may think for it.

Between two turns of a member, the computers may keep them waiting ``target`` seconds
(``COMPUTER_TARGET_WAIT``), pauses aside. :class:`Rounds` shares that wait among the round's
decisions: each is due by its share of what is left, so the first decision of a round does not take
all of it and the last ones, late, go first. :class:`Budgets` then gives an expert its share of the
target wait over the queue ahead of it, short enough for the next decisions to meet their deadlines,
never under ``floor``.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["DECISIONS_PER_WAIT", "FEASIBLE", "FLOOR", "UNWATCHED", "Budgets", "Rounds"]

#: queued computer decisions between two turns of a member, as at a four-seat Tarot table with one
#: member (2.85 searched decisions)
DECISIONS_PER_WAIT = 3
#: the least an expert thinks per decision, however long the queue (seconds): a few tens of samples
#: of the Tarot expert on an idle core (docs/decisions.md, « The thinking budget's floor »); the
#: experts also never run fewer samples than their game's load floor, whatever this budget
#: (:data:`games.search.FLOOR_SAMPLES`, where each still clearly beats the normal level)
FLOOR = 0.02
#: seconds added to the deadlines of a table where no member is present (nobody waits there)
UNWATCHED = 600.0
#: the decisions (from the one taken now) whose deadlines bound the budget (:class:`Budgets`)
FEASIBLE = 4
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

    The decision taken now and the ``n`` expert decisions queued after it, earliest deadline first,
    each thinking ``b`` (plus ``overrun``, what a job takes beyond its budget, on average) on
    ``workers`` workers: the decision waits for about ``n / workers`` others and thinks, so its
    share of the target wait gives ``b = target / DECISIONS_PER_WAIT / (1 + n / workers) -
    overrun``. The next few (:data:`FEASIBLE`) must also meet their own deadlines: the ``i``-th
    (from 0) finishes about ``(i // workers + 1) * (b + overrun)`` from now (one late already is
    not waited for: it goes first anyway). The budget is the largest ``b`` that does both, at most
    ``most`` (``EXPERT_BUDGET``), at least ``floor``.

    A table alone gets the whole budget (its decision's share of the target wait); many tables on
    few workers, the floor or a little more (docs/decisions.md, « The thinking budget's floor »).
    """

    most: float
    target: float
    floor: float = FLOOR

    def budget(self, now: float, deadlines: Sequence[float], workers: int, overrun: float = 0.0,
               queued: int | None = None) -> float:
        """``deadlines``: of the decision taken now, then of the next expert decisions queued, sorted;
        ``queued``: how many expert decisions are queued (default: those of ``deadlines``)."""
        workers = max(workers, 1)
        n = len(deadlines) - 1 if queued is None else queued
        best = min(self.most, self.target / DECISIONS_PER_WAIT / (1 + n / workers) - overrun)
        for i, due in enumerate(deadlines[:FEASIBLE]):
            if due > now:  # a decision late already goes first whatever the budget
                best = min(best, (due - now) / (i // workers + 1) - overrun)
        return max(min(self.floor, self.most), best)
