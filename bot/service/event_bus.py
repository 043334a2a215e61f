"""The club nights' bus: what :class:`bot.service.events.EventService` tells and asks of the UI,
wired by the composition root (:mod:`bot.app`); see :mod:`bot.service.bus` for the tables'."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.service.event_model import Event, EventListener, Places, Standings
from bot.service.event_rounds import PlaceFailed
from bot.service.table import Table


class EventBus:
    """What the event service tells (an :class:`EventListener` itself: each call is told to every
    subscriber in order), what it asks (a table's place, of the one :class:`Places` provided), and
    each announcement (the events' clock looks again)."""

    def __init__(self) -> None:
        self._listeners: list[EventListener] = []
        self._places: Places | None = None
        self._announced: list[Callable[[], None]] = []

    def subscribe(self, listener: EventListener) -> None:
        self._listeners.append(listener)

    def provide_places(self, places: Places) -> None:
        """``places`` makes each event table's place (one provider: a second is a wiring mistake)."""
        if self._places is not None:
            raise ValueError("the event tables' places are already provided")
        self._places = places

    def on_announce(self, told: Callable[[], None]) -> None:
        self._announced.append(told)

    async def table_place(self, event: Event, round_no: int, table_no: int, user_ids: Sequence[int | None]) -> int:
        if self._places is None:
            raise PlaceFailed("no place maker is wired", transient=True)
        return await self._places.table_place(event, round_no, table_no, user_ids)

    def announced(self) -> None:
        for told in self._announced:
            told()

    def event_changed(self, event: Event) -> None:
        for listener in self._listeners:
            listener.event_changed(event)

    def round_opened(self, event: Event, round_no: int, tables: Sequence[Table]) -> None:
        for listener in self._listeners:
            listener.round_opened(event, round_no, tables)

    def standings_changed(self, standings: Standings) -> None:
        for listener in self._listeners:
            listener.standings_changed(standings)

    def event_blocked(self, event: Event, round_no: int, key: str, why: str) -> None:
        for listener in self._listeners:
            listener.event_blocked(event, round_no, key, why)
