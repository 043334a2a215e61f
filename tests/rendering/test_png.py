"""PNG files written by ``rendering.png`` (zlib-ng's deflate) read back by Pillow with
every pixel and colour they were written with."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

import games
from rendering import canvas, palette, png
from rendering.hand import draw_hand, hand_plan
from rendering.layouts import layout_for
from rendering.samples import NAMES, moments


def _read(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


@pytest.mark.parametrize("size", [(1, 1), (7, 3), (300, 1), (1, 200), (640, 481)])
def test_every_index_and_colour_comes_back(size: tuple[int, int]) -> None:
    rng = random.Random(size[0] * 1000 + size[1])
    img = Image.new("P", size)
    img.putdata([rng.randrange(256) for _ in range(size[0] * size[1])])
    colours = bytes(rng.randrange(256) for _ in range(768))
    shown = _read(png.palette_png(img, colours))
    assert shown.format == "PNG" and shown.mode == "P" and shown.size == size
    assert shown.tobytes() == img.tobytes()
    assert bytes(shown.getpalette() or []) == colours


def test_only_palette_images_are_written() -> None:
    with pytest.raises(ValueError, match="palette image"):
        png.palette_png(Image.new("RGB", (4, 4)), palette.colours())


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_encode_writes_the_image_mapped_onto_the_palette(name: str) -> None:
    game = games.GAMES[name]
    seats = min(4, game.max_seats)
    moment = moments(game, seats, seed=3)["mid_trick"]
    names = canvas.seat_names(NAMES[:seats], seats, "fr")
    for img in (layout_for(moment.public).draw_table(moment.public, names, "fr", "RGB"),
                draw_hand(hand_plan(moment.private, "fr", moment.legal), "RGB")):
        mapped = img.quantize(palette=palette.fixed(), dither=Image.Dither.NONE)
        data = canvas.encode(img)
        shown = _read(data)
        assert shown.convert("RGB").tobytes() == mapped.convert("RGB").tobytes()
        assert len(data) < 80 * 1024  # the bound per image
