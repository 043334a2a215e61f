"""Matches read back from their action logs (``bot/service/records.py``): deals, replay steps and hands,
score sheets and the text record, for every game, from computer-played matches."""

from __future__ import annotations

import random
from collections import Counter
from itertools import pairwise
from typing import Any

import pytest

from bot.service.records import hands_of, read_match, record_text, score_sheet
from games import GAMES
from games.base import Action, State
from games.errors import CorruptState
from rendering.layouts import layout_for

pytestmark = pytest.mark.backends  # SQLite and PostgreSQL (tests/conftest.py)

MATCHES = [("tarot", 4, {"deals": 2}), ("tarot", 5, {"deals": 1}), ("tresillo", 3, {"rounds": 1}),
           ("tresillo", 4, {"rounds": 1}), ("piquet", 2, {}), ("trio", 3, {"contracts": 2}),
           ("ecole", 4, {"contracts": 2})]
NAMES = ["Amélie", "Bertrand", "Chloé", "Dominique", "Étienne"]
_PLAYED: dict[tuple[str, int], State] = {}


def played(game: str, seats: int, options: dict[str, Any], seed: str = "records") -> State:
    """A whole match between computer players (memoized per game and seat count)."""
    key = (game, seats)
    if key not in _PLAYED:
        g = GAMES[game]
        state = g.new(seats, seed, options)
        rng = random.Random(seed)
        players = [g.computer_player() for _ in range(seats)]
        while state.to_act() is not None:
            seat = state.to_act()
            assert seat is not None
            state = state.apply(seat, players[seat].choose(state.view(seat), state.legal_actions(seat), rng))
        _PLAYED[key] = state
    return _PLAYED[key]


@pytest.mark.parametrize(("game", "seats", "options"), MATCHES)
def test_deals_and_score_sheet_follow_the_engine(game: str, seats: int, options: dict[str, Any]) -> None:
    state = played(game, seats, options)
    match = read_match(state.to_json(), NAMES[:seats], "en")
    assert match.over and match.final == state
    finished = [d for d in match.deals if d.result is not None]
    assert [d.result["deal_no"] for d in finished] == list(range(len(finished))) and finished
    running = [0.0] * seats
    for deal in finished:  # each deal's totals are the previous totals plus its changes
        running = [a + b for a, b in zip(running, deal.result["deltas"], strict=True)]
        assert running == pytest.approx(deal.result["scores"])
    sheet = score_sheet(match)
    assert sheet["over"] and sheet["scores"] == state.view(None)["scores"]
    assert sheet["outcome"] == state.outcome().to_json()
    assert len(score_sheet(match, upto=0)["rows"]) == 1 and not score_sheet(match, upto=0)["over"]
    if game in ("trio", "ecole"):  # the contracts each seat played in each deal
        assert finished[0].result["contracts"] == [1] * seats
        for before, after in pairwise(finished):
            made = [c + o for c, o in zip(before.result["contracts"], before.result["opened"], strict=True)]
            assert after.result["contracts"] == made


@pytest.mark.parametrize(("game", "seats", "options"), [m for m in MATCHES if m[0] != "trio" and m[0] != "ecole"])
def test_trick_steps_show_every_trick_with_the_hands_of_that_moment(game: str, seats: int,
                                                                     options: dict[str, Any]) -> None:
    state = played(game, seats, options)
    match = read_match(state.to_json(), NAMES[:seats], "en")
    plays = sum(1 for a in state.log if a.startswith("play:"))
    tricks = [s for s in match.steps if s.kind == "trick"]
    players = len(tricks[0].view["last_trick"]["cards"])  # 4 of 5 seats play in a 5-seat deal of Tarot
    assert len(tricks) * players == plays
    for deal in match.deals:
        steps = [s for s in deal.steps if s.kind == "trick"]
        assert [s.number for s in steps] == list(range(1, len(steps) + 1))
        if not steps:
            continue
        start = next(s for s in deal.steps if s.kind == "start")
        held = sum(map(len, start.hands))
        for step in steps:  # each trick takes one card from each player, and shows the trick whole
            held -= players
            assert sum(map(len, step.hands)) == held
            last = step.view["last_trick"]
            assert len(last["cards"]) == players and isinstance(last["winner"], int)
            assert not step.view["trick"]
            for seat, code in last["cards"]:
                assert code not in step.hands[seat]
        assert steps[-1].result == deal.result and deal.result is not None
    assert match.steps[-1].kind == "end" and match.steps[-1].view["phase"] == "over"


@pytest.mark.parametrize(("game", "seats"), [("trio", 3), ("ecole", 4)])
def test_rummy_steps_are_turns(game: str, seats: int) -> None:
    options = dict(next(o for g, s, o in MATCHES if g == game))
    state = played(game, seats, options)
    match = read_match(state.to_json(), NAMES[:seats], "en")
    for deal in match.deals:
        assert deal.steps[0].kind == "start" and deal.steps[0].hands == deal.hands
        turns = [s for s in deal.steps if s.kind == "turn"]
        assert [s.number for s in turns] == list(range(1, len(turns) + 1))
        for before, after in pairwise(turns):
            if after.result is None:  # the turn that ends a deal shows the table before its last step
                assert before.view["to_act"] != after.view["to_act"]
        assert turns[-1].result == deal.result
    # every step's hands are the seats' own views at that revision
    g = GAMES[game]
    for step in match.steps[::7]:
        if step.kind == "turn" and step.result is None:
            at = g.load({**state.to_json(), "log": state.log[:step.rev]})
            assert step.hands == hands_of(at)
            assert step.view == at.view(None)


def test_a_void_deal_is_dealt_again_in_the_same_deal() -> None:
    g = GAMES["tarot"]
    state = g.new(4, "void", {"deals": 1})
    for _ in range(4):
        state = state.apply(state.to_act(), Action("pass"))
    redealt = hands_of(state)
    rng = random.Random(1)
    players = [g.computer_player() for _ in range(4)]
    while state.to_act() is not None:
        seat = state.to_act()
        state = state.apply(seat, players[seat].choose(state.view(seat), state.legal_actions(seat), rng))
    match = read_match(state.to_json(), NAMES[:4], "en")
    assert len(match.deals) == 1 and match.deals[0].hands == redealt
    start = match.deals[0].steps[0]
    assert start.kind == "start" and "The deal is void: the cards are dealt again." in start.lines
    assert sum(1 for line in start.lines if line.endswith(": Pass")) >= 4


def test_a_log_that_does_not_replay_is_refused() -> None:
    data = played("piquet", 2, {}).to_json()
    data["log"] = [*data["log"][:10], "play:XX", *data["log"][11:]]
    with pytest.raises(CorruptState):
        read_match(data, NAMES[:2])
    with pytest.raises(CorruptState):
        read_match({**data, "game": "chess"}, NAMES[:2])


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_text_record_deal_by_deal(locale: str) -> None:
    state = played("tarot", 4, {"deals": 2})
    names = NAMES[:4]
    match = read_match(state.to_json(), names, locale)
    text = record_text(match, names, locale, recap=lambda v, n, loc: layout_for(v).recap_lines(v, n, loc))
    fr = locale == "fr"
    for deal in (1, 2):
        assert f"== {'Donne' if fr else 'Deal'} {deal} ==" in text
    assert text.count("Pli 18\u00a0:" if fr else "Trick 18:") == 2
    assert ("Preneur" if fr else "Taker") in text  # the game's own score lines
    first = match.deals[0]
    for seat, hand in enumerate(first.hands):  # every hand as dealt, by its cards' names
        line = next(x for x in text.splitlines() if x.strip().startswith(f"{names[seat]}\u00a0:" if fr else
                                                                          f"{names[seat]}:"))
        assert len(line.split(", ")) == len(hand) == 18
    outcome = state.outcome()
    for seat in outcome.ranking:
        assert f"{outcome.places[seat] + 1}. {names[seat]}" in text
    assert Counter(text.split("\n"))["== " + ("Résultat final" if fr else "Final result") + " =="] == 1


def test_a_trick_won_is_not_a_new_deal() -> None:
    """The toy game names the trick's winner its dealer: only a change before any card is played
    is a void deal dealt again."""
    from tests.toygame import TOY

    state = TOY.new(2, "toy", {"deals": 2})
    rng = random.Random(4)
    while state.to_act() is not None:
        legal = state.legal_actions(state.to_act())
        state = state.apply(state.to_act(), legal[rng.randrange(len(legal))])
    match = read_match(state.to_json(), NAMES[:2], "en")
    lines = [line for step in match.steps for line in step.lines]
    assert lines and not any("dealt again" in line for line in lines)
    assert [s.kind for s in match.steps].count("trick") == 6
