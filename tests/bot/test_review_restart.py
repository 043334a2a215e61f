"""A deal review made through Discord failing and a restart in the middle: computers pausing before
their moves and Discord failing a quarter of the requests while the deal is played and while the
review is asked; the process stops while a decision is being weighed. The decisions weighed
before are saved as they are weighed, so the restarted bot goes on from there (it weighs only the
others), keeps the same review an uninterrupted one gives, and a second view asks no worker."""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace
from typing import Any

import pytest

from bot.ui.ids import parse_id
from games.review import Reviewer, review_deal
from tests.bot.drive import components
from tests.bot.faults import Faults, injected, play_match, said, settle
from tests.bot.test_discord_faults import fast  # noqa: F401  (the fixture)
from tests.bot.test_history import results_message

SAMPLES = 20
WEIGHED_BEFORE_THE_STOP = 3


class Stopped(Exception):
    """The process stopped while a decision was being weighed (its step never answered)."""


def counted(bot: Any, stop_after: int | None = None) -> list[str]:
    """The review steps ``bot``'s computer workers are asked for; the one after ``stop_after`` stops."""
    thinker = bot.service.computers.thinker
    asked: list[str] = []
    real = thinker.review_step

    async def step(game: str, reviewer: bytes) -> bytes:
        asked.append(game)
        if stop_after is not None and len(asked) > stop_after:
            raise Stopped("the process stopped")
        return await real(game, reviewer)

    thinker.review_step = step
    return asked


async def ask_review(w: Any, member: Any, message: Any, tries: int = 12) -> str:
    """Click "Analyse" until the review shows (a click Discord lost is clicked again)."""
    custom_id = next(c["custom_id"] for c in components(message) if parse_id(c["custom_id"]).action == "~d")
    for _ in range(tries):
        res = await member.click(message, custom_id=custom_id)
        await settle(w)
        shown = [text for text in said(res) if "Accuracy: " in text]
        if shown:
            return shown[-1]
    raise AssertionError("the review never showed")


async def test_a_review_survives_discord_failing_and_a_restart_in_the_middle(fast: Any, make_bot: Any) -> None:  # noqa: F811
    w = fast
    w.bot.settings = w.bot.service.settings = replace(w.bot.settings, computer_pause=0.01)
    w.bot.reviews.samples = SAMPLES
    faults = Faults(random.Random("review"), rate=0.25, routes=("table_edit", "channel_post", "interaction_response",
                                                                "hand_edit"))
    with injected(faults):
        table, seen = await play_match(w, "piquet", [w.alice], 1, "deals=1", faults, random.Random(5))
    assert seen.over and sum(faults.injected.values()) >= 3, faults.injected
    seat = table.seat_of(w.alice.id)
    saved = table.state.to_json()
    total = len(Reviewer(table.game, saved, seat, 0, SAMPLES).points)
    assert total > WEIGHED_BEFORE_THE_STOP + 2

    asked = counted(w.bot, stop_after=WEIGHED_BEFORE_THE_STOP)
    results = results_message(w, table)
    review_id = next(c["custom_id"] for c in components(results) if parse_id(c["custom_id"]).action == "~d")
    with injected(faults):
        for _ in range(12):  # a click whose deferral Discord lost asks nothing: it is clicked again
            res = await w.alice.click(results, custom_id=review_id)
            await settle(w)
            if asked:
                break
    assert not [text for text in said(res) if "Accuracy: " in text], "stopped before the review was made"
    assert len(asked) == WEIGHED_BEFORE_THE_STOP + 1
    kept = await w.bot.reviews.progress.get(table.id, 0, seat)
    assert kept is not None and kept[:2] == (SAMPLES, WEIGHED_BEFORE_THE_STOP), "each weighed decision saved"
    assert await w.bot.reviews.store.get(table.id, 0, seat) is None
    w.bot.unexpected.clear()  # the stop, as the old process saw it

    bot = await make_bot()
    bot.presenter.retry_delays = w.bot.presenter.retry_delays
    bot.reviews.samples = SAMPLES
    resumed = counted(bot)
    await w.env.restart_bot(bot)  # the start-up resumes the review from its saved decisions
    for _ in range(600):
        if not bot.reviews.making:
            break
        await asyncio.sleep(0.05)
    assert len(resumed) == total - WEIGHED_BEFORE_THE_STOP, "only the decisions not weighed before the stop"
    stored = await bot.reviews.store.get(table.id, 0, seat)
    assert stored is not None and await bot.reviews.progress.get(table.id, 0, seat) is None
    assert stored[1] == review_deal(table.game, saved, seat, 0, SAMPLES).to_json(), \
        "the same review as one made without a stop"

    with injected(faults):
        text = await ask_review(w, w.alice, results_message(w, table))
        again = await ask_review(w, w.alice, results_message(w, table))
    assert text == again and len(resumed) == total - WEIGHED_BEFORE_THE_STOP, "a second view costs nothing"
    assert sum(faults.injected.values()) >= 4


@pytest.mark.backends
async def test_a_review_in_the_making_is_kept_then_replaced_by_the_review(db: Any) -> None:
    """Both databases: the progress of a review is written over at each step, listed with its table's
    server for the start-up, and gone once the finished review is kept (one transaction)."""
    from bot.storage.review_progress import ProgressStore
    from bot.storage.reviews import ReviewStore

    await db.create_table({"id": "t1", "guild_id": 7, "channel_id": 1, "thread_id": None, "game": "piquet",
                           "seats": 2, "options": {}, "seed": "s", "status": "over", "host_id": 1, "active_at": 0.0},
                          [{"user_id": 1, "name": "ann", "missed": 0, "away": False, "level": None}])
    progress = ProgressStore(db)
    await progress.put("t1", 0, 1, 20, 1, b"first")
    await progress.put("t1", 0, 1, 20, 2, b"\x00second")
    assert await progress.get("t1", 0, 1) == (20, 2, b"\x00second")
    assert [(p.table_id, p.deal_no, p.seat, p.done, p.guild_id) for p in await progress.all()] == [("t1", 0, 1, 2, 7)]
    await progress.finish("t1", 0, 1, 20, {"v": 1})
    assert await progress.get("t1", 0, 1) is None and await progress.all() == []
    assert await ReviewStore(db).get("t1", 0, 1) == (20, {"v": 1})
