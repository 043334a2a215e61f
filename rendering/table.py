"""The public table of a trick game, drawn to be read at Discord's display size.

Discord shows the table about 500 px wide on a desktop and 360 px on a phone; the image is 1000 px
wide, so every length here is halved on a desktop. Hence: no text under :data:`MIN_TEXT` px
(11 px at 500 px display width, checked by the tests), seat names drawn whole (smaller, or on two
or three lines), small cards with big corner indices (``compact`` faces), and no side panel.

The felt carries everything: the seats' plates round an oval (seat 0 at the bottom, then
counter-clockwise on screen, the direction of play of the French and Spanish games), the trick
in the middle with each card marked by its player's seat mark (the disc on the plates), and the
free corners of the felt ("cells", which depend on the seat count) hold the phase and contract
lines, the public cards (chien, called King, last trick, talon, turned card, declarations) and suit
tiles. Reads only public keys of the view.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from PIL import Image, ImageDraw

from rendering.canvas import (
    GOLDEN,
    HEADER,
    INK,
    MUTED,
    PANEL,
    PANEL_EDGE,
    SEAT_COLOURS,
    felt,
    fit_lines,
    number,
    paste_card,
    pill,
    text,
    text_width,
    wrap_whole,
)
from rendering.cards import PAPER, card_height, pip_image
from rendering.i18n import colon, tr

if TYPE_CHECKING:
    from rendering.layouts.base import Layout

W, H = 1000, 720
DISPLAY_W = 500  # Discord's display width on a desktop
MIN_TEXT = 22  # smallest font size: MIN_TEXT * DISPLAY_W / W = 11 px on screen
HEAD = 64
MARGIN = 12
PLATE_W = 300
NAME_SIZES = (26, 24, 22)
TRICK_W = 104
SMALL_W = 64  # the cells' cards (compact faces)
MIN_STEP = 34  # overlapped compact cards keep their index (rank and pip) visible
LABEL = 22
TAG_H = 36  # the row of badges beside a plate
MARK_R = 17  # seat mark disc radius
LINE = 29  # text line pitch in the cells

Box = tuple[float, float, float, float]


@functools.lru_cache(maxsize=4)
def _background(width: int, height: int) -> Image.Image:
    """Felt, header band and the table's oval, drawn once per size."""
    img = felt(width, height)
    ss = 2
    big = Image.new("RGBA", (width * ss, (height - HEAD) * ss), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    m = 8 * ss
    d.ellipse([m, m, width * ss - m, (height - HEAD) * ss - m], fill=(30, 112, 74, 255),
              outline=(110, 78, 40, 255), width=10 * ss)
    small = big.reduce(ss)
    img.paste(small, (0, HEAD), small)
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, width, HEAD], fill=HEADER)
    d.line([(0, HEAD), (width, HEAD)], fill=PANEL_EDGE, width=2)
    return img


# -- seat marks and names ----------------------------------------------------------------------

def seat_marks(names: Sequence[str]) -> list[str]:
    """The mark of each seat on its plate and its cards: the names' initials when they differ,
    else the seat numbers 1..n."""
    initials = [(n.strip()[:1] or "?").upper() for n in names]
    return initials if len(set(initials)) == len(initials) else [str(i + 1) for i in range(len(names))]


def draw_mark(d: ImageDraw.ImageDraw, seat: int, mark: str, cx: float, cy: float) -> None:
    """A seat's mark: its letter in a disc of the seat's colour."""
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    d.ellipse([cx - MARK_R, cy - MARK_R, cx + MARK_R, cy + MARK_R], fill=colour, outline=(20, 30, 26), width=2)
    text(d, (cx, cy + 1), mark, MIN_TEXT, (16, 20, 18), bold=True, anchor="mm")


def name_lines(name: str, width: float) -> tuple[int, tuple[str, ...]]:
    """A name laid out whole: one line at 26 px down to 22 px, else two or three lines."""
    return fit_lines(name, width, NAME_SIZES, 3)


# -- geometry ----------------------------------------------------------------------------------

@dataclass
class Geometry:
    """Where the plates, the trick and the cells go for one seat count and set of plate heights."""

    seats: int
    plates: list[Box] = field(default_factory=list)  # one per seat
    tags_below: list[bool] = field(default_factory=list)
    directions: list[tuple[float, float]] = field(default_factory=list)  # trick card offsets
    centre: tuple[float, float] = (W / 2, (HEAD + H) / 2)
    cells: list[Box] = field(default_factory=list)  # info first, last trick last
    trick_ry: float = 88  # vertical offset of the top and bottom seats' trick cards


_SLOTS = {2: ("bottom", "top"), 3: ("bottom", "right", "left"), 4: ("bottom", "right", "top", "left"),
          5: ("bottom", "right", "top_right", "top_left", "left")}
_DIRECTIONS = {"bottom": (0.0, 1.0), "top": (0.0, -1.0), "left": (-1.0, 0.0), "right": (1.0, 0.0),
               "top_left": (-0.62, -1.0), "top_right": (0.62, -1.0)}
WIDE_W = 380  # plates at the top and bottom of the oval


def plate_widths(seats: int) -> list[float]:
    """Each seat's plate width: wider at the top and bottom of the oval, where there is room."""
    slots = _SLOTS.get(seats)
    if slots is None:
        return [float(PLATE_W)] * seats
    wide = WIDE_W + (20 if seats == 2 else 0)  # Piquet's longer detail line
    return [float(wide if name in ("top", "bottom") else PLATE_W) for name in slots]


def _slot(name: str, w: float, h: float, mid: float) -> Box:
    top, bottom = HEAD + MARGIN, H - MARGIN - h
    x = {"left": MARGIN, "top_left": MARGIN, "right": W - MARGIN - w, "top_right": W - MARGIN - w,
         "top": (W - w) / 2, "bottom": (W - w) / 2}[name]
    y = {"top": top, "top_left": top, "top_right": top, "bottom": bottom}.get(name, mid - h / 2)
    return x, y, x + w, y + h


@functools.lru_cache(maxsize=64)
def geometry(seats: int, heights: tuple[float, ...]) -> Geometry:
    """The plates (``heights`` given per seat), trick centre and free cells for ``seats``: 2 to 5
    by hand-placed slots, any other count round the oval."""
    slots = _SLOTS.get(seats)
    if slots is None:
        return _ring_geometry(seats, heights)
    g = Geometry(seats)
    widths = plate_widths(seats)
    felt_mid = (HEAD + H) / 2
    side_mid = felt_mid + (46 if seats == 5 else 0)
    for name, w, h in zip(slots, widths, heights, strict=True):
        g.plates.append(_slot(name, w, h, side_mid))
        g.tags_below.append(name != "bottom")
        dx, dy = _DIRECTIONS[name]
        g.directions.append((dx, 0.45 if seats == 5 and name in ("left", "right") else dy))
    top, bottom = HEAD + MARGIN, H - MARGIN
    low = g.plates[0]
    left_x1, right_x0 = low[0] - MARGIN, low[2] + MARGIN
    sides = [g.plates[i] for i, n in enumerate(slots) if n in ("left", "right")]
    side_top = min((b[1] for b in sides), default=bottom) - 10
    side_bottom = max((b[3] for b in sides), default=top) + TAG_H + 8
    if seats == 2:
        g.cells = [(MARGIN, top, left_x1, bottom), (right_x0, top, W - MARGIN, bottom)]
    elif seats == 3:
        g.centre = (W / 2, felt_mid - 10)
        g.cells = [(MARGIN, top, W - MARGIN, side_top), (MARGIN, side_bottom, left_x1, bottom),
                   (right_x0, side_bottom, W - MARGIN, bottom)]
    elif seats == 4:
        high = g.plates[2]
        upper, lower = high[3] + TAG_H, low[1] - TAG_H
        g.centre = (W / 2, (upper + lower) / 2)
        room = lower - upper - 2 * (MARK_R + 6)
        g.trick_ry = max(36.0, min(88.0, (room - card_height(TRICK_W)) / 2))
        g.cells = [(MARGIN, top, high[0] - MARGIN, side_top), (high[2] + MARGIN, top, W - MARGIN, side_top),
                   (MARGIN, side_bottom, left_x1, bottom), (right_x0, side_bottom, W - MARGIN, bottom)]
    else:
        g.centre = (W / 2, felt_mid + 40)
        g.cells = [(g.plates[3][2] + MARGIN, top, g.plates[2][0] - MARGIN, g.centre[1] - 150),
                   (MARGIN, side_bottom, left_x1, bottom), (right_x0, side_bottom, W - MARGIN, bottom)]
    return g


def _ring_geometry(seats: int, heights: tuple[float, ...]) -> Geometry:
    """Any other seat count: plates on a rounded rectangle round the oval, no cells."""
    import math

    g = Geometry(seats)
    cx, cy = W / 2, (HEAD + H) / 2
    for seat, h in enumerate(heights):
        a = math.pi / 2 - seat * 2 * math.pi / seats
        u = math.copysign(abs(math.cos(a)) ** 0.5, math.cos(a))
        v = math.copysign(abs(math.sin(a)) ** 0.5, math.sin(a))
        x = cx + (W / 2 - PLATE_W / 2 - MARGIN) * u - PLATE_W / 2
        y = cy + ((H - HEAD) / 2 - h / 2 - MARGIN - TAG_H) * v - h / 2
        g.plates.append((x, y, x + PLATE_W, y + h))
        g.tags_below.append(v < 0.5)
        g.directions.append((math.cos(a), math.sin(a)))
    return g


# -- header ------------------------------------------------------------------------------------

def draw_header(d: ImageDraw.ImageDraw, layout: Layout, view: dict[str, Any], names: Sequence[str],
                locale: str, width: int = W) -> None:
    """Title and deal on the left, who is to act (or "match over") on the right."""
    title = layout.title(view, locale)
    deal = layout.deal_text(view, locale)
    left = f"{title} · {deal}" if deal and view.get("phase") != "over" else title
    to_act = view.get("to_act")
    if view.get("phase") == "over" or to_act is None:
        right = tr("over", locale) if view.get("phase") == "over" else layout.phase_text(view, locale)
        colour = MUTED
    else:
        right, colour = tr("to_act", locale, name=names[to_act]), GOLDEN
    right_w = text_width(right, 26, True)
    left_w = min(text_width(left, 30, True), width * 0.5)
    room = width - 3 * 18 - left_w
    size = 26 if right_w <= room else 24 if text_width(right, 24, True) <= room else MIN_TEXT
    text(d, (18, HEAD / 2), left, 30, INK, bold=True, anchor="lm", width=width * 0.5)
    text(d, (width - 18, HEAD / 2), right, size, colour, bold=True, anchor="rm", width=room)


# -- plates ------------------------------------------------------------------------------------

def plate_height(name: str, width: float) -> float:
    """A plate's height: its name's lines, then the detail line."""
    return 12 + len(name_lines(name, _name_width(width))[1]) * 30 + 34


def _name_width(width: float) -> float:
    return width - 2 * MARK_R - 30


def draw_plate(img: Image.Image, d: ImageDraw.ImageDraw, layout: Layout, view: dict[str, Any], seat: int,
               name: str, mark: str, locale: str, box: Box, tags_below: bool, *, badges: bool = True) -> None:
    """A seat's plate: its mark and whole name, the detail line with the cards left in hand, and
    its badges (contract, bid, dealer...) in a row beside the plate."""
    x0, y0, x1, y1 = box
    lit = layout.highlight(view, seat)
    d.rounded_rectangle([x0, y0, x1, y1], radius=12, fill=(44, 70, 60) if lit else (20, 34, 30),
                        outline=GOLDEN if lit else PANEL_EDGE, width=4 if lit else 2)
    size, lines = name_lines(name, _name_width(x1 - x0))
    draw_mark(d, seat, mark, x0 + 10 + MARK_R, y0 + 8 + 15)
    y = y0 + 8
    for line in lines:
        text(d, (x0 + 2 * MARK_R + 20, y + 15), line, size, GOLDEN if lit else INK, bold=True, anchor="lm")
        y += 30
    count = layout.hand_count(view, seat)
    count_w = 0.0
    if count:
        count_w = text(d, (x1 - 10, y1 - 20), str(count), MIN_TEXT, INK, bold=True, anchor="rm")
        paste_card(img, None, "french", 18, x1 - 16 - count_w - 18, y1 - 34)
        count_w += 30
    detail = layout.seat_detail(view, seat, locale)
    text(d, (x0 + 12, y1 - 20), detail, MIN_TEXT, MUTED, anchor="lm", width=x1 - x0 - 24 - count_w)
    shown = layout.badges(view, seat, locale) if badges else []
    by = y1 + TAG_H / 2 + 2 if tags_below else y0 - TAG_H / 2 - 2
    bx = x0 + 4
    for label, colour in shown:
        w = text_width(label, MIN_TEXT, True) + MIN_TEXT
        if bx + w > x1 + 40:  # no room left: the plate's own line says the rest
            break
        bx += pill(d, bx, by, label, colour, size=MIN_TEXT) + 6


# -- cells: text and card groups ---------------------------------------------------------------

@dataclass
class Group:
    """Something drawn in a cell: text lines, a labelled row of cards, or suit tiles."""

    label: str = ""
    codes: list[str] = field(default_factory=list)
    marks: list[int] | None = None  # the seat that played each card (the last trick)
    lines: list[tuple[str, Any, bool]] = field(default_factory=list)  # (text, colour, bold)
    tiles: list[tuple[str, str]] = field(default_factory=list)  # (label, suit)

    def height(self) -> float:
        if self.lines:
            return len(self.lines) * LINE
        if self.tiles:
            return 64 + LINE + 4
        return LINE + card_height(SMALL_W) + (MARK_R + 6 if self.marks else 0)

    def width(self, step: float | None = None) -> float:
        if self.lines:
            return max(text_width(line, MIN_TEXT, bold) for line, _, bold in self.lines)
        if self.tiles:
            return sum(tile_width(label) for label, _ in self.tiles) + (len(self.tiles) - 1) * 16
        step = SMALL_W + 6 if step is None else step
        label = text_width(self.label, LABEL, True)
        return max(label, SMALL_W + step * (len(self.codes) - 1)) if self.codes else label


def tile_width(label: str) -> float:
    """A suit tile's width: the tile or its label below, whichever is wider."""
    return max(64.0, text_width(label, MIN_TEXT, True))


def text_group(lines: Sequence[tuple[str, Any, bool]], width: float) -> Group:
    """Lines word-wrapped to ``width``."""
    out: list[tuple[str, Any, bool]] = []
    for line, colour, bold in lines:
        out += [(part, colour, bold) for part in wrap_whole(line, MIN_TEXT, width, bold)]
    return Group(lines=out)


class Cells:
    """Groups placed into the free cells of the felt, each row left to right, rows top down."""

    def __init__(self, cells: Sequence[Box]) -> None:
        self.cells = list(cells)
        self.cursor = [(c[0], c[1], 0.0) for c in self.cells]  # x, y, row height

    def place(self, group: Group, order: Sequence[int]) -> tuple[float, float, float] | None:
        """(x, y, card step) for ``group`` in the first cell of ``order`` with room for it, first at
        its natural size, then with its cards overlapped (index still visible), then overlapped
        further; None when no cell has room."""
        for min_step in (None, float(MIN_STEP), MIN_STEP * 0.6):
            for i in order:
                if i < len(self.cells):
                    spot = self._fit(i, group, min_step)
                    if spot is not None:
                        return spot
        return None

    def _fit(self, i: int, group: Group, min_step: float | None) -> tuple[float, float, float] | None:
        x0, _, x1, y1 = self.cells[i]
        x, y, row_h = self.cursor[i]
        h = group.height()
        for cx, cy in ((x, y), (x0, y + row_h + (10 if row_h else 0))):
            room = x1 - cx
            step = SMALL_W + 6.0
            w = group.width(step)
            if min_step is not None and w > room and len(group.codes) > 1:
                step = max(min_step, (room - SMALL_W) / (len(group.codes) - 1))
                w = group.width(step)
            if w <= room + 0.5 and cy + h <= y1:
                same_row = cy == y
                self.cursor[i] = (cx + w + 28, cy, max(row_h, h) if same_row else h)
                return cx, cy, step
        return None


def draw_group(img: Image.Image, d: ImageDraw.ImageDraw, group: Group, x: float, y: float, step: float,
               family: Any, locale: str, marks: Sequence[str]) -> None:
    if group.lines:
        for line, colour, bold in group.lines:
            text(d, (x, y), line, MIN_TEXT, colour, bold=bold)
            y += LINE
        return
    if group.tiles:
        left = x - tile_width(group.tiles[0][0]) / 2 + 32
        for label, suit in group.tiles:
            w = tile_width(label)
            left += (w - 64) / 2
            d.rounded_rectangle([left, y, left + 64, y + 64], radius=10, fill=PAPER, outline=GOLDEN, width=2)
            pip = pip_image(suit, family, 46)
            img.paste(pip, (round(left + (64 - pip.width) / 2), round(y + (64 - pip.height) / 2)), pip)
            text(d, (left + 32, y + 68), label, MIN_TEXT, MUTED, bold=True, anchor="mt")
            left += 64 + (w - 64) / 2 + 16
        return
    text(d, (x, y), group.label, LABEL, MUTED, bold=True, width=max(group.width(step), 120))
    y += LINE
    for i, code in enumerate(group.codes):
        paste_card(img, code or None, family, SMALL_W, x + i * step, y, locale, compact=True)
    if group.marks:
        for i, seat in enumerate(group.marks):
            draw_mark(d, seat, marks[seat], x + i * step + min(step, SMALL_W) / 2, y + card_height(SMALL_W) + 4)


# -- the trick and the centre -------------------------------------------------------------------

def trick_spot(g: Geometry, seat: int) -> tuple[float, float]:
    """Top-left corner of the card ``seat`` puts on the trick."""
    dx, dy = g.directions[seat]
    rx, ry = (112, g.trick_ry) if g.seats != 2 else (40, 70)
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
            d.rounded_rectangle([x - 6, y - 6, x + TRICK_W + 6, y + ch + 6], radius=12, fill=GOLDEN)
        paste_card(img, code, family, TRICK_W, x, y, locale, compact=True)
    for seat, _ in order:
        x, y = trick_spot(g, int(seat))
        dx, dy = g.directions[int(seat)]
        if abs(dx) > abs(dy):
            mx, my = (x - 4 if dx < 0 else x + TRICK_W + 4), y + ch / 2
        else:
            mx, my = x + TRICK_W / 2, (y - 4 if dy < 0 else y + ch + 4)
        draw_mark(d, int(seat), marks[int(seat)], mx, my)


def draw_centre(img: Image.Image, d: ImageDraw.ImageDraw, shown: tuple[str, list[str]], family: Any,
                locale: str, g: Geometry) -> None:
    """A labelled fan of cards in the middle of the oval (a chien, a talon), face down or up."""
    label, codes = shown
    w = 80
    step = min(44.0, 200 / max(1, len(codes) - 1))
    cx, cy = g.centre
    total = w + step * (len(codes) - 1)
    x0, y0 = cx - total / 2, cy - card_height(w) / 2 + 16
    text(d, (cx, y0 - 8), label, LABEL, INK, bold=True, anchor="mb", width=360)
    for i, code in enumerate(codes):
        paste_card(img, code or None, family, w, x0 + i * step, y0, locale, compact=True)


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


def draw_ranking(d: ImageDraw.ImageDraw, layout: Layout, view: dict[str, Any], names: Sequence[str], locale: str,
                 centre: tuple[float, float], width: float = 360) -> None:
    """The final standings in a panel over the middle of the table (long names wrapped)."""
    lines = [(part, i == 0) for i, line in enumerate(final_ranking(layout, view, names, locale))
             for part in wrap_whole(line, 24, width - 40, bold=True)]
    h = 24 + len(lines) * 34
    x0, y0 = centre[0] - width / 2, centre[1] - h / 2
    d.rounded_rectangle([x0, y0, x0 + width, y0 + h], radius=14, fill=PANEL, outline=GOLDEN, width=3)
    for i, (line, head) in enumerate(lines):
        text(d, (x0 + 20, y0 + 12 + i * 34), line, 24, GOLDEN if head else INK, bold=True)


# -- the whole table ---------------------------------------------------------------------------

def info_lines(layout: Layout, view: dict[str, Any], names: Sequence[str], locale: str) -> list[tuple[str, Any, bool]]:
    """The phase (bold), who won the last trick, then the layout's lines (contract, trump...)."""
    lines: list[tuple[str, Any, bool]] = []
    phase = layout.phase_text(view, locale)
    if phase and view.get("to_act") is not None:
        lines.append((phase, GOLDEN, True))
    last = view.get("last_trick")
    if not view.get("trick") and isinstance(last, dict) and last.get("cards") and \
            isinstance(last.get("winner"), int) and view.get("phase") != "over":
        lines.append(("★ " + tr("won", locale, name=names[last["winner"]]), GOLDEN, True))
    lines += [(line, INK, False) for line in layout.info(view, names, locale)]
    return lines


def card_groups(layout: Layout, view: dict[str, Any], names: Sequence[str], locale: str) -> list[Group]:
    groups = [Group(label, list(codes)) for label, codes in layout.card_rows(view, names, locale)]
    marks = layout.suit_marks(view, locale)
    if marks:
        groups.append(Group(tiles=list(marks)))
    return groups


def last_trick_group(view: dict[str, Any], locale: str) -> Group | None:
    last = view.get("last_trick")
    if view.get("trick") and isinstance(last, dict) and last.get("cards"):
        cards = last["cards"]
        return Group(tr("last_trick", locale), [c for _, c in cards], [int(s) for s, _ in cards])
    return None


def trick_table(layout: Layout, view: dict[str, Any], names: Sequence[str], locale: str) -> Image.Image:
    """The generic table: header, plates round the oval, the trick, the cells' information."""
    seats = int(view["seats"])
    g = geometry(seats, tuple(plate_height(n, w) for n, w in zip(names, plate_widths(seats), strict=True)))
    img = _background(W, H).copy()
    d = ImageDraw.Draw(img)
    draw_header(d, layout, view, names, locale)
    marks = seat_marks(names)
    family = layout.pack(view)
    for seat in range(seats):
        draw_plate(img, d, layout, view, seat, names[seat], marks[seat], locale, g.plates[seat],
                   g.tags_below[seat])
    if view.get("phase") == "over":
        draw_ranking(d, layout, view, names, locale, g.centre)
        return img
    draw_trick(img, d, layout, view, g, names, marks, locale)
    cells = Cells(g.cells)
    last_cell = len(g.cells) - 1
    info = info_lines(layout, view, names, locale)
    if info and g.cells:
        first = g.cells[0]
        group = text_group(info, first[2] - first[0])
        room = int((first[3] - first[1]) // LINE)
        group.lines = group.lines[:room]
        spot = cells.place(group, [0])
        if spot:
            draw_group(img, d, group, *spot, family, locale, marks)
    last = last_trick_group(view, locale)
    if last is not None:
        spot = cells.place(last, [last_cell])
        if spot:
            draw_group(img, d, last, *spot, family, locale, marks)
    others = [i for i in range(len(g.cells)) if i != last_cell and i != 0] + [last_cell, 0]
    for group in card_groups(layout, view, names, locale):
        spot = cells.place(group, others)
        if spot:
            draw_group(img, d, group, *spot, family, locale, marks)
    return img
