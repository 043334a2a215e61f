"""The review and the field on the same cards, end to end under simcord: ``/history``'s menu opens a
match's deals with their review buttons; a challenge deal's « Compare » button under its results is
refused, with a clear line, until the member finished the day's challenge, then shows everyone who
held those cards; the same custom id typed by a member who did not play it, or clicked from another
server, opens nothing; a replay carries the review of the deal it shows; a duplicate group's Compare
shows what is over and says what still plays."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from typing import Any

from bot.ui.field_view import PICKER
from bot.ui.ids import build_id, parse_id
from tests.bot.drive import components, open_table, play_by_command
from tests.bot.test_history import finish, last_said

NOON = datetime(2026, 11, 27, 12, tzinfo=UTC).timestamp()
FINISH_FIRST = "Finish today's challenge first"


def said(res: Any) -> str:
    msg = last_said(res)
    return "\n".join([msg.content or "", *[f"{e.title}\n{e.description}" for e in msg.embeds]])


def ids_of(message: Any, verb: str) -> list[str]:
    return [c["custom_id"] for c in components(message)
            if "custom_id" in c and (p := parse_id(c["custom_id"])) is not None and p.action == verb]


async def play_challenge_deal(w: Any, member: Any, rng: random.Random) -> Any:
    """``member`` plays their next deal of today's Tresillo challenge in their private thread."""
    res = await member.slash(w.channel, "challenge play", game="tresillo")
    assert res.ephemeral, res.response
    table = next(t for t in w.bot.service.registry.known() if t.host_id == member.id and t.status == "playing")
    thread = next(c for c in w.channel.threads if c.id == table.thread_id)
    for _ in range(400):
        await w.bot.service.computers.idle()
        await w.env.settle()
        if table.status != "playing":
            break
        await play_by_command(member, thread, rng)
    assert table.status == "over"
    await w.bot.challenges.idle()
    await w.env.settle()
    await w.bot.presenter.drain()
    return table


async def forged_click(w: Any, member: Any, channel: Any, custom_id: str) -> Any:
    """``member`` clicks ``custom_id`` typed by hand: put on a button of a lobby of ``channel``."""
    await member.slash(channel, "table new", game="toy")
    lobby = next(m for m in reversed(channel.history()) if components(m))
    stored = w.env.backend.get_message(channel.id, lobby.id)
    stored.components[0]["components"][0]["custom_id"] = custom_id
    return await member.click(lobby, custom_id=custom_id)


def results_in(w: Any, table: Any, member: Any) -> Any:
    thread = next(c for c in w.channel.threads if c.id == table.thread_id)
    return next(m for m in thread.history(viewer=member) if ids_of(m, "~f")
                and parse_id(ids_of(m, "~f")[0]).table == table.id)


async def test_history_s_menu_opens_the_review_of_each_deal(world: Any) -> None:
    w = world
    w.bot.reviews.samples = 20
    table, _ = await open_table(w, "piquet", [w.alice, w.bob], 0, options="deals=1")
    await finish(w, table)
    res = await w.alice.slash(w.channel, "history")
    menu = next(c for c in components(res.response) if parse_id(c["custom_id"]).action == PICKER)
    assert table.id in [o["value"] for o in menu["options"]]
    picked = last_said(await w.alice.select(res.response, [table.id], custom_id=menu["custom_id"]))
    assert f"Table {table.id}" in picked.content and "pick a deal" in picked.content
    reviews = ids_of(picked, "~d")
    assert reviews and all(parse_id(i).table == table.id for i in reviews)
    assert not ids_of(picked, "~f"), "a match of its own: nothing to compare"
    review = said(await w.alice.click(picked, custom_id=reviews[0]))
    assert "Review of deal 1: alice" in review and "Accuracy: " in review, review
    res = await w.carol.slash(w.channel, "history", member=w.alice)  # another member's: no menu
    assert not any(parse_id(c["custom_id"]).action == PICKER for c in components(res.response) if "custom_id" in c)
    alone = said(await forged_click(w, w.alice, w.channel, build_id(table.id, 0, "~f")))
    assert "Nobody else played the cards of table" in alone, alone
    replay = await w.alice.slash(w.channel, "replay", table=table.id)
    assert ids_of(replay.response, "~d"), "a replay carries the review of the deal it shows"


async def test_a_challenge_deal_s_field_only_once_the_member_finished(world: Any) -> None:
    w = world
    w.bot.challenges.clock = lambda: NOON
    await w.alice.slash(w.channel, "challenge settings", game="tresillo", deals=2, level="normal")
    rng = random.Random(5)
    bob_first = await play_challenge_deal(w, w.bob, rng)
    results = results_in(w, bob_first, w.bob)
    compare = ids_of(results, "~f")[0]
    assert parse_id(compare).rev == 0
    refused = said(await w.bob.click(results, custom_id=compare))
    assert FINISH_FIRST in refused, refused
    carol_first = await play_challenge_deal(w, w.carol, rng)
    await play_challenge_deal(w, w.carol, rng)
    carols = results_in(w, carol_first, w.carol)
    field = said(await w.carol.click(carols, custom_id=ids_of(carols, "~f")[0]))
    assert "Deal 1: the same cards at the other tables" in field and "of 2" in field, field
    assert "Best result:" in field and "match points" in field
    # a forged id: dave played nothing and bob has not finished, on carol's table
    for who in (w.dave, w.bob):
        text = said(await forged_click(w, who, w.channel, build_id(carol_first.id, 0, "~f")))
        assert "Only the players of this table" in text and "Best result" not in text, text
    still = said(await w.bob.click(results, custom_id=compare))
    assert FINISH_FIRST in still and "Best result" not in still
    await play_challenge_deal(w, w.bob, rng)
    shown = said(await w.bob.click(results, custom_id=compare))
    assert "of 2" in shown and "Best result:" in shown, shown
    away = w.env.create_guild(name="away")
    channel = away.create_text_channel("cartes")
    visitor = away.add_member(w.bob.user)  # bob himself, who finished, on another server
    text = said(await forged_click(w, visitor, channel, build_id(bob_first.id, 0, "~f")))
    assert "There is no table" in text and "Best result" not in text, text


async def test_a_duplicate_group_s_field_through_its_threads(world: Any) -> None:
    """bob's table of a group's deal is over, carol's plays: bob's Compare shows his play and the
    table still playing; carol's own table is not over; bob's table is not hers to compare."""
    from tests.bot.test_shared_visibility import play_table

    w = world
    await w.alice.slash(w.channel, "duplicate start", game="tarot", deals=1,
                        members=f"{w.bob.mention} | {w.carol.mention}")
    bobs, carols = sorted((t for t in w.bot.service.tables.values() if t.open), key=lambda t: t.seats[0].name)
    bob_thread = next(c for c in w.channel.threads if c.id == bobs.thread_id)
    await play_table(w, bobs, bob_thread)
    await w.bot.presenter.drain()
    results = next(m for m in bob_thread.history(viewer=w.bob) if ids_of(m, "~f"))
    shown = said(await w.bob.click(results, custom_id=ids_of(results, "~f")[0]))
    assert "of 1" in shown and "1 table still playing" in shown and "Nobody else has finished" in shown, shown
    text = said(await forged_click(w, w.carol, w.channel, build_id(carols.id, 0, "~f")))
    assert "is not over" in text, text
    text = said(await forged_click(w, w.carol, w.channel, build_id(bobs.id, 0, "~f")))
    assert "Only the players of this table" in text, text
