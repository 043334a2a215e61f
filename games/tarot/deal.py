"""Dealing (docs/rules/tarot.md, « The deal »): packets counter-clockwise from the dealer's right, the chien built one
card at a time during the deal (never the first or last card of the pack), petit sec detection and
the draw for the first dealer.
"""

from __future__ import annotations

import random
import struct

from games.cards import Card
from games.tarot.deck import DEAL_SIZES, DECK, EXCUSE, PETIT, sort_hand

# Tie order when drawing for the first dealer: spades rank highest, then hearts, diamonds, clubs.
_DRAW_SUIT = {"C": 0, "D": 1, "H": 2, "S": 3, "T": 4}


def deal_cards(rng: random.Random, players: int) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    """Shuffle and deal: ``(hands, chien)``. ``hands[i]`` goes to the i-th player counter-clockwise
    from the dealer's right (i = 0 is the dealer's right, the last one the dealer), sorted.

    The pack is dealt by packets (3 or 4 cards); after some packets one card goes to the chien,
    chosen at random among the gaps between packets so that neither the first nor the last card of
    the pack goes to the chien.
    """
    per_player, chien_size, packet = DEAL_SIZES[players]
    pack = shuffled(rng)
    packets = per_player * players // packet
    # a chien card may follow any packet but the last one (the last card goes to the dealer)
    after = set(rng.sample(range(packets - 1), chien_size))
    hands: list[list[Card]] = [[] for _ in range(players)]
    chien: list[Card] = []
    pos = 0
    for p in range(packets):
        hands[p % players].extend(pack[pos:pos + packet])
        pos += packet
        if p in after:
            chien.append(pack[pos])
            pos += 1
    assert pos == len(pack)
    return [sort_hand(h) for h in hands], tuple(chien)


def shuffled(rng: random.Random) -> list[Card]:
    """The 78 cards in a random order: sorted by 32-bit random keys drawn in one call (C speed;
    equal keys, about one shuffle in a million, keep the pack order: still deterministic)."""
    keys = struct.unpack(f"<{len(DECK)}I", rng.randbytes(4 * len(DECK)))
    order = sorted(range(len(DECK)), key=keys.__getitem__)
    return [DECK[i] for i in order]


def is_petit_sec(hand: tuple[Card, ...] | list[Card]) -> bool:
    """The Petit is the hand's only trump and the hand has no Excuse (Petit + Excuse is not sec)."""
    held = set(hand)  # hashed look-ups: Card equality is slow
    if PETIT not in held or EXCUSE in held:
        return False
    return sum(1 for c in hand if c.is_trump) == 1


def draw_key(c: Card) -> tuple[int, int, int]:
    """Order of cards drawn for the first dealer: suit cards by rank (Ace lowest) below trumps;
    equal ranks are split by suit (clubs lowest, spades highest)."""
    return (1 if c.is_trump else 0, c.value, _DRAW_SUIT[c.suit])


def draw_first_dealer(rng: random.Random, seats: int) -> tuple[int, list[tuple[int, Card]]]:
    """Each seat draws one card from the shuffled pack (a drawn Excuse is redrawn): the lowest card
    deals. Returns the dealer and the cards drawn (``[(seat, card), ...]``)."""
    drawn: list[tuple[int, Card]] = []
    it = iter(rng.sample(DECK, seats + 1))  # one spare card: at most one Excuse to redraw
    for seat in range(seats):
        c = next(it)
        while c is EXCUSE:
            c = next(it)
        drawn.append((seat, c))
    dealer = min(drawn, key=lambda sc: draw_key(sc[1]))[0]
    return dealer, drawn
