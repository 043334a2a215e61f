"""Helpers for the Piquet engine tests: rigged deals and scripted actions."""

from __future__ import annotations

from typing import Any

from games.cards import Card, cards, piquet_deck
from games.piquet import PIQUET
from games.piquet import declarations as dc
from games.piquet.state import POS, PiquetState


def rig_dealt(elder: list[Card], younger: list[Card], stock: list[Card],
              options: dict[str, Any] | None = None, seed: int | str = 1) -> PiquetState:
    """A new partie whose first deal is replaced by these dealt hands and talon (top first)."""
    assert len(elder) == 12 and len(younger) == 12 and len(stock) == 8
    assert len({*elder, *younger, *stock}) == 32
    s = PIQUET.new(2, seed, options)
    hands: list[tuple[Card, ...]] = [(), ()]
    hands[s.elder] = tuple(sorted(elder, key=POS.__getitem__))
    hands[s.dealer] = tuple(sorted(younger, key=POS.__getitem__))
    s.hands = (hands[0], hands[1])
    s.stock = tuple(stock)
    s._announce_blanche()
    return s


def rig(elder_final: str, younger_final: str, options: dict[str, Any] | None = None,
        seed: int | str = 1) -> PiquetState:
    """A partie whose first deal ends, after each side exchanged one card, with these hands.

    Each side is dealt its final hand minus its first card plus a discard (non-court cards when
    possible), and draws that first card from the talon.
    """
    ef, yf = cards(elder_final), cards(younger_final)
    others = [c for c in piquet_deck() if c not in ef and c not in yf]
    others.sort(key=lambda c: c.rank in dc.FACES)
    d_e, d_y = others[0], others[1]
    stock = [ef[0], yf[0], *others[2:]]
    s = rig_dealt([*ef[1:], d_e], [*yf[1:], d_y], stock, options, seed)
    s = act(s, "exchange:1", f"discard:{d_e.code}", "exchange:1", f"discard:{d_y.code}")
    assert set(s.hands[s.elder]) == set(ef) and set(s.hands[s.dealer]) == set(yf)
    return s


def act(s: PiquetState, *texts: str) -> PiquetState:
    """Apply each action text for the seat to act."""
    for text in texts:
        seat = s.to_act()
        assert seat is not None
        s = s.apply(seat, PIQUET.parse_action(text))
    return s


def finish_step(s: PiquetState) -> PiquetState:
    """One step with the first legal action, leaving the talon unseen."""
    seat = s.to_act()
    assert seat is not None
    legal = s.legal_actions(seat)
    return s.apply(seat, next((a for a in legal if str(a) == "talon:leave"), legal[0]))


def finish_deal(s: PiquetState, prefer: str = "") -> PiquetState:
    """Play on with the first legal action (or one whose text is in ``prefer``) to the deal's end."""
    deal = s.deal_no
    while s.to_act() is not None and s.deal_no == deal:
        seat = s.to_act()
        assert seat is not None
        legal = s.legal_actions(seat)
        chosen = next((a for a in legal if str(a) in prefer.split()), legal[0])
        s = s.apply(seat, chosen)
    return s


def test_rig_gives_the_requested_hands_after_one_card_exchanges() -> None:
    e = "AS KS QS JS 10S 10H 9H 8H 7H AD 7D AC"
    y = "KD QD JD 10D 9D KC QC JC 10C 9C KH QH"
    s = rig(e, y)
    assert sorted(c.code for c in s.hands[s.elder]) == sorted(e.split())
    assert sorted(c.code for c in s.hands[s.dealer]) == sorted(y.split())
    assert s.phase == "play" and s.to_act() == s.elder and len(s.leftover or ()) == 6
