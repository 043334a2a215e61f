"""Card faces and backs drawn by code, cached per size.

:func:`card_image` draws French-suited cards (court letters in the table's language: R D C V in
French, K Q C J in English), Tarot trumps 1-21 with large numbers, the Excuse, jokers, and the
Spanish 40-card pack (oros, copas, espadas, bastos; sota, caballo, rey). Faces are drawn 3x
supersampled then reduced, and cached (immutable ``Image`` objects that callers only paste).
"""

from __future__ import annotations

import functools

from PIL import Image, ImageDraw

from games.cards import Card, Family, card
from rendering.assets import font
from rendering.pips import GOLD, TRUMP_INK, draw_figure, draw_jester, draw_pip, suit_colour

SS = 3  # supersampling factor
PAPER = (252, 250, 244)
TRUMP_PAPER = (250, 241, 214)
EDGE = (120, 120, 120)
_FR_COURT = {"J": "V", "C": "C", "Q": "D", "K": "R"}
_EN_COURT = {"J": "J", "C": "C", "Q": "Q", "K": "K"}
_SPANISH_FIGURE = {"S": "J", "C": "C", "R": "K"}

# pip centres in a unit box, for French 1-10 and Spanish 1-7
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((.5, .5),),
    2: ((.5, 0), (.5, 1)),
    3: ((.5, 0), (.5, .5), (.5, 1)),
    4: ((0, 0), (1, 0), (0, 1), (1, 1)),
    5: ((0, 0), (1, 0), (.5, .5), (0, 1), (1, 1)),
    6: ((0, 0), (1, 0), (0, .5), (1, .5), (0, 1), (1, 1)),
    7: ((0, 0), (1, 0), (.5, .25), (0, .5), (1, .5), (0, 1), (1, 1)),
    8: ((0, 0), (1, 0), (.5, .25), (0, .5), (1, .5), (.5, .75), (0, 1), (1, 1)),
    9: ((0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (.5, .5), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1)),
    10: ((0, 0), (1, 0), (.5, 1 / 6), (0, 1 / 3), (1, 1 / 3), (0, 2 / 3), (1, 2 / 3), (.5, 5 / 6), (0, 1),
         (1, 1)),
}


def card_height(width: int) -> int:
    """Cards are 2:3."""
    return round(width * 1.5)


def family_of(codes: list[str] | tuple[str, ...]) -> Family:
    """Guess the pack from codes: Spanish when a code ends in O, E or B or is a Spanish figure."""
    for code in codes:
        c = code.upper()
        if c[-1:] in ("O", "E", "B") or c[:1] in ("S", "R"):
            return "spanish"
    return "french"


def _label(c: Card, locale: str) -> str:
    if c.family == "spanish":
        return c.rank
    if c.is_trump:
        return str(c.value)
    if c.is_excuse or c.is_joker:
        return "★"
    courts = _FR_COURT if locale.lower().startswith("fr") else _EN_COURT
    return courts.get(c.rank, c.rank)


def _blank(w: int, h: int, paper: tuple[int, int, int]) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle([0, 0, w - 1, h - 1], radius=w * 0.08, fill=paper, outline=EDGE, width=SS)
    return img, d


INDEX = 0.24  # a full face's corner index, in card widths (0.2 for "10" and two-digit trumps)
INDEX_WIDE = 0.2
COMPACT_INDEX = 0.46  # a compact face's index (0.36 for two characters)
COMPACT_INDEX_WIDE = 0.36


def index_size(code: str, family: Family, width: int, compact: bool = False) -> int:
    """The font size, in pixels of the pasted face, of card ``code``'s corner index at ``width``
    (what the legibility tests read: the index is what stays visible of an overlapped card)."""
    c = card(code, family)
    wide = len(_label(c, "fr")) >= 2
    if compact:
        return round(width * (COMPACT_INDEX_WIDE if wide else COMPACT_INDEX))
    return round(width * (INDEX_WIDE if wide else INDEX))


def _corners(img: Image.Image, c: Card, text: str, w: int, h: int) -> None:
    """Rank and a small pip in the top-left corner, the same upside down bottom-right."""
    colour = suit_colour(c.suit, c.family)
    box = (round(w * 0.28), round(h * 0.32))
    layer = Image.new("RGBA", box, (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    size = round(w * (INDEX if len(text) < 2 else INDEX_WIDE))
    x, y = w * 0.14, h * 0.035
    d.text((x, y), text, font=font(size, bold=True), fill=colour, anchor="mt")
    if c.suit and not c.is_trump:
        draw_pip(d, c.suit, c.family, x, y + size * 1.45, w * 0.13)
    img.alpha_composite(layer, (0, 0))
    img.alpha_composite(layer.rotate(180), (w - box[0], h - box[1]))


def _pips(d: ImageDraw.ImageDraw, c: Card, w: int, h: int) -> None:
    n = c.value
    if n == 1:
        draw_pip(d, c.suit, c.family, w / 2, h / 2, w * 0.42)
        return
    x0, x1 = w * 0.34, w * 0.66
    y0, y1 = h * 0.2, h * 0.8
    size = w * (0.19 if n <= 8 else 0.17)
    if c.family == "spanish":
        size = w * (0.26 if n <= 3 else 0.22)
    for u, v in _PIPS[n]:
        draw_pip(d, c.suit, c.family, x0 + u * (x1 - x0), y0 + v * (y1 - y0), size)


def _court(d: ImageDraw.ImageDraw, c: Card, w: int, h: int) -> None:
    colour = suit_colour(c.suit, c.family)
    left, top, right, bottom = w * 0.25, h * 0.17, w * 0.75, h * 0.83
    tint = tuple(int(250 - (250 - v) * 0.12) for v in colour)
    d.rounded_rectangle([left, top, right, bottom], radius=w * 0.04, fill=tint, outline=colour, width=SS)
    rank = _SPANISH_FIGURE[c.rank] if c.family == "spanish" else c.rank
    side = right - left - w * 0.04
    draw_figure(d, rank, colour, left + w * 0.02, top + h * 0.04, side)
    draw_pip(d, c.suit, c.family, w / 2, bottom - h * 0.13, w * 0.2)


def _trump(d: ImageDraw.ImageDraw, c: Card, w: int, h: int) -> None:
    d.rounded_rectangle([w * 0.26, h * 0.1, w * 0.74, h * 0.9], radius=w * 0.05, outline=TRUMP_INK,
                        width=SS * 2)
    number = str(c.value)
    size = round(w * (0.3 if len(number) == 2 else 0.42))
    d.text((w / 2, h / 2), number, font=font(size, bold=True), fill=TRUMP_INK, anchor="mm")
    if c.value in (1, 21):  # a bout
        d.text((w / 2, h * 0.25), "★", font=font(round(w * 0.18)), fill=GOLD, anchor="mm")
        d.text((w / 2, h * 0.75), "★", font=font(round(w * 0.18)), fill=GOLD, anchor="mm")


def _special(d: ImageDraw.ImageDraw, c: Card, w: int, h: int, locale: str) -> None:
    if c.is_excuse:
        draw_jester(d, w * 0.2, h * 0.14, w * 0.6)
        d.text((w / 2, h * 0.78), "Excuse", font=font(round(w * 0.12), bold=True), fill=TRUMP_INK, anchor="mm")
        return
    d.text((w / 2, h * 0.45), "★", font=font(round(w * 0.55)), fill=GOLD, anchor="mm")
    d.text((w / 2, h * 0.45), "★", font=font(round(w * 0.3)), fill=(250, 250, 250), anchor="mm")
    d.text((w / 2, h * 0.76), "JOKER", font=font(round(w * 0.12), bold=True), fill=(190, 30, 40), anchor="mm")


def _compact(img: Image.Image, d: ImageDraw.ImageDraw, c: Card, text: str, w: int, h: int) -> None:
    """A face made to be read small (the table's chien, last trick, talon, combinations): a big rank
    and pip in the top-left corner, readable when the card is overlapped by the next one's left
    half, and a big pip bottom-right."""
    colour = suit_colour(c.suit, c.family) if c.suit else TRUMP_INK
    if c.is_joker:
        colour = (190, 30, 40)
    size = round(w * (COMPACT_INDEX if len(text) < 2 else COMPACT_INDEX_WIDE))
    d.text((w * 0.27, h * 0.03), text, font=font(size, bold=True), fill=colour, anchor="mt")
    pip_y = h * 0.03 + size * 1.62
    if c.is_trump or c.is_excuse or c.is_joker:
        mark = "★" if c.value in (1, 21) or c.is_excuse or c.is_joker else "◆"
        d.text((w * 0.66, h * 0.74), mark, font=font(round(w * 0.5)), fill=GOLD if mark == "★" else colour,
               anchor="mm")
        return
    draw_pip(d, c.suit, c.family, w * 0.27, pip_y, w * 0.34)
    draw_pip(d, c.suit, c.family, w * 0.66, h * 0.74, w * 0.48)


def face_locale(code: str, family: Family, locale: str) -> str:
    """The only part of ``locale`` a face shows: a French court's letter (R, D, C, V in French,
    K, Q, C, J otherwise); "" for every other card, whose face is the same in every language (one
    cached face for all: the image workers draw every face once as they start)."""
    c = card(code, family)
    if c.family == "french" and not (c.is_trump or c.is_excuse or c.is_joker) and c.rank in _FR_COURT:
        return "fr" if locale.lower().startswith("fr") else "en"
    return ""


def card_image(code: str, family: Family = "french", width: int = 90, locale: str = "fr",
               compact: bool = False) -> Image.Image:
    """The face of card ``code`` ``width`` pixels wide (RGBA, 2:3). Cached: never modify it.
    ``compact``: the face made to be read small (big index, see :func:`_compact`).

    :raises ValueError: when ``code`` is not a card of ``family``.
    """
    return _face(code, family, width, face_locale(code, family, locale), compact)


@functools.lru_cache(maxsize=4096)
def _face(code: str, family: Family, width: int, locale: str, compact: bool) -> Image.Image:
    c = card(code, family)
    w, h = width * SS, card_height(width) * SS
    paper = TRUMP_PAPER if c.is_trump or c.is_excuse else PAPER
    img, d = _blank(w, h, paper)
    if compact:
        _compact(img, d, c, _label(c, locale), w, h)
        return img.reduce(SS)
    if c.is_excuse or c.is_joker:
        _special(d, c, w, h, locale)
    elif c.is_trump:
        _trump(d, c, w, h)
    elif c.rank in (_SPANISH_FIGURE if c.family == "spanish" else _FR_COURT):
        _court(d, c, w, h)
    else:
        _pips(d, c, w, h)
    _corners(img, c, _label(c, locale), w, h)
    return img.reduce(SS)


WILD_PAPER = (250, 226, 150)


@functools.lru_cache(maxsize=512)
def wild_image(code: str, rep: str, width: int, locale: str = "fr") -> Image.Image:
    """A wild card (a 2 or a joker) laid in a combination, drawn as what it stands for: a compact
    face of ``rep`` (a card code, or a bare rank for a set) on gold paper, with the wild's own
    rank small in the bottom-right corner. Cached: never modify it."""
    w, h = width * SS, card_height(width) * SS
    img, d = _blank(w, h, WILD_PAPER)
    try:
        shown: Card | None = card(rep, "french")
    except ValueError:
        shown = None
    if shown is not None:
        _compact(img, d, shown, _label(shown, locale), w, h)
        d.rectangle([w * 0.4, h * 0.52, w * 0.95, h * 0.96], fill=WILD_PAPER)
    else:
        rank = _FR_COURT.get(rep, rep) if locale.lower().startswith("fr") else rep
        size = round(w * (0.46 if len(rank) < 2 else 0.36))
        d.text((w * 0.27, h * 0.03), rank, font=font(size, bold=True), fill=TRUMP_INK, anchor="mt")
    real = card(code, "french")
    mark = "★" if real.is_joker else _label(real, locale)
    d.text((w * 0.68, h * 0.76), mark, font=font(round(w * 0.34), bold=True), fill=(150, 104, 20), anchor="mm")
    return img.reduce(SS)


@functools.lru_cache(maxsize=64)
def back_image(width: int = 90) -> Image.Image:
    """The back of a card: a blue lattice inside a white border. Cached: never modify it."""
    w, h = width * SS, card_height(width) * SS
    img, d = _blank(w, h, (250, 250, 250))
    m = round(w * 0.07)
    inner = Image.new("RGBA", (w - 2 * m, h - 2 * m), (32, 56, 120, 255))
    di = ImageDraw.Draw(inner)
    step = max(4, w // 7)
    for k in range(-h, w + h, step):
        di.line([(k, 0), (k + h, h)], fill=(70, 104, 180), width=SS * 2)
        di.line([(k, 0), (k - h, h)], fill=(70, 104, 180), width=SS * 2)
    mask = Image.new("L", inner.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle([0, 0, inner.width - 1, inner.height - 1], radius=w * 0.05, fill=255)
    img.paste(inner, (m, m), mask)
    cx, cy, r = w / 2, h / 2, w * 0.16
    d.polygon([(cx, cy - r * 1.4), (cx + r, cy), (cx, cy + r * 1.4), (cx - r, cy)], fill=(236, 190, 70),
              outline=(250, 250, 250), width=SS * 2)
    return img.reduce(SS)


def dimmed(code: str, family: Family, width: int, locale: str) -> Image.Image:
    """A card face faded towards grey (a card that cannot be played now). Cached."""
    return _dimmed(code, family, width, face_locale(code, family, locale))


@functools.lru_cache(maxsize=512)
def _dimmed(code: str, family: Family, width: int, locale: str) -> Image.Image:
    face = _face(code, family, width, locale, False)
    grey = Image.new("RGBA", face.size, (120, 124, 128, 255))
    faded = Image.blend(face, grey, 0.5)
    faded.putalpha(face.getchannel("A"))
    return faded


def card_sheet(width: int = 64, compact: bool = False) -> Image.Image:
    """Every kind of face on one image (for the README): French, Tarot, Spanish, jokers, a back;
    ``compact``: the faces the table draws small."""
    rows = [["AS", "7H", "10D", "9C", "JC", "CH", "QS", "KD"],
            ["T1", "T7", "T15", "T21", "EX", "JK", "AH", "5S"],
            ["1O", "4C", "5E", "7B", "SO", "CC", "RE", "RB"]]
    families: list[Family] = ["french", "french", "spanish"]
    h = card_height(width)
    sheet = Image.new("RGB", (8 * (width + 8) + 8 + width + 8, 3 * (h + 8) + 8), (18, 70, 48))
    for r, (codes, fam) in enumerate(zip(rows, families, strict=True)):
        for i, code in enumerate(codes):
            face = card_image(code, fam, width, compact=compact)
            sheet.paste(face, (8 + i * (width + 8), 8 + r * (h + 8)), face)
    back = back_image(width)
    sheet.paste(back, (8 + 8 * (width + 8), 8), back)
    return sheet


@functools.lru_cache(maxsize=64)
def pip_image(suit: str, family: Family, size: int) -> Image.Image:
    """One suit pip ``size`` pixels high on a transparent square, drawn supersampled. Cached."""
    img = Image.new("RGBA", (size * SS, size * SS), (0, 0, 0, 0))
    draw_pip(ImageDraw.Draw(img), suit, family, size * SS / 2, size * SS / 2, size * SS * 0.9)
    return img.reduce(SS)
