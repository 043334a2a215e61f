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
                                    id=views.menu_id("tp:abc:12:~m"),
                                    placeholder=placeholder[:150] if placeholder else None,
                                    options=[discord.SelectOption(label=label[:100], value=value)
                                             for label, value in options]))
    assert rows.to_components() == view.to_components()
    assert not rows.is_dispatchable(), "discord.py stores no View of a hand (the bot reads the click)"


def test_each_menu_has_its_own_component_id() -> None:
    """The menu of each state of a table has its own id (simcord's page keeps a menu's picks by its
    id: the next menu of an edited hand then opens with nothing picked), above a message's numbering."""
    rows = views.Rows()
    rows.add_select("tp:abc:12:~q", [("Roi de cœur", "0"), ("Dame de cœur", "1")], row=0, picks=2)
    assert rows.to_components()[0]["components"][0]["id"] == views.menu_id("tp:abc:12:~q")
    found = {views.menu_id(f"tp:abc:{rev}:~q") for rev in range(2000)}
    assert len(found) == 2000 and all(1 << 30 <= n < 1 << 31 for n in found)


def test_two_menus_of_one_message_never_share_an_id(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(views, "menu_id", lambda custom_id, renew=0: 0x7FFFFFFF)  # a collision, at the top of the range
    rows = views.Rows()
    for row in range(3):
        rows.add_select(f"tp:abc:12:~a{row}", [("Roi de cœur", "0")], row=row)
    assert [r["components"][0]["id"] for r in rows.to_components()] == [0x7FFFFFFF, 0x40000000, 0x40000001]
