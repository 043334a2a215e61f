"""What Le Trio's steps (:mod:`games.trio.steps`) read and write of a match:
:class:`games.trio.state.TrioState` is its subclass, and the steps type against this base, so they
never import the state that dispatches to them; the fields are declared here once."""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, Self

from games.base import JSON, Phase
from games.cards import Card
from games.trio.building import Built, Frame
from games.trio.feasibility import TableMeld
from games.trio.melds import Meld


class Position:
    """A match of Le Trio or L'École as its steps see it: its fields, and what they call back."""

    seats: int
    rev: int
    options: dict[str, Any]
    variant: str
    first_dealer: int
    jack_cards: tuple[str, ...]
    round_no: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    pile: tuple[Card, ...]
    melds: tuple[Meld, ...]
    next_id: int
    contract: tuple[int, ...]
    opened: tuple[bool, ...]
    turn: int
    phase: Phase  # draw | play | meld | layoff | over
    opened_now: bool
    must_out: bool
    kind: str  # combination being built ("" while choosing the next one of an opening)
    built: Built
    staged: tuple[tuple[str, Built], ...]
    layoff_card: Card | None
    scores: tuple[int, ...]
    last_deal: JSON | None
    recent: tuple[Any, ...]
    reshuffles: int  # this round's reshuffles: the stock is on its pass number reshuffles + 1
    opened_last_at: tuple[int, ...]  # rev at which each seat opened the last contract (-1: not)
    winners: tuple[int, ...]
    drawn: str | None = None  # the card the seat to act drew this turn (its own view says it)

    @property
    @abstractmethod
    def last(self) -> int: ...

    @abstractmethod
    def _clone(self) -> Self: ...

    @abstractmethod
    def _event(self, ev: JSON) -> None: ...

    @abstractmethod
    def frame(self, seat: int | None = None) -> Frame: ...

    @abstractmethod
    def table(self) -> tuple[TableMeld | None, ...]: ...

    @abstractmethod
    def remove_from_hand(self, seat: int, c: Card) -> None: ...

    @abstractmethod
    def give(self, seat: int, cards: list[Card]) -> None: ...

    @abstractmethod
    def new_meld(self, seat: int, kind: str, built: Built, max_wilds: int) -> Meld: ...

    @abstractmethod
    def opening_ok(self, seat: int) -> bool: ...

    @abstractmethod
    def end_turn(self) -> None: ...

    @abstractmethod
    def _end_round(self, out: int | None) -> None: ...
