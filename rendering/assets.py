"""Bundled fonts (DejaVu Sans, see ``assets/LICENSE-DejaVu.txt``), loaded with importlib.resources.

Font objects are cached per thread: the bot renders from ``asyncio.to_thread`` workers and a
FreeType face must not be used by two threads at once.
"""

from __future__ import annotations

import functools
import importlib.resources
import io
import threading

from PIL import ImageFont

_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
_local = threading.local()


@functools.cache
def _font_bytes(bold: bool) -> bytes:
    return (importlib.resources.files("rendering") / "assets" / _FILES[bold]).read_bytes()


def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans (bold when asked) at ``size`` pixels, cached for the calling thread."""
    cache: dict[tuple[int, bool], ImageFont.FreeTypeFont] | None = getattr(_local, "fonts", None)
    if cache is None:
        cache = _local.fonts = {}
    key = (size, bold)
    found = cache.get(key)
    if found is None:
        found = cache[key] = ImageFont.truetype(io.BytesIO(_font_bytes(bold)), size)
    return found
