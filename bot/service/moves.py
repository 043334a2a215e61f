"""The move's steps that touch no table, for :meth:`bot.service.tables.TableService.act`: the chosen
actions resolved and applied to the state, and whether a move ends a deal (a snapshot is saved)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.table import BotError
from games.base import Action, Game, State

#: a chosen action: its value, or its text typed in a command
Chosen = Action | str


def by_index(state: State, seat: int, index: Sequence[int]) -> list[Chosen]:
    """The legal actions of ``seat`` at the positions ``index`` (ids too long for a custom_id, menu
    values). :raises NotYourTurn: not the seat's turn (the engine's text). :raises BotError: no such
    position."""
    legal = state.legal_actions(seat)
    if not legal:
        state.apply(seat, Action("pass"))  # raises NotYourTurn with the engine's text
    try:
        return [legal[i] for i in index]
    except IndexError:
        raise BotError.of("bad_choice") from None


def apply_all(game: Game, seat: int, chosen: Sequence[Chosen], state: State) -> tuple[State, list[tuple[int, str]]]:
    """``chosen`` applied in order (all or none: the state is immutable); the new state and each
    applied action's ``(revision, text)``. :raises InvalidAction, IllegalAction: from the engine."""
    applied = []
    for one in chosen:
        action = game.parse_action(one) if isinstance(one, str) else one
        state = state.apply(seat, action)
        applied.append((state.rev, str(action)))
    return state, applied


def deal_ended(old: State | None, new: State) -> bool:
    """Whether ``new`` is in another deal than ``old`` (a snapshot is saved at each deal's end)."""
    if old is None:
        return True
    return old.deal_index() != new.deal_index()
