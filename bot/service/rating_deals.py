"""The finished deals of a match as the ratings read them: each seat's role, and who paid
whom how much by the game's own scoring.

A deal names its side when its score lines (the view's ``last_deal``) or its contract name a seat
under one of :data:`SIDE_KEYS` (``taker`` in Tarot, ``declarer`` in Tresillo). Its settlement is
read as payments between two seats: Tresillo lists them (``payments``: ``[from, to, amount,
reason]``, the alcalde's bet included); otherwise each losing seat's loss is shared among the
winning seats in proportion to their gains (Tarot at 4: each defender pays the taker X; at 5, a
defender's X goes two thirds to the taker, one third to the called partner). Games whose deals name
no side (Le Trio, L'École, Piquet) are rated on the match's final places instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.base import Game

SIDE_KEYS = ("taker", "declarer", "attacker", "soloist", "bidder", "player")
PARTNER_KEYS = ("partner", "called", "partners", "allies")


@dataclass(frozen=True)
class Payment:
    """``loser`` paid ``winner`` ``amount`` points on the deal (net, between these two seats)."""

    winner: int
    loser: int
    amount: float


@dataclass(frozen=True)
class Deal:
    """One finished deal: each seat's role (``taker``, ``partner``, ``defender``; ``declarer``,
    ``other``, ``alcalde``), the payments, and what the explanation names (contract, result)."""

    deal_no: int
    roles: tuple[str, ...]
    payments: tuple[Payment, ...]
    contract: str | None
    won: bool | None  # whether the side (taker or declarer) won
    result: str | None  # the game's own word for the outcome (Tresillo: sacada, puesta, codillo...)

    @property
    def side(self) -> int:
        """The seat of the taker or declarer."""
        return next(s for s, r in enumerate(self.roles) if r in ("taker", "declarer"))

    @property
    def stake(self) -> float:
        """Points that changed hands on the deal."""
        return sum(p.amount for p in self.payments)


def _seat(value: Any, seats: int) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < seats else None


def _number(value: Any) -> float:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0.0


def _listed(last: Mapping[str, Any], seats: int) -> list[Payment] | None:
    """Payments the deal lists (``[from, to, amount, ...]``), netted per pair of seats."""
    rows = last.get("payments")
    if not isinstance(rows, list):
        return None
    net: dict[tuple[int, int], float] = {}
    for row in rows:
        if not isinstance(row, list | tuple) or len(row) < 3:
            continue
        payer, payee, amount = _seat(row[0], seats), _seat(row[1], seats), _number(row[2])
        if payer is None or payee is None or payer == payee or not amount:
            continue
        key = (min(payer, payee), max(payer, payee))
        net[key] = net.get(key, 0.0) + (amount if payee == key[0] else -amount)
    return [Payment(a, b, v) if v > 0 else Payment(b, a, -v) for (a, b), v in sorted(net.items()) if v]


def _shared(deltas: list[float]) -> list[Payment]:
    """Each loser's loss shared among the winners in proportion to their gains."""
    gains = {s: d for s, d in enumerate(deltas) if d > 0}
    total = sum(gains.values())
    if not total:
        return []
    return [Payment(w, s, -d * g / total) for s, d in enumerate(deltas) if d < 0 for w, g in gains.items()]


def read_deal(last: Mapping[str, Any], view: Mapping[str, Any]) -> Deal | None:
    """The deal a ``last_deal`` describes, or ``None`` when it names no side (or nobody scored)."""
    seats = int(view.get("seats", 0))
    for source in (last, last.get("contract"), view.get("contract")):
        if not isinstance(source, Mapping):
            continue
        found = next(((k, s) for k in SIDE_KEYS if (s := _seat(source.get(k), seats)) is not None), None)
        if found is None:
            continue
        key, side = found
        role = "taker" if key == "taker" else "declarer"
        roles = ["defender" if role == "taker" else "other"] * seats
        alcalde = _seat(last.get("alcalde"), seats)
        if alcalde is not None and alcalde != side:
            roles[alcalde] = "alcalde"
        for k in PARTNER_KEYS:
            value = source.get(k)
            for v in value if isinstance(value, list | tuple) else [value]:
                if (s := _seat(v, seats)) is not None and s != side:
                    roles[s] = "partner"
        roles[side] = role
        deltas = [_number(d) for d in (last.get("deltas") or [])][:seats]
        payments = _listed(last, seats)
        if payments is None:
            payments = _shared(deltas + [0.0] * (seats - len(deltas)))
        if not payments:
            return None
        won = last.get("won", last.get("made"))
        if not isinstance(won, bool):
            won = side < len(deltas) and deltas[side] > 0
        contract = last.get("contract") if isinstance(last.get("contract"), str) else None
        if contract is None and isinstance(source, Mapping):
            named = source.get("name") or source.get("bid")
            contract = named if isinstance(named, str) else None
        result = last.get("result") if isinstance(last.get("result"), str) else None
        return Deal(int(last.get("deal_no", 0) or 0), tuple(roles), tuple(payments), contract, won, result)
    return None


def finished_deals(game: Game, data: Mapping[str, Any]) -> list[Deal | None]:
    """Replay a finished match's log and read each finished deal (``None`` where it names no side)."""
    state = game.initial_state(data)  # the rules the save was played by (an old Tresillo save's)
    deals: list[Deal | None] = []
    seen: Any = None
    for text in game.upgrade_log(list(data["log"])):
        seat = state.to_act()
        if seat is None:
            break
        state = state.apply(seat, game.parse_action(text))
        view = state.view(None)
        last = view.get("last_deal")
        if isinstance(last, Mapping) and last.get("deal_no") != seen:
            seen = last.get("deal_no")
            deals.append(read_deal(last, view))
    return deals
