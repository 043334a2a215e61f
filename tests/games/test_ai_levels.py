"""Every game offers the three levels; the experts advise with their options best first."""

from __future__ import annotations

import random

import pytest

from games import GAMES
from games.search import LEVELS, EasyPlayer, Search


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


def test_easy_level_blunders_sometimes() -> None:
    class First:
        def choose(self, view: object, legal: list[str], rng: random.Random) -> str:
            return legal[0]

    easy = EasyPlayer(First(), blunder=0.5)  # type: ignore[arg-type]
    rng = random.Random(1)
    picks = [easy.choose({}, ["a", "b", "c"], rng) for _ in range(200)]  # type: ignore[arg-type]
    assert 80 < picks.count("a") < 160 and "b" in picks and "c" in picks


def test_search_budget_stops_on_time_and_counts_samples() -> None:
    assert len(list(Search(None, samples=7).loop())) == 7
    assert len(list(Search(0.0, min_samples=3).loop())) == 3
