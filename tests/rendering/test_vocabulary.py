"""A game's phase word has one catalogue key, said by the engine (``Game.phase_label``) and by the
images (``Layout.phase_text``): both read ``games/<game>/vocabulary.py``, the images in the
catalogues' ``image`` context."""

from __future__ import annotations

import pytest

from games import GAMES
from games import vocabulary as common
from games.base import Phase
from rendering.layouts import layout_for
from rendering.layouts.base import _GENERIC_PHASES


def engine_key(game: str, phase: str) -> str | None:
    msg = GAMES[game].phases.get(phase)
    return msg.key if msg is not None else common.PHASES.get(phase)


def image_key(game: str, phase: str) -> str | None:
    return layout_for({"game": game}).phases.get(phase) or _GENERIC_PHASES.get(phase)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_phase_word_has_one_key(game: str) -> None:
    for phase in Phase:
        key = engine_key(game, phase.value)
        if key is not None:
            assert image_key(game, phase.value) == key, (game, phase.value)
