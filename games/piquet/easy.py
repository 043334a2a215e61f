"""The easy Piquet level: a plausible beginner.

* Exchange (docs/rules/piquet.md, « The exchange »): takes every card it may, and discards by a rule of thumb: the lowest
  cards of its shortest suits, keeping its Aces and Kings and its longest suit whole (it does
  not plan sequences or sets, nor weigh the point against the tricks).
* Declarations are made in full (as the normal player does: the engine scores them).
* Plays legal, sensible cards (the normal player's rules: masters from the longest suit, win
  cheaply, throw the least useful card) with a beginner's memory: it forgets the cards already
  played and its own discard, so only a card nothing higher can beat in its hand looks a master.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.base import JSON, Action
from games.cards import FRENCH_SUITS, Card, card
from games.piquet.ai import PiquetPlayer, choose_card
from games.piquet.declarations import RANK_INDEX


def beginner_discards(hand: Sequence[Card], n: int) -> list[Card]:
    """The ``n`` lowest cards of the shortest suits, Aces and Kings kept while other cards remain
    (a beginner is taught to keep its honours)."""
    length = {s: sum(1 for c in hand if c.suit == s) for s in FRENCH_SUITS}
    ranked = sorted(hand, key=lambda c: (c.rank == "A", c.rank == "K", length[c.suit], RANK_INDEX[c.rank], c.code))
    return ranked[:n]


class Beginner(PiquetPlayer):
    """The easy level (``PIQUET.computer_player("easy")``)."""

    def choose(self, view: JSON, legal: Sequence[Action], rng: random.Random) -> Action:
        kind = legal[0].kind
        hand = [card(c) for c in view["hand"]]
        if kind == "exchange":
            return max(legal, key=lambda a: int(a.arg))
        if kind == "discard":
            return Action("discard", beginner_discards(hand, view["pending_picks"] or 1)[0].code)
        if kind == "play":
            forgetful = {**view, "played": [], "discard": [], "talon_seen": []}
            return Action("play", choose_card(forgetful, hand, [card(a.arg) for a in legal]).code)
        return super().choose(view, legal, rng)
