"""One attempt at a challenge deal (RULES.md §5): an admin's reset of the member's table in play is
refused (its deal would be dealt again), and the member plays on at the same table."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service.table import BotError
from tests.bot.test_challenges import play_deal, services


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
