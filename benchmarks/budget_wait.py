"""The global request budget past saturation: what waiting costs the event loop's thread.

``--waiters N`` tasks each ask the bot's :class:`~bot.ui.budget.GlobalBudget` for a request, hold
the grant for no time (the request itself is not simulated) and ask again at once, so the budget is
saturated from the first second: at 40 requests a second the queue stays about ``N`` long. For
``--seconds`` of wall time the benchmark reads the process's CPU time (one thread: the loop's) and
prints its share of the wall clock, the grants a second (the rate must hold) and the turn changes'
share of them (one waiter in a hundred is a turn change, which asks again 2 s after its grant). With a cost-free wait the share is the grants' own
handling, about nothing; a waiter that polls costs its wake-ups.

    python -m benchmarks.budget_wait --waiters 1000 --seconds 5
"""

from __future__ import annotations

import argparse
import asyncio
import time

from bot.ui.budget import GLOBAL_RATE, REDRAW, TURN, GlobalBudget


async def _saturate(waiters: int, seconds: float, rate: float) -> tuple[float, float, float]:
    budget = GlobalBudget(rate)
    granted = {TURN: 0, REDRAW: 0}
    stop = False

    async def waiter(priority: int) -> None:
        while not stop:
            await budget.take(priority)
            granted[priority] += 1
            if priority == TURN:
                await asyncio.sleep(2.0)  # a member's turn comes back later

    tasks = [asyncio.create_task(waiter(TURN if i % 100 == 0 else REDRAW)) for i in range(waiters)]
    await asyncio.sleep(1.0)  # every waiter queued, the bucket's first tokens spent
    before = dict(granted)
    cpu, wall = time.process_time(), time.perf_counter()
    await asyncio.sleep(seconds)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    grants = sum(granted.values()) - sum(before.values())
    turns = granted[TURN] - before[TURN]
    stop = True
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return cpu / wall, grants / wall, turns / max(grants, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--waiters", type=int, nargs="+", default=[100, 1000, 3000])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--rate", type=float, default=GLOBAL_RATE)
    args = parser.parse_args()
    print(f"{'waiters':>8} {'loop CPU share':>15} {'grants/s':>9} {'turn share':>11}")
    for n in args.waiters:
        share, per_second, turns = asyncio.run(_saturate(n, args.seconds, args.rate))
        print(f"{n:>8} {share:>14.1%} {per_second:>9.1f} {turns:>11.1%}")


if __name__ == "__main__":
    main()
