"""Why a Tarot action is refused, for the player who tried it (FFT rules; text in the catalogues)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.base import Action, Phase
from games.cards import card
from games.errors import IllegalAction, InvalidAction
from games.i18n import Msg
from games.tarot import vocabulary
from games.tarot.deck import BOUTS, KING
from games.tarot.play import why_unplayable

if TYPE_CHECKING:
    from games.tarot.state import TarotState

_PHASES = {phase: Msg(key) for phase, key in vocabulary.PHASES_IN_SENTENCE.items()}


def why_illegal(state: TarotState, seat: int, action: Action) -> IllegalAction:
    """The refusal of ``action`` from ``seat``, saying which rule forbids it.

    :raises InvalidAction: when a card argument is no Tarot card.
    """
    kind, arg = action
    phase = state.phase
    if kind in ("play", "discard", "call"):
        try:
            c = card(arg)
        except ValueError:
            raise InvalidAction.of("tarot.error.not_card", card=repr(arg)) from None
    if phase is Phase.PLAY and kind == "play":
        hand = state.hands[seat]
        if state.trick or c not in hand:
            return why_unplayable(hand, state.trick, c)
        return IllegalAction.of("tarot.error.called_suit")
    if phase is Phase.PLAY and kind == "poignee":
        return IllegalAction.of("tarot.error.poignee.when")
    if phase is Phase.BIDDING and kind == "bid":
        return IllegalAction.of("tarot.error.bid_higher", contract=str(state.contract))
    if phase is Phase.ECART and kind == "discard":
        if c not in state.hands[seat]:
            return IllegalAction.of("error.not_held", card=c.name)
        if (c.value == KING and not c.is_trump) or c in BOUTS:
            return IllegalAction.of("tarot.error.ecart.kings")
        return IllegalAction.of("tarot.error.ecart.trumps")
    name = _PHASES.get(phase.value)
    if name is None:
        return IllegalAction.of("error.not_allowed", action=str(action))
    return IllegalAction.of("tarot.error.not_allowed_in", action=str(action), phase=name)
