"""The table image's sizes and colours (each chosen to be read on a phone: see :mod:`rendering.table`)
and its felt: the header band and the oval, drawn once per size."""

from __future__ import annotations

import functools
from typing import Literal

from PIL import Image, ImageDraw

from rendering import indexed
from rendering.canvas import (
    FELT,
    GOLDEN,
    HEADER,
    PANEL,
    PANEL_EDGE,
    RGB,
    felt,
)

W = 640
PHONE_W = 270  # Discord's display width of an image on a 390 px phone
DISPLAY_W = 500  # and on a desktop, at most
MIN_TEXT = 22  # smallest font size: MIN_TEXT * PHONE_W / W = 9.3 px on a phone
HEAD = 44
MARGIN = 8
NAME_SIZES = (24, 22)
NAME_LINE = 28  # a name's line pitch on its plate
TRICK_W = 88  # the trick's cards (compact faces: a 32-40 px index)
SMALL_W = 64  # the cells' cards (compact faces: a 23-29 px index)
MIN_STEP = 32  # overlapped compact cards keep their index (rank and pip) visible
LABEL = 22
TAG_H = 34  # a row of badges beside a plate
MARK_R = 16  # seat mark disc radius
LINE = 29  # text line pitch in the cells
SIDE_W = 196  # plates on the left and right of the oval
WIDE_W = 280  # plates at the top and bottom
TRICK_RX, TRICK_RY = 62, 66  # offsets of the side and of the top and bottom trick cards
TILE_PIP = 46  # the pip on a suit tile (64 px)

Box = tuple[float, float, float, float]
Mode = Literal["P", "RGB"]
OVAL: RGB = (30, 112, 74)  # the table's oval, and its rim
RIM: RGB = (110, 78, 40)
STRIPE: RGB = (22, 84, 58)  # every other player's row on Le Trio's table (rendering.layouts.trio)
PLATE: RGB = (20, 34, 30)
LIT_PLATE: RGB = (44, 70, 60)
MARK_EDGE: RGB = (20, 30, 26)
MARK_INK: RGB = (16, 20, 18)
# what the rounded corners of the table's cards (compact faces and backs) lie on, by card width, for
# the image workers to map the faces on while idle (rendering.warm_faces): the trick on the oval or
# the last trick's light; the cells, the centre and Le Trio's combinations and piles on the felt,
# the oval, the band's panel or a Trio row; the small backs of the hand counts beside the plates
UNDERS: dict[int, tuple[tuple[RGB, bool], ...]] = {
    TRICK_W: ((OVAL, False), (GOLDEN, False)),
    SMALL_W: ((FELT, False), (OVAL, False), (PANEL, False), (STRIPE, False)),
    20: ((FELT, False), (OVAL, False), (STRIPE, False)),
}


@functools.lru_cache(maxsize=16)
def _background(width: int, height: int, felt_h: int) -> Image.Image:
    """Felt, header band and the table's oval (``felt_h`` tall under the header), drawn once per size."""
    img = felt(width, height)
    ss = 2
    big = Image.new("RGBA", (width * ss, felt_h * ss), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    m = 4 * ss
    d.ellipse([m, m, width * ss - m, felt_h * ss - m], fill=(*OVAL, 255), outline=(*RIM, 255), width=8 * ss)
    small = big.reduce(ss)
    img.paste(small, (0, HEAD), small)
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, width, HEAD], fill=HEADER)
    d.line([(0, HEAD), (width, HEAD)], fill=PANEL_EDGE, width=2)
    return img


@functools.lru_cache(maxsize=16)
def _mapped_background(width: int, height: int, felt_h: int) -> Image.Image:
    """:func:`_background` mapped onto the palette once (its oval's edge is antialiased)."""
    return indexed.mapped(_background(width, height, felt_h))


def background(width: int, height: int, felt_h: int, mode: Mode) -> Image.Image:
    """A fresh copy of the table's background (:func:`_background`) in ``mode``."""
    return (_mapped_background if mode == "P" else _background)(width, height, felt_h).copy()
