"""What each seat may see of a Piquet partie (keys listed in the package docstring).

Hidden information follows docs/rules/piquet.md, « The exchange »: a player sees his own hand and discard; elder sees the
cards he left in the talon while they stay there; younger sees the final leftovers if he chose to
look at them, and elder too once he has led. A carte blanche is shown to everyone after the
adversary has discarded (Law 20). Winning declarations are shown (docs/rules/piquet.md, « Defaults and options » #10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NotRequired

from games.base import JSON, fresh_json
from games.cards import Card, sort_key
from games.piquet import declarations as dc
from games.view_keys import SharedView

if TYPE_CHECKING:
    from games.piquet.state import PiquetState




class PiquetView(SharedView):
    """A Piquet view: the shared keys and Piquet's (see :func:`build_view`)."""

    elder: int
    packets: Any  # the option's value
    cut: list[str]
    stock_count: int
    exchanges: list[int | None]
    to_discard: int
    discard_counts: list[int]
    blanche: list[bool]
    blanche_shown: list[list[str] | None]
    declarations: Any
    calls: list[JSON]
    bonus: list[str | None]
    deal_points: list[int]
    deal_lines: dict[str, list[int]]
    looked: bool | None
    leftover_count: int | None
    look_pending: bool
    trick: list[list[Any]]  # [seat, card code]
    last_trick: Any
    tricks_won: list[int]
    played: list[str]
    contract: None
    history: list[JSON]
    discard: NotRequired[list[str]]
    talon_seen: NotRequired[list[str]]


def _codes(cards: tuple[Card, ...] | list[Card]) -> list[str]:
    return [c.code for c in sorted(cards, key=sort_key)]


def talon_seen(state: PiquetState, seat: int) -> list[Card]:
    """The talon cards ``seat`` has looked at and that are still in the talon."""
    seen: list[Card] = []
    if seat == state.elder:
        still = state.stock if state.leftover is None else state.leftover
        seen = [c for c in state.elder_left if c in still]
        if state.looked and state.leftover and (state.trick or state.played):
            seen += [c for c in state.leftover if c not in seen]
    elif state.looked and state.leftover:
        seen = list(state.leftover)
    return seen


def deal_lines(state: PiquetState) -> dict[str, list[int]]:
    """The current deal's points so far per class and seat."""
    from games.piquet.state import LINES

    lines = {name: [0, 0] for name in LINES}
    lines["blanche"] = list(state.blanche)
    for name, line in zip(LINES[:5], state.decl_lines, strict=False):
        lines[name] = list(line)
    lines["pique"] = list(state.pique)
    lines["play"] = list(state.play_pts)
    return lines


def calls_so_far(state: PiquetState) -> list[JSON]:
    """With sinking on: each decision made so far, with the first value of a declared call."""
    rules = dc.Rules(sets_by_rank=state.options["sets_by_rank"])
    out: list[JSON] = []
    for seat, kind, yes in state.choices:
        call = None
        if yes:
            h = dc.holding(state.hands[seat], kind, rules)
            if h is not None:
                name, value = h.fields[0]
                call = {name: dc.RANKS[value] if name in ("top", "rank") else value}
        out.append({"seat": seat, "kind": kind, "call": call})
    return out


def build_view(state: PiquetState, seat: int | None) -> PiquetView:
    """Public keys for everyone, plus ``hand``, ``discard``, ``talon_seen`` for ``seat``."""
    turn = state.to_act()
    shared = [fresh_json(x) for x in (list(state.recent), list(state.decl), state.last_trick,
                                      state.history[-1] if state.history else None)]
    v: PiquetView = {
        "game": state.game.name, "seats": 2, "seat": seat, "rev": state.rev, "to_act": turn,
        "phase": state.phase.value, "scores": list(state.totals), "events": shared[0],
        "deal_no": state.deal_no if state.turn is not None else state.deal_no - 1,
        "deals": state.planned, "dealer": state.dealer, "elder": state.elder,
        "packets": state.options["packets"], "cut": [c.code for c in state.cut],
        "hand_counts": [len(h) for h in state.hands], "stock_count": len(state.stock),
        "exchanges": list(state.counts), "to_discard": state.picking or 0,
        "discard_counts": [len(d) for d in state.discards],
        "blanche": [bool(b) for b in state.blanche],
        "blanche_shown": [_codes(state.blanche_cards[s]) if state.blanche_shown[s] else None
                          for s in (0, 1)],
        "declarations": shared[1], "calls": calls_so_far(state) if state.choices else [],
        "bonus": list(state.bonus), "deal_points": list(state.pts), "deal_lines": deal_lines(state),
        "looked": state.looked, "leftover_count": None if state.leftover is None else len(state.leftover),
        "look_pending": state.look_pending(),
        "trick": [[s, c.code] for s, c in state.trick], "last_trick": shared[2],
        "tricks_won": list(state.tricks_won), "played": [c.code for c in state.played],
        "contract": None, "last_deal": shared[3],
        "history": [{"deal_no": h["deal_no"], "dealer": h["dealer"], "deltas": list(h["deltas"]),
                     "scores": list(h["scores"])} for h in state.history],
    }
    if seat is not None:
        v["hand"] = _codes(state.hands[seat])
        v["discard"] = _codes(state.discards[seat])
        v["talon_seen"] = _codes(talon_seen(state, seat))
        v["pending_picks"] = state.pending_picks(seat)
    return v
