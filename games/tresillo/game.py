"""The Tresillo :class:`~games.base.Game`: options, action parsing, labels, rules summary."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, cast

from games.base import JSON, Action, Game, Option, Player, State
from games.cards import SPANISH_SUIT_NAMES, card, card_name, suit_name
from games.errors import IllegalAction, InvalidAction
from games.i18n import Msg, t, tn
from games.tresillo import vocabulary
from games.tresillo.auction import LEVELS
from games.tresillo.explain import why_illegal
from games.tresillo.order import SUITS
from games.tresillo.scoring import bet_wins
from games.tresillo.state import TresilloState, new_state
from games.tresillo.views import build_view

_SUIT_LABELS = {s: SPANISH_SUIT_NAMES[s] for s in SUITS}
_FIXED_ARGS: dict[str, tuple[str, ...]] = {
    "pass": ("",), "renounce": ("",), "accept": ("",), "defend": ("",),
    "bid": (*LEVELS[1:], "plus"), "exchange": ("ask", *(str(n) for n in range(11))), "order": ("me", "partner"),
    "consent": ("yes", "no"), "bola": ("stop", "continue"),
}
_DECLARE_ARGS = {f"{n}:{s}" for n in ("jeu", "solo") for s in SUITS} | {"jeu_favour", "retourne", "solo_favour"}

_LABELS = {text: Msg(key) for text, key in vocabulary.ACTIONS.items()}  # canonical text -> label
_CONTRACTS = {name: Msg(key) for name, key in vocabulary.CONTRACTS.items()}


class TresilloGame(Game):
    """Tresillo (Spanish Ombre), 3 seats or 4 with the alcalde (docs/rules/tresillo.md)."""

    name = "tresillo"
    card_family = "spanish"
    titles = Msg("tresillo.title")
    confirmed = frozenset({"renounce"})
    phases = {phase: Msg(key) for phase, key in vocabulary.PHASES.items()}
    min_seats = 3
    max_seats = 4
    zero_sum = True
    # random play reaches every phase (the Solo consent, the bola) within a few matches of 3 rounds
    playout_options: ClassVar[dict[str, Any]] = {"rounds": 3}


    def view(self, state: State, seat: int | None) -> JSON:
        """See :func:`games.tresillo.views.build_view` for the keys (:class:`games.tresillo.views.TresilloView`):
        checked where it is built, then plain JSON like every game's view."""
        return cast(JSON, build_view(cast(TresilloState, state), seat))

    def why_illegal(self, state: State, seat: int, action: Action) -> IllegalAction:
        """See :func:`games.tresillo.explain.why_illegal`."""
        return why_illegal(cast(TresilloState, state), seat, action)

    def options(self) -> list[Option]:
        return [
            Option("rounds", 1, Msg("tresillo.option.rounds"), minimum=1, maximum=5),
            # a set number of deals (a duplicate deal of the daily challenge is one)
            Option("deals", 0, Msg("tresillo.option.deals"), minimum=0, maximum=15,
                   labels={0: Msg("tresillo.option.deals.0")}),
            Option("favour", "E", Msg("tresillo.option.favour"), choices=SUITS, labels=_SUIT_LABELS),
            Option("stake", 10, Msg("tresillo.option.stake"), choices=(2, 4, 6, 8, 10, 20, 30, 50, 100)),
            Option("retourne_value", 10, Msg("tresillo.option.retourne_value"), choices=(10, 30)),
            Option("failed_bola", "pays", Msg("tresillo.option.failed_bola"), choices=("pays", "wins"),
                   labels={"pays": Msg("tresillo.option.failed_bola.pays"),
                           "wins": Msg("tresillo.option.failed_bola.wins")}),
            Option("open_any", False, Msg("tresillo.option.open_any")),
        ]

    def new(self, seats: int, seed: int | str, options: Mapping[str, Any] | None = None) -> TresilloState:
        """A new match; :raises GameError: on a bad seat count or option."""
        self.check_seats(seats)
        return new_state(self, seats, seed, self.resolve_options(options))

    def initial_state(self, data: Mapping[str, Any]) -> TresilloState:
        """A save without ``"all_pass": "redeal"`` predates docs/rules/tresillo.md, « Bidding »'s annulled deal not
        counting: it replays by the rule it was played by (see :mod:`games.tresillo.state`)."""
        st = self.new(int(data["seats"]), data["seed"], data.get("options") or {})
        st.all_pass_counts = data.get("all_pass") != "redeal"
        return st

    def parse_action(self, text: str) -> Action:
        """Parse an action text (see the package docstring); :raises InvalidAction: when unknown."""
        kind, arg = Action.split(text)
        bad = InvalidAction.of("error.unknown_action", action=repr(text))
        if kind in ("play", "discard"):
            try:
                return Action(kind, card(arg, "spanish").code)
            except ValueError:
                raise bad from None
        if kind == "bet":
            arg = arg.lower() if arg.lower() == "none" else arg.upper()
            if arg in ("J", "P", "C", "none"):
                return Action(kind, arg)
            raise bad
        if kind == "declare":
            name, _, suit = arg.partition(":")
            arg = f"{name.lower()}:{suit.upper()}" if suit else name.lower()
            if arg in _DECLARE_ARGS:
                return Action(kind, arg)
            raise bad
        arg = arg.lower()
        if arg in _FIXED_ARGS.get(kind, ()):
            return Action(kind, arg)
        raise bad

    def computer_player(self, level: str = "normal", **expert_args: Any) -> Player:
        """``"easy"`` (:mod:`games.tresillo.easy`), ``"normal"`` (:mod:`games.tresillo.ai`) or ``"expert"``
        (:mod:`games.tresillo.expert`, takes ``budget`` or ``samples``)."""
        from games.search import make_player
        from games.tresillo.ai import TresilloPlayer
        from games.tresillo.easy import Beginner
        from games.tresillo.expert import TresilloExpert

        return make_player(level, TresilloPlayer, TresilloExpert, Beginner, **expert_args)

    def action_label(self, action: Action, locale: str = "fr") -> str:
        """Short label with the game's Spanish terms: "Je joue", "Plus !", "Solo en oros"..."""
        text = str(action)
        if text in _LABELS:
            return _LABELS[text](locale)
        if action.kind in ("play", "discard"):
            name = card_name(card(action.arg, "spanish"), locale)
            if action.kind == "play":
                return name
            return t(locale, "tresillo.action.discard", card=name)
        if action.kind == "exchange" and action.arg.isascii() and action.arg.isdigit():
            n = int(action.arg)
            return tn(locale, "tresillo.action.exchange.count", n) if n else t(locale, "tresillo.action.exchange.none")
        if action.kind == "declare":
            contract, _, suit = action.arg.partition(":")
            return t(locale, "tresillo.action.declare", contract=_CONTRACTS[contract](locale),
                     suit=suit_name(suit, locale, "spanish"))
        return text

    def action_group(self, action: Action, locale: str = "fr") -> str:
        """Cards are grouped by suit (by name), contracts together, the other choices together."""
        if action.kind in ("play", "discard"):
            return suit_name(action.arg[-1], locale, "spanish").capitalize()
        if action.kind == "declare":
            return t(locale, "tresillo.group.declare")
        return t(locale, "common.group.other")

    def upgrade_log(self, log: list[str]) -> list[str]:
        """Logs from before ``exchange:N`` replay as today's actions (:func:`exchange.upgrade_log`)."""
        from games.tresillo.exchange import upgrade_log

        return upgrade_log(log)

    def hand_notes(self, view: Mapping[str, Any], locale: str = "fr") -> list[str]:
        """The alcalde choosing his bet reads what each bet wins when right and loses when wrong
        (docs/rules/tresillo.md, « Payments »: J is paid half the stake by each opponent, P the stake and C one and a half
        stakes by the declarer; a wrong bet pays the stake to the deal's winners)."""
        if view.get("phase") != "bet" or view.get("seat") is None or view.get("seat") != view.get("alcalde"):
            return []
        stake = int(view.get("stake") or 0)
        wins = bet_wins(stake)
        lines = [t(locale, "tresillo.note.bet", stake=stake)]
        lines += [t(locale, "tresillo.note.bet.line", bet=_LABELS[f"bet:{b}"](locale), win=wins[b], lose=stake)
                  for b in ("J", "P", "C")]
        return lines

    def contract_label(self, contract: Mapping[str, Any], locale: str = "fr") -> str | None:
        """"Solo de faveur", "Jeu"... (the trump is on the table image)."""
        name = _CONTRACTS.get(str(contract.get("name")))
        return name(locale) if name else None

    def rules_summary(self, locale: str = "fr") -> list[str]:
        """Four pages of rules for players."""
        from games.tresillo.rules_text import PAGES

        return [page(locale) for page in PAGES]
