"""The Le Trio / L'École expert: rollouts over the stock before opening (figures in
``benchmarks/trio_ai.py --expert``)."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from games.base import Action
from games.cards import card
from games.trio.ai import TrioPlayer
from games.trio.contracts import search_parts
from games.trio.expert import HORIZON, OPENED, WILD, Goal, TrioExpert, penalty, split
from games.trio.game import ECOLE, TRIO, TrioGame
from games.trio.melds import SLOTS


def cards(text: str) -> list:  # type: ignore[type-arg]
    return [card(t) for t in text.split()]


def test_goal_counts_the_draws_to_the_contract() -> None:
    goal = Goal(*search_parts(1, "trio"))  # two brelans
    hand = split(cards("7H 7S 7D KH KS 3C 4D 9S JH 5C 6D 8S QH"))
    king, ace = SLOTS[card("KD")], SLOTS[card("AD")]
    assert goal.time(*hand, [ace, king, ace]) == 2
    assert goal.time(*hand, [WILD]) == 1
    assert goal.time(*hand, [ace, ace]) == HORIZON + 1  # never within the draws sampled
    assert penalty(0, 90, 0.8) == OPENED and penalty(HORIZON + 1, 90, 0.8) == 90
    assert OPENED < penalty(2, 90, 0.8) < penalty(3, 90, 0.8) < 90


def view_late_in_a_round(hand: str) -> dict:  # type: ignore[type-arg]
    """Seat 0 at Le Trio's contract 7 (a run of 7 and a brelan), the three others opened, one
    holding two cards: the round is nearly over."""
    return {"seat": 0, "seats": 4, "phase": "play", "variant": "trio", "opened": [False, True, True, True],
            "contracts": [7, 2, 2, 2], "hand": hand.split(), "hand_counts": [14, 2, 6, 7], "melds": [],
            "discard_top": "3D"}


def test_a_hopeless_hand_late_in_the_round_throws_a_costly_card() -> None:
    """Far from a run of 7 with the round about to end, the expert sheds 10 points where the
    normal player keeps its run hopes and throws a 3."""
    hand = "7D 3H JC 10C AC 6C KH 10S 10H 4S JC 4D 4C QS"
    view = view_late_in_a_round(hand)
    legal = [Action("discard", c) for c in sorted(set(hand.split()))]
    assert TrioPlayer().choose(view, legal, random.Random(0)) == Action("discard", "3H")
    choice = TrioExpert(samples=30).choose(view, legal, random.Random(0))
    assert card(choice.arg).rank in ("A", "K", "Q", "J", "10")


def test_it_keeps_what_completes_its_contract() -> None:
    """Two brelans: holding 7 7 7 and K K, the expert keeps both and throws a loose card."""
    hand = "7H 7S 7D KH KS 3C 4D 9S JH 5C 6D 8S QH 10C"
    view = view_late_in_a_round(hand) | {"contracts": [1, 2, 2, 2], "opened": [False] * 4,
                                         "hand_counts": [14, 13, 13, 13]}
    legal = [Action("discard", c) for c in sorted(set(hand.split()))]
    choice = TrioExpert(samples=30).choose(view, legal, random.Random(0))
    assert choice.arg not in ("7H", "7S", "7D", "KH", "KS")


@pytest.mark.parametrize("game", [TRIO, ECOLE])
def test_expert_plays_legal_copyable_deterministic_rounds(game: TrioGame) -> None:
    def run(copied: bool) -> list[str]:
        bots = [TrioExpert(samples=3), TrioPlayer(), game.computer_player("expert", samples=3)]
        state = game.new(3, "expert", {"max_rounds": 1})
        rng = random.Random(4)
        n = 0
        while (seat := state.to_act()) is not None:
            if copied and n % 11 == 0 and isinstance(bots[seat], TrioExpert):
                bots[seat] = pickle.loads(pickle.dumps(copy.deepcopy(bots[seat])))
            legal = state.legal_actions(seat)
            action = bots[seat].choose(state.view(seat), legal, rng)
            assert action in legal
            state = state.apply(seat, action)
            n += 1
        return state.log

    assert run(False) == run(True)
