"""A club night's posts are sent until Discord takes them, once: the standings
post failing with a 500 then a 429 appears once; posts missed before a restart are sent after it,
and never again."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import discord
import pytest
from simcord.http import router

from benchmarks.event import play_for_humans
from bot.ui.event_board import key_of
from tests.bot.faults import failure

pytestmark = pytest.mark.backends  # SQLite and PostgreSQL (tests/conftest.py)
FAST = (0.001, 0.002, 0.005)


@contextmanager
def failing_posts(channel_id: int, kinds: list[str]) -> Iterator[list[str]]:
    """The next posts in channel ``channel_id`` fail, one per kind in ``kinds`` (``"always"``: every
    post from then on); yields the kinds injected so far."""
    original = router._check_faults
    done: list[str] = []

    def check(backend: Any, method: str, path: str) -> None:
        original(backend, method, path)
        if method == "POST" and path == f"/channels/{channel_id}/messages" and kinds:
            kind = kinds[0] if kinds[0] == "always" else kinds.pop(0)
            done.append(kind)
            raise failure("500" if kind == "always" else kind)

    router._check_faults = check
    try:
        yield done
    finally:
        router._check_faults = original


async def settle(w: Any) -> None:
    for _ in range(3):
        await w.bot.service.computers.idle()
        await w.bot.events.idle()
        await w.env.settle()
        await w.bot.board.drain()
        await w.bot.presenter.drain()


def posted(w: Any, text: str) -> int:
    return sum(text in (m.content or "") for m in w.channel.history())


async def new_event(w: Any) -> Any:
    await w.alice.slash(w.channel, "event new", game="tarot", name="Lundi", rounds=2, deals=1, starts_in=60)
    await settle(w)
    event = next(iter(w.bot.events.events.values()))
    for member in w.members:
        await w.bot.events.register(event.id, member.id, member.name)
    await w.bot.events.start(event.id, w.alice.id)
    await settle(w)
    return event


async def test_standings_post_failing_appears_once(world: Any) -> None:
    w = world
    w.bot.board.retry_delays = FAST
    event = await new_event(w)
    assert posted(w, "round 1 of 2, the tables") == 1
    with failing_posts(w.channel.id, ["500", "429"]) as injected:
        await play_for_humans(w.bot.service, w.bot.events, event, until_round=2)
        await settle(w)
    assert injected == ["500", "429"], "the standings post failed twice"
    assert posted(w, "standings after round 1") == 1
    assert posted(w, "round 2 of 2, the tables") == 1
    await play_for_humans(w.bot.service, w.bot.events, event)
    await settle(w)
    assert event.status == "over"
    assert posted(w, "Lundi: final ranking") == 1
    assert posted(w, "standings after round 1") == 1 and posted(w, "standings after round 2") == 0
    assert "done" in await w.bot.records.parts_of(key_of(event.id))


async def test_posts_missed_before_a_restart_are_sent_after_it(world: Any, make_bot: Any) -> None:
    w = world
    w.bot.board.retry_delays = (3600.0,)  # Discord down for good: it waits
    event = await new_event(w)
    with failing_posts(w.channel.id, ["always"]) as injected:
        await play_for_humans(w.bot.service, w.bot.events, event)
        await w.bot.service.computers.idle()
        await w.bot.events.idle()
        await w.env.settle()
    assert injected and event.status == "over"
    assert posted(w, "standings after round 1") == 0 and posted(w, "final ranking") == 0
    await w.bot.board.close()
    for _ in range(2):  # the restarted bot posts what was missing; the next one nothing
        bot = await make_bot()
        bot.board.retry_delays = FAST
        await w.env.restart_bot(bot)
        await settle(w)
        assert posted(w, "standings after round 1") == 1
        assert posted(w, "round 2 of 2, the tables") == 1
        assert posted(w, "Lundi: final ranking") == 1


async def test_a_nights_posts_ping_only_the_members_they_are_for(world: Any) -> None:
    """An event named to ping everyone, a role and a member who is not playing pings none of them:
    every post of the night (announcement, plans, players' pings, standings) pings members of its
    table or its organiser only, though the bot may mention everyone and the role is mentionable."""
    w = world
    w.bot.board.retry_delays = FAST
    backend = w.env.backend
    backend.guilds[w.guild.id].everyone_role.permissions |= discord.Permissions(mention_everyone=True).value
    role = w.guild.create_role("Club", mentionable=True)
    eve = w.guild.add_member(w.env.create_user("eve"))
    name = f"@everyone @here {role.mention} <@{eve.id}>"
    await w.alice.slash(w.channel, "event new", game="tarot", name=name, rounds=2, deals=1, starts_in=60)
    await settle(w)
    event = next(iter(w.bot.events.events.values()))
    for member in w.members:
        await w.bot.events.register(event.id, member.id, member.name)
    await w.bot.events.start(event.id, w.alice.id)
    await settle(w)
    await play_for_humans(w.bot.service, w.bot.events, event)
    await settle(w)
    assert event.status == "over"
    players = {m.id for m in w.members}
    sent = [m for channel in backend.messages.values() for m in channel.values()
            if m.author_id == backend.bot_user.id and m.system_metadata is None]  # not "started a thread"
    assert any(name in (m.content or "") for m in sent), "the name is shown as typed"
    pinged = [m for m in sent if m.ping_user_ids]
    assert pinged, "the players are pinged to their tables"
    for m in sent:
        assert not m.mention_everyone and not m.ping_role_ids, m.content
        assert set(m.ping_user_ids) <= players, (m.content, m.ping_user_ids)
    assert all(eve.id not in m.ping_user_ids for m in sent)
