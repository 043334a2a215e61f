"""Saves made by the engines before the games took one shape (``tests/games/fixtures/states.json``,
written by ``tests/games/fixtures/make_states.py`` from that code) load with today's engines into the same
positions: the same save back, the same views for every seat, the same legal moves with the same labels,
the same phase and contract words and the same outcome."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games import GAMES
from tests.games.fixtures.make_states import expected

SAVES: list[dict[str, Any]] = json.loads((Path(__file__).parent / "fixtures" / "states.json").read_text("utf-8"))


def test_the_fixture_covers_every_game() -> None:
    assert {case["save"]["game"] for case in SAVES} == set(GAMES)


@pytest.mark.parametrize("case", SAVES, ids=[f"{c['save']['game']}-{c['save']['seats']}-{len(c['save']['log'])}"
                                             for c in SAVES])
def test_an_old_save_loads_into_the_same_position(case: dict[str, Any]) -> None:
    state = GAMES[case["save"]["game"]].load(case["save"])
    assert state.to_json() == case["save"]
    assert json.loads(json.dumps(expected(state))) == case["expect"]
