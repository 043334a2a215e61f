"""A hand's buttons and menus built as raw components (:class:`bot.ui.views.Rows`) are
what discord.py's own items would have sent."""

from __future__ import annotations

import discord
import pytest

from bot.ui import views


@pytest.mark.parametrize("style", [discord.ButtonStyle.primary, discord.ButtonStyle.secondary])
async def test_a_row_button_is_discord_py_s_button(style: discord.ButtonStyle) -> None:
    rows, view = views.Rows(), discord.ui.View(timeout=None)
    for row, label in ((0, "Roi de cœur"), (0, "x" * 90), (3, "Passe")):
        custom_id = f"tp:abc:12:play:{row}{len(label)}"
        rows.add_button(custom_id, label, row=row, style=style)
        view.add_item(views.button(custom_id, label, style=style, row=row))
    assert rows.to_components() == view.to_components()


@pytest.mark.parametrize(("picks", "placeholder"), [(1, None), (1, "Choisissez"), (3, "Écartez 3 cartes" * 12)])
async def test_a_row_menu_is_discord_py_s_select(picks: int, placeholder: str | None) -> None:
    options = [(f"Carte {i}" + "!" * (i * 5), str(i)) for i in range(25)]
    rows, view = views.Rows(), discord.ui.View(timeout=None)
    rows.add_select("tp:abc:12:~m", options, row=1, picks=picks, placeholder=placeholder)
    rows.add_button("tp:abc:12:~k", "Conseil", row=4)
    view.add_item(views.button("tp:abc:12:~k", "Conseil", row=4))
    view.add_item(views.TapisSelect(custom_id="tp:abc:12:~m", min_values=picks, max_values=picks, row=1,
                                    placeholder=placeholder[:150] if placeholder else None,
                                    options=[discord.SelectOption(label=label[:100], value=value)
                                             for label, value in options]))
    assert rows.to_components() == view.to_components()
    assert not rows.is_dispatchable(), "discord.py stores no View of a hand (the bot reads the click)"
