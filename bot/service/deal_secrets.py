"""The seeds of shared deals (docs/rules/club.md, « Duplicate deals »): drawn from a secret each server keeps, so that nothing
a member sees, exports included, lets anyone compute a deal they have not played.

The secret is made once with :mod:`secrets` and stored (:mod:`bot.storage.deal_secrets`); it is
never shown and is erased with the server's data. A deal's seed is an HMAC of the secret and the
deal's parts (``challenge``, the day, the game, the deal number...): a member who sees the seed of a
deal they played (its export) learns nothing of any other deal, since another deal's seed is a
different HMAC, and the computers, which decide from the deal's seed and the moves alone, cannot be
rehearsed offline before the deal is played.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets as random_secrets
from typing import TYPE_CHECKING

from bot.storage import deal_secrets as rows

if TYPE_CHECKING:
    from bot.storage.database import Database

__all__ = ["DealSecrets", "derive", "pseudonym"]

#: hexadecimal digits of a derived seed (128 bits)
SEED_DIGITS = 32


def derive(secret: bytes, *parts: object) -> str:
    """The seed of the deal named by ``parts``: HMAC-SHA256 of the secret, hexadecimal."""
    message = "\x1f".join(str(p) for p in parts).encode()
    return hmac.new(secret, message, hashlib.sha256).hexdigest()[:SEED_DIGITS]


def pseudonym(secret: bytes, user_id: int) -> int:
    """The id an erased member's challenge lines keep in a server: a negative number drawn from an
    HMAC of the server's secret and their id. The same at every erasure, so the bot still knows
    which deals that member was dealt (one attempt) without keeping their id; without the secret
    it names nobody, and its digits never spell the id."""
    for attempt in range(1000):
        digest = hmac.new(secret, f"erased\x1f{user_id}\x1f{attempt}".encode(), hashlib.sha256).digest()
        alias = -1 - (int.from_bytes(digest[:8], "big") >> 2)
        if str(user_id) not in str(alias)[1:]:
            return alias
    raise ValueError("no pseudonym")  # pragma: no cover: 1000 draws all spelling the id


class DealSecrets:
    """Each server's secret on a database, kept once read. One per process, owned by the table
    service and shared by the services dealing from it, so an erased server's secret is forgotten by
    all (:meth:`forget`); a server is served by one process, so no other holds it."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._cache: dict[int, bytes] = {}

    async def secret(self, guild_id: int) -> bytes:
        """The server's secret, made and stored the first time it is asked for."""
        found = self._cache.get(guild_id)
        if found is None:
            found = self._cache[guild_id] = bytes.fromhex(
                await rows.secret(self.db, guild_id, random_secrets.token_hex(32)))
        return found

    async def seed(self, guild_id: int, *parts: object) -> str:
        """The seed of the server's deal named by ``parts`` (:func:`derive`)."""
        return derive(await self.secret(guild_id), *parts)

    async def pseudonym(self, guild_id: int, user_id: int) -> int:
        """The id the member's challenge lines in that server keep once they are erased (:func:`pseudonym`)."""
        return pseudonym(await self.secret(guild_id), user_id)

    async def event_seed(self, guild_id: int, event_id: str, event_seed: str, round_no: int,
                         table_no: int | None) -> str:
        """The seed of a club night's table: of the round (``table_no`` ``None``, a duplicate night,
        every table of the round dealing the same cards) or of one table (free deals). A table's
        seed tells nothing of another round's."""
        parts: tuple[object, ...] = (event_id, event_seed, round_no) + (() if table_no is None else (table_no,))
        return await self.seed(guild_id, "event", *parts)

    def forget(self, guild_id: int) -> None:
        """The server's data was erased: its secret is made again if it comes back."""
        self._cache.pop(guild_id, None)
