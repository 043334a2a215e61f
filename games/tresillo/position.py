"""What Tresillo's phase modules (:mod:`games.tresillo.auction`, :mod:`games.tresillo.exchange`,
:mod:`games.tresillo.play`) read and write of a match: :class:`games.tresillo.state.TresilloState` is
its subclass, and they type against this base, so the rules never import the state that dispatches to
them; the fields are declared here once."""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, ClassVar

from games.base import JSON, Action, Phase
from games.cards import Card
from games.tresillo.order import Order


class Position:
    """A Tresillo match as its phase modules see it: its fields, and the steps they call back."""

    PHASE: ClassVar[type[Phase]]
    CARD: ClassVar[dict[str, Card]]
    PLAY: ClassVar[dict[Card, Action]]
    DISCARD: ClassVar[dict[Card, Action]]
    seats: int
    options: dict[str, Any]

    # match
    deal_no: int  # counted deals finished so far (an annulled deal is not counted)
    shuffle_no: int  # deals dealt so far, annulled ones included: the dealer and the shuffle
    all_pass_counts: bool  # a save from before docs/rules/tresillo.md, « Bidding » was followed: an annulled deal counts
    total_deals: int
    ledger: tuple[int, ...]
    last_deal: JSON | None
    results: tuple[str, ...]
    recent: tuple[Any, ...]
    # deal
    phase: Phase
    turn: int | None
    dealer: int
    alcalde: int | None
    active: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]
    talon: tuple[Card, ...]
    bet: str | None
    level: int
    bidder: int | None
    passed: tuple[int, ...]
    bids: tuple[tuple[int, str], ...]
    declarer: int
    contract: str | None
    trump: str | None
    order: Order | None
    turned: Card | None
    queue: tuple[int, ...]
    pending: tuple[Card, ...]
    count: int | None  # cards the exchanger said he discards (exchange:N), None before
    exchanged: tuple[int | None, ...]
    exchange_order: tuple[int, int] | None
    first_exchanger: int | None
    consent: str | None
    sleeping: int | None
    trick: tuple[tuple[int, Card], ...]
    done_tricks: tuple[tuple[tuple[tuple[int, Card], ...], int], ...]
    tricks_won: tuple[int, ...]
    tricks_done: int
    renounced: bool
    first_declarer: int | None
    defender: int | None
    bola: bool

    @abstractmethod
    def next_active(self, seat: int) -> int: ...

    @abstractmethod
    def set_hand(self, seat: int, hand: tuple[Card, ...], sort: bool = True) -> None: ...

    @abstractmethod
    def push_event(self, event: JSON) -> None: ...

    @abstractmethod
    def start_exchange(self) -> None: ...

    @abstractmethod
    def start_play(self) -> None: ...

    @abstractmethod
    def end_deal_annulled(self) -> None: ...

    @abstractmethod
    def end_deal(self, bola: str | None = None, renounce: str | None = None) -> None: ...
