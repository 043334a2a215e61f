"""The presenter's records of what Discord shows: an edit's key and a turn the console
showed are written a moment late and together, a post at once (:class:`bot.ui.shown.Recorder`)."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.service.shown_records import ShownRecords
from bot.storage import Database
from bot.ui import shown

pytestmark = pytest.mark.backends


async def test_edits_are_written_together_after_the_delay_and_posts_at_once(db: Database) -> None:
    recorder = shown.Recorder(ShownRecords(db), 0.05)
    await recorder.record("t1", "table", "playing:5:abc", 11)
    await recorder.record("t1", "ping", "2:5", None)  # the console showed the turn
    await recorder.record("t2", "table", "playing:9:def", 12)
    await recorder.record("t1", "table", "playing:6:abc", 11)  # the newest key of a part replaces the kept one
    assert await ShownRecords(db).parts_of("t1") == {} and await ShownRecords(db).parts_of("t2") == {}
    await recorder.record("t1", "recap:0", None, 21)  # a post: at once
    assert await ShownRecords(db).parts_of("t1") == {"recap:0": shown.Part(None, 21)}
    await asyncio.sleep(0.2)
    assert await ShownRecords(db).parts_of("t1") == {"table": shown.Part("playing:6:abc", 11), "ping": shown.Part("2:5", None),
                                        "recap:0": shown.Part(None, 21)}
    assert await ShownRecords(db).parts_of("t2") == {"table": shown.Part("playing:9:def", 12)}
    assert recorder.kept == {}


async def test_a_later_post_or_the_tables_end_drops_what_was_kept(db: Database) -> None:
    recorder = shown.Recorder(ShownRecords(db), 60.0)
    await recorder.record("t1", "ping", "1:3", None)
    await recorder.record("t1", "ping", "2:4", 31)  # a ping posted: at once, the kept notice dropped
    await recorder.record("t2", "table", "over:40:x", 12)
    await recorder.finish("t2")
    await recorder.close()
    assert await ShownRecords(db).parts_of("t1") == {"ping": shown.Part("2:4", 31)}
    assert await ShownRecords(db).parts_of("t2") == {"done": shown.Part(None, None)}


async def test_no_delay_writes_at_once(db: Database) -> None:
    recorder = shown.Recorder(ShownRecords(db), 0.0)
    await recorder.record("t1", "table", "lobby:0:x", 11)
    assert await ShownRecords(db).parts_of("t1") == {"table": shown.Part("lobby:0:x", 11)}


async def test_a_failed_write_is_logged_and_costs_a_repeated_edit_at_most(db: Database,
                                                                         caplog: pytest.LogCaptureFixture) -> None:
    class Down:
        def transaction(self) -> object:
            raise OSError("disk gone")

    recorder = shown.Recorder(ShownRecords(Down()), 60.0)  # type: ignore[arg-type]  # a database whose writes fail
    await recorder.record("t1", "table", "playing:5:abc", 11)
    with caplog.at_level(logging.WARNING):
        await recorder.flush()
    assert recorder.kept == {} and "1 shown part(s) not recorded (disk gone)" in caplog.text


def test_which_records_may_wait() -> None:
    assert shown.soon_enough("table", 11) and shown.soon_enough("ping", None)
    assert not shown.soon_enough("ping", 31) and not shown.soon_enough("recap:0", None)
    assert not shown.soon_enough("results", 41)
