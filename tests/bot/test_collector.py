"""The cyclic collector around the bot's start-up (:mod:`bot.infra.collector`)."""

from __future__ import annotations

import gc

from bot.infra import collector


def test_the_first_start_up_freezes_what_survived_and_collects_the_young_less_often() -> None:
    threshold, frozen = gc.get_threshold(), collector._frozen
    gc.set_threshold(700, *threshold[1:])
    collector._frozen = False
    before = gc.get_freeze_count()
    try:
        with collector.paused():
            assert not gc.isenabled(), "paused while the tables come back"
            kept = [[i] for i in range(1000)]  # what a start-up builds
        assert gc.isenabled()
        assert gc.get_freeze_count() >= before + len(kept), "what survived the start-up is frozen"
        assert gc.get_threshold()[0] == collector.YOUNG
        gc.set_threshold(700, *threshold[1:])
        with collector.paused():  # another bot in the same process (tests): nothing changes
            pass
        assert gc.get_threshold()[0] == 700
    finally:
        collector._frozen = frozen
        gc.set_threshold(*threshold)
