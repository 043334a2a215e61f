"""The Piquet game description: options, action parsing, labels, rules summary, computer player."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from games.base import JSON, Action, Game, Option, Player, State
from games.cards import FRENCH_SUITS, card, card_text, suit_name
from games.errors import IllegalAction, InvalidAction
from games.i18n import Msg, t, tn
from games.piquet import declarations as dc
from games.piquet import vocabulary
from games.piquet.explain import why_illegal
from games.piquet.state import DEALS, PiquetState, new_state
from games.piquet.views import build_view

_BOOL_OPTIONS = {
    "sinking": Msg("piquet.option.sinking"),
    "pique_90": Msg("piquet.option.pique_90"),
    "old_french": Msg("piquet.option.old_french"),
    "sets_by_rank": Msg("piquet.option.sets_by_rank"),
    "second_blanche": Msg("piquet.option.second_blanche"),
    "younger_stand_pat": Msg("piquet.option.younger_stand_pat"),
}
_CLASSES = {kind: Msg(key) for kind, key in vocabulary.CLASSES.items()}
_TALON = {"look": Msg("piquet.action.talon.look"), "leave": Msg("piquet.action.talon.leave")}
_DECLARE = {"declare": Msg("piquet.action.declare"), "sink": Msg("piquet.action.sink")}


class PiquetGame(Game):
    """Rubicon Piquet for two (docs/rules/piquet.md); registered as ``piquet``."""

    name = "piquet"
    titles = Msg("piquet.title")
    phases = {phase: Msg(key) for phase, key in vocabulary.PHASES.items()}
    min_seats = 2
    max_seats = 2
    zero_sum = True


    def view(self, state: State, seat: int | None) -> JSON:
        """See :func:`games.piquet.views.build_view` for the keys (:class:`games.piquet.views.PiquetView`):
        checked where it is built, then plain JSON like every game's view."""
        return cast(JSON, build_view(cast(PiquetState, state), seat))

    def why_illegal(self, state: State, seat: int, action: Action) -> IllegalAction:
        """See :func:`games.piquet.explain.why_illegal`."""
        return why_illegal(cast(PiquetState, state), seat, action) or super().why_illegal(state, seat, action)

    def options(self) -> list[Option]:
        """Packets of the deal, sinking, the seed's variants of docs/rules/piquet.md, « Defaults and options » (all off), and the number
        of deals (6 by « The partie and the rubicon »; fewer make a practice partie, reckoned with the same rubicon)."""
        opts = [Option("packets", 2, Msg("piquet.option.packets"), choices=(2, 3),
                       labels={2: Msg("piquet.option.packets.2"), 3: Msg("piquet.option.packets.3")})]
        opts += [Option(name, False, description) for name, description in _BOOL_OPTIONS.items()]
        opts.append(Option("deals", DEALS, Msg("piquet.option.deals"), minimum=1, maximum=DEALS))
        return opts

    def rated(self, options: Mapping[str, Any]) -> bool:
        """A partie is six deals (docs/rules/piquet.md, « Cards and the deal », reckoned after 6 deals by « The partie and the rubicon »): a shorter one
        (``deals`` 1 to 5) is practice, unrated."""
        return int(options.get("deals", DEALS)) >= DEALS

    def new(self, seats: int, seed: int | str, options: Mapping[str, Any] | None = None) -> PiquetState:
        """A partie: cut for deal, first deal made; :raises GameError: on seats or options."""
        self.check_seats(seats)
        return new_state(self, seats, seed, self.resolve_options(options))

    def parse_action(self, text: str) -> Action:
        """``exchange:N``, ``discard:C``, ``play:C``, ``talon:look|leave``, ``declare|sink:KIND``.

        :raises InvalidAction: when ``text`` is none of these.
        """
        kind, arg = Action.split(text)
        arg = arg.lower()
        if kind in ("play", "discard"):
            try:
                c = card(arg)
            except ValueError as exc:
                raise InvalidAction.of("error.not_card", card=repr(arg)) from exc
            if c.rank not in dc.RANK_INDEX or c.suit not in FRENCH_SUITS:
                raise InvalidAction.of("piquet.error.not_in_pack", card=c.code)
            return Action(kind, c.code)
        if kind == "exchange" and len(arg) == 1 and arg in "0123456789":  # ASCII digits only
            return Action(kind, arg)
        if kind == "talon" and arg in ("look", "leave"):
            return Action(kind, arg)
        if kind in ("declare", "sink") and arg in dc.CLASSES:
            return Action(kind, arg)
        raise InvalidAction.of("error.unknown_action", action=repr(text))

    def action_label(self, action: Action, locale: str = "fr") -> str:
        """Button text: a card, a count, a declaration choice."""
        kind, arg = action
        if kind == "play":
            return card_text(card(arg), locale)
        if kind == "discard":
            return t(locale, "piquet.action.discard", card=card_text(card(arg), locale))
        if kind == "exchange":
            n = int(arg)
            return tn(locale, "piquet.action.exchange", n) if n else t(locale, "piquet.action.exchange.0")
        if kind == "talon":
            return _TALON[arg](locale)
        if kind in _DECLARE:
            return _DECLARE[kind](locale, what=_CLASSES[arg](locale))
        return str(action)

    def hand_notes(self, view: Mapping[str, Any], locale: str = "fr") -> list[str]:
        """Younger deciding whether to look at the talon reads what it holds: the cards elder left
        untaken (Law 36, docs/rules/piquet.md, « The exchange »); looking lets elder see them too once he has led."""
        if view.get("look_pending") and view.get("seat") is not None and view.get("seat") != view.get("elder") \
                and view.get("to_act") == view.get("seat"):
            return [tn(locale, "piquet.note.talon", int(view.get("leftover_count") or 0))]
        return []

    def action_group(self, action: Action, locale: str = "fr") -> str:
        """Cards by suit, other decisions together."""
        if action.kind in ("play", "discard"):
            return suit_name(card(action.arg).suit, locale).capitalize()
        return t(locale, "common.group.other")

    def rules_summary(self, locale: str = "fr") -> list[str]:
        """Four pages of rules (our own words, docs/rules/piquet.md)."""
        from games.piquet.rules_text import PAGES

        return [page(locale) for page in PAGES]

    def computer_player(self, level: str = "normal", **expert_args: Any) -> Player:
        """The Piquet computer player: ``"easy"`` (:mod:`games.piquet.easy`), ``"normal"`` (:mod:`games.piquet.ai`) or
        ``"expert"`` (:mod:`games.piquet.expert`, takes ``budget`` or ``samples``)."""
        from games.piquet.ai import PiquetPlayer
        from games.piquet.easy import Beginner
        from games.piquet.expert import PiquetExpert
        from games.search import make_player

        return make_player(level, PiquetPlayer, PiquetExpert, Beginner, **expert_args)


PIQUET = PiquetGame()
