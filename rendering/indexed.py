"""Drawing straight onto the fixed palette: an image made of flat fills, text and cached
card faces needs no mapping of every pixel at the end.

:func:`rendering.canvas.encode` maps an RGB image onto the palette pixel by pixel (a third of an
image's drawing) after drawing it at four bytes a pixel. Here every piece is mapped once, when it
is first drawn, and cached: a fill is its palette index (Pillow's shapes are not antialiased: the
same pixels in either mode), a text its patch mapped on its background, a card face its opaque
middle and its rounded top and bottom mapped on the colour under its corners, a static background
(a table's felt and oval) mapped whole, a small opaque piece drawn again and again (a plate's frame,
a seat's mark, a pill: :func:`piece`) drawn once in RGB on a tile of its own and mapped; an image is
then one byte a pixel of copies.

The colour under a text or a face's top or bottom is given, or read off the image (``None``):
when that part of the image is one colour, it is that palette colour; when it is not (a label
across the oval's edge, a card on another), those few pixels are blended in RGB over the palette
colours under them and mapped back. The pixels are those of the RGB drawing mapped onto the
palette, but for a pixel partly covered by a text or a face's edge where the palette only
approximates the colour under it (another antialiased edge: the few pixels where two edges cross),
and where a hand's card corner lies on another card (:func:`paste_card` ``over_card``: there the
corner's antialiased edge is cut at half coverage instead of blended, a few pixels a card, under
a pixel on a phone). ``tests/rendering/test_indexed.py`` compares hands drawn both ways,
``tests/rendering/test_indexed_tables.py`` tables. The pieces are pasted with Pillow's own calls,
without :meth:`Image.paste`'s checks: a table is some fifty pieces.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from games.cards import Family
from rendering import palette
from rendering.canvas import (
    RGB,
    _bands,
    _note,
    _Same,
    _text_mask,
    card_face,
    fit,
    paste_bands,
    paste_face,
    record_text,
    text_width,
)
from rendering.canvas import text as rgb_text

ON_PALETTE = "tapis.palette"  # in the ``info`` of an image drawn here (rendering.canvas.encode)
Box = tuple[int, int, int, int]
Core = Any  # Pillow's ImagingCore (``Image.im``)
Bands = tuple[int, int, Image.Image, Image.Image, Image.Image, Image.Image, Image.Image]


@functools.lru_cache(maxsize=256)
def index(colour: RGB) -> int:
    """The palette entry ``colour`` maps to (the one :func:`rendering.canvas.encode` gives it)."""
    entry = Image.new("RGB", (1, 1), colour).quantize(palette=palette.fixed(), dither=Image.Dither.NONE).getpixel((0, 0))
    assert isinstance(entry, int)  # a palette image's pixel is its entry
    return entry


@functools.cache
def _colours() -> tuple[RGB, ...]:
    c = palette.colours()
    return tuple((c[i], c[i + 1], c[i + 2]) for i in range(0, len(c), 3))


def _mapped(img: Image.Image) -> Image.Image:
    if not img.width or not img.height:  # a face's empty band
        return Image.new("P", img.size)
    return img.quantize(palette=palette.fixed(), dither=Image.Dither.NONE)


def new(width: int, height: int, colour: RGB) -> Image.Image:
    """A "P" image on the fixed palette, filled with ``colour``."""
    img = Image.new("P", (width, height), index(colour))
    img.putpalette(palette.colours())
    img.load()  # the palette goes down to Pillow's core, where the blends read it
    img.info[ON_PALETTE] = True
    return img


def mapped(img: Image.Image) -> Image.Image:
    """An RGB image mapped onto the palette, as :func:`new` makes one (a static piece drawn once in
    RGB, cached and copied: a table's background)."""
    out = _mapped(img)
    out.info[ON_PALETTE] = True
    return out


def fill(img: Image.Image, colour: RGB) -> RGB | int:
    """What to give :class:`ImageDraw.ImageDraw` as a fill on ``img``: the colour, or its index."""
    return index(colour) if img.mode == "P" else colour


def _flat(core: Core, box: Box) -> RGB | None:
    """The colour of a "P" image's ``core`` over ``box`` (clipped to it) when it is all one."""
    x0, y0, x1, y1 = box
    w, h = core.size
    if x0 < 0 or y0 < 0 or x1 > w or y1 > h:
        x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
        if x0 >= x1 or y0 >= y1:
            return _colours()[0]  # nothing of it is drawn
    low, high = core.crop((x0, y0, x1, y1)).getextrema()
    return _colours()[low] if low == high else None


def _blend(core: Core, box: Box, source: Core | RGB, mask: Core, cover: Core) -> None:
    """Paste ``source`` through ``mask`` over ``box`` of a "P" image's ``core`` as in RGB, over
    the palette colours there, and map back the pixels ``cover`` marks (those it touches)."""
    region = core.crop(box).convert("RGB")
    region.paste(source, (0, 0, box[2] - box[0], box[3] - box[1]), mask)
    core.paste(region.convert("P", Image.Dither.NONE, palette.fixed().im), box, cover)


def _cover(mask: Image.Image) -> Image.Image:
    """The pixels an alpha or coverage ``mask`` touches at all, as a 0/255 mask."""
    return mask.point(lambda a: 255 if a else 0)


@functools.lru_cache(maxsize=4096)
def _glyphs(s: str, size: int, bold: bool, anchor: str) -> tuple[Core, Core, int, int, int, int]:
    """:func:`rendering.canvas._text_mask`'s coverage and the pixels it touches (cores), its
    offset from the anchor and its size."""
    mask, left, top, _advance = _text_mask(s, size, bold, anchor)
    return mask.im, _cover(mask).im, left, top, mask.width, mask.height


@functools.lru_cache(maxsize=4096)
def _text_patch(s: str, size: int, bold: bool, anchor: str, colour: RGB, background: RGB) -> Core:
    mask = _text_mask(s, size, bold, anchor)[0]
    patch = Image.new("RGB", mask.size, background)
    patch.paste(colour, (0, 0), mask)
    return _mapped(patch).im


def text(img: Image.Image, xy: tuple[float, float], s: str, size: int, colour: RGB, background: RGB | None, *,
         bold: bool = False, anchor: str = "la", width: float | None = None) -> float:
    """:func:`rendering.canvas.text` on a "P" image: on a flat ``background`` (what lies under the
    text; None: read off the image) its patch mapped once and copied where it covers, on anything
    else blended there. Returns its advance width."""
    if img.mode != "P":
        return rgb_text(ImageDraw.Draw(img), xy, s, size, colour, bold=bold, anchor=anchor, width=width)
    if width is not None:
        s = fit(s, size, width, bold)
    if not s:
        return 0.0
    _note(s, size)
    mask, cover, left, top, w, h = _glyphs(s, size, bold, anchor)
    x, y = round(xy[0]) + left, round(xy[1]) + top
    box, core = (x, y, x + w, y + h), img.im
    under = background or _flat(core, box)
    if under is None:
        _blend(core, box, colour, mask, cover)
    else:
        core.paste(_text_patch(s, size, bold, anchor, colour, under), box, cover)
    return _text_mask(s, size, bold, anchor)[3]


Piece = tuple[Core, Core, tuple[tuple[str, int], ...]]


@functools.lru_cache(maxsize=1024)
def _piece(draw: Callable[..., None], args: tuple[Any, ...], x: float, y: float, size: tuple[int, int]) -> Piece:
    """``draw(tile, x, y, *args)`` on an RGB tile of ``size``, mapped, the mask of the pixels it
    draws (those that come out the same drawn on black and on white) and the texts it writes."""
    black, white = Image.new("RGB", size), Image.new("RGB", size, (255, 255, 255))
    with record_text() as noted:
        draw(black, x, y, *args)
    with record_text():
        draw(white, x, y, *args)
    drawn = ImageChops.difference(black, white).convert("L").point(lambda v: 0 if v else 255)
    return _mapped(black).im, drawn.im, tuple(noted)


def piece(img: Image.Image, xy: tuple[float, float], extent: tuple[float, float, float, float],
          draw: Callable[..., None], *args: Any) -> None:
    """``draw(img, x, y, *args)``: an opaque piece at ``xy`` (Pillow's shapes and texts on their flat
    fills, within ``extent``: left, top, right and bottom from ``xy``). On a "P" image it is drawn
    once in RGB on a tile of its own, mapped and cached (by ``draw``, ``args`` and where ``xy`` falls
    between two even pixels: Python's rounding and Pillow's alike place it the same), then pasted
    where it drew."""
    x, y = xy
    if img.mode != "P":
        draw(img, x, y, *args)
        return
    left, top = 2 * math.floor((x + extent[0]) / 2), 2 * math.floor((y + extent[1]) / 2)
    w, h = math.ceil(x + extent[2]) + 1 - left, math.ceil(y + extent[3]) + 1 - top
    tile, drawn, noted = _piece(draw, args, x - left, y - top, (w, h))
    img.im.paste(tile, (left, top, left + w, top + h), drawn)
    for s, size in noted:  # for rendering.canvas.record_text
        _note(s, size)


def _pill(img: Image.Image, x: float, y: float, s: str, colour: RGB, size: int, ink: RGB) -> None:
    w = text_width(s, size, True) + size
    h = size + 8
    ImageDraw.Draw(img).rounded_rectangle([x, y - h / 2, x + w, y + h / 2], radius=h / 2, fill=colour)
    rgb_text(ImageDraw.Draw(img), (x + w / 2, y), s, size, ink, bold=True, anchor="mm")


def pill(img: Image.Image, x: float, y: float, s: str, colour: RGB, size: int = 15,
         ink: RGB = (20, 20, 20)) -> float:
    """A small rounded label with its left edge at ``x`` and vertical centre ``y``; returns its width."""
    w = text_width(s, size, True) + size
    piece(img, (x, y), (0, -(size + 8) / 2, w, (size + 8) / 2), _pill, s, colour, size, ink)
    return w


@functools.lru_cache(maxsize=512)
def _opaque(picture: _Same) -> Image.Image:
    return _mapped(picture.img.convert("RGB"))


def paste_opaque(img: Image.Image, picture: Image.Image, xy: tuple[int, int]) -> None:
    """Paste a cached opaque picture (never modified: mapped once per object on a "P" image)."""
    img.paste(_opaque(_Same(picture)) if img.mode == "P" else picture, xy)


# a face's size, the rows its top ends and its bottom starts at, its top and bottom (RGBA), its
# middle (mapped), the pixels its top and bottom cover at all (Images, then their cores)
Cut = tuple[int, int, int, int, Image.Image, Image.Image, Image.Image, Image.Image, Image.Image,
            tuple[Core, Core, Core, Core, Core]]


@functools.lru_cache(maxsize=4096)
def _cut(face: _Same) -> Cut:
    """A face cut into its rounded top and bottom and its opaque middle (:func:`rendering.canvas._bands`,
    the middle mapped once). A face that is not opaque in the middle is one band, its top."""
    img = face.img.convert("RGBA")
    w, h = img.size
    cut = _bands(face)
    top, bottom = (cut[0], cut[1]) if cut is not None else (h, h)
    head, foot = img.crop((0, 0, w, top)), img.crop((0, bottom, w, h))
    middle = _mapped(img.crop((0, top, w, bottom)).convert("RGB"))
    head_cover, foot_cover = _cover(head.getchannel("A")), _cover(foot.getchannel("A"))
    return (w, h, top, bottom, head, middle, foot, head_cover, foot_cover,
            (head.im, middle.im, foot.im, head_cover.im, foot_cover.im))


def _on(band: Image.Image, under: RGB) -> Image.Image:
    on = Image.new("RGB", band.size, under)
    on.paste(band, (0, 0), band)
    return _mapped(on)


@functools.lru_cache(maxsize=4096)  # a hand's faces, each on the felt, the lights and a card: 2,000 or so
def _face_bands(face: _Same, under: RGB, over_card: bool) -> Bands:
    """A face's top and bottom mapped on ``under`` (its middle mapped once, :func:`_cut`), with the
    masks of the top and the bottom (every pixel it covers at all; its left corners only where it
    covers half, when they lie on another card)."""
    _w, _h, top, bottom, head, middle, foot, head_mask, foot_mask, _cores = _cut(face)
    if over_card:
        head_mask, foot_mask = head_mask.copy(), foot_mask.copy()
        for band, mask in ((head, head_mask), (foot, foot_mask)):
            half = (0, 0, band.width // 2, band.height)
            mask.paste(band.getchannel("A").crop(half).point(lambda a: 255 if a >= 128 else 0), half[:2])
    return top, bottom, _on(head, under), middle, _on(foot, under), head_mask, foot_mask


def prepare(face: Image.Image, unders: tuple[tuple[RGB, bool], ...]) -> Image.Image:
    """Map a cached ``face`` for each ``(under, over_card)`` of :func:`paste_card` now rather than at
    its first paste (:func:`rendering.warm_faces`); returns the face."""
    for under, over_card in unders:
        _face_bands(_Same(face), under, over_card)
    return face


def paste(img: Image.Image, face: Image.Image, xy: tuple[int, int], under: RGB | None = None,
          over_card: bool = False) -> None:
    """Paste a cached RGBA ``face`` (a card, a pip; never modified) at ``xy``, its rounded top and
    bottom on the flat colour ``under``, or on what the image has there (None, see the module
    docstring); ``over_card``: see :func:`paste_card`."""
    x, y = xy
    if img.mode != "P":
        paste_face(img, face, x, y)
        return
    same = _Same(face)
    if under is not None:
        top, bottom, head, middle, foot, head_mask, foot_mask = _face_bands(same, under, over_card)
        paste_bands(img, x, y, face.size, (top, bottom), (head, middle, foot), (head_mask, foot_mask))
        return
    w, h, top, bottom, *_images, (head, middle, foot, head_cover, foot_cover) = _cut(same)
    core = img.im
    for band, cover, box, is_head in ((head, head_cover, (x, y, x + w, y + top), True),
                                      (foot, foot_cover, (x, y + bottom, x + w, y + h), False)):
        if box[1] == box[3]:
            continue
        flat = _flat(core, box)
        if flat is None:
            _blend(core, box, band, band, cover)
        else:
            bands = _face_bands(same, flat, False)
            core.paste((bands[2] if is_head else bands[4]).im, box, cover)
    if top < bottom:
        core.paste(middle, (x, y + top, x + w, y + bottom))


def paste_card(img: Image.Image, code: str | None, family: Family, width: int, x: float, y: float,
               locale: str = "fr", *, dim: bool = False, compact: bool = False, under: RGB | None,
               over_card: bool = False) -> None:
    """:func:`rendering.canvas.paste_card` with its rounded corners on the flat colour ``under``, or
    on what the image has there (None); ``over_card``: its left corners lie on another card (a
    hand's, see the module docstring)."""
    paste(img, card_face(code, family, width, locale, dim=dim, compact=compact), (round(x), round(y)), under,
          over_card)
