"""Bot fixtures: the toy game registered, a TapisBot on a temporary database under simcord, and a
small world (a server, a channel, four members). Pauses and timers are zero: no real sleeps."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
import pytest
from simcord import interactions as sim_interactions

import games
from bot import app
from bot.service.settings import Settings
from bot.storage import open_database
from bot.ui.client import TapisBot
from tests.bot import traffic
from tests.toygame import TOY


@pytest.fixture(autouse=True)
def toy() -> Iterator[Any]:
    """The toy game is registered for every bot test, removed afterwards."""
    games.GAMES["toy"] = TOY
    try:
        yield TOY
    finally:
        games.GAMES.pop("toy", None)


@pytest.fixture(autouse=True)
def current_api() -> Iterator[list[str]]:
    """Every bot test's requests are watched (:mod:`tests.bot.traffic`): a deferral completed by a
    follow-up or an upload over Discord's limits fails the test."""
    with traffic.watch() as seen:
        yield seen
    assert not seen, "requests Discord deprecates or refuses:\n" + "\n".join(seen)


@pytest.fixture
def settings(tmp_path: Path, backend: str, db_path: Any) -> Settings:
    """The bot's settings; its database is ``db_path`` (an SQLite file or a PostgreSQL URL, see
    tests/conftest.py)."""
    postgres = backend == "postgres"
    return Settings(token=None, database_path=tmp_path / "bot.sqlite3" if postgres else db_path,
                    database_url=db_path if postgres else None, default_locale="en",
                    computer_pause=0, edit_interval=0, turn_timer=0, expert_budget=0.05)


@pytest.fixture
async def make_bot(settings: Settings) -> AsyncIterator[Callable[[], Awaitable[TapisBot]]]:
    """Builds bots on the same database file; closes their connections at the end."""
    made: list[TapisBot] = []

    async def build() -> TapisBot:
        db = await open_database(settings.database)
        bot = app.build(settings, db)
        made.append(bot)
        return bot

    yield build
    for bot in made:
        await bot.service.close()
        await bot.db.close()


@pytest.fixture
async def simcord_bot(make_bot: Callable[[], Awaitable[TapisBot]]) -> TapisBot:
    return await make_bot()


@dataclass
class World:
    env: Any
    guild: Any
    channel: Any
    alice: Any  # server admin
    bob: Any
    carol: Any
    dave: Any

    @property
    def members(self) -> list[Any]:
        return [self.alice, self.bob, self.carol, self.dave]

    @property
    def bot(self) -> TapisBot:
        return self.env.bot


@pytest.fixture
def world(simcord_env: Any) -> Iterator[World]:
    guild = simcord_env.create_guild(name="Tapis")
    channel = guild.create_text_channel("cartes")
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True, manage_channels=True))
    alice = guild.add_member(simcord_env.create_user("alice"), roles=[admins])
    bob, carol, dave = (guild.add_member(simcord_env.create_user(n)) for n in ("bob", "carol", "dave"))
    yield World(simcord_env, guild, channel, alice, bob, carol, dave)
    assert not simcord_env.bot.unexpected, "the bot hit unexpected errors (see the log)"


@pytest.fixture
def discord_locales(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[int, str]]:
    """Members' own Discord languages (user id -> locale such as ``"es-ES"``). simcord sends every
    interaction with ``"locale": "en-US"``; the payload it builds gets the member's locale instead,
    as Discord fills it in from the member's client language."""
    locales: dict[int, str] = {}
    original = sim_interactions.base_payload

    def base_payload(backend: Any, **kw: Any) -> Any:
        record, payload = original(backend, **kw)
        if kw["user_id"] in locales:
            payload["locale"] = locales[kw["user_id"]]
        return record, payload

    monkeypatch.setattr(sim_interactions, "base_payload", base_payload)
    yield locales
