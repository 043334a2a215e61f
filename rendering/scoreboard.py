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

from rendering.canvas import (
    GOLDEN,
    HEADER,
    INK,
    MUTED,
    PANEL,
    PANEL_EDGE,
    clean,
    felt,
    number,
    text,
    text_width,
)
from rendering.i18n import N_, tr
from rendering.indexed import pill

W = 600  # shown 270 px wide on a phone: its 20 px texts at 9 px
ROW = 40
SMALL = 20
PAGE = 12  # rows an image holds: Discord's box is 280 px tall (the bot sends a page per 12 rows)
COLUMNS = ((N_("rating"), 470), (N_("matches"), 584))  # wins and points are in the message's lines
MEDALS = ((246, 196, 72), (200, 206, 214), (214, 150, 96))


def _cell(row: Mapping[str, Any], key: str) -> str:
    value = row.get(key)
    if value is None:
        return ""
    if key == "rating" and isinstance(value, float):
        return f"{value:.1f}"
    return number(value)


def scoreboard_picture(rows: Sequence[Mapping[str, Any]], locale: str = "fr", title: str | None = None) -> Image.Image:
    """The first :data:`PAGE` of ``rows`` (give the next ones for the next page: their ranks are theirs)."""
    shown = list(rows)[:PAGE]
    height = 52 + 48 + max(1, len(shown)) * ROW + 20
    img = felt(W, height)
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, W, 52], fill=HEADER)
    text(d, (16, 26), clean(title) if title else tr("leaderboard", locale), 24, INK, bold=True, anchor="lm",
         width=W - 32)
    top = 62
    d.rounded_rectangle([8, top, W - 8, top + 40 + max(1, len(shown)) * ROW], radius=12, fill=PANEL,
                        outline=PANEL_EDGE, width=2)
    text(d, (36, top + 20), tr("rank", locale), SMALL, MUTED, bold=True, anchor="mm", width=58)
    text(d, (64, top + 20), tr("player", locale), SMALL, MUTED, bold=True, anchor="lm", width=COLUMNS[0][1] - 190)
    for key, x in COLUMNS:
        text(d, (x - 4, top + 20), tr(key, locale), SMALL, MUTED, bold=True, anchor="rm", width=120)
    if not shown:
        text(d, (W / 2, top + 40 + ROW / 2), tr("nobody", locale), SMALL, MUTED, anchor="mm")
    for i, row in enumerate(shown):
        y = top + 40 + i * ROW + ROW / 2
        if i % 2 == 0:
            d.rectangle([10, y - ROW / 2, W - 10, y + ROW / 2], fill=(28, 52, 44))
        rank = row.get("rank", i + 1)
        medal = MEDALS[int(rank) - 1] if isinstance(rank, int) and 1 <= rank <= 3 else None
        if medal:
            d.ellipse([21, y - 15, 51, y + 15], fill=medal)
        text(d, (36, y), str(rank), SMALL, (20, 20, 20) if medal else INK, bold=True, anchor="mm")
        tags = [t for t, on in ((tr("cpu", locale), row.get("computer")),
                                (tr("provisional_pill", locale), row.get("provisional"))) if on]
        limit = COLUMNS[0][1] - 80 - 64 - sum(text_width(t, SMALL, True) + SMALL + 8 for t in tags)
        used = text(d, (64, y), clean(str(row.get("name", ""))), SMALL, GOLDEN if medal else INK, bold=True,
                    anchor="lm", width=max(60, limit))
        for tag, colour in zip(tags, ((150, 190, 230), (230, 200, 140)) if row.get("computer") else
                               ((230, 200, 140),), strict=False):
            # not ranked yet: said in words, not only by a missing rank
            used += 8 + pill(img, 64 + used + 8, y, tag, colour, size=SMALL)
        for key, x in COLUMNS:
            text(d, (x - 4, y), _cell(row, key), SMALL, INK, bold=key == "rating", anchor="rm")
    return img
