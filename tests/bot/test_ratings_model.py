"""Ratings that follow the game (issue 27): over equal players a deal moves each seat in proportion
to what the game's scoring gave it; games without sides rank by places; the explanation line."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.service import ratings
from bot.service.rating_words import why_line
from bot.service.ratings import SCALE, Why, rate_match
from games import GAMES
from games.base import State


def played(game: str, seats: int, seed: str, options: dict[str, Any] | None = None) -> State:
    """A match played out by normal computer players."""
    g = GAMES[game]
    state = g.new(seats, seed, options or {})
    bots = [g.computer_player("normal") for _ in range(seats)]
    rng = random.Random(seed)
    while (seat := state.to_act()) is not None:
        state = state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat), rng))
    return state


def one_deal(seats: int, taker_wins: bool) -> tuple[State, dict[str, Any]]:
    """A one-deal Tarot match whose taker won (or lost), and its score lines."""
    for n in range(60):
        state = played("tarot", seats, f"deal{seats}:{n}", {"deals": 1})
        last = state.view(None)["last_deal"]
        if last.get("taker") is not None and last["won"] is taker_wins:
            return state, last
    raise AssertionError("no such deal in 60 seeds")


def changes(state: State) -> tuple[list[float], Any]:
    """Each seat's change of shown rating, every player new (equal)."""
    keys = [f"u{s + 1}" for s in range(state.seats)]
    rated = rate_match(state.game, state.to_json(), state.outcome(), keys, keys, {})
    return [SCALE * (rated.ratings[k].mu - rated.before[s].mu) for s, k in enumerate(keys)], rated


@pytest.mark.parametrize(("seats", "taker_wins"), [(4, True), (4, False), (3, True), (5, False), (5, True)])
def test_a_deal_moves_equal_players_by_their_share_of_the_points(seats: int, taker_wins: bool) -> None:
    state, last = one_deal(seats, taker_wins)
    moved, _ = changes(state)
    taker, deltas = last["taker"], last["deltas"]
    sign = 1 if taker_wins else -1
    assert sign * moved[taker] > 0, "the taker's rating follows the deal"
    for seat in range(seats):
        if seat == taker or deltas[seat] == 0:
            continue
        assert abs(moved[seat]) < abs(moved[taker]), "a defender (or the partner) moves less than the taker"
        assert moved[seat] * deltas[seat] > 0, "each seat moves the way its points went"
        share = deltas[seat] / deltas[taker]
        assert moved[seat] / moved[taker] == pytest.approx(share, rel=0.02), "by its share of the points"


def test_a_defence_win_and_loss_mirror_each_other() -> None:
    won, _ = changes(one_deal(4, False)[0])  # the defence won
    lost, _ = changes(one_deal(4, True)[0])  # the defence lost
    for moved, defence_won in ((won, True), (lost, False)):
        taker = max(range(4), key=lambda s: abs(moved[s]))
        defenders = [m for s, m in enumerate(moved) if s != taker]
        assert all((m > 0) is defence_won for m in defenders)
        assert sum(defenders) == pytest.approx(-moved[taker], rel=0.01), "what the defence wins the taker loses"


def test_the_taker_is_expected_to_win_so_a_lost_deal_costs_more_than_a_won_one_brings() -> None:
    """Takers win most deals: a role advantage makes a win worth less than a loss costs, and the
    advantage learns from the deals (a taker winning more than expected raises it)."""
    won, rated = changes(one_deal(4, True)[0])
    lost, _ = changes(one_deal(4, False)[0])
    assert max(won) < -min(lost)
    assert rated.advantages["taker@4"][0] > ratings.PRIOR[("tarot", "taker@4")]


@pytest.mark.parametrize(("game", "seats"), [("trio", 3), ("piquet", 2)])
def test_games_without_sides_rank_the_match_by_places(game: str, seats: int) -> None:
    state = played(game, seats, f"places:{game}")
    outcome = state.outcome()
    assert outcome is not None
    moved, rated = changes(state)
    by_place = sorted(range(seats), key=lambda s: outcome.places[s])
    assert moved[by_place[0]] > 0 > moved[by_place[-1]], "first gains, last loses"
    assert [moved[s] for s in by_place] == sorted(moved, reverse=True), "the better place, the higher"
    for s in range(seats):
        assert [(w.place, w.of) for w in rated.why[s]] == [(outcome.places[s] + 1, seats)]


def test_a_new_player_shows_1000_and_never_below_0() -> None:
    keys = ["u1", "u2"]
    state = played("piquet", 2, "scale")
    rated = rate_match(state.game, state.to_json(), state.outcome(), keys, keys, {})
    assert [ratings.shown(ratings.value(r)) for r in rated.before] == [1000, 1000]
    assert ratings.shown(-1000.0) == 0


def test_why_a_rating_moved_in_one_line() -> None:
    parts = [Why(change=-8.4, n=2, role="defender", contract="garde", won=True).to_json(),
             Why(change=12.2, role="taker", contract="garde_sans", won=True).to_json()]
    tarot = GAMES["tarot"]
    assert why_line(tarot, parts, "fr") == \
        "défense perdue contre une Garde ×2 : −8 · Garde sans le chien gagnée : +12"
    assert why_line(tarot, parts, "en").startswith("defence lost against a Garde ×2: −8 · Garde sans")
    assert why_line(GAMES["piquet"], [Why(change=-14.0, place=2, of=2).to_json()], "fr") == "place 2 sur 2 : −14"
    assert why_line(None, None, "fr") == ""
