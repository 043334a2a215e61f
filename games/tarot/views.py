"""What each seat may see of a Tarot match (docs/rules/tarot.md; hidden information stays hidden).

Shared keys (see :mod:`games.base`): ``game seats seat rev to_act phase scores events deal_no deals
dealer hand_counts trick last_trick tricks_won contract last_deal``. Tarot adds:

* ``active``: seats playing this deal (all but the dealer with the 5-seated/4-playing option);
* ``bids``: ``[[seat, "pass"|contract], ...]`` this deal; ``trick_no``: tricks completed; ``leader``;
* ``contract``: ``{"bid", "taker", "multiplier", "called", "partner", "chelem_announced"}`` once the
  bidding is over; ``partner`` is ``None`` until the called card is played (or seen in the chien:
  then ``partner == taker``, he plays alone; with 3 or 4 players ``partner == taker`` too);
* ``chien``: its cards once shown (Prise/Garde), else ``None``; ``chien_size``;
* ``ecart_trumps``: trumps the taker had to discard (shown); ``poignees``: ``[{"seat", "level",
  "cards"}]``; ``side_tricks``: ``{"attack", "defence"}`` or ``None`` while the sides are secret;
* ``excuse_pending``: the Excuse owner whose exchange waits for a won trick (when sides are public);
* ``last_deal``: the score lines of :func:`games.tarot.scoring.score_lines` plus ``deal_no deltas
  scores taker partner called chien dealer poignees`` (the chien is turned over at the end).

Private views add ``hand``, the taker's own ``ecart``, ``role`` (``taker``, ``partner``, ``defence``
or ``None`` while unknown to that seat) and ``pending_picks``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NotRequired, TypedDict, cast

from games.base import JSON, Phase, fresh_json
from games.tarot.deck import MULTIPLIER
from games.view_keys import SharedView

if TYPE_CHECKING:
    from games.tarot.state import TarotState


class TarotContract(TypedDict):
    """The contract once the bidding is over (see the module docstring)."""

    bid: str | None
    taker: int
    multiplier: int
    called: str | None
    partner: int | None
    chelem_announced: bool


class TarotView(SharedView):
    """A Tarot view: the shared keys and Tarot's (see the module docstring)."""

    active: list[int]
    bids: list[list[Any]]  # [seat, "pass" | contract]
    contract: TarotContract | None
    trick: list[list[Any]]  # [seat, card code]
    leader: int
    trick_no: int
    last_trick: JSON | None
    tricks_won: list[int]
    side_tricks: dict[str, int] | None
    chien: list[str] | None
    chien_size: int
    ecart_trumps: list[str]
    poignees: list[JSON]
    excuse_pending: int | None
    role: NotRequired[str | None]
    ecart: NotRequired[list[str]]


def _contract(state: TarotState) -> TarotContract | None:
    if state.taker is None or state.phase is Phase.BIDDING:
        return None
    partner = None
    if state.partner_known or state.k != 5:
        partner = state.partner if state.partner is not None else state.taker
    return {"bid": state.contract, "taker": state.taker, "multiplier": MULTIPLIER[state.contract or "prise"],
            "called": state.called.code if state.called else None, "partner": partner,
            "chelem_announced": state.chelem_announced}


def _role(state: TarotState, seat: int) -> str | None:
    if state.taker is None or state.phase is Phase.BIDDING:
        return None
    if seat == state.taker:
        return "taker"
    if seat not in state.active:
        return None
    if state.k != 5 or state.partner_known:
        return "partner" if seat == state.partner else "defence"
    if state.called is None:
        return None
    return "partner" if seat == state.partner else "defence"  # each seat knows whether it holds it


def _seats_from(state: TarotState, leader: int, count: int) -> list[int]:
    seats, s = [], leader
    for _ in range(count):
        seats.append(s)
        s = state.nxt[s]
    return seats


def _event(state: TarotState, event: Any) -> JSON:
    """A stored event as a dict (tricks are stored as ``(seats, cards, winner)`` for speed)."""
    if isinstance(event, dict):
        return cast(JSON, fresh_json(event))  # plain JSON: a copy of its lists and dicts is a deep copy
    seats, cards, winner = event
    return {"type": "trick", "cards": [[s, c.code] for s, c in zip(seats, cards, strict=True)], "winner": winner}


def build_view(state: TarotState, seat: int | None) -> TarotView:
    """The view of ``seat`` (``None``: public); see the module docstring for the keys."""
    phase = state.phase
    over = phase is Phase.OVER
    public_sides = state.sides_public()
    chien_shown = state.contract in ("prise", "garde") and phase is not Phase.BIDDING and \
        (state.k != 5 or state.called is not None)
    trick_seats = _seats_from(state, state.leader, len(state.trick))
    last = None
    if state.last_trick is not None:
        last = _event(state, state.last_trick)
        del last["type"]
    view: TarotView = {
        "game": state.game.name, "seats": state.seats, "seat": seat, "rev": state.rev,
        "to_act": state.turn, "phase": phase.value, "scores": list(state.scores),
        "events": [_event(state, e) for e in state.recent],
        "deal_no": state.deal_no, "deals": state.deals, "dealer": state.dealer,
        "active": list(state.active), "hand_counts": [len(h) for h in state.hands],
        "bids": [[s, b] for s, b in state.bids], "contract": None if over else _contract(state),
        "trick": [[s, c.code] for s, c in zip(trick_seats, state.trick, strict=True)],
        "leader": state.leader, "trick_no": state.trick_no, "last_trick": last,
        "tricks_won": list(state.tricks_won),
        "side_tricks": {"attack": state.side_tricks[0], "defence": state.side_tricks[1]}
        if public_sides and state.taker is not None and not over else None,
        "chien": [c.code for c in state.chien] if chien_shown and not over else None,
        "chien_size": len(state.chien),
        "ecart_trumps": [c.code for c in state.ecart if c.is_trump],
        "poignees": [{"seat": s, "level": lv, "cards": [c.code for c in cards]}
                     for s, lv, cards in state.poignees],
        "excuse_pending": state.excuse_pending if public_sides else None,
        "last_deal": fresh_json(state.last_deal),
    }
    if seat is not None:
        view["hand"] = [c.code for c in state.hands[seat]]
        view["role"] = _role(state, seat)
        view["pending_picks"] = state.pending_picks(seat)
        if seat == state.taker and not over:
            view["ecart"] = [c.code for c in state.ecart]
    return view
