"""The end-of-deal recap from ``view["last_deal"]``: contract and points lines, public cards,
then each seat's change and running total.

Drawn to be read on a phone: 600 px wide with text of at least 20 px and compact card
faces, so nothing is under 9 px tall when Discord shows it 270 px wide; a line whose label and value
do not fit side by side puts the value on a line of its own."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from rendering.assets import font
from rendering.canvas import (
    FELT,
    GOLDEN,
    HEADER,
    INK,
    MINUS,
    MUTED,
    PANEL,
    PANEL_EDGE,
    PLUS,
    felt,
    number,
    paste_card,
    signed,
    text,
    text_width,
    wrap_whole,
)
from rendering.cards import card_height
from rendering.i18n import tr
from rendering.layouts import layout_for

W = 600
ROW = 40
SMALL_W = 56  # compact faces: their index is 20 px
GAP = 24
SMALL = 20  # the smallest type
BODY = 22  # between card rows packed on one line


def row_width(label: str, codes: list[str]) -> float:
    """Width of a labelled row of small cards side by side."""
    return max(font(SMALL, True).getlength(label), len(codes) * (SMALL_W + 4) - 4)


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
    """Labelled rows of small cards; returns the y below them."""
    for label, codes in rows:
        if y + 28 + card_height(SMALL_W) > bottom:
            break
        text(d, (x, y), label, SMALL, MUTED, bold=True, width=width)
        y += 28
        per_row = max(1, int((width + 4) // (SMALL_W + 4)))
        step: float = SMALL_W + 4
        if len(codes) > per_row:  # overlap rather than wrap
            step = (width - SMALL_W) / max(1, len(codes) - 1)
            per_row = len(codes)
        for i, code in enumerate(codes):
            paste_card(img, code or None, family, SMALL_W, x + (i % per_row) * step, y, locale, compact=True)
        y += card_height(SMALL_W) + 12
    return y


GRID_ROW = 32
GRID_LABEL = 170  # the label column of the per-seat grid


def _grid_label(label: str) -> tuple[str, ...]:
    return wrap_whole(label, SMALL, GRID_LABEL - 8)


def grid_height(grid: Sequence[tuple[str, list[str]]]) -> int:
    """The height :func:`draw_grid` takes: a row per line of its (wrapped) label, plus the names."""
    return GRID_ROW + sum(GRID_ROW + (len(_grid_label(label)) - 1) * (SMALL + 4) for label, _ in grid) + 16 \
        if grid else 0


def draw_grid(d: ImageDraw.ImageDraw, grid: Sequence[tuple[str, list[str]]], names: Sequence[str], y: float) -> float:
    """Per-seat figures in columns headed by the seat names, right-aligned; returns the y below."""
    left, right = 20, W - 20
    col = (right - left - GRID_LABEL) / max(1, len(names))
    for s, name in enumerate(names):
        text(d, (left + GRID_LABEL + (s + 1) * col, y), name, SMALL, MUTED, bold=True, anchor="ra", width=col - 10)
    y += GRID_ROW
    for i, (label, cells) in enumerate(grid):
        wrapped = _grid_label(label)
        row_h = GRID_ROW + (len(wrapped) - 1) * (SMALL + 4)
        if i % 2 == 0:
            d.rectangle([16, y - 4, W - 16, y + row_h - 6], fill=(28, 52, 44))
        for k, line in enumerate(wrapped):
            text(d, (left, y + k * (SMALL + 4)), line, SMALL, MUTED)
        for s, cell in enumerate(cells[:len(names)]):
            text(d, (left + GRID_LABEL + (s + 1) * col, y), cell, SMALL, INK, bold=True, anchor="ra", width=col - 10)
        y += row_h
    return y + 16


LINE = 32


def _apart(label: str, value: str) -> bool:
    """Whether a line's value goes under its label (side by side they would not fit)."""
    return text_width(label, BODY) + text_width(value, BODY, True) + 24 > W - 40


TALLEST = 620  # px: Discord's 280 px tall box shows SMALL text at 9 px up to this height
PEEK = 46  # px of a small card shown when the rows must be short: its corner index


def _panel_h(seats: int) -> int:
    return 56 + seats * ROW + 16


def recap_pages(view: dict[str, Any], names: Sequence[str], locale: str = "fr") -> list[dict[str, Any]]:
    """How the recap is cut for Discord (the keyword arguments of :func:`recap_picture`, page by
    page): one picture when it fits :data:`TALLEST` px; else its card rows cut to their corner
    index (:data:`PEEK`) in pages each under its title: the lines and the card rows in order, the
    players' changes and totals last."""
    layout = layout_for(view)
    deal = view.get("last_deal") or None
    seats = int(view.get("seats", len(names)))
    lines = layout.recap_lines(view, names, locale) if deal else []
    grid = layout.recap_grid(view, names, locale) if deal else []
    cards = layout.recap_cards(view, names, locale) if deal else []
    card_lines = pack_rows(cards, W - 40)
    split = [_apart(label, value) for label, value in lines]
    lines_h = sum(2 if a else 1 for a in split) * LINE + (12 if lines else 0) + grid_height(grid)
    full = 64 + lines_h + len(card_lines) * (28 + card_height(SMALL_W) + 12) + _panel_h(seats)
    if full <= TALLEST:
        return [{}]
    row_h = 28 + PEEK + 10
    pages: list[list[int]] = [[]]  # card lines on each page; the lines on the first, the panel on the last
    used = 64 + lines_h
    for i in range(len(card_lines)):
        if used + row_h > TALLEST and pages[-1]:
            pages.append([])
            used = 64
        pages[-1].append(i)
        used += row_h
    if used + _panel_h(seats) > TALLEST:
        pages.append([])
    return [{"rows": page, "first": n == 0, "last": n == len(pages) - 1,
             "page": (n + 1, len(pages)) if len(pages) > 1 else None} for n, page in enumerate(pages)]


def recap_picture(view: dict[str, Any], names: Sequence[str], locale: str = "fr", *, rows: Sequence[int] | None = None,
                  first: bool = True, last: bool = True, page: tuple[int, int] | None = None) -> Image.Image:
    """The recap, or one page of it (``rows``: the card lines on it, cut to :data:`PEEK`)."""
    layout = layout_for(view)
    deal = view.get("last_deal") or None
    seats = int(view.get("seats", len(names)))
    lines = layout.recap_lines(view, names, locale) if deal and first else []
    grid = layout.recap_grid(view, names, locale) if deal and first else []
    cards = layout.recap_cards(view, names, locale) if deal else []
    card_lines = pack_rows(cards, W - 40)
    cut = rows is not None
    if rows is not None:
        card_lines = [card_lines[i] for i in rows]
    card_row = 28 + (PEEK if cut else card_height(SMALL_W)) + (10 if cut else 12)
    card_h = len(card_lines) * card_row
    grid_h = grid_height(grid)
    split = [_apart(label, value) for label, value in lines]
    height = 64 + sum(2 if a else 1 for a in split) * LINE + (12 if lines else 0) + grid_h + card_h + \
        (_panel_h(seats) if last else 0)
    img = felt(W, height)
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, W, 52], fill=HEADER)
    title = layout.recap_title(view, locale) if deal else f"{layout.title(view, locale)} · {tr('no_deal', locale)}"
    if page is not None:
        title += f" · {page[0]}/{page[1]}"
    text(d, (16, 26), title, 26, INK, bold=True, anchor="lm", width=W - 32)
    y: float = 64
    for (label, value), apart in zip(lines, split, strict=True):
        text(d, (20, y), label, BODY, MUTED, width=W - 40)
        y += LINE if apart else 0
        text(d, (W - 20, y), value, BODY, INK, bold=True, anchor="ra", width=W - 40)
        y += LINE
    if lines:
        y += 12
    if grid:
        y = draw_grid(d, grid, names, y)
    for line in card_lines:
        x = 20.0
        for label, codes in line:
            draw_card_rows(img, d, [(label, codes)], layout.pack(view), locale, x, y,
                           min(W - 40, row_width(label, codes)), height + (card_height(SMALL_W) if cut else 0))
            x += row_width(label, codes) + GAP
        if cut:  # the next row, or the panel, over the cards' lower part
            d.rectangle([0, y + 28 + PEEK, W, y + 28 + card_height(SMALL_W) + 12], fill=FELT)
        y += card_row
    if not last:
        return img
    d.rounded_rectangle([10, y, W - 10, y + 56 + seats * ROW], radius=12, fill=PANEL, outline=PANEL_EDGE, width=2)
    text(d, (24, y + 24), tr("player", locale), SMALL, MUTED, bold=True, anchor="lm")
    word = layout.change_word(locale) if hasattr(layout, "change_word") else tr("change", locale)
    text(d, (W - 150, y + 24), word, SMALL, MUTED, bold=True, anchor="rm")
    text(d, (W - 26, y + 24), tr("total", locale), SMALL, MUTED, bold=True, anchor="rm")
    deltas = list((deal or {}).get("deltas") or [])
    totals = list((deal or {}).get("scores") or view.get("scores") or [])
    good = 1 if layout.higher_is_better else -1
    best = (max(totals) if good > 0 else min(totals)) if totals else None
    for s in range(seats):
        ry = y + 48 + s * ROW + ROW / 2
        if s % 2 == 0:
            d.rectangle([12, ry - ROW / 2, W - 12, ry + ROW / 2], fill=(28, 52, 44))
        text(d, (24, ry), names[s], BODY, INK, bold=True, anchor="lm", width=W - 270)
        if s < len(deltas):
            dv = deltas[s]
            colour = INK
            if isinstance(dv, int | float) and dv:
                colour = PLUS if dv * good > 0 else MINUS
            text(d, (W - 150, ry), signed(dv) if isinstance(dv, int | float) else str(dv), BODY, colour, bold=True,
                 anchor="rm")
        if s < len(totals):
            lead = best is not None and totals[s] == best and len(totals) > 1
            text(d, (W - 26, ry), number(totals[s]), BODY, GOLDEN if lead else INK, bold=True, anchor="rm")
    return img
