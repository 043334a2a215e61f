"""A table's data: seats (members and computer players), state, lock; and the bot's refusals."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, cast

from bot.service.facts import Facts, LazyState, Pending
from bot.service.i18n import t
from games.base import Action, Game, PickMenu, State
from games.errors import GameError, NotYourTurn

#: the expert's samples per decision at a challenge's table: it beats the normal level by +34 ± 12
#: points a Tarot deal at 32 samples (docs/decisions.md, « The expert's samples at a challenge table »)
CHALLENGE_SAMPLES = 32
#: the seed of a practice table opened from a moment of a finished deal (:attr:`Table.practice`)
PRACTICE_SEED = "practice:"


class BotError(GameError):
    """A refusal from the bot itself (not the engine), shown to the player like engine errors.

    Made with :meth:`of`, it keeps its key and reads it in the player's language when shown; a
    :class:`~games.base.Game` among the fields is shown as its title in that language, and a
    callable field is called with that language.
    """

    key: str | None = None
    fields: dict[str, Any]

    @classmethod
    def of(cls, key: str, **kw: Any) -> BotError:
        err = cls(_text("en", key, kw), _text("fr", key, kw))
        err.key, err.fields = key, kw
        return err

    def localized(self, locale: str = "fr") -> str:
        return _text(locale, self.key, self.fields) if self.key else super().localized(locale)


def _text(locale: str, key: str, fields: dict[str, Any]) -> str:
    return t(locale, key, **{k: v.title(locale) if isinstance(v, Game) else v(locale) if callable(v) else v
                             for k, v in fields.items()})


class StaleAction(BotError):
    """A click on components built for an older revision."""


@dataclass
class SeatInfo:
    """Who holds a seat: a member (``user_id``) or a computer player (``user_id is None``) of a
    ``level`` (``easy``, ``normal``, ``expert``; a member's stand-in plays at normal level);
    ``computer_no``: a computer's number in its name ("Computer 2 (Expert)"; ``None`` for a
    member's stand-in, which keeps the member's name)."""

    user_id: int | None
    name: str
    missed: int = 0
    away: bool = False
    level: str | None = None
    computer_no: int | None = None

    @property
    def plays_at(self) -> str:
        """The level of the computer that plays this seat (its own, or normal for a stand-in)."""
        return (self.level or "normal") if self.computer else "normal"

    @property
    def computer(self) -> bool:
        return self.user_id is None

    def as_row(self) -> dict[str, Any]:
        return {"user_id": self.user_id, "name": self.name, "missed": self.missed, "away": self.away,
                "level": self.level if self.computer else None,
                "computer_no": self.computer_no if self.computer else None}


@dataclass
class Table:
    """One table: lobby, match in play or finished. Its state is held by ``source``, a
    :class:`LazyState` that may build it on first use (:meth:`pending`): :attr:`rev`,
    :meth:`to_act` and :attr:`facts` answer without it."""

    id: str
    guild_id: int
    channel_id: int
    thread_id: int | None
    game: Game
    host_id: int
    seed: str
    options: dict[str, Any]
    capacity: int
    seats: list[SeatInfo] = field(default_factory=list)
    status: str = "lobby"
    message_id: int | None = None
    source: LazyState = field(default_factory=LazyState)
    votes: set[int] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)
    result: list[dict[str, Any]] | None = None
    turn_start: int = 0  # revision at which the current seat's turn began (one ping per turn)
    moved_at: float | None = None  # Unix seconds of the last move saved (a restored turn timer runs from it)
    active_at: float = 0.0  # Unix seconds of the last lobby change or member's move (housekeeping)
    stale: bool = False  # a write's fate is unknown: read back from the database before the next change

    @property
    def duplicate(self) -> bool:
        """A duplicate deal (docs/rules/club.md, « Duplicate deals »), played at other tables too: a daily
        challenge's (seed ``challenge:...``) or a group's duplicate tables' (``dup:...``); the seed is
        saved with the table. Its computers decide from the deal and the moves alone (not the
        table's id) and the expert counts its budget in samples (:data:`CHALLENGE_SAMPLES`)."""
        return self.seed.startswith(("challenge:", "dup:"))

    @property
    def challenge(self) -> bool:
        """A deal of a daily challenge: no turn timer runs (nobody stands in for its member)."""
        return self.seed.startswith("challenge:")

    @property
    def practice(self) -> bool:
        """A practice table opened from a moment of a finished deal ("Rejouer d'ici",
        :mod:`bot.service.replay_from`; seed ``practice:<table>:<move>``): unrated, its end writes no
        result (no history, rating, leaderboard or record), and no turn timer runs (it waits for its member)."""
        return self.seed.startswith(PRACTICE_SEED)

    def computer_seed(self, rev: int) -> str:
        """The seed of a computer's decision at revision ``rev``: the same at every table of a
        duplicate deal where the same moves were made; else proper to the table."""
        return f"{self.seed}:{rev}" if self.duplicate else f"{self.seed}:{self.id}:{rev}"

    @property
    def expert_samples(self) -> int | None:
        """The expert's budget in samples (a duplicate deal: a busy machine does not play weaker at
        one table than another), or ``None`` for seconds shared by the queue."""
        return CHALLENGE_SAMPLES if self.duplicate else None

    @property
    def place_id(self) -> int:
        """The channel or thread the table lives in."""
        return self.thread_id or self.channel_id

    @property
    def state(self) -> State | None:
        """The match's state (``None`` in a lobby): :meth:`LazyState.get`, built now if it waits."""
        return self.source.get()

    @state.setter
    def state(self, state: State | None) -> None:
        self.source.set(state)

    def pending(self, pending: Pending, facts: Facts) -> None:
        """Restore: the state is ``pending``'s, built when first read; ``facts`` answer until then."""
        self.source = LazyState.waiting(pending, facts)

    def settle(self, state: State, facts: Facts) -> None:
        """``state`` is the table's now, with its ``facts`` (computed for its save)."""
        self.source.set(state, facts)

    @property
    def built(self) -> bool:
        """Whether the state is in memory (not waiting to be built on first use)."""
        return self.source.built

    @property
    def facts(self) -> Facts | None:
        """The current state's :class:`Facts` (``None`` in a lobby): those saved, or computed once."""
        return self.source.facts

    @property
    def rev(self) -> int:
        return self.source.rev

    @property
    def open(self) -> bool:
        return self.status in ("lobby", "playing")

    def seat_of(self, user_id: int) -> int:
        """The seat ``user_id`` holds; :raises NotYourTurn: when not seated."""
        for i, s in enumerate(self.seats):
            if s.user_id == user_id:
                return i
        raise NotYourTurn(t("en", "not_seated"), t("fr", "not_seated"))

    def seated(self, user_id: int) -> bool:
        return any(s.user_id == user_id for s in self.seats)

    def to_act(self) -> int | None:
        return self.source.to_act() if self.status == "playing" else None

    def computer_turn(self) -> bool:
        seat = self.to_act()
        return seat is not None and (self.seats[seat].computer or self.seats[seat].away)

    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def called(self, locale: str) -> str:
        """The table as players name it, by its game and host ("Tarot de Marie"), never by its code."""
        host = next((s.name for s in self.seats if s.user_id == self.host_id), self.seats[0].name if self.seats else "?")
        return t(locale, "table_called", game=self.game.title(locale), host=host)

    @property
    def rated(self) -> bool:
        """Whether the match counts for the ratings (:meth:`Game.rated`: not a short practice one,
        nor a practice table replaying a deal); a daily challenge's deal never does: it is scored by
        match points against the members who played it (docs/rules/club.md, « The daily challenge »)."""
        if self.practice or self.challenge:
            return False
        if self.state is not None:
            return self.game.rated(self.state.options)
        try:
            return self.game.rated(self.game.resolve_options(self.options))
        except GameError:
            return True


@dataclass(frozen=True)
class Hand:
    """What one seat's hand message shows, asked of the engine once: its private view,
    its legal actions (none unless the match is in play), the cards a pick must take and the
    game's pick menu. The bot's live hands and ``benchmarks.serve`` both draw it."""

    seat: int
    view: dict[str, Any]
    legal: list[Action]
    picks: int
    menu: PickMenu | None


#: how many views and hands a :class:`ViewMemo` keeps: the last few hundred (docs/decisions.md,
#: « The view memo's size »), enough for the moves of the last seconds
ASKED_SIZE = 512
PUBLIC = -1  # the seat key of the public view
Asked = TypeVar("Asked")


class ViewMemo:
    """The views and hands last asked of the tables' states, by table and seat (one per table
    service): a move asks for the same seat's hand several times (the click's answer, the console
    keys, the presenter's pass), and the table's public view twice. Kept by revision (a table's
    state at a revision is always the same: engines are deterministic), not holding the state; the
    last ``size`` only. Read only: callers never change a view or a list of actions."""

    def __init__(self, size: int = ASKED_SIZE) -> None:
        self.size = size
        self.asked: OrderedDict[tuple[str, int], tuple[int, str, Any]] = OrderedDict()

    def _asked(self, table: Table, state: State, seat: int, ask: Callable[[State], Asked]) -> Asked:
        """``ask(state)`` for ``table``'s ``seat``, asked once per revision and status."""
        key = (table.id, seat)
        got = self.asked.get(key)
        if got is not None and got[0] == state.rev and got[1] == table.status:
            self.asked.move_to_end(key)
            return cast(Asked, got[2])
        value = ask(state)
        self.asked[key] = (state.rev, table.status, value)
        self.asked.move_to_end(key)
        if len(self.asked) > self.size:
            self.asked.popitem(last=False)
        return value

    def public(self, table: Table) -> dict[str, Any]:
        """The public view of ``table``'s state (:meth:`State.view` of ``None``), asked once per revision.

        :raises BotError: no match there (``not_playing``)."""
        state = table.state
        if state is None:
            raise BotError.of("not_playing")
        return self._asked(table, state, PUBLIC, lambda s: s.view(None))

    def known_public(self, table: Table, view: dict[str, Any]) -> None:
        """``view`` is the public view of ``table``'s state, asked by its save (:class:`Facts`): kept
        as :meth:`public`'s. Only a state the table holds, so only one saved, is ever kept."""
        state = table.state
        if state is not None:
            self._asked(table, state, PUBLIC, lambda _state: view)

    def hand(self, table: Table, seat: int) -> Hand:
        """``seat``'s :class:`Hand` at ``table``, asked of the engine once per revision and status.

        :raises BotError: no match there (``not_playing``)."""
        state = table.state
        if state is None:
            raise BotError.of("not_playing")

        def ask(state: State) -> Hand:
            legal = state.legal_actions(seat) if table.status == "playing" else []
            picks = state.pending_picks(seat) if legal else 0
            menu = table.game.pick_menu(state, seat) if legal else None
            return Hand(seat, state.view(seat), legal, picks, menu)

        return self._asked(table, state, seat, ask)


class Listener(Protocol):
    """Told about every change, to update Discord (never blocks: schedule work and return)."""

    def table_changed(self, table: Table) -> None: ...

