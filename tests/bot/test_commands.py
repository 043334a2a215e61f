"""Commands: names and descriptions within Discord's limits and translated to French."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.ui.translator import Translator


def walk(bot: Any) -> list[Any]:
    out = []
    for cmd in bot.tree.get_commands():
        out.append(cmd)
        out.extend(getattr(cmd, "walk_commands", lambda: [])())
    return out


async def test_every_command_localized(simcord_bot: Any) -> None:
    await simcord_bot.load_extension("bot.ui.cogs.lobby")
    await simcord_bot.load_extension("bot.ui.cogs.play")
    await simcord_bot.load_extension("bot.ui.cogs.leaderboard")
    await simcord_bot.load_extension("bot.ui.cogs.admin")
    translator = Translator()
    names = set()
    for cmd in walk(simcord_bot):
        names.add(cmd.qualified_name)
        assert len(cmd.name) <= 32 and cmd.name == cmd.name.lower()
        assert len(cmd.description) <= 100
        for text in (cmd.name, cmd.description):
            fr = await translator.translate(app_commands.locale_str(text), discord.Locale.french, None)
            assert fr and len(fr) <= 100, text
        for param in getattr(cmd, "parameters", []):
            for text in (param.name, param.description):
                fr = await translator.translate(app_commands.locale_str(text), discord.Locale.french, None)
                assert fr and len(fr) <= 100, text
    assert {"table new", "hand", "play", "leaderboard", "stats", "rules", "settings"} <= names
    assert await translator.translate(app_commands.locale_str("hand"), discord.Locale.american_english, None) is None


async def test_local_mode_opens_a_table_in_a_thread(world: Any) -> None:
    """The local page lists the threads, so ``/table new thread:`` opens one there too."""
    w = world
    w.bot.settings = w.bot.settings.with_(local=True)  # the local page shows threads too
    await w.alice.slash(w.channel, "table new", game="toy", thread=True)
    (table,) = w.bot.service.tables.values()
    assert table.thread_id and table.thread_id in [c.id for c in w.channel.threads], "the thread is opened"


async def test_play_takes_what_people_type(world: Any, discord_locales: dict[int, str]) -> None:
    """``/play``: a label the autocomplete shows, typed by hand in lower case without
    accents, plays that move; an unknown entry is answered with legal examples in the member's
    language, without Python quotes."""
    from games.i18n import t
    from tests.bot.drive import member_of, open_table
    from tests.bot.test_reliability_discord import said

    w = world
    table, _ = await open_table(w, "tarot", [w.alice, w.bob, w.carol], 1)
    actor = member_of(w, table, table.to_act())
    discord_locales[actor.id] = "es-ES"
    res = await actor.slash(w.channel, "play", action="zorglub")
    answer = said(res)
    assert answer.startswith(t("es", "typed.unknown").split("{")[0]) and "«zorglub»" in answer, answer
    assert "'" not in answer and "Por ejemplo: «" in answer, answer
    choices = await actor.autocomplete(w.channel, "play", "action", "")
    assert choices and all(c["name"] != c["value"] for c in choices), choices
    wanted = choices[-1]
    typed = wanted["name"].lower().replace("á", "a").replace("ó", "o").replace("é", "e")
    rev = table.rev
    res = await actor.slash(w.channel, "play", action=typed)
    assert table.rev > rev and table.state is not None, said(res)
    assert table.state.log[rev] == wanted["value"], (typed, table.state.log[rev:])
    assert wanted["name"] in said(res)


async def test_a_new_language_renames_the_computers(world: Any) -> None:
    """After ``/settings language:`` the computers of the server's tables take names in the new
    language, saved, and the table message says them."""
    from games.i18n import t
    from tests.bot.drive import find, open_table

    w = world
    await w.alice.slash(w.channel, "settings", language="fr")
    table, _ = await open_table(w, "tarot", [w.alice], 3)
    french = [s.name for s in table.seats if s.computer]
    assert french[0] == t("fr", "computer_seat", n=1, level=t("fr", "level_normal")), french
    await w.alice.slash(w.channel, "settings", language="en")
    english = [s.name for s in table.seats if s.computer]
    assert english == [t("en", "computer_seat", n=i, level=t("en", "level_normal")) for i in (1, 2, 3)]
    saved = [row["name"] for row in await w.bot.db.seats(table.id)]
    assert english[0] in saved and french[0] not in saved, saved
    shown = find(w.channel, table.message_id)
    text = str([e.to_dict() for e in shown.embeds]) + (shown.content or "")
    assert english[0] in text and french[0] not in text, text[:800]
