"""What each seat may see (shared keys of ``games/base.py`` plus Tresillo's own).

Tresillo keys: ``shuffle_no`` (deals dealt so far, annulled ones included: ``deal_no`` counts only
the deals that count, docs/rules/tresillo.md, « Bidding »), ``alcalde`` (4 seats: the dealer, else ``None``), ``mano``, ``active`` (the three
playing seats in turn order), ``favour`` (suit letter), ``stake``, ``values`` (each contract's value), ``auction`` (``level``, ``bid``,
``bidder``, ``passed``, ``bids``), ``declarer``, ``trump``, ``turned`` (the Retourne's card),
``exchanged`` (cards discarded by each seat, ``None`` before its turn), ``exchange_order``,
``talon`` (cards left), ``sleeping`` (cards left asleep after the exchanges), ``tricks`` (this
deal's finished tricks, public as at the table), ``renounced``, ``defender``, ``bola``, ``ledger``
(== ``scores``), ``results`` (result class of every finished deal) and ``last_deal`` (adds
``result``, ``tricks``, ``contract``, ``declarer``, ``defender`` and the revealed ``bet`` with its
``bet_outcome`` and ``bet_won``, and ``payments``: ``[payer, payee, amount, why]`` with ``why`` the
result class or ``"bet"``).
Private only: ``hand``, ``discarding`` (own discards not yet replaced), ``pending_picks`` (cards
still to discard after ``exchange:N``) and, for the alcalde, ``bet``. Discards, the talon and the sleeping cards are never shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NotRequired

from games.base import JSON, fresh_json
from games.cards import Card
from games.tresillo.auction import LEVELS
from games.tresillo.scoring import VALUES
from games.view_keys import SharedView

if TYPE_CHECKING:
    from games.tresillo.state import TresilloState


class TresilloView(SharedView):
    """A Tresillo view: the shared keys and Tresillo's (see the module docstring)."""

    shuffle_no: int
    alcalde: int | None
    mano: int
    active: list[int]
    favour: Any  # the options' values
    stake: Any
    values: dict[str, Any]
    auction: JSON
    contract: JSON | None
    declarer: int | None
    trump: str | None
    turned: str | None
    exchanged: list[int | None]
    exchange_order: list[int] | None
    talon: int
    sleeping: int | None
    trick: list[list[int | str]]
    last_trick: JSON | None
    tricks: list[JSON]
    tricks_won: list[int]
    tricks_done: int
    renounced: bool
    defender: int | None
    bola: bool
    ledger: list[int]
    results: list[str]
    discarding: NotRequired[list[str]]
    bet: NotRequired[str | None]


def _trick(cards: tuple[tuple[int, Card], ...]) -> list[list[int | str]]:
    return [[s, c.code] for s, c in cards]


def _events(events: tuple[JSON, ...]) -> list[JSON]:
    """Fresh copies of the events (a view shares nothing with the state): flat dicts, but for a
    trick's cards and a deal's deltas."""
    out = [*map(dict.copy, events)]
    for e in out:
        kind = e["type"]
        if kind == "trick":
            e["cards"] = [[*pair] for pair in e["cards"]]
        elif kind == "deal_end":
            e["deltas"] = [*e["deltas"]]
    return out


def contract_info(st: TresilloState) -> JSON | None:
    """The declared contract as a dict (``name``, ``level``, ``trump``, ``declarer``, ``value``...)."""
    if st.contract is None:
        return None
    value = st.options["retourne_value"] if st.contract == "retourne" else VALUES[st.contract]
    return {"name": st.contract, "level": LEVELS.index(st.contract), "trump": st.trump,
            "declarer": st.declarer, "favour": st.contract.endswith("_favour"), "value": value,
            "turned": st.turned.code if st.turned else None, "renounced": st.renounced,
            "first_declarer": st.first_declarer, "defender": st.defender, "bola": st.bola}


def build_view(st: TresilloState, seat: int | None) -> TresilloView:
    """The view of ``seat`` (``None``: public). See the module docstring for the keys."""
    over = st.turn is None
    last = st.done_tricks[-1] if st.done_tricks else None
    v: TresilloView = {
        "game": st.game.name, "seats": st.seats, "seat": seat, "rev": st.rev, "to_act": st.turn,
        "phase": st.phase.value, "deal_no": min(st.deal_no, st.total_deals - 1), "shuffle_no": st.shuffle_no,
        "deals": st.total_deals, "dealer": st.dealer, "alcalde": st.alcalde,
        "mano": st.active[0], "active": list(st.active),
        "hand_counts": [len(h) for h in st.hands],
        "favour": st.options["favour"], "stake": st.options["stake"],
        "values": {**VALUES, "retourne": st.options["retourne_value"]},
        "auction": {"level": st.level, "bid": LEVELS[st.level] or None, "bidder": st.bidder,
                    "passed": list(st.passed), "bids": [[s, b] for s, b in st.bids]},
        "contract": None if over else contract_info(st),
        "declarer": st.declarer if st.declarer >= 0 and not over else None,
        "trump": None if over else st.trump,
        "turned": st.turned.code if st.turned and not over else None,
        "exchanged": list(st.exchanged), "exchange_order": list(st.exchange_order or ()) or None,
        "talon": len(st.talon), "sleeping": st.sleeping,
        "trick": _trick(st.trick),
        "last_trick": {"cards": _trick(last[0]), "winner": last[1]} if last else None,
        "tricks": [{"cards": _trick(t), "winner": w} for t, w in st.done_tricks],
        "tricks_won": list(st.tricks_won), "tricks_done": st.tricks_done,
        "renounced": st.renounced, "defender": st.defender, "bola": st.bola,
        "scores": list(st.ledger), "ledger": list(st.ledger), "results": list(st.results),
        "last_deal": fresh_json(st.last_deal), "events": _events(st.recent),
    }
    if seat is not None:
        v["hand"] = [c.code for c in st.hands[seat]]
        if seat == st.turn and st.pending:
            v["discarding"] = [c.code for c in st.pending]
        if seat == st.alcalde and not over:
            v["bet"] = st.bet
        v["pending_picks"] = st.pending_picks(seat)
    return v
