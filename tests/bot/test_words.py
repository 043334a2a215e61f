"""What the console says in words: the game-term buttons explained, the step named,
the trick with who led, Piquet's declarations in the table's log."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from bot.service.table_log import TableLog
from bot.ui import words
from games import GAMES
from games.base import State

LOCALES = ("fr", "en", "es")


def positions(name: str, seats: int, matches: int = 6) -> Iterator[State]:
    """Every position of a few random matches."""
    game = GAMES[name]
    for seed in range(matches):
        state, rng = game.new(seats, seed, {}), random.Random(seed)
        while (seat := state.to_act()) is not None:
            yield state
            state = state.apply(seat, rng.choice(state.legal_actions(seat)))


def first(name: str, seats: int, wanted: Any) -> State:
    return next(s for s in positions(name, seats) if wanted(s))


@pytest.mark.parametrize("locale", LOCALES)
def test_tresillo_terms_are_explained(locale: str) -> None:
    game = GAMES["tresillo"]
    for action in ("bid:plus", "order:me", "order:partner"):
        state = first("tresillo", 3, lambda s, a=action: a in map(str, s.legal_actions(s.to_act())))
        legal = state.legal_actions(state.to_act())
        lines = words.help_lines(game, legal, locale)
        label = game.action_label(next(a for a in legal if str(a) == action), locale)
        line = next((x for x in lines if label in x), None)
        assert line is not None and len(line) > len(label) + 10, (action, lines)


@pytest.mark.parametrize(("locale", "said"), [("fr", "choisissez 6 cartes pour le chien"),
                                              ("en", "choose 6 cards for the chien"),
                                              ("es", "elige 6 cartas para el chien")])
def test_the_tarot_ecart_step_is_named(locale: str, said: str) -> None:
    game = GAMES["tarot"]
    state = first("tarot", 4, lambda s: s.view(None)["phase"] == "ecart")
    seat = state.to_act()
    line = words.step_line(game, state.view(seat), state.pending_picks(seat), locale)
    assert line is not None and line.startswith("Écart") and said in line


def test_the_trick_says_who_led_and_who_played_what() -> None:
    game = GAMES["tarot"]
    state = first("tarot", 4, lambda s: len(s.view(None)["trick"]) == 2)
    view = state.view(None)
    names = ["Ana", "Ben", "Cid", "Dan"]
    (s0, c0), (s1, c1) = view["trick"]
    line = words.trick_line(game, view, names, "en")
    assert line == f"Trick so far: {names[s0]}: {words.card_label(game, c0, 'en')} · " \
                   f"{names[s1]}: {words.card_label(game, c1, 'en')} ({names[s0]} led)"
    assert words.trick_line(game, state.view(state.to_act()), names, "en") == line


def test_piquet_declarations_go_to_the_log() -> None:
    game = GAMES["piquet"]
    state = first("piquet", 2, lambda s: s.view(None)["phase"] == "play" and not s.view(None)["trick"])
    record = TableLog()
    lines = record.catch_up(game, state, ["Ana", "Ben"], "en")
    kinds = {"point": "Point", "sequence": "Sequence", "sets": "Sets"}
    for d in state.view(None)["declarations"]:
        said = next((x for x in lines if x.startswith(kinds[d["kind"]])), None)
        assert said is not None, lines
        if isinstance(d.get("winner"), int):
            assert f"+{d['points'][d['winner']]}" in said
