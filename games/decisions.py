"""Decisions: an :class:`Action` in its canonical text, a :class:`PickMenu` that stands for several
steps, and the :class:`Player` protocol of the computer players that choose them."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from games.errors import InvalidAction

JSON = dict[str, Any]


class Action(NamedTuple):
    """A decision, written ``kind`` or ``kind:arg`` (``pass``, ``bid:garde``, ``play:T21``).

    ``str(action)`` is the canonical text and ``game.parse_action(str(a)) == a``. A named tuple,
    so equality and hashing run at C speed in the engines' hot loops.
    """

    kind: str
    arg: str = ""

    def __str__(self) -> str:
        return f"{self.kind}:{self.arg}" if self.arg else self.kind

    @staticmethod
    def split(text: str) -> tuple[str, str]:
        """``"Play: qh "`` -> ``("play", "qh")``; raises :class:`InvalidAction` on empty or overlong
        text."""
        if not isinstance(text, str) or not text.strip():
            raise InvalidAction.of("error.action.empty")
        if len(text) > 100:  # no action is that long: refuse it without echoing it
            raise InvalidAction.of("error.action.too_long")
        kind, _, arg = text.strip().partition(":")
        return kind.strip().lower(), arg.strip()


@dataclass(frozen=True)
class PickMenu:
    """One menu of ``n`` picks among ``items`` that stands for several steps of kind ``kind``
    (:meth:`Game.pick_menu`): the bot applies the picked items as legal steps, in an order the
    engine accepts, trying the items in the order listed here."""

    n: int
    kind: str
    items: tuple[str, ...]


class Player(Protocol):
    """A computer player: sees only its own seat's view and the legal actions."""

    def choose(self, view: JSON, legal: Sequence[Action], rng: random.Random) -> Action: ...


class RandomPlayer:
    """Plays a uniformly random legal action (the baseline for computer-player measurements)."""

    def choose(self, view: JSON, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]
