"""The serving benchmark (``benchmarks/serve.py``, issue 14) runs against the current code: a few
tables of every game click, the presenter draws, a start-up restores and lists what to redraw."""

from __future__ import annotations

import random

import games
from benchmarks import serve
from bot.infra import images


async def test_a_short_serving_run_plays_every_game() -> None:
    images.use_processes(0)
    latencies, stages, elapsed, drawn, refused = await serve.bench(len(games.GAMES), 1.5, True, edit_interval=0.2)
    assert latencies and elapsed > 0 and refused >= 0
    assert drawn > 0 and stages["hand image"] > 0 and stages["database"] > 0
    assert stages["drawn hands"] > 0 and stages["cached hands"] > 0  # waiting hands come from the cache


async def test_a_start_up_restores_and_spreads_the_redraws() -> None:
    elapsed, restored, behind = await serve.restart(40)
    assert 30 <= restored <= 40 and elapsed > 0  # a few short matches may have ended
    assert behind <= 2  # only the messages behind their table (one in twenty) are redrawn


def test_a_menu_click_picks_one_kind_or_another_button() -> None:
    rng = random.Random(1)
    legal = [games.base.Action("add", c) for c in ("3C", "4C", "5C", "6C")] + [games.base.Action("cancel")]
    for _ in range(50):
        picked = serve.pick(rng, legal, 3)
        assert picked == [4] or (len(picked) == 3 and len(set(picked)) == 3 and 4 not in picked)
    assert serve.pick(rng, legal, 0)[0] in range(len(legal))
