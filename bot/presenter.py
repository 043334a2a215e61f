"""Keeps each table's public message in step with its state, without hitting rate limits.

Changes are coalesced: one background task per table edits the message with the latest public
view, then waits ``edit_interval`` before the next edit; a channel never gets more than 5 edits
or posts in 5 seconds. It also pings the player to act once per turn (``allowed_mentions``
limited to that member), posts the recap image when a deal ends and the results at the end.
Only public views (``view(None)``) are ever drawn or described here.
"""

from __future__ import annotations

import asyncio
import io
import logging
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot import images, replay, views
from bot.i18n import N_, t, tn
from bot.table_log import TableLog, card_label

if TYPE_CHECKING:
    from bot.client import TapisBot
    from bot.tables import Table

log = logging.getLogger(__name__)
# Start-up redraws of tables whose message is behind (issue 14): at most this many per second in
# all, well under Discord's global 50 requests per second (each redraw is one edit, maybe a ping).
STARTUP_RATE = 10.0


@dataclass
class _Shown:
    dirty: bool = False
    task: asyncio.Task[Any] | None = None
    deal_seen: Any = None
    turn_seen: tuple[int | None, int] | None = None
    ping_id: int | None = None
    results_posted: bool = False
    primed: bool = False
    saved_rev: int | None = None  # the revision recorded as shown in the database
    log: TableLog = field(default_factory=TableLog)


class ChannelLimiter:
    """At most ``count`` requests per ``period`` seconds per channel (waits when over)."""

    def __init__(self, count: int = 5, period: float = 5.0) -> None:
        self.count, self.period = count, period
        self.sent: dict[int, deque[float]] = {}

    async def wait(self, channel_id: int) -> None:
        if self.period <= 0:
            return
        times = self.sent.setdefault(channel_id, deque(maxlen=self.count))
        now = time.monotonic()
        if len(times) == self.count and now - times[0] < self.period:
            await asyncio.sleep(self.period - (now - times[0]))
        times.append(time.monotonic())


def contract_text(contract: Any, names: list[str], label: str | None = None) -> str:
    """A short public description of a view's ``contract``: its name (``label``, the game's own
    word for it, when given) and who holds it."""
    if not isinstance(contract, dict):
        return str(contract)
    name = next((str(contract[k]) for k in ("label", "name", "bid", "contract", "kind") if contract.get(k)), "")
    who = next((contract[k] for k in ("taker", "declarer", "player", "bidder") if isinstance(contract.get(k), int)), None)
    text = label or (name.replace("_", " ").capitalize() if name else "?")
    return f"{text} ({names[who]})" if who is not None and 0 <= who < len(names) else text


def table_embed(table: Table, view: dict[str, Any] | None, locale: str, with_image: bool,
                moves: Sequence[str] = ()) -> discord.Embed:
    game = table.game
    title = t(locale, "lobby_title", game=views.game_title(game, locale), table=table.id)
    names = table.names()
    if table.status == "lobby" or view is None:
        host = next((s.name for s in table.seats if s.user_id == table.host_id), "?")
        desc = t(locale, "lobby_desc", host=host, n=len(table.seats), max=table.capacity, min=game.min_seats)
        if not table.rated:
            desc += "\n" + t(locale, "practice_unrated")
        embed = discord.Embed(title=title, colour=discord.Colour.blurple(), description=desc)
        embed.add_field(name=t(locale, "seats"), value="\n".join(
            f"{i + 1}. {s.name}{' 🤖' if s.computer else ''}" for i, s in enumerate(table.seats)) or "-",
            inline=False)
        opts = {o.name: o for o in game.options()}
        if table.options:
            embed.add_field(name=t(locale, "options"), value="\n".join(
                t(locale, "option_line", name=opts[k].describe(locale) if k in opts else k,
                  value=opts[k].label(v, locale) if k in opts else v) for k, v in table.options.items())[:1024])
        if table.status == "cancelled":
            embed.description = t(locale, "cancelled", table=table.id)
        return embed
    lines = []
    to_act = view.get("to_act")
    if table.status == "cancelled":
        lines.append(t(locale, "cancelled", table=table.id))
    elif to_act is None:
        lines.append(f"**{t(locale, 'over')}**")
    else:
        lines.append(f"**{t(locale, 'to_act', name=names[to_act])}**")
    if view.get("deals") and view.get("deal_no") is not None and to_act is not None:
        lines.append(t(locale, "deal", n=int(view["deal_no"]) + 1, of=view["deals"]))
    if not table.rated:
        lines.append(t(locale, "practice_unrated"))
    if view.get("phase") and to_act is not None:
        lines.append(t(locale, "phase_line", phase=game.phase_label(str(view["phase"]), locale)))
    contract = view.get("contract")
    if contract:
        label = game.contract_label(contract, locale) if isinstance(contract, dict) else None
        lines.append(t(locale, "contract_line", contract=contract_text(contract, names, label)))
    embed = discord.Embed(title=title, description="\n".join(lines)[:4000], colour=discord.Colour.dark_green())
    scores = view.get("scores") or []
    counts = view.get("hand_counts") or []
    seat_lines = []
    for i, s in enumerate(table.seats):
        bits = [tn(locale, "count.points", scores[i]) if i < len(scores) and isinstance(scores[i], int | float) else ""]
        if i < len(counts) and to_act is not None:
            bits.append(tn(locale, "count.cards", counts[i]))
        mark = " 🤖" if s.computer else (f" ({t(locale, 'away')})" if s.away else "")
        arrow = "▶ " if i == to_act else ""
        seat_lines.append(f"{arrow}{s.name}{mark}: {' · '.join(b for b in bits if b)}")
    embed.add_field(name=t(locale, "score"), value="\n".join(seat_lines)[:1024] or "-", inline=False)
    if moves:
        text = "\n".join(moves)
        while len(text) > 1024:
            text = text.partition("\n")[2]
        embed.add_field(name=t(locale, "log_title"), value=text or "-", inline=False)
    trick = view.get("trick")
    if trick and not with_image:
        embed.add_field(name=t(locale, "trick"),
                        value=" · ".join(f"{names[s]}: {card_label(game, c, locale)}" for s, c in trick)[:1024])
    last = view.get("last_trick")
    if isinstance(last, dict) and last.get("cards") and not with_image:
        embed.add_field(name=t(locale, "last_trick"),
                        value=" · ".join(f"{names[s]}: {card_label(game, c, locale)}" for s, c in last["cards"])[:1024])
    if with_image:
        embed.set_image(url="attachment://table.png")
    return embed


class Presenter:
    """The :class:`bot.tables.Listener` that draws tables in Discord."""

    def __init__(self, bot: TapisBot) -> None:
        self.bot = bot
        self.shown: dict[str, _Shown] = {}
        images.use_processes(bot.settings.image_workers)
        interval = bot.settings.edit_interval
        self.limiter = ChannelLimiter(5, 5.0 if interval > 0 else 0.0)
        self.starting = False  # restoring: changes are collected, see :meth:`start_up`
        self._behind: dict[str, Table] = {}
        self._catch_up: asyncio.Task[None] | None = None

    def table_changed(self, table: Table) -> None:
        if self.starting:
            self._behind[table.id] = table
            return
        shown = self.shown.setdefault(table.id, _Shown())
        shown.dirty = True
        if shown.task is None or shown.task.done():
            shown.task = asyncio.get_running_loop().create_task(self._run(table, shown))

    def prime(self, table: Table) -> None:
        """Remember what a restored table already showed, so nothing is posted twice."""
        shown = self.shown.setdefault(table.id, _Shown())
        if table.state is not None:
            view = table.state.view(None)
            last = view.get("last_deal")
            shown.deal_seen = last.get("deal_no") if isinstance(last, dict) else None
            shown.turn_seen = (view.get("to_act"), table.turn_start)
        shown.primed = True

    async def start_up(self, tables: Sequence[Table]) -> None:
        """After a restore: prime every table; redraw only those whose message is behind their
        state (the process stopped between a move and its edit), spread at :data:`STARTUP_RATE`
        per second in a background task, so start-up neither waits for them nor bursts edits."""
        shown_at = await self.bot.service.db.shown_revisions()
        for table in tables:
            self.prime(table)
            saved = shown_at.get(table.id)
            self.shown[table.id].saved_rev = saved
            if table.state is not None and saved == table.state.rev and table.id in self._behind:
                del self._behind[table.id]  # its message already shows this revision
        self.starting = False
        behind, self._behind = list(self._behind.values()), {}
        if behind:
            log.info("%d restored table(s) to redraw", len(behind))
            self._catch_up = asyncio.get_running_loop().create_task(self._redraw_spread(behind))

    async def _redraw_spread(self, tables: list[Table]) -> None:
        pause = 1.0 / STARTUP_RATE if self.bot.settings.edit_interval > 0 else 0.0
        for table in tables:
            self.table_changed(table)
            await asyncio.sleep(pause)

    async def _run(self, table: Table, shown: _Shown) -> None:
        while shown.dirty:
            shown.dirty = False
            try:
                await self._sync(table, shown)
            except Exception as exc:
                self.bot.unexpected.append(exc)
                log.exception("could not update table %s", table.id)
            if self.bot.settings.edit_interval > 0 and table.open:
                await asyncio.sleep(self.bot.settings.edit_interval)
        if not table.open:
            self.shown.pop(table.id, None)

    async def _sync(self, table: Table, shown: _Shown) -> None:
        locale = self.bot.service.locale_of(table.guild_id)
        channel = self.bot.get_partial_messageable(table.place_id, guild_id=table.guild_id)
        state = table.state
        if state is None:  # lobby or cancelled lobby
            embed = table_embed(table, None, locale, False)
            view = views.lobby_view(table, locale) if table.status == "lobby" else None
            await self._show(table, channel, embed=embed, view=view, attachments=[])
            return
        public = state.view(None)
        if not shown.primed:
            shown.primed = True
        png = await images.table_png(public, table.names(), locale)
        files = [discord.File(io.BytesIO(png), filename="table.png")] if png else []
        moves = shown.log.catch_up(table.game, state, table.names(), locale)
        await self._show(table, channel, embed=table_embed(table, public, locale, bool(png), moves),
                         view=views.table_view(table, locale), attachments=files)
        if shown.saved_rev != state.rev:  # remembered, so a restart does not redraw it
            shown.saved_rev = state.rev
            await self.bot.service.db.set_shown(table.id, state.rev)
        last = public.get("last_deal")
        deal = last.get("deal_no") if isinstance(last, dict) else None
        if deal is not None and deal != shown.deal_seen:
            shown.deal_seen = deal
            await self._recap(table, channel, public, last, locale)
        await self.bot.hands.refresh(table)
        if table.status == "playing":
            await self._ping(table, channel, public, shown, locale)
        elif table.status == "over" and not shown.results_posted:
            shown.results_posted = True
            await self._results(table, channel, locale)
        if not table.open and shown.ping_id is not None:
            await self._delete_ping(channel, shown)

    async def _show(self, table: Table, channel: discord.PartialMessageable, *, embed: discord.Embed,
                    view: discord.ui.View | None, attachments: list[discord.File]) -> None:
        await self.limiter.wait(channel.id)
        if table.message_id is None:
            msg = await channel.send(embed=embed, view=view, files=attachments)
            await self.bot.service.set_message(table, msg.id)
            return
        await channel.get_partial_message(table.message_id).edit(embed=embed, view=view, attachments=attachments)

    async def _ping(self, table: Table, channel: discord.PartialMessageable, public: dict[str, Any],
                    shown: _Shown, locale: str) -> None:
        seat = public.get("to_act")
        turn = (seat, table.turn_start)
        if seat is None or turn == shown.turn_seen:
            return
        shown.turn_seen = turn
        info = table.seats[seat]
        if info.computer or info.away or info.user_id is None:
            return
        await self._delete_ping(channel, shown)
        await self.limiter.wait(channel.id)
        user = discord.Object(info.user_id)
        key = N_("your_turn_live") if self.bot.hands.live(table.id, seat) else N_("your_turn")
        msg = await channel.send(
            t(locale, key, mention=f"<@{info.user_id}>", game=views.game_title(table.game, locale)),
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=[user]))
        shown.ping_id = msg.id

    async def _delete_ping(self, channel: discord.PartialMessageable, shown: _Shown) -> None:
        if shown.ping_id is None:
            return
        ping, shown.ping_id = shown.ping_id, None
        try:
            await channel.get_partial_message(ping).delete()
        except discord.HTTPException:
            pass

    async def _recap(self, table: Table, channel: discord.PartialMessageable, public: dict[str, Any],
                     last: dict[str, Any], locale: str) -> None:
        png = await images.recap_png(public, table.names(), locale)
        embed = discord.Embed(title=t(locale, "recap", n=int(last.get("deal_no", 0)) + 1),
                              colour=discord.Colour.gold())
        deltas, totals = last.get("deltas") or [], last.get("scores") or []
        lines = [] if table.rated else [t(locale, "practice_unrated")]
        lines += [f"{name}: {deltas[i]:+g}" + (f" → {totals[i]:g}" if i < len(totals) else "")
                  for i, name in enumerate(table.names()) if i < len(deltas)]
        embed.description = "\n".join(lines)[:4000] or None
        files = []
        if png:
            files.append(discord.File(io.BytesIO(png), filename="recap.png"))
            embed.set_image(url="attachment://recap.png")
        sheet, sheet_files = await replay.sheet_parts(table, locale, last.get("deal_no")) \
            if table.status == "playing" else ([], [])  # the results carry the last one
        await self.limiter.wait(channel.id)
        await channel.send(embeds=[embed, *sheet], files=files + sheet_files)

    async def _results(self, table: Table, channel: discord.PartialMessageable, locale: str) -> None:
        from bot.rating_words import why_line
        from bot.ratings import shown  # ratings as players see them (1000 for a new player)

        rows = sorted(table.result or [], key=lambda r: (r["place"], r["seat"]))
        lines = [] if table.rated else [t(locale, "practice_unrated")]
        for r in rows:
            if r["user_id"] is not None and r["rating_before"] is not None and r["rating_after"] is not None:
                lines.append(t(locale, "rating_line", place=r["place"] + 1, name=r["name"],
                               points=tn(locale, "count.points", r["score"]),
                               before=shown(r["rating_before"]), after=shown(r["rating_after"])))
                if why := why_line(table.game, r.get("rating_why"), locale):  # why it moved (issue 27)
                    lines.append(f" {why}")
            else:
                lines.append(t(locale, "result_line", place=r["place"] + 1,
                               name=r["name"] + (" 🤖" if r["user_id"] is None else ""),
                               points=tn(locale, "count.points", r["score"])))
        embed = discord.Embed(title=t(locale, "results", game=views.game_title(table.game, locale), table=table.id),
                              description="\n".join(lines)[:4000], colour=discord.Colour.green())
        extra = await replay.results_parts(table, locale)  # score sheet; Rematch, Replay, Export
        await self.limiter.wait(channel.id)
        await channel.send(embeds=[embed, *extra["embeds"]], files=extra["files"], view=extra["view"])

    async def drain(self) -> None:
        """Wait for every pending update (tests and benchmarks)."""
        if self._catch_up is not None:
            await self._catch_up
        while True:
            busy = [s.task for s in self.shown.values() if s.task is not None and not s.task.done()]
            if not busy:
                return
            await asyncio.gather(*busy, return_exceptions=True)
