"""Tables built on first use: start-up does not decode 10,000 engine states.

Every save of a match in play writes, in the same transaction as its actions, the few
:class:`Facts` start-up asks of it: its revision, the seat to act and the deals ended (each
recapped once), with the revision the turn began at (the ping's). Restore reads them with the row and keeps the saved state's text and the actions
after it as a :class:`Pending` state, decoded (snapshot and tail, :func:`games.snapshot.load`) the
first time anything reads :attr:`bot.service.table.Table.state`: a click, a computer's turn, a
hand, the presenter's catch-up. Facts taken by other engine rules (:func:`games.snapshot.fingerprint`)
or of another revision are not trusted: that table is built at once, as before.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.storage.base import replayed
from bot.storage.database import snapshot_of
from games import snapshot
from games.base import Game, State


def ended_deals(state: State, public: dict[str, Any]) -> tuple[int, ...]:
    """The deals that ended, each to be recapped once: those before the current one
    (``deal_index``) and the one its public view ``public`` last recapped (``last_deal``)."""
    index = state.deal_index()
    ended = set(range(index)) if isinstance(index, int) else set()
    last = public.get("last_deal")
    if isinstance(last, dict) and last.get("deal_no") is not None:
        ended.add(int(last["deal_no"]))
    return tuple(sorted(ended))


@dataclass(frozen=True, slots=True)
class Facts:
    """What start-up asks of a state (its revision, the seat to act, the deals ended) without it."""

    rev: int
    to_act: int | None
    ended: tuple[int, ...]

    @classmethod
    def of(cls, state: State, public: dict[str, Any]) -> Facts:
        """``state``'s facts, from its public view ``public`` (asked once by the caller: a view
        is the costliest thing asked of an engine at each move)."""
        return cls(state.rev, state.to_act(), ended_deals(state, public))

    def to_text(self, turn_start: int) -> str:
        """The saved text, with the revision the seat to act began its turn at (its ping's) and
        the engine's fingerprint (facts of other rules are not trusted)."""
        return json.dumps([snapshot.fingerprint(), self.rev, self.to_act, list(self.ended), turn_start],
                          separators=(",", ":"))

    @classmethod
    def read(cls, text: str | None, revision: int) -> tuple[Facts, int] | None:
        """The facts saved as ``text`` for a row at ``revision``, and the turn's start; ``None``
        when missing, unreadable, taken by other rules or of another revision (the state is then
        built at once)."""
        if not text:
            return None
        try:
            engine, rev, to_act, ended, turn_start = json.loads(text)
            if engine != snapshot.fingerprint() or type(rev) is not int or rev != revision:
                return None
            if not (to_act is None or type(to_act) is int) or type(turn_start) is not int:
                return None
            if not all(type(d) is int for d in ended):
                return None
            return cls(rev, to_act, tuple(ended)), turn_start
        except (ValueError, TypeError):
            return None


class Pending:
    """A saved state not decoded yet: its text (log and snapshot) and the actions saved after it.

    ``unusable(exc)`` is called once when it cannot be built (its text not JSON, its log not
    replaying): it leaves the table out, as a row that cannot be read at start-up was, and gives
    the error every read of the state raises from then on."""

    __slots__ = ("error", "game", "later", "text", "unusable")

    def __init__(self, game: Game, text: str, later: Sequence[dict[str, Any]],
                 unusable: Callable[[BaseException], BaseException]) -> None:
        self.game, self.text, self.unusable = game, text, unusable
        self.later = [{"rev": r["rev"], "action": r["action"]} for r in later]
        self.error: BaseException | None = None

    def build(self) -> State:
        """The state (snapshot plus tail, else the whole log). :raises: ``unusable``'s error."""
        if self.error is not None:
            raise self.error
        try:
            saved = snapshot_of({"state": self.text})
            if saved is None:
                raise ValueError("its saved state is empty")
            return snapshot.load(self.game, replayed(saved, self.later))
        except Exception as exc:
            self.error = self.unusable(exc)
            raise self.error from exc
