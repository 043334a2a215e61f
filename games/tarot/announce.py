"""Poignée (docs/rules/tarot.md, « Poignées »): levels a hand may declare, which trumps the engine shows, validation.

A poignée shows exactly 10/13/15 trumps (4 players; 3: 13/15/18; 5: 8/10/13), in descending order,
just before the holder's first card. Extra trumps stay hidden. The Excuse may stand in for one
missing trump, but showing it asserts the holder has no other trump: so it is only allowed when
every trump held is shown with it. A taker who had to put trumps in the écart (shown then) counts
them and shows them again.

Design choice: the player picks the level (``poignee:simple``) and the engine picks the cards: the
écart trumps first, then the lowest trumps from 2 upward, the 21 and then the Petit last (so a
player never reveals a bout he could hide); the Excuse only when it is needed and allowed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.cards import Card
from games.errors import IllegalAction
from games.tarot.deck import EXCUSE, PETIT, POIGNEE_LEVELS, POIGNEE_THRESHOLDS, T21


def thresholds(players: int, five_player_triple_15: bool = False) -> tuple[int, int, int]:
    """Trump counts for simple, double and triple poignée (option: 8/10/15 with 5 players)."""
    if players == 5 and five_player_triple_15:
        return (8, 10, 15)
    return POIGNEE_THRESHOLDS[players]


def available_levels(trumps: int, has_excuse: bool, limits: Sequence[int]) -> tuple[str, ...]:
    """Levels a holder of ``trumps`` trumps (and maybe the Excuse) may declare."""
    return tuple(level for level, need in zip(POIGNEE_LEVELS, limits, strict=True)
                 if trumps >= need or (has_excuse and trumps == need - 1))


def _preference(c: Card) -> tuple[int, int]:
    return (1 if c is T21 else 2 if c is PETIT else 0, c.value)


def shown_cards(hand_trumps: Iterable[Card], ecart_trumps: Iterable[Card], has_excuse: bool,
                count: int) -> tuple[Card, ...]:
    """The ``count`` cards the engine shows, trumps in descending order then the Excuse if used.

    :raises IllegalAction: when the hand cannot show ``count`` cards.
    """
    ecart = sorted(ecart_trumps, key=lambda c: c.value)
    rest = sorted(hand_trumps, key=_preference)
    pool = ecart + rest
    if len(pool) >= count:
        chosen = pool[:count]
    elif has_excuse and len(pool) == count - 1:
        chosen = [*pool, EXCUSE]
    else:
        raise IllegalAction.of("tarot.error.poignee.count", count=count)
    trumps = sorted((c for c in chosen if c is not EXCUSE), key=lambda c: -c.value)
    return (*trumps, EXCUSE) if EXCUSE in chosen else tuple(trumps)


def validate(held: Iterable[Card], shown: Sequence[Card], limits: Sequence[int]) -> str:
    """The level of the poignée ``shown`` by a player holding ``held`` (trumps, Excuse, écart
    trumps included); FFT rules 2.5.

    :raises IllegalAction: cards not held or repeated, a count that is not exactly a threshold, a
        non-trump, or the Excuse shown while the holder keeps another trump hidden.
    """
    held_set = set(held)
    if len(set(shown)) != len(shown) or not set(shown) <= held_set:
        raise IllegalAction.of("tarot.error.poignee.held")
    if any(not c.is_trump and c is not EXCUSE for c in shown):
        raise IllegalAction.of("tarot.error.poignee.trumps")
    if len(shown) not in limits:
        raise IllegalAction.of("tarot.error.poignee.sizes", sizes=", ".join(map(str, limits)))
    if EXCUSE in shown:
        trumps_held = sum(1 for c in held_set if c.is_trump)
        if trumps_held != len(shown) - 1:
            raise IllegalAction.of("tarot.error.poignee.excuse")
    return POIGNEE_LEVELS[list(limits).index(len(shown))]
