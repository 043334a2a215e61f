"""After the match: ``/history``, ``/replay``, ``/export`` and the Rematch, Replay and
Export buttons under the final results. The work is in :mod:`bot.ui.replay` and :mod:`bot.service.records`."""

from __future__ import annotations

import asyncio
import datetime as dt
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.service import ratings
from bot.service.i18n import t, tn
from bot.service.rating_words import change_text as rating_change
from bot.service.rating_words import provisional_after, stored_change
from bot.ui import answers, field_view, ids, replay, views
from bot.ui.cogs import CogBot, game_choices
from bot.ui.ids import ParsedId
from games import GAMES, find_game
from games.i18n import date_text

_ = app_commands.locale_str
PAGE = 8
B36 = "0123456789abcdefghijklmnopqrstuvwxyz"


def b36(n: int) -> str:
    """A member id in base 36 (the table part of a ``/history`` page's custom_id)."""
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = B36[r] + out
        if not n:
            return out


def rating_text(value: float | None) -> str:
    """A rating as players see it (the ratings module's scale when it has one)."""
    if value is None:
        return "-"
    shown = getattr(ratings, "shown", None)
    return str(shown(value)) if callable(shown) else f"{value:.1f}"


def change_text(before: float | None, after: float | None, stored: Any = None) -> str:
    """The change the result line stored (the one the results showed, with its reasons)."""
    change = stored_change(stored, before, after)
    return "-" if change is None else rating_change(change)


def when(finished_at: str | None) -> str:
    """A Discord timestamp (each reader sees their own date format) of a UTC ``datetime('now')``."""
    try:
        moment = dt.datetime.fromisoformat(str(finished_at)).replace(tzinfo=dt.UTC)
    except ValueError:
        return str(finished_at)
    return f"<t:{int(moment.timestamp())}:d>"


def history_page(rows: list[dict[str, Any]], total: int, page: int, name: str, game: str | None,
                 user_id: int, locale: str, picker: bool = False) -> tuple[discord.Embed, discord.ui.View | None]:
    """A page of ``/history``; ``picker``: the member's own, with a menu of its matches whose deals
    open their review (:mod:`bot.ui.field_view`)."""
    pages = max(1, -(-total // PAGE))
    title_game = views.game_title(GAMES[game], locale) if game in GAMES else None
    title = t(locale, "history_title_game", game=title_game, name=name) if title_game else \
        t(locale, "history_title", name=name)
    lines = []
    for row in rows:
        players = row.get("players") or []
        game_name = views.game_title(GAMES[row["game"]], locale) if row["game"] in GAMES else row["game"]
        if row["rating_before"] is None and row["rating_after"] is None:  # practice: no rating to show
            lines.append(t(locale, "history_line_practice", date=when(row["finished_at"]),
                           game=game_name, place=row["place"] + 1, n=len(players) or "?", score=f"{row['score']:g}",
                           practice=t(locale, "practice_unrated")))
        else:
            stored = row.get("rating_why")
            lines.append(t(locale, "history_line_provisional" if provisional_after(stored) else "history_line",
                           date=when(row["finished_at"]), game=game_name,
                           place=row["place"] + 1, n=len(players) or "?", score=f"{row['score']:g}",
                           before=rating_text(row["rating_before"]), after=rating_text(row["rating_after"]),
                           change=change_text(row["rating_before"], row["rating_after"], stored)))
        others = [p["name"] + (" 🤖" if p["user_id"] is None else "") for p in players if p["seat"] != row["seat"]]
        if others:
            lines.append("  " + t(locale, "history_with", names=", ".join(others)))
    embed = discord.Embed(title=title, colour=discord.Colour.teal(),
                          description="\n".join(lines)[:4000] or t(locale, "history_none", name=name))
    if not total:
        return embed, None
    embed.set_footer(text=t(locale, "history_page", page=page + 1, pages=pages, n=tn(locale, "count.matches", total)))
    menu = field_view.picker_menu(b36(user_id), [{**r, "game_title": views.game_title(GAMES[r["game"]], locale)
                                                  if r["game"] in GAMES else r["game"]} for r in rows],
                                  locale, row=1) if picker else None
    if pages == 1 and menu is None:
        return embed, None
    ui = discord.ui.View(timeout=None)
    if menu is not None:
        ui.add_item(menu)
    if pages == 1:
        return embed, ui
    verb = "~p" + (f":{game}" if game else "")
    ui.add_item(views.button(ids.build_id(b36(user_id), max(page - 1, 0), verb + "<"), "◀", disabled=page == 0))
    ui.add_item(views.button(ids.build_id(b36(user_id), min(page + 1, pages - 1), verb + ">"), "▶",
                             disabled=page >= pages - 1))
    return embed, ui


class History(commands.Cog):
    def __init__(self, bot: CogBot) -> None:
        self.bot = bot
        for verb, handler in (("~p", self.on_page), ("~y", self.on_replay), ("~e", self.on_export),
                              ("~w", self.on_rematch)):
            bot.handlers[verb] = handler

    async def _finished(self, interaction: discord.Interaction[Any], table_id: str) -> replay.Finished:
        """A finished match of this server the member may see: a shared deal only once they played
        it or can no longer play it (:mod:`bot.service.shared_deals`). :raises BotError: unknown
        here, in play, or not theirs yet."""
        fin = await replay.finished(self.bot, table_id, interaction.guild_id)
        await self.bot.shared.check(fin.guild_id, interaction.user.id, fin.table_id, str(fin.data.get("seed", "")),
                                    fin.user_ids)
        return fin

    # -- /history ----------------------------------------------------------------------------

    async def _page(self, guild_id: int, user_id: int, name: str | None, game: str | None, page: int,
                    locale: str, viewer: int) -> tuple[discord.Embed, discord.ui.View | None]:
        rows, total = await self.bot.archive.history(guild_id, user_id, game, limit=PAGE, offset=page * PAGE)
        if not rows and total and page:
            page = max(0, -(-total // PAGE) - 1)
            rows, total = await self.bot.archive.history(guild_id, user_id, game, limit=PAGE, offset=page * PAGE)
        shown = name or (rows[0]["name"] if rows else "?")
        if viewer != user_id:  # another member's shared deals stay hidden until the viewer played them
            rows = [r for r in rows if await self._may_see(guild_id, viewer, r)]
        return history_page(rows, total, page, shown, game, user_id, locale, picker=viewer == user_id)

    async def _may_see(self, guild_id: int, viewer: int, row: dict[str, Any]) -> bool:
        saved = await self.bot.archive.table(row["table_id"])
        return saved is None or await self.bot.shared.visible(
            guild_id, viewer, row["table_id"], str(saved["seed"]), [p.get("user_id") for p in row.get("players", [])])

    @app_commands.command(name=_("history"), description=_("Show a member's last matches on this server."))
    @app_commands.guild_only()
    @app_commands.rename(member=_("member"), game=_("game"))
    @app_commands.describe(member=_("The member."), game=_("Only this game."))
    @app_commands.choices(game=game_choices())
    async def history_command(self, interaction: discord.Interaction[Any], member: discord.Member | None = None,
                      game: str | None = None) -> None:
        async with self.bot.guard(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            who = member or interaction.user
            name = find_game(game).name if game else None
            assert interaction.guild_id is not None
            embed, ui = await self._page(interaction.guild_id, who.id, who.display_name, name, 0,
                                         self.bot.locale_for(interaction), interaction.user.id)
            await answers.send(interaction, embed=embed, ephemeral=True, view=ui or discord.utils.MISSING)
            if ui is not None:
                ui.stop()

    async def on_page(self, interaction: discord.Interaction[Any], parsed: ParsedId, values: list[str]) -> None:
        await interaction.response.defer()
        game = parsed.action[3:].rstrip("<>") or None
        assert interaction.guild_id is not None
        embed, ui = await self._page(interaction.guild_id, int(parsed.table, 36), None, game, parsed.rev,
                                     self.bot.locale_for(interaction), interaction.user.id)
        await interaction.edit_original_response(embed=embed, view=ui)
        if ui is not None:
            ui.stop()

    # -- /replay -----------------------------------------------------------------------------

    async def table_autocomplete(self, interaction: discord.Interaction[Any],
                                 current: str) -> list[app_commands.Choice[str]]:
        """The caller's last finished tables here."""
        if interaction.guild_id is None:
            return []
        locale = self.bot.locale_for(interaction)
        rows, _total = await self.bot.archive.history(interaction.guild_id, interaction.user.id, limit=25)
        typed = current.strip().lower()
        out = []
        for row in rows:
            game = views.game_title(GAMES[row["game"]], locale) if row["game"] in GAMES else row["game"]
            others = [p["name"] for p in row.get("players") or [] if p["seat"] != row["seat"]]
            label = " · ".join([game, date_text(row["finished_at"], locale), *([", ".join(others)] if others else [])])
            if typed in label.lower():
                out.append(app_commands.Choice(name=label[:100], value=row["table_id"]))
        return out

    @app_commands.command(name=_("replay"),
                          description=_("Step through a finished match, deal by deal and trick by trick."))
    @app_commands.guild_only()
    @app_commands.rename(table=_("table"))
    @app_commands.describe(table=_("The finished table: pick it from the list (your last matches here)."))
    async def replay_command(self, interaction: discord.Interaction[Any], table: str) -> None:
        async with self.bot.guard(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self._send_replay(interaction, table)

    replay_command.autocomplete("table")(table_autocomplete)

    async def _send_replay(self, interaction: discord.Interaction[Any], table_id: str) -> None:
        fin = await self._finished(interaction, table_id)
        payload = await asyncio.to_thread(replay.replay_payload, fin, self.bot.service.matches, 0, self.bot.locale_for(interaction))
        ui = payload.pop("view")
        await answers.send(interaction, embed=payload["embed"], files=payload["attachments"], view=ui,
                                        ephemeral=True)
        ui.stop()

    async def on_replay(self, interaction: discord.Interaction[Any], parsed: ParsedId, values: list[str]) -> None:
        if parsed.action == "~yo":  # from the results: a new private replay
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self._send_replay(interaction, parsed.table)
            return
        await interaction.response.defer()
        chosen = ids.number(values[0]) if values else None
        step = parsed.rev if chosen is None else chosen
        fin = await self._finished(interaction, parsed.table)
        payload = await asyncio.to_thread(replay.replay_payload, fin, self.bot.service.matches, step, self.bot.locale_for(interaction))
        await interaction.edit_original_response(**payload)
        payload["view"].stop()

    # -- /export -----------------------------------------------------------------------------

    @app_commands.command(name=_("export"), description=_("Download a finished match's record (JSON and text)."))
    @app_commands.guild_only()
    @app_commands.rename(table=_("table"))
    @app_commands.describe(table=_("The finished table: pick it from the list (your last matches here)."))
    async def export_command(self, interaction: discord.Interaction[Any], table: str) -> None:
        async with self.bot.guard(interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self._send_export(interaction, table)

    export_command.autocomplete("table")(table_autocomplete)

    async def _send_export(self, interaction: discord.Interaction[Any], table_id: str) -> None:
        fin = await self._finished(interaction, table_id)
        locale = replay.member_locale(self.bot, interaction)
        files = await asyncio.to_thread(replay.export_files, fin, self.bot.service.matches, locale)
        await answers.send(interaction, t(locale, "export_done", table=await self._called(fin, locale)), files=files,
                           ephemeral=True)

    async def _called(self, fin: replay.Finished, locale: str) -> str:
        """The finished table by its game and host ("Tarot de Marie"), as the table itself is named."""
        row = await self.bot.archive.table(fin.table_id)
        host_id = row.get("host_id") if row else None
        host = next((n for n, u in zip(fin.names, fin.user_ids, strict=False) if u is not None and u == host_id),
                    fin.names[0] if fin.names else "?")
        return t(locale, "table_called", game=views.game_title(fin.game, locale), host=host)

    async def on_export(self, interaction: discord.Interaction[Any], parsed: ParsedId, values: list[str]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self._send_export(interaction, parsed.table)

    # -- rematch -----------------------------------------------------------------------------

    async def on_rematch(self, interaction: discord.Interaction[Any], parsed: ParsedId, values: list[str]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        fin = await self._finished(interaction, parsed.table)
        table = await replay.rematch(self.bot, fin, interaction.user.id, interaction.user.display_name)
        locale = self.bot.locale_for(interaction)
        await answers.send(interaction, t(locale, "rematch_opened", table=table.called(locale),
                                          host=interaction.user.display_name), ephemeral=True)


async def setup(bot: CogBot) -> None:
    await bot.add_cog(History(bot))
