"""The engine contract, checked on every registered game and seat count (and on the toy game).

Random matches from many seeds: legal actions never run out before the end, every action survives
its text round trip, out-of-turn and illegal actions are refused and change nothing,
``load(to_json())`` mid-match gives the same state, outcomes are zero-sum where the game says so,
and no view shows another seat's hidden cards.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games import GAMES
from games.base import Game, State
from games.errors import GameError, IllegalAction, NotYourTurn
from tests.toygame import TOY

MAX_ACTIONS = 20_000
CASES = [(g, n) for g in [TOY, *GAMES.values()] for n in range(g.min_seats, g.max_seats + 1)]
IDS = [f"{g.name}-{n}" for g, n in CASES]
SEEDS = range(6)


def tokens(obj: Any) -> set[str]:
    """Every string inside a JSON value (comma-separated card lists split too)."""
    found: set[str] = set()
    if isinstance(obj, str):
        found.add(obj)
        if "," in obj:
            found.update(obj.split(","))
    elif isinstance(obj, dict):
        for v in obj.values():
            found |= tokens(v)
    elif isinstance(obj, list | tuple):
        for v in obj:
            found |= tokens(v)
    return found


def snapshot(state: State) -> str:
    views = [state.view(s) for s in [None, *range(state.seats)]]
    return json.dumps([state.to_json(), views, state.to_act()], sort_keys=True)


def check_views(state: State) -> None:
    public = state.view(None)
    json.dumps(public)
    assert public["game"] == state.game.name and public["seats"] == state.seats
    assert "hand" not in public, "the public view shows a hand"
    for key in ("seat", "rev", "to_act", "phase", "scores", "events"):
        assert key in public, f"view lacks {key!r}"
    public_tokens = tokens(public)
    private = {s: state.view(s) for s in range(state.seats)}
    hands = {s: set(v.get("hand", [])) for s, v in private.items()}
    for s, v in private.items():
        json.dumps(v)
        assert v["seat"] == s
        extra = tokens(v) - public_tokens
        for other in range(state.seats):
            if other != s:
                leaked = (extra & hands[other]) - hands[s]
                assert not leaked, f"seat {s} sees seat {other}'s cards {leaked}"


def play_match(game: Game, seats: int, seed: int, check_every: int = 7) -> State:
    rng = random.Random(seed)
    state = game.new(seats, seed, game.playout_options)
    seen_texts: set[str] = set()
    for step in range(MAX_ACTIONS):
        seat = state.to_act()
        if seat is None:
            return state
        legal = state.legal_actions(seat)
        assert legal, f"no legal action for seat {seat} at step {step}"
        assert legal == state.legal_actions(seat), "legal actions are not deterministic"
        for other in range(seats):
            if other != seat:
                assert state.legal_actions(other) == []
        texts = [str(a) for a in legal]
        assert len(set(texts)) == len(texts), "duplicate legal actions"
        seen_texts.update(texts)
        for a in legal:
            assert game.parse_action(str(a)) == a
            assert game.parse_action(str(a).upper()) == a or str(a) != str(a).upper()
        if step % check_every == 0:
            before = snapshot(state)
            check_views(state)
            loaded = game.load(json.loads(json.dumps(state.to_json())))
            assert snapshot(loaded) == before
            assert loaded.legal_actions(seat) == legal
            with pytest.raises(NotYourTurn):
                state.apply((seat + 1) % seats, legal[0])
            illegal = [t for t in seen_texts if t not in texts][:5]
            for text in illegal:
                try:
                    action = game.parse_action(text)
                except GameError:
                    continue
                with pytest.raises(IllegalAction):
                    state.apply(seat, action)
            assert snapshot(state) == before, "a refused action changed the state"
        action = legal[rng.randrange(len(legal))]
        new = state.apply(seat, action)
        assert new is not state
        assert new.rev == state.rev + 1 and new.log[-1] == str(action)
        state = new
    raise AssertionError(f"match did not end in {MAX_ACTIONS} actions")


@pytest.mark.parametrize(("game", "seats"), CASES, ids=IDS)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_match(game: Game, seats: int, seed: int) -> None:
    final = play_match(game, seats, seed)
    outcome = final.outcome()
    assert outcome is not None
    assert len(outcome.scores) == seats
    assert sorted(outcome.ranking) == list(range(seats))
    assert all(0 <= p < seats for p in outcome.places)
    if game.zero_sum:
        assert sum(outcome.scores) == pytest.approx(0)
    check_views(final)
    assert final.legal_actions(0) == []
    assert snapshot(game.load(final.to_json())) == snapshot(final)


@pytest.mark.parametrize(("game", "seats"), CASES, ids=IDS)
def test_same_seed_same_match(game: Game, seats: int) -> None:
    a, b = game.new(seats, "same", game.playout_options), game.new(seats, "same", game.playout_options)
    assert snapshot(a) == snapshot(b)


@pytest.mark.parametrize(("game", "seats"), CASES, ids=IDS)
def test_bad_input_is_refused(game: Game, seats: int) -> None:
    state = game.new(seats, 1, game.playout_options)
    before = snapshot(state)
    for text in ["", "   ", "nonsense", "play:ZZ", ":"]:
        with pytest.raises(GameError):
            state.apply(state.to_act() or 0, game.parse_action(text))
    assert snapshot(state) == before
    with pytest.raises(GameError):
        game.new(game.max_seats + 1, 1)
    with pytest.raises(GameError):
        game.new(seats, 1, {"no_such_option": 1})


@pytest.mark.parametrize("game", [TOY, *GAMES.values()], ids=lambda g: g.name)
def test_corrupt_saves_are_refused(game: Game) -> None:
    from games.errors import CorruptState

    state = game.new(game.min_seats, 3, game.playout_options)
    data = state.to_json()
    with pytest.raises(CorruptState):
        game.load({**data, "log": ["nonsense"]})
    with pytest.raises(CorruptState):
        game.load({**data, "game": "other"})
    with pytest.raises(CorruptState):
        game.load({"v": 1})


@pytest.mark.parametrize("game", [TOY, *GAMES.values()], ids=lambda g: g.name)
def test_computer_player_finishes_matches(game: Game) -> None:
    rng = random.Random(5)
    for seats in range(game.min_seats, game.max_seats + 1):
        bots = [game.computer_player() for _ in range(seats)]
        state = game.new(seats, f"cp{seats}")
        for _ in range(MAX_ACTIONS):
            seat = state.to_act()
            if seat is None:
                break
            legal = state.legal_actions(seat)
            action = bots[seat].choose(state.view(seat), legal, rng)
            assert action in legal
            state = state.apply(seat, action)
        assert state.outcome() is not None
