"""Why a Piquet action is refused, in English and French, for the player who tried it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.base import Action
from games.cards import card, suit_name

if TYPE_CHECKING:
    from games.piquet.state import PiquetState

_KINDS = {"point": ("point", "le point"), "sequence": ("sequences", "les suites"),
          "sets": ("sets", "les brelans et quatorzes")}


def why_illegal(state: PiquetState, seat: int, action: Action) -> tuple[str, str] | None:
    """(English, French) explanation of the refusal, or ``None`` for the generic message."""
    from games.piquet.state import Phase

    kind = action.kind
    if state.phase is Phase.EXCHANGE and state.picking is None:
        r = state.exchange_range()
        return (f"Choose how many cards to exchange: {r.start} to {r.stop - 1} (exchange:N).",
                f"Choisissez combien de cartes échanger : de {r.start} à {r.stop - 1} (exchange:N).")
    if state.phase is Phase.EXCHANGE:
        if kind == "discard":
            return (f"{action.arg} is not in your hand.", f"{action.arg} n'est pas dans votre main.")
        return (f"Discard {state.picking} more card(s) first.",
                f"Écartez d'abord encore {state.picking} carte(s).")
    if state.phase is Phase.DECLARE:
        en, fr = _KINDS[state.steps[len(state.choices)][1]]
        return (f"Declare or sink your {en} now.", f"Annoncez ou taisez maintenant {fr}.")
    if state.look_pending():
        return ("Say first whether you look at the cards left in the talon (talon:look or talon:leave).",
                "Dites d'abord si vous regardez les cartes restées au talon (talon:look ou talon:leave).")
    if kind == "play":
        try:
            c = card(action.arg)
        except ValueError:
            return None
        if c in state.hands[seat] and state.trick:
            led = state.trick[0][1].suit
            return (f"You must follow suit ({suit_name(led, 'en')}).",
                    f"Vous devez fournir à la couleur demandée ({suit_name(led, 'fr')}).")
        return (f"{action.arg} is not in your hand.", f"{action.arg} n'est pas dans votre main.")
    return None
