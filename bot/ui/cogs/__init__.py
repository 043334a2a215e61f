"""Thin cogs: they turn Discord input into TableService calls (STYLE.md section 3)."""

from __future__ import annotations

from discord import app_commands

from games import GAMES


def game_choices() -> list[app_commands.Choice[str]]:
    """Every registered game as a fixed choice ("Tarot (3-5)"), so a game picker lists them all
    before anything is typed (autocomplete shows nothing until then in some clients).

    Called where a cog module is executed: discord.py executes an extension's module at each load,
    so the games registered when the bot starts are the ones offered. Titles are the games' own
    names (Tarot, Tresillo, Le Trio, L'École, Piquet), the same in every language.
    """
    out = []
    for name, game in GAMES.items():
        title = game.titles.get("fr") or next(iter(game.titles.values()), name)
        seats = f"{game.min_seats}" if game.min_seats == game.max_seats else f"{game.min_seats}-{game.max_seats}"
        out.append(app_commands.Choice(name=f"{title} ({seats})"[:100], value=name))
    return out[:25]
