"""What each seat may see of a Le Trio / L'École match (docs/rules/trio.md; other hands stay hidden)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired

from games.base import JSON
from games.trio.building import Built, represented
from games.trio.melds import is_wild
from games.view_keys import SharedView

if TYPE_CHECKING:
    from games.trio.state import TrioState


class TrioView(SharedView):
    """A view of Le Trio or L'École: the shared keys and the game's (see :func:`build_view`)."""

    variant: str
    first_dealer: int
    first_dealer_cards: list[str]
    contracts: list[int]
    last_contract: int
    opened: list[bool]
    melds: list[JSON]
    stock_count: int
    stock_pass: int
    stock_passes: int
    discard_top: str | None
    discard_count: int
    must_go_out: bool
    max_rounds: int
    winners: list[int] | None
    building: NotRequired[JSON | None]
    layoff_card: NotRequired[str | None]
    drawn: NotRequired[str | None]


def build_view(s: TrioState, seat: int | None) -> TrioView:
    """Shared keys plus: ``variant``, ``contracts`` (each seat's current contract number),
    ``last_contract``, ``opened``, ``melds`` (``{"id", "owner", "kind": "set"|"seq", "cards",
    "as" (what each card stands for), "closed"}``), ``stock_count``, ``discard_top``,
    ``discard_count``, ``must_go_out`` (the seat to act took the discard after opening and
    must go out this turn), ``stock_pass`` (this round's pass through the stock, from 1) and
    ``stock_passes`` (the round is blocked when the last one runs out), ``max_rounds`` (the
    match limit), ``first_dealer`` and ``first_dealer_cards`` (the cards dealt face up until
    the first Jack), ``winners`` (once over). ``last_deal`` adds ``out`` (the seat that went
    out, ``None`` for a blocked round), ``blocked`` (the stock ran out for the last time: nobody
    went out), ``match_limit`` (the match ended because it reached ``max_rounds``), ``opened``,
    ``finishers`` (who completed the last contract), ``hands`` (the cards counted) and ``melds``
    (the table as the round ended, rows as in ``melds``). Events
    besides ``deal`` / ``draw`` / ``discard`` / ``meld`` / ``open`` / ``layoff`` / ``out``:
    ``reshuffle`` (``cards``, ``pass``), ``blocked`` (``deal_no``, ``passes``), ``deal_end``
    (``deal_no``, ``out``, ``blocked``, ``deltas``) and ``match_limit`` (``rounds``). Privately: ``hand``
    (every held card), ``building`` (``{"kind", "cards": ["7H", "2C=8H"], "staged": [...]}``
    or ``None``) and ``layoff_card``.

    Every call builds fresh dicts and lists: callers may change them."""
    over = s.phase == "over"
    v: TrioView = {"game": s.game.name, "seats": s.seats, "seat": seat, "rev": s.rev,
               "to_act": None if over else s.turn, "phase": str(s.phase), "variant": s.variant,
               "deal_no": s.round_no, "deals": None, "dealer": s.dealer,
               "first_dealer": s.first_dealer, "first_dealer_cards": list(s.jack_cards),
               "hand_counts": [len(s.held(i)) for i in range(s.seats)], "scores": list(s.scores),
               "contracts": list(s.contract), "last_contract": s.last, "opened": list(s.opened),
               "melds": [m.to_json() for m in s.melds], "stock_count": len(s.stock),
               "stock_pass": s.reshuffles + 1, "stock_passes": int(s.options["stock_passes"]),
               "discard_top": s.pile[-1].code if s.pile else None, "discard_count": len(s.pile),
               "must_go_out": s.must_out, "max_rounds": int(s.options["max_rounds"]),
               "last_deal": last_deal_json(s.last_deal), "events": events_json(s.recent),
               "winners": list(s.winners) if over else None}
    if seat is None:
        return v
    v["hand"] = [c.code for c in s.held(seat)]
    v["building"] = v["layoff_card"] = None
    # the card this seat drew this turn ("what you just drew" in its hand message)
    v["drawn"] = s.drawn if seat == s.turn and s.phase not in ("draw", "over") else None
    if seat == s.turn and s.phase in ("meld", "layoff"):
        v["building"] = {"kind": s.kind, "cards": texts(s.kind, s.built),
                         "staged": [{"kind": k, "cards": texts(k, b)} for k, b in s.staged]}
        if s.layoff_card:
            v["layoff_card"] = s.layoff_card.code
    return v


def events_json(events: tuple[JSON, ...]) -> list[JSON]:
    """Fresh copies of the events (flat dicts, but for the lists of ``deal_end`` and ``open``)."""
    out = [dict(e) for e in events]
    for e in out:
        for k in ("deltas", "melds"):
            if k in e:
                e[k] = list(e[k])
    return out


def last_deal_json(last: JSON | None) -> JSON | None:
    """A fresh copy of the ``last_deal`` record."""
    if last is None:
        return None
    d = {k: list(v) if isinstance(v, list) else v for k, v in last.items()}
    d["hands"] = {k: list(v) for k, v in last["hands"].items()}
    d["melds"] = [{**m, "cards": list(m["cards"]), "as": list(m["as"])} for m in last["melds"]]
    return d


def texts(kind: str, built: Built) -> list[str]:
    """The codes of a build, a wild written with what it stands for (``"2C=8H"``)."""
    ordered = sorted(built, key=lambda cp: cp[1]) if kind == "seq" else list(built)
    reps = represented(kind, built) if built else []
    return [f"{c.code}={r}" if is_wild(c) else c.code for (c, _), r in zip(ordered, reps, strict=True)]
