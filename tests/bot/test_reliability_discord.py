"""Through the real Discord machinery (simcord): every interaction gets an
answer within Discord's limits, a click on an old table's message is answered clearly, forgotten
tables are closed with a notice in their channel."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.ui import limits
from bot.ui.ids import build_id
from tests.bot.drive import components, find, member_of, open_table

FORGED = {
    "non-numeric revision": "tp:{table}:x1:~h",
    "upper-case table id": "tp:{upper}:0:~h",
    "empty action": "tp:{table}:0:",
    "newline in the action": "tp:{table}:0:~h\nplay:7S",
    "over-long": "tp:{table}:0:" + "p" * 90,
    "foreign prefix": "poll:{table}:0:vote",
    "no prefix at all": "hello",
}


def said(res: Any, private: bool = True) -> str:
    """The last thing the bot told the member: private, never over 2,000 characters."""
    msgs = [*([res.response] if res.response else []), *res.followups]
    assert msgs, "the interaction got no answer"
    assert msgs[-1].ephemeral or not private
    assert msgs[-1].content, "the answer is still 'thinking…'"
    assert len(msgs[-1].content) <= limits.CONTENT
    return msgs[-1].content


def stale(w: Any, message_id: int, *custom_ids: str) -> None:
    """The message shows these buttons again (a client that missed the edit removing them)."""
    stored = w.env.backend.get_message(w.channel.id, message_id)
    stored.components = [{"type": 1, "components": [
        {"type": 2, "style": 1, "label": f"old {i}", "custom_id": cid} for i, cid in enumerate(custom_ids)]}]


def longest_run(text: str, char: str) -> int:
    return max((len(m) for m in re.findall(f"{re.escape(char)}+", text)), default=0)


@pytest.mark.parametrize("case", sorted(FORGED))
async def test_unknown_components_are_answered(world: Any, case: str) -> None:
    w = world
    table, msg = await open_table(w, "toy", [w.alice, w.bob], 0)
    stored = w.env.backend.get_message(w.channel.id, msg.id)
    custom_id = FORGED[case].format(table=table.id, upper=table.id.upper() + "A")
    components(stored)[0]["custom_id"] = custom_id
    rev = table.rev
    res = await w.alice.click(msg, custom_id=custom_id)
    assert "unknown or out of date" in said(res)
    assert table.rev == rev and not w.bot.unexpected


async def test_unknown_menu_is_answered(world: Any) -> None:
    w = world
    table, msg = await open_table(w, "toy", [w.alice, w.bob], 0)
    actor = member_of(w, table, table.to_act())
    res = await actor.click(msg, label="My hand")
    hand = find(w.channel, res.response.id, viewer=actor)
    stored = w.env.backend.get_message(w.channel.id, hand.id)
    stored.components = [{"type": 1, "components": [{
        "type": 3, "custom_id": f"tp:{table.id}:{table.rev}:~m\n", "min_values": 1, "max_values": 1,
        "options": [{"label": "x", "value": "0"}]}]}]
    res = await actor.select(hand, ["0"], custom_id=f"tp:{table.id}:{table.rev}:~m\n")
    assert "unknown or out of date" in said(res)


@pytest.mark.parametrize(("command", "options"), [
    ("play", {"action": "Z" * 5000}),
    ("play", {"action": "play:" + "Z" * 5000}),
    ("play", {"action": "'\\\n" * 1500 + "Z" * 500}),
    ("table new", {"game": "toy", "options": "deals=" + "Z" * 5000}),
    ("table new", {"game": "toy", "options": "Z" * 5000 + "=1"}),
    # the game pickers are fixed choices: Discord itself refuses any other value there
])
async def test_long_input_is_answered_and_echoed_short(world: Any, command: str, options: dict[str, str]) -> None:
    """5,000 characters in a command: the answer fits Discord's 2,000 and repeats at most ~100 of
    them (it used to echo all of them: Discord refused the answer, the member saw "thinking…")."""
    w = world
    if command == "play":
        await open_table(w, "tarot", [w.alice, w.bob], 1)
    res = await w.alice.slash(w.channel, command, **options)
    text = said(res, private=command != "leaderboard")  # a leaderboard is answered in public
    assert longest_run(text, "Z") <= limits.ECHO and longest_run(text, "\n") <= limits.ECHO, text
    assert not w.bot.unexpected


def test_echo_shortening() -> None:
    typed = "play:" + "Q" * 300
    assert limits.shorten_echo(f"Unknown action {typed!r}.", [typed]) == f"Unknown action '{typed[:100]}…'."
    assert limits.shorten_echo(f"{typed.upper()!r} is bad", [typed]) == f"'PLAY:{'Q' * 99}…' is bad"
    lowered = "PLAY:" + "A" * 300
    assert limits.shorten_echo(f"no {lowered.lower()}", [lowered]).count("a") == 96
    assert limits.shorten_echo("short", ["x" * 500]) == "short"
    assert limits.clip("abcdef", 4) == "abc…"


async def test_a_click_on_a_finished_table_after_a_restart(world: Any, make_bot: Any) -> None:
    w = world
    table, msg = await open_table(w, "toy", [w.alice, w.bob], 1)
    old_buttons = [c["custom_id"] for c in components(msg)]
    service = w.bot.service
    while table.status == "playing":
        seat = table.to_act()
        await service.act(table.id, table.seats[seat].user_id, str(table.state.legal_actions(seat)[0]))
        await service.computers.idle()
    await w.env.restart_bot(await make_bot())
    for cid in old_buttons:
        stale(w, msg.id, *old_buttons)  # again: the bot repairs the message after each stale click
        res = await w.bob.click(msg, custom_id=cid)
        assert "This table is over." in said(res)
    res = await w.bob.slash(w.channel, "table new", game="toy")
    assert "opened" in said(res), "the channel is free"


async def test_forgotten_tables_are_closed_with_a_notice(world: Any) -> None:
    """Default durations, simulated time: a lobby left for 24 hours is cancelled, a match without a
    move for 7 days is abandoned; a notice says so in the channel, and the channel is free."""
    w = world
    service = w.bot.service
    service.clock = lambda: w.env.now().timestamp()
    res = await w.alice.slash(w.channel, "table new", game="toy")
    lobby = service.registry.at(w.channel.id)
    await w.env.advance_time(23 * 3600)
    assert lobby.status == "lobby"
    await w.env.advance_time(3600 + 2 * w.bot.settings.housekeeping_interval)
    assert lobby.status == "cancelled" and service.registry.at(w.channel.id) is None
    notices = [m.content for m in w.channel.history() if m.content.startswith(f"Table {lobby.id}")]
    assert notices == [f"Table {lobby.id} was cancelled: nobody used its lobby for 24 hours. The channel is free."]
    stale(w, lobby.message_id, build_id(lobby.id, 0, "~j"))
    res = await w.bob.click(find(w.channel, lobby.message_id), custom_id=build_id(lobby.id, 0, "~j"))
    assert "was cancelled" in said(res)

    table, msg = await open_table(w, "toy", [w.alice, w.bob], 1)
    member = member_of(w, table, table.to_act())
    await w.env.advance_time(6 * 86400)
    await w.bot.service.act(table.id, member.id, str(table.state.legal_actions(table.to_act())[0]))
    await w.env.advance_time(6 * 86400)
    assert table.status == "playing", "a move keeps a match alive"
    await w.env.advance_time(86400 + 2 * w.bot.settings.housekeeping_interval)
    assert table.status == "cancelled" and service.registry.at(w.channel.id) is None
    assert any(m.content == f"Table {table.id} was abandoned: no move for 7 days. The channel is free."
               for m in w.channel.history())
    stale(w, msg.id, build_id(table.id, 0, "~h"))
    res = await member.click(msg, custom_id=build_id(table.id, 0, "~h"))
    assert "was cancelled" in said(res)
    res = await w.alice.slash(w.channel, "table new", game="toy")
    assert "opened" in said(res)


async def test_a_match_that_ended_in_a_crash_is_finished_at_restart(world: Any, make_bot: Any) -> None:
    """The database as the old code left it when it died between the last move and the results:
    after the restart the results are posted, the ratings counted and the channel is free."""
    w = world
    table, _msg = await open_table(w, "toy", [w.alice, w.bob], 0)
    state, actions = table.state, []
    while state.to_act() is not None:
        seat = state.to_act()
        state = state.apply(seat, state.legal_actions(seat)[0])
        actions.append((state.rev, seat, state.to_json()["log"][-1], False))
    await w.bot.db.save_actions(table.id, state=state.to_json(), revision=state.rev, status="playing",
                                actions=actions)
    await w.env.restart_bot(await make_bot())
    results = [m for m in w.channel.history() if m.embeds and "final results" in (m.embeds[0].title or "")]
    assert len(results) == 1 and table.id in results[0].embeds[0].title
    assert {r.user_id for r in await w.bot.db.top(w.guild.id, "toy")} == {w.alice.id, w.bob.id}
    res = await w.alice.slash(w.channel, "table new", game="toy")
    assert "opened" in said(res), "the channel is free"


async def test_a_view_of_this_process_answers_its_own_buttons(world: Any) -> None:
    """The fallback answers only components nobody else handles: a plain View's button (not a Tapis
    id) is answered once, by its View."""
    import discord

    clicked: list[int] = []

    class Confirm(discord.ui.View):
        @discord.ui.button(label="Confirm", custom_id="confirm-xyz")
        async def confirm(self, interaction: discord.Interaction[Any], button: Any) -> None:
            clicked.append(interaction.user.id)
            await interaction.response.send_message("confirmed", ephemeral=True)

    w = world
    w.bot.add_view(Confirm(timeout=None))
    channel = w.bot.get_partial_messageable(w.channel.id, guild_id=w.guild.id)
    await channel.send("Please confirm", view=Confirm(timeout=None))
    await w.env.settle()
    msg = next(m for m in w.channel.history() if m.content == "Please confirm")
    res = await w.bob.click(msg, custom_id="confirm-xyz")
    assert said(res) == "confirmed" and clicked == [w.bob.id]
