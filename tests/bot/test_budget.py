"""The bot's request budget: the rate holds, priorities go first, and waiting costs no wake-ups."""

from __future__ import annotations

import asyncio

import pytest

from bot.ui.budget import REDRAW, TURN, URGENT, GlobalBudget


async def test_the_bucket_then_the_rate() -> None:
    budget = GlobalBudget(20.0)
    loop = asyncio.get_running_loop()
    start = loop.time()
    for _ in range(20):
        await budget.take(REDRAW)
    assert loop.time() - start < 0.05, "a full bucket answers at once"
    await asyncio.gather(*(budget.take(REDRAW) for _ in range(6)))
    assert loop.time() - start == pytest.approx(6 / 20, abs=0.06), "then one token every 1/rate seconds"


async def test_priority_then_order() -> None:
    budget = GlobalBudget(50.0)
    budget.tokens = 0.0
    granted: list[str] = []

    async def ask(name: str, priority: int) -> None:
        await budget.take(priority)
        granted.append(name)

    tasks = [asyncio.create_task(ask(f"redraw{i}", REDRAW)) for i in range(3)]
    await asyncio.sleep(0)
    tasks.append(asyncio.create_task(ask("turn", TURN)))
    tasks.append(asyncio.create_task(ask("urgent", URGENT)))
    await asyncio.gather(*tasks)
    assert granted == ["urgent", "turn", "redraw0", "redraw1", "redraw2"]


async def test_waiting_sets_one_timer_whatever_the_queue() -> None:
    """A thousand waiters: the loop's timers set while they wait are about one per grant."""
    loop = asyncio.get_running_loop()
    budget = GlobalBudget(100.0)
    budget.tokens = 0.0
    timers = 0
    real_call_at = loop.call_at

    def counting_call_at(when, callback, *args, context=None):  # type: ignore[no-untyped-def]
        nonlocal timers
        timers += 1
        return real_call_at(when, callback, *args, context=context)

    loop.call_at = counting_call_at  # type: ignore[method-assign]
    try:
        waiters = [asyncio.create_task(budget.take(REDRAW)) for _ in range(1000)]
        await asyncio.sleep(0.2)
        granted = sum(task.done() for task in waiters)
        assert budget.waiting() in (1000 - granted, 999 - granted), "one may be granted, not yet run"
        assert 5 <= granted <= 40, granted
        assert timers <= granted + 3, f"{timers} timers for {granted} grants: the waiters poll"
    finally:
        loop.call_at = real_call_at  # type: ignore[method-assign]
        for task in waiters:
            task.cancel()
        await asyncio.gather(*waiters, return_exceptions=True)


async def test_a_waiter_given_up_holds_nobody_and_a_cancelled_grant_is_given_back() -> None:
    budget = GlobalBudget(50.0)
    budget.tokens = 0.0
    first = asyncio.create_task(budget.take(URGENT))
    second = asyncio.create_task(budget.take(REDRAW))
    await asyncio.sleep(0)
    first.cancel()
    await asyncio.wait_for(second, 0.2)  # the first token went to the one still waiting
    assert budget.waiting() == 0

    budget.tokens = 0.0
    granted = asyncio.create_task(budget.take(REDRAW))
    await asyncio.sleep(0)
    assert budget.timer is not None
    budget.timer.cancel()
    budget.tokens, budget.stamp = 1.0, asyncio.get_running_loop().time()
    budget._grant()  # the timer's work, now: the waiter's future is set
    granted.cancel()  # before the task ran again: the token was never used
    with pytest.raises(asyncio.CancelledError):
        await granted
    assert budget.tokens >= 1 - 1e-6, "the token came back"


async def test_no_rate_no_limit() -> None:
    budget = GlobalBudget(0.0)
    await asyncio.wait_for(asyncio.gather(*(budget.take(REDRAW) for _ in range(1000))), 0.5)
