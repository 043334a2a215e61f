"""The public table of a trick game, drawn to be read on a phone.

Discord shows an image about 270 px wide on a phone (389-500 px on a desktop). The table is
:data:`W` = 640 px wide and no text or card index is under :data:`MIN_TEXT` = 22 px: 9.3 px at
270 px (``tests/rendering/test_phone.py``), 17 px at 500 px. Hence the design: **text carries what
a player needs, the image carries the cards**. The scores, tricks won, contract,
bids, declarations and phase are in the message text, not here; the image keeps what identifies a
seat (its mark and whole name, cards left in hand, its role: taker, partner, declarer...) and the
cards: the trick with each card marked by its player's seat mark, the last trick, the public cards
(chien, called King, talon, turned card, shown declarations) and suit tiles.

The felt: seat plates round an oval (seat 0 at the bottom, then counter-clockwise on screen, the
direction of play of the French and Spanish games), the trick in the middle, the public cards in
the free corners ("cells") or, when a corner has no room for them, in a band under the oval. The
image's height follows the plates and the band. Reads only public keys of the view.

Drawn straight onto the fixed palette (:mod:`rendering.indexed`): the felt, header and
oval of each size mapped once and copied, plates, pills and marks filled by palette index, texts
and cards mapped on what lies under them; ``mode`` "RGB" draws the reference those pixels are
checked against (``tests/rendering/test_indexed_tables.py``).
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from PIL import Image, ImageDraw

from rendering import indexed
from rendering.canvas import (
    FELT,
    GOLDEN,
    HEADER,
    INK,
    MUTED,
    PANEL,
    PANEL_EDGE,
    RGB,
    SEAT_COLOURS,
    felt,
    fit_lines,
    number,
    text_width,
    wrap_whole,
)
from rendering.cards import PAPER, card_height, pip_image
from rendering.i18n import colon, tr
from rendering.indexed import paste_card, pill, text

if TYPE_CHECKING:
    from rendering.layouts.base import Layout

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


# -- seat marks and names ----------------------------------------------------------------------

def seat_marks(names: Sequence[str]) -> list[str]:
    """The mark of each seat on its plate and its cards: the names' initials when they differ,
    else the seat numbers 1..n."""
    initials = [(n.strip()[:1] or "?").upper() for n in names]
    return initials if len(set(initials)) == len(initials) else [str(i + 1) for i in range(len(names))]


def _mark(img: Image.Image, cx: float, cy: float, seat: int, mark: str) -> None:
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    ImageDraw.Draw(img).ellipse([cx - MARK_R, cy - MARK_R, cx + MARK_R, cy + MARK_R], fill=colour,
                                outline=MARK_EDGE, width=2)
    text(img, (cx, cy + 1), mark, MIN_TEXT, MARK_INK, colour, bold=True, anchor="mm")


def draw_mark(img: Image.Image, seat: int, mark: str, cx: float, cy: float) -> None:
    """A seat's mark: its letter in a disc of the seat's colour."""
    indexed.piece(img, (cx, cy), (-MARK_R - 1, -MARK_R - 1, MARK_R + 1, MARK_R + 1), _mark, seat, mark)


@functools.lru_cache(maxsize=512)
def name_lines(name: str, width: float) -> tuple[int, tuple[str, ...]]:
    """A name laid out whole: one line at 24 px or 22 px, else the fewest lines cut at spaces or
    after hyphens ("Marie-" "Christine"), up to three; else cut anywhere (:func:`fit_lines`)."""
    found = list(re.finditer(r"[^\s-]*-+|[^\s-]+", name))
    tokens = [m.group() for m in found]
    glued = [m.start() > 0 and not name[m.start() - 1].isspace() for m in found]  # after a hyphen
    for allowed in range(1, 4):
        for size in NAME_SIZES:
            lines: list[str] = []
            for token, join in zip(tokens, glued, strict=True):
                trial = (lines[-1] + ("" if join else " ") + token) if lines else token
                if lines and text_width(trial, size, True) <= width:
                    lines[-1] = trial
                elif text_width(token, size, True) <= width:
                    lines.append(token)
                else:
                    break
            else:
                if len(lines) <= allowed:
                    return size, tuple(lines)
    return fit_lines(name, width, NAME_SIZES, 3)


# -- geometry ----------------------------------------------------------------------------------

@dataclass
class Geometry:
    """Where the plates, the trick and the cells go for one seat count and set of plate heights."""

    seats: int
    height: int = 0  # of the felt's bottom (the band of public cards goes below)
    plates: list[Box] = field(default_factory=list)  # one per seat
    tags_below: list[bool] = field(default_factory=list)
    directions: list[tuple[float, float]] = field(default_factory=list)  # trick card offsets
    centre: tuple[float, float] = (W / 2, 300)
    cells: list[Box] = field(default_factory=list)  # the last trick's cell last


_SLOTS = {2: ("bottom", "top"), 3: ("bottom", "right", "left"), 4: ("bottom", "right", "top", "left"),
          5: ("bottom", "right", "top_right", "top_left", "left")}
_DIRECTIONS = {"bottom": (0.0, 1.0), "top": (0.0, -1.0), "left": (-1.0, 0.0), "right": (1.0, 0.0),
               "top_left": (-0.62, -1.0), "top_right": (0.62, -1.0)}
_TOPS = ("top", "top_left", "top_right")
# room kept above the trick for the first cell: a row of 64 px cards (3 seats: the chien), the
# last trick with its marks (5 seats, between the two upper plates)
TOP_CELL = {3: LINE + 96 + 8, 5: LINE + 96 + 2 * 16 + 4 + 8}


def plate_widths(seats: int) -> list[float]:
    """Each seat's plate width: wider at the top and bottom of the oval, where there is room."""
    slots = _SLOTS.get(seats)
    if slots is None:
        return [float(SIDE_W)] * seats
    wide = WIDE_W + (60 if seats == 2 else 0)  # Piquet's "Second · donneur" beside the hand count
    return [float(wide if name in ("top", "bottom") else SIDE_W) for name in slots]


def _card_reach(dx: float, dy: float, seats: int) -> tuple[float, float]:
    """Vertical extent (above, below the centre) of a trick card and its mark put in direction (dx, dy)."""
    ry = TRICK_RY if seats != 2 else 56
    ch = card_height(TRICK_W)
    y = ry * dy
    up, down = -y + ch / 2, y + ch / 2
    if dy < 0 and abs(dx) <= abs(dy):  # the mark sits above an upper card, below the others
        up += 2 * MARK_R + 4
    else:
        down += 2 * MARK_R + 4
    return up, down


@functools.lru_cache(maxsize=64)
def geometry(seats: int, heights: tuple[float, ...], extra: int = 0) -> Geometry:
    """The plates (``heights`` given per seat), trick centre and free cells for ``seats``: 2 to 5
    by hand-placed slots, any other count round the oval; ``extra`` px more above the trick (for
    the upper cells)."""
    slots = _SLOTS.get(seats)
    if slots is None:
        return _ring_geometry(seats, heights)
    g = Geometry(seats)
    widths = plate_widths(seats)
    for name in slots:
        dx, dy = _DIRECTIONS[name]
        five_side = seats == 5 and name in ("left", "right")
        g.directions.append((dx, 0.45) if five_side else (dx, dy))
    reach = [_card_reach(dx, dy, seats) for dx, dy in g.directions]
    up, down = max(r[0] for r in reach), max(r[1] for r in reach)
    top = HEAD + MARGIN
    tops = [h for name, h in zip(slots, heights, strict=True) if name in _TOPS]
    bottom_h = heights[0]
    above = top + max(tops) + TAG_H + 4 if tops else top + TOP_CELL.get(seats, 20)
    side_h = max((h for name, h in zip(slots, heights, strict=True) if name in ("left", "right")), default=0.0)
    cy = extra + max(above + up, top + TOP_CELL.get(seats, 0) + up,
                     top + (TOP_CELL[3] + 6 if seats == 3 else 0) + side_h / 2)
    low_y = cy + down + TAG_H + 4
    g.height = round(low_y + bottom_h + MARGIN)
    g.centre = (W / 2, cy)
    for name, w, h in zip(slots, widths, heights, strict=True):
        x = {"left": MARGIN, "top_left": MARGIN, "right": W - MARGIN - w, "top_right": W - MARGIN - w}.get(
            name, (W - w) / 2)
        y = {"top": top, "top_left": top, "top_right": top, "bottom": low_y}.get(name, cy - h / 2)
        g.plates.append((x, y, x + w, y + h))
        g.tags_below.append(name != "bottom")
    low = g.plates[0]
    sides = [g.plates[i] for i, n in enumerate(slots) if n in ("left", "right")]
    side_top = min((b[1] for b in sides), default=float(g.height)) - 6
    side_bottom = max((b[3] for b in sides), default=top) + 2 * TAG_H + 4
    left_x1, right_x0 = low[0] - MARGIN, low[2] + MARGIN
    end = g.height - MARGIN
    if seats == 2:
        g.cells = [(MARGIN, top, left_x1, end), (right_x0, top, W - MARGIN, end)]
    elif seats == 3:
        g.cells = [(MARGIN, top, W - MARGIN, side_top), (MARGIN, side_bottom, left_x1, end),
                   (right_x0, side_bottom, W - MARGIN, end)]
    elif seats == 4:
        high = g.plates[2]
        g.cells = [(MARGIN, top, high[0] - MARGIN, side_top), (high[2] + MARGIN, top, W - MARGIN, side_top),
                   (MARGIN, side_bottom, left_x1, end), (right_x0, side_bottom, W - MARGIN, end)]
    else:
        g.cells = [(g.plates[3][2] + MARGIN, top, g.plates[2][0] - MARGIN, cy - up - 4),
                   (MARGIN, side_bottom, left_x1, end), (right_x0, side_bottom, W - MARGIN, end)]
    return g


def _ring_geometry(seats: int, heights: tuple[float, ...]) -> Geometry:
    """Any other seat count: plates on a rounded rectangle round the oval, no cells."""
    g = Geometry(seats)
    rows = math.ceil(seats / 2) + 1
    tallest = max(heights, default=60.0) + TAG_H + 12
    g.height = round(HEAD + 12 + rows * tallest + card_height(TRICK_W))
    cx, cy = W / 2, (HEAD + g.height) / 2
    g.centre = (cx, cy)
    for seat, h in enumerate(heights):
        a = math.pi / 2 - seat * 2 * math.pi / seats
        u = math.copysign(abs(math.cos(a)) ** 0.5, math.cos(a))
        v = math.copysign(abs(math.sin(a)) ** 0.5, math.sin(a))
        x = cx + (W / 2 - SIDE_W / 2 - MARGIN) * u - SIDE_W / 2
        y = cy + ((g.height - HEAD) / 2 - h / 2 - MARGIN - TAG_H) * v - h / 2
        g.plates.append((x, y, x + SIDE_W, y + h))
        g.tags_below.append(v < 0.5)
        g.directions.append((math.cos(a), math.sin(a)))
    return g


# -- header ------------------------------------------------------------------------------------

def draw_header(img: Image.Image, layout: Layout, view: dict[str, Any], names: Sequence[str],
                locale: str, width: int = W) -> None:
    """Title and deal on the left; on the right who is to act (or "match over") when it fits
    whole (the seat to act also has its plate lit, and the message says it)."""
    title = layout.title(view, locale)
    deal = layout.deal_text(view, locale)
    left = f"{title} · {deal}" if deal and view.get("phase") != "over" else title
    if text_width(left, 26, True) > width - 36:
        left = title
    left_w = text(img, (14, HEAD / 2), left, 26, INK, HEADER, bold=True, anchor="lm", width=width - 28)
    to_act = view.get("to_act")
    if view.get("phase") == "over":
        right, colour = tr("over", locale), MUTED
    elif to_act is None:
        right, colour = layout.phase_text(view, locale), MUTED
    else:
        right, colour = tr("to_act", locale, name=names[to_act]), GOLDEN
    if right and left_w + 28 + text_width(right, MIN_TEXT, True) <= width - 14:
        text(img, (width - 14, HEAD / 2), right, MIN_TEXT, colour, HEADER, bold=True, anchor="rm")


# -- plates ------------------------------------------------------------------------------------

def _name_width(width: float) -> float:
    return width - 2 * MARK_R - 28


def plate_height(name: str, width: float) -> float:
    """A plate's height: its name's lines."""
    return 14 + max(1, len(name_lines(name, _name_width(width))[1])) * NAME_LINE


def _frame(img: Image.Image, x0: float, y0: float, w: float, h: float, lit: bool) -> None:
    ImageDraw.Draw(img).rounded_rectangle([x0, y0, x0 + w, y0 + h], radius=10, fill=LIT_PLATE if lit else PLATE,
                                          outline=GOLDEN if lit else PANEL_EDGE, width=4 if lit else 2)


def draw_plate(img: Image.Image, d: ImageDraw.ImageDraw, layout: Layout, view: dict[str, Any], seat: int,
               name: str, mark: str, locale: str, box: Box, tags_below: bool, *, badges: bool = True,
               reach: float = 0) -> None:
    """A seat's plate (its mark and whole name, lit for the seat to act) and, beside it, a row
    of tags: the cards left in its hand, then its badges (:meth:`Layout.table_badges`) as long as
    they fit in the plate's width (plus ``reach``), on a second row below a side plate."""
    x0, y0, x1, y1 = box
    lit = layout.highlight(view, seat)
    plate = LIT_PLATE if lit else PLATE
    indexed.piece(img, (x0, y0), (0, 0, x1 - x0, y1 - y0), _frame, x1 - x0, y1 - y0, lit)
    size, lines = name_lines(name, _name_width(x1 - x0))
    y = y0 + 7
    draw_mark(img, seat, mark, x0 + 8 + MARK_R, y + NAME_LINE / 2)
    for line in lines:
        text(img, (x0 + 2 * MARK_R + 16, y + NAME_LINE / 2), line, size, GOLDEN if lit else INK, plate,
             bold=True, anchor="lm")
        y += NAME_LINE
    if not badges:
        return
    rows = 2 if tags_below and (x1 - x0) < WIDE_W else 1
    by = y1 + TAG_H / 2 + 2 if tags_below else y0 - TAG_H / 2 - 2
    bx, row = x0, 0
    count = layout.hand_count(view, seat)
    if count:
        paste_card(img, None, "french", 20, bx + 2, by - 15, under=None)
        bx += 26 + text(img, (bx + 26, by), str(count), MIN_TEXT, INK, None, bold=True, anchor="lm") + 10
    for label, colour in layout.table_badges(view, seat, locale):
        w = text_width(label, MIN_TEXT, True) + MIN_TEXT
        if bx + w > x1 + reach:
            if row + 1 >= rows or x0 + w > x1 + reach:
                break
            row, bx, by = row + 1, x0, by + TAG_H
        bx += pill(img, bx, by, label, colour, size=MIN_TEXT) + 6


# -- cells and the band: card groups -----------------------------------------------------------

@dataclass
class Group:
    """Something drawn in a cell: a labelled row of cards (in several rows when a cell is
    narrow: ``per_row``) or suit tiles."""

    label: str = ""
    codes: list[str] = field(default_factory=list)
    marks: list[int] | None = None  # the seat that played each card (the last trick)
    tiles: list[tuple[str, str]] = field(default_factory=list)  # (label, suit)
    per_row: int = 0  # cards a row; 0: all in one row

    def rows(self) -> int:
        return -(-len(self.codes) // self.per_row) if self.per_row and self.codes else 1

    def height(self) -> float:
        if self.tiles:
            return 64 + LINE + 4
        pitch = card_height(SMALL_W) + (2 * MARK_R + 4 if self.marks else 0)
        return LINE + self.rows() * pitch + (self.rows() - 1) * 6

    def width(self, step: float | None = None) -> float:
        if self.tiles:
            return sum(tile_width(label) for label, _ in self.tiles) + (len(self.tiles) - 1) * 16
        step = SMALL_W + 6 if step is None else step
        label = text_width(self.label, LABEL, True)
        across = min(len(self.codes), self.per_row) if self.per_row else len(self.codes)
        return max(label, SMALL_W + step * (across - 1)) if self.codes else label


def tile_width(label: str) -> float:
    """A suit tile's width: the tile or its label below, whichever is wider."""
    return max(64.0, text_width(label, MIN_TEXT, True))


class Cells:
    """Groups placed into the free cells of the felt, each row left to right, rows top down."""

    def __init__(self, cells: Sequence[Box]) -> None:
        self.cells = list(cells)
        self.cursor = [(c[0], c[1], 0.0) for c in self.cells]  # x, y, row height

    def place(self, group: Group, order: Sequence[int]) -> tuple[float, float, float] | None:
        """(x, y, card step) for ``group`` in the first cell of ``order`` with room for it: at its
        natural size, else with its cards overlapped (index still visible), else in several rows
        (``group.per_row`` is then set); None when no cell has room."""
        for how in ("natural", "overlap", "rows"):
            for i in order:
                if i < len(self.cells):
                    spot = self._fit(i, group, how)
                    if spot is not None:
                        return spot
        group.per_row = 0
        return None

    def _fit(self, i: int, group: Group, how: str) -> tuple[float, float, float] | None:
        x0, _, x1, y1 = self.cells[i]
        x, y, row_h = self.cursor[i]
        for cx, cy in ((x, y), (x0, y + row_h + (8 if row_h else 0))):
            room = x1 - cx
            group.per_row = 0
            step = SMALL_W + 6.0
            if how != "natural" and len(group.codes) > 1 and group.width(step) > room:
                if how == "rows":  # as few rows as fit, the cards shared evenly between them
                    most = max(1, int((room - SMALL_W) // MIN_STEP) + 1)
                    group.per_row = -(-len(group.codes) // -(-len(group.codes) // most))
                across = min(len(group.codes), group.per_row or len(group.codes))
                step = min(step, max(float(MIN_STEP), (room - SMALL_W) / max(1, across - 1)))
            w, h = group.width(step), group.height()
            if w <= room + 0.5 and cy + h <= y1:
                same_row = cy == y
                self.cursor[i] = (cx + w + 24, cy, max(row_h, h) if same_row else h)
                return cx, cy, step
        return None


def band_rows(groups: Sequence[Group], width: float) -> list[list[tuple[Group, float]]]:
    """The groups no cell had room for, in rows of ``width`` px under the oval: (group, card step),
    a group wider than a row cut into several groups of the same label."""
    fitted: list[tuple[Group, float]] = []
    for g in groups:
        if g.tiles or g.width() <= width:
            fitted.append((g, SMALL_W + 6.0))
            continue
        per = max(1, int((width - SMALL_W) // MIN_STEP) + 1)
        step = max(float(MIN_STEP), min(SMALL_W + 6.0, (width - SMALL_W) / max(1, min(per, len(g.codes)) - 1)))
        for i in range(0, len(g.codes), per):
            marks = g.marks[i:i + per] if g.marks else None
            fitted.append((Group(g.label if i == 0 else "", g.codes[i:i + per], marks), step))
    rows: list[list[tuple[Group, float]]] = [[]]
    used = 0.0
    for g, step in fitted:
        w = g.width(step)
        if rows[-1] and used + 24 + w > width:
            rows.append([])
            used = 0.0
        used += (24 if rows[-1] else 0) + w
        rows[-1].append((g, step))
    return [r for r in rows if r]


def draw_group(img: Image.Image, d: ImageDraw.ImageDraw, group: Group, x: float, y: float, step: float,
               family: Any, locale: str, marks: Sequence[str]) -> None:
    if group.tiles:
        left = x
        for label, suit in group.tiles:
            w = tile_width(label)
            tx = left + (w - 64) / 2
            d.rounded_rectangle([tx, y, tx + 64, y + 64], radius=10, fill=indexed.fill(img, PAPER),
                                outline=indexed.fill(img, GOLDEN), width=2)
            pip = pip_image(suit, family, TILE_PIP)
            at = (round(tx + (64 - pip.width) / 2), round(y + (64 - pip.height) / 2))
            indexed.paste(img, pip, at, PAPER)
            text(img, (left + w / 2, y + 68), label, MIN_TEXT, MUTED, None, bold=True, anchor="mt")
            left += w + 16
        return
    if group.label:
        text(img, (x, y), group.label, LABEL, MUTED, None, bold=True, width=max(group.width(step), 120))
    y += LINE
    per = group.per_row or max(1, len(group.codes))
    pitch = card_height(SMALL_W) + (2 * MARK_R + 4 if group.marks else 0) + 6
    for i, code in enumerate(group.codes):
        paste_card(img, code or None, family, SMALL_W, x + (i % per) * step, y + (i // per) * pitch, locale,
                   compact=True, under=None)
    for i, seat in enumerate(group.marks or []):
        draw_mark(img, seat, marks[seat], x + (i % per) * step + min(step, SMALL_W) / 2,
                  y + (i // per) * pitch + card_height(SMALL_W) + MARK_R + 2)


# -- the trick and the centre -------------------------------------------------------------------

def trick_spot(g: Geometry, seat: int) -> tuple[float, float]:
    """Top-left corner of the card ``seat`` puts on the trick."""
    dx, dy = g.directions[seat]
    rx, ry = (TRICK_RX, TRICK_RY) if g.seats != 2 else (30, 56)
    cx, cy = g.centre
    return cx + rx * dx - TRICK_W / 2, cy + ry * dy - card_height(TRICK_W) / 2


def draw_trick(img: Image.Image, d: ImageDraw.ImageDraw, layout: Layout, view: dict[str, Any], g: Geometry,
               names: Sequence[str], marks: Sequence[str], locale: str) -> None:
    """The trick in progress, each card with its player's mark on the side facing that player;
    between tricks, the last trick with its winner outlined."""
    family = layout.pack(view)
    trick = view.get("trick") or []
    winner = None
    if not trick and isinstance(view.get("last_trick"), dict) and view.get("phase") != "over":
        last = view["last_trick"]
        trick, winner = last.get("cards") or [], last.get("winner")
    if not trick:
        shown = layout.centre(view, names, locale)
        if shown:
            draw_centre(img, d, shown, family, locale, g)
        return
    ch = card_height(TRICK_W)
    # upper cards first: a lower card then covers only the foot of the one above, never its index
    order = sorted(trick, key=lambda sc: trick_spot(g, int(sc[0]))[::-1])
    for seat, code in order:
        x, y = trick_spot(g, int(seat))
        if winner is not None and seat == winner:
            d.rounded_rectangle([x - 5, y - 5, x + TRICK_W + 5, y + ch + 5], radius=10,
                                fill=indexed.fill(img, GOLDEN))
        paste_card(img, code, family, TRICK_W, x, y, locale, compact=True, under=None)
    for seat, _ in order:
        x, y = trick_spot(g, int(seat))
        dx, dy = g.directions[int(seat)]
        # above an upper card, else below the card: the marks never reach the side plates
        mx, my = x + TRICK_W / 2, (y - MARK_R - 2 if dy < 0 and abs(dx) <= abs(dy) else y + ch + MARK_R + 2)
        if abs(dx) > abs(dy):  # a side card's mark under its outer half, clear of the card below
            mx = x + TRICK_W / 2 + (-1 if dx < 0 else 1) * (TRICK_W / 2 - MARK_R - 2)
        draw_mark(img, int(seat), marks[int(seat)], mx, my)


def draw_centre(img: Image.Image, d: ImageDraw.ImageDraw, shown: tuple[str, list[str]], family: Any,
                locale: str, g: Geometry) -> None:
    """A labelled fan of cards in the middle of the oval (a chien, a talon), face down or up."""
    label, codes = shown
    w = SMALL_W
    room = W - 2 * (MARGIN + SIDE_W) - 24  # between the side plates
    step = min(40.0, (room - w) / max(1, len(codes) - 1))
    cx, cy = g.centre
    total = w + step * (len(codes) - 1)
    x0, y0 = cx - total / 2, cy - card_height(w) / 2 + 14
    text(img, (cx, y0 - 6), label, LABEL, INK, None, bold=True, anchor="mb", width=room + 16)
    for i, code in enumerate(codes):
        paste_card(img, code or None, family, w, x0 + i * step, y0, locale, compact=True, under=None)


def final_ranking(layout: Layout, view: dict[str, Any], names: Sequence[str], locale: str) -> list[str]:
    """"1. Amélie : 640" lines, best first (lowest first for penalty points), ties sharing a place."""
    scores = list(view.get("scores") or [])
    sign = -1 if layout.higher_is_better else 1
    order = sorted(range(len(scores)), key=lambda s: (sign * scores[s], s))
    lines, place = [], 0
    for pos, seat in enumerate(order):
        if pos == 0 or scores[seat] != scores[order[pos - 1]]:
            place = pos + 1
        lines.append(f"{place}. {names[seat]}{colon(locale)}{number(scores[seat])}")
    return [tr("final", locale), *lines]


def ranking_height(layout: Layout, view: dict[str, Any], names: Sequence[str], locale: str, width: float) -> float:
    return 20 + len(_ranking_lines(layout, view, names, locale, width)) * 30


def _ranking_lines(layout: Layout, view: dict[str, Any], names: Sequence[str], locale: str,
                   width: float) -> list[tuple[str, bool]]:
    return [(part, i == 0) for i, line in enumerate(final_ranking(layout, view, names, locale))
            for part in wrap_whole(line, MIN_TEXT, width - 32, bold=True)]


RANKING_W = W - 2 * (MARGIN + SIDE_W) - 16  # the final standings, between the side plates


def draw_ranking(img: Image.Image, layout: Layout, view: dict[str, Any], names: Sequence[str], locale: str,
                 centre: tuple[float, float], width: float = RANKING_W) -> None:
    """The final standings in a panel over the middle of the table (long names wrapped)."""
    lines = _ranking_lines(layout, view, names, locale, width)
    h = 20 + len(lines) * 30
    x0, y0 = centre[0] - width / 2, centre[1] - h / 2
    ImageDraw.Draw(img).rounded_rectangle([x0, y0, x0 + width, y0 + h], radius=12, fill=indexed.fill(img, PANEL),
                                          outline=indexed.fill(img, GOLDEN), width=3)
    for i, (line, head) in enumerate(lines):
        text(img, (x0 + 16, y0 + 10 + i * 30), line, MIN_TEXT, GOLDEN if head else INK, PANEL, bold=True)


# -- the whole table ---------------------------------------------------------------------------

def card_groups(layout: Layout, view: dict[str, Any], names: Sequence[str], locale: str) -> list[Group]:
    groups = [Group(label, list(codes)) for label, codes in layout.card_rows(view, names, locale)]
    groups += [Group(tiles=[mark]) for mark in layout.suit_marks(view, locale)]  # one cell may take each
    return groups


def last_trick_group(view: dict[str, Any], locale: str) -> Group | None:
    last = view.get("last_trick")
    if view.get("trick") and isinstance(last, dict) and last.get("cards"):
        cards = last["cards"]
        return Group(tr("last_trick", locale), [c for _, c in cards], [int(s) for s, _ in cards])
    return None


GROW = (0, 16, 32, 48, 64)  # px added above the trick, in turn, until the cells hold every card group


def place_groups(g: Geometry, last: Group | None, groups: Sequence[Group]) -> tuple[
        list[tuple[Group, tuple[float, float, float]]], list[Group]]:
    """Where each group goes in ``g``'s cells (the last trick first, near its own corner), and
    the groups no cell has room for."""
    cells = Cells(g.cells)
    order = list(range(len(g.cells)))
    last_order = {3: [0, 2, 1], 5: order}.get(g.seats, [len(g.cells) - 1, *order[:-1]])
    placed: list[tuple[Group, tuple[float, float, float]]] = []
    left: list[Group] = []
    for group, where in ([(last, last_order)] if last else []) + [(grp, order) for grp in groups]:
        spot = cells.place(group, where)
        if spot is None:
            left.append(group)
        else:
            placed.append((group, spot))
    return placed, left


def table_plan(layout: Layout, view: dict[str, Any], names: Sequence[str], locale: str) -> tuple[
        Geometry, list[tuple[Group, tuple[float, float, float]]], list[Group]]:
    """The geometry of the table of ``view`` (grown a little above the trick, :data:`GROW`, rather
    than send cards to the band below the oval), the groups placed in its cells and those left
    for the band."""
    seats = int(view["seats"])
    heights = tuple(plate_height(n, w) for n, w in zip(names, plate_widths(seats), strict=True))
    over = view.get("phase") == "over"
    last = None if over else last_trick_group(view, locale)
    groups = [] if over else card_groups(layout, view, names, locale)
    for extra in GROW:
        g = geometry(seats, heights, extra)
        placed, left = place_groups(g, last, groups)
        if not left:
            return g, placed, left
    g = geometry(seats, heights)  # no growth is enough: the smallest felt, the rest in the band
    return g, *place_groups(g, last, groups)


def trick_table(layout: Layout, view: dict[str, Any], names: Sequence[str], locale: str,
                mode: Mode = "P") -> Image.Image:
    """The generic table: header, plates round the oval, the trick, the public cards in the
    cells or in a band under the oval; drawn on the palette (``mode`` "P", :mod:`rendering.indexed`)
    or in "RGB" (the reference those pixels are checked against)."""
    seats = int(view["seats"])
    over = view.get("phase") == "over"
    g, placed, left = table_plan(layout, view, names, locale)
    band = band_rows(left, W - 2 * MARGIN - 16)
    band_h = sum(max(grp.height() for grp, _ in row) + 10 for row in band) + (16 if band else 0)
    height = g.height
    if over:
        height = max(height, round(g.centre[1] + ranking_height(layout, view, names, locale, RANKING_W) / 2 + 8))
    img = background(W, height + round(band_h), height - HEAD, mode)
    d = ImageDraw.Draw(img)
    draw_header(img, layout, view, names, locale)
    marks = seat_marks(names)
    family = layout.pack(view)
    for seat in range(seats):
        draw_plate(img, d, layout, view, seat, names[seat], marks[seat], locale, g.plates[seat],
                   g.tags_below[seat], reach=24 if g.plates[seat][2] - g.plates[seat][0] >= WIDE_W else 0)
    if over:
        draw_ranking(img, layout, view, names, locale, g.centre)
        return img
    draw_trick(img, d, layout, view, g, names, marks, locale)
    for group, (x, y, step) in placed:
        draw_group(img, d, group, x, y, step, family, locale, marks)
    if band:
        y = float(height + 4)
        d.rounded_rectangle([MARGIN, y, W - MARGIN, img.height - MARGIN], radius=10,
                            fill=indexed.fill(img, PANEL), outline=indexed.fill(img, PANEL_EDGE), width=2)
        y += 8
        for row in band:
            x = float(MARGIN + 8)
            for group, step in row:
                draw_group(img, d, group, x, y, step, family, locale, marks)
                x += group.width(step) + 24
            y += max(grp.height() for grp, _ in row) + 10
    return img
