"""The "Hint" (Conseil) button of the live hand.

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
from contextlib import AbstractAsyncContextManager
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.infra.thinking import Advice, can_advise
from bot.service.i18n import N_, t
from bot.service.table import BotError, Hand, Table

if TYPE_CHECKING:
    from bot.service.archive import Archive
    from bot.service.tables import TableService
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


class HintSwitch:
    """Whether each server offers hints (``/settings hints:``), read once per server then kept."""

    def __init__(self, archive: Archive) -> None:
        self.archive = archive
        self.cached: dict[int, bool] = {}

    async def on(self, guild_id: int) -> bool:
        if guild_id not in self.cached:
            self.cached[guild_id] = await self.archive.hints(guild_id)
        return self.cached[guild_id]

    async def set(self, guild_id: int, on: bool) -> None:
        await self.archive.set_hints(guild_id, on)
        self.cached[guild_id] = on

    async def offered(self, table: Table, hand: Hand) -> bool:
        """Whether the seat's hand shows the Hint button now: its turn, hints on, a game that explains."""
        return (table.status == "playing" and bool(hand.legal) and game_advises(table.game.name)
                and await self.on(table.guild_id))


class Seat(Protocol):
    """A live hand, as a hint sees it: its seat, and the note shown above the hand."""

    seat: int
    note: str | None


class Answer(Protocol):
    """How a click is answered (:class:`bot.ui.answers.ClickAnswer`)."""

    async def defer_now(self) -> None: ...


class Clicked(Protocol):
    """A current click on a live hand (:class:`bot.ui.hands.Click`)."""

    @property
    def table(self) -> Table: ...

    @property
    def console(self) -> Seat: ...

    @property
    def answer(self) -> Answer: ...


class Consoles(Protocol):
    """The live hands (:class:`bot.ui.hands.Hands`)."""

    def clicked(self, interaction: discord.Interaction[Any], table_id: str,
                rev: int) -> AbstractAsyncContextManager[Clicked | None]: ...


class Notes(Protocol):
    """The presenter, as a hint sees it: a line in the table's log."""

    def note(self, table: Table, rev: int, key: str, **kw: str) -> None: ...


class HintBot(Protocol):
    """What the Hint button needs of the bot (:class:`bot.ui.client.TapisBot`)."""

    service: TableService
    hint_switch: HintSwitch

    @property
    def hands(self) -> Consoles: ...
    @property
    def presenter(self) -> Notes: ...

    def private_locale(self, interaction: discord.Interaction[Any]) -> str: ...


async def on_hint(bot: HintBot, interaction: discord.Interaction[Any], parsed: ParsedId, values: list[str]) -> None:
    """The Hint button: the expert's advice as a note in the same hand message; a log line."""
    async with bot.hands.clicked(interaction, parsed.table, parsed.rev) as click:
        if click is not None:
            await click.answer.defer_now()  # the expert thinks up to its budget: Discord is told at once
            await advise(bot, interaction, click.table, click.console)


async def advise(bot: HintBot, interaction: discord.Interaction[Any], table: Table, console: Seat) -> None:
    """The expert's advice for the console's seat, as its note. :raises BotError: hints are off."""
    state = table.state
    if state is None or not await bot.hint_switch.offered(table, bot.service.memo.hand(table, console.seat)):
        raise BotError.of("hints_off")
    seat = console.seat
    legal = state.legal_actions(seat)
    seed = f"{table.seed}:{table.id}:{state.rev}:hint"
    try:
        advice = await bot.service.computers.thinker.advise(table.game.name, state.view(seat), legal, seed,
                                                  table=table.id, seat=seat)
    except Exception:  # an engine fault: no hint, the hand still works
        log.exception("table %s: the %s expert could not advise", table.id, table.game.name)
        advice = []
    if advice is None:
        raise BotError.of("hints_off")
    console.note = hint_lines(table, advice, bot.private_locale(interaction))  # a hand is private
    bot.presenter.note(table, state.rev, N_("log_hint"), name=table.seats[seat].name)
