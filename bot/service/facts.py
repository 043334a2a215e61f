"""Tables built on first use: start-up does not decode 10,000 engine states.

Every save of a match in play writes, in the same transaction as its actions, the few
:class:`Facts` start-up asks of it: its revision, the seat to act and the deals ended (each
recapped once), with the revision the turn began at (the ping's) and the time of the move (a
restored turn timer runs from it, :mod:`bot.service.timers`). Restore reads them with the row and
keeps the saved state's text and the actions after it as a :class:`Pending` state in the table's
:class:`LazyState`, decoded (snapshot and tail, :func:`games.snapshot.load`) the first time
anything asks it for the state: a click, a computer's turn, a hand, the presenter's redraw. Facts
taken by other engine rules (:func:`games.snapshot.fingerprint`) or of another revision are not
trusted: that table is built at once, as before.
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

    def to_text(self, turn_start: int, moved_at: float | None = None) -> str:
        """The saved text, with the revision the seat to act began its turn at (its ping's), the
        Unix time of the move (``moved_at``: a restored turn timer runs from it) and the engine's
        fingerprint (facts of other rules are not trusted)."""
        fields: list[Any] = [snapshot.fingerprint(), self.rev, self.to_act, list(self.ended), turn_start]
        if moved_at is not None:
            fields.append(round(moved_at, 3))
        return json.dumps(fields, separators=(",", ":"))

    @classmethod
    def read(cls, text: str | None, revision: int) -> Saved | None:
        """The facts saved as ``text`` for a row at ``revision``, with the turn's start and the
        move's time; ``None`` when missing, unreadable, taken by other rules or of another revision
        (the state is then built at once)."""
        if not text:
            return None
        try:
            engine, rev, to_act, ended, turn_start, *rest = json.loads(text)
            moved_at = rest[0] if rest else None
            if engine != snapshot.fingerprint() or type(rev) is not int or rev != revision:
                return None
            if not (to_act is None or type(to_act) is int) or type(turn_start) is not int:
                return None
            if not all(type(d) is int for d in ended) or not (moved_at is None or type(moved_at) in (int, float)):
                return None
            return Saved(cls(rev, to_act, tuple(ended)), turn_start, None if moved_at is None else float(moved_at))
        except (ValueError, TypeError):
            return None


@dataclass(frozen=True, slots=True)
class Saved:
    """A row's facts as read back: the :class:`Facts`, the revision the turn began at and the Unix
    time of the move (``None`` when saved before it was kept)."""

    facts: Facts
    turn_start: int
    moved_at: float | None


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


class LazyState:
    """A table's engine state: the one it holds, or one built the first time :meth:`get` is asked
    from the saved text restore kept (:class:`Pending`), its :class:`Facts` answering until then.
    Setting a state drops both that text and the facts of the state before."""

    __slots__ = ("_facts", "_held", "_pending")

    def __init__(self, state: State | None = None) -> None:
        self._held = state
        self._pending: Pending | None = None
        self._facts: Facts | None = None

    @classmethod
    def waiting(cls, pending: Pending, facts: Facts) -> LazyState:
        """A state restored as ``pending``'s text, built on first use; ``facts`` answer until then."""
        lazy = cls()
        lazy._pending, lazy._facts = pending, facts
        return lazy

    def get(self) -> State | None:
        """The state (``None`` in a lobby), built now if it waits. :raises: the :class:`Pending`'s error."""
        pending = self._pending
        if pending is None:
            return self._held
        state = pending.build()
        self._held, self._pending = state, None
        facts = self._facts
        if facts is not None and (facts.rev, facts.to_act) != (state.rev, state.to_act()):
            self._facts = None  # never trusted over the log (they were checked at restore)
        return state

    def set(self, state: State | None, facts: Facts | None = None) -> None:
        """``state`` is the table's now, with its ``facts`` when they were computed (for its save)."""
        self._held, self._pending, self._facts = state, None, facts

    @property
    def built(self) -> bool:
        """Whether the state is in memory (not waiting to be built on first use)."""
        return self._pending is None

    @property
    def facts(self) -> Facts | None:
        """The current state's :class:`Facts` (``None`` in a lobby): those saved, or computed once."""
        if self._facts is None:
            state = self.get()
            if state is None:
                return None
            self._facts = Facts.of(state, state.view(None))
        return self._facts

    @property
    def rev(self) -> int:
        if self._pending is not None and self._facts is not None:
            return self._facts.rev
        state = self.get()
        return state.rev if state is not None else 0

    def to_act(self) -> int | None:
        """The seat to act (``None``: a lobby or a match over), from the facts while the state waits."""
        if self._pending is not None and self._facts is not None:
            return self._facts.to_act
        state = self.get()
        return state.to_act() if state is not None else None
