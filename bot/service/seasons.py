"""Seasons (docs/rules/club.md, « Club nights »): admins set the dates and K; the events of the server started between the
dates count (an admin may add or leave out one); the standings sum each member's best K results.
No Discord."""

from __future__ import annotations

import datetime as dt
import secrets
from dataclasses import dataclass
from typing import Any

from bot.service.standings import SeasonLine, season_standings
from bot.service.table import BotError
from bot.storage.events import EventStore


@dataclass(frozen=True)
class Season:
    id: str
    guild_id: int
    name: str
    starts: str  # UTC dates, YYYY-MM-DD, inclusive
    ends: str
    best: int  # K: the best K event results are summed (0: all)

    @classmethod
    def of(cls, row: dict[str, Any]) -> Season:
        return cls(row["id"], int(row["guild_id"]), row["name"], row["starts"], row["ends"], int(row["best"]))


def _date(text: str) -> str:
    try:
        return dt.date.fromisoformat(text.strip()).isoformat()
    except ValueError:
        raise BotError.of("season_bad_date", text=text) from None


#: the longest event id accepted (they are 8 characters)
EVENT_ID_MAX = 16


class Seasons:
    """The seasons of every server and their standings."""

    def __init__(self, store: EventStore) -> None:
        self.store = store

    async def create(self, *, guild_id: int, name: str, starts: str, ends: str, best: int) -> Season:
        """:raises BotError: a date that is not YYYY-MM-DD, the end before the start, K below 0."""
        first, last = _date(starts), _date(ends)
        if last < first or best < 0:
            raise BotError.of("season_bad_range")
        season = Season(secrets.token_hex(4), guild_id, name, first, last, best)
        await self.store.create_season(season.__dict__)
        return season

    async def get(self, guild_id: int, season_id: str | None = None, *, today: str | None = None) -> Season:
        """The season ``season_id``, else the server's season of ``today`` (UTC), else its latest.

        :raises BotError: the server has no such season."""
        if season_id:
            row = await self.store.season(season_id)
            if row is None or int(row["guild_id"]) != guild_id:
                raise BotError.of("season_unknown")
            return Season.of(row)
        rows = [Season.of(r) for r in await self.store.seasons(guild_id)]
        if not rows:
            raise BotError.of("season_unknown")
        day = today or dt.datetime.now(dt.UTC).date().isoformat()
        return next((s for s in rows if s.starts <= day <= s.ends), rows[0])

    async def count_event(self, guild_id: int, season_id: str, event_id: str, counts: bool) -> None:
        """Count an event of this server in the season, or leave it out.

        :raises BotError: no such season, or no such event on this server (ids are bounded)."""
        await self.get(guild_id, season_id)
        code = event_id.strip().lower()
        row = await self.store.event(code) if 0 < len(code) <= EVENT_ID_MAX else None
        if row is None or int(row["guild_id"]) != guild_id:
            raise BotError.of("event_unknown")
        await self.store.count_event(season_id, code, counts)

    async def standings(self, season: Season) -> list[SeasonLine]:
        return season_standings(await self.store.season_results(season.id), season.best)


def season_named(name: str) -> bool:
    """Whether a season's name already says "season" in one of the languages ("Saison 2026"), so
    its title does not say it twice."""
    from bot.service.i18n import LOCALES, t

    return name.casefold().startswith(tuple(t(locale, "season.word").casefold() for locale in LOCALES))
