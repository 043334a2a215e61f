"""The serving benchmark (``benchmarks/serve.py``) runs against the current code: a few
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
    # a waiting hand is not redrawn at each move (its key leaves out who is to act), so the
    # cache serves few or none; the hands drawn are the turns' and the played ones
    assert stages["drawn hands"] > 0 and stages["cached hands"] >= 0


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


async def test_the_latency_benchmark_runs() -> None:
    """``benchmarks.bot_latency``: lobby computers added by their level's button, every click timed."""
    from benchmarks import bot_latency

    times = await bot_latency.bench(2, 1)
    assert times["response"] and times["action settled"]


async def test_the_real_load_benchmark_counts_requests_and_moves() -> None:
    """``benchmarks.real_load``: members at human pace, every request counted by route."""
    from benchmarks import real_load

    result = await real_load.bench(2, 12, 5.0, 0, game="toy")
    assert result.moves == 12 and result.latencies and result.virtual_seconds > 0
    assert result.tally.routes["POST /interactions/{id}/{token}/callback"] >= 12  # each click acknowledged
    assert result.tally.global_limit >= 1 and result.tally.other > result.tally.global_limit
    figures = real_load.report(result, 5.0, 2.0)
    assert figures["total_per_move"] == figures["global_per_move"] + figures["other_per_move"] > 0


def test_simcord_s_callback_records_stay_timed_when_its_settling_replaces_them() -> None:
    """The real-load benchmark sets simcord's removals from its list of the bot's callbacks apart
    from the bot's CPU: simcord's settling replaces that list by the records still live (before,
    the benchmark's list was gone from the first settling on, and simcord's searches in the new
    one were counted as the bot's)."""
    from types import SimpleNamespace

    from simcord import _runtime, _settlement
    from simcord import env as simcord_env

    from benchmarks.real_load import LoopCpu, TimedRecords, time_callback_records

    work, cpu, undo = _runtime._WorkState(), LoopCpu(), []
    real = simcord_env._active_callbacks
    time_callback_records(work, cpu, undo)
    try:
        live = SimpleNamespace(handle=SimpleNamespace(cancelled=lambda: False))
        gone = SimpleNamespace(handle=SimpleNamespace(cancelled=lambda: True))
        work.callbacks += [live, gone]
        assert simcord_env._active_callbacks(SimpleNamespace(work=work)) == [live]
        assert isinstance(work.callbacks, TimedRecords) and work.callbacks == [live]
        kept = work.callbacks
        _settlement._active_callbacks(SimpleNamespace(work=work))
        assert isinstance(work.callbacks, TimedRecords) and work.callbacks.cpu is cpu
        assert kept == work.callbacks
    finally:
        for step in undo:
            step()
    assert simcord_env._active_callbacks is real and _settlement._active_callbacks is real


def test_a_request_route_tells_the_global_limit() -> None:
    assert real_load_route("POST", "/interactions/1/tok/callback") == ("POST /interactions/{id}/{token}/callback", False)
    assert real_load_route("PATCH", "/webhooks/1/tok/messages/@original")[1] is False
    assert real_load_route("DELETE", "/channels/5/messages/6") == ("DELETE /channels/{id}/messages/{id}", True)


def real_load_route(method: str, path: str) -> tuple[str, bool]:
    from benchmarks.real_load import route_of

    return route_of(method, path)


async def test_the_scale_benchmark_plays_tables_through_its_stand_in_for_discord() -> None:
    """``benchmarks.scale``: the production bot against a light stand-in for Discord's HTTP and
    gateway: members click what their consoles show, and tables move on."""
    from benchmarks import scale

    result = await scale.measure(4, think=0.1, computers=3, seconds=3.0, warmup=0.5, pause=0.05, workers=0)
    assert result.member_moves > 0 and result.moves >= result.member_moves and result.clicks
    assert result.counts.routes["POST /interactions/{id}/{token}/callback"] >= result.member_moves
    assert result.counts.global_limit >= 1 and not result.unexpected, result.unexpected
    figures = scale.report(result)
    assert figures["per_member_move"] > figures["global_per_s"] / figures["member_moves_per_s"] > 0


def test_the_real_load_members_pick_combinations_the_bot_accepts() -> None:
    """``benchmarks.real_load``: in a rummy game's pick menu a member picks cards that make
    something (:func:`benchmarks.real_load.knowing`), where random picks are often refused."""
    import random
    from types import SimpleNamespace
    from typing import cast

    from benchmarks.real_load import knowing
    from bot.service import picks
    from bot.service.tables import Table
    from games.trio.game import ECOLE, TRIO
    from rendering.samples import playout

    menus = known = refused = 0
    for game, n, seed in ((TRIO, 4, 5), (ECOLE, 5, 3), (TRIO, 3, 11)):
        for s in playout(game, n, seed, options={"contracts": 3}):
            seat = s.to_act()
            menu = game.pick_menu(s, seat) if seat is not None else None
            if seat is None or menu is None:
                continue
            menus += 1
            values = [str(i) for i in range(len(menu.items))]
            choose = knowing(cast(Table, SimpleNamespace(state=s, game=game)), seat, random.Random(menus))
            known += picks.steps_for(game, s, seat, menu, [int(v) for v in choose(values, menu.n)]) is not None
            drawn = random.Random(menus).sample(values, menu.n)
            refused += picks.steps_for(game, s, seat, menu, [int(v) for v in drawn]) is None
    assert menus >= 10 and refused >= menus // 5, (menus, refused)
    assert known >= menus - menus // 20, (known, menus)  # (fifty tries: a rare hand has few that make something)
