"""TapisBot: loads the cogs, registers the DynamicItem, restores tables, syncs commands."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.db import Database
from bot.hands import Hands
from bot.i18n import Translator, t
from bot.ids import ParsedId
from bot.presenter import Presenter
from bot.settings import Settings
from bot.tables import BotError, TableService
from bot.views import TapisItem
from games.errors import GameError

log = logging.getLogger(__name__)
COGS = ("bot.cogs.lobby", "bot.cogs.play", "bot.cogs.leaderboard", "bot.cogs.admin", "bot.cogs.history")
Handler = Callable[[discord.Interaction[Any], ParsedId, list[str]], Awaitable[None]]


class TapisTree(app_commands.CommandTree["TapisBot"]):
    """Errors that escape a command (failed checks...) are logged and answered politely."""

    async def on_error(self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError) -> None:
        bot: TapisBot = interaction.client  # type: ignore[assignment]
        locale = bot.locale_for(interaction)
        if isinstance(error, app_commands.CheckFailure):
            await reply(interaction, t(locale, "not_admin"))
            return
        log.error("command %s failed", interaction.command and interaction.command.qualified_name,
                  exc_info=error)
        await reply(interaction, t(locale, "apology"))


async def reply(interaction: discord.Interaction[Any], text: str, **kwargs: Any) -> None:
    """An ephemeral answer, whether or not the interaction was already acknowledged."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True, **kwargs)
        else:
            await interaction.response.send_message(text, ephemeral=True, **kwargs)
    except discord.HTTPException:
        log.warning("could not answer interaction %s", interaction.id)


class TapisBot(commands.Bot):
    """The Discord bot: a :class:`TableService` shown by a :class:`Presenter`."""

    def __init__(self, settings: Settings, db: Database, **kwargs: Any) -> None:
        intents = discord.Intents.default()
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, tree_cls=TapisTree,
                         help_command=None, **kwargs)
        self.settings = settings
        self.db = db
        self.presenter = Presenter(self)
        self.hands = Hands(self)
        self.service = TableService(db, settings, self.presenter)
        self.handlers: dict[str, Handler] = {}
        self.unexpected: list[BaseException] = self.service.errors

    async def setup_hook(self) -> None:
        self.add_dynamic_items(TapisItem)
        await self.tree.set_translator(Translator())
        for name in COGS:
            await self.load_extension(name)
        restored = await self.service.restore()
        for table in self.service.tables.values():
            self.presenter.prime(table)
        if restored:
            log.info("%d table(s) back in play", restored)
        if self.settings.sync_commands:
            if self.settings.dev_guild_id:
                guild = discord.Object(self.settings.dev_guild_id)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
            else:
                await self.tree.sync()

    def locale_for(self, interaction: discord.Interaction[Any]) -> str:
        if interaction.guild_id is None:
            return self.settings.default_locale
        return self.service.locale_of(interaction.guild_id)

    @asynccontextmanager
    async def guard(self, interaction: discord.Interaction[Any]) -> AsyncIterator[None]:
        """Engine and bot refusals answered verbatim (localized), ephemerally; anything else logged
        with its traceback and answered with an apology."""
        try:
            yield
        except GameError as exc:
            await reply(interaction, exc.localized(self.locale_for(interaction)))
        except Exception as exc:
            self.unexpected.append(exc)
            log.exception("interaction %s failed", interaction.id)
            await reply(interaction, t(self.locale_for(interaction), "apology"))

    async def on_tapis_component(self, interaction: discord.Interaction[Any], parsed: ParsedId | None,
                                 values: list[str]) -> None:
        """Every Tapis button and menu lands here: routed by the verb in its custom_id."""
        async with self.guard(interaction):
            if parsed is None:
                raise BotError.of("unknown_verb")
            action = parsed.action
            verb = action[:2] if action.startswith("~") else ""
            handler = self.handlers.get(verb) or self.handlers.get("act")
            assert handler is not None
            await handler(interaction, parsed, values)

    async def close(self) -> None:
        await self.service.close()
        await super().close()
