"""The Tresillo expert: its card core agrees with the engine; the levels play legal matches."""

from __future__ import annotations

import random

from games.cards import spanish_deck
from games.tresillo import TRESILLO
from games.tresillo.expert import Cards, bits, legal, winner_index
from games.tresillo.order import ORDERS, SUITS, playable, trick_winner

DECK = list(spanish_deck())


def test_core_matches_the_engine_rules() -> None:
    rng = random.Random(1)
    for _ in range(400):
        trump = rng.choice(SUITS)
        cs = Cards.of(trump)
        cards = rng.sample(DECK, 12)
        hand, trick = cards[:9], cards[9:]
        for n in range(3):
            led = trick[0] if n else None
            want = sorted(cs.index[c] for c in playable(hand, led, ORDERS[trump]))
            assert bits(legal(cs.mask(hand), cs.index[led] if led else -1, cs)) == want
        seats = [(i, c) for i, c in enumerate(trick)]
        assert winner_index([cs.index[c] for c in trick], cs) == trick_winner(seats, ORDERS[trump])


def test_levels_play_legal_deterministic_matches() -> None:
    def run() -> list[str]:
        bots = [TRESILLO.computer_player("expert", samples=3), TRESILLO.computer_player("normal"),
                TRESILLO.computer_player("easy")]
        state = TRESILLO.new(3, "lv", {})
        rng = random.Random(2)
        while (seat := state.to_act()) is not None:
            legal_actions = state.legal_actions(seat)
            action = bots[seat].choose(state.view(seat), legal_actions, rng)
            assert action in legal_actions
            state = state.apply(seat, action)
        return state.log

    assert run() == run()
