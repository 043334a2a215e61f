"""The public cards in the free cells of the felt or in the band under the oval: labelled groups of
cards or suit tiles, placed and drawn."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from rendering import indexed
from rendering.canvas import (
    GOLDEN,
    MUTED,
    text_width,
)
from rendering.cards import PAPER, card_height, pip_image
from rendering.indexed import paste_card, text
from rendering.table_felt import LABEL, LINE, MARK_R, MIN_STEP, MIN_TEXT, SMALL_W, TILE_PIP, Box
from rendering.table_plates import draw_mark

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
