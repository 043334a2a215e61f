"""Drawing straight onto the fixed palette (issue 30): an image made of flat fills, text on a flat
background and cached card faces needs no mapping of every pixel at the end.

:func:`rendering.canvas.encode` maps an RGB image onto the palette pixel by pixel (a third of a
hand's drawing) after drawing it at four bytes a pixel. Here every piece is mapped once, when it is
first drawn, and cached: a fill is its palette index, a text its patch mapped on its background, a
card face its bands mapped on the colour under its corners; an image is then one byte a pixel of
copies. The pixels are those of the RGB drawing mapped onto the palette, but where a card's rounded
corner lies on another card (:func:`paste_card` ``over_card``): there the corner's antialiased
edge is cut at half coverage instead of blended (a few pixels a card, under a pixel on a phone).
``tests/rendering/test_indexed.py`` compares a hand drawn both ways.
"""

from __future__ import annotations

import functools

from PIL import Image, ImageDraw

from games.cards import Family
from rendering import palette
from rendering.canvas import RGB, _bands, _note, _Same, _text_mask, card_face, fit, paste_bands, paste_face
from rendering.canvas import text as rgb_text

ON_PALETTE = "tapis.palette"  # in the ``info`` of an image drawn here (rendering.canvas.encode)
Bands = tuple[int, int, Image.Image, Image.Image, Image.Image, Image.Image, Image.Image]


@functools.lru_cache(maxsize=256)
def index(colour: RGB) -> int:
    """The palette entry ``colour`` maps to (the one :func:`rendering.canvas.encode` gives it)."""
    return int(Image.new("RGB", (1, 1), colour).quantize(palette=palette.fixed(), dither=Image.Dither.NONE).getpixel((0, 0)))


def _mapped(img: Image.Image) -> Image.Image:
    return img.quantize(palette=palette.fixed(), dither=Image.Dither.NONE)


def new(width: int, height: int, colour: RGB) -> Image.Image:
    """A "P" image on the fixed palette, filled with ``colour``."""
    img = Image.new("P", (width, height), index(colour))
    img.putpalette(palette.colours())
    img.info[ON_PALETTE] = True
    return img


def fill(img: Image.Image, colour: RGB) -> RGB | int:
    """What to give :class:`ImageDraw.ImageDraw` as a fill on ``img``: the colour, or its index."""
    return index(colour) if img.mode == "P" else colour


@functools.lru_cache(maxsize=2048)
def _text_patch(s: str, size: int, bold: bool, anchor: str, colour: RGB, background: RGB) -> tuple[Image.Image, int, int]:
    mask, left, top, _advance = _text_mask(s, size, bold, anchor)
    patch = Image.new("RGB", mask.size, background)
    patch.paste(colour, (0, 0), mask)
    return _mapped(patch), left, top


def text(img: Image.Image, xy: tuple[float, float], s: str, size: int, colour: RGB, background: RGB, *,
         bold: bool = False, anchor: str = "la", width: float | None = None) -> float:
    """:func:`rendering.canvas.text` on a flat ``background`` (what lies under the text's box):
    on a "P" image, its patch mapped once and copied. Returns its advance width."""
    if img.mode != "P":
        return rgb_text(ImageDraw.Draw(img), xy, s, size, colour, bold=bold, anchor=anchor, width=width)
    if width is not None:
        s = fit(s, size, width, bold)
    if not s:
        return 0.0
    _note(s, size)
    patch, left, top = _text_patch(s, size, bold, anchor, colour, background)
    img.paste(patch, (round(xy[0]) + left, round(xy[1]) + top))
    return _text_mask(s, size, bold, anchor)[3]


@functools.lru_cache(maxsize=512)
def _opaque(picture: _Same) -> Image.Image:
    return _mapped(picture.img.convert("RGB"))


def paste_opaque(img: Image.Image, picture: Image.Image, xy: tuple[int, int]) -> None:
    """Paste a cached opaque picture (never modified: mapped once per object on a "P" image)."""
    img.paste(_opaque(_Same(picture)) if img.mode == "P" else picture, xy)


@functools.lru_cache(maxsize=4096)  # a hand's faces, each on the felt, the lights and a card: 2,000 or so
def _face_bands(face: _Same, under: RGB, over_card: bool) -> Bands:
    """A face mapped on ``under`` and cut into its rounded top, opaque middle and rounded bottom,
    with the masks of the top and the bottom (every pixel it covers at all; its left corners only
    where it covers half, when they lie on another card). A face that is not opaque in the middle
    is one band, its top (under its own mask)."""
    img = face.img.convert("RGBA")
    cut = _bands(face)
    top, bottom = (cut[0], cut[1]) if cut is not None else (img.height, img.height)
    on = Image.new("RGB", img.size, under)
    on.paste(img, (0, 0), img)
    mapped = _mapped(on)
    alpha = img.getchannel("A")
    mask = alpha.point(lambda a: 255 if a else 0)
    if over_card:
        half = (0, 0, img.width // 2, img.height)
        mask.paste(alpha.crop(half).point(lambda a: 255 if a >= 128 else 0), half[:2])
    w, h = img.size
    return (top, bottom, mapped.crop((0, 0, w, top)), mapped.crop((0, top, w, bottom)), mapped.crop((0, bottom, w, h)),
            mask.crop((0, 0, w, top)), mask.crop((0, bottom, w, h)))


def prepare(face: Image.Image, unders: tuple[tuple[RGB, bool], ...]) -> Image.Image:
    """Map a cached ``face`` for each ``(under, over_card)`` of :func:`paste_card` now rather than at
    its first paste (:func:`rendering.warm_faces`); returns the face."""
    for under, over_card in unders:
        _face_bands(_Same(face), under, over_card)
    return face


def paste_card(img: Image.Image, code: str | None, family: Family, width: int, x: float, y: float,
               locale: str = "fr", *, dim: bool = False, compact: bool = False, under: RGB,
               over_card: bool = False) -> None:
    """:func:`rendering.canvas.paste_card` with its rounded corners on the flat colour ``under``
    (``over_card``: its left corners lie on another card, see the module docstring)."""
    face = card_face(code, family, width, locale, dim=dim, compact=compact)
    x, y = round(x), round(y)
    if img.mode != "P":
        paste_face(img, face, x, y)
        return
    top, bottom, head, middle, foot, head_mask, foot_mask = _face_bands(_Same(face), under, over_card)
    paste_bands(img, x, y, face.size, (top, bottom), (head, middle, foot), (head_mask, foot_mask))
