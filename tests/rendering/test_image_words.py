"""The words drawn in the images come from the catalogues: a Spanish table,
recap and score sheet show no English or French word, along random matches of every game."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import rendering
import rendering.i18n
from games import GAMES
from rendering.canvas import record_text
from rendering.samples import SHORT, playout
from tests.rendering.test_scoresheet import CASES as SHEET_CASES
from tests.rendering.test_scoresheet import sheet_of
from tests.test_i18n import offences

NAMES = ["Marta", "Pablo", "Lucía", "Diego", "Sofía", "Javier", "Carmen"]  # no foreign word among them
CASES = [(name, seats) for name, game in sorted(GAMES.items())
         for seats in sorted({game.min_seats, game.max_seats})]


def _drawn(draw: Callable[..., bytes], *args: Any) -> list[str]:
    """The texts drawn while ``draw(*args)`` renders an image."""
    with record_text() as seen:
        draw(*args)
    return [t for t, _ in seen]


def _foreign(texts: list[str], locale: str) -> list[tuple[str, list[str]]]:
    return [(t, found) for t in texts if (found := offences(t, locale, image=True))]


@pytest.mark.parametrize(("name", "seats"), CASES)
def test_spanish_images_show_no_foreign_word(name: str, seats: int) -> None:
    """Tables (public and each seat to act), recaps and the score sheet along two random matches."""
    game = GAMES[name]
    names = NAMES[:seats]
    checked = 0
    bad: list[str] = []
    for seed in (3, 11):
        options = SHORT.get(name, dict(getattr(game, "playout_options", {}) or {}))
        states = playout(game, seats, seed, options=options)
        rng = random.Random(seed)
        picked = sorted(set(rng.sample(range(len(states)), min(25, len(states)))) | {len(states) - 1})
        recaps: set[Any] = set()
        for i in picked:
            state = states[i]
            public = state.view(None)
            where = f"{name}/{seats} seed {seed} state {i} ({public.get('phase')})"
            texts = _drawn(rendering.table_image, public, names, "es")
            seat = state.to_act()
            if seat is not None:
                private = state.view(seat)
                texts += _drawn(rendering.table_image, private, names, "es")
            deal = public.get("last_deal")
            if isinstance(deal, dict) and deal and deal.get("deal_no") not in recaps:
                recaps.add(deal.get("deal_no"))
                texts += _drawn(rendering.recap_image, public, "es", names)
            checked += len(texts)
            bad += [f"{where}: {found} in {t!r}" for t, found in _foreign(texts, "es")]
    assert checked > 100, checked
    assert not bad, "\n".join(bad[:30])


def test_pick_is_gone() -> None:
    """Every image word is a catalogue message: the French-or-English helper no longer exists."""
    assert not hasattr(rendering.i18n, "pick")


@pytest.mark.parametrize(("name", "seats", "options"), SHEET_CASES)
def test_spanish_score_sheet_shows_no_foreign_word(name: str, seats: int, options: dict[str, Any]) -> None:
    """A finished match's score sheet in Spanish (Piquet's rubicon lines, Le Trio's contracts...)."""
    sheet = sheet_of(name, seats, options)
    texts = _drawn(rendering.scoresheet_image, sheet, NAMES[:seats], "es")
    assert len(texts) > 10, texts
    assert not _foreign(texts, "es")
