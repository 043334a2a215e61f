"""The public table of a trick game: seats round an oval, the trick in the middle, a side panel.

Seat 0 sits at the bottom and the seats follow counter-clockwise on screen (seat 1 to its right),
the direction of play of the French and Spanish games. Reads only public keys of the view.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PIL import Image, ImageDraw

from rendering.assets import font
from rendering.canvas import (
    GOLDEN,
    HEADER,
    INK,
    MUTED,
    PANEL,
    PANEL_EDGE,
    felt,
    number,
    paste_card,
    pill,
    text,
    wrap,
)
from rendering.cards import PAPER, card_height, pip_image
from rendering.i18n import colon, tr

if TYPE_CHECKING:
    from rendering.layouts.base import Layout

W, H = 1000, 620
HEAD = 56
SPLIT = 660  # the oval's area is x < SPLIT, the side panel beyond
PLATE_W, PLATE_H = 196, 64
TRICK_W = 80
SMALL_W = 44
GAP = 28  # between card rows packed on one line


@functools.lru_cache(maxsize=4)
def _background(width: int, height: int) -> Image.Image:
    """Felt, header band, the table's oval and the side panel, drawn once per size."""
    img = felt(width, height)
    ss = 2
    big = Image.new("RGBA", (SPLIT * ss, (height - HEAD) * ss), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    m = 40 * ss
    d.ellipse([m, m, SPLIT * ss - m, (height - HEAD) * ss - m], fill=(30, 112, 74, 255),
              outline=(110, 78, 40, 255), width=10 * ss)
    img.paste(big.reduce(ss), (0, HEAD), big.reduce(ss))
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, width, HEAD], fill=HEADER)
    d.line([(0, HEAD), (width, HEAD)], fill=PANEL_EDGE, width=2)
    d.rounded_rectangle([SPLIT + 6, HEAD + 12, width - 12, height - 12], radius=14, fill=PANEL,
                        outline=PANEL_EDGE, width=2)
    return img


def seat_angle(seat: int, seats: int) -> float:
    """Screen angle of a seat: seat 0 at the bottom, then counter-clockwise."""
    return math.pi / 2 - seat * 2 * math.pi / seats


def seat_centre(seat: int, seats: int) -> tuple[float, float]:
    """Centre of a seat's plate on a rounded rectangle round the oval (a superellipse), so plates
    sit towards the corners and clear of the trick."""
    a = seat_angle(seat, seats)
    cx, cy = SPLIT / 2, HEAD + (H - HEAD) / 2
    u = math.copysign(abs(math.cos(a)) ** 0.5, math.cos(a))
    v = math.copysign(abs(math.sin(a)) ** 0.5, math.sin(a))
    return cx + (SPLIT / 2 - PLATE_W / 2 - 12) * u, cy + ((H - HEAD) / 2 - PLATE_H / 2 - 12) * v


def plate_width(seat: int, seats: int) -> int:
    """Plates at the top and bottom of the oval have room to be wider than those on its sides."""
    return 270 if abs(math.cos(seat_angle(seat, seats))) < 0.3 else PLATE_W


def trick_spot(seat: int, seats: int) -> tuple[float, float]:
    """Top-left corner of the card a seat puts on the trick."""
    a = seat_angle(seat, seats)
    cx, cy = SPLIT / 2, HEAD + (H - HEAD) / 2
    rx, ry = (78, 92) if seats <= 4 else (100, 96)
    x = cx + rx * math.cos(a) - TRICK_W / 2
    y = cy + ry * math.sin(a) - card_height(TRICK_W) / 2
    return x, y


def draw_header(d: ImageDraw.ImageDraw, layout: Layout, view: dict[str, Any], names: Sequence[str],
                locale: str, width: int = W) -> None:
    title = layout.title(view, locale)
    deal = layout.deal_text(view, locale)
    left = f"{title} · {deal}" if deal and view.get("phase") != "over" else title
    used = text(d, (18, HEAD / 2), left, 26, INK, bold=True, anchor="lm", width=width * 0.55)
    to_act = view.get("to_act")
    if view.get("phase") == "over" or to_act is None:
        right, colour = tr("over", locale) if view.get("phase") == "over" else layout.phase_text(view, locale), MUTED
    else:
        right, colour = tr("to_act", locale, name=names[to_act]), GOLDEN
    phase = layout.phase_text(view, locale)
    if phase and to_act is not None:
        text(d, (30 + used, HEAD / 2 + 2), phase, 18, MUTED, anchor="lm", width=width - used - 330)
    text(d, (width - 18, HEAD / 2), right, 21, colour, bold=True, anchor="rm", width=300)


def draw_plate(img: Image.Image, d: ImageDraw.ImageDraw, layout: Layout, view: dict[str, Any], seat: int,
               name: str, locale: str, centre: tuple[float, float], width: int = PLATE_W, *,
               badges: bool = True) -> None:
    """A seat's name plate: name, detail line, badges, cards left (small back and count)."""
    x, y = centre[0] - width / 2, centre[1] - PLATE_H / 2
    lit = layout.highlight(view, seat)
    d.rounded_rectangle([x, y, x + width, y + PLATE_H], radius=12, fill=(40, 62, 54) if lit else (20, 34, 30),
                        outline=GOLDEN if lit else PANEL_EDGE, width=4 if lit else 2)
    count = layout.hand_count(view, seat)
    text_w = width - 20 - (30 if count else 0)
    text(d, (x + 12, y + 20), name, 22, GOLDEN if lit else INK, bold=True, anchor="lm", width=text_w)
    text(d, (x + 12, y + 46), layout.seat_detail(view, seat, locale), 16, MUTED, anchor="lm", width=text_w)
    if count:
        paste_card(img, None, "french", 22, x + width - 32, y + 8)
        text(d, (x + width - 21, y + PLATE_H - 10), str(count), 14, INK, bold=True, anchor="mm")
    shown = layout.badges(view, seat, locale) if badges else []
    if shown:
        below = centre[1] < HEAD + (H - HEAD) / 2 - 20
        by = y + PLATE_H + 14 if below else y - 14
        bx = x + 6
        for label, colour in shown:
            bx += pill(d, bx, by, label, colour, size=14) + 5


def row_width(label: str, codes: list[str]) -> float:
    """Width of a labelled row of small cards side by side."""
    return max(font(16, True).getlength(label), len(codes) * (SMALL_W + 4) - 4)


def pack_rows(rows: list[tuple[str, list[str]]], width: float) -> list[list[tuple[str, list[str]]]]:
    """Card rows side by side while they fit in ``width``."""
    lines: list[list[tuple[str, list[str]]]] = []
    used = width + 1
    for label, codes in rows:
        w = min(width, row_width(label, codes))
        if lines and used + GAP + w <= width:
            lines[-1].append((label, codes))
            used += GAP + w
        else:
            lines.append([(label, codes)])
            used = w
    return lines


def draw_card_rows(img: Image.Image, d: ImageDraw.ImageDraw, rows: Sequence[tuple[str, list[str]]],
                   family: Any, locale: str, x: float, y: float, width: float, bottom: float) -> float:
    """Labelled rows of small cards in the side panel; returns the y below them."""
    for label, codes in rows:
        if y + 24 + card_height(SMALL_W) > bottom:
            break
        text(d, (x, y), label, 16, MUTED, bold=True, width=width)
        y += 24
        per_row = max(1, int((width + 4) // (SMALL_W + 4)))
        step: float = SMALL_W + 4
        if len(codes) > per_row:  # overlap rather than wrap
            step = (width - SMALL_W) / max(1, len(codes) - 1)
            per_row = len(codes)
        for i, code in enumerate(codes):
            paste_card(img, code or None, family, SMALL_W, x + (i % per_row) * step, y, locale)
        y += card_height(SMALL_W) + 12
    return y


def draw_side(img: Image.Image, d: ImageDraw.ImageDraw, layout: Layout, view: dict[str, Any],
              names: Sequence[str], locale: str) -> None:
    x, y, width, bottom = SPLIT + 22.0, HEAD + 26.0, W - SPLIT - 50.0, H - 26.0
    last = view.get("last_trick")
    if not view.get("trick") and isinstance(last, dict) and last.get("cards") and isinstance(last.get("winner"), int) \
            and view.get("phase") != "over":
        for part in wrap("★ " + tr("won", locale, name=names[last["winner"]]), 18, width, bold=True):
            text(d, (x, y), part, 18, GOLDEN, bold=True)
            y += 25
    if view.get("phase") == "over":
        for i, line in enumerate(final_ranking(layout, view, names, locale)):
            text(d, (x, y), line, 20 if i else 21, INK if i else GOLDEN, bold=True, width=width)
            y += 32 if i else 38
        return
    for line in layout.info(view, names, locale):
        for part in wrap(line, 19, width):
            if y + 24 > bottom:
                return
            text(d, (x, y), part, 19, INK)
            y += 26
    if y > HEAD + 26:
        y += 8
    marks = layout.suit_marks(view, locale)
    if marks:
        bottom = draw_suit_marks(img, d, marks, layout.pack(view), x, bottom) - 10
    rows = list(layout.card_rows(view, names, locale))
    if view.get("trick") and isinstance(last, dict) and last.get("cards"):
        rows.append((tr("last_trick", locale), [c for _, c in last["cards"]]))
    for packed in pack_rows(rows, width):
        if y + 24 + card_height(SMALL_W) > bottom:
            break
        left = x
        for label, codes in packed:
            w = min(width, row_width(label, codes))
            draw_card_rows(img, d, [(label, codes)], layout.pack(view), locale, left, y, w, bottom)
            left += w + GAP
        y += 24 + card_height(SMALL_W) + 12


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


def draw_suit_marks(img: Image.Image, d: ImageDraw.ImageDraw, marks: Sequence[tuple[str, str]], family: Any, x: float,
                    bottom: float) -> float:
    """Tiles with a big pip and a label (trump, favour suit) along the panel's foot; returns their top."""
    size, gap = 58, 16
    top = bottom - size - 24
    for i, (label, suit) in enumerate(marks):
        left = x + i * (size + gap)
        d.rounded_rectangle([left, top, left + size, top + size], radius=10, fill=PAPER, outline=GOLDEN, width=2)
        pip = pip_image(suit, family, round(size * 0.7))
        img.paste(pip, (round(left + (size - pip.width) / 2), round(top + (size - pip.height) / 2)), pip)
        text(d, (left + size / 2, top + size + 4), label, 14, MUTED, bold=True, anchor="mt")
    return top


def draw_trick(img: Image.Image, d: ImageDraw.ImageDraw, layout: Layout, view: dict[str, Any],
               names: Sequence[str], locale: str) -> None:
    """The trick in progress by seat; between tricks, the last trick with its winner outlined."""
    seats = int(view["seats"])
    family = layout.pack(view)
    trick = view.get("trick") or []
    winner = None
    if not trick and isinstance(view.get("last_trick"), dict) and view.get("phase") not in ("over",):
        last = view["last_trick"]
        trick, winner = last.get("cards") or [], last.get("winner")
    if not trick:
        shown = layout.centre(view, names, locale)
        if shown:
            draw_centre(img, d, shown, family, locale)
    # upper cards first: a lower card then covers only the foot of the one above, never its index
    for seat, code in sorted(trick, key=lambda sc: trick_spot(int(sc[0]), seats)[::-1]):
        x, y = trick_spot(int(seat), seats)
        if winner is not None and seat == winner:
            d.rounded_rectangle([x - 5, y - 5, x + TRICK_W + 5, y + card_height(TRICK_W) + 5], radius=10,
                                fill=GOLDEN)
        paste_card(img, code, family, TRICK_W, x, y, locale)


def draw_centre(img: Image.Image, d: ImageDraw.ImageDraw, shown: tuple[str, list[str]], family: Any,
                locale: str) -> None:
    """A labelled fan of cards in the middle of the oval (a chien, a talon)."""
    label, codes = shown
    w = 70
    step = min(34.0, (226 - w) / max(1, len(codes) - 1))  # stays between the side seats
    cx, cy = SPLIT / 2, HEAD + (H - HEAD) / 2
    total = w + step * (len(codes) - 1)
    x0, y0 = cx - total / 2, cy - card_height(w) / 2 + 12
    text(d, (cx, y0 - 12), label, 17, MUTED, bold=True, anchor="mb", width=SPLIT - 300)
    for i, code in enumerate(codes):
        paste_card(img, code or None, family, w, x0 + i * step, y0, locale)


def trick_table(layout: Layout, view: dict[str, Any], names: Sequence[str], locale: str) -> Image.Image:
    """The generic table: header, seats round the oval, the trick, the side panel."""
    img = _background(W, H).copy()
    d = ImageDraw.Draw(img)
    draw_header(d, layout, view, names, locale)
    seats = int(view["seats"])
    draw_trick(img, d, layout, view, names, locale)
    for seat in range(seats):
        draw_plate(img, d, layout, view, seat, names[seat], locale, seat_centre(seat, seats),
                   plate_width(seat, seats))
    draw_side(img, d, layout, view, names, locale)
    return img

