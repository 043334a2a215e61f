"""Tresillo's trick play played out fast, for the expert's search (:mod:`games.tresillo.expert`) and its
planning of the bids, the contract and the exchange (:mod:`games.tresillo.planning`), as
:mod:`games.tarot.playout` is Tarot's.

Cards are re-indexed once the trump is known: ``16 * suit + strength`` (the trump suit's matadors
on top), so a hand is an ``int`` mask, a suit one ``&`` away and "higher in the suit" a shift;
:func:`policy` picks a quick card and :func:`playout` plays to the ninth trick with it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.cards import Card, spanish_deck
from games.search import bits
from games.tresillo.order import ORDERS, SUITS, Order

DECK = tuple(spanish_deck())
SUIT_MASK = tuple(0xFFFF << (16 * s) for s in range(4))


class Cards:
    """The card indices of one trump: ``index[card]``, ``card[i]``, matador ranks by index."""

    _cache: dict[str, Cards] = {}

    def __init__(self, order: Order) -> None:
        self.order = order
        self.index: dict[Card, int] = {}
        self.matador: dict[int, int] = {}
        for c in DECK:
            suit = SUITS.index(order.suit_of[c])
            power = order.power[c]
            i = 16 * suit + (power - 100 if power >= 100 else power)
            self.index[c] = i
            if c in order.matador:
                self.matador[i] = order.matador[c]
        self.card = {i: c for c, i in self.index.items()}
        self.trump = SUITS.index(order.trump)

    @classmethod
    def of(cls, trump: str) -> Cards:
        if trump not in cls._cache:
            cls._cache[trump] = cls(ORDERS[trump])
        return cls._cache[trump]

    def mask(self, cards: Sequence[Card]) -> int:
        m = 0
        for c in cards:
            m |= 1 << self.index[c]
        return m


def legal(hand: int, led: int, cs: Cards) -> int:
    """Playable cards of ``hand`` on a trick led with ``led`` (-1: leading); matador privilege."""
    if led < 0:
        return hand
    suit = led >> 4
    follow = hand & SUIT_MASK[suit]
    if not follow:
        return hand
    if suit == cs.trump:
        led_rank = cs.matador.get(led, 0)
        if all(cs.matador.get(c, 0) > led_rank for c in bits(follow)):
            return hand
    return follow


def winner_index(trick: list[int], cs: Cards) -> int:
    """Index in ``trick`` of the winning card: the highest trump, else the highest of the led suit."""
    trump = cs.trump
    led_suit = trick[0] >> 4
    best_i = 0
    best = (2 if led_suit == trump else 1, trick[0])
    for i in range(1, len(trick)):
        c = trick[i]
        s = c >> 4
        if s == trump:
            key = (2, c)
        elif s == led_suit:
            key = (1, c)
        else:
            continue
        if key > best:
            best, best_i = key, i
    return best_i


def policy(hands: list[int], pos: int, trick: list[int], seats: list[int], declarer: int,
           cs: Cards, rng: random.Random, noise: float = 0.08) -> int:
    """A quick card: lead masters (the declarer draws trumps first), follow by winning cheaply or
    letting a partner's sure trick stand, else throw the lowest card."""
    hand = hands[pos]
    led = trick[0] if trick else -1
    options = legal(hand, led, cs)
    if not options & (options - 1):
        return options.bit_length() - 1
    others = 0
    for p, h in enumerate(hands):
        if p != pos:
            others |= h
    trump = cs.trump
    if led < 0:
        if rng.random() < noise:
            b = bits(options)
            return b[int(rng.random() * len(b))]
        trumps = options & SUIT_MASK[trump]
        if seats[pos] == declarer and trumps and others & SUIT_MASK[trump]:
            top = trumps.bit_length() - 1
            if not (others & SUIT_MASK[trump]) >> top:
                return top
        for s in range(4):
            suit = options & SUIT_MASK[s]
            if suit and s != trump:
                top = suit.bit_length() - 1
                if not (others & SUIT_MASK[s]) >> top:
                    return top
        plain = options & ~SUIT_MASK[trump]
        pool = plain or options
        return (pool & -pool).bit_length() - 1
    wi = winner_index(trick, cs)
    win_pos = (pos - len(trick) + wi) % 3
    best = trick[wi]
    mine_declarer = seats[pos] == declarer
    partner_wins = not mine_declarer and seats[win_pos] != declarer
    last = len(trick) == 2
    if partner_wins and (last or not _beatable(best, trick[0] >> 4, hands[(pos + 1) % 3], cs)):
        return _lowest(options, trump)
    winners = [c for c in bits(options) if winner_index([*trick, c], cs) == len(trick)]
    if winners:
        if last:
            return winners[0]
        nxt = hands[(pos + 1) % 3]
        sure = [c for c in winners if not _beatable(c, trick[0] >> 4, nxt, cs)]
        return sure[0] if sure else winners[0]
    return _lowest(options, trump)


def _beatable(c: int, led_suit: int, hand: int, cs: Cards) -> bool:
    """Whether ``hand`` (to play next) can beat ``c`` on a trick led in ``led_suit``."""
    trump = cs.trump
    follow = hand & SUIT_MASK[led_suit]
    s = c >> 4
    if s == trump:
        trumps = hand & SUIT_MASK[trump]
        return bool(trumps >> (c + 1)) and (not follow or led_suit == trump)
    if follow:
        return bool(follow >> (c + 1))
    return bool(hand & SUIT_MASK[trump])


def _lowest(options: int, trump: int) -> int:
    plain = options & ~SUIT_MASK[trump]
    pool = plain or options
    best, best_key = -1, 99
    for c in bits(pool):
        if (c & 15) < best_key:
            best, best_key = c, c & 15
    return best


def playout(hands: list[int], trick: list[int], leader: int, seats: list[int], declarer: int,
            won: dict[int, int], cs: Cards, rng: random.Random) -> dict[int, int]:
    """Plays to the ninth trick (``trick``: cards already on the table from ``leader``); returns
    the tricks won by each seat."""
    pos = (leader + len(trick)) % 3
    while True:
        if len(trick) == 3:
            w = (leader + winner_index(trick, cs)) % 3
            won[seats[w]] += 1
            trick = []
            leader = pos = w
            if not hands[0] and not hands[1] and not hands[2]:
                return won
            continue
        c = policy(hands, pos, trick, seats, declarer, cs, rng)
        hands[pos] &= ~(1 << c)
        trick.append(c)
        pos = (pos + 1) % 3
