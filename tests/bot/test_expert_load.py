"""Experts under load: a searched decision never runs fewer samples than its game's floor, however
short its budget, and once the workers are saturated the late decisions wait in a fair queue."""

from __future__ import annotations

import asyncio
import itertools
from dataclasses import dataclass
from typing import Any

import pytest

from bot.infra.think_queue import FairQueue
from bot.infra.think_worker import Job, run
from bot.infra.thinking import Thinker
from games import GAMES
from games.search import FLOOR_SAMPLES


def bidding(seed: str) -> tuple[dict[str, Any], list[Any]]:
    state = GAMES["tarot"].new(4, seed, {"deals": 1})
    seat = state.to_act()
    assert seat is not None
    return state.view(seat), state.legal_actions(seat)


@pytest.fixture
def slow_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search's clock moves 10 s at each reading: every budget is exceeded after one sample."""
    ticks = itertools.count(step=10.0)
    monkeypatch.setattr("games.search.time.perf_counter", lambda: next(ticks))


def test_a_searched_decision_runs_the_floor_when_its_budget_is_exceeded(slow_clock: None) -> None:
    view, legal = bidding("floor")
    reply = run(Job("decide", "tarot", "expert", view, legal, "seed", budget=0.001))
    assert reply.floor == FLOOR_SAMPLES["tarot"]
    assert reply.samples == FLOOR_SAMPLES["tarot"], "the floor, no more: the budget is long gone"
    fixed = run(Job("decide", "tarot", "expert", view, legal, "seed", samples=5))
    assert (fixed.samples, fixed.floor) == (5, 5), "a fixed count is run as given"
    normal = run(Job("decide", "tarot", "normal", view, legal, "seed"))
    assert normal.samples is None, "the normal level does not search"


async def test_under_load_every_searched_decision_keeps_its_floor(slow_clock: None) -> None:
    thinker = Thinker(0, 1.0, target_wait=0.001)  # the queue's budgets at their floor in seconds
    try:
        decisions = [thinker.decide("tarot", "expert", *bidding(f"load{n}"), f"s{n}", table=f"t{n}", since=0.0)
                     for n in range(6)]
        await asyncio.gather(*decisions)
    finally:
        thinker.close()
    assert list(thinker.stats.samples) == [FLOOR_SAMPLES["tarot"]] * 6
    assert thinker.stats.below == 0
    assert max(thinker.stats.budgets) < 0.05, "the budget in seconds shrank; the samples did not"


@dataclass
class Pending:
    deadline: float
    order: int
    since: float
    table: str | None


def drain(queue: FairQueue[Pending], now: float, thinking: set[str] | None = None) -> list[int]:
    out = []
    while len(queue):
        out.append(queue.pop(now, thinking or set()).order)
    return out


def test_while_the_workers_keep_up_the_earliest_deadline_goes_first() -> None:
    queue: FairQueue[Pending] = FairQueue()
    for order, (deadline, since) in enumerate([(13.0, 9.0), (11.0, 10.0), (12.0, 1.0)]):
        queue.push(Pending(deadline, order, since, f"t{order}"))
    assert queue.head().order == 1
    assert drain(queue, now=10.5) == [1, 2, 0]


def test_saturated_the_late_decisions_go_longest_waiting_member_first() -> None:
    queue: FairQueue[Pending] = FairQueue()
    jobs = [Pending(5.0, 0, 4.0, "a"),  # late, its member waiting since 4
            Pending(6.0, 1, 1.0, "b"),  # late, waiting since 1: first
            Pending(7.0, 2, 2.0, "c"),  # late, since 2, but table c is being thought for
            Pending(9.0, 3, 0.5, "d"),  # due later: after the late ones, however old its member's wait
            Pending(6.5, 4, 1.0, "b")]  # table b's second job: after its first
    for job in jobs:
        queue.push(job)
    now = 8.0
    assert queue.pop(now, {"c"}).order == 1
    assert queue.pop(now, {"c", "b"}).order == 0, "b is being thought for now: a goes before it"
    assert queue.pop(now, {"c"}).order == 4
    assert queue.pop(now, {"c"}).order == 2, "c's turn once the other late tables had theirs"
    assert queue.pop(now).order == 3
    assert not len(queue)


def test_saturated_no_table_is_starved() -> None:
    """Ten tables, one worker: each table's next decision is asked when its previous one is answered,
    all of them late; every table gets a decision before any gets a second."""
    queue: FairQueue[Pending] = FairQueue()
    order = itertools.count()
    for t in range(10):
        queue.push(Pending(0.0, next(order), float(t), f"t{t}"))
    served: list[str | None] = []
    now = 100.0
    for _ in range(30):
        job = queue.pop(now, set())
        served.append(job.table)
        now += 0.3
        queue.push(Pending(now - 1.0, next(order), now, job.table))  # the table's next round
    rounds = [served[i:i + 10] for i in range(0, 30, 10)]
    assert all(sorted(r, key=lambda t: int((t or "t0")[1:])) == [f"t{n}" for n in range(10)] for r in rounds)


def test_the_expert_load_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    from benchmarks.expert_load import main

    main(["--tables", "2", "--workers", "1", "--seconds", "3", "--warmup", "0", "--pause", "0.1",
          "--think", "0", "--budget", "0.02", "--floor-deals", "1"])
    out = capsys.readouterr().out
    assert "samples per searched decision" in out and "below the floor: 0 (0.0 %)" in out
    assert "expert tables" in out
