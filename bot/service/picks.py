"""Several picks in one menu that the engine takes as several steps.

A game's :meth:`~games.base.Game.pick_menu` lists items some of which are not legal steps yet (Le
Trio: the engine lets no wild start a combination). The bot turns the picked items into legal
steps itself, in an order the engine accepts: it tries the items in the menu's order (Le Trio lists
naturals before wilds) and backtracks, so the engine's legal steps stay exactly as they are. A
choice no order accepts is refused before anything is applied: the hand stays as it was.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.table import BotError
from games.base import Action, Game, PickMenu, State
from games.errors import GameError

#: states tried at most for one menu (a combination is at most 4 picks at once: a few dozen)
BUDGET = 500


def chosen_steps(game: Game, state: State, seat: int, chosen: Sequence[int]) -> list[Action]:
    """The actions of a submitted pick menu (positions ``chosen``), checked now.

    :raises BotError: the menu is gone or the choice is malformed (``bad_choice``), or no order of
        the picked items is legal (``picks_refused``, naming the cards): nothing is applied."""
    menu = game.pick_menu(state, seat)
    if menu is None or not all(0 <= i < len(menu.items) for i in chosen):
        raise BotError.of("bad_choice")
    steps = steps_for(game, state, seat, menu, chosen)
    if steps is None:
        picked = [Action(menu.kind, menu.items[i]) for i in sorted(chosen)]

        def cards(locale: str) -> str:
            return ", ".join(game.action_label(a, locale) for a in picked)

        raise BotError.of("picks_refused", cards=cards)
    return steps


def steps_for(game: Game, state: State, seat: int, menu: PickMenu, chosen: Sequence[int]) -> list[Action] | None:
    """The legal steps that lay the items at positions ``chosen`` of ``menu``, in an order the
    engine accepts, or ``None`` when no order does (or the choice is not ``menu.n`` distinct
    positions of the menu)."""
    if len(set(chosen)) != menu.n or len(chosen) != menu.n or not all(0 <= i < len(menu.items) for i in chosen):
        return None
    items = [menu.items[i] for i in sorted(chosen)]
    budget = [BUDGET]
    return _order(game, state, seat, menu.kind, items, budget)


def _order(game: Game, state: State, seat: int, kind: str, items: list[str], budget: list[int]) -> list[Action] | None:
    """Depth-first: each distinct item left, in order, as each legal step of ``kind`` laying it."""
    if not items:
        return []
    if state.to_act() != seat:
        return None
    legal = [a for a in state.legal_actions(seat) if a.kind == kind]
    for item in dict.fromkeys(items):
        rest = list(items)
        rest.remove(item)
        for action in legal:
            if game.pick_item(action) != item:
                continue
            if budget[0] <= 0:
                return None
            budget[0] -= 1
            try:
                after = state.apply(seat, action)
            except GameError:
                continue
            found = _order(game, after, seat, kind, rest, budget)
            if found is not None:
                return [action, *found]
    return None
