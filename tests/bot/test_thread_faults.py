"""A private thread made once: the daily challenge's and a duplicate group's tables. Discord
failing to make it, to add the member, or losing its answer: the member's next try uses the thread
made before, and no orphan thread is left."""

from __future__ import annotations

import random
from typing import Any

import discord
import pytest

from tests.bot.faults import Faults, injected


def lose_first_answer(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """The first thread Discord makes answers nothing (a timeout after Discord did it)."""
    real = discord.TextChannel.create_thread
    lost = {"n": 0}

    async def create_thread(self: Any, **kw: Any) -> Any:
        made = await real(self, **kw)
        if lost["n"] == 0:
            lost["n"] += 1
            raise TimeoutError("the answer was lost")
        return made

    monkeypatch.setattr(discord.TextChannel, "create_thread", create_thread)
    return lost


@pytest.mark.parametrize("fault", ["lost", "add", "create"])
async def test_a_challenge_thread_made_once(world: Any, monkeypatch: pytest.MonkeyPatch, fault: str) -> None:
    w = world
    faults = Faults(random.Random(0))
    if fault == "lost":
        lose_first_answer(monkeypatch)
    else:
        faults.once("thread_member" if fault == "add" else "thread_create", "500")
    with injected(faults):
        first = await w.bob.slash(w.channel, "challenge play", game="tarot")
        await w.env.settle()
        assert not any(t.host_id == w.bob.id for t in w.bot.service.registry.known()), first.response
        again = await w.bob.slash(w.channel, "challenge play", game="tarot")
        await w.env.settle()
        await w.bot.presenter.drain()
    assert fault == "lost" or sum(faults.injected.values()) == 1
    table = next(t for t in w.bot.service.registry.known() if t.host_id == w.bob.id)
    assert [th.id for th in w.channel.threads] == [table.thread_id], "one thread, the table's"
    assert f"<#{table.thread_id}>" in (again.response.content or "")
    thread = w.channel.threads[0]
    assert thread.history(viewer=w.bob), "bob is in his thread"
    w.bot.unexpected.clear()  # the first try's failure, answered with an apology


async def test_duplicate_threads_made_once(world: Any) -> None:
    """The second table's thread fails: the command tried again makes that one only."""
    w = world
    faults = Faults(random.Random(0))
    members = f"{w.bob.mention} {w.dave.mention} | {w.carol.mention}"
    real = discord.TextChannel.create_thread
    calls = {"n": 0}

    async def create_thread(self: Any, **kw: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == 2:
            raise discord.HTTPException(_Response(503), "unavailable (injected)")
        return await real(self, **kw)

    with injected(faults), pytest.MonkeyPatch.context() as mp:
        mp.setattr(discord.TextChannel, "create_thread", create_thread)
        await w.alice.slash(w.channel, "duplicate start", game="tarot", deals=1, members=members)
        assert len(w.channel.threads) == 1
        res = await w.alice.slash(w.channel, "duplicate start", game="tarot", deals=1, members=members)
    assert "/duplicate results" in res.response.content, res.response.content
    tables = [t for t in w.bot.service.tables.values() if t.open]
    assert len(w.channel.threads) == 2 and sorted(th.id for th in w.channel.threads) == sorted(t.thread_id for t in tables)
    w.bot.unexpected.clear()
    res = await w.alice.slash(w.channel, "duplicate start", game="tarot", deals=1, members=members)
    assert len(w.channel.threads) == 4, "the same command later: a new group, new threads"


class _Response:
    def __init__(self, status: int) -> None:
        self.status, self.reason = status, "injected"
