"""Thin bridge to the ``rendering`` package: PNG bytes, or ``None`` when it cannot draw.

When ``rendering`` lacks a function (not published yet) or fails, the bot falls back to
text-only embeds; a rendering failure is logged without the view (it may hold a hand).
"""

from __future__ import annotations

import io
import logging
from typing import Any

log = logging.getLogger(__name__)


def _call(name: str, *args: Any, **kwargs: Any) -> bytes | None:
    try:
        import rendering
    except Exception:  # missing or broken: play goes on with text-only embeds
        log.exception("rendering unavailable")
        return None
    fn = getattr(rendering, name, None)
    if fn is None:
        return None
    try:
        out = fn(*args, **kwargs)
    except Exception:
        log.exception("rendering.%s failed", name)
        return None
    if isinstance(out, bytes | bytearray):
        return bytes(out)
    if hasattr(out, "save"):  # a Pillow image: encode it
        buf = io.BytesIO()
        out.save(buf, format="PNG")
        return buf.getvalue()
    return None


def table_png(view: dict[str, Any], names: list[str], locale: str) -> bytes | None:
    return _call("table_image", view, names=names, locale=locale)


def hand_png(view: dict[str, Any], locale: str, legal: list[str] | None) -> bytes | None:
    """``legal``: the card codes playable now (the args of the legal actions)."""
    return _call("hand_image", view, locale=locale, legal=legal)


def recap_png(view: dict[str, Any], names: list[str], locale: str) -> bytes | None:
    return _call("recap_image", view, names=names, locale=locale)


def scoreboard_png(rows: list[dict[str, Any]], locale: str, title: str | None = None) -> bytes | None:
    return _call("scoreboard_image", rows, locale=locale, title=title)
