"""Thin cogs: they turn Discord input into TableService calls (STYLE.md section 3)."""

from __future__ import annotations

from typing import Any

from discord import app_commands

from bot.i18n import pick
from games import GAMES


async def game_autocomplete(interaction: Any, current: str) -> list[app_commands.Choice[str]]:
    """Every registered game whose name or title contains what was typed."""
    locale = interaction.client.locale_for(interaction)
    text = current.strip().lower()
    out = []
    for name, game in sorted(GAMES.items()):
        title = pick(game.titles, locale, name)
        if not text or text in name or text in title.lower():
            out.append(app_commands.Choice(name=f"{title} ({game.min_seats}-{game.max_seats})"[:100], value=name))
    return out[:25]
