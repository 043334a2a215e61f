"""The buttons of a deal that ended: its review ("Analyse", ``~d``) and, for a shared deal, the
field on the same cards ("Comparer", ``~f``); both carry the table and the deal number in the
custom id (``bot/ui/ids.py``), and what they open is checked again at the click
(:mod:`bot.ui.cogs.field`, :mod:`bot.ui.cogs.review`). The deal picker of ``/history`` (``~t``)
lists a match's deals with those buttons."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.service.i18n import t
from bot.ui import ids, views

#: custom-id verbs: the field of a deal, a match's deal picker (``/history``)
FIELD, PICKER = "~f", "~t"
#: the seeds of tables known shared without asking the database (a challenge's, a group's)
SHARED_SEEDS = ("challenge:", "dup:")


def shared_seed(seed: object) -> bool:
    """Whether a table dealt from ``seed`` is a daily challenge's or a duplicate group's deal (a
    duplicate night's tables are known from their rows: :func:`bot.storage.shared_deals.sharing`)."""
    return isinstance(seed, str) and seed.startswith(SHARED_SEEDS)


def field_button(table_id: str, deal_no: int, locale: str, row: int | None = None) -> views.TapisButton:
    return views.button(ids.build_id(table_id, deal_no, FIELD), t(locale, "field_button"), row=row)


def deal_buttons(game: str, table_id: str, deal_no: int, shared: bool, locale: str,
                 row: int | None = None) -> list[views.TapisButton]:
    """The review of deal ``deal_no`` (games with an expert) and, for a shared deal, its field."""
    out = []
    if views.reviewable(game):
        out.append(views.button(ids.build_id(table_id, deal_no, "~d"), t(locale, "review_button"), row=row))
    if shared:
        out.append(field_button(table_id, deal_no, locale, row=row))
    return out


def picker_menu(user_b36: str, rows: Sequence[dict[str, Any]], locale: str, row: int) -> views.TapisSelect | None:
    """``/history``'s menu of the page's matches: one picked answers with its deals' buttons."""
    options = [discord.SelectOption(label=f"{r['table_id']} · {r.get('game_title') or r['game']}"[:100],
                                    value=str(r["table_id"])) for r in rows][:views.SELECT_MAX]
    if not options:
        return None
    return views.TapisSelect(custom_id=ids.build_id(user_b36, 0, PICKER), options=options,
                             placeholder=t(locale, "field_pick_match"), row=row)


def picker_view(game: str, table_id: str, deals: Sequence[int], shared: bool, locale: str) -> discord.ui.View:
    """A match's deals, each with its review button (and its field's, for a shared deal): at most
    25 buttons, the last deals first when there are more."""
    ui = discord.ui.View(timeout=None)
    per = len(deal_buttons(game, table_id, 0, shared, locale)) or 1
    for deal_no in list(deals)[-(views.SELECT_MAX // per):]:
        for item in deal_buttons(game, table_id, deal_no, shared, locale):
            field = ids.parse_id(item.custom_id or "") == ids.ParsedId(table_id, deal_no, FIELD)
            item.label = (t(locale, "field_pick_field", n=deal_no + 1) if field
                          else t(locale, "field_pick_review", n=deal_no + 1))[:80]
            ui.add_item(item)
    return ui
