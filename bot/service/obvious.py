"""Decisions with one sensible answer, played for a member instead of asked (``Game.obvious_action``:
the Tarot chelem question when the hand makes no chelem plausible).

They are saved with the move that led to them, in the same transaction, marked as not the member's
own choice (``by_computer``), so a restart or a replay sees exactly what was played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.service.table import Table
    from games.base import State

#: at most this many answered in a row (a game's hook must never loop the bot)
_MOST = 8


def answered(table: Table, new: State,
             applied: list[tuple[int, int, str, bool]]) -> tuple[State, list[tuple[int, int, str, bool]]]:
    """``new`` and ``applied`` followed by the obvious answers of the members awaited next (a
    computer's seat decides for itself)."""
    for _ in range(_MOST):
        seat = new.to_act()
        if seat is None or table.seats[seat].computer:
            break
        action = table.game.obvious_action(new, seat)
        if action is None:
            break
        new = new.apply(seat, action)
        applied = [*applied, (new.rev, seat, str(action), True)]
    return new, applied
