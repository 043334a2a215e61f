"""What a deal review says of a game beyond its graded decisions: the decisions its engine makes
for the players, so nobody looks for a grade that cannot be there."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.service.i18n import t
from games.base import Game


def review_notes(game: Game, options: Mapping[str, Any], locale: str) -> list[str]:
    """Lines the review adds for ``game`` played with ``options``: in Piquet the declarations
    (point, sequences, sets, carte blanche) are made by the engine (docs/rules/piquet.md,
    « Declarations »), so none is graded; with ``sinking`` the players declare, and the review
    still weighs only the discards and the cards played."""
    if game.name != "piquet":
        return []
    return [t(locale, "review_piquet_sinking" if options.get("sinking") else "review_piquet_declarations")]
