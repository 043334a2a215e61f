"""The rendering functions the bot draws with, by the name a job carries, and the one call to them.

A job crosses a worker's pipe as ``(name, args, kwargs)``: :func:`drawing` maps the name to the
function through an explicit table (an unknown name draws nothing), so every entry point the bot
uses of ``rendering`` is written here and checked by the type checker. :func:`call` draws: PNG
bytes, or ``None`` when the rendering fails (logged without its arguments, which may hold a hand);
the bot then falls back to text-only embeds.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Callable
from typing import Any

log = logging.getLogger("bot.infra.images")

#: a rendering function: PNG bytes, a Pillow image, or nothing (a page past the last)
Drawing = Callable[..., object]


def drawings() -> dict[str, Drawing]:
    """The rendering functions a job may name (imported here, in the process that draws)."""
    import rendering

    return {
        "table_image": rendering.table_image,
        "hand_image": rendering.hand_image,
        "plan_image": rendering.plan_image,
        "recap_image": rendering.recap_image,
        "recap_page": rendering.recap_page,
        "scoreboard_image": rendering.scoreboard_image,
        "warm_up": rendering.warm_up,
    }


def drawing(name: str) -> Drawing | None:
    """The rendering function called ``name`` (looked up at each call: a test may replace one);
    ``None`` when there is none, or the rendering cannot be imported (text-only embeds then)."""
    try:
        return drawings().get(name)
    except Exception:
        log.exception("rendering unavailable")
        return None


def call(name: str, *args: Any, **kwargs: Any) -> bytes | None:
    """``rendering.<name>(*args, **kwargs)`` as PNG bytes; ``None``: no such drawing, or it failed."""
    fn = drawing(name)
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
