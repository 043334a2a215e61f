"""The daily challenge (défi du jour; docs/rules/club.md): no Discord here.

Each day (the server's time zone, UTC by default) a server has one challenge per enabled game: N
deals, each drawn from a seed derived from the server's secret, the date, the game and its number
(:func:`~bot.service.challenge_scores.day_deals`), so nobody can compute one before it is dealt.
A member plays them alone against the computers, one attempt, deal after deal. **Each deal is an
ordinary table** of the :class:`~bot.tables.TableService` (the member and computers of the
server's level, the deal's seed), so it is saved, restored after a restart, drawn and replayed as
tables are; its seed starts with ``challenge:``, which makes its computers decide from the deal and
the moves alone and the expert count its budget in samples (:mod:`bot.autoplay`), and keeps the
turn timer off (nobody stands in for the member). The member's deal score is written when the table
is over (:meth:`ChallengeService.settle`, told by the table service's listener, and again at
start-up for a table that ended as the bot stopped).

What a member may see follows one rule: **nothing of a deal before they have played it**. Until
they finish, the day's standings list who finished, without scores; the others' plays of a deal
(replays) open once they have finished the challenge.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
import zoneinfo
from collections.abc import Callable, Collection
from dataclasses import dataclass, field, replace
from datetime import datetime
from zoneinfo import ZoneInfo

from bot.service.autoplay import LEVELS
from bot.service.challenge_scores import (
    DEFAULT_DEALS,
    MAX_DEALS,
    MIN_DAYS,
    SEATS,
    ChallengeDeal,
    MemberDay,
    PeriodStanding,
    day_deals,
    day_results,
    parse_seed,
    period,
    period_standings,
    squares,
    streaks,
)
from bot.service.dealt import Seat, open_dealt, seat_and_start
from bot.service.i18n import t
from bot.service.table import BotError, Table
from bot.service.tables import TableService
from bot.storage.challenges import ChallengeStore, DealRow, StoredSettings
from games import find_game
from games.duplicate import deal_score

log = logging.getLogger(__name__)
__all__ = ["GAMES", "ChallengeService", "ChallengeSettings", "Progress"]

GAMES = tuple(DEFAULT_DEALS)
#: days whose results are kept scored (a day is scored again when its rows change)
DAYS_CACHED = 256


#: names the time zone database holds that are not places (the machine's zone, a build's leftovers)
NOT_ZONES = frozenset({"localtime", "posixrules", "Factory"})


@functools.cache
def _zones() -> frozenset[str]:
    return frozenset(zoneinfo.available_timezones())


def real_zone(name: str) -> bool:
    """Whether ``name`` is an IANA time zone of a place (``Europe/Paris``, ``UTC``), not the machine's
    ``localtime``, ``posixrules``, ``Factory`` or a ``posix/`` / ``right/`` copy."""
    return name in _zones() and name not in NOT_ZONES and not name.startswith(("posix/", "right/"))


@dataclass(frozen=True)
class ChallengeSettings:
    """A server's challenge: its time zone, its games with their deal counts, the computers' level."""

    time_zone: str = "UTC"
    games: dict[str, int] = field(default_factory=lambda: dict(DEFAULT_DEALS))
    level: str = "expert"

    def count(self, game: str) -> int:
        """The game's deal count. :raises BotError: the server has not enabled it."""
        if game not in self.games:
            raise BotError.of("challenge_not_enabled", game=find_game(game))
        return self.games[game]


@dataclass(frozen=True)
class Progress:
    """Where a member stands in a day's challenge: ``table`` the deal in play (``None`` when they
    finished), ``deal_no`` its number (0-based), ``count`` the deals of the day."""

    day: str
    game: str
    deal_no: int
    count: int
    table: Table | None

    @property
    def finished(self) -> bool:
        return self.table is None


class ChallengeService:
    """Every server's daily challenges, over the table service and the challenge rows."""

    def __init__(self, tables: TableService, store: ChallengeStore | None = None) -> None:
        self.tables = tables
        self.store = store or ChallengeStore(tables.db)
        self.secrets = tables.secrets
        self.clock: Callable[[], float] = time.time
        self._settings: dict[int, ChallengeSettings] = {}
        self._live: dict[str, DealRow] = {}  # table id -> its deal row, while it is in play
        self._locks: dict[tuple[int, int, str], asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._days: dict[tuple[int, str, str], tuple[tuple[int, int], dict[int, MemberDay]]] = {}

    # -- settings ----------------------------------------------------------------------------

    async def settings(self, guild_id: int) -> ChallengeSettings:
        if guild_id not in self._settings:
            saved = await self.store.settings(guild_id)
            self._settings[guild_id] = ChallengeSettings() if saved is None else ChallengeSettings(
                saved.time_zone, saved.games if saved.games is not None else dict(DEFAULT_DEALS), saved.level)
        return self._settings[guild_id]

    async def configure(self, guild_id: int, *, time_zone: str | None = None, game: str | None = None,
                        deals: int | None = None, level: str | None = None) -> ChallengeSettings:
        """Admins: the time zone, a game's deal count (0 disables it) and the computers' level.

        :raises BotError: an unknown time zone, game or level, or a deal count out of range."""
        now = await self.settings(guild_id)
        if time_zone is not None:
            if not real_zone(time_zone):
                raise BotError.of("challenge_bad_zone", zone=time_zone[:40])
            now = replace(now, time_zone=time_zone)
        if level is not None:
            if level not in LEVELS:
                raise BotError.of("bad_choice")
            now = replace(now, level=level)
        if game is not None or deals is not None:
            if game not in SEATS or deals is None or not 0 <= deals <= MAX_DEALS:
                raise BotError.of("challenge_bad_count", most=MAX_DEALS)
            games = {g: n for g, n in now.games.items() if g != game}
            if deals:
                games[game] = deals
            now = replace(now, games={g: games[g] for g in GAMES if g in games})
        await self.store.save_settings(guild_id, StoredSettings(now.time_zone, now.games, now.level))
        self._settings[guild_id] = now
        return now

    async def today(self, guild_id: int) -> str:
        """Today's date in the server's time zone (``YYYY-MM-DD``)."""
        zone = ZoneInfo((await self.settings(guild_id)).time_zone)
        return datetime.fromtimestamp(self.clock(), zone).date().isoformat()

    async def deals(self, guild_id: int, game: str, day: str | None = None) -> list[ChallengeDeal]:
        settings = await self.settings(guild_id)
        return day_deals(await self.secrets.secret(guild_id), day or await self.today(guild_id), game,
                         settings.count(game))

    # -- playing -----------------------------------------------------------------------------

    async def play(self, guild_id: int, user_id: int, name: str, game: str, *, channel_id: int,
                   thread_id: int | None) -> Progress:
        """The member's deal in play today, resumed, or their next deal started at a new table in
        ``thread_id`` (their private place); a finished challenge gives ``table=None``.

        :raises BotError: the game is not enabled, or the table service refuses (another shard...)."""
        day = await self.today(guild_id)
        deals = await self.deals(guild_id, game, day)
        key = (guild_id, user_id, game)
        async with self._locks.setdefault(key, asyncio.Lock()):
            rows = await self.store.member_day(guild_id, day, game, user_id)
            # deals dealt to the member before they erased their data (kept under their pseudonym):
            # dealt once, never again
            erased = await self.store.member_day(guild_id, day, game, await self.secrets.pseudonym(guild_id, user_id))
            for row in rows:
                if row.score is None:
                    table = await self._resume(row)
                    if table is None and await self._cancelled(row.table_id):
                        table = await self._open(deals[row.deal_no], guild_id, day, user_id, name, channel_id,
                                                 thread_id, again=row)
                    if table is not None:
                        return Progress(day, game, row.deal_no, len(deals), table)
            taken = {r.deal_no for r in [*await self.store.member_day(guild_id, day, game, user_id), *erased]}
            k = next((n for n in range(len(deals)) if n not in taken), len(deals))
            if k >= len(deals):
                return Progress(day, game, len(deals), len(deals), None)
            table = await self._open(deals[k], guild_id, day, user_id, name, channel_id, thread_id)
            return Progress(day, game, k, len(deals), table)

    async def _open(self, deal: ChallengeDeal, guild_id: int, day: str, user_id: int, name: str,
                    channel_id: int, thread_id: int | None, again: DealRow | None = None) -> Table:
        """A table dealing ``deal``: the member at the deal's seat, computers of the server's level
        (``again``: the row of the deal whose table was cancelled, moved to the new table)."""
        svc, d = self.tables, deal.deal
        table = await open_dealt(svc, d, [(user_id, name)], guild_id=guild_id, channel_id=channel_id,
                                 thread_id=thread_id)
        row = DealRow(guild_id, day, d.game, user_id, d.deal_no, deal.seat, name, table.id, None)
        try:
            if again is None:
                await self.store.add_deal(row)
            else:
                await self.store.move(again, table.id)
        except Exception:
            await svc.cancel(table.id, None, admin=True)
            raise
        self._live[table.id] = row
        await self._seat_and_start(table, row)
        return table

    async def _seat_and_start(self, table: Table, row: DealRow) -> None:
        """A lobby of the challenge: computers around the member (at the deal's seat), then started."""
        seats: list[Seat] = [None] * table.capacity
        seats[row.seat] = (row.user_id, row.name)
        await seat_and_start(self.tables, table, seats, (await self.settings(row.guild_id)).level)

    async def _resume(self, row: DealRow) -> Table | None:
        """The table of a deal without a score: in play (resumed), in its lobby (started), or over
        (settled now: ``None``)."""
        try:
            table = self.tables.registry.get(row.table_id)
        except BotError:
            table = None
        if table is not None and table.status == "lobby":
            self._live[table.id] = row
            await self._seat_and_start(table, row)
            return table
        if table is not None and table.status == "playing":
            self._live[table.id] = row
            return table
        await self.settle(row.table_id)
        return None

    def table_changed(self, table: Table) -> None:
        """A listener: a challenge table that is over gets its score (in a task; never blocks)."""
        if table.status == "over" and table.id in self._live:
            task = asyncio.get_running_loop().create_task(self._settle_logged(table.id))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _settle_logged(self, table_id: str) -> None:
        try:
            await self.settle(table_id)
        except Exception:
            log.exception("challenge table %s: its score could not be saved (saved at the next start)", table_id)

    async def settle(self, table_id: str) -> float | None:
        """Save the member's deal score of a challenge table that is over (once; again changes
        nothing); ``None`` when it is not over (a cancelled table's deal is dealt again, the same
        cards, at the member's next ``play``)."""
        row = self._live.get(table_id) or await self.store.by_table(table_id)
        if row is None:
            return None
        table = self.tables.registry.get(table_id) if self._known(table_id) else None
        state = table.state if table is not None else None
        if state is None or state.outcome() is None:
            saved = await self.tables.db.table(table_id)
            if saved is None or saved["status"] != "over":
                return None
            data = await self.tables.db.saved_state(saved)
            if data is None:
                return None
            state = find_game(row.game).load(data)
        score = deal_score(row.game, state, row.seat)
        await self.store.finish(table_id, score)
        self._live.pop(table_id, None)
        return score

    async def _cancelled(self, table_id: str) -> bool:
        saved = await self.tables.db.table(table_id)
        return saved is None or saved["status"] == "cancelled"

    def _known(self, table_id: str) -> bool:
        try:
            self.tables.registry.get(table_id)
        except BotError:
            return False
        return True

    async def restore(self) -> int:
        """After the table service's restore: every deal without a score is followed again, and
        those whose table ended while the bot was stopped are settled. Returns the deals in play."""
        live = 0
        for row in await self.store.unfinished():
            if not self.tables.serves(row.guild_id):
                continue
            if self._known(row.table_id) and self.tables.registry.get(row.table_id).open:
                self._live[row.table_id] = row
                live += 1
            else:
                await self.settle(row.table_id)
        return live + await self._repair()

    async def _repair(self) -> int:
        """A deal's table opened when the bot stopped before its row was written (a crash between
        the two steps of :meth:`_open`): the row is written now, so the member resumes that table
        (never a second table of the deal, never "a table is already open here"); a second table of
        a deal the member already holds is cancelled. Returns the tables adopted."""
        adopted = 0
        for table in [tb for tb in self.tables.registry.open.values() if tb.challenge and tb.open]:
            found = parse_seed(table.seed)
            if found is None or not self.tables.serves(table.guild_id) or not table.seats \
                    or await self.store.by_table(table.id) is not None:
                continue
            day, game = found
            member = table.seats[0] if table.status == "lobby" else next(s for s in table.seats if not s.computer)
            deal_no = int(table.seed.rsplit("/", 1)[1])
            held = [r for r in await self.store.member_day(table.guild_id, day, game, member.user_id or 0)
                    if r.deal_no == deal_no]
            deals = day_deals(await self.secrets.secret(table.guild_id), day, game, deal_no + 1)
            if held or member.user_id is None or deals[deal_no].deal.engine_seed != table.seed:
                await self.tables.cancel(table.id, None, admin=True)
                continue
            row = DealRow(table.guild_id, day, game, member.user_id, deal_no, deals[deal_no].seat, member.name,
                          table.id, None)
            await self.store.add_deal(row)
            self._live[table.id] = row
            if table.status == "lobby":
                await self._seat_and_start(table, row)
            adopted += 1
        return adopted

    async def idle(self) -> None:
        """Wait for the scores being saved (tests)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    # -- results -----------------------------------------------------------------------------

    async def day(self, guild_id: int, game: str, day: str | None = None,
                  rows: list[DealRow] | None = None) -> dict[int, MemberDay]:
        """Every member's day (percentages over the members who finished each deal so far);
        ``rows``: the day's rows when already read. Scored once per state of the day's rows."""
        day = day or await self.today(guild_id)
        if rows is None:
            rows = await self.store.day(guild_id, game, day)
        mark = (len(rows), sum(r.score is not None for r in rows))
        key = (guild_id, game, day)
        cached = self._days.get(key)
        if cached is None or cached[0] != mark:
            cached = self._days[key] = (mark, day_results(rows, await self.deals(guild_id, game, day)))
            while len(self._days) > DAYS_CACHED:
                del self._days[next(iter(self._days))]
        return cached[1]

    async def result(self, guild_id: int, user_id: int, game: str, day: str | None = None) -> MemberDay | None:
        """The member's own day: their deals' percentages, overall, place (``None``: not started)."""
        return (await self.day(guild_id, game, day)).get(user_id)

    async def standings(self, guild_id: int, viewer: int, game: str, kind: str = "day",
                        day: str | None = None) -> tuple[list[PeriodStanding], bool]:
        """``(rows, scored)``: the ``kind`` (``day``, ``week``, ``month``) standings as ``viewer`` may
        see them. Until the viewer finishes today's challenge, ``scored`` is false for today's
        standings: they list who finished (percent 0, no place); a week or a month leaves today out."""
        today = await self.today(guild_id)
        day = day or today
        first, last = period(day, kind)
        by_day: dict[str, list[DealRow]] = {}
        for r in await self.store.days(guild_id, game, first, last):
            by_day.setdefault(r.day, []).append(r)
        days = {d: await self.day(guild_id, game, d, rs) for d, rs in by_day.items()}
        if today in days:
            mine = days[today].get(viewer)
        else:
            mine = await self.result(guild_id, viewer, game, today)
        if mine is None or not mine.finished:
            if kind == "day" and day == today:
                return [PeriodStanding(m.user_id, m.name, 0.0, 1, None)
                        for m in sorted(days.get(today, {}).values(), key=lambda m: m.name) if m.finished], False
            days.pop(today, None)
        return period_standings(days, MIN_DAYS[kind]), True

    async def replays(self, guild_id: int, viewer: int, game: str, deal_no: int,
                      day: str | None = None) -> list[DealRow]:
        """The day's finished plays of deal ``deal_no``, best score first, for a viewer who
        finished the challenge. :raises BotError: the viewer has not finished it."""
        day = day or await self.today(guild_id)
        mine = await self.result(guild_id, viewer, game, day)
        if mine is None or not mine.finished:
            raise BotError.of("challenge_finish_first")
        rows = [r for r in await self.store.day(guild_id, game, day) if r.deal_no == deal_no and r.score is not None]
        return sorted(rows, key=lambda r: (-(r.score or 0.0), r.finished_at or "", r.user_id))

    async def stats(self, guild_id: int, user_id: int) -> dict[str, tuple[int, float | None, int, int]]:
        """Per game the member played: ``(days finished, mean percentage, current streak, longest)``."""
        today = await self.today(guild_id)
        rows = await self.store.member(guild_id, user_id)
        out = {}
        for game in sorted({r.game for r in rows}):
            finished = []
            for d in sorted({r.day for r in rows if r.game == game}):
                mine = await self.result(guild_id, user_id, game, d)
                if mine is not None and mine.finished and mine.percent is not None:
                    finished.append((d, mine.percent))
            current, longest = streaks([d for d, _ in finished], today)
            mean = sum(p for _, p in finished) / len(finished) if finished else None
            out[game] = (len(finished), mean, current, longest)
        return out

    async def visible(self, guild_id: int, viewer: int, seed: str, players: Collection[int | None]) -> bool:
        """Whether ``viewer`` may see a finished table dealt from ``seed`` (its replay, export,
        history line): any table but a challenge's; a challenge's deal to its member, and to the
        others once they finished that day's challenge, or once the day is over."""
        found = parse_seed(seed)
        if found is None or viewer in players:
            return True
        day, game = found
        if day < await self.today(guild_id):
            return True
        mine = await self.result(guild_id, viewer, game, day)
        return mine is not None and mine.finished

    async def check_visible(self, guild_id: int, viewer: int, seed: str, players: Collection[int | None]) -> None:
        """:raises BotError: ``viewer`` may not see that table yet (:meth:`visible`)."""
        if not await self.visible(guild_id, viewer, seed, players):
            raise BotError.of("challenge_finish_first")

    def share_line(self, locale: str, day: str, game: str, mine: MemberDay) -> str:
        """The spoiler-free line a member may post: date, game, percentage, a square per deal; no card."""
        d = datetime.fromisoformat(day)
        return t(locale, "challenge_share", date=f"{d.day:02d}/{d.month:02d}", game=find_game(game).title(locale),
                 percent=t(locale, "challenge_percent", n=round(mine.percent or 0)), squares=squares(mine.percents))
