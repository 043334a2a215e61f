"""Why a Piquet action is refused, for the player who tried it (docs/rules/piquet.md; text in the catalogues)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from games.base import Action, Phase
from games.cards import card, suit_name
from games.errors import IllegalAction
from games.i18n import Msg
from games.piquet import vocabulary

if TYPE_CHECKING:
    from games.piquet.state import PiquetState

_KINDS = {kind: Msg(key) for kind, key in vocabulary.CLASSES_IN_SENTENCE.items()}


def why_illegal(state: PiquetState, seat: int, action: Action) -> IllegalAction | None:
    """The refusal of ``action`` from ``seat``, or ``None`` for the generic one."""
    kind = action.kind
    if state.phase is Phase.EXCHANGE and state.picking is None:
        r = state.exchange_range()
        return IllegalAction.of("piquet.error.exchange_count", low=r.start, high=r.stop - 1)
    if state.phase is Phase.EXCHANGE and state.picking is not None:
        if kind == "discard":
            return IllegalAction.of("error.not_held_code", card=action.arg)
        return IllegalAction.of("piquet.error.discard_first", n=state.picking)
    if state.phase is Phase.DECLARE:
        return IllegalAction.of("piquet.error.declare_now", what=_KINDS[state.steps[len(state.choices)][1]])
    if state.look_pending():
        return IllegalAction.of("piquet.error.look_first", look="talon:look", leave="talon:leave")
    if kind == "play":
        try:
            c = card(action.arg)
        except ValueError:
            return None
        if c in state.hands[seat] and state.trick:
            return IllegalAction.of("piquet.error.follow", suit=partial(suit_name, state.trick[0][1].suit))
        return IllegalAction.of("error.not_held_code", card=action.arg)
    return None
