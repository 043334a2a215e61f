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

The parts: :mod:`rendering.table_felt` (sizes, colours, the felt), :mod:`rendering.table_geometry`
(where the plates, the trick and the cells go), :mod:`rendering.table_plates` (marks, names, plates,
header), :mod:`rendering.table_cells` (the public cards in the cells and the band); here the trick,
the centre, the final standings and the whole table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PIL import Image, ImageDraw

from rendering import indexed
from rendering.canvas import (
    GOLDEN,
    INK,
    PANEL,
    PANEL_EDGE,
    number,
    wrap_whole,
)
from rendering.cards import card_height
from rendering.i18n import colon, tr
from rendering.indexed import paste_card, text
from rendering.table_cells import Cells, Group, band_rows, draw_group
from rendering.table_felt import (
    DISPLAY_W,
    HEAD,
    LABEL,
    LINE,
    MARGIN,
    MARK_R,
    MIN_STEP,
    MIN_TEXT,
    NAME_LINE,
    PHONE_W,
    SIDE_W,
    SMALL_W,
    STRIPE,
    TAG_H,
    TILE_PIP,
    TRICK_RX,
    TRICK_RY,
    TRICK_W,
    UNDERS,
    WIDE_W,
    Mode,
    W,
    background,
)
from rendering.table_geometry import Geometry, geometry, plate_widths
from rendering.table_plates import draw_header, draw_mark, draw_plate, plate_height, seat_marks

if TYPE_CHECKING:
    from rendering.layouts.base import Layout

#: the names the layouts, the image workers and the tests read here, wherever they are defined
__all__ = [
    "DISPLAY_W", "GROW", "HEAD", "LINE", "MARGIN", "MIN_STEP", "MIN_TEXT", "NAME_LINE", "PHONE_W",
    "RANKING_W", "SMALL_W", "STRIPE", "TAG_H", "TILE_PIP", "TRICK_W", "UNDERS", "Mode", "W", "card_groups",
    "draw_centre", "draw_header", "draw_plate", "draw_ranking", "draw_trick", "final_ranking",
    "last_trick_group", "place_groups", "plate_height", "ranking_height", "seat_marks", "table_plan",
    "trick_spot", "trick_table",
]


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
