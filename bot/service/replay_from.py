"""Replay from here ("Rejouer d'ici"): a private practice table from a moment of a finished deal.

A member picks one of their own decisions of a deal that ended (a key moment of its review, or any
decision by its number): a new table is opened with the same cards in the same seats (the saved
match's seed, seats and options), its log replayed up to that decision (the engines replay exactly
from their log), the member at their seat to play and computers of the same levels in the other
seats (a member who sat there is played by the normal computer, as a stand-in plays). The match is
set to end with that deal (its deal count, or Le Trio's round limit, is that deal's number), so the
table never deals what came after it. The table is practice (:attr:`bot.service.table.Table.practice`,
seed ``practice:<table>:<move>``): unrated, and its end writes no result, so it is in no history,
rating, leaderboard or record.

Who may start one is checked before anything is dealt: the deal must be the member's own (they held
a seat), over, of this server, and a shared deal (challenge, duplicate group, duplicate night) only
once the member may see it by the one rule of :mod:`bot.service.shared_deals`. No Discord here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.service import seating
from bot.service.table import PRACTICE_SEED, BotError, SeatInfo, Table
from bot.service.tables import TableService
from games.base import Game, State
from games.errors import GameError

__all__ = ["DEAL_LIMIT", "Moment", "moments", "open_practice", "practice_seed", "practice_state"]

#: per game, the option whose value ``n`` ends the match after its ``n``-th deal (round)
DEAL_LIMIT = {"tarot": "deals", "tresillo": "deals", "piquet": "deals", "trio": "max_rounds", "ecole": "max_rounds"}


@dataclass(frozen=True)
class Moment:
    """One of a seat's decisions in a deal: ``number`` counts them from 1 in the order played (as
    the review numbers them), ``index`` is its place in the log (the actions before it), ``text``
    the action played."""

    number: int
    index: int
    text: str


def moments(game: Game, saved: Mapping[str, Any], seat: int, deal_no: int) -> list[Moment]:
    """``seat``'s decisions in deal ``deal_no`` (0-based) of the saved match ``saved``."""
    found: list[Moment] = []
    for i, step in enumerate(game.replay(saved)):
        number = step.before.deal_index()
        if number is not None and number > deal_no:
            break
        if step.seat == seat and number == deal_no:
            found.append(Moment(len(found) + 1, i, step.text))
    return found


def practice_state(game: Game, saved: Mapping[str, Any], seat: int, deal_no: int, moment: Moment,
                   match_over: bool) -> State:
    """The state of a practice table at ``moment``: the saved match's log up to it, the match set to
    end with deal ``deal_no``; ``seat`` to play. When that limit is not an option the game takes
    (more deals than it allows), the match as it was, only once it is over (``match_over``: its
    later deals are then no secret to the member); so too for Piquet, whose partie tied at its last
    deal goes on two more (docs/rules/piquet.md, « The partie and the rubicon »).

    :raises BotError: the moment cannot be replayed (``practice_unavailable``)."""
    log = game.upgrade_log(list(saved.get("log") or []))
    options = dict(saved.get("options") or {})
    limit = DEAL_LIMIT.get(game.name)
    if limit is None:
        raise BotError.of("practice_unavailable")
    if not match_over and game.name == "piquet":
        raise BotError.of("practice_match_in_play")
    try:
        options = game.resolve_options({**options, limit: deal_no + 1})
    except GameError:
        if not match_over:
            raise BotError.of("practice_match_in_play") from None
    try:
        state = game.load({**saved, "options": options, "log": log[:moment.index]})
    except GameError:
        raise BotError.of("practice_unavailable") from None
    if state.to_act() != seat or state.deal_index() != deal_no:
        raise BotError.of("practice_unavailable")
    return state


def practice_seed(table_id: str, moment: Moment) -> str:
    """The practice table's seed (its cards come from its state's own seed, the saved match's)."""
    return f"{PRACTICE_SEED}{table_id}:{moment.index}"


async def open_practice(tables: TableService, state: State, seat: int, member: tuple[int, str],
                        levels: Sequence[str], *, seed: str, guild_id: int, channel_id: int,
                        thread_id: int | None) -> Table:
    """A practice table in play from ``state``: ``member`` at ``seat``, computers of ``levels`` (one per
    seat, the member's ignored) elsewhere; saved, then its computers play until the member's turn.
    An open practice table of the member in that place is cancelled first (one practice at a time).

    :raises BotError: another shard's server, a table of another kind open there."""
    other = tables.registry.at(thread_id or channel_id)
    if other is not None and other.practice and other.host_id == member[0]:
        await tables.cancel(other.id, member[0])
    table = await tables.create(guild_id=guild_id, channel_id=channel_id, thread_id=thread_id, host_id=member[0],
                                host_name=member[1], game=state.game.name, options=dict(state.options),
                                seats=state.seats, seed=seed)
    try:
        async with table.lock:
            with seating.undo(table):
                placed: list[SeatInfo] = []
                for i in range(state.seats):
                    if i == seat:
                        placed.append(SeatInfo(member[0], member[1]))
                    else:
                        table.seats = placed  # numbers the next computer
                        placed.append(tables.computer_seat(table, levels[i]))
                table.seats = placed
                table.state, table.status, table.turn_start = state, "playing", state.rev
                await tables.save_lobby(table)
    except Exception:
        await tables.cancel(table.id, None, admin=True)  # the lobby no member asked for
        raise
    tables.computers.after_change(table)
    return table
