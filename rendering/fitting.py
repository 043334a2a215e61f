"""Names fitted to a table's box: a table drawn taller than :data:`TALLEST` is shown so narrow on a
phone that its smallest text reads under 9 px, so its long names are cut in their middle and it is
drawn again (the message text and the image's description keep every name whole)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from PIL import Image

from rendering.canvas import text_width
from rendering.display import largest
from rendering.table_felt import MIN_TEXT, SIDE_W, Mode
from rendering.table_plates import name_width

TALLEST = largest(MIN_TEXT)[1]  # px: the tallest table whose MIN_TEXT reads 9 px on a phone
SHORT_NAME = name_width(SIDE_W)  # px at 22 px bold: one line of the narrowest plate


class _Drawn(Protocol):
    def draw_table(self, view: dict[str, Any], names: Sequence[str], locale: str, mode: Mode = "P") -> Image.Image:
        ...


def fit_middle(name: str, size: int, width: float) -> str:
    """``name`` on one line of ``width`` px, cut in its middle ("Ordina…ong A"): names that share
    their beginning keep their ends apart."""
    if text_width(name, size, True) <= width:
        return name
    for keep in range(len(name) - 1, 1, -1):
        head, tail = name[:(keep + 1) // 2].rstrip(), name[len(name) - keep // 2:].lstrip()
        if text_width(f"{head}…{tail}", size, True) <= width:
            return f"{head}…{tail}"
    return name[:1] + "…"


def fitted_table(layout: _Drawn, view: dict[str, Any], names: Sequence[str], locale: str,
                 mode: Mode = "P") -> Image.Image:
    """``layout.draw_table``, again with the names cut to :data:`SHORT_NAME` when it is too tall."""
    img = layout.draw_table(view, names, locale, mode)
    short = [fit_middle(n, MIN_TEXT, SHORT_NAME) for n in names]
    if img.height > TALLEST and short != list(names):
        return layout.draw_table(view, short, locale, mode)
    return img
