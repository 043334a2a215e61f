"""The engine contract, checked on every registered game and seat count (and on the toy game).

Random matches from many seeds: legal actions never run out before the end, every action survives
its text round trip, out-of-turn and illegal actions are refused and change nothing,
``load(to_json())`` mid-match gives the same state, ``deal_index()`` is the view's ``deal_no``,
``shown_hand(seat)`` is what the seat's view shows of its hand, outcomes are zero-sum where the game says so,
no view shows another seat's hidden cards, and changing a returned view (any nested part) changes
neither the state nor any later view. Garbage input (bad card codes, wrong kinds, huge or unicode
arguments, non-string values, non-actions) is refused with a ``GameError`` at every phase, and
leaves the state as it was.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any, NamedTuple

import pytest

from games import GAMES
from games.base import Action, Game, State
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


def scramble(obj: Any) -> None:
    """Change every list and dict inside ``obj`` in place (deepest first): what a careless caller
    of ``view()`` might do."""
    if isinstance(obj, list):
        for item in obj:
            scramble(item)
        obj.append("~")
        obj[:] = ["~"] * len(obj)
    elif isinstance(obj, dict):
        for value in obj.values():
            scramble(value)
        for key in list(obj):
            obj[key] = "~"
        obj["~"] = ["~"]


def check_views_independent(state: State) -> None:
    """Scrambling every returned view changes neither the state nor a fresh view of it (a view
    sharing a list or dict with the state would also corrupt every later view)."""
    before = snapshot(state)
    for seat in [None, *range(state.seats)]:
        scramble(state.view(seat))
    assert snapshot(state) == before, "changing a returned view changed the state or its views"


def check_shown_hands(state: State) -> None:
    """``shown_hand(seat)`` is what the seat's view shows: its cards, in order, and the deal."""
    for seat in range(state.seats):
        view = state.view(seat)
        assert state.shown_hand(seat) == (tuple(view["hand"]), view["deal_no"]), f"seat {seat}"


def play_match(game: Game, seats: int, seed: int, check_every: int = 7) -> State:
    rng = random.Random(seed)
    state = game.new(seats, seed, game.playout_options)
    seen_texts: set[str] = set()
    deal = None
    for step in range(MAX_ACTIONS):
        seat = state.to_act()
        if step % check_every == 0 or state.deal_index() != deal or seat is None:  # each deal's start
            check_shown_hands(state)
            deal = state.deal_index()
        if seat is None:
            return state
        legal = state.legal_actions(seat)
        assert legal, f"no legal action for seat {seat} at step {step}"
        assert state.deal_index() == state.view(None).get("deal_no"), "deal_index() is not the view's deal_no"
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
            check_views_independent(state)
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
    check_views_independent(final)
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


# -- every match ends ---------------------------------------------------------------------------


class Bound(NamedTuple):
    """How long a match may last under the rules: at most ``deals`` deals (rounds), each with at
    most ``per_deal`` actions that ``counts``; the actions it does not count are the ones the rules
    let players repeat without limit (they never move the match on)."""

    deals: int
    per_deal: int
    counts: Callable[[Action], bool]


def _every(action: Action) -> bool:
    return True


def match_bound(game: Game, seats: int, options: dict[str, Any]) -> Bound:
    """The bound of a match of ``game`` (options resolved), from docs/rules/."""
    if game.name == "toy":  # every seat plays its 3 cards each deal
        return Bound(options["deals"], seats * 3, _every)
    if game.name == "tarot":
        # docs/rules/tarot.md, « The deal », « Bidding », « Calling a king », « Poignées », « Trick play », « Scoring », each seat deals once: a counted deal has at most k bids, a called king (5
        # players), the écart (the chien's size), the slam decision, k poignées and 78 - chien
        # cards played. Passes are not counted: when all pass, the next dealer redeals (docs/rules/tarot.md, « Bidding »),
        # as often as it happens.
        chien = 3 if seats == 5 else 6
        per_deal = seats + (seats == 5) + chien + 1 + seats + 78 - chien
        return Bound(options["deals"] or seats, per_deal, lambda a: a.kind != "pass")
    if game.name == "tresillo":
        # docs/rules/tresillo.md, « The deal », « Bidding », « The exchange (descarte) », « Play and the matadors' privilege », « Bola », « Result: sacada, puesta, codillo », « Renounce and defence », « Payments », rounds x seats deals: at most 5 raises, the declaration, the exchange order,
        # at most 9 discards by each of 3 players, 3 exchanges done, the request for 8-9 cards and
        # 2 answers, 27 cards, the renounce, 2 answers to it, the bola choice. Bets and passes are
        # not counted: when all pass, the next dealer redeals and the deal keeps its number (docs/rules/tresillo.md, « Bidding »).
        return Bound(options["rounds"] * seats, 5 + 1 + 1 + 27 + 3 + 1 + 2 + 27 + 1 + 2 + 1,
                     lambda a: a.kind not in ("pass", "bet"))
    if game.name == "piquet":
        # docs/rules/piquet.md, « Cards and the deal », « Carte blanche », « The exchange », « Declarations », « Pique and repique », « Play », « The partie and the rubicon », six deals and two more on a tie: 2 exchange counts, at most 8 discards (the
        # talon's size), looking at the talon, 6 declaration choices, 24 cards.
        return Bound(6 + 2, 2 + 8 + 1 + 6 + 24, _every)
    if game.name in ("trio", "ecole"):
        # docs/rules/trio.md, « Cards and their points », docs/rules/trio.md, « The round », « Defaults and options »: at most max_rounds rounds (the match limit); in a round the stock runs
        # out at most stock_passes times (then the round is blocked). Each pass holds as many
        # cards as the first (the packs less 13 per seat and the first discard): every turn that
        # draws from the stock puts one card on the pile, the others take one and put one back,
        # and the new stock is the pile but its top card. So at most stock_passes x that many
        # draws from the stock. Taking the discard, and building then cancelling, may repeat
        # without limit and are not counted.
        packs = (2 if seats <= 4 else 3) if game.name == "trio" else (2 if seats <= 3 else 3 if seats <= 5 else 4)
        cards = packs * (52 + (options["jokers"] if game.name == "ecole" else 0))
        stock = cards - 13 * seats - 1
        return Bound(options["max_rounds"], options["stock_passes"] * stock, lambda a: a == Action("draw", "stock"))
    raise AssertionError(f"no bound stated for {game.name}")


@pytest.mark.parametrize(("game", "seats"), CASES, ids=IDS)
def test_random_matches_end_within_the_rules_bound(game: Game, seats: int) -> None:
    """Uniformly random legal moves under the default options: every match ends, within its bound
    (and within a loose cap on all actions, counted or not, so a match that runs on fails fast)."""
    options = game.resolve_options()
    bound = match_bound(game, seats, options)
    cap = 20 * bound.deals * bound.per_deal
    for seed in range(1 if game.name in ("trio", "ecole") else 4):
        rng = random.Random(seed)
        state = game.new(seats, f"bound{seed}")
        counted: dict[int, int] = {}
        for _ in range(cap):
            seat = state.to_act()
            if seat is None:
                break
            legal = state.legal_actions(seat)
            action = legal[rng.randrange(len(legal))]
            deal = state.view(None)["deal_no"]
            if bound.counts(action):
                counted[deal] = counted.get(deal, 0) + 1
            state = state.apply(seat, action)
        assert state.to_act() is None and state.outcome() is not None, f"the match did not end in {cap} actions"
        assert len(counted) <= bound.deals, f"{len(counted)} deals, bound {bound.deals}"
        assert max(counted.values()) <= bound.per_deal, f"{max(counted.values())} actions in a deal"


# -- garbage input ------------------------------------------------------------------------------

GARBAGE_ARGS: tuple[Any, ...] = (
    "", " ", "ZZ", "zz", "0", "1", "-1", "21", "99999999999999999999", "1e9", "9" * 300, "A" * 5000,
    "T0", "T22", "T99", "11H", "1H", "0S", "KX", "EXC", "JK", "1E", "RC", "7O", "T21", "EX",
    "2C=ZZ", "2C=", "=", "=8H", "AH=mid", "AH=", "2C=8H=9H", ":", "::", "7H:7H", "a:b:c", "1:lo:hi",
    "-1:hi", "3:", ":3", "0:lo", "7H,8H", "7H,7H", "7H 7H", "7H;8H", "['7H']", "[7H]", "None", "null",
    "true", "pass", "stock", "garde", "brelan", "look", "high", "lo", "\u2665", "7\u2665", "\u00e9", "\x00",
    "\n", "\t7H", "\uff11", "\u0663", "\U0001d7d5H", "7H\u200b",
    None, 5, -1, 3.5, True, ["7H"], ["7H", "7H"], ("7H",), {"card": "7H"}, b"7H",
)
GARBAGE_KINDS: tuple[Any, ...] = ("", "x", "PLAY", " play", "play:7H", "draw:stock", "\u00e9", None, 7, ["play"])
NOT_ACTIONS: tuple[Any, ...] = ("play:7H", "draw", None, 5, ("play",), ("play", "7H", "x"), ["play", "7H"],
                                {"kind": "play"})
GARBAGE_TEXTS: tuple[Any, ...] = (*GARBAGE_ARGS, "play:", ":play", "play:7H:7H", "play: 7H 8H", "bid:",
                                  "bid:garde:garde", "draw:stock:stock", "add:2C=8H=8H", "onto:1:lo:hi",
                                  "onto:99999", "onto:\u0663", "exchange:\u0663", "exchange:10", "PLAY:" + "A" * 200)


def words_of(game: Game) -> tuple[list[str], list[str]]:
    """Every action kind of ``game`` and a sample of its arguments, from a random match."""
    kinds: dict[str, None] = {}
    args: dict[str, None] = {}
    rng = random.Random(0)
    state = game.new(game.max_seats, "words", game.playout_options)
    while (seat := state.to_act()) is not None:
        legal = state.legal_actions(seat)
        for a in legal:
            kinds[a.kind] = None
            args[a.arg] = None
        state = state.apply(seat, legal[rng.randrange(len(legal))])
    return list(kinds), random.Random(1).sample(sorted(args), min(30, len(args)))


def refused(state: State, seat: int, action: Any) -> GameError:
    """The :class:`GameError` that refuses ``action`` (fails on any other outcome)."""
    try:
        state.apply(seat, action)
    except GameError as exc:
        assert 0 < len(str(exc)) <= 200 and 0 < len(exc.localized("fr")) <= 200, f"message: {exc!r}"
        return exc
    raise AssertionError(f"{action!r} was accepted")


def probe_garbage(state: State, kinds: list[str], args: list[str]) -> int:
    """Every garbage action (each kind with each argument, and non-actions) is refused by a
    ``GameError`` and leaves the state unchanged; returns how many were tried."""
    seat = state.to_act()
    who = seat if seat is not None else 0
    legal = state.legal_actions(who)
    before = json.dumps(state.to_json(), sort_keys=True)
    tried = 0
    for kind in [*kinds, *GARBAGE_KINDS]:
        for arg in [*GARBAGE_ARGS, *args]:
            action = Action(kind, arg)
            if action not in legal:
                refused(state, who, action)
                tried += 1
    for thing in [*NOT_ACTIONS, *(tuple(a) for a in legal[:3])]:  # a plain tuple is not an Action
        refused(state, who, thing)
        tried += 1
    assert json.dumps(state.to_json(), sort_keys=True) == before, "a refused garbage action changed the state"
    assert state.legal_actions(who) == legal
    return tried


@pytest.mark.parametrize(("game", "seats"), CASES, ids=IDS)
def test_garbage_actions_are_refused_at_every_phase(game: Game, seats: int) -> None:
    """A match (computer players, one move in three random) probed at its start, at each new
    situation (phase and kinds of the legal actions), every few steps, and at its end."""
    kinds, args = words_of(game)
    rng = random.Random(seats)
    bots = [game.computer_player() for _ in range(seats)]
    state = game.new(seats, f"garbage{seats}", game.playout_options)
    seen: set[tuple[Any, ...]] = set()
    probes = tried = 0
    for step in range(MAX_ACTIONS):
        seat = state.to_act()
        if seat is None:
            break
        legal = state.legal_actions(seat)
        situation = (state.view(None)["phase"], *sorted({a.kind for a in legal}))
        if situation not in seen or (step % 11 == 0 and probes < 40):
            seen.add(situation)
            tried += probe_garbage(state, kinds, args)
            probes += 1
        action = legal[rng.randrange(len(legal))] if rng.random() < 0.3 else \
            bots[seat].choose(state.view(seat), legal, rng)
        state = state.apply(seat, action)
    assert state.to_act() is None
    tried += probe_garbage(state, kinds, args)
    assert tried > 1000 * (probes + 1)


@pytest.mark.parametrize("game", [TOY, *GAMES.values()], ids=lambda g: g.name)
def test_garbage_text_is_refused_by_parse_action(game: Game) -> None:
    """``parse_action`` answers any input with a canonical action or a ``GameError``."""
    kinds, _ = words_of(game)
    texts = [*GARBAGE_TEXTS, *(f"{k}:{a}" for k in [*kinds, "x", ""] for a in GARBAGE_ARGS if isinstance(a, str))]
    parsed = 0
    for text in texts:
        try:
            action = game.parse_action(text)
        except GameError as exc:
            assert 0 < len(str(exc)) <= 200, f"message for {text!r}: {exc!r}"
            continue
        parsed += 1
        assert type(action) is Action and type(action.kind) is str and type(action.arg) is str, (text, action)
        assert str(action).isascii() and str(action).isprintable() and len(str(action)) <= 40, (text, action)
        assert game.parse_action(str(action)) == action, (text, action)
    assert parsed < len(texts) / 2


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
