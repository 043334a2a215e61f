"""Ratings a club ladder can show: provisional ratings said in words and kept off the ranks, a
settled rating moved by a bounded amount a match, no change growing with matches played, and the
change shown with its reasons exactly the change stored (one rounding)."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from bot.service import ratings
from bot.service.rating_words import ladder, parts_of, provisional_after, stored_change, why_line
from bot.service.ratings import MODEL, SETTLED_STEP, rate_match, shown, value
from bot.storage import Rating
from bot.ui.cogs.history import change_text
from games import GAMES
from games.base import State


def played(game: str, seats: int, seed: str, options: dict[str, Any]) -> State:
    g = GAMES[game]
    state = g.new(seats, seed, options)
    bots = [g.computer_player("normal") for _ in range(seats)]
    rng = random.Random(seed)
    while (seat := state.to_act()) is not None:
        state = state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat), rng))
    return state


MATCHES = [("tarot", 4, {"deals": 1}), ("tarot", 4, {"deals": 2}), ("tresillo", 3, {"deals": 1}),
           ("trio", 3, {}), ("piquet", 2, {})]


@pytest.mark.parametrize(("game", "seats", "options"), MATCHES)
def test_the_change_shown_with_its_reasons_is_the_change_stored(game: str, seats: int, options: dict[str, Any]) -> None:
    """Results (the reasons' changes), ``/history`` (after − before) and the stored change agree,
    whatever fractions the ratings carry."""
    rng = random.Random(game)
    for n in range(6):
        state = played(game, seats, f"shown:{game}:{n}", options)
        keys = [f"u{s}" for s in range(seats)]
        current = {k: Rating(k, s, k, MODEL.mu + rng.uniform(-6, 6), rng.uniform(1.5, 8.3)) for s, k in enumerate(keys)}
        rated = rate_match(state.game, state.to_json(), state.outcome(), keys, keys, current)
        for s, k in enumerate(keys):
            before, after = round(value(rated.before[s]), 2), round(value(rated.ratings[k]), 2)
            stored = rated.stored_why(s, k)
            change = shown(after) - shown(before)
            assert stored_change(stored, before, after) == change == rated.change(s, k)
            assert sum(w.change for w in parts_of(stored)) == change, "the reasons add up to the change"
            assert all(isinstance(w.change, int) for w in parts_of(stored)), "rounded once, before showing"
            assert change_text(before, after, stored) == change_text(before, after, None), "/history says the same"
            line = why_line(state.game, stored, "en")
            if len(parts_of(stored)) == 1:
                assert line.endswith(f"{change:+d}".replace("-", "\u2212") if change else "0"), line
            assert provisional_after(stored) == ratings.provisional(rated.ratings[k])


def _lost_garde(seed: int = 0) -> State:
    for n in range(200):
        state = played("tarot", 4, f"garde:{seed}:{n}", {"deals": 1})
        last = state.view(None)["last_deal"]
        if last.get("taker") == 0 and last.get("contract") == "garde" and not last["won"]:
            return state
    raise AssertionError("no lost Garde in 200 seeds")


def test_a_new_player_is_provisional_and_a_settled_rating_moves_at_most_the_bound() -> None:
    state = _lost_garde()
    keys = ["u1", "u2", "u3", "u4"]
    new = rate_match(state.game, state.to_json(), state.outcome(), keys, keys, {})
    assert ratings.provisional(new.ratings["u1"]), "one match: still provisional"
    assert new.change(0, "u1") < -SETTLED_STEP, "a provisional rating moves fast"
    # a settled taker far above the table loses: the upset that moves a rating most
    settled = {"u1": Rating("u1", 1, "a", MODEL.mu + 8, ratings.PROVISIONAL),
               **{k: Rating(k, i, k, MODEL.mu - 8, 8.0) for i, k in enumerate(keys[1:], 2)}}
    rated = rate_match(state.game, state.to_json(), state.outcome(), keys, keys, settled)
    assert -SETTLED_STEP <= rated.change(0, "u1") < 0
    assert not ratings.provisional(rated.ratings["u1"])


def test_no_change_grows_as_a_member_plays_more() -> None:
    """The same lost deal again and again: each loss costs no more than the one before, and the
    uncertainty of every seat (the third Tresillo seat that paid nothing too) never grows."""
    state = _lost_garde(1)
    keys = ["u1", "u2", "u3", "u4"]
    current: dict[str, Rating] = {}
    losses, sigmas = [], []
    for _ in range(25):
        rated = rate_match(state.game, state.to_json(), state.outcome(), keys, keys, current)
        losses.append(-rated.change(0, "u1"))
        sigmas.append([rated.ratings[k].sigma for k in keys])
        current = {k: r if k == "u1" else Rating(k, None, k, MODEL.mu, r.sigma) for k, r in rated.ratings.items()}
    assert all(b <= a + 1 for a, b in itertools.pairwise(losses)), losses
    assert all(all(b <= a for a, b in zip(s, t, strict=True)) for s, t in itertools.pairwise(sigmas))
    for n in range(100):  # a Tresillo deal one seat takes no part in
        tresillo = played("tresillo", 3, f"third:{n}", {"deals": 1})
        if 0 in tresillo.view(None)["last_deal"]["deltas"]:
            break
    seat = tresillo.view(None)["last_deal"]["deltas"].index(0)
    rated = rate_match(tresillo.game, tresillo.to_json(), tresillo.outcome(), ["a", "b", "c"], ["a", "b", "c"], {})
    assert rated.ratings["abc"[seat]].sigma <= MODEL.sigma


def test_the_leaderboard_ranks_settled_ratings_and_lists_provisional_ones_apart() -> None:
    found = [Rating("u1", 1, "new", MODEL.mu + 5, 7.0), Rating("u2", 2, "old", MODEL.mu + 2, 2.5),
             Rating("u3", 3, "older", MODEL.mu - 1, 3.0)]
    ranked, apart = ladder(found)
    assert [r.name for r in ranked] == ["old", "older"] and [r.name for r in apart] == ["new"]
