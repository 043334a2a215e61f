"""The field on the same cards (bot/service/review_field.py), service level: a challenge deal's field
is every member's finished play of it, grouped by contract and by who took it, with the member's
own place and match points (the challenge's own percentages); it opens by the one rule of
bot/service/shared_deals.py only (before the member finished the day: refused; another server's
table: unknown; a member who did not sit there: not theirs); a duplicate group's field the same."""

from __future__ import annotations

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
    await tables.close()


def test_scores_are_signed_as_players_read_them() -> None:
    assert [signed(v) for v in (38, -20, 0, 4.5, -0.0)] == ["+38", "−20", "0", "+4.5", "0"]
