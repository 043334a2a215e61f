"""The layout of a trick game: the generic table (:func:`rendering.table.trick_table`), plates round
the oval, the trick in the middle. Kept apart from :mod:`rendering.layouts.base` so that the table's
drawing, which reads a :class:`~rendering.layouts.base.Layout`, is not imported back by it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from PIL import Image

from rendering.layouts.base import JSON, Layout
from rendering.table import trick_table


class TrickLayout(Layout):
    """A layout whose table is the generic trick-game table (Tarot, Tresillo, Piquet, any game
    without a layout of its own)."""

    def draw_table(self, view: JSON, names: Sequence[str], locale: str,
                   mode: Literal["P", "RGB"] = "P") -> Image.Image:
        return trick_table(self, view, names, locale, mode)


__all__ = ["TrickLayout"]
