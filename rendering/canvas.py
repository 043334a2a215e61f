"""Drawing helpers shared by every image: background, text that fits, panels, cards, encoding."""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, cast

from PIL import Image, ImageDraw

from games.cards import Family
from rendering import palette, png
from rendering.assets import font
from rendering.cards import back_image, card_image, dimmed, index_size

RGB = tuple[int, int, int]
INK: RGB = (238, 240, 232)
MUTED: RGB = (176, 196, 186)
GOLDEN: RGB = (246, 196, 72)
PANEL: RGB = (22, 44, 36)
PANEL_EDGE: RGB = (64, 104, 86)
HEADER: RGB = (16, 30, 26)
FELT: RGB = (18, 76, 52)
PLUS: RGB = (120, 222, 140)
MINUS: RGB = (255, 128, 118)
# Marker and accent colours shared by the game layouts.
GOLD: RGB = (246, 196, 72)
SKY: RGB = (130, 200, 240)
SILVER: RGB = (200, 200, 210)
ROSE: RGB = (240, 150, 150)
PALE: RGB = (170, 180, 175)
VIOLET: RGB = (196, 160, 240)
GREEN: RGB = (140, 220, 150)
# Distinct colours of the seat marks (a letter or number in a disc on the plate and on the cards
# that seat played), readable with dark ink.
SEAT_COLOURS: tuple[RGB, ...] = ((120, 180, 250), (250, 140, 130), (130, 220, 140), (244, 208, 80),
                                 (200, 160, 250), (250, 170, 90), (90, 214, 200))


@functools.lru_cache(maxsize=16)
def _felt(width: int, height: int, top: RGB, bottom: RGB) -> Image.Image:
    img = Image.new("RGB", (width, height))
    d = ImageDraw.Draw(img)
    for y in range(height):
        t = y / max(1, height - 1)
        d.line([(0, y), (width, y)], fill=tuple(round(a + (b - a) * t) for a, b in zip(top, bottom, strict=True)))
    return img


def felt(width: int, height: int, top: RGB = FELT, bottom: RGB = FELT) -> Image.Image:
    """A fresh felt: plain by default (a new image of that colour: hands come in many sizes, so
    a cache of drawn felts missed and drew them line by line, a tenth of an image worker's time),
    or a vertical gradient (no noise texture)."""
    if top == bottom:
        return Image.new("RGB", (width, height), top)
    return _felt(width, height, top, bottom).copy()


def encode(img: Image.Image) -> bytes:
    """PNG bytes: mapped onto the fixed 256-colour palette (:mod:`rendering.palette`), then
    written by :mod:`rendering.png` (zlib-ng's deflate).

    A palette PNG encodes faster than RGB or WebP and is smaller; the images are flat colours, text
    and cards, which the fixed palette renders without visible loss (docs/decisions.md, « Palette
    PNG images »). A "P" image is taken as drawn on the fixed
    palette already (:mod:`rendering.indexed`: the hands)."""
    if img.mode == "P" and img.info.get("tapis.palette"):  # drawn on it already (rendering.indexed)
        return png.palette_png(img, palette.colours())
    if img.mode != "RGB":
        img = img.convert("RGB")
    return png.palette_png(img.quantize(palette=palette.fixed(), dither=Image.Dither.NONE), palette.colours())


_recording = threading.local()


@contextmanager
def record_text(cards: bool = False) -> Iterator[list[tuple[str, int]]]:
    """Collect ``(text, font size)`` of every :func:`text` and :func:`pill` drawn by this thread
    inside the block (the legibility tests check the smallest size against the image width);
    ``cards``: also each card face pasted by :func:`paste_card`, as ``("[code]", index size)``."""
    seen: list[tuple[str, int]] = []
    previous = getattr(_recording, "seen", None), getattr(_recording, "cards", False)
    _recording.seen, _recording.cards = seen, cards
    try:
        yield seen
    finally:
        _recording.seen, _recording.cards = previous


def _note(s: str, size: int) -> None:
    seen = getattr(_recording, "seen", None)
    if seen is not None and s:
        seen.append((s, size))


@functools.lru_cache(maxsize=8192)
def _bitmap(ch: str) -> bytes:
    img = Image.new("L", (48, 48), 0)
    ImageDraw.Draw(img).text((8, 8), ch, font=font(24, True), fill=255)
    return img.tobytes()


def has_glyph(ch: str) -> bool:
    """Whether the bundled font draws ``ch`` (not its empty-box "missing glyph")."""
    return ch.isspace() or _bitmap(ch) != _bitmap("\ue000")


def clean(text: str) -> str:
    """``text`` without the characters the bundled font cannot show (CJK, most emoji...), so a
    display name never turns into boxes; may return "" (the caller then uses "Seat n")."""
    return " ".join("".join(ch for ch in text if ch.isprintable() and has_glyph(ch)).split())


@functools.lru_cache(maxsize=8192)
def text_width(s: str, size: int, bold: bool = False) -> float:
    """The advance width of ``s`` in pixels (cached: labels and names repeat)."""
    return float(font(size, bold).getlength(s))


@functools.lru_cache(maxsize=4096)
def fit(text: str, size: int, width: float, bold: bool = False) -> str:
    """``text`` shortened with an ellipsis so it is at most ``width`` pixels wide."""
    f = font(size, bold)
    if f.getlength(text) <= width:
        return text
    while text and f.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


@functools.lru_cache(maxsize=4096)
def _text_mask(s: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int, float]:
    """The antialiased coverage of ``s`` (an "L" image), its offset from the anchor point and its
    advance width. Cached: labels and names repeat from one image to the next."""
    f = font(size, bold)
    left, top, right, bottom = (int(v) for v in f.getbbox(s, anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), s, font=f, fill=255, anchor=anchor)
    return mask, left, top, f.getlength(s)


def text(d: ImageDraw.ImageDraw, xy: tuple[float, float], s: str, size: int, fill: RGB = INK, *,
         bold: bool = False, anchor: str = "la", width: float | None = None) -> float:
    """Draw ``s`` (shortened to ``width`` when given); returns its drawn width."""
    if width is not None:
        s = fit(s, size, width, bold)
    if not s:
        return 0.0
    _note(s, size)
    mask, left, top, advance = _text_mask(s, size, bold, anchor)
    target = getattr(d, "_image", None)
    if isinstance(target, Image.Image) and target.mode == "RGB":
        target.paste(fill, (round(xy[0]) + left, round(xy[1]) + top), mask)
    else:
        d.text(xy, s, font=font(size, bold), fill=fill, anchor=anchor)
    return advance


@functools.lru_cache(maxsize=2048)
def _wrap(s: str, size: int, width: float, bold: bool) -> tuple[str, ...]:
    return tuple(_wrap_lines(s, size, width, bold))


def wrap(s: str, size: int, width: float, bold: bool = False) -> list[str]:
    """``s`` split into lines at most ``width`` pixels wide (word wrap, cached)."""
    return list(_wrap(s, size, width, bold))


def _wrap_lines(s: str, size: int, width: float, bold: bool = False) -> list[str]:
    f = font(size, bold)
    lines: list[str] = []
    line = ""
    for word in s.split():
        trial = f"{line} {word}".strip()
        if line and f.getlength(trial) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return [fit(x, size, width, bold) for x in lines]


def break_word(word: str, size: int, width: float, bold: bool) -> list[str]:
    """A word too wide for ``width`` cut into pieces that fit (no ellipsis: nothing is lost)."""
    f = font(size, bold)
    pieces, piece = [], ""
    for ch in word:
        if piece and f.getlength(piece + ch) > width:
            pieces.append(piece)
            piece = ch
        else:
            piece += ch
    return [*pieces, piece] if piece else pieces


@functools.lru_cache(maxsize=1024)
def fit_lines(s: str, width: float, sizes: tuple[int, ...], max_lines: int,
              bold: bool = True) -> tuple[int, tuple[str, ...]]:
    """``s`` laid out whole in at most ``max_lines`` lines of at most ``width`` pixels: the largest
    of ``sizes`` on one line, else on the fewest lines (word wrap, a long word cut), else the
    smallest size on as many lines as it takes. Returns (size, lines)."""
    for allowed in range(1, max_lines + 1):
        for size in sizes:
            lines = wrap_whole(s, size, width, bold)
            if len(lines) <= allowed:
                return size, lines
    return sizes[-1], wrap_whole(s, sizes[-1], width, bold)


@functools.lru_cache(maxsize=4096)
def wrap_whole(s: str, size: int, width: float, bold: bool = False) -> tuple[str, ...]:
    """Word wrap like :func:`wrap`, but a word wider than a line is cut, never shortened (cached:
    the table's status lines repeat from one image to the next)."""
    f = font(size, bold)
    lines: list[str] = []
    line = ""
    for word in s.split():
        trial = f"{line} {word}".strip()
        if f.getlength(trial) <= width:
            line = trial
            continue
        if line:
            lines.append(line)
        if f.getlength(word) <= width:
            line = word
        else:
            *full, line = break_word(word, size, width, bold)
            lines.extend(full)
    if line:
        lines.append(line)
    return tuple(lines) or ("",)


def paste_card(img: Image.Image, code: str | None, family: Family, width: int, x: float, y: float,
               locale: str = "fr", *, dim: bool = False, compact: bool = False) -> None:
    """Paste a card (its back when ``code`` is None) with its top-left corner at ``(x, y)``;
    ``compact``: the face made to be read small."""
    paste_face(img, card_face(code, family, width, locale, dim=dim, compact=compact), round(x), round(y))


def card_face(code: str | None, family: Family, width: int, locale: str = "fr", *, dim: bool = False,
              compact: bool = False) -> Image.Image:
    """The cached face :func:`paste_card` pastes (noted for :func:`record_text` with ``cards``)."""
    if code is not None and getattr(_recording, "cards", False):
        _note(f"[{code}]", index_size(code, family, width, compact and not dim))
    if code is None:
        return back_image(width)
    if dim:
        return dimmed(code, family, width, locale)
    return card_image(code, family, width, locale, compact)


class _Same:
    """An image hashed by identity (card faces are cached objects, never modified)."""

    __slots__ = ("img",)

    def __init__(self, img: Image.Image) -> None:
        self.img = img

    def __hash__(self) -> int:
        return id(self.img)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Same) and other.img is self.img


def _least(band: Image.Image) -> int:
    """The least value of a one-band image (its extrema are a pair of ints)."""
    return cast("tuple[int, int]", band.getextrema())[0]


@functools.lru_cache(maxsize=4096)
def _bands(face: _Same) -> tuple[int, int, Image.Image, Image.Image, Image.Image] | None:
    """A card face cut into its rounded top, its opaque middle (RGB) and its rounded bottom, or
    ``None`` when the middle is not wholly opaque."""
    img = face.img
    if img.mode != "RGBA":
        return None
    alpha = img.getchannel("A")
    w, h = img.size
    top, bottom = 0, h
    while top < h and _least(alpha.crop((0, top, w, top + 1))) < 255:
        top += 1
    while bottom > top and _least(alpha.crop((0, bottom - 1, w, bottom))) < 255:
        bottom -= 1
    if bottom - top < h // 2 or _least(alpha.crop((0, top, w, bottom))) < 255:
        return None
    return top, bottom, img.crop((0, 0, w, top)), img.crop((0, top, w, bottom)).convert("RGB"), \
        img.crop((0, bottom, w, h))


def prepare_face(face: Image.Image) -> Image.Image:
    """Cut a cached face into the bands :func:`paste_face` copies, now rather than at its first
    paste (:func:`rendering.warm_faces`); returns the face."""
    _bands(_Same(face))
    return face


def paste_face(img: Image.Image, face: Image.Image, x: int, y: int) -> None:
    """Paste a cached card face (RGBA, rounded corners) at ``(x, y)``: the same pixels as pasting
    it through its own alpha, five times faster: only the rounded top and bottom rows are
    blended, the opaque middle is copied (card pastes were a sixth of a hand's CPU).
    Pasted past the image's edge, a card is clipped as :meth:`Image.paste` clips it."""
    bands = _bands(_Same(face)) if img.mode == "RGB" else None
    if bands is None:
        img.paste(face, (x, y), face)
        return
    top, bottom, head, middle, foot = bands
    paste_bands(img, x, y, face.size, (top, bottom), (head, middle, foot), (head, foot))


def paste_bands(img: Image.Image, x: int, y: int, size: tuple[int, int], cuts: tuple[int, int],
                bands: tuple[Image.Image, Image.Image, Image.Image], masks: tuple[Image.Image, Image.Image]) -> None:
    """Paste a face cut at rows ``cuts`` into its top, middle and bottom ``bands`` (the middle
    copied, the others through their ``masks``) with Pillow's own pastes, without
    :meth:`Image.paste`'s checks (about a third of a hand's drawing, 97 pastes for 24
    cards); the bands are cached, loaded, and in ``img``'s mode."""
    (w, h), (top, bottom), (head, middle, foot) = size, cuts, bands
    core = img.im
    img.load()
    core.paste(middle.im, (x, y + top, x + w, y + bottom))
    if top:
        core.paste(head.im, (x, y, x + w, y + top), masks[0].im)
    if bottom < h:
        core.paste(foot.im, (x, y + bottom, x + w, y + h), masks[1].im)


def seat_names(names: Sequence[str] | Mapping[int, str] | None, seats: int, locale: str) -> list[str]:
    """Display names per seat: the bot's names (cleaned) or "Place 1", "Seat 2"..."""
    from rendering.i18n import tr

    if isinstance(names, str):  # a locale passed where names were expected: ignore it
        names = None
    out = []
    for s in range(seats):
        name: Any = None
        if isinstance(names, Mapping):
            name = names.get(s)
        elif names is not None and s < len(names):
            name = names[s]
        name = clean(str(name)) if name is not None else ""
        out.append(name or tr("seat", locale, n=s + 1))
    return out


MINUS_SIGN = "\u2212"  # the typographic minus of every negative number drawn or described


def signed(n: float) -> str:
    """``+12`` / ``−3`` / ``0`` (integers without decimals, a true minus sign)."""
    v = int(n) if float(n).is_integer() else round(float(n), 1)
    return f"+{v}" if v > 0 else number(v)


def number(n: Any) -> str:
    """``12``, ``45.5``, ``−3`` (a true minus sign); anything else as it is."""
    if isinstance(n, float) and n.is_integer():
        n = int(n)
    if isinstance(n, int | float) and not isinstance(n, bool) and n < 0:
        return MINUS_SIGN + str(-n)
    return str(n)
