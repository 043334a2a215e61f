"""Card order for every trump suit (docs/rules/tresillo.md, « Card order ») and the follow rule with matador privileges (« Play and the matadors' privilege »).

Three permanent trumps, the matadors, top every trump suit: the Espada (``1E``), the Mala (the 7 of
a red trump, the 2 of a black one) and the Basto (``1B``). A red trump has 12 cards (with the
Punto, its As, fourth), a black one 11. Plain red suits run R C S 1 2 .. 7, plain black suits
R C S 7 .. 2 (their As is always a trump).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.cards import Card, card

SUITS = ("O", "C", "E", "B")
LONG_SUITS = ("O", "C")
ESPADA = card("1E", "spanish")
BASTO = card("1B", "spanish")


def _c(code: str) -> Card:
    return card(code, "spanish")


def mala(trump: str) -> Card:
    """The Mala of ``trump``: its 7 when red (oros, copas), its 2 when black (docs/rules/tresillo.md, « Card order »)."""
    return _c(("7" if trump in LONG_SUITS else "2") + trump)


def trump_order(trump: str) -> tuple[Card, ...]:
    """The trumps of ``trump``, highest first: 12 for a red suit, 11 for a black one."""
    rest: tuple[str, ...] = ("1", "R", "C", "S", "2", "3", "4", "5", "6") if trump in LONG_SUITS else \
        ("R", "C", "S", "7", "6", "5", "4", "3")
    return (ESPADA, mala(trump), BASTO, *(_c(r + trump) for r in rest))


def plain_order(suit: str) -> tuple[Card, ...]:
    """A non-trump suit, highest first: R C S 1 2 .. 7 (red, 10) or R C S 7 .. 2 (black, 9)."""
    if suit in LONG_SUITS:
        return tuple(_c(r + suit) for r in ("R", "C", "S", "1", "2", "3", "4", "5", "6", "7"))
    return tuple(_c(r + suit) for r in ("R", "C", "S", "7", "6", "5", "4", "3", "2"))


class Order:
    """Everything about the cards once ``trump`` is known.

    ``suit_of[c]``: the suit ``c`` belongs to in play (the trump suit for the Espada and Basto);
    ``power[c]``: higher beats lower within a suit, every trump above 100;
    ``matador[c]``: 3 Espada, 2 Mala, 1 Basto, absent otherwise.
    """

    __slots__ = ("matador", "power", "suit_of", "trump", "trumps")

    def __init__(self, trump: str) -> None:
        self.trump = trump
        self.trumps = trump_order(trump)
        self.suit_of: dict[Card, str] = {}
        self.power: dict[Card, int] = {}
        for i, c in enumerate(reversed(self.trumps)):
            self.suit_of[c] = trump
            self.power[c] = 100 + i
        for suit in SUITS:
            if suit != trump:
                for i, c in enumerate(reversed(plain_order(suit))):
                    self.suit_of[c] = suit
                    self.power[c] = i
        self.matador = {ESPADA: 3, mala(trump): 2, BASTO: 1}

    def __reduce__(self) -> tuple[type[Order], tuple[str]]:
        """Rebuilt from its trump (an engine snapshot, :mod:`games.snapshot`)."""
        return (Order, (self.trump,))

    def is_trump(self, c: Card) -> bool:
        return self.suit_of[c] == self.trump

    def beats(self, a: Card, b: Card, led_suit: str) -> bool:
        """Whether ``a`` beats ``b`` in a trick led in ``led_suit``."""
        return self.key(a, led_suit) > self.key(b, led_suit)

    def key(self, c: Card, led_suit: str) -> int:
        """Trick strength of ``c`` when ``led_suit`` was led: trumps, then the led suit, else -1."""
        suit = self.suit_of[c]
        if suit == self.trump or suit == led_suit:
            return self.power[c]
        return -1


ORDERS: dict[str, Order] = {t: Order(t) for t in SUITS}


def playable(hand: Sequence[Card], led: Card | None, order: Order) -> list[Card]:
    """Cards of ``hand`` that may be played on a trick whose first card is ``led`` (docs/rules/tresillo.md, « Play and the matadors' privilege »).

    The only obligation is to follow suit. On a trump lead a matador is exempt unless the card
    *led* is a higher matador; a player whose trumps are all exempt may play any card, one holding
    any non-exempt trump must play a trump (possibly the exempt matador).
    """
    if led is None:
        return list(hand)
    suit_of = order.suit_of
    led_suit = suit_of[led]
    follow = [c for c in hand if suit_of[c] == led_suit]
    if not follow:
        return list(hand)
    if led_suit == order.trump:
        led_rank = order.matador.get(led, 0)
        matador = order.matador
        if not any(matador.get(c, 0) < led_rank or c not in matador for c in follow):
            return list(hand)
    return follow


def trick_winner(trick: Sequence[tuple[int, Card]], order: Order) -> int:
    """Seat winning ``trick`` (``(seat, card)`` in play order): highest trump, else highest of the led suit."""
    led_suit = order.suit_of[trick[0][1]]
    best_seat, best = trick[0][0], order.key(trick[0][1], led_suit)
    for seat, c in trick[1:]:
        k = order.key(c, led_suit)
        if k > best:
            best_seat, best = seat, k
    return best_seat
