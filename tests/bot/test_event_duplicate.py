"""A duplicate club night compares deal by deal (docs/rules/club.md, « Match points », « Cases the tests pin »): one
comparison group per seat of each deal across the round's tables, a player's result the mean of
their percentages, ties broken by the summed deal scores; computers are never ranked."""

from __future__ import annotations

import random

import pytest

from bot.service.standings import Member, event_standings
from games import find_game
from games.duplicate import played_deals

#: one round, two tables of 4 (players 0-7, table t seat s is player 4t + s), and a table of
#: players 8, 9 with two computers
PLAN = [[[0, 1, 2, 3], [4, 5, 6, 7], [8, None, 9, None]]]
MEMBERS = [Member(100 + i, f"p{i}") for i in range(10)]


def row(table: int, shuffle: int, scores: tuple[float, ...]) -> dict[str, object]:
    return {"round": 1, "table_no": table, "shuffle": shuffle, "scores": scores}


def by_player(rows: list[dict[str, object]]) -> dict[int, tuple[float, int, int]]:
    lines = event_standings("duplicate", PLAN, MEMBERS, 2, rows, game="tarot", seed="s")
    return {line.user_id - 100: (line.score, line.deals, line.place) for line in lines}


def test_a_group_is_one_seat_of_one_deal() -> None:
    """§5.4.2: scores 100, 50, 50, -20 in one group -> 100 %, 50 %, 50 %, 0 %."""
    got = by_player([row(0, 0, (100, 0, 0, 0)), row(1, 0, (50, 0, 0, 0)), row(2, 0, (50, 0, -20, 0))])
    # seat 0 of deal 0: players 0, 4, 8 (100, 50, 50); seat 2: players 2, 6, 9 (0, 0, -20)
    assert got[0][0] == 100 and got[4][0] == 25 and got[8][0] == 25
    assert got[2][0] == 75 and got[6][0] == 75 and got[9][0] == 0
    assert all(deals == 1 for _, deals, _ in got.values())


def test_two_deals_mean_of_percentages_tie_broken_by_summed_score() -> None:
    """§5.4.3: three players of a group, two deals each: means, the tie broken by the summed score."""
    rows = [row(0, 0, (100, 0, 0, 0)), row(1, 0, (50, 0, 0, 0)), row(2, 0, (-20, 0, 0, 0)),
            row(0, 1, (-30, 0, 0, 0)), row(1, 1, (0, 0, 0, 0)), row(2, 1, (10, 0, 0, 0))]
    got = by_player(rows)
    # player 0: 100 % then 0 % (mean 50, sum 70); player 4: 50 % then 50 % (mean 50, sum 50);
    # player 8: 0 % then 100 % (mean 50, sum -10)
    assert [got[p][0] for p in (0, 4, 8)] == [50, 50, 50]
    assert got[0][2] == 0 and got[0][2] < got[4][2] < got[8][2], "the summed deal score breaks the tie"
    assert got[4][2] == 1 and got[8][2] == 9  # the others: 50 % with a sum of 0, between 4 and 8
    assert got[0][1] == 2


def test_deals_of_different_shuffles_are_not_compared() -> None:
    """A deal drawn from another shuffle (a void deal at one table) is a group of its own: 50 %."""
    got = by_player([row(0, 0, (100, 0, 0, 0)), row(1, 1, (-50, 0, 0, 0))])
    assert got[0][0] == 50 and got[4][0] == 50


def test_computers_are_not_ranked() -> None:
    got = by_player([row(2, 0, (1, 2, 3, 4))])
    assert set(got) == {8, 9}


@pytest.mark.parametrize("seed", range(3))
def test_played_deals_are_the_match_score(seed: int) -> None:
    """The deal scores replayed from a saved match add up to its outcome, one per scored deal."""
    game = find_game("tarot")
    state = game.new(4, f"e/r{seed}", game.resolve_options({"deals": 3}))
    rng = random.Random(seed)
    while (seat := state.to_act()) is not None:
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
    deals = played_deals(state.to_json())
    assert len(deals) == 3
    outcome = state.outcome()
    assert outcome is not None
    assert [sum(d[1][s] for d in deals) for s in range(4)] == list(outcome.scores)
