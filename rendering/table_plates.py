"""The seats on the table image: each seat's mark, its name laid out whole, its plate with the tags
beside it, and the header (title, deal, who is to act)."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PIL import Image, ImageDraw

from rendering import indexed
from rendering.canvas import (
    GOLDEN,
    HEADER,
    INK,
    MUTED,
    PANEL_EDGE,
    SEAT_COLOURS,
    fit_lines,
    text_width,
)
from rendering.i18n import tr
from rendering.indexed import paste_card, pill, text
from rendering.table_felt import (
    HEAD,
    LIT_PLATE,
    MARK_EDGE,
    MARK_INK,
    MARK_R,
    MIN_TEXT,
    NAME_LINE,
    NAME_SIZES,
    PLATE,
    TAG_H,
    WIDE_W,
    Box,
    W,
)

if TYPE_CHECKING:
    from rendering.layouts.base import Layout


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

def name_width(width: float) -> float:
    return width - 2 * MARK_R - 28


def plate_height(name: str, width: float) -> float:
    """A plate's height: its name's lines."""
    return 14 + max(1, len(name_lines(name, name_width(width))[1])) * NAME_LINE


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
    size, lines = name_lines(name, name_width(x1 - x0))
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
