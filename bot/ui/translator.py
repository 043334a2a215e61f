"""The slash commands' names and descriptions in every language (discord.py's ``Translator``)."""

from __future__ import annotations

import discord
from discord import app_commands

from games import i18n
from games.i18n import COMMAND, FALLBACK, normalize


class Translator(app_commands.Translator):
    """Command names and descriptions in every language of :data:`games.i18n.LOCALES` (the code
    holds the English text, the catalogues its translations under the ``command`` context)."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        code = str(locale.value).split("-")[0]
        if code not in i18n.LOCALES or code == FALLBACK:
            return None
        return i18n.catalogue(normalize(code)).lookup(string.message, COMMAND)
