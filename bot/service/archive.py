"""What the UI reads of the saved data: a table's row, seats and result lines, a member's history,
the leaderboards, a member's or a server's data (privacy), whether a server offers hints. The UI reads the database through this service
only (never a ``Database`` call of its own), so what it reads is one list, here; what Discord was shown
is its own record (:class:`bot.service.shown_records.ShownRecords`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.service import privacy
from bot.storage import Rating
from bot.storage import shared_deals as sharing_rows

if TYPE_CHECKING:
    from bot.storage import Database

__all__ = ["Archive", "Rating"]


class Archive:
    """The saved matches, ratings and server switches, read for the UI."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def table(self, table_id: str) -> dict[str, Any] | None:
        """A table's saved row (any status), ``None`` when there is none."""
        return await self.db.table(table_id)

    async def saved_state(self, row: dict[str, Any]) -> dict[str, Any] | None:
        """A table row's saved state (its snapshot and the actions after it), ``None`` without one.
        :raises ValueError: the saved state is damaged."""
        return await self.db.saved_state(row)

    async def seats(self, table_id: str) -> list[dict[str, Any]]:
        """A table's saved seats, by seat."""
        return await self.db.seats(table_id)

    async def results(self, table_id: str) -> list[dict[str, Any]]:
        """Every seat's result line of a finished match, by seat."""
        return await self.db.results(table_id)

    async def history(self, guild_id: int, user_id: int, game: str | None = None, *, limit: int = 10,
                      offset: int = 0) -> tuple[list[dict[str, Any]], int]:
        """A member's finished matches in a server, newest first: ``(rows, total)``."""
        return await self.db.history(guild_id, user_id, game, limit=limit, offset=offset)

    async def top(self, guild_id: int, game: str, *, humans: bool = True, limit: int = 10) -> list[Rating]:
        """A server's best ratings of a game, members' (``humans``) or computer players'."""
        return await self.db.top(guild_id, game, humans=humans, limit=limit)

    async def stats(self, guild_id: int, user_id: int) -> list[tuple[str, Rating]]:
        """A member's rating in each game of a server: ``(game, rating)``."""
        return await self.db.stats(guild_id, user_id)

    async def shares_deal(self, table_id: str) -> bool:
        """Whether another table deals ``table_id``'s cards (:mod:`bot.service.shared_deals`)."""
        return await sharing_rows.sharing(self.db, table_id) is not None

    async def member_export(self, user_id: int) -> dict[str, Any]:
        """Everything kept about a member, in every server (:func:`bot.service.privacy.member_export`)."""
        return await privacy.member_export(self.db, user_id)

    async def guild_summary(self, guild_id: int) -> dict[str, int]:
        """How many of each kind of row a server's data holds (:func:`bot.service.privacy.guild_summary`)."""
        return await privacy.guild_summary(self.db, guild_id)

    async def hints(self, guild_id: int) -> bool:
        """Whether a server offers hints (``/settings hints:``)."""
        return await self.db.hints(guild_id)

    async def set_hints(self, guild_id: int, on: bool) -> None:
        await self.db.set_hints(guild_id, on)
