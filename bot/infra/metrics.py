"""Prometheus metrics of one bot process, in a registry of its own.

* ``tapis_actions_total{game, by}``: actions accepted and saved (``by``: ``human`` or ``computer``,
  a computer standing in for an absent member included);
* ``tapis_interaction_seconds{kind}``: time to handle an interaction, from its arrival to its last
  answer (``button``, ``select``, ``command``, ``autocomplete``);
* ``tapis_tables_in_play{game}``: matches in play, counted from the table registry at each scrape;
* ``tapis_errors_total{kind}``: ``refused`` (a move the engine or the table refused),
  ``internal`` (an unexpected failure, logged with its traceback), ``discord_http`` (Discord
  answered a request with an error, or a request to it timed out or lost its connection);
* ``tapis_discord_failures_total{kind}``: those Discord failures by kind (``timeout``, ``network``,
  ``server_error``, ``rate_limited``, ``refused``; :mod:`bot.ui.discord_errors`), each logged in one
  line at WARNING;
* ``tapis_database_seconds{transaction}``: time of each database transaction, commit included;
* ``tapis_discord_requests_total{route, global_limit}``: requests sent to Discord by route:
  ``global_limit="yes"`` for the channel routes counted against the bot's 50 requests/s, ``"no"`` for
  the interaction callback and the edits through an interaction token; divided by
  ``tapis_actions_total``, the requests per move.

Each :class:`Metrics` has its own :class:`~prometheus_client.CollectorRegistry`, so two bots in one
process (tests) never share counters. :mod:`bot.infra.health` serves :meth:`Metrics.exposition`.
"""

from __future__ import annotations

import time
from collections import Counter as Tally
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager, suppress
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Histogram, disable_created_metrics, generate_latest
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

import games

disable_created_metrics()  # type: ignore[no-untyped-call]  # prometheus_client leaves it unannotated; no ``*_created`` series: a scrape carries only what is counted
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"  # the Prometheus text format
INTERACTION_BUCKETS = (0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0)
DATABASE_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)


class _TablesInPlay(Collector):
    """``tapis_tables_in_play{game}``, read from the open tables when Prometheus scrapes: every
    registered game is listed, at 0 when none of its matches is in play."""

    def __init__(self, tables: Callable[[], Iterable[Any]]) -> None:
        self.tables = tables

    def collect(self) -> Iterator[GaugeMetricFamily]:
        counts = Tally(t.game.name for t in list(self.tables()) if t.status == "playing")
        family = GaugeMetricFamily("tapis_tables_in_play", "Matches in play, by game.", labels=["game"])
        for name in sorted(set(games.GAMES) | set(counts)):
            family.add_metric([name], counts.get(name, 0))
        yield family


def _internal(exc: BaseException) -> str | None:
    return None


class Metrics:
    """The counters and histograms above; ``tables`` lists the open tables (read at scrape time).

    ``discord_kind`` tells a failed request to Discord's kind (``None``: not Discord's); the
    composition root gives the UI's (:func:`bot.ui.discord_errors.failure_kind`), infrastructure
    knows no Discord."""

    def __init__(self, tables: Callable[[], Iterable[Any]],
                 discord_kind: Callable[[BaseException], str | None] = _internal) -> None:
        self.discord_kind = discord_kind
        self.registry = CollectorRegistry()
        self.actions = Counter("tapis_actions", "Actions accepted and saved, by game and by whom.",
                               ["game", "by"], registry=self.registry)
        self.interactions = Histogram("tapis_interaction_seconds", "Time to handle an interaction, by kind.",
                                      ["kind"], buckets=INTERACTION_BUCKETS, registry=self.registry)
        self.errors = Counter("tapis_errors", "Refused moves, internal errors and Discord HTTP errors.",
                              ["kind"], registry=self.registry)
        self.database = Histogram("tapis_database_seconds", "Time of each database transaction, commit included.",
                                  ["transaction"], buckets=DATABASE_BUCKETS, registry=self.registry)
        self.discord = Counter("tapis_discord_failures", "Failed requests to Discord, by kind.", ["kind"],
                               registry=self.registry)
        self.requests = Counter("tapis_discord_requests", "Requests sent to Discord, by route and whether they "
                                "count against the global limit.", ["route", "global_limit"], registry=self.registry)
        self.registry.register(_TablesInPlay(tables))
        self._series: dict[tuple[object, tuple[str, ...]], Any] = {}
        for kind in ("timeout", "network", "server_error", "rate_limited", "refused"):
            self.discord.labels(kind)
        for kind in ("refused", "internal", "discord_http"):  # every series is exported from the start, at 0
            self.errors.labels(kind)
        for kind in ("button", "select", "command", "autocomplete"):
            self.interactions.labels(kind)
        for name in games.GAMES:
            self.actions.labels(name, "human")
            self.actions.labels(name, "computer")

    def _of(self, metric: Counter | Histogram, *labels: str) -> Any:
        """``metric.labels(*labels)``, kept: a few series are counted several times a move, and
        ``labels`` takes a lock and checks its arguments at every call."""
        key = (metric, labels)
        series = self._series.get(key)
        if series is None:
            series = self._series[key] = metric.labels(*labels)
        return series

    def accepted(self, game: str, applied: Sequence[tuple[int, int, str, bool]]) -> None:
        """Count saved actions: ``(revision, seat, action, by a computer)`` rows."""
        for *_row, computer in applied:
            self._of(self.actions, game, "computer" if computer else "human").inc()

    def request(self, route: str, counted: bool) -> None:
        """One request to Discord on ``route`` (``channel.edit``...); ``counted``: against the global limit."""
        self._of(self.requests, route, "yes" if counted else "no").inc()

    def error(self, kind: str) -> None:
        """One error of ``kind``: ``refused``, ``internal`` or ``discord_http``."""
        self._of(self.errors, kind).inc()

    def failed(self, exc: BaseException) -> None:
        """A failure: a Discord one (an HTTP error, a timeout, a lost connection), or else an
        internal one. Counted once, however many layers report it (a click's deferral that failed
        is reported where it ran and again by whoever awaited it)."""
        if getattr(exc, "_tapis_counted", False):
            return
        with suppress(AttributeError):  # an exception without a __dict__: counted each time
            exc._tapis_counted = True  # type: ignore[attr-defined]  # a mark on the exception itself
        kind = self.discord_kind(exc)
        if kind is not None:
            self.error("discord_http")
            self.discord.labels(kind).inc()
        else:
            self.error("internal")

    def interaction(self, kind: str, began: float) -> None:
        """An interaction of ``kind`` handled, begun at ``began`` (:func:`time.perf_counter`)."""
        self._of(self.interactions, kind).observe(time.perf_counter() - began)

    @asynccontextmanager
    async def transaction(self, name: str) -> AsyncIterator[None]:
        """Time the database transaction opened inside this block (named ``name``)."""
        began = time.perf_counter()
        try:
            yield
        finally:
            self._of(self.database, name).observe(time.perf_counter() - began)

    def exposition(self) -> bytes:
        """Everything, in the Prometheus text format (:data:`CONTENT_TYPE`)."""
        return generate_latest(self.registry)


class Failures(list[BaseException]):
    """The bot's list of unexpected failures (``TableService.errors``, ``TapisBot.unexpected``):
    every failure appended is counted too, as a Discord HTTP error or an internal one."""

    def __init__(self, metrics: Metrics) -> None:
        super().__init__()
        self.metrics = metrics

    def append(self, exc: BaseException) -> None:
        self.metrics.failed(exc)
        super().append(exc)
