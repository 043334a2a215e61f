"""Thin cogs: they turn Discord input into TableService calls (STYLE.md section 3)."""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING, Any, Protocol

import discord
from discord import app_commands
from discord.ext import commands

from games import GAMES

if TYPE_CHECKING:
    from bot.service.archive import Archive
    from bot.service.challenges import ChallengeService
    from bot.service.settings import Settings
    from bot.service.shared_deals import SharedDeals
    from bot.service.shown_records import ShownRecords
    from bot.service.table import Table
    from bot.service.tables import TableService
    from bot.ui.hands import Hands
    from bot.ui.hints import HintSwitch
    from bot.ui.ids import Handler


#: a fixed choice's name, as the member reads it (the translator looks it up in the ``choice`` context,
#: where accents and spaces are allowed: "día", "repartos libres")
choice = app_commands.locale_str


class Shows(Protocol):
    """The presenter, as the cogs see it (:class:`bot.ui.presenter.Presenter`)."""

    def table_changed(self, table: Table) -> None: ...

    async def post_lobby(self, table: Table) -> None: ...

    def note(self, table: Table, rev: int, key: str, **kw: str) -> None: ...


class CogBot(Protocol):
    """What the cogs need of the bot (:class:`bot.ui.client.TapisBot`): the service and what shows
    it, the component handlers they register, the guard that answers every interaction."""

    settings: Settings
    archive: Archive  # what the cogs read of the saved data
    records: ShownRecords  # what Discord was shown (the threads made once)
    service: TableService
    challenges: ChallengeService
    presenter: Shows
    hands: Hands
    hint_switch: HintSwitch
    handlers: dict[str, Handler]
    shared: SharedDeals  # who may see a shared deal (bot/service/shared_deals.py)

    def guard(self, interaction: discord.Interaction[Any]) -> AbstractAsyncContextManager[None]: ...

    def locale_for(self, interaction: discord.Interaction[Any]) -> str: ...

    def private_locale(self, interaction: discord.Interaction[Any]) -> str: ...

    async def add_cog(self, cog: commands.Cog, /) -> None: ...


def is_admin(user: object) -> bool:
    """Whether a member may manage the server (Manage Server or Administrator): the bot's admins."""
    perms = getattr(user, "guild_permissions", None)
    return perms is not None and bool(perms.manage_guild or perms.administrator)


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
