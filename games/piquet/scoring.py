"""Piquet scoring outside declarations: play points, the cards, the partie (docs/rules/piquet.md, « Play », « The partie and the rubicon »)."""

from __future__ import annotations

from collections.abc import Sequence

from games.cards import Card

RUBICON = 100
PARTIE_BONUS = 100
CARDS_BONUS = 10
CAPOT_BONUS = 40
PIQUE_AT = 30
PIQUE_BONUS = 30
SEED_PIQUE_BONUS = 60  # docs/rules/piquet.md, « Defaults and options » #1: the seed's pique turns 30 into 90
SCORING_RANKS = frozenset(("A", "K", "Q", "J", "10"))  # "old French" counting cards (« Defaults and options » #2)


def counts_in_play(c: Card, old_french: bool) -> bool:
    """Whether leading or winning with ``c`` scores a point (every card, or 10 and up in the
    seed's old French count, docs/rules/piquet.md, « Defaults and options » #2)."""
    return not old_french or c.rank in SCORING_RANKS


def cards_bonus(tricks: Sequence[int]) -> tuple[int, int]:
    """The cards: more than 6 tricks scores 10, all 12 (capot) scores 40 instead (docs/rules/piquet.md, « Play »)."""
    bonus = [0, 0]
    for seat in (0, 1):
        if tricks[seat] == 12:
            bonus[seat] = CAPOT_BONUS
        elif tricks[seat] > 6:
            bonus[seat] = CARDS_BONUS
    return bonus[0], bonus[1]


def partie_result(a_total: int, b_total: int) -> tuple[int | None, int]:
    """The winner of a partie (0 for a, 1 for b, ``None`` when tied) and what he wins.

    Rubicon (docs/rules/piquet.md, « The partie and the rubicon »): the loser reached 100 -> 100 + the difference; the loser stayed under
    100 -> 100 + both totals, whether or not the winner reached 100. A tie scores 0.
    """
    if a_total == b_total:
        return None, 0
    winner = 0 if a_total > b_total else 1
    high, low = max(a_total, b_total), min(a_total, b_total)
    if low >= RUBICON:
        return winner, PARTIE_BONUS + high - low
    return winner, PARTIE_BONUS + high + low
