"""Erasure and export cover the club formats, on SQLite (secure_delete, the file and
its WAL scanned byte by byte) and PostgreSQL (every column of every table): after a challenge deal,
a duplicate group, a club night (organised and played) and a season, ``/privacy me`` leaves no id
or name of the member; their export lists those rows. Every table of the schema is named in an
explicit map of how erasure, export and the server purge cover it, so a new table fails here."""

from __future__ import annotations

import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from benchmarks.event import play_for_humans
from bot.service import privacy
from bot.service.challenges import ChallengeService
from bot.service.duplicate_tables import DuplicateTables
from bot.service.events import EventService, SerialPlaces
from bot.service.seasons import Seasons
from bot.service.tables import TableService
from bot.storage import Database
from bot.storage import privacy as rows
from bot.storage.postgres import VERSION_TABLE
from tests.bot.test_challenges import NOON, SETTINGS, play_deal
from tests.bot.test_duplicate_tables import play_out
from tests.bot.test_privacy import traces

pytestmark = pytest.mark.backends  # SQLite and PostgreSQL (tests/conftest.py)
ME = 4242
NAME = f"m{ME}"

#: every table of the schema: ``member`` how erasure covers a member's rows ("-": holds none),
#: ``server`` whether the server's erasure and the purge delete its rows
COVERAGE = {
    "game_tables": ("host id set to 0", True), "seats": ("id and name forgotten", True),
    "actions": ("-", True), "results": ("id and name forgotten", True), "ratings": ("deleted", True),
    "rating_roles": ("-", True), "guild_settings": ("-", True), "guild_departures": ("-", True),
    "shown_parts": ("-", True), "challenge_settings": ("-", True),
    "challenge_deals": ("id aliased, name forgotten", True), "duplicate_groups": ("seat aliased", True),
    "duplicate_tables": ("-", True), "events": ("organiser set to 0", True),
    "event_players": ("id aliased, name forgotten", True), "event_tables": ("-", True),
    "event_results": ("id aliased, name forgotten", True), "seasons": ("-", True), "season_events": ("-", True),
    "event_settings": ("-", True), "deal_secrets": ("-", True), "deal_reviews": ("-", True),
    "review_progress": ("-", True),
    # no member and no server in them: the schema's bookkeeping, the health probe, the rating model
    VERSION_TABLE: ("-", False), "health_probe": ("-", False), "rating_model": ("-", False),
}


async def schema_tables(db: Database) -> set[str]:
    async with db.transaction() as conn:
        sqlite = conn.dialect == "sqlite"
        found = await conn.fetch_all(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'" if sqlite else
            "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'")
    return {r["name"] for r in found}


async def test_every_table_is_covered_by_erasure_export_and_purge(db: Database) -> None:
    tables = await schema_tables(db)
    assert tables <= set(COVERAGE), f"tables no erasure covers: {sorted(tables - set(COVERAGE))}"
    purged = " ".join(rows.FORGET_GUILD)
    for table in tables:
        _how, server = COVERAGE[table]
        if server:
            assert f"FROM {table} " in purged, f"{table}: left by /privacy server and the purge"
    erased = " ".join(v for k, v in vars(rows).items() if k.startswith("FORGET_") and isinstance(v, str))
    exported = " ".join(v for k, v in vars(rows).items() if k.startswith(("MY_", "GROUPS_OF")) and isinstance(v, str))
    for table in tables:
        if COVERAGE[table][0] != "-":
            assert f"UPDATE {table} " in erased or f"FROM {table} " in erased, f"{table}: left by /privacy me"
            assert f"FROM {table} " in exported or f"JOIN {table} " in exported, f"{table}: not in the export"


async def test_erasure_after_the_club_formats_leaves_no_trace(db: Database) -> None:
    service = TableService(db, SETTINGS)
    challenges = ChallengeService(service)
    service.bus.subscribe(challenges)
    challenges.clock = lambda: NOON
    await challenges.configure(7, game="tarot", deals=1, level="normal")
    await play_deal(service, challenges, ME)
    dup = DuplicateTables(service)
    service.bus.subscribe(dup)
    group = await dup.open(7, "tarot", [[(ME, NAME), None, None, None], [(2, "ben"), None, None, None]],
                           [(10, None), (11, None)], deals=2)
    await play_out(service, dup, group, {})
    events = EventService(service, SerialPlaces())
    service.bus.subscribe(events)
    event = await events.create(guild_id=7, channel_id=5, organiser_id=ME, name="Vendredi", game="tarot",
                                fmt="duplicate", rounds=1, deals=1, starts_at=time.time() + 3600)
    for uid in [ME, *range(1002, 1009)]:
        await events.register(event.id, uid, NAME if uid == ME else f"p{uid}")
    await events.start(event.id, ME)
    await play_for_humans(service, events, event)
    assert event.status == "over"
    seasons = Seasons(events.store)
    season = await seasons.create(guild_id=7, name="Hiver", starts="2020-01-01", ends="2099-12-31", best=3)
    await seasons.count_event(7, season.id, event.id, True)
    data = await privacy.member_export(db, ME)
    assert data["challenge_deals"] and data["events"] and data["event_results"] and data["events_organised"]
    assert data["duplicate_groups"] and data["duplicate_groups"][0]["seats"]
    bot = SimpleNamespace(db=db, settings=SimpleNamespace(database_path=Path(str(getattr(db, "path", "")))))
    assert await traces(bot, ME, NAME), "the scan finds the member before the erasure"
    await privacy.erase_member(service, ME)  # type: ignore[arg-type]
    assert await traces(bot, ME, NAME) == []
    assert (await seasons.standings(season)), "the season still ranks the others"
    await events.close()
    await service.close()
