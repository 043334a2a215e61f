"""The chelem question is asked only when the taker's hand makes a chelem plausible
(:mod:`games.tarot.chelem`); the engine still takes both answers, so old logs replay."""

from __future__ import annotations

import random

from games import find_game
from games.cards import Card, card
from games.tarot.actions import CHELEM, NO_CHELEM
from games.tarot.ai import TarotBot
from games.tarot.chelem import losers, plausible
from games.tarot.deck import DECK, EXCUSE
from games.tarot.state import Phase, TarotState

TAROT = find_game("tarot")


def cards(codes: str) -> list[Card]:
    return [card(c) for c in codes.split()]


def test_the_rule_on_hands() -> None:
    strong = cards("T21 T20 T19 T18 T15 T12 T9 T5 T1 EX KS QS KH KD KC 3C 7D 2H")  # 10 of 18, 3 losers
    assert losers(strong) == 3 and plausible(strong)
    assert not plausible(cards("T21 T20 T19 T18 T15 T12 T9 T5 T1 EX KS QS KH KD 4C 3C 7D 2H"))  # 4 losers
    assert not plausible(cards("T21 T20 T19 T18 T15 T12 T9 T5 KS QS CS KH QH KD QD KC QC 2H"))  # 8 trumps
    assert losers(cards("KS QS CS JS")) == 0 and losers(cards("QS JS")) == 2 and losers(cards("KS JS")) == 1
    usual = cards("T21 T14 T8 T6 T2 EX KS 9S 4S QH 7H AH KD CD 6D 10C 5C 2C")
    assert not plausible(usual)


def _biased_hand(rng: random.Random, size: int) -> list[Card]:
    """A hand of ``size`` cards drawn with many trumps and Kings (the hands a chelem comes from)."""
    trumps = [c for c in DECK if c.is_trump or c is EXCUSE]
    kings = [c for c in DECK if not c.is_trump and c is not EXCUSE and c.value == 14]
    others = [c for c in DECK if c not in trumps and c not in kings]
    n = rng.randint(size // 3, min(size, len(trumps)))
    k = rng.randint(0, min(4, size - n))
    return rng.sample(trumps, n) + rng.sample(kings, k) + rng.sample(others, size - n - k)


def test_every_hand_a_computer_would_announce_with_is_asked() -> None:
    ready = TarotBot.__new__(TarotBot)._chelem_ready
    rng = random.Random(7)
    seen = 0
    for _ in range(20000):
        hand = _biased_hand(rng, rng.choice((24, 18, 15)))
        if ready(hand):
            seen += 1
            assert plausible(hand), hand
    assert seen > 20


def _announce(seed: str, contract: str = "prise") -> TarotState:
    """A 4-player deal at the chelem question: seat 1 takes ``contract``, the écart's first choices."""
    state = TAROT.new(4, seed)
    assert isinstance(state, TarotState)
    while state.phase is not Phase.ANNOUNCE:
        seat = state.to_act()
        assert seat is not None
        legal = state.legal_actions(seat)
        bid = next((a for a in legal if a.arg == contract), None)
        state = state.apply(seat, bid if bid is not None and state.phase is Phase.BIDDING and not state.contract
                            else legal[0])
    return state


def test_obvious_action_declines_only_an_implausible_chelem() -> None:
    state = _announce("q1")
    seat = state.to_act()
    assert seat is not None and not plausible(state.hands[seat])
    assert TAROT.obvious_action(state, seat) == NO_CHELEM
    assert TAROT.obvious_action(state, (seat + 1) % 4) is None, "only the seat awaited"
    assert TAROT.obvious_action(TAROT.new(4, "q1"), 0) is None, "no other decision is answered"
    strong = state._clone()
    hands = list(strong.hands)
    hands[seat] = tuple(sorted(cards("T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 EX KS KH KD KC QC 3H 2D"),
                               key=DECK.index))
    strong.hands = tuple(hands)
    assert TAROT.obvious_action(strong, seat) is None, "a plausible hand is asked"


def test_both_answers_still_replay_from_a_saved_log() -> None:
    for contract in ("prise", "garde_contre"):
        state = _announce("q2", contract)
        seat = state.to_act()
        assert seat is not None
        for answer in (CHELEM, NO_CHELEM):
            after = state.apply(seat, answer)
            again = TAROT.load(after.to_json())
            assert again.to_json() == after.to_json() and again.to_act() == after.to_act()
