"""Discord's request limits as the presenter keeps them: a few edits per channel, a rate for the bot.

:class:`ChannelLimiter` keeps each channel under Discord's per-channel pace; :class:`GlobalBudget`
keeps the whole bot under :data:`GLOBAL_RATE` channel requests a second (Discord's global limit is
50), handing its tokens out by priority (:data:`URGENT`, :data:`TURN`, :data:`REDRAW`), then in
order of asking. A waiter costs nothing while it waits: it awaits a future kept in a heap, and one
timer, the only one whatever the queue's length, grants the next token when it is back.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from collections import deque

__all__ = ["GLOBAL_RATE", "REDRAW", "TURN", "URGENT", "ChannelLimiter", "GlobalBudget"]

#: channel requests a second for the whole bot, under Discord's global 50
GLOBAL_RATE = 40.0
#: :class:`GlobalBudget` priorities: a member waiting on it, then a turn change, then redraws
URGENT, TURN, REDRAW = 0, 1, 2
#: a token's fraction below one that counts as whole (the timer fires when the float sum reaches it)
_EPSILON = 1e-9


class ChannelLimiter:
    """At most ``count`` requests per ``period`` seconds per channel (waits when over)."""

    def __init__(self, count: int = 5, period: float = 5.0) -> None:
        self.count, self.period = count, period
        self.sent: dict[int, deque[float]] = {}

    async def wait(self, channel_id: int) -> None:
        if self.period <= 0:
            return
        times = self.sent.setdefault(channel_id, deque(maxlen=self.count))
        now = time.monotonic()
        if len(times) == self.count and now - times[0] < self.period:
            await asyncio.sleep(self.period - (now - times[0]))
        times.append(time.monotonic())


class GlobalBudget:
    """At most ``rate`` requests a second for the whole bot (a token bucket of ``rate`` tokens).

    A request goes at once while tokens are left and nobody waits; otherwise it waits its turn by
    priority, then order. The timer follows the event loop's clock (simulated under simcord).
    ``rate`` 0: no limit."""

    def __init__(self, rate: float = GLOBAL_RATE) -> None:
        self.rate = rate
        self.tokens = rate
        self.stamp: float | None = None
        self.queue: list[tuple[int, int, asyncio.Future[None]]] = []  # waiting requests (a heap)
        self.order = itertools.count()
        self.timer: asyncio.TimerHandle | None = None

    def waiting(self) -> int:
        """Requests waiting for a token (those given up while waiting not counted)."""
        return sum(1 for *_, future in self.queue if not future.done())

    async def take(self, priority: int) -> None:
        """Wait for a token. A waiter cancelled once granted gives its token back."""
        if self.rate <= 0:
            return
        self._refill()
        if not self.queue and self.tokens >= 1 - _EPSILON:
            self.tokens -= 1
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self.queue, (priority, next(self.order), future))
        self._arm()
        try:
            await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():  # granted as it was cancelled: not spent
                self.tokens = min(self.rate, self.tokens + 1)
                self._arm()
            raise

    def _refill(self) -> None:
        now = asyncio.get_running_loop().time()
        if self.stamp is not None:
            self.tokens = min(self.rate, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def _arm(self) -> None:
        """The timer, set for when the next token is whole (now, if it is)."""
        if self.timer is not None or not self.queue:
            return
        delay = max(0.0, (1 - self.tokens) / self.rate)
        self.timer = asyncio.get_running_loop().call_later(delay, self._grant)

    def _grant(self) -> None:
        """The timer: each whole token to the first waiter still waiting, then the timer again."""
        self.timer = None
        self._refill()
        while self.queue and self.tokens >= 1 - _EPSILON:
            future = heapq.heappop(self.queue)[2]
            if future.done():  # given up while waiting
                continue
            future.set_result(None)
            self.tokens -= 1
        while self.queue and self.queue[0][2].done():
            heapq.heappop(self.queue)
        self._arm()
