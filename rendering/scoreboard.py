"""Leaderboard image.

``rows``: dicts with ``rank`` (int), ``name`` (str), ``rating`` (int; a float shows one decimal),
``matches`` (int), ``wins`` (int), ``points`` (int or float), best first; optional ``computer``
(bool) marks a computer player, ``provisional`` (bool) a rating not settled yet (its rank "–");
missing keys show as blanks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from rendering.canvas import GOLDEN, HEADER, INK, MUTED, PANEL, PANEL_EDGE, clean, felt, number, text
from rendering.i18n import N_, tr
from rendering.indexed import pill

W = 760
ROW = 38
COLUMNS = ((N_("rating"), 430), (N_("matches"), 540), (N_("wins"), 650), (N_("points"), 740))
MEDALS = ((246, 196, 72), (200, 206, 214), (214, 150, 96))


def _cell(row: Mapping[str, Any], key: str) -> str:
    value = row.get(key)
    if value is None:
        return ""
    if key == "rating" and isinstance(value, float):
        return f"{value:.1f}"
    return number(value)


def scoreboard_picture(rows: Sequence[Mapping[str, Any]], locale: str = "fr", title: str | None = None) -> Image.Image:
    shown = list(rows)[:25]
    height = 52 + 48 + max(1, len(shown)) * ROW + 20
    img = felt(W, height)
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, W, 52], fill=HEADER)
    text(d, (20, 26), clean(title) if title else tr("leaderboard", locale), 24, INK, bold=True, anchor="lm",
         width=W - 40)
    top = 62
    d.rounded_rectangle([10, top, W - 10, top + 40 + max(1, len(shown)) * ROW], radius=12, fill=PANEL,
                        outline=PANEL_EDGE, width=2)
    text(d, (28, top + 20), tr("rank", locale), 16, MUTED, bold=True, anchor="lm")
    text(d, (76, top + 20), tr("player", locale), 16, MUTED, bold=True, anchor="lm")
    for key, x in COLUMNS:
        text(d, (x - 6, top + 20), tr(key, locale), 16, MUTED, bold=True, anchor="rm")
    if not shown:
        text(d, (W / 2, top + 40 + ROW / 2), tr("nobody", locale), 18, MUTED, anchor="mm")
    for i, row in enumerate(shown):
        y = top + 40 + i * ROW + ROW / 2
        if i % 2 == 0:
            d.rectangle([12, y - ROW / 2, W - 12, y + ROW / 2], fill=(28, 52, 44))
        rank = row.get("rank", i + 1)
        medal = MEDALS[int(rank) - 1] if isinstance(rank, int) and 1 <= rank <= 3 else None
        if medal:
            d.ellipse([24, y - 13, 50, y + 13], fill=medal)
        text(d, (37, y), str(rank), 16, (20, 20, 20) if medal else INK, bold=True, anchor="mm")
        limit = COLUMNS[0][1] - 170 - (50 if row.get("computer") else 0) - (90 if row.get("provisional") else 0)
        used = text(d, (76, y), clean(str(row.get("name", ""))), 19, GOLDEN if medal else INK, bold=True,
                    anchor="lm", width=limit)
        if row.get("computer"):
            used += 8 + pill(img, 76 + used + 8, y, tr("cpu", locale), (150, 190, 230), size=12)
        if row.get("provisional"):  # not ranked yet: said in words, not only by a missing rank
            pill(img, 76 + used + 8, y, tr("provisional_pill", locale), (230, 200, 140), size=12)
        for key, x in COLUMNS:
            text(d, (x - 6, y), _cell(row, key), 18, INK, anchor="rm")
    return img
