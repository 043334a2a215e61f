"""Le Trio / L'École whole matches: the engine contract on playouts, the computer players, and
the Discord-size limit on legal steps."""

from __future__ import annotations

import json
import random

import pytest

from games.base import Action, RandomPlayer
from games.errors import GameError, IllegalAction, NotYourTurn
from games.trio.ai import BaselinePlayer, TrioPlayer
from games.trio.game import ECOLE, TRIO, TrioGame
from tests.games.test_contract import MAX_ACTIONS, check_views, check_views_independent, snapshot

CASES = [(g, n) for g in (TRIO, ECOLE) for n in range(g.min_seats, g.max_seats + 1)]
IDS = [f"{g.name}-{n}" for g, n in CASES]


def playout(game: TrioGame, seats: int, seed: int, options: dict[str, object], noise: float,
            limit: int = MAX_ACTIONS, check_every: int = 40) -> tuple[object, int, int]:
    """A match of computer players that play a random legal step with probability ``noise``;
    checks the engine contract along the way. Returns (final state, actions, widest choice)."""
    rng = random.Random(seed)
    bots = [TrioPlayer() for _ in range(seats)]
    rand = RandomPlayer()
    state = game.new(seats, seed, options)
    widest = 0
    seen: set[str] = set()
    for step in range(limit):
        seat = state.to_act()
        if seat is None:
            return state, step, widest
        legal = state.legal_actions(seat)
        assert legal and legal == state.legal_actions(seat)
        assert all(state.legal_actions(o) == [] for o in range(seats) if o != seat)
        texts = [str(a) for a in legal]
        assert len(set(texts)) == len(texts)
        widest = max(widest, len(legal))
        seen.update(texts)
        for a in legal:
            assert game.parse_action(str(a).upper()) == a
        if step % check_every == 0:
            check_views_independent(state)
            before = snapshot(state)
            check_views(state)
            assert "hand" not in state.view(None) and "building" not in state.view(None)
            loaded = game.load(json.loads(json.dumps(state.to_json())))
            assert snapshot(loaded) == before
            with pytest.raises(NotYourTurn):
                state.apply((seat + 1) % seats, legal[0])
            for text in [t for t in seen if t not in texts][:6]:
                with pytest.raises(IllegalAction):
                    state.apply(seat, game.parse_action(text))
            assert snapshot(state) == before
        player = rand if rng.random() < noise else bots[seat]
        action = player.choose(state.view(seat), legal, rng)
        state = state.apply(seat, action)
    raise AssertionError(f"no end in {limit} actions")


@pytest.mark.parametrize(("game", "seats"), CASES, ids=IDS)
def test_noisy_short_matches_keep_the_contract(game: TrioGame, seats: int) -> None:
    for seed in range(2):
        final, _, widest = playout(game, seats, seed, {"contracts": 2}, noise=0.25)
        outcome = final.outcome()  # type: ignore[attr-defined]
        assert outcome is not None and sorted(outcome.ranking) == list(range(seats))
        assert widest <= 25
        assert snapshot(game.load(final.to_json())) == snapshot(final)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("game", "seats"), [(TRIO, 4), (ECOLE, 5)], ids=["trio-4", "ecole-5"])
def test_random_steps_keep_the_contract(game: TrioGame, seats: int) -> None:
    """Uniformly random steps (cancels, lay-offs, ...) for a while, with every check."""
    rng = random.Random(3)
    state = game.new(seats, 3)
    for step in range(1500):
        seat = state.to_act()
        assert seat is not None
        legal = state.legal_actions(seat)
        assert legal and len(legal) <= 25
        if step % 50 == 0:
            check_views(state)
            assert snapshot(game.load(state.to_json())) == snapshot(state)
        state = state.apply(seat, legal[rng.randrange(len(legal))])


@pytest.mark.parametrize(("game", "seats"), CASES, ids=IDS)
def test_computer_players_finish_full_matches(game: TrioGame, seats: int) -> None:
    rng = random.Random(seats)
    bots = [game.computer_player() for _ in range(seats)]
    state = game.new(seats, f"full{seats}")
    widest = 0
    for _ in range(MAX_ACTIONS):
        seat = state.to_act()
        if seat is None:
            break
        legal = state.legal_actions(seat)
        widest = max(widest, len(legal))
        state = state.apply(seat, bots[seat].choose(state.view(seat), legal, rng))
    outcome = state.outcome()
    assert outcome is not None, "computer players did not finish"
    assert widest <= 25
    last = state.last_deal
    assert last is not None and last["finishers"]
    assert state.winners and set(state.winners) <= set(last["finishers"])
    assert outcome.ranking[0] in state.winners and outcome.places[outcome.ranking[0]] == 0


def test_trio_player_beats_baseline() -> None:
    rng = random.Random(1)
    wins = 0
    games = 6
    for seed in range(games):
        bots = [TrioPlayer(), BaselinePlayer(), BaselinePlayer(), BaselinePlayer()]
        state = TRIO.new(4, f"duel{seed}")
        while (seat := state.to_act()) is not None:
            legal = state.legal_actions(seat)
            state = state.apply(seat, bots[seat].choose(state.view(seat), legal, rng))
        wins += 0 in state.winners
    assert wins >= 3  # a fair share would be 1.5 of 6


def test_player_throws_a_spare_copy_rather_than_a_card_its_run_needs() -> None:
    """L'École year 9 (a run of 10 and a brelan): of three pairs only one makes the brelan and the
    run needs one copy of each card, so the player throws a second copy, not the 10D just drawn
    (games once froze forever in year 9: every player threw back each card drawn)."""
    hand = ["2C", "3D", "4D", "6D", "6D", "7D", "7D", "9D", "10D", "QD", "QD", "JK", "JK", "JK"]
    view = {"seat": 0, "phase": "play", "variant": "ecole", "opened": [False, False, False],
            "contracts": [9, 9, 9], "hand": hand}
    legal = [Action("discard", code) for code in sorted(set(hand))]
    assert TrioPlayer().choose(view, legal, random.Random(0)) in {
        Action("discard", "6D"), Action("discard", "7D"), Action("discard", "QD")}


def test_same_seed_same_match_and_bad_input() -> None:
    assert snapshot(TRIO.new(4, "x")) == snapshot(TRIO.new(4, "x"))
    s = ECOLE.new(7, 2)
    for text in ["meld:pair", "add:ZZ", "onto:x", "draw:hand", "done:1", "add:2C=ZZ"]:
        with pytest.raises(GameError):
            s.apply(s.turn, ECOLE.parse_action(text))
    with pytest.raises(GameError):
        TRIO.new(7, 1)


def test_views_hide_the_build_and_the_hands() -> None:
    s = TRIO.new(3, 7, {"contracts": 1})
    rng = random.Random(0)
    bots = [TrioPlayer() for _ in range(3)]
    while s.phase != "meld":
        seat = s.turn
        s = s.apply(seat, bots[seat].choose(s.view(seat), s.legal_actions(seat), rng))
    s = s.apply(s.turn, s.legal_actions(s.turn)[0])  # a first card in the build
    me = s.view(s.turn)
    assert me["building"]["cards"] and set(me["building"]["cards"]) <= set(me["hand"]) | {
        c for c in me["building"]["cards"] if "=" in c}
    assert s.view(None).get("building") is None and "hand" not in s.view(None)
    other = s.view((s.turn + 1) % 3)
    assert other["building"] is None
    assert me["hand_counts"][s.turn] == len(me["hand"]) == other["hand_counts"][s.turn]


class _PlayoutOptions:
    """The game with its ``playout_options`` as defaults, for the generic contract suite."""

    def __init__(self, game: TrioGame) -> None:
        self._game = game

    def __getattr__(self, name: str) -> object:
        return getattr(self._game, name)

    def new(self, seats: int, seed: int | str, options: dict[str, object] | None = None) -> object:
        return self._game.new(seats, seed, {**self._game.playout_options, **(options or {})})

    def load(self, data: dict[str, object]) -> object:
        return self._game.load(data)


@pytest.mark.parametrize(("game", "seats"), CASES, ids=IDS)
@pytest.mark.parametrize("seed", range(2))
def test_generic_contract_suite_with_playout_options(game: TrioGame, seats: int, seed: int) -> None:
    """``tests/games/test_contract.py``'s random match, run with ``Game.playout_options``."""
    from tests.games.test_contract import play_match

    final = play_match(_PlayoutOptions(game), seats, seed)  # type: ignore[arg-type]
    outcome = final.outcome()
    assert outcome is not None and sorted(outcome.ranking) == list(range(seats))
    check_views(final)
    assert snapshot(game.load(final.to_json())) == snapshot(final)
