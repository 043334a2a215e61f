"""The fast Tarot playout core against the engine: same legal cards, trick winners and scores."""

from __future__ import annotations

import random

import pytest

from games.tarot import TAROT
from games.tarot.deck import BY_CODE, PLAY
from games.tarot.playout import (
    CARDS,
    INDEX,
    Deal,
    Policy,
    cards_of,
    from_state,
    heuristic_policy,
    poignee_sum,
    random_policy,
)
from games.tarot.state import Phase, TarotState


def _to_play(players: int, seed: int, rng: random.Random, options: dict | None = None) -> TarotState:
    """A one-deal match driven at random up to its first card (a taker forced by retries)."""
    for attempt in range(50):
        state = TAROT.new(players, f"playout:{seed}:{attempt}", {"deals": 1, **(options or {})})
        while state.phase is not Phase.PLAY and state.to_act() is not None:
            seat = state.to_act()
            legal = state.legal_actions(seat)
            state = state.apply(seat, legal[rng.randrange(len(legal))])
        if state.phase is Phase.PLAY:
            return state
    raise AssertionError("no contract")


@pytest.mark.parametrize("players,options", [(3, {}), (4, {}), (5, {}), (4, {"excuse_last_changes_camp": True}),
                                             (5, {"five_seated_four_playing": True})])
def test_same_legal_moves_winners_and_scores(players: int, options: dict) -> None:
    rng = random.Random(players)
    for seed in range(40):
        state = _to_play(players, seed, rng, options)
        deal = from_state(state)
        pos = {s: i for i, s in enumerate(state.active)}
        while state.to_act() is not None:
            seat = state.to_act()
            legal = state.legal_actions(seat)
            cards = [a for a in legal if a.kind == "play"]
            assert pos[seat] == deal.to_act()
            assert sorted(INDEX[BY_CODE[a.arg]] for a in cards) == cards_of(deal.legal())
            action = legal[rng.randrange(len(legal))]
            state = state.apply(seat, action)
            if action.kind == "poignee":  # shown before a first card: part of the deal's unit
                deal.poignee_sum = poignee_sum([lv for _, lv, _ in state.poignees])
            if action.kind != "play":
                continue
            winner = deal.play(INDEX[BY_CODE[action.arg]])
            if winner is not None:
                assert state.last_trick is not None and pos[state.last_trick[2]] == winner
        assert deal.over()
        last = state.last_deal
        assert last is not None
        assert [deal.deltas()[pos[s]] for s in state.active] == [last["deltas"][s] for s in state.active]
        assert deal.won() == last["won"]


def test_rollouts_match_the_engine() -> None:
    """A heuristic rollout from a mid-deal state, replayed through the engine, scores the same
    (a forced card is played without asking the policy)."""
    rng = random.Random(7)
    for seed in range(30):
        state = _to_play(4, seed, rng)
        for _ in range(rng.randrange(20)):  # some random cards first
            seat = state.to_act()
            plays = [a for a in state.legal_actions(seat) if a.kind == "play"]
            state = state.apply(seat, plays[rng.randrange(len(plays))])
        deal = from_state(state)
        moves: list[int] = []
        policy = heuristic_policy(random.Random(seed))

        def record(d: Deal, p: int, legal: int, policy: Policy = policy, moves: list[int] = moves) -> int:
            c = policy(d, p, legal)
            assert legal >> c & 1
            moves.append(c)
            return c
        deltas = deal.copy().rollout(record, rng)
        chosen = iter(moves)
        while not deal.over():
            legal = deal.legal()
            c = legal.bit_length() - 1 if not legal & (legal - 1) else next(chosen)
            deal.play(c)
            state = state.apply(state.to_act(), PLAY[CARDS[c]])
        assert state.to_act() is None and next(chosen, None) is None
        assert [deltas[i] for i, _ in enumerate(state.active)] == [state.last_deal["deltas"][s] for s in state.active]


def test_random_policy_plays_legal_cards() -> None:
    rng = random.Random(3)
    state = _to_play(5, 1, rng)
    deal = from_state(state)
    deltas = deal.rollout(random_policy(rng), rng)
    assert sum(deltas) == 0 and deal.over()
