"""The fixed palette every image is encoded on (``rendering.palette``): flat colours
stay exact and images it was not chosen from keep a mean error under one level (a palette chosen
per image, as before: 0.46 on tables and recaps, 0.84 on hands)."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageStat

import games
from rendering import canvas, palette
from rendering.hand import draw_hand, hand_plan
from rendering.layouts import layout_for
from rendering.recap import recap_picture
from rendering.samples import NAMES, moments


def _mean_error(img: Image.Image) -> float:
    shown = Image.open(io.BytesIO(canvas.encode(img)))
    assert shown.mode == "P" and shown.size == img.size
    return sum(ImageStat.Stat(ImageChops.difference(img, shown.convert("RGB"))).mean) / 3


def test_flat_colours_are_in_the_palette_exactly() -> None:
    colours = palette.fixed().getpalette() or []
    triples = {tuple(colours[i:i + 3]) for i in range(0, len(colours), 3)}
    for colour in (canvas.INK, canvas.HEADER, canvas.PANEL, canvas.GOLDEN, (18, 76, 52)):  # (18, 76, 52): the felt
        assert colour in triples


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_images_keep_their_colours(name: str) -> None:
    game = games.GAMES[name]
    seats = min(4, game.max_seats)
    names = canvas.seat_names(NAMES[:seats], seats, "en")
    for m in moments(game, seats, seed=23).values():  # a seed the palette was not chosen from
        assert _mean_error(layout_for(m.public).draw_table(m.public, names, "en", "RGB")) < 0.5
        assert _mean_error(draw_hand(hand_plan(m.private, "en", m.legal), "RGB")) < 1.0
        if m.public.get("last_deal"):
            assert _mean_error(recap_picture(m.public, names, "en")) < 0.5
