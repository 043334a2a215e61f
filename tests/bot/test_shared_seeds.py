"""Shared deals nobody can derive (docs/rules/club.md, « Duplicate deals »), on SQLite and PostgreSQL: whatever a member sees
of a deal they played (its export, the group's code, the event's ids) does not let the test compute
the cards of a deal they have not played yet (the challenge's next deal, a group's next deal, a
club night's next round), and the server's secret appears nowhere a member can read."""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any

import pytest

from benchmarks.event import play_for_humans
from bot.service.archive import Archive
from bot.service.challenges import ChallengeService
from bot.service.duplicate_tables import DuplicateTables
from bot.service.events import EventService, SerialPlaces
from bot.service.records import MatchCache
from bot.service.tables import TableService
from bot.storage import Database
from bot.ui import replay
from games import find_game
from tests.bot.test_challenges import GUILD, NOON, SETTINGS, play_deal
from tests.bot.test_duplicate_tables import SLOTS, play_out

pytestmark = pytest.mark.backends  # SQLite and PostgreSQL (tests/conftest.py)
NUMBER = re.compile(r"\d+")


def hands(game: str, seats: int, seed: str, options: dict[str, Any]) -> list[list[str]]:
    state = find_game(game).new(seats, seed, options)
    return [sorted(str(c) for c in state.view(s)["hand"]) for s in range(seats)]


def guesses(seen: list[str]) -> set[str]:
    """Every seed a member could try from what they saw: each string, each with one of its numbers
    changed (a deal, a round, a table), and each of those followed by ``/k`` (the short ones: the
    ids and the seed; the text files are scanned for the secret only)."""
    out: set[str] = set()
    for text in (s for s in seen if len(s) < 100):
        bases = {text}
        for m in NUMBER.finditer(text):
            bases |= {text[:m.start()] + str(k) + text[m.end():] for k in range(10)}
        out |= bases | {f"{b}/{k}" for b in bases for k in range(10)}
    return out


async def exported(db: Database, table_id: str) -> list[str]:
    """What ``/export`` sends of a finished table (the JSON's values and the text file)."""
    fin = await replay.finished(SimpleNamespace(archive=Archive(db)), table_id, None)  # type: ignore[arg-type]
    files = replay.export_files(fin, MatchCache(), "en")
    texts = [f.fp.read().decode() for f in files]
    data = fin.data
    return [*texts, str(data.get("seed")), *(str(v) for v in data.values() if isinstance(v, (str, int)))]


async def secret_hex(db: Database, guild_id: int) -> str | None:
    rows = await db._all("SELECT secret FROM deal_secrets WHERE guild_id = ?", (guild_id,))
    return rows[0]["secret"] if rows else None


def assert_underivable(seen: list[str], game: str, seats: int, seed: str, options: dict[str, Any]) -> None:
    target = hands(game, seats, seed, options)
    found = [g for g in guesses(seen) if hands(game, seats, g, options) == target]
    assert not found, f"a deal not played yet is computed from {found[:3]}"


async def test_the_challenge_s_next_deal_cannot_be_computed_from_the_first(db: Database) -> None:
    tables = TableService(db, SETTINGS)
    challenges = ChallengeService(tables)
    tables.bus.subscribe(challenges)
    challenges.clock = lambda: NOON
    await challenges.configure(GUILD, game="tarot", deals=3, level="normal")
    first = await play_deal(tables, challenges, 1)
    seen = await exported(db, first.id) + [str(GUILD), "2026-11-27", "tarot", first.id]
    deals = await challenges.deals(GUILD, "tarot")
    for later in deals[1:]:
        d = later.deal
        assert_underivable(seen, "tarot", 4, d.engine_seed, dict(d.options))
    secret = await secret_hex(db, GUILD)
    assert secret and not any(secret in s for s in seen)
    await tables.close()


async def test_a_group_s_code_and_first_deal_do_not_give_its_next_deal(db: Database) -> None:
    tables = TableService(db, SETTINGS)
    dup = DuplicateTables(tables)
    tables.bus.subscribe(dup)
    group = await dup.open(1, "tarot", SLOTS, [(10, None), (11, None)], deals=2)
    await play_out(tables, dup, group, {})
    opened = await dup.store.tables(group.id)
    first = next(t for slot, k, t in opened if slot == 0 and k == 0)
    second = next(t for slot, k, t in opened if slot == 0 and k == 1)
    seen = await exported(db, first) + [group.id, f"dup:{group.id}"]
    saved = await db.table(second)
    assert saved is not None
    assert_underivable(seen, "tarot", 4, saved["seed"], {k: v for k, v in __import__("json").loads(
        saved["options"]).items() if not k.startswith("_")})
    secret = await secret_hex(db, 1)
    assert secret and not any(secret in s for s in seen)
    await tables.close()


async def test_a_club_night_s_first_round_does_not_give_the_next(db: Database) -> None:
    service = TableService(db, SETTINGS)
    events = EventService(service, SerialPlaces())
    service.bus.subscribe(events)
    event = await events.create(guild_id=1, channel_id=5, organiser_id=1, name="Duplicate", game="tarot",
                                fmt="duplicate", rounds=2, deals=1, starts_at=0)
    for uid in range(1001, 1009):
        await events.register(event.id, uid, f"m{uid}")
    await events.start(event.id, 1)
    await play_for_humans(service, events, event, until_round=2)
    rows = await events.store.tables(event.id)
    first = next(r["table_id"] for r in rows if r["round"] == 1)
    later = service.registry.get(next(r["table_id"] for r in rows if r["round"] == 2))
    seen = await exported(db, first) + [event.id, event.name]
    assert_underivable(seen, "tarot", 4, later.seed, later.options)
    secret = await secret_hex(db, 1)
    assert secret and not any(secret in s for s in seen)
    await events.close()
    await service.close()


async def test_the_secret_is_erased_with_the_server_and_made_anew(db: Database) -> None:
    from bot.service import privacy

    tables = TableService(db, SETTINGS)
    challenges = ChallengeService(tables)
    tables.bus.subscribe(challenges)
    challenges.clock = lambda: NOON
    before = (await challenges.deals(GUILD, "tarot"))[0].deal.engine_seed
    kept = await secret_hex(db, GUILD)
    assert kept and (await challenges.deals(GUILD, "tarot"))[0].deal.engine_seed == before, "made once"
    await privacy.erase_guild(tables, GUILD)  # type: ignore[arg-type]
    assert await secret_hex(db, GUILD) is None
    assert (await challenges.deals(GUILD, "tarot"))[0].deal.engine_seed != before, "a new secret, new deals"
    assert await secret_hex(db, GUILD) not in (None, kept)
    await tables.close()
