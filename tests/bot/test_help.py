"""``/help``: a start page, a page per game and the commands, in the member's own language
(French, English, Spanish), each page within what a phone shows in one message, and a menu that
moves between them; the fixed choices of the slash commands are localized (``choice`` context)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service import help_text
from bot.service.i18n import t
from bot.ui.cogs.help import listed
from tests.bot.test_current_api import payloads_synced
from tests.bot.test_spanish import texts
from tests.test_i18n import offences

#: the goal and the scoring of each game's page, by language (the member's, not the server's)
PHRASES = {"fr": ("**But**\u00a0: ", "**Décompte**\u00a0: "), "en": ("**Goal**: ", "**Scoring**: "),
           "es": ("**Objetivo**: ", "**Puntuación**: ")}
PLAY = {"fr": "/jouer", "en": "/play", "es": "/jugar"}


def page_of(message: Any) -> tuple[str, str, list[dict[str, Any]]]:
    """The shown page's title and text, and the menu's options."""
    embed = message.embeds[0].to_dict()
    menu = next(c for row in message.components for c in row["components"] if c.get("options"))
    return embed["title"], embed["description"], menu["options"]


@pytest.mark.parametrize("locale", ["fr", "en", "es"])
async def test_every_page_in_the_members_language(world: Any, discord_locales: dict[int, str], locale: str) -> None:
    """Each page, reached through the menu, is in the member's language, under 2,000 characters,
    with no placeholder left and no foreign word; a game page says how to play with the buttons
    and with ``/play`` (its name in that language); the commands' pages list every command."""
    w = world
    discord_locales[w.bob.id] = {"fr": "fr", "en": "en-GB", "es": "es-419"}[locale]
    res = await w.bob.slash(w.channel, "help")
    assert res.ephemeral
    message = res.response
    title, body, options = page_of(message)
    assert title == t(locale, "help_title", topic=t(locale, "help_start_topic"))
    assert 8 <= len(options) <= 25 and options[0]["default"]
    commands = listed(w.bot.tree)
    named = help_text.command_name("table new", locale)
    assert named in body and t(locale, "my_hand") in body
    seen = ""
    for option in options:
        res = await w.bob.select(message, [option["value"]])
        message = res.response if res.response is not None else message
        title, body, now = page_of(message)
        assert option["label"] in title and [o["value"] for o in now if o.get("default")] == [option["value"]]
        assert len(body) <= 2000 and "{" not in body, (option["value"], len(body))
        assert not offences(" ".join(texts(message)), locale), (option["value"], offences(body, locale))
        if option["value"] in help_text.GAME_PAGES:
            assert PLAY[locale] in body and t(locale, "my_hand") in body, body
            assert all(phrase in body for phrase in PHRASES[locale]), body
        seen += body
    for qualified, _ in commands:
        assert f"`{help_text.command_name(qualified, locale)}`" in seen, qualified
    assert not w.bot.unexpected


async def test_help_opens_on_the_topic_asked_and_in_the_bots_dm(world: Any) -> None:
    """``/help topic:piquet`` opens on Piquet's page; in the bot's DM too."""
    res = await world.alice.slash(world.channel, "help", topic="piquet")
    assert page_of(res.response)[0] == t("en", "help_title", topic="Piquet")
    res = await world.alice.user.slash("help", topic="commands")
    title, body, _ = page_of(res.response)
    assert title == t("en", "help_title", topic=t("en", "help_commands_topic")) or "Commands 1/" in title
    assert "`/play`: " in body or "`/table new`: " in body


async def test_fixed_choices_are_localized_with_accents(world: Any) -> None:
    """The choice lists (day/week/month, free deals/duplicate, easy/normal/expert) carry their
    French and Spanish names, written as words (accents, spaces), not as command names."""
    synced = {c["name"]: c for c in await payloads_synced(world.bot)}

    def choices(command: str, sub: str, option: str) -> dict[str, dict[str, str]]:
        leaf = next(o for o in synced[command]["options"] if o["name"] == sub)
        opt = next(o for o in leaf["options"] if o["name"] == option)
        return {c["name"]: c["name_localizations"] for c in opt["choices"]}

    period = choices("challenge", "standings", "period")
    assert period["day"]["es-ES"] == period["day"]["es-419"] == "día" and period["day"]["fr"] == "jour"
    level = choices("event", "new", "level")
    assert level["easy"]["es-ES"] == "fácil" and level["easy"]["fr"] == "facile"
    assert level["normal"]["es-ES"] == "normal"  # the computers' level has one name ("Ordenador normal")
    fmt = choices("event", "new", "format")
    assert fmt["free deals"]["fr"] == "donnes libres" and fmt["free deals"]["es-ES"] == "repartos libres"


async def test_a_table_is_named_by_its_game_and_host(world: Any) -> None:
    """A cancelled table, and the one that keeps a channel busy, are named by their game and host
    ("Alice's Toy"), never by their code."""
    w = world
    await w.alice.slash(w.channel, "table new", game="toy")
    table = next(x for x in w.bot.service.tables.values() if x.open and x.place_id == w.channel.id)
    res = await w.bob.slash(w.channel, "table new", game="toy")
    said = res.response.content
    assert table.called("en") in said and table.id not in said and "alice" in table.called("en"), said
    res = await w.alice.slash(w.channel, "table cancel")
    said = (res.response.content if res.response else "") + "".join(m.content or "" for m in res.followups)
    assert t("en", "cancelled", table=table.called("en")) in said and table.id not in said, said
