"""End-to-end daily challenge under simcord: three members play the same day's Tarot
challenge in different orders through ``/challenge`` and ``/play`` in their private threads. On
every message each member can see, nothing of a deal they have not played yet; the share line has
no card; the standings show only who finished until the viewer has finished."""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime
from typing import Any

import pytest

from bot.service.table import Table
from tests.bot.drive import components, play_by_command

# On SQLite only: the service-level tests run the same storage on both databases (CI time).

NOON = datetime(2026, 11, 27, 12, tzinfo=UTC).timestamp()


def texts(message: Any) -> str:
    """Everything a message says: content, embeds, component ids and labels."""
    parts = [message.content or ""]
    for e in message.embeds:
        parts += [e.title or "", e.description or "", e.footer.text or ""]
        parts += [f"{f.name} {f.value}" for f in e.fields]
    for c in components(message):
        parts += [str(c.get("custom_id", "")), str(c.get("label", ""))]
        parts += [str(o.get("label", "")) + str(o.get("value", "")) for o in c.get("options", [])]
    return "\n".join(parts)


async def check_nothing_unplayed_is_seen(w: Any, played: dict[int, set[int]]) -> int:
    """For each member: every channel and thread they can read, every message there they can see
    (ephemeral ones addressed to them included) names no table of another member's deal that they
    have not played; those tables' threads are closed to them. Returns the messages checked."""
    rows = await w.bot.challenges.store.day(w.guild.id, "tarot", "2026-11-27")
    checked = 0
    for member in (w.bob, w.carol, w.dave):
        hidden = [r for r in rows if r.user_id != member.id and r.deal_no not in played[member.id]]
        hidden_ids = {r.table_id for r in hidden}
        hidden_threads = {(await w.bot.db.table(r.table_id))["thread_id"] for r in hidden}
        own_threads = {(await w.bot.db.table(r.table_id))["thread_id"] for r in rows if r.user_id == member.id}
        for place in [w.channel, *w.channel.threads]:
            if place.id in hidden_threads - own_threads:
                with pytest.raises(Exception):  # noqa: B017 - simcord's SetupError: not theirs to read
                    place.history(viewer=member)
                continue
            try:
                history = place.history(viewer=member)
            except Exception:
                continue  # a thread they cannot read
            for message in history:
                said = texts(message)
                assert not any(tid in said for tid in hidden_ids), (member.name, said)
                checked += 1
    return checked


async def play_deal(w: Any, member: Any, rng: random.Random) -> Table:
    res = await member.slash(w.channel, "challenge play", game="tarot")
    assert res.ephemeral, res.response
    table = next(t for t in w.bot.service.registry.known() if t.host_id == member.id and t.status == "playing")
    thread = next(c for c in w.channel.threads if c.id == table.thread_id)
    assert thread.mention in (res.response.content or "")
    await w.bot.presenter.drain()
    shown = [c.get("custom_id", "") for m in thread.history(viewer=member) for c in components(m)]
    assert any(":~h" in i for i in shown) and not any(":~v" in i for i in shown), "one attempt: no vote to abort"
    for _ in range(400):
        await w.bot.service.computers.idle()
        await w.env.settle()
        if table.status != "playing":
            break
        assert table.seats[table.to_act()].user_id == member.id, "computers play by themselves"
        await play_by_command(member, thread, rng)
    assert table.status == "over"
    await w.bot.challenges.idle()
    await w.env.settle()
    await w.bot.presenter.drain()
    return table


async def test_three_members_play_the_day_privately(world: Any) -> None:
    w = world
    w.bot.challenges.clock = lambda: NOON
    res = await w.alice.slash(w.channel, "challenge settings", game="tarot", deals=2, level="normal")
    assert res.ephemeral and "Tarot" in res.response.content
    res = await w.bob.slash(w.channel, "challenge settings", game="tarot", deals=3)
    assert "admin" in res.response.content.lower()
    rng = random.Random(31)
    played: dict[int, set[int]] = {m.id: set() for m in (w.bob, w.carol, w.dave)}
    hands: dict[int, list[Any]] = {}
    checked = 0
    for member in (w.bob, w.carol, w.carol, w.bob, w.dave, w.dave):
        deal_no = len(played[member.id])
        played[member.id].add(deal_no)  # from now on the member holds this deal's cards
        table = await play_deal(w, member, rng)
        seat = table.seat_of(member.id)
        start = table.game.new(len(table.seats), table.seed, table.options)
        hands.setdefault(deal_no, []).append(sorted(start.view(seat)["hand"]))
        checked += await check_nothing_unplayed_is_seen(w, played)
        if member is w.carol and deal_no == 1:  # carol finished, dave has not started
            res = await w.dave.slash(w.channel, "challenge standings", game="tarot")
            said = res.response.content
            assert "carol" in said and "%" not in said and "bob" not in said, said
            res = await w.carol.slash(w.channel, "challenge standings", game="tarot")
            assert "carol" in res.response.content and "%" in res.response.content
            theirs = [r.table_id for r in await w.bot.challenges.store.day(w.guild.id, "tarot", "2026-11-27")]
            for table_id in theirs:  # neither a replay nor an export of a deal dave has not played
                for command in ("replay", "export"):
                    res = await w.dave.slash(w.channel, command, table=table_id)
                    assert "Finish today's challenge first" in res.response.content, res.response.content
            res = await w.dave.slash(w.channel, "history", member=w.carol)
            assert not any(tid in texts(res.response) for tid in theirs)
    assert checked > 0
    assert all(len(h) == 3 and h.count(h[0]) == 3 for h in hands.values()), "the same cards for everyone"
    for member in (w.bob, w.carol, w.dave):
        res = await member.slash(w.channel, "challenge results", game="tarot")
        lines = res.response.content.splitlines()
        share = lines[-1]
        assert re.fullmatch(r"Daily challenge 27/11 · French Tarot · \d+% · [🟩🟨🟥]{2}", share), share
        assert "Place:" in res.response.content
    res = await w.dave.slash(w.channel, "challenge replay", game="tarot", deal=1)
    assert len(res.response.content.splitlines()) == 3
    best = res.response.content.splitlines()[0].split("table ")[1].split(",")[0]
    res = await w.dave.slash(w.channel, "replay", table=best)
    assert "Finish today's challenge first" not in (res.response.content or ""), "finished: replays open"
    res = await w.dave.slash(w.channel, "history", member=w.carol)
    assert best in texts(res.response) or len(res.response.embeds) == 1
    res = await w.dave.slash(w.channel, "challenge stats")
    assert "1 day" in res.response.content
