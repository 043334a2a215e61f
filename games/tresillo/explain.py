"""Why a Tresillo action is refused, in words players understand (docs/rules/tresillo.md; text in the catalogues)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from games.base import Action
from games.cards import suit_name
from games.errors import IllegalAction
from games.i18n import Msg
from games.tresillo import exchange
from games.tresillo.auction import parse_declare
from games.tresillo.play import RENOUNCEABLE

if TYPE_CHECKING:
    from games.tresillo.state import TresilloState

_PHASE_HINT = {
    "bet": Msg("tresillo.error.hint.bet"), "bid": Msg("tresillo.error.hint.bid"),
    "declare": Msg("tresillo.error.hint.declare"), "exchange": Msg("tresillo.error.hint.exchange"),
    "order": Msg("tresillo.error.hint.order"), "consent": Msg("tresillo.error.hint.consent"),
    "play": Msg("tresillo.error.hint.play"), "renounce": Msg("tresillo.error.hint.renounce"),
    "bola": Msg("tresillo.error.hint.bola"),
}


def _card_why(st: TresilloState, seat: int, code: str) -> IllegalAction | None:
    c = st.CARD.get(code)
    if c is None or c not in st.hands[seat]:
        return IllegalAction.of("error.not_held", card=code)
    return None


def why_illegal(st: TresilloState, seat: int, action: Action) -> IllegalAction:
    """The refusal of ``action`` from ``seat`` now, saying which rule forbids it."""
    phase = st.phase.value
    kind, arg = action.kind, action.arg
    if kind == "play" and phase == "play":
        missing = _card_why(st, seat, arg)
        if missing:
            return missing
        assert st.order is not None and st.trump is not None
        led_suit = st.order.suit_of[st.trick[0][1]]
        if led_suit == st.trump:
            return IllegalAction.of("tresillo.error.trump_led")
        return IllegalAction.of("tresillo.error.follow", suit=partial(suit_name, led_suit, family="spanish"))
    if kind == "renounce" and phase == "play":
        if st.contract not in RENOUNCEABLE:
            return IllegalAction.of("tresillo.error.renounce_solo")
        return IllegalAction.of("tresillo.error.renounce_when")
    if kind == "bid" and phase == "bid":
        if arg == "jeu" and st.level:
            return IllegalAction.of("tresillo.error.bid_plus")
        if arg == "plus" and st.level == 0:
            return IllegalAction.of("tresillo.error.bid_open")
        return IllegalAction.of("tresillo.error.bid_none")
    if kind == "declare" and phase == "declare":
        _name, suit = parse_declare(arg)
        if suit == st.options["favour"]:
            return IllegalAction.of("tresillo.error.declare_favour")
        return IllegalAction.of("tresillo.error.declare_level")
    if kind == "discard" and phase == "exchange":
        missing = _card_why(st, seat, arg)
        if missing:
            return missing
        limit = exchange.discard_limit(st, seat)
        if seat == st.first_exchanger and st.consent != "yes" and limit == exchange.SOLO_FREE_LIMIT:
            return IllegalAction.of("tresillo.error.consent")
        return IllegalAction.of("tresillo.error.talon_limit", limit=limit)
    if kind == "exchange" and arg == "0" and phase == "exchange" and seat == st.declarer \
            and st.contract == "retourne":
        return IllegalAction.of("tresillo.error.retourne_discard")
    if kind == "exchange" and arg.isdigit() and phase == "exchange" and st.count is None:
        r = exchange.count_range(st, seat)
        return IllegalAction.of("tresillo.error.exchange_count", low=r.start, high=r.stop - 1)
    hint = _PHASE_HINT.get(phase, Msg("tresillo.error.hint.over"))
    return IllegalAction.of("tresillo.error.not_allowed", action=str(action), hint=hint)
