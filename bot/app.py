"""The composition root: storage, infrastructure, services and the Discord client built in one
place, in order, and wired once; torn down in reverse (:func:`running`).

Every collaborator is given at construction; nothing is set on an object after it is built. Table
changes go through the :class:`~bot.service.bus.TableBus` and club nights' through the
:class:`~bot.service.event_bus.EventBus`, whose subscribers are listed here in the order they are
told (the presenter first: the table message follows the saved state before anything else reacts).
The model is aiohttp's cleanup context: each part entered into one :class:`~contextlib.AsyncExitStack`,
the last entered closed first."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path

from bot.infra.metrics import Metrics
from bot.infra.shards import Serving, ShardLease
from bot.service.archive import Archive
from bot.service.bus import TableBus
from bot.service.challenges import ChallengeService
from bot.service.duplicate_tables import DuplicateTables
from bot.service.event_bus import EventBus
from bot.service.events import EventService
from bot.service.registry import Registry
from bot.service.review_field import FieldService
from bot.service.reviews import Reviews
from bot.service.seasons import Seasons
from bot.service.services import Services
from bot.service.settings import Settings
from bot.service.shared_deals import SharedDeals
from bot.service.shown_records import ShownRecords
from bot.service.tables import TableService
from bot.storage import Database, open_database
from bot.storage.reviews import ReviewStore
from bot.ui import discord_errors
from bot.ui.client import TapisBot


def services(settings: Settings, db: Database) -> Services:
    """Every service on ``db``, none told of anything yet (:func:`wire` subscribes the listeners)."""
    bus, event_bus, serving, registry = TableBus(), EventBus(), Serving(), Registry()
    metrics = Metrics(registry.open.values, discord_kind=discord_errors.failure_kind)
    tables = TableService(db, settings, bus=bus, registry=registry, metrics=metrics, serves=serving.serves)
    challenges = ChallengeService(tables)
    events = EventService(tables, bus=event_bus)  # club nights
    shared = SharedDeals(db, challenges)  # who may see a shared deal
    return Services(db=db, bus=bus, event_bus=event_bus, serving=serving, metrics=metrics, tables=tables,
                    challenges=challenges, duplicates=DuplicateTables(tables),
                    shared=shared,
                    events=events, seasons=Seasons(events.store),
                    reviews=Reviews(ReviewStore(db), lambda: tables.computers.thinker),
                    fields=FieldService(db, shared, challenges),  # the field on the same cards
                    archive=Archive(db), records=ShownRecords(db))


def wire(parts: Services, bot: TapisBot) -> None:
    """Who listens to what, in the order they are told."""
    parts.bus.subscribe(bot.presenter)  # the table message and the hands first
    parts.bus.subscribe(parts.challenges)  # a challenge table over gets its score
    parts.bus.subscribe(parts.duplicates)  # a duplicate slot's next deal opens
    parts.bus.subscribe(parts.events)  # an event's round may end
    parts.bus.subscribe_notices(bot.announce)  # housekeeping notices in the table's channel
    parts.event_bus.subscribe(bot.board)
    parts.event_bus.provide_places(bot.board)  # each event table's thread
    parts.event_bus.on_announce(bot.wake_event_clock)


def build(settings: Settings, db: Database, *, lease: ShardLease | None = None) -> TapisBot:
    """The bot on ``db``, wired (its set-up, at login, restores the tables)."""
    parts = services(settings, db)
    bot = TapisBot(settings, parts, lease=lease)
    wire(parts, bot)
    return bot


@asynccontextmanager
async def running(settings: Settings, database: str | Path, *,
                  lease: ShardLease | None = None) -> AsyncIterator[TapisBot]:
    """The database opened, the bot built on it; on leaving, the bot closed (its tasks, Discord,
    /metrics, the shards' lease), then the database."""
    async with AsyncExitStack() as stack:
        db = await stack.enter_async_context(await open_database(database, synchronous=settings.synchronous))
        bot = build(settings, db, lease=lease)
        stack.push_async_callback(bot.service.close)
        yield bot
