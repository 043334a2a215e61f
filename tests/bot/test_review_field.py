"""The field on the same cards (bot/service/review_field.py), service level: a challenge deal's field
is every member's finished play of it, grouped by contract and by who took it, with the member's
own place and match points (the challenge's own percentages); it opens by the one rule of
bot/service/shared_deals.py only (before the member finished the day: refused; another server's
table: unknown; a member who did not sit there: not theirs); a duplicate group's field the same."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service.field_words import field_lines, signed
from bot.service.review_field import FieldService
from bot.service.shared_deals import SharedDeals
from bot.service.table import BotError
from bot.storage import Database
from games.duplicate import match_points
from tests.bot.test_challenges import GUILD, play_deal, services


async def test_a_challenge_deal_s_field_opens_once_the_member_finished(db: Database) -> None:
    tables, challenges = await services(db, deals=2)
    fields = FieldService(db, SharedDeals(db, challenges), challenges)
    firsts = {}
    for user in (11, 12, 13):
        firsts[user] = await play_deal(tables, challenges, user)
    await play_deal(tables, challenges, 11)  # 11 finished the day; 12 and 13 played deal 1 only
    mine = firsts[11]
    with pytest.raises(BotError, match="Finish today's challenge first"):
        await fields.field(GUILD, 12, firsts[12].id, 0)  # their own deal, the day not finished
    with pytest.raises(BotError, match="Only the players of this table"):
        await fields.field(GUILD, 12, mine.id, 0)  # another member's table, by hand
    with pytest.raises(BotError, match="There is no table"):
        await fields.field(GUILD + 1, 11, mine.id, 0)  # another server
    field = await fields.field(GUILD, 11, mine.id, 0)
    rows = [r for r in await challenges.store.day(GUILD, "tarot", await challenges.today(GUILD)) if r.deal_no == 0]
    assert sorted(e.user_id for e in field.entries) == [11, 12, 13]
    assert sorted(e.score for e in field.entries) == sorted(r.score for r in rows if r.score is not None)
    day = await challenges.day(GUILD, "tarot")
    assert field.percent == pytest.approx(day[11].percents[0]), "the challenge's own match points"
    assert field.place == 1 + sum(e.score > field.mine.score for e in field.entries)
    assert field.percent == match_points([e.score for e in field.entries])[0]
    assert sum(len(es) for _, _, es in field.groups()) == 3
    title, lines = field_lines(field, "en")
    text = "\n".join([title, *lines])
    assert title == "Deal 1: the same cards at the other tables"
    assert f"You: {signed(field.mine.score)}" in text and "of 3" in text and "match points" in text, text
    assert f"Best result: {field.best.name}, {signed(field.best.score)}" in text, text
    assert any(w in text for w in ("took", "passed", "nobody took")), text
    again = await fields.field(GUILD, 11, mine.id, 0)
    assert again == field, "the same field twice"
    from bot.service import privacy

    await privacy.erase_member(tables, 12)  # type: ignore[arg-type]
    erased = await fields.field(GUILD, 11, mine.id, 0)
    assert "m12" not in [e.name for e in erased.entries] and 12 not in [e.user_id for e in erased.entries]
    assert len(erased.entries) == 3, "an erased member's play keeps its place"
    await tables.close()


def test_scores_are_signed_as_players_read_them() -> None:
    assert [signed(v) for v in (38, -20, 0, 4.5, -0.0)] == ["+38", "−20", "0", "+4.5", "0"]


async def test_a_duplicate_group_s_field_is_its_comparison_group(db: Database) -> None:
    """Two tables of two members deal the same cards: each member's field is the other table's
    holder of their seat, with the group's own match points; refused while the member's own table
    of it plays (the one rule: « Play this deal first »)."""
    from bot.service.challenges import ChallengeService
    from bot.service.duplicate_tables import DuplicateTables
    from bot.service.tables import TableService
    from tests.bot.test_duplicate_tables import SETTINGS, SLOTS

    tables = TableService(db, SETTINGS)
    dup = DuplicateTables(tables)
    challenges = ChallengeService(tables)
    fields = FieldService(db, SharedDeals(db, challenges), challenges)
    group = await dup.open(1, "tarot", SLOTS, [(10, None), (11, None)], deals=1)
    opened = await dup.store.tables(group.id)
    with pytest.raises(BotError, match="not over"):
        await fields.field(1, 1, opened[0][2], 0)
    await play_out_one(tables, dup, group)
    found = await dup.results(group.id)
    for slot, _, table_id in await dup.store.tables(group.id):
        for user, _ in (s for s in SLOTS[slot] if s is not None):
            field = await fields.field(1, user, table_id, 0)
            other = {1: 3, 3: 1, 2: 4, 4: 2}[user]  # the other table's holder of the seat
            assert sorted(e.user_id for e in field.entries) == sorted([user, other])
            theirs = next(s for s in found.scored if s.result.player == user)
            assert field.percent == theirs.percent and field.mine.score == theirs.result.score
    await tables.close()


async def play_out_one(tables: Any, dup: Any, group: Any) -> None:
    import random

    from games import find_game

    me = find_game("tarot").computer_player("normal")
    rng = random.Random(5)
    for _ in range(2000):
        await tables.computers.idle()
        await dup.idle()
        opened = await dup.store.tables(group.id)
        live = [tables.registry.open[t] for _, _, t in opened if t in tables.registry.open]
        if not live:
            return
        for table in live:
            seat = table.to_act()
            if seat is not None and not table.seats[seat].computer:
                action = me.choose(table.state.view(seat), table.state.legal_actions(seat), rng)
                await tables.act(table.id, table.seats[seat].user_id, str(action))
    raise AssertionError("the group never finished")


async def test_a_duplicate_night_s_field_matches_each_deal_by_its_cards(db: Database) -> None:
    """A round of two tables dealing the same two deals: a member's field of each deal is the
    holder of their seat at the other table on that deal (matched by its shuffle), scored as the
    night's standings score it; refused to a member of the other table while theirs plays."""
    import time

    from benchmarks.event import play_for_humans
    from bot.service.challenges import ChallengeService
    from bot.service.events import EventService, SerialPlaces
    from bot.service.tables import TableService
    from games.duplicate import played_deals
    from tests.bot.test_challenges import SETTINGS

    service = TableService(db, SETTINGS)
    events = EventService(service, SerialPlaces())
    challenges = ChallengeService(service)
    fields = FieldService(db, SharedDeals(db, challenges), challenges)
    event = await events.create(guild_id=1, channel_id=5, organiser_id=1, name="Duplicate", game="tarot",
                                fmt="duplicate", rounds=1, deals=2, starts_at=time.time() + 3600)
    for uid in range(1001, 1009):
        await events.register(event.id, uid, f"m{uid}")
    await events.start(event.id, 1)
    a, b = (service.registry.get(r["table_id"]) for r in await events.store.tables(event.id))
    await play_for_humans(service, events, event, only=a.id)
    at_a, at_b = a.seats[0].user_id, b.seats[0].user_id
    with pytest.raises(BotError, match="not over"):
        await fields.field(1, at_b, b.id, 0)
    field = await fields.field(1, at_a, a.id, 0)
    assert [e.user_id for e in field.entries] == [at_a] and field.waiting == 1, "the other table still plays"
    await play_for_humans(service, events, event)
    deals = {t.id: played_deals((await db.saved_state(await db.table(t.id))) or {}) for t in (a, b)}
    for deal_no, (shuffle, scores) in enumerate(deals[a.id]):
        field = await fields.field(1, at_a, a.id, deal_no)
        other = next((s for sh, s in deals[b.id] if sh == shuffle), None)
        expected = [scores[0]] + ([other[0]] if other is not None else [])
        assert [e.score for e in field.entries] == expected and field.waiting == 0
        assert field.percent == match_points(expected)[0]
    await events.close()
    await service.close()
