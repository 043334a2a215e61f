"""Duplicate deals and match points (docs/rules/club.md, « Duplicate deals », « Match points »; the edge cases of « Cases the tests pin » #1-3), numbers
worked out by hand in each test."""

from __future__ import annotations

from typing import Any

import pytest

from games.duplicate import (
    DealResult,
    DuplicateDeal,
    Position,
    comparison_groups,
    deal_percentages,
    difference_points,
    match_points,
    standings,
)

TAROT = DuplicateDeal.of("tarot", 4, "guild:2026-11-27:tarot", 0, {"deals": 1})


def result(player: str, deal: DuplicateDeal, seat: int, score: float, computer: bool = False) -> DealResult:
    return DealResult(player, deal.position(seat), score, computer)


# -- « Cases the tests pin » #1: the same deal gives every seat the same cards, chien and talon --------------------

HIDDEN = {"tarot": "chien", "tresillo": "talon", "piquet": "stock", "trio": "stock"}


@pytest.mark.parametrize(("game", "seats", "options"), [
    ("tarot", 4, {"deals": 1}), ("tarot", 5, {}), ("tresillo", 3, {}), ("tresillo", 4, {}),
    ("piquet", 2, {}), ("trio", 3, {})])
def test_edge_1_the_same_deal_deals_the_same_cards_everywhere(game: str, seats: int, options: dict[str, Any]) -> None:
    deal = DuplicateDeal.of(game, seats, "day", 2, options)
    again = DuplicateDeal.of(game, seats, "day", 2, dict(reversed(list(options.items()))))
    assert again == deal and hash(again) == hash(deal)

    def dealt(d: DuplicateDeal) -> tuple[list[list[str]], list[str], Any]:
        st = d.new_state()
        hidden = [c.code for c in getattr(st, HIDDEN[game])]
        return [st.view(s)["hand"] for s in range(seats)], hidden, st.view(None)["dealer"]

    first = dealt(deal)
    assert dealt(again) == first and any(first[0]) and first[1]
    assert dealt(DuplicateDeal.of(game, seats, "day", 3, options))[:2] != first[:2], "another deal, other cards"
    assert dealt(DuplicateDeal.of(game, seats, "next day", 2, options))[:2] != first[:2]


def test_a_deal_names_its_seats() -> None:
    assert TAROT.position(3) == Position(TAROT, 3)
    assert TAROT.engine_seed == "guild:2026-11-27:tarot/0"
    with pytest.raises(ValueError):
        TAROT.position(4)
    with pytest.raises(ValueError):
        DuplicateDeal.of("tarot", 4, 1, -1)


# -- « Cases the tests pin » #2: match points of one group ----------------------------------------------------------

def test_edge_2_the_rules_example_and_a_player_alone() -> None:
    # n = 4, 2 (n - 1) = 6. 100 beats three: 6/6. Each 50 beats -20 (2) and ties the other (1): 3/6.
    assert match_points([100, 50, 50, -20]) == [100.0, 50.0, 50.0, 0.0]
    assert match_points([-20, 50, 100, 50]) == [0.0, 50.0, 100.0, 50.0], "in the order given"
    assert match_points([37]) == [50.0]
    assert match_points([-5.5]) == [50.0]


def test_match_points_ties_and_odd_groups() -> None:
    # n = 3, out of 4: 10 beats two (4/4); the two 0 tie (1) and beat nobody: 1/4.
    assert match_points([0, 10, 0]) == [25.0, 100.0, 25.0]
    assert match_points([7, 7, 7, 7, 7]) == [50.0] * 5, "all tied: 1 per other player, half"
    assert match_points([3, 1]) == [100.0, 0.0]
    # n = 7, out of 12: 5 beats 4,3,2,1 (8) and ties one 5 (1): 9/12 = 75 %.
    assert match_points([5, 4, 3, 2, 1, 5, 6]) == [75.0, 50.0, 100 * 4 / 12, 100 * 2 / 12, 0.0, 75.0, 100.0]


def test_lower_is_better_for_penalties() -> None:
    """Le Trio: « Match points » takes minus the points; the penalties themselves with higher_is_better=False
    give the same percentages."""
    penalties = [10, 40, 40, 90]
    assert match_points(penalties, higher_is_better=False) == [100.0, 50.0, 50.0, 0.0]
    assert match_points([-p for p in penalties]) == match_points(penalties, higher_is_better=False)
    assert match_points([90, 10], higher_is_better=False) == [0.0, 100.0]


@pytest.mark.parametrize("bad", [[], [1, None], [1, "3"], [float("nan")], [True, 2]])
def test_match_points_refuse_what_is_not_a_group_of_scores(bad: list[Any]) -> None:
    with pytest.raises(ValueError):
        match_points(bad)


def test_difference_points_the_team_option() -> None:
    assert [difference_points(d) for d in (100, 400, -100, 0, 50, -50, 2, 12.25, 30)] == \
        [10, 20, -10, 0, 7, -7, 1, 4, 5]  # √50 = 7.07, √2 = 1.41, √12.25 = docs/rules/trio.md, « Defaults and options » -> 4, √30 = 5.48


# -- groups ---------------------------------------------------------------------------------------

def test_groups_are_seat_positions_and_computers_are_never_compared() -> None:
    other = DuplicateDeal.of("tarot", 4, "guild:2026-11-27:tarot", 1, {"deals": 1})
    results = [
        result("ann", TAROT, 0, 80), result("cpu", TAROT, 1, -40, computer=True), result("bob", TAROT, 0, 20),
        result("cid", TAROT, 1, 10), result("ann", other, 2, 5), result("cpu", TAROT, 0, 500, computer=True),
    ]
    groups = comparison_groups(results)
    assert list(groups) == [TAROT.position(0), TAROT.position(1), other.position(2)]
    assert [r.player for r in groups[TAROT.position(0)]] == ["ann", "bob"]
    # the computer's 500 in seat 0 beats nobody: ann 80 beats bob; cid alone in seat 1
    assert [(s.result.player, s.percent) for s in deal_percentages(results)] == \
        [("ann", 100.0), ("bob", 0.0), ("cid", 50.0), ("ann", 50.0)]


def test_a_player_cannot_hold_the_same_deal_twice() -> None:
    with pytest.raises(ValueError, match="two results"):
        comparison_groups([result("ann", TAROT, 0, 1), result("ann", TAROT, 2, 1)])


# -- « Cases the tests pin » #3: results over several deals -----------------------------------------------------------

def test_edge_3_three_players_two_deals_means_then_summed_score() -> None:
    """Deal 1, seat 0: A 100, B 60, C 10 -> A 100 % (beats 2: 4/4), B 50 %, C 0 %.
    Deal 2, seat 3: A 0, B 20, C 90 -> A 0 %, B 50 %, C 100 %.
    Means: 50 % each. Sums: A 100, B 80, C 100: A and C share first place, B is third."""
    d1 = DuplicateDeal.of("tarot", 4, "club", 0)
    d2 = DuplicateDeal.of("tarot", 4, "club", 1)
    results = [result("A", d1, 0, 100), result("B", d1, 0, 60), result("C", d1, 0, 10),
               result("A", d2, 3, 0), result("B", d2, 3, 20), result("C", d2, 3, 90)]
    table = standings(results)
    assert [(s.player, s.percent, s.total, s.deals, s.place) for s in table] == \
        [("A", 50.0, 100.0, 2, 0), ("C", 50.0, 100.0, 2, 0), ("B", 50.0, 80.0, 2, 2)]
    assert table[0].percents == ((d1.position(0), 100.0), (d2.position(3), 0.0))


def test_means_are_exact_so_equal_means_tie() -> None:
    """A: deal 1 ties B (n 2): 50 %; deal 2, seat 0 (n 4, of 6): 5 beats 1 and 0, ties X: 5/6;
    deal 3, seat 0: 0 ties W, beats nobody: 1/6. Mean (1/2 + 5/6 + 1/6) / 3 = 1/2 exactly, where
    floats give 49.99999999999999. B: 50 % thrice (alone in seat 1 on deals 2 and 3).
    Sums: A 10 + 5 + 0 = 15, B 10 + 3 + 2 = 15: A and B share first place."""
    d1, d2, d3 = (DuplicateDeal.of("tresillo", 3, "s", n) for n in range(3))
    results = [result("A", d1, 0, 10), result("B", d1, 0, 10),
               result("A", d2, 0, 5), result("X", d2, 0, 5), result("Y", d2, 0, 1), result("Z", d2, 0, 0),
               result("B", d2, 1, 3),
               result("A", d3, 0, 0), result("W", d3, 0, 0), result("U", d3, 0, 3), result("V", d3, 0, 4),
               result("B", d3, 1, 2)]
    assert (50 + 100 * 5 / 6 + 100 / 6) / 3 != 50.0
    by = {s.player: s for s in standings(results, minimum=3)}
    assert by["A"].percent == by["B"].percent == 50.0 and by["A"].total == by["B"].total == 15.0
    assert by["A"].place == by["B"].place == 0 and by["A"].deals == 3
    assert by["X"].place is None and by["X"].percent == 100 * 5 / 6


def test_deals_not_played_do_not_count_and_a_minimum_ranks() -> None:
    """Deal 1: seat 0 E 70, F 10 -> E 100 %, F 0 %; seat 1 D alone -> 50 %.
    Deal 2, seat 1: D -5, F 20 -> D 0 %, F 100 %. E did not play deal 2: mean over one deal.
    E 100 %, F (0 + 100) / 2 = 50 %, D (50 + 0) / 2 = 25 %. With a minimum of 2 deals, E is
    listed unranked after the ranked players."""
    d1, d2 = DuplicateDeal.of("piquet", 2, "p", 0), DuplicateDeal.of("piquet", 2, "p", 1)
    results = [result("D", d1, 1, 30), result("E", d1, 0, 70), result("F", d1, 0, 10),
               result("D", d2, 1, -5), result("F", d2, 1, 20)]
    table = standings(results)
    assert [(s.player, s.percent, s.deals, s.place) for s in table] == \
        [("E", 100.0, 1, 0), ("F", 50.0, 2, 1), ("D", 25.0, 2, 2)]
    table = standings(results, minimum=2)
    assert [(s.player, s.place) for s in table] == [("F", 0), ("D", 1), ("E", None)]


def test_lower_is_better_standings_break_ties_by_the_lower_sum() -> None:
    d1, d2 = DuplicateDeal.of("trio", 3, "t", 0), DuplicateDeal.of("trio", 3, "t", 1)
    # penalties. d1 seat 0: A 5, B 20 -> A 100 %, B 0 %. d2 seat 0: A 30, B 10 -> A 0 %, B 100 %.
    # means 50 % each; sums A 35, B 30: B first (fewer penalty points).
    results = [result("A", d1, 0, 5), result("B", d1, 0, 20), result("A", d2, 0, 30), result("B", d2, 0, 10)]
    table = standings(results, higher_is_better=False)
    assert [(s.player, s.percent, s.total, s.place) for s in table] == [("B", 50.0, 30.0, 0), ("A", 50.0, 35.0, 1)]


# -- a deal score per game (« Match points ») for the daily challenge ----------------------------

@pytest.mark.parametrize("game, seats", [("tarot", 4), ("piquet", 2), ("tresillo", 3)])
def test_a_one_deal_match_gives_each_seat_its_deal_score(game: str, seats: int) -> None:
    import random

    from games.duplicate import ONE_DEAL, deal_score

    deal = DuplicateDeal.of(game, seats, "day", 0, ONE_DEAL[game])
    state = deal.new_state()
    rng = random.Random(1)
    while (seat := state.to_act()) is not None:
        legal = state.legal_actions(seat)
        state = state.apply(seat, legal[rng.randrange(len(legal))])
    scores = [deal_score(game, state, s) for s in range(seats)]
    assert state.deal_index() >= 1
    if game == "piquet":
        assert scores == [float(d) for d in state.history[0]["deltas"]] and len(state.history) == 1
    else:
        assert scores == list(state.outcome().scores)
        assert abs(sum(scores)) < 1e-9, "zero-sum"
    with pytest.raises(ValueError):
        deal_score(game, deal.new_state(), 0)
