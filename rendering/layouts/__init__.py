"""Per-game layouts, keyed by ``view["game"]``. Adding a game's images is adding one module here.

A layout module subclasses :class:`~rendering.layouts.trick.TrickLayout` (a trick game's table) or
:class:`~rendering.layouts.base.Layout` (a table of its own), overrides the hooks it needs
(words, seat badges, side-panel lines and card rows, centre cards, recap lines, hand grouping, or
the whole ``draw_table``) and ends with ``LAYOUT = register("<game>", MyLayout())``; add its module
to ``_MODULES`` below so it is imported on first use. :func:`layout_for` falls back to the generic
layout, which draws any game from the shared view keys of ``games/base.py``.
"""

from __future__ import annotations

import importlib
from typing import Any

from rendering.layouts.base import Layout
from rendering.layouts.trick import TrickLayout

LAYOUTS: dict[str, Layout] = {}
_GENERIC = TrickLayout()

# game name -> module defining ``LAYOUT``; imported lazily so a broken game never breaks the others
_MODULES = {
    "tarot": "rendering.layouts.tarot",
    "tresillo": "rendering.layouts.tresillo",
    "trio": "rendering.layouts.trio",
    "ecole": "rendering.layouts.trio",
    "piquet": "rendering.layouts.piquet",
}


def register(name: str, layout: Layout) -> Layout:
    """Use ``layout`` for views whose ``game`` is ``name``."""
    LAYOUTS[name] = layout
    return layout


def layout_for(view: dict[str, Any]) -> Layout:
    """The layout for ``view["game"]``, else the generic one."""
    name = str(view.get("game", ""))
    found = LAYOUTS.get(name)
    if found is not None:
        return found
    module = _MODULES.get(name)
    if module is not None:
        try:
            found = getattr(importlib.import_module(module), "LAYOUT", None)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
        if isinstance(found, Layout):
            LAYOUTS[name] = found
            return found
    return _GENERIC
