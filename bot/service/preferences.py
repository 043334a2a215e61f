"""Each server's preferences (``/settings``): its language and turn timer, read once, then kept."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.service.settings import Settings
    from bot.storage import Database


class Preferences:
    """``(locale, turn timer seconds)`` by server, the settings' defaults where a server set none."""

    def __init__(self, db: Database, settings: Settings) -> None:
        self.db = db
        self.settings = settings
        self.known: dict[int, tuple[str, int]] = {}

    def _resolved(self, locale: str | None, timer: int | None) -> tuple[str, int]:
        return (locale or self.settings.default_locale, self.settings.turn_timer if timer is None else timer)

    async def of(self, guild_id: int) -> tuple[str, int]:
        if guild_id not in self.known:
            self.known[guild_id] = self._resolved(*await self.db.guild_settings(guild_id))
        return self.known[guild_id]

    async def load_all(self) -> None:
        """Every server's, in one query (at restore)."""
        for guild_id, (locale, timer) in (await self.db.all_guild_settings()).items():
            self.known[guild_id] = self._resolved(locale, timer)

    def locale_of(self, guild_id: int) -> str:
        return self.known.get(guild_id, (self.settings.default_locale, 0))[0]

    def timer_of(self, guild_id: int) -> int:
        return self.known.get(guild_id, ("", self.settings.turn_timer))[1]

    async def set(self, guild_id: int, *, locale: str | None = None, timer: int | None = None) -> None:
        await self.db.set_guild_settings(guild_id, locale=locale, turn_timer=timer)
        self.known.pop(guild_id, None)
        await self.of(guild_id)

    def forget(self, guild_id: int) -> None:
        self.known.pop(guild_id, None)
