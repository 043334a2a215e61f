"""Every game offers the three levels; every player can be copied and pickled mid-game."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from games import GAMES
from games.search import LEVELS, Search


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_level_plays_legal_first_moves(name: str) -> None:
    game = GAMES[name]
    for level in LEVELS:
        args = {"samples": 2} if level == "expert" else {}
        player = game.computer_player(level, **args)
        state = game.new(game.min_seats, f"levels:{name}", dict(game.playout_options))
        rng = random.Random(0)
        for _ in range(12):
            seat = state.to_act()
            if seat is None:
                break
            legal = state.legal_actions(seat)
            action = player.choose(state.view(seat), legal, rng)
            assert action in legal
            state = state.apply(seat, action)
    with pytest.raises(ValueError):
        game.computer_player("grandmaster")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_player_is_copyable_and_picklable_mid_game(name: str) -> None:
    """The bot may hand players to worker processes (issue 33: the Tarot expert's memory
    recursed): a copy and an unpickled player decide as the original from there on."""
    game = GAMES[name]
    for level in LEVELS:
        args = {"samples": 3} if level == "expert" else {}
        player = game.computer_player(level, **args)
        state = game.new(game.min_seats, f"copy:{name}", dict(game.playout_options))
        rng = random.Random(5)
        for _ in range(40):
            seat = state.to_act()
            if seat is None:
                break
            state = state.apply(seat, player.choose(state.view(seat), state.legal_actions(seat), rng))
        clones = [copy.deepcopy(player), pickle.loads(pickle.dumps(player)), copy.copy(player)]
        for _ in range(10):
            seat = state.to_act()
            if seat is None:
                break
            view, legal = state.view(seat), state.legal_actions(seat)
            state_rng = rng.getstate()
            want = player.choose(view, legal, rng)
            for clone in clones[:2]:
                r = random.Random()
                r.setstate(state_rng)
                assert clone.choose(view, legal, r) == want
            state = state.apply(seat, want)


def test_search_budget_stops_on_time_and_counts_samples() -> None:
    assert len(list(Search(None, samples=7).loop())) == 7
    assert len(list(Search(0.0, min_samples=3).loop())) == 3
