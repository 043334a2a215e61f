"""After the match, in Discord: score sheet images, replay messages, exports, and the
Rematch / Replay / Export buttons under the final results.

Everything is read back from the saved action log (:mod:`bot.service.records` replays it with the
engine); nothing is kept from the images already posted. A replay or an export is refused while
the match is in play (hands become public only once it is over) and for a match that did not
finish (cancelled). Custom ids follow ``bot/ui/ids.py``: ``~y`` replay (``rev`` = the step shown,
``~yo`` opens a new replay, ``~yp``/``~yn`` previous/next, ``~yd`` the deal menu), ``~e`` export,
``~w`` rematch, ``~p`` a page of ``/history``.
"""

from __future__ import annotations

import asyncio
import gzip
import io
import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.service import privacy, records, table_rows
from bot.service.i18n import t
from bot.service.table import BotError
from bot.ui import field_view, ids, views
from games import GAMES
from games.base import JSON, Game
from games.i18n import date_text
from rendering import alt_text

if TYPE_CHECKING:
    from bot.service.archive import Archive
    from bot.service.table import Table
    from bot.service.tables import TableService


class Stored(Protocol):
    """A bot with its saved matches."""

    archive: Archive


class Speaks(Protocol):
    """A bot that knows a member's language."""

    def private_locale(self, interaction: discord.Interaction[Any]) -> str: ...


class Watcher(Protocol):
    def table_changed(self, table: Table) -> None: ...


class Rematches(Protocol):
    """A bot that opens tables and shows them."""

    service: TableService

    @property
    def presenter(self) -> Watcher: ...

log = logging.getLogger(__name__)
SELECT_MAX = 25


@dataclass
class Finished:
    """A finished match as saved: its table row, seats and replayable state."""

    table_id: str
    guild_id: int
    channel_id: int
    thread_id: int | None
    game: Game
    options: dict[str, Any]
    capacity: int
    data: JSON  # the state: {"v", "game", "seats", "seed", "options", "log"}
    names: list[str]
    user_ids: list[int | None]
    finished_at: str | None


async def finished(bot: Stored, table_id: str, guild_id: int | None) -> Finished:
    """The saved finished match ``table_id`` of this server.

    :raises BotError: unknown here, still in play, or not finished (cancelled).
    """
    code = table_id.strip().lower()
    row = await bot.archive.table(code) if code else None
    if row is None or (guild_id is not None and row["guild_id"] != guild_id) or row["game"] not in GAMES:
        raise BotError.of("unknown_table", table=code or "?")
    if row["status"] in ("lobby", "playing"):
        raise BotError.of("in_play", table=code)
    if row["status"] != "over" or not row["state"]:
        raise BotError.of("not_finished", table=code)
    seats = await bot.archive.seats(code)
    results = await bot.archive.results(code)
    return Finished(code, row["guild_id"], row["channel_id"], row["thread_id"], GAMES[row["game"]],
                    table_rows.options_of(row), table_rows.capacity_of(row), json.loads(row["state"]),
                    [s["name"] for s in seats], [s["user_id"] for s in seats],
                    results[0]["finished_at"] if results else None)


def member_locale(bot: Speaks, interaction: discord.Interaction[Any]) -> str:
    """The member's own Discord language when the bot speaks it, else the server's."""
    return bot.private_locale(interaction)


def _recap_lines(view: JSON, names: list[str], locale: str) -> list[tuple[str, str]]:
    from rendering.layouts import layout_for

    return layout_for(view).recap_text(view, names, locale)


# -- the score sheet -----------------------------------------------------------------------------


def sheet_png(matches: records.MatchCache, key: str, data: JSON, names: Sequence[str], locale: str,
              upto: int | None = None) -> list[tuple[bytes, str]] | None:
    """The score sheet of a match as its images and their descriptions (runs in a worker thread):
    its pages (:func:`rendering.scoresheet.pages`), the last one only for a recap (``upto``: the
    earlier deals were in the earlier recaps); ``None`` when nothing is finished."""
    import rendering
    from rendering.scoresheet import pages

    match = matches.match(key, data, names, locale)
    sheet = records.score_sheet(match, upto)
    if not sheet["rows"]:
        return None
    shown = pages(sheet, list(names), locale)
    return [(rendering.scoresheet_image(page, names=list(names), locale=locale),
             alt_text.sheet_alt(page, list(names), locale)) for page in (shown[-1:] if upto is not None else shown[-9:])]  # 10 embeds a message


async def sheet_parts(table: Table, matches: records.MatchCache, locale: str, upto: int | None = None) -> tuple[list[discord.Embed],
                                                                                   list[discord.File]]:
    """The score sheet as an embed with its image for the recap or the results (none when it
    cannot be drawn: the recap goes out without it)."""
    state = table.state
    if state is None:
        return [], []
    try:
        drawn = await asyncio.to_thread(sheet_png, matches, table.id, state.to_json(), table.names(), locale, upto)
    except Exception:
        log.exception("score sheet of table %s failed", table.id)
        return [], []
    embeds, files = [], []
    for i, (png, alt) in enumerate(drawn or []):
        name = "scoresheet.png" if i == 0 else f"scoresheet-{i + 1}.png"
        embed = discord.Embed(title=t(locale, "sheet_title"), colour=discord.Colour.gold())
        embed.set_image(url=f"attachment://{name}")
        embeds.append(embed)
        files.append(discord.File(io.BytesIO(png), filename=name, description=alt))
    return embeds, files


def results_view(table: Table, locale: str) -> discord.ui.View:
    """Rematch, Replay and Export under the final results."""
    view = discord.ui.View(timeout=None)
    view.add_item(views.button(ids.build_id(table.id, 0, "~w"), t(locale, "rematch"),
                               style=discord.ButtonStyle.success, row=0))
    view.add_item(views.button(ids.build_id(table.id, 0, "~yo"), t(locale, "replay"), row=0))
    view.add_item(views.button(ids.build_id(table.id, 0, "~e"), t(locale, "export"), row=0))
    ended = table.facts.ended if table.facts is not None else ()
    review = views.review_button(table, ended[-1], locale, row=0) if ended else None
    if review is not None:  # the last deal's "Analyse" (its recap comes with the results)
        view.add_item(review)
    if ended and table.duplicate:  # a challenge's or a group's deal: the field on the same cards
        view.add_item(field_view.field_button(table.id, ended[-1], locale, row=0))
    return view


async def results_parts(table: Table, matches: records.MatchCache, locale: str) -> dict[str, Any]:
    """What the final results message adds: the score sheet and the buttons."""
    embeds, files = await sheet_parts(table, matches, locale)
    return {"embeds": embeds, "files": files, "view": results_view(table, locale)}


# -- replay --------------------------------------------------------------------------------------


def step_heading(match: records.Match, step: records.Step, locale: str) -> str:
    deal = step.deal_no + 1
    if step.kind == "start":
        return t(locale, "replay_start" if "trick" in step.view else "replay_deal_start", deal=deal)
    if step.kind == "trick":
        return t(locale, "replay_trick", deal=deal, n=step.number)
    if step.kind == "turn":
        return t(locale, "replay_turn", deal=deal, n=step.number)
    if match.over and step is match.steps[-1]:
        return t(locale, "replay_end")
    return t(locale, "replay_deal", deal=deal)


def _deal_options(match: records.Match, index: int, names: list[str], locale: str) -> list[discord.SelectOption]:
    from rendering.scoresheet import deal_note

    firsts: list[tuple[int, records.Deal]] = []
    n = 0
    for deal in match.deals:
        if deal.steps:
            firsts.append((n, deal))
        n += len(deal.steps)
    current = max((i for i, (first, _) in enumerate(firsts) if first <= index), default=0)
    start = max(0, min(current - SELECT_MAX // 2, len(firsts) - SELECT_MAX))
    out = []
    for first, deal in firsts[start:start + SELECT_MAX]:
        note = " · ".join(deal_note(match.game.name, deal.result, names, locale)) if deal.result else ""
        label = t(locale, "rec_deal", n=deal.deal_no + 1) + (f" · {note}" if note else "")
        out.append(discord.SelectOption(label=label[:100], value=str(first), default=first <= index < first + len(
            deal.steps)))
    return out


def replay_payload(fin: Finished, matches: records.MatchCache, index: int, locale: str) -> dict[str, Any]:
    """Embed, image and buttons of one replay step (runs in a worker thread)."""
    import rendering

    match = matches.match(fin.table_id, fin.data, fin.names, locale)
    steps = match.steps
    index = max(0, min(index, len(steps) - 1))
    step = steps[index]
    title = t(locale, "replay_title", game=views.game_title(fin.game, locale), table=fin.table_id)
    lines = [f"**{step_heading(match, step, locale)}**"]
    body = list(step.lines)
    if step.result:
        deltas, totals = step.result.get("deltas") or [], step.result.get("scores") or []
        body.append(f"**{t(locale, 'replay_result', deal=step.deal_no + 1)}**")
        body += [t(locale, "log_says", name=fin.names[s], what=f"{records.num(deltas[s], True)} → "
                   f"{records.num(totals[s])}") for s in range(min(len(fin.names), len(deltas), len(totals)))]
    text = "\n".join(body)
    while len(text) > 3500:
        text = text.partition("\n")[2]
    embed = discord.Embed(title=title, description="\n".join([*lines, text]) if text else lines[0],
                          colour=discord.Colour.dark_teal())
    embed.set_footer(text=t(locale, "replay_step", n=index + 1, of=len(steps)))
    # the table in the embed, every hand on an image of its own beside it: each reads on a phone
    pngs = rendering.replay_images(step.view, step.hands, names=fin.names, locale=locale)
    alts = alt_text.replay_alts(step.view, step.hands, fin.names, locale)
    embed.set_image(url="attachment://replay.png")
    ui = discord.ui.View(timeout=None)
    tid = fin.table_id
    ui.add_item(views.button(ids.build_id(tid, max(index - 1, 0), "~yp"), "◀", disabled=index == 0, row=0,
                             style=discord.ButtonStyle.primary))
    ui.add_item(views.button(ids.build_id(tid, min(index + 1, len(steps) - 1), "~yn"), "▶",
                             disabled=index >= len(steps) - 1, row=0, style=discord.ButtonStyle.primary))
    options = _deal_options(match, index, fin.names, locale)
    if len(options) > 1:
        ui.add_item(views.TapisSelect(custom_id=ids.build_id(tid, index, "~yd"), options=options,
                                      placeholder=t(locale, "replay_pick"), row=1))
    if any(d.deal_no == step.deal_no and d.result is not None for d in match.deals):  # it ended: its buttons
        for item in field_view.deal_buttons(fin.game.name, tid, step.deal_no,
                                            field_view.shared_seed(fin.data.get("seed")), locale, row=2):
            ui.add_item(item)
    files = [discord.File(io.BytesIO(png), filename=name, description=alt)
             for png, name, alt in zip(pngs, ("replay.png", "hands.png"), alts, strict=True)]
    return {"embed": embed, "attachments": files, "view": ui}


# -- export --------------------------------------------------------------------------------------


def export_files(fin: Finished, matches: records.MatchCache, locale: str) -> list[discord.File]:
    """The record as JSON (``Game.load`` replays it) and as text in ``locale`` (worker thread); the
    JSON split under Discord's upload limit as every export is (:func:`privacy.export_files`), the
    text gzip-compressed when over it (an upload still over it is refused by
    :func:`bot.ui.limits.check_upload`)."""
    data = {**fin.data, "table": fin.table_id, "players": fin.names, "finished_at": fin.finished_at}
    match = matches.match(fin.table_id, fin.data, fin.names, locale)
    title = t(locale, "rec_title", game=views.game_title(fin.game, locale), table=fin.table_id,
              date=date_text(fin.finished_at, locale))
    text = records.record_text(match, fin.names, locale, title=title, recap=_recap_lines)
    files = privacy.export_files(data, f"tapis-{fin.table_id}", split="log")
    raw, name = text.encode(), f"tapis-{fin.table_id}.txt"
    if len(raw) > privacy.UPLOAD_LIMIT:
        raw, name = gzip.compress(raw, mtime=0), name + ".gz"
    return [discord.File(io.BytesIO(b), filename=n) for n, b in [*files, (name, raw)]]


# -- rematch -------------------------------------------------------------------------------------


async def rematch(bot: Rematches, fin: Finished, user_id: int, name: str) -> Table:
    """A lobby at the same place with the same options and the same players, in the same order
    starting from ``user_id`` (its host); computer players take the computers' seats.

    :raises BotError: ``user_id`` did not play; a table is already open there.
    """
    if user_id not in fin.user_ids:
        raise BotError.of("rematch_not_player", table=fin.table_id)
    first = fin.user_ids.index(user_id)
    order = [(first + i) % len(fin.user_ids) for i in range(len(fin.user_ids))]
    service = bot.service
    table = await service.create(guild_id=fin.guild_id, channel_id=fin.channel_id, thread_id=fin.thread_id,
                                 host_id=user_id, host_name=name, game=fin.game.name, options=fin.options,
                                 seats=fin.capacity)
    for seat in order[1:]:
        member = fin.user_ids[seat]
        if member is None:
            await service.add_computer(table.id, user_id)
        else:
            await service.join(table.id, member, fin.names[seat])
    bot.presenter.table_changed(table)
    return table
