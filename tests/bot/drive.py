"""Helpers that drive the bot like people do: slash commands, clicks and menus under simcord."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from bot.service.tables import Table
from bot.ui.ids import build_id, parse_id
from bot.ui.views import ADD_LEVEL


def tree(message: Any) -> list[dict[str, Any]]:
    """Every component of a message (raw dicts), nested ones included (a V2 message's text
    displays, media gallery, action rows), in wire order."""
    out: list[dict[str, Any]] = []

    def walk(items: Any) -> None:
        for item in items or ():
            item = item if isinstance(item, dict) else item.to_dict()
            out.append(item)
            walk(item.get("components"))
            if isinstance(item.get("accessory"), dict):
                walk([item["accessory"]])

    walk(message if isinstance(message, list) else message.components)
    return out


def components(message: Any) -> list[dict[str, Any]]:
    """Every button and select of a message (raw dicts), rows flattened."""
    return [c for c in tree(message) if c.get("type") in (2, 3, 5, 6, 7, 8)]


def text(message: Any) -> str:
    """What a member reads on a message: its content, its embeds' titles and descriptions, its V2
    text displays (a hand console's words)."""
    parts = [getattr(message, "content", None) or ""]
    for embed in getattr(message, "embeds", None) or ():
        embed = embed if isinstance(embed, dict) else embed.to_dict()
        parts += [embed.get("title") or "", embed.get("description") or ""]
    parts += [c["content"] for c in tree(message) if c.get("type") == 10]
    return "\n".join(p for p in parts if p)


def find(channel: Any, message_id: int, viewer: Any = None) -> Any:
    return next(m for m in channel.history(viewer=viewer) if m.id == message_id)

ADD_VERB = {level: verb for verb, level in ADD_LEVEL.items() if verb != "~b"}


def only_table(bot: Any) -> Table:
    tables = [t for t in bot.service.tables.values()]
    assert len(tables) == 1
    return tables[0]


async def open_table(w: Any, game: str, humans: list[Any], computers: int, level: str = "normal",
                     **options: Any) -> tuple[Table, Any]:
    """The first human opens a table, the others join, computers of ``level`` fill, the host starts."""
    host = humans[0]
    res = await host.slash(w.channel, "table new", game=game, **options)
    assert res.ephemeral, res.response
    table = next(t for t in w.bot.service.tables.values() if t.open and t.place_id == w.channel.id)
    lobby = find(w.channel, table.message_id)
    for member in humans[1:]:
        await member.click(lobby, custom_id=build_id(table.id, 0, "~j"))
    for _ in range(computers):
        await host.click(lobby, custom_id=build_id(table.id, 0, ADD_VERB[level]))
    await host.click(lobby, custom_id=build_id(table.id, 0, "~s"))
    assert table.status == "playing"
    return table, find(w.channel, table.message_id)


async def act_on_hand(member: Any, channel: Any, hand: Any, rng: random.Random,
                      picks: Callable[[list[str], int], list[str]] | None = None) -> Any:
    """Choose one legal thing on a private hand message (following step-by-step menus and a
    give-up's confirmation; never "Back"). ``picks(values, n)``: the member's choice in a game's
    pick menu (by default ``n`` values at random, picked again while the bot refuses them)."""
    for _ in range(4):
        items = components(hand)
        assert items, "a hand with nothing to choose"
        selects = [c for c in items if c["type"] == 3]
        buttons = [c for c in items if c["type"] == 2 and parse_id(c["custom_id"]).action not in ("~g", "~k", "~u")]
        if selects:
            menu = selects[0]
            values = [o["value"] for o in menu["options"]]
            n = menu.get("min_values", 1)
            first = picks(values, n) if picks is not None and parse_id(menu["custom_id"]).action == "~q" else None
            res = await member.select(hand, first or rng.sample(values, n), custom_id=menu["custom_id"])
            for _ in range(200):  # a game's pick menu refuses cards that make nothing: pick again
                if parse_id(menu["custom_id"]).action != "~q":
                    break
                hand = find(channel, hand.id, viewer=member)
                again = [c for c in components(hand) if c.get("custom_id") == menu["custom_id"]]
                if not again:
                    break
                res = await member.select(hand, rng.sample(values, n), custom_id=menu["custom_id"])
        else:
            button = rng.choice(buttons)
            res = await member.click(hand, custom_id=button["custom_id"])
        action = parse_id((selects[0] if selects else button)["custom_id"]).action
        if not action.startswith("~g") and not (action.startswith("~u") and len(action) > 2):
            return res  # (a give-up asks to confirm: the confirmation is clicked next)
        hand = find(channel, hand.id, viewer=member)
    raise AssertionError("step-by-step menus never reached an action")


async def play_turn(member: Any, channel: Any, table_msg: Any, rng: random.Random) -> Any:
    """A member opens "My hand" and plays one of the offered actions."""
    table_id = parse_id(components(table_msg)[0]["custom_id"]).table
    res = await member.click(table_msg, custom_id=build_id(table_id, 0, "~h"))
    assert res.ephemeral
    hand = find(channel, res.response.id, viewer=member)
    return await act_on_hand(member, channel, hand, rng)


def member_of(w: Any, table: Table, seat: int) -> Any:
    uid = table.seats[seat].user_id
    return next(m for m in w.members if m.id == uid)


async def play_by_command(member: Any, channel: Any, rng: random.Random) -> Any:
    """A member types /play and takes one of the autocompleted legal actions."""
    choices = await member.autocomplete(channel, "play", "action", "")
    assert choices, "autocomplete offers the caller's legal actions"
    res = await member.slash(channel, "play", action=rng.choice(choices)["value"])
    assert res.ephemeral
    return res
