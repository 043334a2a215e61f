"""The Tarot :class:`~games.base.Game`: options, factory, parsing, labels, rules summary."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from games.base import JSON, Action, Game, Option, Phase, Player, State
from games.errors import GameError, IllegalAction
from games.i18n import Msg
from games.tarot import actions, chelem, rules_text, vocabulary
from games.tarot.explain import why_illegal
from games.tarot.state import TarotState, new_state
from games.tarot.views import build_view


class TarotGame(Game):
    """French Tarot, FFT rules, 3 to 5 players (docs/rules/tarot.md)."""

    name = "tarot"
    titles = Msg("tarot.title")
    phases = {phase: Msg(key) for phase, key in vocabulary.PHASES.items()}
    min_seats = 3
    max_seats = 5
    zero_sum = True


    def view(self, state: State, seat: int | None) -> JSON:
        """See :func:`games.tarot.views.build_view` for the keys (:class:`games.tarot.views.TarotView`):
        checked where it is built, then plain JSON like every game's view."""
        return cast(JSON, build_view(cast(TarotState, state), seat))

    def why_illegal(self, state: State, seat: int, action: Action) -> IllegalAction:
        """See :func:`games.tarot.explain.why_illegal`."""
        return why_illegal(cast(TarotState, state), seat, action)

    def options(self) -> list[Option]:
        """Number of deals and the docs/rules/tarot.md, « Defaults and options » alternatives (all off by default)."""
        return [
            Option("deals", 0, Msg("tarot.option.deals"), minimum=0, maximum=40,
                   labels={0: Msg("tarot.option.deals.0")}),
            Option("excuse_last_changes_camp", False, Msg("tarot.option.excuse_last_changes_camp")),
            Option("excuse_from_ecart", False, Msg("tarot.option.excuse_from_ecart")),
            Option("poignee_5p_triple_15", False, Msg("tarot.option.poignee_5p_triple_15")),
            Option("five_seated_four_playing", False, Msg("tarot.option.five_seated_four_playing")),
        ]

    def new(self, seats: int, seed: int | str, options: Mapping[str, Any] | None = None) -> TarotState:
        """A new match; see :mod:`games.tarot.state` for how deals are counted.

        :raises GameError: on a bad seat count or option.
        """
        self.check_seats(seats)
        resolved = self.resolve_options(options)
        if resolved["five_seated_four_playing"] and seats != 5:
            raise GameError.of("tarot.error.five_seated")
        return new_state(self, seats, seed, resolved)

    def parse_action(self, text: str) -> Action:
        """See :func:`games.tarot.actions.parse_action`; :raises InvalidAction: when unparseable."""
        return actions.parse_action(text)

    def action_label(self, action: Action, locale: str = "fr") -> str:
        return actions.action_label(action, locale)

    def action_group(self, action: Action, locale: str = "fr") -> str:
        return actions.action_group(action, locale)

    def contract_label(self, contract: Mapping[str, Any], locale: str = "fr") -> str | None:
        bid = contract.get("bid")
        return actions.contract_name(bid, locale) if bid in actions.BIDS else None

    def rules_summary(self, locale: str = "fr") -> list[str]:
        return rules_text.summary(locale)

    def obvious_action(self, state: State, seat: int) -> Action | None:
        """No chelem, for a taker whose hand does not make one plausible (:mod:`games.tarot.chelem`)."""
        assert isinstance(state, TarotState)
        if state.phase is not Phase.ANNOUNCE or seat != state.to_act():
            return None
        return None if chelem.plausible(state.hands[seat]) else actions.NO_CHELEM

    def computer_player(self, level: str = "normal", **expert_args: Any) -> Player:
        """``"easy"`` (:mod:`games.tarot.easy`), ``"normal"`` or ``"expert"`` (see :mod:`games.search`); the expert takes
        ``budget`` (seconds per decision) or ``samples``."""
        from games.search import make_player
        from games.tarot.ai import TarotBot
        from games.tarot.easy import Beginner
        from games.tarot.expert import TarotExpert

        return make_player(level, TarotBot, TarotExpert, Beginner, **expert_args)
