"""The computers' decisions in one queue, earliest deadline first, no table pinned
to a worker, forced moves never queued, the expert's budget shrinking with the queue, and a worker
killed mid-decision replaced with its job sent again."""

from __future__ import annotations

import asyncio
import os
import pickle
import random
import signal
import zlib
from typing import Any

import pytest

from bot.infra.think_budget import Budgets, Rounds
from bot.infra.think_memory import Memories
from bot.infra.thinking import TRIES, Thinker, WorkerLost
from games import GAMES
from games.base import Action


def bidding() -> tuple[dict[str, Any], list[Action]]:
    """A Tarot seat's first decision: several bids, which the expert searches for its budget."""
    state = GAMES["tarot"].new(4, "queue", {"deals": 1})
    seat = state.to_act()
    assert seat is not None
    return state.view(seat), state.legal_actions(seat)


async def until(condition: Any, seconds: float = 30.0) -> None:
    """Waits (polling the loop) until ``condition()`` holds."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while not condition():
        assert loop.time() < end, "timed out"
        await asyncio.sleep(0.01)


def test_the_budget_shrinks_with_the_queue_down_to_the_floor() -> None:
    budgets = Budgets(most=1.0, target=3.0, floor=0.02)
    assert budgets.budget(0.0, [1.0], 2) == 1.0, "a table alone: the whole budget"
    assert budgets.budget(0.0, [1.0] * 10, 2) == pytest.approx(1 / 5.5), "the share over the queue per worker"
    assert budgets.budget(0.0, [1.0] * 10, 2, overrun=0.05) == pytest.approx(1 / 5.5 - 0.05)
    assert budgets.budget(0.0, [0.2, 0.2, 0.3], 2) == pytest.approx(0.15), "the third, second on its worker, in time"
    assert budgets.budget(0.0, [-1.0, 0.2, 9.0], 2) == pytest.approx(0.2), "one late already goes first anyway"
    shares = [budgets.budget(0.0, [1.0] * n, 2) for n in range(1, 200, 10)]
    assert shares == sorted(shares, reverse=True) and shares[1] < 1.0
    assert budgets.budget(0.0, [-1.0] * 400, 2) == 0.02, "the floor"
    assert budgets.budget(0.0, [1.0] * 4, 2, queued=398) == 0.02, "the whole queue counts"
    assert Budgets(most=0.01, target=3.0).budget(0.0, [-1.0], 2) == 0.01, "never above EXPERT_BUDGET"


def test_a_rounds_decisions_share_the_target_wait() -> None:
    rounds = Rounds(3.0)
    assert rounds.deadline("t", 10.0, True, 11.0) == 12.0, "the first of three: a third of it"
    rounds.answered("t", 10.0, 1.5)
    assert rounds.deadline("t", 10.0, True, 14.0) == 14.75, "the second: half of what is left"
    rounds.answered("t", 10.0, 1.0)
    rounds.answered("t", 10.0, 1.0)
    assert rounds.deadline("t", 10.0, True, 20.0) == 20.0, "late: due now"
    assert rounds.deadline("t", 30.0, True, 31.0) == 32.0, "a new round"
    assert rounds.deadline("t", 30.0, False, 31.0) > 31.0 + 300, "nobody waits at this table"
    assert rounds.deadline(None, None, True, 5.0) == 6.0


async def test_the_earliest_deadline_is_thought_about_first() -> None:
    view, legal = bidding()
    thinker = Thinker(1, 0.5, target_wait=1.5)
    try:
        await thinker.start()
        busy = asyncio.create_task(thinker.decide("tarot", "expert", view, legal, "busy", table="busy"))
        await until(lambda: thinker.stats.jobs == 1)
        thinker.rounds.answered("soon", 1.0, 1.4)  # its round has waited 1.4 s of docs/rules/tresillo.md, « The exchange (descarte) »
        finished: list[str] = []

        async def job(name: str, **when: Any) -> None:
            await thinker.decide("tarot", "normal", view, legal, name, table=name, **when)
            finished.append(name)

        jobs = [asyncio.create_task(job("later", watched=False)), asyncio.create_task(job("late")),
                asyncio.create_task(job("soon", since=1.0))]
        await until(lambda: thinker.waiting() == 3)
        await asyncio.gather(busy, *jobs)
        assert finished == ["soon", "late", "later"]
    finally:
        thinker.close()


async def test_no_table_is_pinned_both_workers_think_for_two_tables() -> None:
    """Two tables the old hash sent to the same worker (one waited while the other worker idled):
    now both workers think at once, and one table's seats too."""
    view, legal = bidding()
    a, b = "table-a", next(f"table-{i}" for i in range(100) if zlib.crc32(f"table-{i}".encode()) % 2
                           == zlib.crc32(b"table-a") % 2 and f"table-{i}" != "table-a")
    thinker = Thinker(2, 0.5, target_wait=3.0)
    try:
        await thinker.start()
        for sent, tables in ((2, (a, b)), (4, (a, a))):
            jobs = [asyncio.create_task(thinker.decide("tarot", "expert", view, legal, f"{t}:{i}", table=t, seat=i))
                    for i, t in enumerate(tables)]
            await until(lambda: thinker.stats.jobs == sent and not thinker.waiting())  # noqa: B023
            assert all(w.pending is not None for w in thinker._workers), "both workers think"
            assert all(action in legal for action in await asyncio.gather(*jobs))
    finally:
        thinker.close()


async def test_forced_moves_are_played_at_once_and_never_queued() -> None:
    view, legal = bidding()
    thinker = Thinker(1, 0.5, target_wait=1.5)
    try:
        await thinker.start()
        busy = [asyncio.create_task(thinker.decide("tarot", "expert", view, legal, f"b{i}", table=f"b{i}"))
                for i in range(3)]
        await until(lambda: thinker.waiting() == 2)
        forced = await asyncio.wait_for(
            thinker.decide("tarot", "expert", view, legal[:1], "forced", table="t", seat=1), 0.05)
        assert forced == legal[0] and thinker.stats.instant == 1 and thinker.stats.jobs == 1
        assert thinker.waiting() == 2, "nothing queued for it"
        await asyncio.gather(*busy)
    finally:
        thinker.close()


async def test_the_budget_shrinks_as_jobs_queue() -> None:
    view, legal = bidding()
    thinker = Thinker(1, 1.0, target_wait=0.9, floor=0.01)
    try:
        await thinker.start()
        await asyncio.gather(*(thinker.decide("tarot", "expert", view, legal, f"s{i}", table=f"s{i}")
                               for i in range(4)))
        budgets = list(thinker.stats.budgets)
        assert budgets[0] == pytest.approx(0.3, abs=0.05), "alone: its share of the target wait"
        assert budgets[1] == pytest.approx(0.1, abs=0.03), "two more behind it"
        assert budgets[1:] == sorted(budgets[1:]) and budgets[-1] > 0.2, "more as the queue drains"
    finally:
        thinker.close()


async def test_a_worker_killed_mid_decision_is_replaced_and_its_job_sent_again() -> None:
    view, legal = bidding()
    thinker = Thinker(1, 1.0, target_wait=3.0)
    try:
        await thinker.start()
        [pid] = thinker.pids()
        thinking = asyncio.create_task(thinker.decide("tarot", "expert", view, legal, "k", table="k"))
        await until(lambda: thinker._workers[0].pending is not None)
        await asyncio.sleep(0.2)
        os.kill(pid, signal.SIGKILL)
        assert await asyncio.wait_for(thinking, 30) in legal
        assert thinker.stats.retries == 1 and thinker.pids() != [pid]
    finally:
        thinker.close()


async def test_a_job_that_keeps_losing_its_worker_fails() -> None:
    view, legal = bidding()
    thinker = Thinker(1, 1.0, target_wait=3.0)
    try:
        await thinker.start()
        thinking = asyncio.create_task(thinker.decide("tarot", "expert", view, legal, "k", table="k"))
        for _ in range(TRIES):
            await until(lambda: thinker._workers[0].pending is not None and thinker._workers[0].ready.done())
            [pid] = thinker.pids()
            os.kill(pid, signal.SIGKILL)
            await until(lambda: thinker.pids() != [pid])  # noqa: B023
        with pytest.raises(WorkerLost):
            await asyncio.wait_for(thinking, 30)
    finally:
        thinker.close()


async def test_an_engine_error_reaches_the_caller() -> None:
    view, legal = bidding()
    thinker = Thinker(1, 0.05)
    try:
        with pytest.raises(KeyError):
            await thinker.decide("no such game", "normal", view, legal, "e", table="e")
        assert await thinker.decide("tarot", "normal", view, legal, "e", table="e") in legal
    finally:
        thinker.close()


@pytest.mark.parametrize("workers", [0, 2])
async def test_a_seats_player_remembers_the_deal_whichever_worker_decides(workers: int) -> None:
    """The seat's player travels with its jobs (and sees its forced moves): through the thinker, on
    any worker, a whole Tarot deal is played as by one player per seat deciding every move itself."""
    game = GAMES["tarot"]
    thinker = Thinker(workers, 0.05)
    try:
        for deal in range(2):
            state = game.new(4, f"memory:{deal}", {"deals": 1})
            alone = [game.computer_player("normal") for _ in range(4)]
            while (seat := state.to_act()) is not None:
                view, legal = state.view(seat), state.legal_actions(seat)
                seed = f"memory:{deal}:{state.rev}"
                want = alone[seat].choose(view, legal, random.Random(seed))
                got = await thinker.decide("tarot", "normal", view, legal, seed, table=f"m{deal}", seat=seat)
                assert got == want, f"deal {deal}, move {state.rev}"
                if seat == 0 and len(legal) > 1:
                    seen = set(alone[0].memory.seen)  # what the player had seen when it last decided
                state = state.apply(seat, got)
        assert thinker.stats.instant > 0, "forced moves were played on the loop"
        kept = pickle.loads(thinker.memories.state(("m1", "0", "normal")) or b"")
        assert kept.memory.seen == seen and len(seen) > 40
    finally:
        thinker.close()



def test_the_seats_players_are_kept_within_a_number_of_bytes() -> None:
    memories = Memories(limit=20_000)
    view, legal = bidding()
    memories.saw(("t", "1", "expert"), (view, legal[:1], "s"))
    state, seen = memories.take(("t", "1", "expert"))
    assert state is None and len(seen) == 1 and pickle.loads(seen[0])[2] == "s"
    assert memories.take(("t", "1", "expert")) == (None, []), "taken once"
    memories.give_back(("t", "1", "expert"), seen)
    assert memories.take(("t", "1", "expert"))[1] == seen, "a failed job's forced moves come back"
    for n in range(40):
        memories.keep(("t", str(n), "expert"), bytes(1000))
    assert memories.size <= 20_000 and 10 < len(memories) < 40
    assert memories.state(("t", "39", "expert")) == bytes(1000) and memories.state(("t", "0", "expert")) is None


def test_the_target_wait_is_a_setting() -> None:
    from bot.service.settings import Settings, SettingsError

    assert Settings.from_env({}).computer_target_wait == 3.0
    assert Settings.from_env({"COMPUTER_TARGET_WAIT": "5"}).computer_target_wait == 5.0
    with pytest.raises(SettingsError):
        Settings.from_env({"COMPUTER_TARGET_WAIT": "soon"})


@pytest.mark.parametrize("pinned", [False, True])
def test_the_wait_benchmark_runs(pinned: bool, capsys: pytest.CaptureFixture[str]) -> None:
    from benchmarks.computer_wait import main

    main(["--tables", "2", "--workers", "1", "--seconds", "4", "--warmup", "0", "--pause", "0.1",
          "--think", "0", "--budget", "0.02", "--margin-deals", "0"] + (["--pinned"] if pinned else []))
    out = capsys.readouterr().out
    assert "wait between a member's turns" in out and "expert budget per searched decision" in out
