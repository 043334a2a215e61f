"""The table bus: :class:`TableBus` (a table changed; a notice for its channel); the club nights'
bus is :class:`bot.service.event_bus.EventBus`.

A service tells its bus and never knows who listens; the composition root (:mod:`bot.app`)
subscribes the listeners, each once, in the order they are told (the presenter first, then the
services that follow tables: challenges, duplicate tables, club nights). A listener never blocks:
it schedules its work and returns."""

from __future__ import annotations

from collections.abc import Callable

from bot.service.table import Listener, Table


class TableBus:
    """Table changes, told to every subscribed :class:`Listener` in subscription order; notices
    (``idle_lobby``, ``idle_match``...) told to every subscribed poster."""

    def __init__(self) -> None:
        self._listeners: list[Listener] = []
        self._posters: list[Callable[[Table, str], None]] = []

    def subscribe(self, listener: Listener) -> None:
        """``listener`` is told each change from now on, after those subscribed before it."""
        if any(known is listener for known in self._listeners):
            raise ValueError(f"{listener!r} already listens to this bus")
        self._listeners.append(listener)

    def subscribe_notices(self, post: Callable[[Table, str], None]) -> None:
        """``post(table, key)`` posts the notice ``key`` in the table's channel."""
        self._posters.append(post)

    def publish(self, table: Table) -> None:
        """``table`` changed (its saved state is its state now)."""
        for listener in self._listeners:
            listener.table_changed(table)

    def announce(self, table: Table, key: str) -> None:
        """A notice ``key`` for ``table``'s channel (housekeeping)."""
        for post in self._posters:
            post(table, key)
