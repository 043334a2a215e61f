"""One attempt at a challenge deal: an admin's reset of the member's table in play is
refused (its deal would be dealt again), and the member plays on at the same table; a kill while
a deal opens (after its lobby, after its row) is repaired at the next start: the same table, once;
a member who erases their data in the middle of a deal or after it is not dealt it again (their
lines keep a pseudonym keyed by the server's deal secret, which names nobody)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from bot.service import privacy
from bot.service.challenges import ChallengeService
from bot.service.dealt import open_dealt
from bot.service.table import BotError
from bot.service.tables import TableService
from bot.storage import open_database
from bot.storage.challenges import DealRow
from tests.bot.test_challenges import GUILD, NOON, SETTINGS, play_deal, services
from tests.bot.test_privacy import traces

ME = 4242


async def test_an_admin_reset_of_a_challenge_deal_in_play_is_refused(db: Any) -> None:
    tables, challenges = await services(db, deals=1)
    table = await play_deal(tables, challenges, 1, moves=1)
    assert table.status == "playing"
    with pytest.raises(BotError) as err:
        await tables.cancel(table.id, 99, admin=True)
    assert err.value.key == "challenge_no_abort" and table.status == "playing"
    await play_deal(tables, challenges, 1)  # the member plays on, at the same table
    assert table.status == "over"
    progress = await challenges.play(7, 1, "m1", "tarot", channel_id=50, thread_id=1001)
    assert progress.finished, "never dealt again"
    await tables.close()


@pytest.mark.parametrize("step", ["lobby", "row"])
async def test_a_crash_while_a_deal_opens_is_repaired_at_start_up(db_path: Path, step: str) -> None:
    """Killed after the deal's lobby was saved (no row yet), or after its row (lobby not seated):
    at the next start the member gets that same table, once, and plays the deal to its end."""
    db = await open_database(db_path)
    tables, challenges = await services(db, deals=1)
    deal = (await challenges.deals(GUILD, "tarot"))[0]
    lobby = await open_dealt(tables, deal.deal, [(1, "m1")], guild_id=GUILD, channel_id=50, thread_id=1001)
    if step == "row":
        await challenges.store.add_deal(DealRow(GUILD, await challenges.today(GUILD), "tarot", 1, 0, deal.seat, "m1",
                                                lobby.id, None))
    await tables.close()
    await db.close()
    db = await open_database(db_path)
    try:
        again = TableService(db, SETTINGS)
        challenges = ChallengeService(again)
        again.bus.subscribe(challenges)
        challenges.clock = lambda: NOON
        await again.endings.restore()
        await challenges.restore()
        progress = await challenges.play(GUILD, 1, "m1", "tarot", channel_id=50, thread_id=1001)
        assert progress.table is not None and progress.table.id == lobby.id and progress.deal_no == 0
        assert [t.id for t in again.tables.values() if t.open] == [lobby.id], "one table of the deal"
        table = await play_deal(again, challenges, 1)
        assert table.id == lobby.id and table.status == "over"
        assert (await challenges.play(GUILD, 1, "m1", "tarot", channel_id=50, thread_id=1001)).finished
        await again.close()
    finally:
        await db.close()


@pytest.mark.parametrize("when", ["mid-deal", "after"])
async def test_a_second_attempt_is_refused_after_erasure(db: Any, when: str) -> None:
    """``/privacy me`` in the middle of the first deal (a computer takes the seat) or after it:
    ``/challenge play`` then deals the next deal, never the first again, and the database keeps no
    id or name of the member (every column; on SQLite the file's bytes)."""
    tables, challenges = await services(db, deals=2)
    first = await play_deal(tables, challenges, ME, moves=1 if when == "mid-deal" else None)
    assert (first.status == "playing") == (when == "mid-deal")
    await privacy.vacate(tables, ME)  # type: ignore[arg-type]
    await privacy.erase_member(tables, ME)  # type: ignore[arg-type]
    bot = SimpleNamespace(db=db, settings=SimpleNamespace(database_path=Path(str(getattr(db, "path", "")))))
    assert await traces(bot, ME, f"m{ME}") == []
    progress = await challenges.play(GUILD, ME, f"m{ME}", "tarot", channel_id=50, thread_id=1000 + ME)
    assert progress.deal_no == 1 and progress.table is not None and progress.table.seed != first.seed, \
        "the first deal is not dealt again"
    second = await play_deal(tables, challenges, ME)
    assert second.id == progress.table.id and second.status == "over"
    again = await challenges.play(GUILD, ME, f"m{ME}", "tarot", channel_id=50, thread_id=1000 + ME)
    assert again.finished, "both deals were dealt: nothing more today"
    await privacy.erase_member(tables, ME)  # type: ignore[arg-type]
    assert (await challenges.play(GUILD, ME, f"m{ME}", "tarot", channel_id=50, thread_id=1000 + ME)).finished
    assert await traces(bot, ME, f"m{ME}") == []
    await tables.close()


async def test_a_double_submit_deals_one_table(db: Any) -> None:
    """Two ``/challenge play`` of one member at once (a double submit: the cog's two interactions
    reach the service together, each with the thread it found): one table, which both answers
    name; the member plays it to its end and is then done for the day."""
    tables, challenges = await services(db, deals=1)
    both = await asyncio.gather(*(challenges.play(GUILD, ME, f"m{ME}", "tarot", channel_id=50, thread_id=thread)
                                  for thread in (1001, 1002)), return_exceptions=True)
    assert not [p for p in both if isinstance(p, BaseException)], both
    opened = [t for t in tables.tables.values() if t.open]
    assert len(opened) == 1 and all(p.table is opened[0] for p in both), (opened, both)  # type: ignore[union-attr]
    assert (await play_deal(tables, challenges, ME)).id == opened[0].id
    assert (await challenges.play(GUILD, ME, f"m{ME}", "tarot", channel_id=50, thread_id=1001)).finished
    await tables.close()
