"""The "Hint" (Conseil) button of the live hand (issue 15, item 6).

A click asks the expert (in the computer players' worker pool, with the expert budget) what it
would play from the seat's own view, and shows its three best options with the mean points it
expects for the seat (and, where it computes one, the chance that the seat's side makes the
contract). The answer is a note above the hand **in the same private message**, edited in place:
the hand is the player's console for the match, so the advice sits next to the buttons it is
about, stays until the hand changes, and no extra message piles up. The table log notes that the
player asked (the other players see that a hint was used, never the hint).

Servers turn hints off with ``/settings hints:False``; games whose expert cannot explain itself
(Le Trio, L'École: the expert is the normal player there) show no button.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

import discord

from bot.infra.thinking import Advice, can_advise
from bot.service.i18n import N_, t
from bot.service.table import BotError, Table

if TYPE_CHECKING:
    from bot.ui.hands import Console
    from bot.ui.ids import ParsedId

log = logging.getLogger(__name__)
SHOWN = 3  # options a hint lists
VERB = "~k"


@cache
def game_advises(game: str) -> bool:
    """Whether ``game``'s expert explains its options (checked once per game)."""
    return can_advise(game)


def number(value: float, locale: str, signed: bool = True) -> str:
    """``+12.5`` (``+12,5`` in French)."""
    text = f"{value:+.1f}" if signed else f"{value:.0f}"
    return text.replace(".", ",") if locale == "fr" else text


def hint_lines(table: Table, advice: Sequence[Advice], locale: str) -> str:
    """The note shown above the hand: a title and the best :data:`SHOWN` options."""
    lines = [t(locale, "hint_title")]
    if len(advice) <= 1:
        only = advice[0][0] if advice else None
        lines.append(t(locale, "hint_only", action=_label(table, only, locale)) if only else t(locale, "hint_none"))
        return "\n".join(lines)
    figures = any(points or chance is not None for _a, points, chance in advice)
    for n, (action, points, chance) in enumerate(advice[:SHOWN], 1):
        label = _label(table, action, locale)
        if not figures:
            lines.append(t(locale, "hint_plain", n=n, action=label))
        elif chance is None:
            lines.append(t(locale, "hint_points", n=n, action=label, points=number(points, locale)))
        else:
            lines.append(t(locale, "hint_chance", n=n, action=label, points=number(points, locale),
                           chance=number(100 * chance, locale, signed=False)))
    if not figures:
        lines.append(t(locale, "hint_usual"))
    return "\n".join(lines)


def _label(table: Table, action: Any, locale: str) -> str:
    return table.game.action_label(action, locale) or str(action)


async def hints_on(bot: Any, guild_id: int) -> bool:
    """Whether the server offers hints (cached; ``/settings hints:`` clears the cache)."""
    cached: dict[int, bool] = bot.__dict__.setdefault("_hints_on", {})
    if guild_id not in cached:
        cached[guild_id] = await bot.db.hints(guild_id)
    return cached[guild_id]


async def set_hints(bot: Any, guild_id: int, on: bool) -> None:
    await bot.db.set_hints(guild_id, on)
    bot.__dict__.setdefault("_hints_on", {})[guild_id] = on


async def offered(bot: Any, table: Table, seat: int) -> bool:
    """Whether the seat's hand shows the Hint button now: its turn, hints on, a game that explains."""
    return (table.status == "playing" and table.state is not None and bool(table.state.legal_actions(seat))
            and game_advises(table.game.name) and await hints_on(bot, table.guild_id))


async def on_hint(bot: Any, interaction: discord.Interaction[Any], parsed: ParsedId, values: list[str]) -> None:
    """The Hint button: the expert's advice as a note in the same hand message; a log line."""

    async def advise(table: Table, console: Console) -> None:
        if not await offered(bot, table, console.seat):
            raise BotError.of("hints_off")
        state = table.state
        assert state is not None
        seat = console.seat
        legal = state.legal_actions(seat)
        seed = f"{table.seed}:{table.id}:{state.rev}:hint"
        try:
            advice = await bot.service.thinker.advise(table.game.name, state.view(seat), legal, seed,
                                                      table=table.id, seat=seat)
        except Exception:  # an engine fault: no hint, the hand still works
            log.exception("table %s: the %s expert could not advise", table.id, table.game.name)
            advice = []
        if advice is None:
            raise BotError.of("hints_off")
        locale = bot.hands.locale(console)
        console.note = hint_lines(table, advice, locale)
        bot.presenter.table_changed(table)  # makes sure the table's log exists before the note
        shown = bot.presenter.shown.get(table.id)
        if shown is not None:
            shown.log.note(state.rev, N_("log_hint"), name=table.seats[seat].name)

    await bot.hands.click(interaction, parsed.table, parsed.rev, advise)
