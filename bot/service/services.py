"""The Discord-free side of the bot as one bundle: every service, built by the composition root
(:mod:`bot.app`) before Discord and handed whole to the Discord client (:class:`bot.ui.client.TapisBot`)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.infra.metrics import Metrics
from bot.infra.shards import Serving
from bot.service.archive import Archive
from bot.service.bus import TableBus
from bot.service.challenges import ChallengeService
from bot.service.duplicate_tables import DuplicateTables
from bot.service.event_bus import EventBus
from bot.service.events import EventService
from bot.service.review_field import FieldService
from bot.service.reviews import Reviews
from bot.service.seasons import Seasons
from bot.service.shared_deals import SharedDeals
from bot.service.shown_records import ShownRecords
from bot.service.tables import TableService
from bot.storage import Database


@dataclass(frozen=True)
class Services:
    """The services of one bot process, on one database; ``bus`` and ``event_bus`` are where they
    publish (the root subscribes the UI), ``serving`` the shards this process serves."""

    db: Database
    bus: TableBus
    event_bus: EventBus
    serving: Serving
    metrics: Metrics
    tables: TableService
    challenges: ChallengeService
    duplicates: DuplicateTables
    shared: SharedDeals
    events: EventService
    seasons: Seasons
    reviews: Reviews
    fields: FieldService
    archive: Archive  # what the UI reads of the saved data
    records: ShownRecords  # what Discord was shown, part by part
