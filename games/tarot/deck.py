"""Tarot card facts: points, bouts, deal sizes and poignée thresholds (docs/rules/tarot.md, « Cards and their points », « The deal », « Poignées »).

Points are kept in **half points** (``int``) everywhere inside the engine so sums are exact:
a bout or a King is 9, a Dame 7, a Cavalier 5, a Valet 3, every other card 1; the pack holds 182.
"""

from __future__ import annotations

from games.base import Action
from games.cards import Card, card, sort_key, tarot_deck

DECK: tuple[Card, ...] = tuple(sorted(tarot_deck(), key=sort_key))
EXCUSE = card("EX")
PETIT = card("T1")
T21 = card("T21")
BOUTS = frozenset({EXCUSE, PETIT, T21})
SUITS = ("S", "H", "D", "C")
KING, QUEEN, KNIGHT, JACK = 14, 13, 12, 11

_FACE_HALVES = {KING: 9, QUEEN: 7, KNIGHT: 5, JACK: 3}


def _halves(c: Card) -> int:
    if c in BOUTS:
        return 9
    if c.is_trump:
        return 1
    return _FACE_HALVES.get(c.value, 1)


HALVES: dict[Card, int] = {c: _halves(c) for c in DECK}
TOTAL_HALVES = sum(HALVES.values())  # 182 = 91 points
assert TOTAL_HALVES == 182

# Strength inside a trick: trumps above every suit card; the Excuse never wins (0).
STRENGTH: dict[Card, int] = {c: (100 + c.value if c.is_trump else c.value) for c in DECK}
STRENGTH[EXCUSE] = 0

# Card of each canonical code (faster than parsing in the hot paths).
BY_CODE: dict[str, Card] = {c.code: c for c in DECK}

# Display order index (hands are kept sorted by it).
ORDER: dict[Card, int] = {c: i for i, c in enumerate(DECK)}

# Pre-built actions, so the hot paths never construct tuples or parse text.
PLAY: dict[Card, Action] = {c: Action("play", c.code) for c in DECK}
DISCARD: dict[Card, Action] = {c: Action("discard", c.code) for c in DECK}
CALL: dict[Card, Action] = {c: Action("call", c.code) for c in DECK if not c.is_trump and c.value >= JACK}

# players -> (cards per player, chien size, packet size)
DEAL_SIZES: dict[int, tuple[int, int, int]] = {3: (24, 6, 4), 4: (18, 6, 3), 5: (15, 3, 3)}

# players -> (simple, double, triple) trump counts (FFT); option poignee_5p_15 uses 8/10/15.
POIGNEE_THRESHOLDS: dict[int, tuple[int, int, int]] = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}
POIGNEE_LEVELS = ("simple", "double", "triple")
POIGNEE_VALUES = {"simple": 20, "double": 30, "triple": 40}

# Contract ladder (docs/rules/tarot.md, « Bidding ») and multipliers (« Scoring »).
CONTRACTS = ("prise", "garde", "garde_sans", "garde_contre")
MULTIPLIER = {"prise": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}
# Points needed by the taker's side by the number of bouts it ends with (« Scoring »).
NEEDED = (56, 51, 41, 36)


def sort_hand(cards: list[Card] | tuple[Card, ...]) -> tuple[Card, ...]:
    """``cards`` in display order (spades, hearts, clubs, diamonds, trumps, Excuse)."""
    return tuple(sorted(cards, key=ORDER.__getitem__))


def halves_of(cards: tuple[Card, ...] | list[Card]) -> int:
    """Card points of ``cards`` in half points."""
    return sum(HALVES[c] for c in cards)


def bouts_in(cards: tuple[Card, ...] | list[Card] | frozenset[Card]) -> int:
    """How many bouts (21, Petit, Excuse) are among ``cards``."""
    return sum(1 for c in cards if c in BOUTS)
