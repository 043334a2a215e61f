"""Every registered game's views render to valid images at several moments of a match; the public
table never shows what only one seat may see; rendering is thread-safe."""

from __future__ import annotations

import io
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image

import rendering
from games import GAMES
from rendering import recap as recap_module
from rendering.hand import MIN_W
from rendering.layouts import _MODULES, LAYOUTS, layout_for
from rendering.layouts.base import Layout
from rendering.layouts.trick import TrickLayout
from rendering.samples import MOMENTS, NAMES, moments
from rendering.table import W

CASES = [(name, seats) for name, game in sorted(GAMES.items())
         for seats in sorted({game.min_seats, game.max_seats})]
_CACHE: dict[tuple[str, int], dict] = {}


def _moments(name: str, seats: int) -> dict:
    key = (name, seats)
    if key not in _CACHE:
        _CACHE[key] = moments(GAMES[name], seats, seed=seats * 7 + 1)
    return _CACHE[key]


def _open(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.format == "PNG"
    return img


def test_registered_games_use_their_layout() -> None:
    for name in GAMES:
        if name in _MODULES:
            assert type(layout_for({"game": name})) not in (Layout, TrickLayout), f"{name} is drawn by the generic layout"
            assert name in LAYOUTS
    assert type(layout_for({"game": "no such game"})) is TrickLayout


@pytest.mark.parametrize(("name", "seats"), CASES)
def test_images_at_every_moment(name: str, seats: int) -> None:
    shots = _moments(name, seats)
    tables = set()
    for moment in MOMENTS:
        m = shots[moment]
        data = rendering.table_image(m.public, NAMES[:seats], "fr")
        table = _open(data)
        assert table.width == W and 300 <= table.height <= 1600  # taller with Le Trio's rows
        assert len(data) <= 150 * 1024
        tables.add(data)
        _open(rendering.table_image(m.public, None, "en"))
        hand = _open(rendering.hand_image(m.private, "fr", m.legal))
        assert MIN_W <= hand.width <= 1400 and 100 <= hand.height <= 1000
        assert sorted(rendering.hand_order(m.private)) == sorted(m.private.get("hand") or [])
        recap = _open(rendering.recap_image(m.public, "en", NAMES[:seats]))
        assert recap.width == recap_module.W and 150 <= recap.height <= 1800  # narrower for phones, taller
    assert len(tables) >= 4, "the table image should change as the match goes on"
    assert shots["over"].public["phase"] == "over"
    assert shots["deal_end"].public.get("last_deal"), "a deal should have ended"


@pytest.mark.parametrize(("name", "seats"), CASES)
def test_public_table_ignores_private_keys(name: str, seats: int) -> None:
    """The table drawn from any seat's private view is the public one: nothing hidden is drawn."""
    for moment in ("start", "mid_trick", "deal_end"):
        state = _moments(name, seats)[moment].state
        public = rendering.table_image(state.view(None), NAMES[:seats])
        for seat in range(seats):
            assert rendering.table_image(state.view(seat), NAMES[:seats]) == public, (moment, seat)


@pytest.mark.parametrize(("name", "seats"), CASES[:1] + CASES[-1:])
def test_threads_render_the_same_bytes(name: str, seats: int) -> None:
    shots = [_moments(name, seats)[m] for m in MOMENTS]
    serial = [rendering.table_image(m.public, NAMES[:seats]) + rendering.hand_image(m.private, legal=m.legal)
              for m in shots]
    with ThreadPoolExecutor(max_workers=6) as pool:
        threaded = list(pool.map(lambda m: rendering.table_image(m.public, NAMES[:seats]) +
                                 rendering.hand_image(m.private, legal=m.legal), shots * 4))
    assert threaded == serial * 4


def test_playable_cards_are_highlighted() -> None:
    name, seats = CASES[0]
    m = _moments(name, seats)["start"]
    hand = m.private["hand"]
    assert len(hand) >= 3
    plain = rendering.hand_image(m.private)
    some = rendering.hand_image(m.private, legal=hand[:1])
    everything = rendering.hand_image(m.private, legal=hand)
    assert plain != some
    assert everything == plain  # nothing to set apart: the waiting picture, not redrawn on the turn


OPTION_CASES = [(name, opt.name) for name, game in sorted(GAMES.items()) for opt in game.options()
                if isinstance(opt.default, bool)]


@pytest.mark.parametrize(("name", "option"), OPTION_CASES)
def test_tables_render_with_each_variant_option(name: str, option: str) -> None:
    """Every yes/no table option switched on (sinking in Piquet, a seat sitting out in Tarot...)."""
    from rendering.samples import SHORT, playout

    game = GAMES[name]
    short = SHORT.get(name, dict(getattr(game, "playout_options", {}) or {}))
    states = playout(game, game.max_seats, seed=11, max_actions=600, options={**short, option: True})
    for state in states[::9] + states[-1:]:
        _open(rendering.table_image(state.view(None), NAMES[:game.max_seats]))
    _open(rendering.recap_image(states[-1].view(None), names=NAMES[:game.max_seats]))
