"""Penalty points of Le Trio and L'École: what the cards left in a hand cost at the end of a round
(docs/rules/trio.md, « Cards and their points », « The round »); ``hand_points`` is a pure rule check exported by :mod:`games.trio`."""

from __future__ import annotations

from collections.abc import Sequence

from games.cards import Card, card
from games.trio.contracts import check_variant
from games.trio.melds import is_wild


def card_points(c: Card) -> int:
    """Penalty value of one card left in hand: a 2 or a joker 20; A K Q J 10 worth 10; 9 to 3
    worth 5 (docs/rules/trio.md, « Cards and their points »)."""
    return 20 if is_wild(c) else 10 if c.rank in ("A", "K", "Q", "J", "10") else 5


def hand_points(cards: Sequence[str | Card], *, variant: str = "trio") -> int:
    """Penalty points of the cards left in a hand (docs/rules/trio.md, « Cards and their points »).

    :raises ValueError: on an unknown card or variant, or a joker in Le Trio (no jokers there).
    """
    check_variant(variant)
    total = 0
    for text in cards:
        c = card(text)
        if c.rank in ("C", "T", "EX") or c.family != "french":
            raise ValueError(f"{c.code} is not a card of {variant}")
        if c.is_joker and variant == "trio":
            raise ValueError("Le Trio is played without jokers")
        total += card_points(c)
    return total
