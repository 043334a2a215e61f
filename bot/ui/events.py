"""Club nights on Discord: what the announcement (with Register / Unregister), a round's
plan and the standings say. :mod:`bot.ui.event_board` posts them until Discord accepts them.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.service.autoplay import LEVEL_KEYS
from bot.service.events import Event, Standings
from bot.service.i18n import N_, pick, t, tn
from bot.ui import limits
from bot.ui.ids import build_id
from games import find_game

REGISTER, UNREGISTER = "~nr", "~nu"  # the announcement's buttons (custom_id verb "~n", bot/ui/ids.py)
SHOWN = 40  # standings lines in one message (the rest: /event standings)
FORMAT_KEYS = {"free": N_("event.format.free"), "duplicate": N_("event.format.duplicate")}
STATUS_KEYS = {"open": N_("event.status.open"), "closed": N_("event.status.closed"),
               "playing": N_("event.status.playing"), "over": N_("event.status.over"),
               "cancelled": N_("event.status.cancelled")}


def _score(value: float, fmt: str) -> str:
    return f"{value:g} %" if fmt == "duplicate" else f"{value:g}"


def announcement(event: Event, locale: str) -> tuple[discord.Embed, discord.ui.View | None]:
    """The announcement: game, format, rounds, deals, start, level, who registered; the buttons
    while registration is open."""
    game = find_game(event.game)
    embed = discord.Embed(title=limits.clip(t(locale, "event.title", name=event.name,
                                              game=pick(game.titles, locale, game.name)), 256))
    lines = [t(locale, FORMAT_KEYS[event.format]),
             tn(locale, "event.rounds", event.rounds, deals=tn(locale, "event.deals", event.deals)),
             t(locale, "event.starts", ts=int(event.starts_at)),
             t(locale, "event.level", level=t(locale, LEVEL_KEYS[event.level])),
             t(locale, STATUS_KEYS[event.status], round=event.round, rounds=event.rounds)]
    names = ", ".join(p.name for p in event.players)
    lines.append(tn(locale, "event.registered", len(event.players), names=names) if event.players
                 else t(locale, "event.registered_none"))
    embed.description = limits.clip("\n".join(lines), limits.DESCRIPTION)
    if event.status != "open":
        return embed, None
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label=t(locale, "event.register"), style=discord.ButtonStyle.success,
                                    custom_id=build_id(event.id, 0, REGISTER)))
    view.add_item(discord.ui.Button(label=t(locale, "event.unregister"), style=discord.ButtonStyle.secondary,
                                    custom_id=build_id(event.id, 0, UNREGISTER)))
    return embed, view


def standings_text(standings: Standings, locale: str) -> str:
    """Place, name, score, deals played; ties share a place; a leaver is marked."""
    event = standings.event
    if standings.final:
        head = t(locale, "event.final", name=event.name)
    elif standings.waiting:
        head = tn(locale, "event.so_far", standings.waiting, name=event.name)
    else:
        head = t(locale, "event.after_round", name=event.name, round=standings.done)
    lines = [f"**{head}**"]
    for line in standings.lines[:SHOWN]:
        mark = "" if line.complete else " " + t(locale, "event.left")
        lines.append(limits.ranked(t(locale, "event.line", place=line.place + 1, name=line.name,
                       score=_score(line.score, event.format), deals=tn(locale, "event.deals", line.deals))) + mark)
    if len(standings.lines) > SHOWN:
        lines.append(tn(locale, "event.more", len(standings.lines) - SHOWN))
    return "\n".join(lines)


def plan_text(event: Event, round_no: int, threads: Sequence[int | None], names: Sequence[Sequence[str]],
              locale: str) -> str:
    """A round's tables (their threads, their seats' names) and the plan's repeated meetings (« Club nights »)."""
    assert event.plan is not None
    lines = [f"**{t(locale, 'event.round_open', name=event.name, round=round_no, rounds=event.rounds)}**"]
    for thread, seats in zip(threads, names, strict=True):
        where = f"<#{thread}>" if thread else ""
        lines.append(f"{where} " + ", ".join(seats))
    if round_no == 1:
        lines.append(tn(locale, "event.repeats", int(event.plan["repeats"]), least=int(event.plan["least"])))
    return limits.clip("\n".join(lines), limits.CONTENT)


BLOCKED_KEYS = {"event.blocked": N_("event.blocked"), "event.blocked_threads": N_("event.blocked_threads")}


def blocked_text(event: Event, key: str, why: str, locale: str) -> str:
    """One line for the organiser, mentioned: the round that cannot go on, why, what to do."""
    text = t(locale, BLOCKED_KEYS.get(key) or BLOCKED_KEYS["event.blocked"], organiser=f"<@{event.organiser_id}>", name=event.name,
             round=event.round, why=why)
    return limits.clip(text, limits.CONTENT)
