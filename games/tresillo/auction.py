"""The alcalde's bet, the auction and the declaration of the contract (docs/rules/tresillo.md, « The deal », « Bidding », « The alcalde's bet »).

Ladder: 1 Jeu < 2 Jeu in the favour suit < 3 Retourne < 4 Solo < 5 Solo in the favour suit.
Mano speaks first; "Je joue" (``bid:jeu``) opens at level 1 and is only possible while nobody has
bid, i.e. in the first round; "Plus" (``bid:plus``) is the next level up, strictly higher; a pass
is final. When every other seat has passed after a bid, the bidder declares any contract at or
above his level; when all three pass, the deal is annulled (the next dealer deals).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.base import Action
from games.tresillo.order import ORDERS, SUITS

if TYPE_CHECKING:
    from games.tresillo.position import Position

LEVELS = ("", "jeu", "jeu_favour", "retourne", "solo", "solo_favour")
LEVEL_OF = {name: i for i, name in enumerate(LEVELS) if name}

PASS = Action("pass")
BID_JEU = Action("bid", "jeu")
BID_PLUS = Action("bid", "plus")
BET_ACTIONS = [Action("bet", "J"), Action("bet", "P"), Action("bet", "C"), Action("bet", "none")]
OPEN_ANY = [Action("bid", name) for name in LEVELS[1:]]


def legal_bet(st: Position) -> list[Action]:
    """The alcalde bets J, P or C on the deal's result, or nothing (docs/rules/tresillo.md, « The alcalde's bet »)."""
    return BET_ACTIONS


def advance_bet(st: Position, seat: int, action: Action) -> None:
    st.bet = None if action.arg == "none" else action.arg
    st.phase = st.PHASE.BID
    st.turn = st.active[0]


def legal_bid(st: Position) -> list[Action]:
    """``pass``; ``bid:jeu`` while nobody has bid (``bid:<level>`` with the open-any option);
    ``bid:plus`` below level 5."""
    if st.level == 0:
        return [PASS, *OPEN_ANY] if st.options["open_any"] else [PASS, BID_JEU]
    if st.level < 5:
        return [PASS, BID_PLUS]
    return [PASS]


def advance_bid(st: Position, seat: int, action: Action) -> None:
    if action.kind == "pass":
        st.passed = (*st.passed, seat)
        st.bids = (*st.bids, (seat, "pass"))
    else:
        st.level = st.level + 1 if action.arg == "plus" else LEVEL_OF[action.arg]
        st.bidder = seat
        st.bids = (*st.bids, (seat, LEVELS[st.level]))
    st.push_event({"type": "bid", "seat": seat, "bid": "pass" if action.kind == "pass" else LEVELS[st.level]})
    if len(st.passed) == 3:
        st.end_deal_annulled()
        return
    if st.bidder is not None and len(st.passed) == 2:
        st.declarer = st.bidder
        st.phase = st.PHASE.DECLARE
        st.turn = st.bidder
        return
    nxt = st.next_active(seat)
    while nxt in st.passed:
        nxt = st.next_active(nxt)
    st.turn = nxt


def legal_declare(st: Position) -> list[Action]:
    """Every contract at or above the winning level; a plain Jeu or Solo never in the favour suit."""
    favour = st.options["favour"]
    out: list[Action] = []
    for level in range(st.level, 6):
        name = LEVELS[level]
        if name in ("jeu", "solo"):
            out.extend(Action("declare", f"{name}:{s}") for s in SUITS if s != favour)
        else:
            out.append(Action("declare", name))
    return out


def parse_declare(arg: str) -> tuple[str, str | None]:
    """``"jeu:O"`` -> ``("jeu", "O")``; ``"retourne"`` -> ``("retourne", None)``."""
    name, _, suit = arg.partition(":")
    return name, suit or None


def advance_declare(st: Position, seat: int, action: Action) -> None:
    name, suit = parse_declare(action.arg)
    st.contract = name
    if name == "retourne":
        turned = st.talon[0]
        st.turned = turned
        st.talon = st.talon[1:]
        st.set_hand(seat, (*st.hands[seat], turned))
        suit = turned.suit
    elif name.endswith("_favour"):
        suit = st.options["favour"]
    assert suit is not None
    st.trump = suit
    st.order = ORDERS[suit]
    st.push_event({"type": "declare", "seat": seat, "contract": name, "trump": suit,
                   "turned": st.turned.code if st.turned else None})
    st.start_exchange()
