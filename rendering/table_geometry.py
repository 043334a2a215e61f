"""Where things go on the table image: the seat plates round the oval, the trick's centre and the
free cells, for each seat count."""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field

from rendering.cards import card_height
from rendering.table_felt import HEAD, LINE, MARGIN, MARK_R, SIDE_W, TAG_H, TRICK_RY, TRICK_W, WIDE_W, Box, W

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
