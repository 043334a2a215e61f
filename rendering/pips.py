"""Suit pips and court figures drawn with Pillow primitives (no downloaded art).

Every function draws into an ``ImageDraw`` at any scale: ``cx, cy`` is the centre and ``size`` the
height of the symbol in pixels. Card faces are drawn supersampled, so plain polygons come out smooth.
"""

from __future__ import annotations

from PIL import ImageDraw

from rendering.assets import font

RGB = tuple[int, int, int]

FRENCH_GLYPHS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED: RGB = (200, 28, 42)
BLACK: RGB = (24, 24, 30)
GOLD: RGB = (222, 168, 28)
DARK_GOLD: RGB = (140, 96, 10)
CUP_RED: RGB = (190, 34, 44)
SWORD_BLUE: RGB = (36, 78, 168)
CLUB_GREEN: RGB = (46, 122, 58)
CLUB_BROWN: RGB = (120, 78, 34)
TRUMP_INK: RGB = (70, 44, 120)

SPANISH_COLOURS = {"O": DARK_GOLD, "C": CUP_RED, "E": SWORD_BLUE, "B": CLUB_GREEN}


def suit_colour(suit: str, family: str) -> RGB:
    """The ink of a suit: red or black for French suits, each Spanish suit its own colour."""
    if family == "spanish":
        return SPANISH_COLOURS.get(suit, BLACK)
    if suit in ("H", "D"):
        return RED
    if suit == "T" or suit == "":
        return TRUMP_INK
    return BLACK


def draw_pip(d: ImageDraw.ImageDraw, suit: str, family: str, cx: float, cy: float, size: float) -> None:
    """One pip of ``suit`` centred on ``(cx, cy)``, about ``size`` pixels high."""
    if family == "spanish":
        {"O": _oros, "C": _copas, "E": _espadas, "B": _bastos}[suit](d, cx, cy, size)
        return
    glyph = FRENCH_GLYPHS.get(suit, "★")
    d.text((cx, cy), glyph, font=font(max(4, round(size * 1.18))), fill=suit_colour(suit, family), anchor="mm")


def _oros(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float) -> None:
    """A gold coin: rim, inner ring and a four-petal rosette."""
    r = s / 2
    w = max(1, round(s * 0.05))
    d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=GOLD, outline=DARK_GOLD, width=w)
    r2 = r * 0.72
    d.ellipse([cx - r2, cy - r2, cx + r2, cy + r2], outline=DARK_GOLD, width=w)
    p = r * 0.34
    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        ox, oy = cx + dx * p * 0.9, cy + dy * p * 0.9
        d.ellipse([ox - p * 0.5, oy - p * 0.5, ox + p * 0.5, oy + p * 0.5], fill=CUP_RED)
    d.ellipse([cx - p * 0.45, cy - p * 0.45, cx + p * 0.45, cy + p * 0.45], fill=DARK_GOLD)


def _copas(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float) -> None:
    """A goblet: a red bowl with a gold rim, a stem with a knot and a broad foot."""
    w = s * 0.82
    top = cy - s / 2
    rim_h = s * 0.14
    bowl_bottom = top + s * 0.55
    outline = max(1, round(s * 0.04))
    d.chord([cx - w / 2, top - s * 0.35, cx + w / 2, bowl_bottom], 0, 180, fill=CUP_RED, outline=DARK_GOLD,
            width=outline)
    d.ellipse([cx - w / 2, top, cx + w / 2, top + rim_h], fill=GOLD, outline=DARK_GOLD, width=outline)
    sw = s * 0.1
    d.rectangle([cx - sw / 2, bowl_bottom - s * 0.02, cx + sw / 2, cy + s * 0.38], fill=GOLD, outline=DARK_GOLD)
    k = s * 0.09
    d.ellipse([cx - k, bowl_bottom + s * 0.08 - k, cx + k, bowl_bottom + s * 0.08 + k], fill=GOLD,
              outline=DARK_GOLD)
    fw = s * 0.6
    d.chord([cx - fw / 2, cy + s * 0.3, cx + fw / 2, cy + s * 0.7], 180, 360, fill=CUP_RED, outline=DARK_GOLD,
            width=outline)


def _espadas(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float) -> None:
    """A sword point up: steel blade with a blue fuller, gold guard, blue grip and pommel."""
    top, bottom = cy - s / 2, cy + s / 2
    bw = s * 0.17
    guard_y = cy + s * 0.18
    d.polygon([(cx, top), (cx + bw / 2, top + s * 0.12), (cx + bw / 2, guard_y), (cx - bw / 2, guard_y),
               (cx - bw / 2, top + s * 0.12)], fill=(205, 212, 222), outline=SWORD_BLUE)
    d.line([(cx, top + s * 0.1), (cx, guard_y)], fill=SWORD_BLUE, width=max(1, round(s * 0.03)))
    gw = s * 0.42
    d.rounded_rectangle([cx - gw / 2, guard_y, cx + gw / 2, guard_y + s * 0.07], radius=s * 0.03, fill=GOLD,
                        outline=DARK_GOLD)
    d.rectangle([cx - s * 0.05, guard_y + s * 0.07, cx + s * 0.05, bottom - s * 0.08], fill=SWORD_BLUE)
    p = s * 0.075
    d.ellipse([cx - p, bottom - p * 2, cx + p, bottom], fill=GOLD, outline=DARK_GOLD)


def _bastos(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float) -> None:
    """A knotty cudgel, thick end up, in green with brown knots."""
    top, bottom = cy - s / 2, cy + s / 2
    d.polygon([(cx - s * 0.21, top + s * 0.12), (cx + s * 0.21, top + s * 0.12), (cx + s * 0.1, bottom),
               (cx - s * 0.1, bottom)], fill=CLUB_GREEN, outline=(24, 72, 34))
    d.ellipse([cx - s * 0.21, top, cx + s * 0.21, top + s * 0.26], fill=CLUB_GREEN, outline=(24, 72, 34))
    k = s * 0.07
    for fx, fy in ((-0.16, 0.28), (0.15, 0.45), (-0.12, 0.62), (0.1, 0.8)):
        x, y = cx + fx * s, top + fy * s
        d.ellipse([x - k, y - k, x + k, y + k], fill=CLUB_BROWN)


def draw_figure(d: ImageDraw.ImageDraw, rank: str, colour: RGB, x0: float, y0: float, size: float) -> None:
    """A court figure in a ``size`` square at ``(x0, y0)``: a crowned king, a queen with her
    tiara, a knight's horse, a jack (sota) in his cap. ``rank`` is ``K``/``R``, ``Q``, ``C``, ``J``/``S``."""

    def p(u: float, v: float) -> tuple[float, float]:
        return (x0 + u * size, y0 + v * size)

    line = max(1, round(size * 0.02))
    ink = (40, 30, 30)
    if rank == "C":
        horse = [p(.62, .04), p(.72, .2), p(.86, .36), p(.9, .62), p(.88, .98), p(.42, .98), p(.5, .72),
                 p(.36, .64), p(.14, .62), p(.08, .52), p(.18, .38), p(.44, .22), p(.54, .1)]
        d.polygon(horse, fill=(150, 96, 52), outline=ink, width=line)
        d.polygon([p(.62, .04), p(.72, .2), p(.86, .36), p(.9, .62), p(.88, .98), p(.8, .98), p(.78, .6),
                   p(.7, .36), p(.6, .2)], fill=colour)
        e = size * 0.035
        ex, ey = p(.4, .34)
        d.ellipse([ex - e, ey - e, ex + e, ey + e], fill=ink)
        d.line([p(.2, .5), p(.5, .56), p(.58, .96)], fill=GOLD, width=line * 2)
        return
    skin = (242, 206, 168)
    if rank == "Q":
        d.ellipse([*p(.28, .3), *p(.72, .86)], fill=(110, 70, 40))
    d.polygon([p(.12, .98), p(.24, .7), p(.76, .7), p(.88, .98)], fill=colour, outline=ink, width=line)
    d.polygon([p(.4, .7), p(.5, .9), p(.6, .7)], fill=(250, 246, 236))
    d.ellipse([*p(.34, .36), *p(.66, .68)], fill=skin, outline=ink, width=line)
    if rank in ("K", "R"):
        d.polygon([p(.3, .4), p(.3, .16), p(.4, .28), p(.5, .08), p(.6, .28), p(.7, .16), p(.7, .4)],
                  fill=GOLD, outline=DARK_GOLD, width=line)
        for u, v in ((.3, .16), (.5, .08), (.7, .16)):
            r = size * 0.035
            cx, cy = p(u, v)
            d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=CUP_RED)
        d.polygon([p(.4, .6), p(.5, .72), p(.6, .6)], fill=(120, 90, 70))
    elif rank == "Q":
        d.polygon([p(.36, .38), p(.4, .26), p(.5, .2), p(.6, .26), p(.64, .38)], fill=GOLD, outline=DARK_GOLD,
                  width=line)
        r = size * 0.03
        cx, cy = p(.5, .27)
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=SWORD_BLUE)
    else:
        d.chord([*p(.26, .24), *p(.78, .5)], 180, 360, fill=colour, outline=ink, width=line)
        d.line([p(.7, .32), p(.86, .12)], fill=(230, 230, 230), width=line * 3)


def draw_jester(d: ImageDraw.ImageDraw, x0: float, y0: float, size: float) -> None:
    """The Excuse's fool: a face under a three-pointed cap with bells, a ruff below."""

    def p(u: float, v: float) -> tuple[float, float]:
        return (x0 + u * size, y0 + v * size)

    line = max(1, round(size * 0.02))
    ink = (40, 30, 30)
    d.polygon([p(.18, .98), p(.3, .74), p(.7, .74), p(.82, .98)], fill=TRUMP_INK, outline=ink, width=line)
    for i in range(5):  # the ruff
        cx, cy = p(.3 + i * .1, .74)
        r = size * 0.06
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(250, 246, 236), outline=ink, width=line)
    d.ellipse([*p(.34, .42), *p(.66, .74)], fill=(242, 206, 168), outline=ink, width=line)
    d.polygon([p(.32, .5), p(.12, .14), p(.42, .36), p(.5, .04), p(.58, .36), p(.88, .14), p(.68, .5)],
              fill=CUP_RED, outline=ink, width=line)
    d.polygon([p(.42, .36), p(.5, .04), p(.58, .36), p(.5, .5)], fill=GOLD, outline=ink, width=line)
    for u, v in ((.12, .14), (.5, .04), (.88, .14)):
        cx, cy = p(u, v)
        r = size * 0.045
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=GOLD, outline=DARK_GOLD, width=line)
    for u in (.44, .56):  # eyes
        cx, cy = p(u, .57)
        r = size * 0.02
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=ink)
    d.arc([*p(.42, .58), *p(.58, .68)], 20, 160, fill=ink, width=line)
