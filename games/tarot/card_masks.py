"""Tarot's cards as ints and hands as bit masks, for the fast trick play of :mod:`games.tarot.playout`.

Card index ``i``: plain suits S, H, D, C take 14 slots each (``14 * suit + value - 1``, Ace 0 ..
King 13), trumps ``56 + value - 1`` (the Petit is 56, the 21 is 76), the Excuse 77. A hand is an
``int`` with bit ``i`` set for each card held, so the cards of a suit are one ``&`` away and the
lowest or highest card of a suit one ``bit_length`` away. Here too the legal cards of a hand on a
trick, a trick's winner and random deals as masks.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.cards import Card
from games.search import bits
from games.tarot.deck import DECK, HALVES, POIGNEE_VALUES

N_CARDS = 78
PETIT_I, T21_I, EXC = 56, 76, 77
EXC_BIT = 1 << EXC
TRUMPS = ((1 << 21) - 1) << 56
PLAIN_SUITS = ("S", "H", "D", "C")
SUIT_MASK = (*(((1 << 14) - 1) << (14 * s) for s in range(4)), TRUMPS)
BOUT_MASK = (1 << PETIT_I) | (1 << T21_I) | EXC_BIT
KINGS_MASK = sum(1 << (14 * s + 13) for s in range(4))


def _index(c: Card) -> int:
    if c.suit == "T":
        return 55 + c.value
    if c.suit == "":
        return EXC
    return 14 * PLAIN_SUITS.index(c.suit) + c.value - 1


INDEX: dict[Card, int] = {c: _index(c) for c in DECK}
CARDS: tuple[Card, ...] = tuple(sorted(DECK, key=INDEX.__getitem__))
assert [INDEX[c] for c in CARDS] == list(range(N_CARDS))
HALF: tuple[int, ...] = tuple(HALVES[c] for c in CARDS)
#: suit of each index: 0-3 plain suits, 4 trumps, 5 the Excuse
SUIT: tuple[int, ...] = tuple(min(i // 14, 4) if i < EXC else 5 for i in range(N_CARDS))
#: trick strength inside its suit (trumps 100 + value), the Excuse 0
STRENGTH: tuple[int, ...] = tuple(
    (100 + i - 55) if 56 <= i < EXC else 0 if i == EXC else i % 14 + 1 for i in range(N_CARDS))


def mask_of(cards: Sequence[Card]) -> int:
    """The bit mask of ``cards``."""
    m = 0
    for c in cards:
        m |= 1 << INDEX[c]
    return m


cards_of = bits  # the card indices of a mask, lowest first


def halves_of_mask(mask: int) -> int:
    return sum(HALF[i] for i in cards_of(mask))


def bouts_of_mask(mask: int) -> int:
    return (mask & BOUT_MASK).bit_count()


def legal_mask(hand: int, trick: Sequence[int], first_trick_called: int = -1) -> int:
    """The cards of ``hand`` that may go on ``trick`` (card indices in play order).

    ``first_trick_called``: with 5 players, on the lead of the first trick, the called card's index
    (its suit may be led only with it); -1 otherwise.
    """
    lead = -1
    high = 0
    for c in trick:
        s = SUIT[c]
        if s == 5:
            continue
        if lead < 0:
            lead = s
        if s == 4 and c - 55 > high:
            high = c - 55
    if lead < 0:
        if first_trick_called >= 0:
            called = SUIT_MASK[SUIT[first_trick_called]]
            allowed = (hand & ~called) | (hand & (1 << first_trick_called))
            return allowed or hand
        return hand
    if lead != 4:
        follow = hand & SUIT_MASK[lead]
        if follow:
            return follow | (hand & EXC_BIT)
    trumps = hand & TRUMPS
    if not trumps:
        return hand
    if high:
        above = trumps >> (56 + high) << (56 + high)
        if above:
            trumps = above
    return trumps | (hand & EXC_BIT)


def trick_winner(trick: Sequence[int]) -> int:
    """Index in ``trick`` of the winning card (the Excuse never wins here)."""
    lead = -1
    best = -1
    best_i = 0
    for i, c in enumerate(trick):
        s = SUIT[c]
        if s == 5:
            continue
        if lead < 0:
            lead, best, best_i = s, STRENGTH[c], i
        elif s == 4 or s == lead:
            if STRENGTH[c] > best:
                best, best_i = STRENGTH[c], i
    return best_i


def random_hands(rng: random.Random, k: int) -> tuple[list[int], int]:
    """A random deal for ``k`` players as masks: ``(hands, chien)`` (no packets, no petit sec
    check: for playouts and speed measurements)."""
    size = {3: 24, 4: 18, 5: 15}[k]
    keys = rng.randbytes(N_CARDS)
    order = sorted(range(N_CARDS), key=keys.__getitem__)
    hands = []
    for p in range(k):
        m = 0
        for c in order[p * size:(p + 1) * size]:
            m |= 1 << c
        hands.append(m)
    chien = 0
    for c in order[k * size:]:
        chien |= 1 << c
    return hands, chien


def poignee_sum(levels: Sequence[str]) -> int:
    """The poignée part of the unit before its sign (20/30/40 per poignée shown)."""
    return sum(POIGNEE_VALUES[lv] for lv in levels)
