"""One shape for every game package: the same module names for the same roles,
``Game.replay()``, engine errors read from the catalogues in every language, one expert skeleton."""

from __future__ import annotations

import importlib
import pickle
import random

import pytest

from games import GAMES
from games.base import Action
from games.errors import CorruptState, GameError, IllegalAction, NotYourTurn
from games.i18n import LOCALES
from games.search import Expert, Search, Tally, determinized

PACKAGES = ("tarot", "tresillo", "trio", "piquet")
ROLES = ("views", "explain", "rules_text", "scoring", "state", "game", "ai", "easy", "expert")


@pytest.mark.parametrize("package", PACKAGES)
def test_every_package_names_its_roles_alike(package: str) -> None:
    for role in ROLES:
        importlib.import_module(f"games.{package}.{role}")
    state = importlib.import_module(f"games.{package}.state")
    assert callable(state.new_state), "one new_state() builds every match"
    assert callable(importlib.import_module(f"games.{package}.explain").why_illegal)


def _played(name: str, steps: int) -> tuple[dict[str, object], list[object]]:
    game = GAMES[name]
    state = game.new(game.min_seats, f"replay:{name}", dict(game.playout_options))
    states = [state]
    rng = random.Random(name)
    for _ in range(steps):
        seat = state.to_act()
        if seat is None:
            break
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
        states.append(state)
    return state.to_json(), states


@pytest.mark.parametrize("name", sorted(GAMES))
def test_replay_walks_the_log_as_load_does(name: str) -> None:
    game = GAMES[name]
    data, states = _played(name, 60)
    steps = list(game.replay(data))
    assert [s.text for s in steps] == data["log"]
    assert [s.before for s in steps] == states[:-1] and [s.after for s in steps] == states[1:]
    assert [s.seat for s in steps] == [st.to_act() for st in states[:-1]]
    assert game.load(data) == states[-1]


def test_replay_refuses_a_log_that_does_not_replay() -> None:
    game = GAMES["tarot"]
    data, _ = _played("tarot", 3)
    bad = {**data, "log": [*data["log"], "play:T21", "play:T21"]}
    with pytest.raises(CorruptState) as err:
        list(game.replay(bad))
    assert "does not replay at action" in str(err.value)
    assert "ne se rejoue pas" in err.value.localized("fr") and "no se reproduce" in err.value.localized("es")
    with pytest.raises(CorruptState):
        list(game.replay({**data, "v": 2}))


def test_engine_errors_speak_every_language() -> None:
    """Spanish players read Spanish (they once got English); a refusal keeps its
    fields, cards named in the reader's language, through a pickle (worker processes)."""
    game = GAMES["tarot"]
    state = game.new(4, 7)
    seat = state.to_act()
    other = (seat + 1) % 4
    with pytest.raises(NotYourTurn) as turn:
        state.apply(other, state.legal_actions(seat)[0])
    texts = {locale: turn.value.localized(locale) for locale in LOCALES}
    assert texts == {"fr": "Ce n'est pas votre tour.", "en": "It is not your turn.", "es": "No es su turno."}
    while state.to_act() is not None and state.phase.value != "play":
        seat = state.to_act()
        state = state.apply(seat, state.legal_actions(seat)[-1])
    seat = state.to_act()
    missing = next(c for c in ("T21", "T20", "T19", "KH", "KS") if Action("play", c) not in state.legal_actions(seat)
                   and c not in [x.code for x in state.hands[seat]])
    with pytest.raises(IllegalAction) as refused:
        state.apply(seat, Action("play", missing))
    err = refused.value
    assert str(err).startswith("You do not hold") and err.localized("fr").startswith("Vous n'avez pas")
    assert err.localized("es").startswith("No tiene")
    again = pickle.loads(pickle.dumps(err))
    assert isinstance(again, IllegalAction) and [again.localized(x) for x in LOCALES] == [err.localized(x) for x in LOCALES]


def test_an_error_made_from_texts_keeps_them() -> None:
    err = GameError("English", "Français")
    assert (str(err), err.localized("fr"), err.localized("es")) == ("English", "Français", "English")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_expert_is_the_shared_skeleton(name: str) -> None:
    assert isinstance(GAMES[name].computer_player("expert", samples=1), Expert)


def test_determinized_sampling_plays_every_option_on_each_deal() -> None:
    deals = iter([10, 20, None, 40])
    seen: list[tuple[int, str]] = []

    def outcome(world: int, option: str) -> tuple[float, bool]:
        seen.append((world, option))
        return world + len(option), option == "bb"

    tallies, count = determinized(Search(None, samples=5), ["a", "bb"], lambda: next(deals), outcome)
    assert count == 2 and seen == [(10, "a"), (10, "bb"), (20, "a"), (20, "bb")]
    assert tallies == {"a": Tally(32.0, 2, 0), "bb": Tally(34.0, 2, 2)} and tallies["a"].mean() == 16.0
