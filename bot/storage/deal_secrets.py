"""Each server's deal secret (migration 0012): made once, read back by every process, erased with
the server's data (:mod:`bot.storage.privacy`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.storage.database import Database

INSERT_SECRET = "INSERT INTO deal_secrets (guild_id, secret) VALUES (?, ?) ON CONFLICT (guild_id) DO NOTHING"
SELECT_SECRET = "SELECT secret FROM deal_secrets WHERE guild_id = ?"


async def secret(db: Database, guild_id: int, fresh: str) -> str:
    """The server's secret, ``fresh`` stored first when it has none (the first writer wins, so two
    processes making one at once read back the same)."""
    async with db.transaction() as conn:
        found = await conn.scalar(SELECT_SECRET, (guild_id,))
        if found is None:
            await conn.run(INSERT_SECRET, (guild_id, fresh))
            found = await conn.scalar(SELECT_SECRET, (guild_id,))
    return str(found)
