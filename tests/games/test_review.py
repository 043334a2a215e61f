"""The deal review grades planted errors as mistakes or blunders, the expert's own play as good,
and gives the same review twice."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest

import games
from games.base import Action, State
from games.review import GRADES, Review, Reviewer, grade, move_accuracy, review_deal

SAMPLES = 100
Predicate = Callable[[State, int, list[Action]], Action | None]
RANKS = {"A": 1, "J": 11, "C": 12, "Q": 13, "K": 14}


def _rank(code: str) -> int:
    return int(code[:-1]) if code[:-1].isdigit() else RANKS[code[:-1]]


def _winner(trick: list[list[Any]]) -> tuple[int, str]:
    """The seat and card winning a Tarot trick so far (trumps over the led suit, the Excuse never)."""
    cards = [(seat, code) for seat, code in trick if code != "EX"]
    trumps = [(int(code[1:]), seat, code) for seat, code in cards if code.startswith("T")]
    if trumps:
        _, seat, code = max(trumps)
        return seat, code
    led = cards[0][1][-1]
    _, seat, code = max((_rank(code), seat, code) for seat, code in cards if code[-1] == led)
    return seat, code


def _plant(name: str, seats: int, predicate: Predicate, seeds: range = range(200)) -> tuple[dict[str, Any], int]:
    """The first deal of a match where seat 0, at some decision, meets ``predicate``: that move is
    played instead of the normal player's, the deal finished by normal players; the saved match and
    the planted move's index in its log."""
    game = games.GAMES[name]
    for seed in seeds:
        state = game.new(seats, seed, {})
        players = [game.computer_player("normal") for _ in range(seats)]
        rng = random.Random(seed)
        planted = None
        while state.to_act() is not None and state.deal_index() == 0:
            seat = state.to_act()
            assert seat is not None
            legal = state.legal_actions(seat)
            action = predicate(state, seat, legal) if seat == 0 and planted is None else None
            if action is not None:
                planted = len(state.log)
            else:
                action = players[seat].choose(state.view(seat), legal, rng)
            state = state.apply(seat, action)
        if planted is not None:
            return state.to_json(), planted
    raise AssertionError(f"no deal of {name} met the predicate")


def _graded_at(review: Review, index: int) -> str:
    decision = next(d for d in review.decisions if d.index == index)
    assert decision.loss is not None, decision
    return grade(decision.loss, review.stakes)


def _tarot_play(state: State, seat: int) -> dict[str, Any] | None:
    view = state.view(seat)
    if view["phase"] != "play" or view["role"] != "defence" or len(view["trick"]) != view["seats"] - 1:
        return None
    return view


def petit_given_away(state: State, seat: int, legal: list[Action]) -> Action | None:
    """Last to play, the taker winning the trick with a trump: the Petit played under it when
    another trump could go."""
    view = _tarot_play(state, seat)
    if view is None or Action("play", "T1") not in legal:
        return None
    winner, card = _winner(view["trick"])
    others = [a for a in legal if a.arg.startswith("T") and a.arg != "T1"]
    return Action("play", "T1") if winner == view["contract"]["taker"] and card.startswith("T") and others else None


def king_thrown_away(state: State, seat: int, legal: list[Action]) -> Action | None:
    """Last to play, unable to follow or trump, the taker winning: a King thrown when a small card could go."""
    view = _tarot_play(state, seat)
    if view is None:
        return None
    led = next(code for _, code in view["trick"] if code != "EX")
    kings = [a for a in legal if a.arg.startswith("K") and not led.startswith("T") and a.arg[-1] != led[-1]]
    small = [a for a in legal if not a.arg.startswith("T") and a.arg != "EX" and _rank(a.arg) <= 7]
    winner, _ = _winner(view["trick"])
    return kings[0] if kings and small and winner == view["contract"]["taker"] else None


def garde_contre_on_a_weak_hand(state: State, seat: int, legal: list[Action]) -> Action | None:
    view = state.view(seat)
    hand = view["hand"]
    trumps = [c for c in hand if c.startswith("T")]
    weak = len(trumps) <= 4 and not {"T21", "T1", "EX"} & set(hand) and sum(c.startswith("K") for c in hand) <= 1
    bid = Action("bid", "garde_contre")
    return bid if weak and bid in legal else None


def solo_on_a_weak_hand(state: State, seat: int, legal: list[Action]) -> Action | None:
    """A Tresillo solo in a suit the hand is short of, without the Espadilla or the Basto."""
    view = state.view(seat)
    hand = view["hand"]
    if {"1E", "1B"} & set(hand):
        return None
    for action in legal:
        if action.kind == "declare" and action.arg.startswith("solo:"):
            suit = action.arg.split(":")[1]
            if sum(c.endswith(suit) for c in hand) <= 2:
                return action
    return None


@pytest.mark.parametrize(("name", "seats", "predicate"), [
    ("tarot", 4, petit_given_away),
    ("tarot", 4, king_thrown_away),
    ("tarot", 4, garde_contre_on_a_weak_hand),
    ("tarot", 3, garde_contre_on_a_weak_hand),
    ("tarot", 5, king_thrown_away),
    ("tresillo", 3, solo_on_a_weak_hand),
])
def test_a_planted_error_is_a_mistake_or_a_blunder(name: str, seats: int, predicate: Predicate) -> None:
    saved, index = _plant(name, seats, predicate)
    review = review_deal(games.GAMES[name], saved, 0, 0, samples=SAMPLES)
    assert _graded_at(review, index) in ("mistake", "blunder"), next(d for d in review.decisions if d.index == index)
    assert any(d.index == index for d in review.key_moments())


def _expert_deal(name: str, seats: int, seed: int, samples: int = 60) -> dict[str, Any]:
    game = games.GAMES[name]
    state = game.new(seats, seed, {})
    players = [game.computer_player("expert", samples=samples) for _ in range(seats)]
    rng = random.Random(seed)
    while state.to_act() is not None and state.deal_index() == 0:
        seat = state.to_act()
        assert seat is not None
        state = state.apply(seat, players[seat].choose(state.view(seat), state.legal_actions(seat), rng))
    return state.to_json()


@pytest.mark.parametrize(("name", "seats", "samples"), [("tarot", 4, 60), ("tresillo", 3, 400), ("piquet", 2, 100)])
def test_the_expert_s_own_decisions_are_graded_good(name: str, seats: int, samples: int) -> None:
    """Reviewed at the review's own budget, on other sampled deals than it played with, at least
    90 % of the expert's graded decisions are good or excellent."""
    grades = []
    for seed in range(3):
        review = review_deal(games.GAMES[name], _expert_deal(name, seats, seed, samples), seed % seats, 0)
        grades += [g for _, g in review.graded()]
    good = sum(g in ("excellent", "good") for g in grades)
    assert grades and good / len(grades) >= 0.9, (good, len(grades), grades)


def test_the_same_review_twice() -> None:
    saved = _expert_deal("tarot", 4, 7, samples=20)
    first = review_deal(games.GAMES["tarot"], saved, 1, 0, samples=40)
    second = review_deal(games.GAMES["tarot"], saved, 1, 0, samples=40)
    assert first == second and first.to_json() == second.to_json()
    assert Review.from_json(first.to_json()) == first


def test_grades_and_accuracy_follow_the_stakes() -> None:
    assert [grade(loss, 100.0) for loss in (0, 2, 5, 10, 25, 31)] == [
        "excellent", "excellent", "good", "inaccuracy", "mistake", "blunder"]
    assert [name for name, _ in GRADES] == ["excellent", "good", "inaccuracy", "mistake", "blunder"]
    assert move_accuracy(0.0, 50.0) == pytest.approx(100.0, abs=0.01)
    assert move_accuracy(50.0, 50.0) == 0.0
    assert 40 < move_accuracy(10.0, 50.0) < 50


def test_a_seat_without_a_decision_in_the_deal_is_refused() -> None:
    saved = _expert_deal("piquet", 2, 1)
    with pytest.raises(ValueError, match="no decision"):
        review_deal(games.GAMES["piquet"], saved, 0, 3, samples=10)


@pytest.mark.parametrize(("name", "seats"), [("tarot", 4), ("piquet", 2)])
def test_a_review_in_steps_pickled_between_them_is_the_whole_review(name: str, seats: int) -> None:
    """Each step of a :class:`Reviewer` can run in another process: the expert's memory of the deal
    travels with it."""
    saved = _expert_deal(name, seats, 3, samples=20)
    reviewer = Reviewer(games.GAMES[name], saved, 1, 0, samples=30)
    while reviewer.step():
        reviewer = pickle.loads(pickle.dumps(reviewer))
    assert reviewer.review() == review_deal(games.GAMES[name], saved, 1, 0, samples=30)
