"""The ping of the member to act: at once without a console showing the turn, else after a while.

A member whose hand console the bot can still edit is pinged only after :data:`PING_AFTER` seconds
without playing their turn (their console shows the turn at once, free of the global limit); the
others at once; a computer or someone away never. One ping message per turn, the last one deleted.
"""

from __future__ import annotations

import asyncio
import logging

import discord

from bot.service.table import Table
from bot.ui import discord_errors, parts
from bot.ui.budget import REDRAW, TURN
from bot.ui.edit_pacing import EditPacing
from bot.ui.reconciliation import Shown, announced, now

__all__ = ["PING_AFTER", "TurnPings"]
log = logging.getLogger(__name__)
#: seconds a member with a live hand console may leave their turn before they are pinged
PING_AFTER = 30.0


class TurnPings(EditPacing):
    """The pings' side of :class:`bot.ui.presenter.Presenter`."""

    ping_after: float | None  # None: never pinged once a console shows the turn (local mode)

    def _ping_now(self, table: Table, entry: Shown) -> bool:
        """Whether the member to act is pinged now: at once when their hand console
        does not show the turn (none, too old, or Discord did not take its edit), else once they
        left their turn :attr:`ping_after` seconds (a timer brings the table back then; never in
        local mode); never for a computer or someone away."""
        seat = table.to_act()
        if seat is None or not announced(table, seat):
            return False
        if not self.bot.hands.shows(table, seat):
            return True
        if self.ping_after is None:
            return False
        turn, at = f"{seat}:{table.turn_start}", now()
        if entry.turn_seen is None or entry.turn_seen[0] != turn:
            entry.turn_seen = (turn, at)
            if entry.reminder is not None:
                entry.reminder.cancel()  # the last turn's: one timer per table at most
            entry.reminder = asyncio.get_running_loop().call_later(self.ping_after, self._remind, table, turn)
        return at - entry.turn_seen[1] >= self.ping_after

    def _remind(self, table: Table, turn: str) -> None:
        """:attr:`ping_after` seconds into a turn: still the same turn, the table is shown again (the ping)."""
        seat = table.to_act()
        if table.status == "playing" and seat is not None and f"{seat}:{table.turn_start}" == turn:
            self.table_changed(table)

    async def _ping(self, table: Table, entry: Shown, channel: discord.PartialMessageable, locale: str) -> None:
        """Once per turn, the member to act (not a computer, not someone away) is pinged; the
        previous ping is deleted."""
        assert entry.parts is not None
        seat = table.to_act()
        if seat is None or not announced(table, seat):
            return
        turn = f"{seat}:{table.turn_start}"
        got = entry.parts.get("ping")
        if got is not None and got.detail == turn and got.message_id is not None:
            return  # (a turn shown in the console only, no message, is pinged when it is due)
        await self._delete_ping(table, entry, channel)
        await self._slot(channel.id, TURN)
        message = parts.ping_message(table, seat, self.bot.hands.live(table.id, seat), locale)
        self.bot.metrics.request("channel.send", True)
        msg = await channel.send(**message, nonce=parts.nonce(table.id, "ping", turn))
        await self._record(table, entry, "ping", turn, msg.id)

    async def _turn_in_console(self, table: Table, entry: Shown, channel: discord.PartialMessageable) -> None:
        """No ping for this turn (yet): the last turn's ping goes; when the member's console shows
        the turn, that is recorded as the turn's notice (no message), so a restart, which forgets the
        consoles, does not take the turn for unannounced."""
        assert entry.parts is not None
        await self._delete_ping(table, entry, channel)
        seat = table.to_act()
        if seat is not None and announced(table, seat) and self.bot.hands.shows(table, seat):
            turn = f"{seat}:{table.turn_start}"
            got = entry.parts.get("ping")
            if got is None or got.detail != turn:
                await self._record(table, entry, "ping", turn, None)

    async def _delete_ping(self, table: Table, entry: Shown, channel: discord.PartialMessageable) -> None:
        """The last ping goes (best effort: a ping Discord keeps is harmless)."""
        assert entry.parts is not None
        got = entry.parts.get("ping")
        if got is None or got.message_id is None:
            return
        try:
            await self.budget.take(REDRAW)
            self.bot.metrics.request("channel.delete", True)
            await channel.get_partial_message(got.message_id).delete()
        except discord_errors.DISCORD as exc:
            self.bot.metrics.failed(exc)
            log.info("table %s: its last ping stays (%s)", table.id, discord_errors.describe(exc))
        await self._record(table, entry, "ping", got.detail, None)
