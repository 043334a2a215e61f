"""The computer seats' players between two decisions, in the bot's process.

An engine player remembers what it saw during the deal, so :class:`bot.infra.thinking.Thinker` keeps each
seat's player pickled here and sends it with the seat's next job (:mod:`bot.infra.think_worker`), whichever
worker takes it, with the forced moves decided meanwhile on the loop (pickled too, see
docs/decisions.md, « Computer players pickled between decisions »). The least recently used seats are forgotten beyond a number of bytes (a seat forgotten gets
a new player, which knows what its views show: the last few tricks).
"""

from __future__ import annotations

import pickle
from collections import OrderedDict
from dataclasses import dataclass, field

from bot.infra.think_worker import Seen

Key = tuple[str, ...]
#: bytes of players kept (a player pickled weighs a KiB or two)
LIMIT = 64 << 20
#: forced moves kept for a seat until its next decision (a player catches up from its views)
SEEN = 16


@dataclass
class _Seat:
    state: bytes | None = None  # the player after its last decision, pickled
    seen: list[bytes] = field(default_factory=list)  # forced moves since, pickled :data:`Seen`

    def size(self) -> int:
        return len(self.state or b"") + sum(map(len, self.seen)) + 200  # and the entry itself


class Memories:
    """The seats' players by ``(table, seat, level)``, least recently used forgotten past ``limit``
    bytes."""

    def __init__(self, limit: int = LIMIT) -> None:
        self.limit = limit
        self.size = 0
        self._seats: OrderedDict[Key, _Seat] = OrderedDict()

    def __len__(self) -> int:
        return len(self._seats)

    def state(self, key: Key) -> bytes | None:
        found = self._seats.get(key)
        return None if found is None else found.state

    def saw(self, key: Key, seen: Seen) -> None:
        """A forced move played for the seat without its player."""
        seat, before = self._get(key)
        seat.seen.append(pickle.dumps(seen, protocol=pickle.HIGHEST_PROTOCOL))
        del seat.seen[:-SEEN]
        self._resized(seat, before)

    def take(self, key: Key) -> tuple[bytes | None, list[bytes]]:
        """The seat's player and the forced moves it has not seen, for its next job."""
        seat, before = self._get(key)
        seen, seat.seen = seat.seen, []
        self._resized(seat, before)
        return seat.state, seen

    def keep(self, key: Key, state: bytes | None) -> None:
        """The seat's player after a decision."""
        seat, before = self._get(key)
        seat.state = state
        self._resized(seat, before)

    def give_back(self, key: Key, seen: list[bytes]) -> None:
        """Forced moves taken by a job that failed: the next one carries them."""
        seat, before = self._get(key)
        seat.seen[:0] = seen
        self._resized(seat, before)

    def _get(self, key: Key) -> tuple[_Seat, int]:
        """The seat's entry (a new one the first time), most recently used now, and its size."""
        seat = self._seats.get(key)
        if seat is None:
            seat = self._seats[key] = _Seat()
            self.size += seat.size()
        self._seats.move_to_end(key)
        return seat, seat.size()

    def _resized(self, seat: _Seat, before: int) -> None:
        self.size += seat.size() - before
        while self.size > self.limit and len(self._seats) > 1:
            _, old = self._seats.popitem(last=False)
            self.size -= old.size()
