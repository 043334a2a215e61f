"""A club night end to end under simcord: 16 members register with the announcement's
buttons for a Tarot night of 3 rounds of 2 deals; tables open in threads with their players
pinged; a member leaves in round 2 and a computer finishes for them; the standings posted after
each round are the tables' scores; /event results, /history and /season agree."""

from __future__ import annotations

import json
import time
from typing import Any

from benchmarks.event import play_for_humans
from bot.ui.events import REGISTER, UNREGISTER
from bot.ui.ids import build_id
from tests.bot.drive import components, find
from tests.bot.test_history import read

# On SQLite only: the service-level tests run the same storage on both databases (CI time).


async def settle(w: Any) -> None:
    await w.bot.service.computers.idle()
    await w.bot.events.idle()
    await w.env.settle()
    await w.bot.board.drain()
    await w.bot.presenter.drain()


def posted(w: Any, text: str) -> list[Any]:
    return [m for m in w.channel.history() if text in (m.content or "")]


async def test_club_night_on_discord(world: Any) -> None:
    w = world
    members = [*w.members, *(w.guild.add_member(w.env.create_user(f"m{i:02d}")) for i in range(12))]
    res = await w.alice.slash(w.channel, "event new", game="tarot", name="Vendredi", rounds=3, deals=2,
                              starts_in=60)
    assert res.ephemeral and "Vendredi" in res.response.content
    res = await w.bob.slash(w.channel, "event new", game="tarot", name="Mine")
    assert res.ephemeral and "organiser" in res.response.content  # bob may not organise
    await settle(w)
    event = next(iter(w.bot.events.events.values()))
    scheduled = list(w.env.backend.get_guild(w.guild.id).scheduled_events.values())
    assert [s.name for s in scheduled] == ["Vendredi"]  # the start as a Discord scheduled event
    announce = find(w.channel, event.message_id)
    assert [c["label"] for c in components(announce)] == ["Register", "Unregister"]
    for member in members:
        await member.click(announce, custom_id=build_id(event.id, 0, REGISTER))
    await w.carol.click(announce, custom_id=build_id(event.id, 0, UNREGISTER))
    await w.carol.click(announce, custom_id=build_id(event.id, 0, REGISTER))
    await settle(w)
    announce = find(w.channel, event.message_id)
    assert "16 registered" in announce.embeds[0].description and "carol" in announce.embeds[0].description

    res = await w.alice.slash(w.channel, "event start")
    assert res.ephemeral
    await settle(w)
    assert not components(find(w.channel, event.message_id)), "registration buttons gone at the start"
    threads = w.channel.threads
    assert sorted(th.name for th in threads) == [f"Vendredi · round 1 · table {n}" for n in range(1, 5)]
    for thread in threads:
        pings = [m for m in thread.history() if (m.content or "").startswith(f"{thread.name}: <@")]
        assert len(pings) == 1 and pings[0].content.count("<@") == 4
    assert posted(w, "round 1 of 3, the tables") and posted(w, "repeated meetings")

    service = w.bot.service
    await play_for_humans(service, w.bot.events, event, until_round=2)
    await settle(w)
    after1 = posted(w, "standings after round 1")
    assert len(after1) == 1
    assert all(m.name in after1[0].content for m in members)

    # round 2: a member leaves; a computer finishes for them
    await play_for_humans(service, w.bot.events, event, moves=10)
    leaver = next(m for m in members if m is not w.alice)
    thread = next(th for th in w.channel.threads if th.name.startswith("Vendredi · round 2")
                  and any(s.user_id == leaver.id for t in service.tables.values() if t.thread_id == th.id
                          for s in t.seats))
    res = await leaver.slash(thread, "event leave")
    assert res.ephemeral
    await play_for_humans(service, w.bot.events, event)
    await settle(w)
    assert event.status == "over"
    assert len(posted(w, "standings after round 2")) == 1
    final = posted(w, "Vendredi: final ranking")
    assert len(final) == 1 and "(left, a computer played on)" in final[0].content

    standings = await w.bot.events.standings(event.id)
    res = await w.dave.slash(w.channel, "event results")
    export = res.response.attachments[0]
    assert export.filename == f"event-{event.id}.json"
    data = json.loads(await read(export))
    for line in standings.lines[:3]:
        assert f"{line.place + 1}\\. {line.name}: {line.score:g}" in res.response.content  # (no Markdown list)
    assert sorted((r["place"], r["user_id"], r["score"]) for r in data["ranking"]) == \
        sorted((line.place, line.user_id, line.score) for line in standings.lines)  # (tied: any order)

    history = await w.alice.slash(w.channel, "history", member=leaver)
    assert history.response.embeds

    day = time.strftime("%Y-%m-%d", time.gmtime(event.starts_at))  # an event counts by its planned start (UTC)
    res = await w.alice.slash(w.channel, "season new", name="2026", starts=day, ends=day, best=3)
    assert res.ephemeral
    res = await w.bob.slash(w.channel, "season show")
    text = res.response.content
    for line in standings.lines:
        assert f"{line.place + 1}\\. {line.name}: {line.score:g} (1 event)" in text
