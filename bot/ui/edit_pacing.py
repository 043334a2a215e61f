"""How fast the table messages are edited: Discord's limits, and edits held back within a trick.

A channel never gets more than 5 edits or posts in 5 seconds (:class:`~bot.ui.budget.ChannelLimiter`),
the whole bot no more than :data:`~bot.ui.budget.GLOBAL_RATE` channel requests a second
(:class:`~bot.ui.budget.GlobalBudget`: turn changes before cosmetic redraws). While the seat to act
follows the deal in a console (or is a computer), an edit showing only cards within the trick waits
for the trick's end, a quiet moment or the message's age (:meth:`EditPacing._held_back`).
"""

from __future__ import annotations

import asyncio

from bot.service.table import Table
from bot.ui import parts
from bot.ui.budget import ChannelLimiter, GlobalBudget
from bot.ui.reconciliation import Reconciliation, Shown, announced, now

__all__ = ["EditPacing"]


class EditPacing(Reconciliation):
    """The limits' side of :class:`bot.ui.presenter.Presenter`."""

    limiter: ChannelLimiter
    budget: GlobalBudget
    table_settle: float  # seconds of quiet after which a held-back edit goes out (0: never held)
    table_refresh: float  # seconds after which the message is edited within a step (0: only at its end)

    async def _slot(self, channel_id: int, priority: int) -> None:
        """Wait for the channel's limit, then the bot's global budget."""
        await self.limiter.wait(channel_id)
        await self.budget.take(priority)

    def _held_back(self, table: Table, entry: Shown) -> bool:
        """Whether the table message's edit waits: the seat to act is a computer or a member with a
        console the bot can edit, and the table moved on from what the message shows only by cards
        within the trick (or moves within one seat's turn), or only within the same step of the deal
        (:func:`~bot.ui.parts.same_step`) while the message is younger than :attr:`table_refresh`
        seconds. It goes out at the step's end (the auction's, the deal's), when the message is
        :attr:`table_refresh` seconds old, or when the table has been still :attr:`table_settle`
        seconds (a timer brings it back then)."""
        at = now()
        if entry.moved[0] != table.rev:
            entry.moved = (table.rev, at)
        if entry.settle is not None:  # the last hold ends here: held again below, or shown now
            entry.settle.cancel()
            entry.settle = None
        if self.table_settle <= 0 or entry.beat is None or table.status != "playing":
            return False
        seat = table.to_act()
        if seat is not None and announced(table, seat) and not self.bot.hands.live(table.id, seat):
            return False  # a member who follows the table, not a console: shown at once
        beat = parts.table_beat(table, self.bot.service.memo)
        if not parts.only_play_within(entry.beat, beat) and not (
                self.table_refresh > 0 and parts.same_step(entry.beat, beat)):
            return False
        due = entry.moved[1] + self.table_settle
        if self.table_refresh > 0:
            due = min(due, entry.edited + self.table_refresh)
        if at >= due:
            return False
        # a sleeping task, not a loop timer: simulated time moves it (simcord waits out short timers)
        entry.settle = asyncio.get_running_loop().create_task(self._settled(table, table.rev, due - at))
        return True

    async def _settled(self, table: Table, rev: int, delay: float) -> None:
        """``delay`` seconds on, still at ``rev``: the held-back edit goes out."""
        await asyncio.sleep(delay)
        if table.rev == rev:
            self.table_changed(table)
