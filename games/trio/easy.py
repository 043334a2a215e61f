"""The easy level of Le Trio and L'École: a plausible beginner.

It plays the simple yardstick's way (:class:`games.trio.ai.BaselinePlayer`): it draws from the
stock, taking the discard only when it shows a wild (docs/rules/trio.md, « Combinations »: any wild is worth having); it
opens, lays down and lays off as soon as the rules let it (« The round ») and throws the card with the fewest
partners (same rank, or same suit two places away), the costliest first. Its beginner's mistake
is to ignore what its contract asks for (« Contracts »): it keeps pairs when it needs a run and the other way
round, so it opens late and is caught with points in hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.base import JSON, Action
from games.cards import card
from games.trio.ai import BaselinePlayer
from games.trio.melds import is_wild

_TAKE = Action("draw", "discard")


class Beginner(BaselinePlayer):
    """The easy level (``TRIO.computer_player("easy")``, and L'École's)."""

    def choose(self, view: JSON, legal: Sequence[Action], rng: random.Random) -> Action:
        top = view.get("discard_top")
        if _TAKE in legal and top and is_wild(card(top)):
            return _TAKE
        return super().choose(view, legal, rng)
