"""Discord's current API only: every command says where it is offered (``contexts``) and how the
app is installed (``integration_types``), never the deprecated ``dm_permission``; every command,
every subcommand included, answers properly in every context it is offered in (DISCORD.md).

Deferrals completed by a follow-up and uploads over Discord's limits are watched in every bot test
(``current_api`` in tests/bot/conftest.py, :mod:`tests.bot.traffic`); the tests here check that
the watch sees them.
"""

from __future__ import annotations

import io
from typing import Any

import discord
import pytest
from simcord.http import router

from bot.service.i18n import t
from bot.ui import answers
from bot.ui.limits import MAX_FILE_BYTES
from tests.bot import traffic

#: where Discord offers a command: 0 a server, 1 the bot's DM, 2 other private channels
SERVER, BOT_DM = 0, 1
#: the commands offered in the bot's DM: what works without a server
IN_DMS = {"rules", "privacy", "help"}


def options(w: Any, leaf: str) -> dict[str, Any]:
    """Values for a command's required options (and a few that lead somewhere)."""
    return {"table new": {"game": "toy"}, "table kick": {"member": w.bob}, "play": {"action": "nothing"},
            "leaderboard": {"game": "tarot"}, "rules": {"game": "tarot"}, "replay": {"table": "zz"},
            "export": {"table": "zz"}, "challenge replay": {"deal": 1}, "stats": {"member": w.bob},
            "duplicate start": {"game": "tarot", "members": f"<@{w.bob.id}>"}, "duplicate results": {"group": "zz"},
            "event new": {"game": "tarot", "name": "Night"}, "event replace": {"member": w.bob},
            "season new": {"name": "Spring", "starts": "2026-03-01", "ends": "2026-05-31"},
            "season count": {"event": "zz"}}.get(leaf, {})


def answer_of(res: Any) -> str:
    """Everything the member was shown by an interaction (its response and follow-ups)."""
    shown = [m for m in [res.response, *res.followups] if m is not None]
    return "\n".join([m.content for m in shown] + [e.description or e.title or "" for m in shown for e in m.embeds])


async def payloads_synced(bot: Any) -> list[dict[str, Any]]:
    """The body of the request :meth:`TapisTree.sync` sends (global commands)."""
    sent: list[Any] = []
    original = router.dispatch

    def dispatch(backend: Any, method: str, path: str, **kw: Any) -> Any:
        if method == "PUT" and path.rstrip("/").endswith("/commands"):
            sent.append(kw.get("json"))
        return original(backend, method, path, **kw)

    router.dispatch = dispatch
    try:
        await bot.tree.sync()
    finally:
        router.dispatch = original
    assert len(sent) == 1
    return list(sent[0])


async def test_synced_commands_carry_contexts_and_integration_types(world: Any) -> None:
    """Every command synced declares its contexts and its install (on servers), never
    ``dm_permission``; only the commands that work without a server are offered in the bot's DM,
    and nothing in other private channels (the app is not installed by users)."""
    synced = await payloads_synced(world.bot)
    assert len(synced) >= 15
    for command in synced:
        assert "dm_permission" not in command, command["name"]
        assert command["integration_types"] == [0], command["name"]
        assert SERVER in command["contexts"] and 2 not in command["contexts"], command["name"]
    assert {c["name"] for c in synced if BOT_DM in c["contexts"]} == IN_DMS


async def test_challenge_and_duplicate_are_not_offered_in_dms(world: Any) -> None:
    """A group's subcommands are offered where the group is: ``guild_only`` set on the group."""
    offered = world.alice.user.available_commands()
    assert not [c for c in offered if c.split()[0] in ("challenge", "duplicate", "table", "event", "stats")], offered
    assert "rules" in offered and "privacy me" in offered


def leaves(member: Any, channel: Any) -> list[str]:
    return list(member.available_commands(channel) if channel is not None else member.available_commands())


async def test_every_command_answers_in_every_context_it_is_offered(world: Any) -> None:
    """Each command and subcommand, sent by a server admin in the server's channel and in the
    bot's DM (wherever it is offered), gets an answer that is not the apology."""
    w = world
    apology = t("en", "apology")
    places = [(w.alice, w.channel, leaves(w.alice, w.channel)), (w.alice.user, None, leaves(w.alice.user, None))]
    assert len(places[0][2]) >= 37 and len(places[1][2]) >= 3
    for who, channel, offered in places:
        for leaf in offered:
            if channel is None:  # the bot's DM: a user's own command
                res = await who.slash(leaf, **options(w, leaf))
            else:
                res = await who.slash(channel, leaf, **options(w, leaf))
            await w.bot.presenter.drain()
            assert res.acknowledged and not res._interaction.loading, (leaf, channel)
            text = answer_of(res)
            assert text.strip(), (leaf, channel, res)
            assert apology not in text, (leaf, channel, text)
    assert not w.bot.unexpected


async def test_privacy_me_in_dms_counts_every_server(world: Any) -> None:
    """``/privacy me`` in the bot's DM: the member's rows in every server together."""
    res = await world.alice.user.slash("privacy me")
    assert t("en", "privacy_body_all").split(",")[0] in res.response.embeds[0].description


def test_the_watch_sees_a_deferral_completed_by_a_follow_up() -> None:
    """The traffic watch flags a follow-up sent while the deferral is "thinking…" (the request
    :func:`bot.ui.answers.send` avoids), not one after it was completed."""

    class Record:
        def __init__(self, loading: bool) -> None:
            self.loading = loading

    class Backend:
        def __init__(self, loading: bool) -> None:
            self.interaction_tokens = {"tok": 1}
            self.record = Record(loading)

        def interaction_by_token(self, token: str) -> Record:
            return self.record

    assert traffic.faults(Backend(True), "POST", "/webhooks/1/tok", [])
    assert not traffic.faults(Backend(False), "POST", "/webhooks/1/tok", [])
    assert not traffic.faults(Backend(True), "PATCH", "/webhooks/1/tok/messages/@original", [])
    big = discord.File(io.BytesIO(b"x" * (MAX_FILE_BYTES + 1)), filename="big.json")
    assert traffic.faults(Backend(False), "POST", "/channels/1/messages", [big])
    assert traffic.faults(Backend(False), "POST", "/channels/1/messages",
                          [discord.File(io.BytesIO(b"x"), filename=f"{i}.txt") for i in range(11)])


@pytest.mark.parametrize("public", [False, True])
async def test_send_completes_a_deferral_by_editing_it(world: Any, public: bool) -> None:
    """:func:`answers.send` after a deferral edits the "thinking…" message (its visibility kept);
    a second answer is a follow-up message."""
    w = world
    seen: list[str] = []

    @w.bot.tree.command(name="probe", description="probe")
    async def probe(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=not public, thinking=True)
        with traffic.watch() as faults:
            await answers.send(interaction, "first", ephemeral=True)
            await answers.send(interaction, "second", ephemeral=True)
        seen.extend(faults)

    await w.bot.tree.sync()
    res = await w.alice.slash(w.channel, "probe")
    assert not seen
    assert res.response.content == "first" and res.ephemeral is (not public)
    assert [m.content for m in res.followups] == ["second"] and res.followups[0].ephemeral


async def test_privacy_buttons_work_in_dms(world: Any) -> None:
    """The page's Export button in the bot's DM sends the member's export there."""
    user = world.alice.user
    res = await user.slash("privacy me")
    page = res.response
    button = next(c for row in page.components for c in row["components"] if c["custom_id"].endswith(":~ze"))
    clicked = await user.click(page.message, custom_id=button["custom_id"])
    sent = [m for m in [clicked.response, *clicked.followups] if m is not None]
    assert any(a.filename.startswith(f"tapis-data-{user.id}") for m in sent for a in m.attachments), sent
