"""The keys every game's view has (``State.view``), typed: each game's ``views.py`` extends
:class:`SharedView` with its own keys (``TarotView``, ``TresilloView``, ``PiquetView``, ``TrioView``),
so a view is checked key by key where it is built, and the layouts of ``rendering/layouts/`` read
the same names. A view still travels as plain JSON (``games.base.JSON``): saved, compared, sent to
the image workers."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

JSON = dict[str, Any]


class SharedView(TypedDict):
    """The shared keys (:mod:`games.base`); ``hand`` and ``pending_picks`` in a seat's own view only."""

    game: str
    seats: int
    seat: int | None  # None: the public view
    rev: int
    to_act: int | None
    phase: str  # a games.base.Phase value
    scores: list[int]
    events: list[JSON]  # the latest public events, oldest first
    deal_no: int
    deals: int | None  # None: no fixed number of deals
    dealer: int
    hand_counts: list[int]
    last_deal: JSON | None  # the last deal's score lines
    hand: NotRequired[list[str]]
    pending_picks: NotRequired[int]
