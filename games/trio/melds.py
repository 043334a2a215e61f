"""Combinations of Le Trio / L'École (docs/rules/trio.md, « Combinations »): positions, wild limits, validation.

A *position* is a place in a run: 1 = Ace low, 2..13 = 2..King, 14 = Ace high. A run covers
consecutive positions of one suit, never both Ace places (no wrap-around: K-A-2 is not a run).
Sets (brelans, carrés) are 3 or 4 cards of one rank. 2s (and jokers at L'École) are wild; each
laid wild is fixed to what it stands for: a rank in a set, a card (position and suit) in a run.

Wild limits: a set holds at most one wild; a Trio run at most ``max_wilds`` (1, or 2 for the
7-card run of contract 7), for its whole life; an École run any number but never two side by side.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from games.cards import Card, card

SUITS = ("S", "H", "D", "C")
RANK_OF_POS = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
POS_OF_RANK = {r: i for i, r in enumerate(RANK_OF_POS) if 0 < i < 14}
SET, SEQ = "set", "seq"
ADJACENCY = 99  # ``max_wilds`` of an École run: any number, never adjacent


WILDS = frozenset(card(code) for code in ("2S", "2H", "2D", "2C", "JK"))
SLOTS = {card(r + s): i * 13 + p - 1 for i, s in enumerate(SUITS) for p, r in enumerate(RANK_OF_POS)
         if 0 < p < 14 and r != "2"}


def is_wild(c: Card) -> bool:
    """2s are always wild ("passe-partout"); jokers too (they only exist at L'École)."""
    return c in WILDS


def positions(c: Card) -> tuple[int, ...]:
    """Run positions a natural card may take (an Ace: low or high)."""
    p = POS_OF_RANK[c.rank]
    return (1, 14) if p == 1 else (p,)


_CARD_AT = {(p, s): card(RANK_OF_POS[p] + s) for p in range(1, 15) for s in SUITS}


def card_at(pos: int, suit: str) -> Card:
    """The card at run position ``pos`` of ``suit``."""
    return _CARD_AT[pos, suit]


def index(c: Card) -> int:
    """Index of a natural card in a 52-slot count vector (suit * 13 + rank position - 1)."""
    return SLOTS[c]


def wilds_ok(mask: Sequence[bool], max_wilds: int) -> bool:
    """A run's wild pattern (one flag per position) within its limit."""
    if max_wilds == ADJACENCY:
        return not any(a and b for a, b in itertools.pairwise(mask))
    return sum(mask) <= max_wilds


@dataclass(frozen=True, slots=True)
class Meld:
    """A laid combination. ``cards`` in position order for runs; ``reps[i]`` is what
    ``cards[i]`` stands for (its own code when natural; a rank for a wild in a set)."""

    id: int
    owner: int
    kind: str
    cards: tuple[Card, ...]
    reps: tuple[str, ...]
    rank: int = 0  # set: rank position (1..13)
    suit: str = ""  # run: suit
    lo: int = 0  # run: first position
    max_wilds: int = 1
    closed: bool = False

    @property
    def hi(self) -> int:
        return self.lo + len(self.cards) - 1

    @property
    def wild_count(self) -> int:
        return sum(1 for c in self.cards if is_wild(c))

    def to_json(self) -> dict[str, object]:
        return {"id": self.id, "owner": self.owner, "kind": self.kind,
                "cards": [c.code for c in self.cards], "as": list(self.reps), "closed": self.closed}

    def layoff_ends(self, c: Card) -> tuple[str, ...]:
        """Where ``c`` may be laid off on this meld: ``("",)`` for a set, ``"lo"``/``"hi"`` for a run,
        ``()`` when it does not fit (closed carré, wrong card, wild limit)."""
        if self.closed:
            return ()
        wild = is_wild(c)
        if self.kind == SET:
            if wild:
                return ("",) if self.wild_count < 1 else ()
            return ("",) if POS_OF_RANK[c.rank] == self.rank else ()
        if len(self.cards) >= 13:
            return ()
        ends: list[str] = []
        if wild:
            for end, pos, edge in (("lo", self.lo - 1, self.cards[0]), ("hi", self.hi + 1, self.cards[-1])):
                if not 1 <= pos <= 14:
                    continue
                if self.max_wilds == ADJACENCY:
                    if not is_wild(edge):
                        ends.append(end)
                elif self.wild_count < self.max_wilds:
                    ends.append(end)
            return tuple(ends)
        if c.suit != self.suit:
            return ()
        for pos in positions(c):
            if pos == self.lo - 1:
                ends.append("lo")
            elif pos == self.hi + 1:
                ends.append("hi")
        return tuple(ends)

    def laid_off(self, c: Card, end: str) -> Meld:
        """This meld with ``c`` added at ``end`` (a set of four is closed)."""
        if self.kind == SET:
            rep = RANK_OF_POS[self.rank] if is_wild(c) else c.code
            n = len(self.cards) + 1
            return Meld(self.id, self.owner, SET, (*self.cards, c), (*self.reps, rep), self.rank,
                        max_wilds=self.max_wilds, closed=n >= 4)
        if end == "lo":
            rep = card_at(self.lo - 1, self.suit).code
            return Meld(self.id, self.owner, SEQ, (c, *self.cards), (rep, *self.reps), suit=self.suit,
                        lo=self.lo - 1, max_wilds=self.max_wilds)
        rep = card_at(self.hi + 1, self.suit).code
        return Meld(self.id, self.owner, SEQ, (*self.cards, c), (*self.reps, rep), suit=self.suit,
                    lo=self.lo, max_wilds=self.max_wilds)


def parse_set(cards: Sequence[Card]) -> int | None:
    """The rank position of a valid brelan/carré (3-4 cards, one rank, at most one wild), else None."""
    if not 3 <= len(cards) <= 4:
        return None
    naturals = [c for c in cards if not is_wild(c)]
    if len(cards) - len(naturals) > 1 or not naturals:
        return None
    ranks = {c.rank for c in naturals}
    return POS_OF_RANK[naturals[0].rank] if len(ranks) == 1 else None


def parse_seq(cards: Sequence[Card], max_wilds: int) -> tuple[str, int] | None:
    """``(suit, first position)`` of a valid run listed lowest first, each wild standing for the
    card its place needs; ``None`` when it is not one (docs/rules/trio.md, « Combinations »)."""
    n = len(cards)
    if not 3 <= n <= 13:
        return None
    naturals = [(i, c) for i, c in enumerate(cards) if not is_wild(c)]
    if not naturals:
        return None
    suit = naturals[0][1].suit
    if any(c.suit != suit for _, c in naturals):
        return None
    mask = [is_wild(c) for c in cards]
    if not wilds_ok(mask, max_wilds):
        return None
    i0, c0 = naturals[0]
    for p0 in positions(c0):
        lo = p0 - i0
        if lo < 1 or lo + n - 1 > 14:
            continue
        if all(lo + i in positions(c) for i, c in naturals):
            return suit, lo
    return None
