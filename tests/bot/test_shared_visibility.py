"""One rule of visibility for every shared deal (docs/rules/club.md, « Duplicate deals »), through Discord: while a member's
own table of a duplicate deal is still playing, the other table's finished copy opens nowhere
(``/replay``, ``/export``, the results' Replay and Export buttons, ``/history member:``,
``/duplicate results``), and a group's code from another server is unknown there. Service level:
a duplicate club night's round, to its players and to the other members."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from benchmarks.event import play_for_humans
from bot.service.challenges import ChallengeService
from bot.service.events import EventService, SerialPlaces
from bot.service.shared_deals import SharedDeals
from bot.service.tables import TableService
from bot.storage import Database
from tests.bot.drive import play_by_command
from tests.bot.test_challenges import SETTINGS

REFUSED = "Play this deal first"


async def play_table(w: Any, table: Any, thread: Any) -> None:
    rng = random.Random(3)
    members = {m.id: m for m in w.members}
    for _ in range(600):
        await w.bot.service.computers.idle()
        await w.env.settle()
        if table.status != "playing":
            return
        seat = table.to_act()
        if seat is not None and not table.seats[seat].computer:
            await play_by_command(members[table.seats[seat].user_id], thread, rng)
    raise AssertionError("the table never ended")


async def test_the_other_table_s_copy_stays_hidden_until_one_s_own_is_played(world: Any) -> None:
    w = world
    res = await w.alice.slash(w.channel, "duplicate start", game="tarot", deals=1,
                              members=f"{w.bob.mention} | {w.carol.mention}")
    group = res.response.content.split("group:")[1].split()[0].strip(".")
    bobs, carols = sorted((t for t in w.bot.service.tables.values() if t.open), key=lambda t: t.seats[0].name)
    bob_thread = next(c for c in w.channel.threads if c.id == bobs.thread_id)
    carol_thread = next(c for c in w.channel.threads if c.id == carols.thread_id)
    await play_table(w, bobs, bob_thread)
    assert bobs.status == "over" and carols.status == "playing"
    for command in ("replay", "export"):  # carol, still playing the deal, and dave, who never held it
        for who in (w.carol, w.dave):
            res = await who.slash(w.channel, command, table=bobs.id)
            assert res.ephemeral and REFUSED in res.response.content and not res.response.attachments, \
                (command, res.response.content)
    res = await w.carol.slash(w.channel, "history", member=w.bob)
    assert bobs.id not in str(res.response.embeds[0].description)
    res = await w.carol.slash(w.channel, "duplicate results", group=group)
    assert "Deal 1" not in res.response.content and REFUSED in res.response.content, res.response.content
    res = await w.bob.slash(w.channel, "replay", table=bobs.id)  # one's own table opens
    assert REFUSED not in res.response.content
    await play_table(w, carols, carol_thread)
    for who in (w.carol, w.dave):  # both copies played: every table opens to all
        res = await who.slash(w.channel, "replay", table=bobs.id)
        assert REFUSED not in (res.response.content or ""), res.response.content
    res = await w.carol.slash(w.channel, "duplicate results", group=group)
    assert "Deal 1" in res.response.content


@pytest.mark.backends
async def test_a_duplicate_night_s_round_to_its_players_and_the_others(db: Database) -> None:
    service = TableService(db, SETTINGS)
    events = EventService(service, SerialPlaces())
    service.bus.subscribe(events)
    shared = SharedDeals(db, ChallengeService(service))
    event = await events.create(guild_id=1, channel_id=5, organiser_id=1, name="Duplicate", game="tarot",
                                fmt="duplicate", rounds=1, deals=1, starts_at=time.time() + 3600)
    for uid in range(1001, 1009):
        await events.register(event.id, uid, f"m{uid}")
    await events.start(event.id, 1)
    a, b = (service.registry.get(r["table_id"]) for r in await events.store.tables(event.id))
    await play_for_humans(service, events, event, only=a.id)
    assert a.status == "over" and b.status == "playing"
    at_b = next(s.user_id for s in b.seats if s.user_id is not None)
    at_a = next(s.user_id for s in a.seats if s.user_id is not None)
    ids = [s.user_id for s in a.seats]
    assert await shared.visible(1, at_a, a.id, a.seed, ids), "one's own table, played"
    assert not await shared.visible(1, at_b, a.id, a.seed, ids), "the other table, still to play"
    assert not await shared.visible(1, 4242, a.id, a.seed, ids), "another member, before the round ends"
    assert not await shared.visible(2, at_a, a.id, a.seed, ids), "another server"
    await play_for_humans(service, events, event)
    assert await shared.visible(1, at_b, a.id, a.seed, ids) and await shared.visible(1, 4242, a.id, a.seed, ids)
    await events.close()
    await service.close()
