"""The slash commands' names and descriptions in every language (discord.py's ``Translator``)."""

from __future__ import annotations

import discord
from discord import app_commands

from games import i18n
from games.i18n import CHOICE, COMMAND, FALLBACK, normalize


class Translator(app_commands.Translator):
    """Command names and descriptions in every language of :data:`games.i18n.LOCALES` (the code
    holds the English text, the catalogues its translations under the ``command`` context); the
    names of fixed choices under the ``choice`` context (text a member reads: "día", "repartos
    libres", where a command's name is held to Discord's rules for names)."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        code = str(locale.value).split("-")[0]
        if code not in i18n.LOCALES or code == FALLBACK:
            return None
        where = getattr(context, "location", None)
        kind = CHOICE if where is app_commands.TranslationContextLocation.choice_name else COMMAND
        return i18n.catalogue(normalize(code)).lookup(string.message, kind)
