"""The engine contract every game implements (see ``shared/STYLE.md`` section 2).

A :class:`Game` describes a game and makes :class:`State` objects. A state is immutable from the
outside: :meth:`State.apply` returns a new state and leaves the old one untouched. Its log of
canonical action texts is the truth: :meth:`Game.load` rebuilds a state by replaying it.

Views (:meth:`State.view`) are plain JSON-serializable dicts. Every view has at least these keys:

* ``game`` (name), ``seats`` (count), ``seat`` (the viewer's seat, ``None`` for the public view),
  ``rev`` (number of actions so far), ``to_act`` (seat awaited or ``None``), ``phase`` (text);
* ``scores``: the running match score of every seat;
* ``events``: recent public events (list of dicts with a ``"type"``), e.g. the last trick or the
  last deal's score lines, so a table message can narrate what happened.

A private view (``seat`` given) adds that seat's own hidden information (its ``hand``: card codes)
and never another seat's.

Shared conventions, so the bot and the images treat every game alike (use them where they apply):

* ``phase`` is ``"over"`` once the match is over;
* ``deal_no`` (0-based number of the current deal), ``deals`` (planned number of deals),
  ``dealer`` (seat), ``hand_counts`` (cards held by each seat);
* trick games: ``trick`` (the trick in progress, ``[[seat, code], ...]`` in play order),
  ``last_trick`` (``{"cards": [[seat, code], ...], "winner": seat}`` or ``None``),
  ``tricks_won`` (per seat), ``contract`` (dict or ``None``);
* ``last_deal``: the most recent finished deal's score lines or ``None``; a dict with at least
  ``deal_no`` and ``deltas`` (each seat's change) and ``scores`` (running totals after it). The
  bot posts a recap image when ``last_deal["deal_no"]`` changes;
* ``events`` entries: ``{"type": "trick", "cards": ..., "winner": seat}``,
  ``{"type": "deal_end", "deal_no": n}``, ``{"type": "bid", "seat": s, "bid": ...}`` and
  game-specific ones; only the latest few.

Everything else in a view is game specific, documented in the game's ``view`` docstring, and read
by the game's layout module in ``rendering/``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from enum import StrEnum
from typing import Any, ClassVar, NamedTuple, Self

from games import vocabulary
from games.decisions import Action, PickMenu, Player, RandomPlayer
from games.errors import CorruptState, Field, GameError, IllegalAction, InvalidAction, NotYourTurn
from games.i18n import Msg, localized
from games.options import Option
from games.outcome import Outcome

JSON = dict[str, Any]

#: the engine contract's names, wherever they are defined (:mod:`games.decisions`, :mod:`games.options`)
__all__ = ["JSON", "Action", "Game", "Option", "Outcome", "Phase", "PickMenu", "Player", "RandomPlayer", "State",
           "Step", "fresh_json"]


class Phase(StrEnum):
    """The moment of a deal in every game (a view's ``phase`` is its value; :attr:`Game.phases` names
    each for players). One enum for all the games, so the bot and the layouts read one vocabulary:
    each game uses its own members, and ``play`` and ``over`` (the match is over) are everyone's."""

    # French Tarot (docs/rules/tarot.md)
    BIDDING = "bidding"
    CALL = "call"
    ECART = "ecart"
    ANNOUNCE = "announce"
    # Tresillo (docs/rules/tresillo.md); Piquet (docs/rules/piquet.md) has an exchange and declarations too
    BET = "bet"
    BID = "bid"
    DECLARE = "declare"
    EXCHANGE = "exchange"
    ORDER = "order"
    CONSENT = "consent"
    RENOUNCE = "renounce"
    BOLA = "bola"
    # Le Trio and L'École (docs/rules/trio.md): the steps of one turn
    DRAW = "draw"
    MELD = "meld"
    LAYOFF = "layoff"
    # every game
    PLAY = "play"
    OVER = "over"


_CONTAINERS = frozenset((dict, list))


def fresh_json(obj: Any) -> Any:
    """A copy of plain JSON data whose every dict and list is new (the other values are immutable),
    for views: a caller changing a view must never change the state it came from."""
    kind = type(obj)
    if kind is dict:
        out = obj.copy()
        for key, value in out.items():
            if type(value) in _CONTAINERS:
                out[key] = fresh_json(value)
        return out
    if kind is list:
        return [fresh_json(v) if type(v) in _CONTAINERS else v for v in obj]
    return obj


class State(ABC):
    """A game position. Subclasses implement the rules; this class gives the common machinery.

    Subclasses implement :meth:`to_act`, :meth:`_legal` (the legal actions of the seat to act),
    :meth:`_advance` (mutate a fresh copy), :meth:`view` and :meth:`outcome`. They may override
    :meth:`_why_illegal` to explain a refused action precisely and :meth:`_clone` to copy their
    mutable containers (the default copies the instance dict shallowly, so prefer tuples).
    """

    game: Game
    seats: int
    seed: int | str
    options: dict[str, Any]
    _log: list[str]
    rev: int
    #: the latest public events, oldest first, at most :attr:`RECENT_KEPT` (the view's ``events``; the
    #: club nights of :mod:`games.events` are another thing)
    recent: tuple[Any, ...]
    RECENT_KEPT: ClassVar[int] = 10

    def _init_base(self, game: Game, seats: int, seed: int | str, options: Mapping[str, Any]) -> None:
        self.game = game
        self.seats = seats
        self.seed = seed
        self.options = dict(options)
        self._log = []
        self.rev = 0
        self._legal_cache: list[Action] | None = None
        self._legal_set: frozenset[Action] | None = None

    # -- contract ----------------------------------------------------------------------------

    @abstractmethod
    def to_act(self) -> int | None:
        """The seat whose decision is awaited; ``None`` once the match is over."""

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat``, sorted; empty when it is not that seat's turn."""
        if seat != self.to_act():
            return []
        if self._legal_cache is None:
            self._legal_cache = self._legal()
        return list(self._legal_cache)

    def apply(self, seat: int, action: Action) -> Self:
        """The state after ``seat`` plays ``action``; this state is left unchanged.

        :raises NotYourTurn: when ``seat`` is not the one to act.
        :raises IllegalAction: when the action is not legal now (message readable by players).
        :raises InvalidAction: when ``action`` is not an :class:`Action` of two short texts.
        """
        turn = self.to_act()
        if turn is None:
            raise NotYourTurn.of("error.match_over")
        if seat != turn:
            raise NotYourTurn.of("error.not_your_turn")
        legal = self._legal_cache
        if legal is None:
            legal = self._legal_cache = self._legal()
        if len(legal) <= 32:  # a short list scan beats hashing every action into a set
            allowed = action in legal
        else:
            if self._legal_set is None:
                self._legal_set = frozenset(legal)
            try:
                allowed = action in self._legal_set
            except TypeError:  # unhashable garbage
                allowed = False
        if not allowed or type(action) is not Action:
            raise self._refusal(seat, action)
        new = self._clone()
        new._legal_cache = None
        new._legal_set = None
        if len(self._log) != self.rev:  # a sibling already appended: stop sharing the list
            new._log = self._log[: self.rev]
        new._log.append(str(action))
        new.rev = self.rev + 1
        new._advance(seat, action)
        return new

    def _refusal(self, seat: int, action: object) -> GameError:
        """The error refusing ``action`` (not legal now): :class:`InvalidAction` when it is not a
        well-formed :class:`Action` at all, else :class:`IllegalAction` with the game's reason.

        Whatever the input, the answer is a :class:`GameError` with a short message: a malformed
        argument that the game's explanation cannot read gets the generic reason."""
        if type(action) is not Action or type(action.kind) is not str or type(action.arg) is not str \
                or not _printable(action.kind) or not _printable(action.arg):
            shown = _shorten(repr(action))
            return InvalidAction.of("error.action.not_action", action=shown)
        try:
            return self._why_illegal(seat, action)
        except GameError as exc:
            return exc
        except (ValueError, LookupError, TypeError, AttributeError):  # the reason could not read the argument
            shown = _shorten(str(action))
            return IllegalAction.of("error.not_allowed", action=shown)

    def view(self, seat: int | None) -> JSON:
        """What ``seat`` may know (``None``: the public view); see the module docstring. Built by the
        game (:meth:`Game.view`), as OpenSpiel's game makes the observer: a state never imports its
        views."""
        return self.game.view(self, seat)

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The match result once it is over, else ``None``."""

    def to_json(self) -> JSON:
        """``{"v": 1, "game", "seats", "seed", "options", "log"}``; :meth:`Game.load` replays it."""
        return {"v": 1, "game": self.game.name, "seats": self.seats, "seed": self.seed,
                "options": dict(self.options), "log": self.log}

    @property
    def log(self) -> list[str]:
        """The canonical texts of every action applied so far."""
        return self._log[: self.rev]

    def remember(self, event: Any) -> None:
        """Add ``event`` to the :attr:`recent` events of this fresh copy, forgetting the oldest beyond
        :attr:`RECENT_KEPT`."""
        self.recent = (*self.recent[1 - self.RECENT_KEPT:], event)

    @property
    def events(self) -> tuple[Any, ...]:
        """The :attr:`recent` events under their former name."""
        return self.recent

    def deal_index(self) -> int | None:
        """The number of the deal in progress, cheaply (the bot asks after every action): it changes
        exactly when a deal ends. The public view's ``deal_no`` by default; games override it with the
        counter they keep (which, unlike the view, may run one past the last deal once it is over)."""
        number = self.view(None).get("deal_no")
        return number if isinstance(number, int) else None

    def shown_hand(self, seat: int) -> tuple[tuple[str, ...], int | None]:
        """What ``seat``'s own view shows of its hand, cheaply: its cards as ``view(seat)["hand"]``
        lists them and the deal, ``view(seat)["deal_no"]``. The bot asks it after every move for
        each waiting seat, to tell whether its message must change, so games give it from what they keep (``tests/games/test_contract.py``
        checks it is the view's). From the view by default."""
        view = self.view(seat)
        number = view.get("deal_no")
        return tuple(view.get("hand") or ()), number if isinstance(number, int) else None

    def pending_picks(self, seat: int) -> int:
        """How many successive single-card steps of one kind ``seat`` must make now (an écart of
        6 is 6 ``discard:`` steps). The bot may gather them in one multi-select and apply them in
        order; 0 when the current decision is a single choice."""
        return 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]  # states compare equal by content: unhashable

    # -- for subclasses ----------------------------------------------------------------------

    @abstractmethod
    def _legal(self) -> list[Action]:
        """Legal actions of the seat to act, sorted deterministically (never empty while playing)."""

    @abstractmethod
    def _advance(self, seat: int, action: Action) -> None:
        """Apply a legal ``action`` to this fresh copy (it is private to this call)."""

    def _why_illegal(self, seat: int, action: Action) -> IllegalAction:
        """The refusal of ``action``, explaining why: the game's (:meth:`Game.why_illegal`)."""
        return self.game.why_illegal(self, seat, action)

    def _clone(self) -> Self:
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        return new


_LONGEST_ACTION = 40  # no canonical action text is longer (``add:10H=high`` is 12)


def _printable(text: str) -> bool:
    """Whether ``text`` could belong to a canonical action: short, printable ASCII."""
    return len(text) <= _LONGEST_ACTION and text.isascii() and text.isprintable()


def _shorten(text: str) -> str:
    """``text`` cut for an error message (players' input is echoed at most ~40 characters)."""
    return text if len(text) <= _LONGEST_ACTION else text[: _LONGEST_ACTION - 1] + "…"


class Step(NamedTuple):
    """One action of a replayed log (:meth:`Game.replay`): who played which text, and the states
    around it."""

    seat: int
    text: str
    before: State
    after: State


def _reason(exc: Exception) -> Field:
    """Why a save could not be read, in the reader's language when the engine said it."""
    return exc.localized if isinstance(exc, GameError) else str(exc)


class Game(ABC):
    """A game's description and factory. One instance per game is registered in ``games.GAMES``."""

    name: ClassVar[str]
    #: The game's name per locale: a catalogue message (``Msg("tarot.title")``).
    titles: ClassVar[Mapping[str, str]]
    #: Each phase's word (``view["phase"]`` -> catalogue message), see :meth:`phase_label`.
    phases: ClassVar[Mapping[str, Msg]] = {}
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    zero_sum: ClassVar[bool]
    #: The pack's suits: ``"french"`` (cœur, pique...) or ``"spanish"`` (oros, copas...), for
    #: reading typed card names (:mod:`games.typed`).
    card_family: ClassVar[str] = "french"
    #: Options under which uniformly random play ends in a bounded number of actions (for the
    #: generic random-playout tests, e.g. a rummy limited to one round); empty for most games.
    playout_options: ClassVar[Mapping[str, Any]] = {}
    #: Phases that are steps of one seat's turn (a rummy's draw, play and melds): moving between
    #: them is not a new moment of the table (the bot's table message may wait for the turn's end).
    turn_steps: ClassVar[frozenset[str]] = frozenset()
    #: Action kinds that give up (a declarer renouncing): shown apart and confirmed before they act.
    confirmed: ClassVar[frozenset[str]] = frozenset()

    def options(self) -> list[Option]:
        """The table options a lobby can offer."""
        return []

    def resolve_options(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Every option's value: the given ones validated, the others at their default.

        :raises GameError: on an unknown option or a value that is not allowed.
        """
        known = {o.name: o for o in self.options()}
        given = dict(options or {})
        unknown = set(given) - set(known)
        if unknown:
            names = ", ".join(sorted(unknown))
            raise GameError.of("error.option.unknown", names=names)
        return {name: opt.validate(given.get(name)) for name, opt in known.items()}

    def check_seats(self, seats: int) -> None:
        """:raises GameError: when ``seats`` is outside the game's range."""
        if not self.min_seats <= seats <= self.max_seats:
            raise GameError.of("error.seats", game=self.title, minimum=self.min_seats, maximum=self.max_seats)

    @abstractmethod
    def new(self, seats: int, seed: int | str, options: Mapping[str, Any] | None = None) -> State:
        """A new match for ``seats`` players, all chance drawn from ``seed``.

        :raises GameError: on a bad seat count or option.
        """

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """The action written ``text`` (case-insensitive); :raises InvalidAction: when unparseable."""

    def load(self, data: Mapping[str, Any]) -> State:
        """Rebuild a state from :meth:`State.to_json` by replaying its log.

        :raises CorruptState: when the data is malformed or the log does not replay.
        """
        state = self._opening(data)
        for step in self._replayed(state, data):
            state = step.after
        return state

    def replay(self, data: Mapping[str, Any]) -> Iterator[Step]:
        """Every action of a save's log (:meth:`State.to_json`) applied in turn from the start, as
        python-chess replays a PGN: one :class:`Step` (seat, text, state before and after) each.

        :raises CorruptState: when the data is malformed or an action does not replay.
        """
        yield from self._replayed(self._opening(data), data)

    def _opening(self, data: Mapping[str, Any]) -> State:
        """The state of a save before its first action; :raises CorruptState: on malformed data."""
        try:
            if data.get("v") != 1 or data.get("game") != self.name:
                raise CorruptState.of("error.load.not_saved", game=self.name)
            state = self.initial_state(data)
            list(data["log"])
        except CorruptState:
            raise
        except (GameError, KeyError, TypeError, ValueError) as exc:
            raise CorruptState.of("error.load.unreadable", reason=_reason(exc)) from exc
        return state

    def _replayed(self, state: State, data: Mapping[str, Any]) -> Iterator[Step]:
        try:
            log = self.upgrade_log(list(data["log"]))
        except (GameError, KeyError, TypeError, ValueError) as exc:
            raise CorruptState.of("error.load.unreadable", reason=_reason(exc)) from exc
        for i, text in enumerate(log):
            seat = state.to_act()
            try:
                if seat is None:
                    raise IllegalAction.of("error.load.over")
                after = state.apply(seat, self.parse_action(text))
            except GameError as exc:
                raise CorruptState.of("error.load.replay", i=i, text=text, reason=exc.localized) from exc
            yield Step(seat, text, state, after)
            state = after

    def initial_state(self, data: Mapping[str, Any]) -> State:
        """The state of a save (:meth:`State.to_json`) before its first action: a new match of its
        seats, seed and options. A game whose rules changed overrides it to read what its save
        says about the rules it was played by (:meth:`load` replays the log from there).

        :raises GameError, KeyError, TypeError, ValueError: on malformed data.
        """
        return self.new(int(data["seats"]), data["seed"], data.get("options") or {})

    def view(self, state: State, seat: int | None) -> JSON:
        """What ``seat`` may know of ``state`` (``None``: the public view; :meth:`State.view`): each
        game builds it with its ``views.py``; a game whose states build their own views need not."""
        raise NotImplementedError(f"{self.name} states build their own views")

    def why_illegal(self, state: State, seat: int, action: Action) -> IllegalAction:
        """Why ``action`` of ``seat`` is refused in ``state``, saying which rule forbids it (each game's
        ``explain.py``); the generic refusal by default."""
        return IllegalAction.of("error.not_allowed", action=str(action))

    def computer_player(self, level: str = "normal") -> Player:
        """A computer player of ``level`` (``"easy"``, ``"normal"``, ``"expert"``; see
        :mod:`games.search`, which also describes the experts' ``advise``); games override this."""
        return RandomPlayer()

    def action_label(self, action: Action, locale: str = "fr") -> str:
        """A short player-facing label for a button or menu entry."""
        return str(action)

    def state_action_label(self, state: State, action: Action, names: Sequence[str], locale: str = "fr") -> str:
        """:meth:`action_label` when the position and the seat names can say more (which laid
        combination an action lays off on); the plain label by default."""
        return self.action_label(action, locale)

    def hand_notes(self, view: JSON, locale: str = "fr") -> list[str]:
        """Lines shown above a seat's hand on its turn (``view``: its own view) to explain what the
        buttons cannot, such as why a usual move is missing; none by default. A waiting seat's
        message does not show them (it is not redrawn as the others play)."""
        return []

    def obvious_action(self, state: State, seat: int) -> Action | None:
        """The one sensible answer of ``seat`` to the decision awaited (a question the rules ask but
        its hand makes moot), which the bot plays for a member instead of asking; ``None`` (ask)
        by default. The engine still takes either answer: logs replay as they are."""
        return None

    def action_group(self, action: Action, locale: str = "fr") -> str:
        """The menu an action belongs to when there are too many for one list (e.g. its suit)."""
        return action.kind

    def rated(self, options: Mapping[str, Any]) -> bool:
        """Whether a match played with ``options`` (resolved) counts for the ratings: a match
        shorter than the rules' standard one is practice, unrated (its result still goes to the
        history). Every match by default; games with a length option say which are shorter."""
        return True

    def pick_menu(self, state: State, seat: int) -> PickMenu | None:
        """A decision ``seat`` makes by picking several items in one menu when some of them are not
        legal steps yet (a wild that may not start a combination); ``None`` by default: the bot
        gathers :meth:`State.pending_picks` legal steps instead."""
        return None

    def pick_item(self, action: Action) -> str:
        """The :class:`PickMenu` item a step of the menu's kind uses (its argument by default)."""
        return action.arg

    def rules_summary(self, locale: str = "fr") -> list[str]:
        """Pages of a concise rules summary for players (markdown, each under 2,000 characters)."""
        return [self.title(locale)]

    def title(self, locale: str = "fr") -> str:
        """The game's name in ``locale``."""
        return localized(self.titles, locale, self.name)

    def upgrade_log(self, log: list[str]) -> list[str]:
        """An old saved log in today's action texts (a game whose actions changed rewrites it);
        :meth:`load` and every replay of a stored log go through it. Unchanged by default."""
        return list(log)

    def contract_label(self, contract: Mapping[str, Any], locale: str = "fr") -> str | None:
        """The name players read for a view's ``contract`` dict ("Garde sans le chien"), or
        ``None`` when the game has no name for it."""
        return None

    def phase_label(self, phase: str, locale: str = "fr") -> str:
        """The word players read for a view's ``phase`` ("Enchères", "Écart", "Jeu de la carte")."""
        msg = self.phases.get(phase) or _PHASES.get(phase)
        return msg(locale) if msg is not None else phase


_PHASES = {phase: Msg(key) for phase, key in vocabulary.PHASES.items()}
