"""The end-of-deal recap from ``view["last_deal"]``: contract and points lines, public cards,
then each seat's change and running total."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from rendering.assets import font
from rendering.canvas import (
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
)
from rendering.cards import card_height
from rendering.i18n import tr
from rendering.layouts import layout_for

W = 760
ROW = 34
SMALL_W = 44
GAP = 28  # between card rows packed on one line


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
    """Labelled rows of small cards; returns the y below them."""
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


GRID_ROW = 28
GRID_LABEL = 190  # the label column of the per-seat grid


def draw_grid(d: ImageDraw.ImageDraw, grid: Sequence[tuple[str, list[str]]], names: Sequence[str], y: float) -> float:
    """Per-seat figures in columns headed by the seat names, right-aligned; returns the y below."""
    left, right = 24, W - 24
    col = (right - left - GRID_LABEL) / max(1, len(names))
    for s, name in enumerate(names):
        text(d, (left + GRID_LABEL + (s + 1) * col, y), name, 16, MUTED, bold=True, anchor="ra", width=col - 10)
    y += GRID_ROW
    for i, (label, cells) in enumerate(grid):
        if i % 2 == 0:
            d.rectangle([16, y - 4, W - 16, y + GRID_ROW - 6], fill=(28, 52, 44))
        text(d, (left, y), label, 17, MUTED, width=GRID_LABEL - 8)
        for s, cell in enumerate(cells[:len(names)]):
            text(d, (left + GRID_LABEL + (s + 1) * col, y), cell, 17, INK, bold=True, anchor="ra", width=col - 10)
        y += GRID_ROW
    return y + 16


def recap_picture(view: dict[str, Any], names: Sequence[str], locale: str = "fr") -> Image.Image:
    layout = layout_for(view)
    deal = view.get("last_deal") or None
    seats = int(view.get("seats", len(names)))
    lines = layout.recap_lines(view, names, locale) if deal else []
    grid = layout.recap_grid(view, names, locale) if deal else []
    cards = layout.recap_cards(view, names, locale) if deal else []
    card_lines = pack_rows(cards, W - 48)
    card_h = len(card_lines) * (24 + card_height(SMALL_W) + 12)
    grid_h = (len(grid) + 1) * GRID_ROW + 16 if grid else 0
    height = 64 + len(lines) * 30 + (12 if lines else 0) + grid_h + card_h + 52 + seats * ROW + 16
    img = felt(W, height)
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, W, 52], fill=HEADER)
    title = layout.recap_title(view, locale) if deal else f"{layout.title(view, locale)} · {tr('no_deal', locale)}"
    text(d, (20, 26), title, 24, INK, bold=True, anchor="lm", width=W - 40)
    y = 66
    for label, value in lines:
        text(d, (24, y), label, 18, MUTED, width=300)
        text(d, (W - 24, y), value, 18, INK, bold=True, anchor="ra", width=W - 360)
        y += 30
    if lines:
        y += 12
    if grid:
        y = draw_grid(d, grid, names, y)
    for line in card_lines:
        x = 24.0
        for label, codes in line:
            draw_card_rows(img, d, [(label, codes)], layout.pack(view), locale, x, y, row_width(label, codes), height)
            x += row_width(label, codes) + GAP
        y += 24 + card_height(SMALL_W) + 12
    d.rounded_rectangle([14, y, W - 14, y + 52 + seats * ROW], radius=12, fill=PANEL, outline=PANEL_EDGE, width=2)
    text(d, (30, y + 22), tr("player", locale), 16, MUTED, bold=True, anchor="lm")
    text(d, (W - 200, y + 22), tr("change", locale), 16, MUTED, bold=True, anchor="rm")
    text(d, (W - 34, y + 22), tr("total", locale), 16, MUTED, bold=True, anchor="rm")
    deltas = list((deal or {}).get("deltas") or [])
    totals = list((deal or {}).get("scores") or view.get("scores") or [])
    good = 1 if layout.higher_is_better else -1
    best = (max(totals) if good > 0 else min(totals)) if totals else None
    for s in range(seats):
        ry = y + 44 + s * ROW + ROW / 2
        if s % 2 == 0:
            d.rectangle([16, ry - ROW / 2, W - 16, ry + ROW / 2], fill=(28, 52, 44))
        text(d, (30, ry), names[s], 19, INK, bold=True, anchor="lm", width=W - 320)
        if s < len(deltas):
            dv = deltas[s]
            colour = INK
            if isinstance(dv, int | float) and dv:
                colour = PLUS if dv * good > 0 else MINUS
            text(d, (W - 200, ry), signed(dv) if isinstance(dv, int | float) else str(dv), 19, colour, bold=True,
                 anchor="rm")
        if s < len(totals):
            lead = best is not None and totals[s] == best and len(totals) > 1
            text(d, (W - 34, ry), number(totals[s]), 19, GOLDEN if lead else INK, bold=True, anchor="rm")
    return img
