"""The easy Tarot level: a plausible beginner.

* Bids from the rule of thumb club beginners are taught (docs/rules/tarot.md, « Bidding »): count the trumps and the
  bouts. It takes with five trumps and some strength, guards with a bout and a long trump suit,
  and bids a Garde sans or a Garde contre only with two or three bouts and ten trumps or more: so
  never with fewer than five trumps (the Excuse aside) or without a bout. It does not judge its
  plain suits or compare contracts, so it takes too often with a middling hand: its main loss.
* Plays legal, sensible cards (the normal player's rules) with a beginner's memory: it forgets
  the tricks already played, so it does not count trumps (a trump of 17 or more looks safe, every
  King a winner) and does not notice an opponent who is out of a suit; it loads a trick its side
  currently wins without checking that the trick is safe (it gives points carelessly).
* Never announces a chelem; the call, the écart and the poignées follow the normal player.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.base import Action
from games.cards import Card
from games.tarot.ai import TarotBot, _Memory
from games.tarot.deck import BY_CODE, EXCUSE, KING, PETIT, T21

#: the contracts a beginner bids, strongest first, with what it wants to see: trumps (the Excuse
#: aside, per 18 cards), bouts, and its count (trumps + 3 per bout + 1 per King)
RULE_OF_THUMB: tuple[tuple[str, float, int, float], ...] = (
    ("garde_contre", 12, 3, 24),
    ("garde_sans", 10, 2, 20),
    ("garde", 6, 1, 15),
    ("prise", 5, 0, 10),
)
#: a trump a beginner believes nobody can beat (it does not count the higher ones played)
SAFE_TRUMP = 17


def beginner_bid(hand: Sequence[Card]) -> str | None:
    """The contract the rule of thumb gives ``hand`` (``None``: pass)."""
    scale = 18 / max(len(hand), 1)
    trumps = sum(1 for c in hand if c.is_trump) * scale
    bouts = sum(1 for c in hand if c is EXCUSE or c is PETIT or c is T21)
    kings = sum(1 for c in hand if not c.is_trump and c is not EXCUSE and c.value == KING)
    count = trumps + 3 * bouts + kings
    for contract, need_trumps, need_bouts, need_count in RULE_OF_THUMB:
        if trumps >= need_trumps and bouts >= need_bouts and count >= need_count:
            return contract
    return None


class _TrickMemory(_Memory):
    """A beginner's memory: only the trick on the table (the earlier ones are forgotten)."""

    def update(self, view: dict[str, Any]) -> None:
        self.key, self.seen, self.void = None, set(), {}
        self.note(view["trick"])


class Beginner(TarotBot):
    """The easy level (``TAROT.computer_player("easy")``); one instance per seat."""

    def __init__(self) -> None:
        super().__init__()
        self.memory = _TrickMemory()

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        if Action("no_chelem") in legal:
            return Action("no_chelem")
        return super().choose(view, legal, rng)

    def _bid(self, hand: list[Card], players: int, legal: Sequence[Action]) -> Action:
        """The rule of thumb's contract when it is still open, else pass (no overbidding)."""
        want = beginner_bid(hand)
        if want is not None and Action("bid", want) in legal:
            return Action("bid", want)
        return Action("pass")

    def _holds(self, c: Card, hand: list[Card], outstanding: list[int], enemies_after: list[int]) -> bool:
        """A beginner's idea of a winner that stays: a high trump, a King (or a Dame whose King
        is in its hand or on the table), or any card when nobody hostile plays after it."""
        if c is EXCUSE:
            return False
        if not enemies_after:
            return True
        if c.is_trump:
            return c.value >= SAFE_TRUMP
        if c.value == KING:
            return True
        king = BY_CODE[f"K{c.suit}"]
        return c.value == 13 and (king in hand or king in self.memory.seen)
