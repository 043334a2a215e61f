"""The bot's text: thin facades over the catalogues of :mod:`games.i18n` (plain functions, no
Discord; the slash commands' translator is :mod:`bot.ui.translator`).

``t(locale, key, **kw)`` reads the message ``key`` (``games/locales/<locale>.po``), ``tn`` its
plural form for a count, ``pick`` a game's :class:`~games.i18n.Msg` (or ``{"fr", "en"}`` dict). To
add a text, use a new key here and add it to every ``.po`` (``make messages`` adds it empty; the
tests fail until each language has it).
"""

from __future__ import annotations

from typing import Any

from games import i18n
from games.i18n import LOCALES, N_, normalize

__all__ = ["LOCALES", "N_", "normalize", "pick", "t", "tn"]


def t(locale: str, key: str, **kw: Any) -> str:
    """The text ``key`` in ``locale`` (``"fr"``, ``"en-US"``...), formatted with ``kw``."""
    return i18n.t(locale, key, **kw)


def tn(locale: str, key: str, n: int | float, **kw: Any) -> str:
    """The text ``key`` in the plural form that fits the count ``n`` (``{n}`` is filled in)."""
    return i18n.tn(locale, key, n, **kw)


def pick(mapping: Any, locale: str, default: str = "") -> str:
    """A game's message (:class:`games.i18n.Msg` or ``{"fr": ..., "en": ...}`` dict) in ``locale``."""
    return i18n.localized(mapping, locale, default)
