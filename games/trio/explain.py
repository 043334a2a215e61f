"""Why a Le Trio / L'École step is refused, for the player who tried it (docs/rules/trio.md, « The round »; text in the
catalogues)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.base import Action
from games.errors import IllegalAction

if TYPE_CHECKING:
    from games.trio.state import TrioState


def why_illegal(s: TrioState, a: Action) -> IllegalAction:
    """The refusal of ``a`` from the seat to act, saying which rule forbids it."""
    seat = s.turn
    if s.phase == "draw" and a.kind != "draw":
        return IllegalAction.of("trio.error.draw_first")
    if a == Action("draw", "discard") and s.opened[seat]:
        return IllegalAction.of("trio.error.discard_after_opening")
    if a.kind == "layoff" and not s.opened[seat]:
        return IllegalAction.of("trio.error.layoff_before_opening")
    if a.kind in ("layoff", "meld") and s.opened_now:
        return IllegalAction.of("trio.error.opening_turn")
    if a.kind == "meld" and s.phase == "play" and not s.opened[seat]:
        return IllegalAction.of("trio.error.contract")
    if s.must_out:
        return IllegalAction.of("trio.error.must_go_out")
    if a.kind in ("add", "onto"):
        return IllegalAction.of("trio.error.does_not_fit", card=a.arg)
    return IllegalAction.of("error.not_allowed", action=str(a))
