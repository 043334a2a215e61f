"""Table edits are coalesced and a channel stays under Discord's 5 edits per 5 seconds."""

from __future__ import annotations

import asyncio
import time
from types import SimpleNamespace
from typing import Any

from bot.service.settings import Settings
from bot.ui.budget import ChannelLimiter
from bot.ui.presenter import Presenter, _Shown, contract_text


async def test_limiter_waits_after_five_in_the_period() -> None:
    limiter = ChannelLimiter(5, 0.2)
    start = time.monotonic()
    for _ in range(5):
        await limiter.wait(1)
    assert time.monotonic() - start < 0.1
    await limiter.wait(2)  # another channel is not held up
    assert time.monotonic() - start < 0.1
    await limiter.wait(1)
    assert time.monotonic() - start >= 0.19


async def test_changes_are_coalesced() -> None:
    bot = SimpleNamespace(settings=Settings(edit_interval=0.05), unexpected=[], records=None)  # nothing recorded
    presenter = Presenter(bot)  # type: ignore[arg-type]
    synced: list[int] = []
    table = SimpleNamespace(id="t1", open=True, rev=0, built=True, state=None)  # a lobby: no state

    async def sync(t: Any, shown: Any) -> bool:
        synced.append(t.rev)
        await asyncio.sleep(0.01)
        return False

    presenter._sync = sync  # type: ignore[method-assign]
    presenter.shown["t1"] = _Shown(parts={})  # nothing read from a database
    for rev in range(1, 30):
        table.rev = rev
        presenter.table_changed(table)  # type: ignore[arg-type]
        await asyncio.sleep(0.002)
    await presenter.drain()
    assert synced[-1] == 29, "the last state is always shown"
    assert len(synced) <= 4, f"{len(synced)} edits for 29 changes"


def test_contract_line() -> None:
    assert contract_text({"bid": "garde_sans", "taker": 1}, ["a", "b"]) == "Garde sans (b)"
    assert contract_text({"name": "Solo", "declarer": 0}, ["a"]) == "Solo (a)"
    assert contract_text("Jeu", []) == "Jeu"


async def test_images_fall_back_to_text(monkeypatch: Any) -> None:
    import rendering
    from bot.infra import images

    monkeypatch.delattr(rendering, "table_image")
    assert await images.table_png({"seats": 2}, ["a", "b"], "fr") is None

    def boom(*args: Any, **kwargs: Any) -> bytes:
        raise ValueError("broken layout")

    monkeypatch.setattr(rendering, "hand_image", boom)
    monkeypatch.setattr(rendering, "plan_image", boom)  # a hand is drawn from its plan
    assert await images.hand_png({"seats": 2, "hand": []}, "fr", None) is None
