"""Server boundaries and what admins type: a Register button carrying another server's
event is refused, ``/challenge settings`` takes only real IANA zones of places, ``/season count``
only an event of this server (ids bounded)."""

from __future__ import annotations

import time
from types import SimpleNamespace
from typing import Any

import pytest

from bot.service.challenges import ChallengeService, real_zone
from bot.service.events import EventService, SerialPlaces
from bot.service.seasons import Seasons
from bot.service.table import BotError
from bot.service.tables import TableService
from bot.storage import Database
from bot.ui.cogs.events import Events
from bot.ui.events import REGISTER
from bot.ui.ids import build_id, parse_id
from tests.bot.test_challenges import SETTINGS


@pytest.mark.parametrize("zone", ["localtime", "posixrules", "Factory", "posix/Europe/Paris", "Mars/Olympus",
                                  "", "../../etc/passwd", "x" * 3000])
async def test_settings_refuse_zones_that_are_not_places(db: Database, zone: str) -> None:
    challenges = ChallengeService(TableService(db, SETTINGS))
    with pytest.raises(BotError) as err:
        await challenges.configure(7, time_zone=zone)
    assert err.value.key == "challenge_bad_zone" and len(err.value.localized("en")) < 200
    assert (await challenges.settings(7)).time_zone == "UTC"


def test_real_zones_are_taken() -> None:
    assert all(real_zone(z) for z in ("UTC", "Europe/Paris", "America/Argentina/Buenos_Aires"))


async def test_season_count_takes_only_an_event_of_this_server(db: Database) -> None:
    events = EventService(TableService(db, SETTINGS), SerialPlaces())
    seasons = Seasons(events.store)
    season = await seasons.create(guild_id=1, name="Hiver", starts="2026-01-01", ends="2026-12-31", best=3)
    other = await events.create(guild_id=2, channel_id=5, organiser_id=1, name="Ailleurs", game="tarot",
                                starts_at=time.time() + 3600)
    mine = await events.create(guild_id=1, channel_id=5, organiser_id=1, name="Ici", game="tarot",
                               starts_at=time.time() + 3600)
    for event_id in ("x" * 3000, other.id, "nope"):
        with pytest.raises(BotError) as err:
            await seasons.count_event(1, season.id, event_id, True)
        assert err.value.key == "event_unknown"
    await seasons.count_event(1, season.id, mine.id.upper(), False)
    await events.close()


class Deferred:
    async def defer(self, **_: Any) -> None:
        return None


async def test_a_register_button_of_another_server_is_refused(db: Database) -> None:
    events = EventService(TableService(db, SETTINGS), SerialPlaces())
    there = await events.create(guild_id=2, channel_id=5, organiser_id=1, name="Ailleurs", game="tarot",
                                starts_at=time.time() + 3600)
    cog = Events(SimpleNamespace(handlers={}, events=events))  # type: ignore[arg-type]
    click = SimpleNamespace(guild_id=1, user=SimpleNamespace(id=77, display_name="intruder"), response=Deferred())
    with pytest.raises(BotError) as err:
        await cog.on_button(click, parse_id(build_id(there.id, 0, REGISTER)), [])  # type: ignore[arg-type]
    assert err.value.key == "event_unknown" and there.player(77) is None
    await events.close()
