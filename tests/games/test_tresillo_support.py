"""Helpers for the Tresillo tests: rigged deals and short action scripts (no tests here)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.base import Action
from games.cards import Card, card, sort_key, spanish_deck
from games.tresillo import TRESILLO, TresilloState
from games.tresillo.order import ORDERS
from games.tresillo.state import Phase

DECK = spanish_deck()


def cs(text: str) -> list[Card]:
    """``"1E 7O rc"`` -> cards."""
    return [card(t, "spanish") for t in text.split()]


def rig(seats: int = 3, hands: Mapping[int, str] | None = None, talon: str = "",
        options: Mapping[str, Any] | None = None, seed: str = "rig") -> TresilloState:
    """Deal 0 of a new match (dealer 0, mano 1) with the given cards; the rest is filled in deck
    order: missing cards of the given hands first, then the talon after ``talon``'s cards."""
    st = TRESILLO.new(seats, seed, options)
    given = {s: cs(h) for s, h in (hands or {}).items()}
    top = cs(talon)
    used = {c for h in given.values() for c in h} | set(top)
    assert len(used) == sum(len(h) for h in given.values()) + len(top), "a card is given twice"
    rest = [c for c in DECK if c not in used]
    new_hands: list[tuple[Card, ...]] = [() for _ in range(seats)]
    for s in st.active:
        h = given.get(s, [])
        need = 9 - len(h)
        h = h + rest[:need]
        rest = rest[need:]
        new_hands[s] = tuple(sorted(h, key=sort_key))
    st.hands = tuple(new_hands)
    st.talon = tuple(top + rest)
    assert len(st.talon) == 13
    return st


def at_play(st: TresilloState, declarer: int, contract: str, trump: str) -> TresilloState:
    """Skip to trick play: ``declarer`` holds ``contract`` in ``trump``, nobody exchanged."""
    if st.phase is Phase.BET:
        st = act(st, "bet:none")
    st.declarer, st.contract, st.trump, st.order = declarer, contract, trump, ORDERS[trump]
    st.level = {"jeu": 1, "jeu_favour": 2, "retourne": 3, "solo": 4, "solo_favour": 5}[contract]
    st.bidder = declarer
    st.sleeping = len(st.talon)
    st.exchanged = tuple(0 if s in st.active else None for s in range(st.seats))
    st.phase, st.turn = Phase.PLAY, st.active[0]
    st._legal_cache = st._legal_set = None
    return st


def act(st: TresilloState, *texts: str) -> TresilloState:
    """Apply each action text for the seat to act."""
    for text in texts:
        seat = st.to_act()
        assert seat is not None, f"match over before {text}"
        st = st.apply(seat, TRESILLO.parse_action(text))
    return st


def legal(st: TresilloState) -> list[str]:
    seat = st.to_act()
    return [str(a) for a in st.legal_actions(seat)] if seat is not None else []


def play_first(st: TresilloState, count: int) -> TresilloState:
    """Play ``count`` cards, each seat its first legal card."""
    for _ in range(count):
        seat = st.to_act()
        assert seat is not None
        first = next(a for a in st.legal_actions(seat) if a.kind == "play")
        st = st.apply(seat, first)
    return st


def plays(st: TresilloState) -> list[str]:
    """Codes of the playable cards of the seat to act."""
    seat = st.to_act()
    assert seat is not None
    return [a.arg for a in st.legal_actions(seat) if a.kind == "play"]


def as_action(text: str) -> Action:
    return TRESILLO.parse_action(text)
