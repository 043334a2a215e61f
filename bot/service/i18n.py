"""The bot's text: thin facades over the catalogues of :mod:`games.i18n`, and the slash-command
:class:`Translator`.

``t(locale, key, **kw)`` reads the message ``key`` (``games/locales/<locale>.po``), ``tn`` its
plural form for a count, ``pick`` a game's :class:`~games.i18n.Msg` (or ``{"fr", "en"}`` dict). To
add a text, use a new key here and add it to every ``.po`` (``make messages`` adds it empty; the
tests fail until each language has it).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from games import i18n
from games.i18n import COMMAND, FALLBACK, LOCALES, N_, normalize

__all__ = ["LOCALES", "N_", "Translator", "normalize", "pick", "t", "tn"]


def t(locale: str, key: str, **kw: Any) -> str:
    """The text ``key`` in ``locale`` (``"fr"``, ``"en-US"``...), formatted with ``kw``."""
    return i18n.t(locale, key, **kw)


def tn(locale: str, key: str, n: int | float, **kw: Any) -> str:
    """The text ``key`` in the plural form that fits the count ``n`` (``{n}`` is filled in)."""
    return i18n.tn(locale, key, n, **kw)


def pick(mapping: Any, locale: str, default: str = "") -> str:
    """A game's message (:class:`games.i18n.Msg` or ``{"fr": ..., "en": ...}`` dict) in ``locale``."""
    return i18n.localized(mapping, locale, default)


class Translator(app_commands.Translator):
    """Command names and descriptions in every language of :data:`LOCALES` (the code holds the
    English text, the catalogues its translations under the ``command`` context)."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        code = str(locale.value).split("-")[0]
        if code not in i18n.LOCALES or code == FALLBACK:
            return None
        return i18n.catalogue(normalize(code)).lookup(string.message, COMMAND)
