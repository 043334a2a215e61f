"""Each player's live private hand: one ephemeral message per seat, kept up to date.

"My hand" (or ``/hand``) opens a private message that stays the player's console for the match:

* a click on it is answered by editing that same message (the click's own response);
* when the table changes (the turn comes back, the awaited player changes, the hand changes) the
  bot edits it with the newest interaction token it holds for that seat; a token can edit its
  message for 15 minutes (DISCORD.md), so a console older than :data:`TOKEN_LIFE` is left alone
  and the turn ping asks the player to click "My hand" again;
* opening the hand again retires the previous message (one line, no components);
* a click on a retired or outdated message turns that message into the current hand: nothing new
  is posted.

Only the seat's own view (``state.view(seat)``) is drawn here, in ephemeral messages.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.infra import images
from bot.service.i18n import N_, t
from bot.service.table import BotError, Hand, StaleAction, Table
from bot.service.table_log import card_label
from bot.ui import discord_errors, parts, views, words
from bot.ui.answers import ClickAnswer
from bot.ui.tokens import HandToken
from games.base import Action, PickMenu, State
from games.errors import GameError
from rendering import alt_text, hand_order

if TYPE_CHECKING:
    from bot.infra.metrics import Metrics
    from bot.service.tables import TableService
    from bot.ui.hints import HintSwitch

log = logging.getLogger(__name__)
TOKEN_LIFE = 14 * 60  # seconds an interaction token is used to edit (Discord allows 15 minutes)


def lit_cards(legal: list[Action], menu: PickMenu | None = None) -> list[str] | None:
    """The card codes a hand image lights (the legal actions' arguments, a pick menu's wilds
    too); None when the seat has nothing to do (nothing dimmed)."""
    if not legal:
        return None
    return [a.arg for a in legal if a.arg] + list(menu.items if menu is not None else ())


def context_lines(table: Table, view: dict[str, Any], legal: list[Action], locale: str) -> list[str]:
    """What a seat reads before choosing: why the cards changed (a redeal), the auction so far, the
    contract and its maker, the chien's cards, the card it just drew, the trick so far with who led
    (and who took the last one), the deal's running points beside the match's, and what each
    game-term button does."""
    game, names = table.game, table.names()
    lines = [t(locale, "words.redeal")] if words.redeal_line(view) else []
    if auction := words.auction_line(game, view, names, locale):
        lines.append(auction)
    contract = view.get("contract")
    if contract:
        label = game.contract_label(contract, locale) if isinstance(contract, dict) else None
        lines.append(t(locale, "contract_line", contract=parts.contract_text(contract, names, label)))
    lines += [line for line in (words.chien_line(game, view, locale), words.drawn_line(game, view, locale),
                                words.trick_line(game, view, names, locale), words.deal_line(view, names, locale),
                                words.scores_line(view, names, locale)) if line]
    return lines + words.help_lines(game, legal, locale)


def hand_text(table: Table, view: dict[str, Any], legal: list[Action], picks: int, locale: str,
              group: int | None = None, note: str | None = None, menu: PickMenu | None = None,
              png: bytes | None = None) -> tuple[list[str], list[str]]:
    """A seat's hand in words: what to do now (a note, the step and how to choose, or why there is
    nothing to do), then its context (:func:`context_lines`, on its turn) and, without the hand
    image ``png``, its cards."""
    if menu is not None:
        picks = menu.n
    game = table.game
    lines = [note] if note else []
    to_act = table.to_act()
    if legal:  # the step in words, then how to choose
        step = words.step_line(game, view, picks, locale)
        if step:
            lines.append(f"**{step}**")
        if len(legal) > views.SELECT_MAX and group is None and picks <= 1:
            lines.append(t(locale, "choose_group"))
        elif not step:
            lines.append(t(locale, "choose_n", n=picks) if picks > 1 else t(locale, "choose"))
    elif to_act is not None:  # who is awaited is on the table message: a waiting hand is not edited at each move
        lines.append(t(locale, "waiting_turn"))
    else:
        lines.append(t(locale, "over") if table.status == "over" else t(locale, "not_playing"))
    context: list[str] = []
    if legal:  # the game's notes and the context of the move, shown on the seat's turn: a
        # waiting hand is not redrawn as the others play (:func:`waiting_key`)
        context += game.hand_notes(view, locale)
        context += context_lines(table, view, legal, locale)
    hand = view.get("hand")
    if not png and hand:
        cards = ", ".join(card_label(table.game, str(c), locale) for c in hand_order(view))  # in words, never codes
        context.append(t(locale, "your_hand_cards", cards=cards))
    return lines, context


def hand_payload(table: Table, view: dict[str, Any], legal: list[Action], picks: int, locale: str,
                 group: int | None = None, note: str | None = None, hint: bool = False,
                 menu: PickMenu | None = None, png: bytes | None = None, alt: str | None = None,
                 order: list[str] | None = None, renew: int = 0) -> dict[str, Any]:
    """One seat's private hand as a Components V2 message (docs/decisions.md, « The hand console in
    Components V2 »): the title and what to do now, the hand image at the message's full width, the
    context of the move, then the moves (a row of buttons per suit, or menus). ``menu``: the game's
    pick menu, which replaces ``picks``; ``png``: its hand image (:func:`bot.infra.images.hand_png`
    of ``view`` and :func:`lit_cards`), the cards in text without it; ``alt``: that image in words,
    when known; ``order``: the hand's cards as the image shows them (:func:`rendering.hand_order`),
    when known; ``renew``: picks refused on this hand so far (:func:`views.menu_id`)."""
    if menu is not None:
        picks = menu.n
    now, context = hand_text(table, view, legal, picks, locale, group, note, menu, png)
    title = t(locale, "hand_title", game=views.game_title(table.game, locale))
    head = "\n".join([f"### {title}", *now])[:3000]
    parts: list[dict[str, Any]] = [views.text_display(head)]
    files = []
    if png:
        words_ = alt or alt_text.hand_alt(view, locale, lit_cards(legal, menu))
        files.append(discord.File(io.BytesIO(png), filename="hand.png", description=words_[:1024]))
        parts.append(views.gallery("attachment://hand.png", words_))
    if context:
        parts.append(views.text_display("\n".join(context)[:4000 - len(head)]))
    # No Hint button under a menu of several picks (écart, exchange): the taller message made the
    # local page close that menu as it opened (simcord's preview re-scrolls on re-render).
    if order is None:
        order = hand_order(view) if view.get("hand") else []
    ui = views.hand_view(table, legal, picks, locale, group, hint=hint and picks <= 1, menu=menu,
                         hand=order, renew=renew)  # the image's order
    if ui is not None:
        parts += ui.to_components()
    return {"embed": None, "attachments": files, "view": views.Layout(parts)}


async def draw_hand(table: Table, hand: Hand, locale: str, group: int | None = None, note: str | None = None,
                    hint: bool = False, urgent: bool = True, renew: int = 0) -> dict[str, Any]:
    """The hand message of ``hand`` (:meth:`bot.service.table.ViewMemo.hand`): its image drawn by the image
    workers, then :func:`hand_payload`. What a click shows: the live hands and ``benchmarks.serve``
    both call it."""
    lit = lit_cards(hand.legal, hand.menu)
    plan = images.hand_plan(hand.view, locale, lit)  # laid out once, for the image and its words
    png = await images.hand_png(hand.view, locale, lit, urgent, plan)
    alt = alt_text.plan_alt(plan) if png and plan is not None else None
    # the plan's rows are the image's order: not laid out a second time
    order = [c for row in plan.grouped for group in row for c in group] if plan is not None else None
    return hand_payload(table, hand.view, hand.legal, hand.picks, locale, group, note, hint, hand.menu, png, alt,
                        order, renew)


def shown_key(table: Table, hand: Hand, group: int | None) -> Any:
    """Changes exactly when the seat's message must change: every revision on its turn,
    else :func:`waiting_key`."""
    if table.state is None:
        return ("none", table.status)
    if hand.legal:
        return ("turn", table.rev, group)
    return waiting_key(table, table.state, hand.seat)


def waiting_key(table: Table, state: State, seat: int) -> Any:
    """What a waiting seat's message shows: its cards and the deal
    (:meth:`games.base.State.shown_hand`, not its whole view), whether the match goes on; not who is
    awaited, nor the game's notes (shown on the seat's turn only): the other seats' moves do not
    edit it."""
    cards, deal = state.shown_hand(seat)
    return ("wait", table.status, table.to_act() is None, cards, deal)


class Watcher(Protocol):
    """The presenter, as the hands see it: told that a table must be shown again."""

    def table_changed(self, table: Table) -> None: ...



class HandsBot(Protocol):
    """What the live hands need of the bot (:class:`bot.ui.client.TapisBot`)."""

    service: TableService
    metrics: Metrics
    hint_switch: HintSwitch

    @property
    def presenter(self) -> Watcher: ...

    def private_locale(self, interaction: discord.Interaction[Any] | HandToken) -> str: ...


@dataclass(slots=True)
class Console:
    """The message a seat plays from, and the newest interaction token that can edit it (its
    token and ids only: not the interaction)."""

    table_id: str
    seat: int
    message_id: int
    token: HandToken
    group: int | None = None
    note: str | None = None  # a line above the hand (a refusal, "welcome back"), until the hand changes
    refusals: int = 0  # the member's moves refused on this console (its menus open empty again)
    shown: Any = None  # what the message shows (see :meth:`Hands.key`)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)

    def fresh(self) -> bool:
        """Whether the token may still edit the message (with a margin before 15 minutes)."""
        return self.token.age() < TOKEN_LIFE


@dataclass
class Click:
    """A current click on a live hand (:meth:`Hands.clicked`): its table, the member's console, and
    how the click is answered (:meth:`ClickAnswer.defer_now` before slow work)."""

    table: Table
    console: Console
    answer: ClickAnswer


class Hands:
    """Every seat's console: opened by "My hand", edited by clicks and by table changes."""

    def __init__(self, bot: HandsBot) -> None:
        self.bot = bot
        self.consoles: dict[str, dict[int, Console]] = {}  # table id -> seat -> console

    # -- what a console shows ------------------------------------------------------------------

    def key(self, table: Table, seat: int, group: int | None) -> Any:
        """:func:`shown_key` of the seat's hand now; a seat that is not to act (it has no legal
        action) is not asked of the engine beyond :func:`waiting_key` (after each move,
        every open console's key is compared)."""
        state = table.state
        if state is None:
            return ("none", table.status)
        if seat != table.to_act():  # (None unless the match is in play)
            return waiting_key(table, state, seat)
        return shown_key(table, self.bot.service.memo.hand(table, seat), group)

    def locale(self, console: Console) -> str:
        """A hand is private: the member's own language (:meth:`TapisBot.private_locale`)."""
        return self.bot.private_locale(console.token)

    async def _edit(self, console: Console, table: Table, urgent: bool = True,
                    answer: ClickAnswer | None = None) -> None:
        """Draw the seat's current hand into the console's message (console lock held);
        ``urgent``: it answers the player's click (its image drawn before background redraws), as
        the click's response when ``answer`` has not sent one (:class:`ClickAnswer`)."""
        hand = self.bot.service.memo.hand(table, console.seat)  # the engine asked once
        locale = self.locale(console)
        key = shown_key(table, hand, console.group)
        hint = await self.bot.hint_switch.offered(table, hand)
        payload = await draw_hand(table, hand, locale, console.group, console.note, hint, urgent, console.refusals)
        if answer is not None:
            await answer.edit(console.token.edit, content=None, **payload)
        else:
            self.bot.metrics.request("interaction.edit", False)
            await console.token.edit(content=None, **payload)
        console.shown = key

    # -- "My hand" -----------------------------------------------------------------------------

    async def open(self, interaction: discord.Interaction[Any], table_id: str, note: str | None = None) -> None:
        """Answer a deferred "My hand" / ``/hand`` with a new console; retire the previous one."""
        table = self.bot.service.registry.get(table_id)
        if not table.open:
            raise BotError.of(N_("table_over") if table.status == "over" else N_("cancelled"), table=table.called)
        seat = table.seat_of(interaction.user.id)
        seats = self.consoles.setdefault(table_id, {})
        old = seats.get(seat)
        console = Console(table_id, seat, 0, HandToken.of(interaction), note=note)
        async with console.lock:
            seats[seat] = console
            try:
                await self._edit(console, table)
                message = await interaction.original_response()
            except BaseException:  # not opened: the previous console stays the seat's
                if seats.get(seat) is console:
                    if old is None:
                        del seats[seat]
                    else:
                        seats[seat] = old
                raise
            console.message_id = message.id
        if old is not None:
            await self._retire(old)

    async def _retire(self, old: Console, why: str = N_("hand_replaced")) -> None:
        """Turn an old console into one line without components (``why`` is its text key)."""
        async with old.lock:
            if not old.fresh():
                return
            try:
                self.bot.metrics.request("interaction.edit", False)
                await old.token.edit(content=None, embed=None, attachments=[], view=views.notice(t(self.locale(old), why)))
            except discord_errors.DISCORD as exc:
                log.debug("could not retire a hand message of table %s (%s)", old.table_id,
                          discord_errors.describe(exc))

    # -- clicks on a hand message --------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def clicked(self, interaction: discord.Interaction[Any], table_id: str,
                      rev: int) -> AsyncIterator[Click | None]:
        """A click on a hand message, around the cog's call to the service: the body gets a
        :class:`Click` when the message is current and acts (or opens a menu group), ``None`` when
        there is nothing to do (the table is gone, or the click is outdated: the message says so).
        The message is then redrawn in place; a refusal the body raises (``GameError``,
        ``StaleAction``) is shown in that same message; nothing new is posted. Only the member's
        own private message is a hand: a hand component on a public message is refused
        (privately) and that message left alone.

        Once the body acted, the member is never told to try again: when Discord does not take the
        redraw, the click goes unanswered and the presenter redraws the hand when it can."""
        message = interaction.message
        if message is None or not message.flags.ephemeral:
            raise BotError.of("not_a_hand")
        answer = ClickAnswer(interaction, self.bot.metrics.request, self.bot.metrics.failed)
        try:
            try:
                table = self.bot.service.registry.get(table_id)
                seat = table.seat_of(interaction.user.id)
            except GameError as exc:  # the table is gone: say so in the message, without its buttons
                await answer.edit(interaction.edit_original_response, content=None, embed=None, attachments=[],
                                  view=views.notice(exc.localized(self.bot.private_locale(interaction))))
                yield None
                return
            seats = self.consoles.setdefault(table_id, {})
            console = seats.get(seat)
            if console is None or console.message_id != message.id:
                old, console = console, Console(table_id, seat, message.id, HandToken.of(interaction))
                seats[seat] = console
                if old is not None:
                    await self._retire(old)
            async with console.lock:
                console.token = HandToken.of(interaction)  # the newest token: 15 more minutes
                console.note = None
                if rev != table.rev or table.status != "playing":
                    console.group = None
                    console.note = t(self.locale(console), "hand_updated")
                    yield None
                else:
                    try:
                        yield Click(table, console, answer)
                    except StaleAction:  # the table moved on between the check and the action
                        console.group = None
                        console.note = t(self.locale(console), "hand_updated")
                    except GameError as exc:
                        console.note = exc.localized(self.locale(console))
                        console.refusals += 1
                try:
                    await self._edit(console, table, answer=answer)
                except discord_errors.DISCORD as exc:
                    self.bot.metrics.failed(exc)
                    log.warning("table %s: a click's hand not redrawn (%s); the presenter will", table_id,
                                discord_errors.describe(exc))
                    console.shown = None
                    self.bot.presenter.table_changed(table)
        finally:
            await answer.close()

    # -- table changes -------------------------------------------------------------------------

    def live(self, table_id: str, seat: int) -> bool:
        """Whether the seat has a console the bot can still edit."""
        console = self.consoles.get(table_id, {}).get(seat)
        return console is not None and console.fresh()

    def shows(self, table: Table, seat: int) -> bool:
        """Whether the seat's console can still be edited and shows the table as it is now (its
        turn included): the presenter then need not ping them at once."""
        console = self.consoles.get(table.id, {}).get(seat)
        if console is None or not console.fresh():
            return False
        return console.shown is not None and self.key(table, seat, console.group) == console.shown

    async def refresh(self, table: Table) -> bool:
        """Bring every console of ``table`` up to date (called by the presenter, coalesced);
        ``True`` when Discord did not take an edit this time (the presenter tries again). A
        console whose token Discord no longer knows is dropped."""
        seats = self.consoles.get(table.id, {})
        left = False
        for seat, console in list(seats.items()):
            holder = table.seats[seat].user_id if seat < len(table.seats) else None
            if holder != console.token.user_id:  # kicked: the seat's hand is no longer theirs
                seats.pop(seat, None)
                await self._retire(console, N_("seat_lost"))
                continue
            if not console.fresh():
                seats.pop(seat, None)
                continue
            async with console.lock:
                if self.key(table, seat, console.group) == console.shown:
                    continue
                console.group, console.note = None, None
                try:
                    await self._edit(console, table, urgent=False)
                except discord_errors.DISCORD as exc:
                    self.bot.metrics.failed(exc)
                    if discord_errors.transient(exc):
                        left = True
                        log.warning("hand message of table %s seat %d not redrawn (%s); trying again", table.id,
                                    seat, discord_errors.describe(exc))
                        continue
                    log.info("hand message of table %s seat %d no longer editable (%s)", table.id, seat,
                             discord_errors.describe(exc))
                    if seats.get(seat) is console:
                        del seats[seat]
        if not table.open and not left:
            self.consoles.pop(table.id, None)
        return left
