"""The Piquet expert: legal and deterministic with a fixed sample count; its play-out scores
like the engine."""

from __future__ import annotations

import random
from collections.abc import Iterator

from games.cards import card
from games.piquet import PIQUET
from games.piquet.expert import INDEX, _discard_candidates, mask_of, playout
from games.piquet.state import Phase


def test_levels_play_legal_deterministic_parties() -> None:
    def run() -> list[str]:
        bots = [PIQUET.computer_player("expert", samples=2), PIQUET.computer_player("easy")]
        state = PIQUET.new(2, "pq", {})
        rng = random.Random(5)
        while (seat := state.to_act()) is not None and state.deal_no < 2:
            legal = state.legal_actions(seat)
            action = bots[seat].choose(state.view(seat), legal, rng)
            assert action in legal
            state = state.apply(seat, action)
        return state.log

    assert run() == run()


def test_playout_scores_tricks_like_the_engine() -> None:
    """From the first lead, the engine's own cards replayed through the play-out give the same
    tricks and the same deal points (play points, last trick, pique, the cards)."""
    rng = random.Random(9)
    for seed in range(25):
        state = PIQUET.new(2, f"po{seed}", {})
        while state.phase is not Phase.PLAY:
            seat = state.to_act()
            legal = state.legal_actions(seat)
            state = state.apply(seat, legal[rng.randrange(len(legal))])
        start = state
        cards: list[int] = []
        deal = state.deal_no
        while state.deal_no == deal and state.to_act() is not None:
            seat = state.to_act()
            legal = [a for a in state.legal_actions(seat) if a.kind == "play"] or state.legal_actions(seat)
            action = legal[rng.randrange(len(legal))]
            if action.kind == "play":
                cards.append(INDEX[card(action.arg)])
            state = state.apply(seat, action)
        moves = iter(cards)

        def scripted(hands: list[int], seat: int, led: int, r: random.Random, moves: Iterator[int] = moves) -> int:
            c = next(moves)
            assert hands[seat] >> c & 1
            return c

        tricks = [0, 0]
        total = playout([mask_of(start.hands[0]), mask_of(start.hands[1])], start.elder, -1,
                        list(start.pts), tricks, [b is not None for b in start.bonus], start.elder,
                        rng, choose=scripted)
        record = state.history[-1]
        assert tricks == record["tricks_won"]
        assert list(total) == record["deltas"]


def test_discard_candidates_include_the_normal_plan() -> None:
    from games.piquet.ai import plan_discards

    hand = [card(c) for c in "AS KS QS JS 7H 8H 9C 10C JD QD 7D 8D".split()]
    cands = _discard_candidates(hand, 5)
    assert set(plan_discards(hand, 5)) in [set(c) for c in cands]
    assert all(len(c) == 5 and len(set(c)) == 5 for c in cands) and 1 < len(cands) <= 16
