"""Screenshots of the daily challenge at desktop and phone width, through simcord's preview
page in headless Chromium: the start, a deal, the end with percentages, the standings. Run on
demand: ``TAPIS_SCREENS=1 .venv/bin/pytest tests/bot/test_challenge_screens.py`` writes
``docs/images/challenge/*.png``."""

from __future__ import annotations

import os
import random
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from tests.bot.drive import play_by_command

pytestmark = pytest.mark.skipif(not os.environ.get("TAPIS_SCREENS"), reason="screenshots on demand (TAPIS_SCREENS=1)")
OUT = Path(__file__).resolve().parents[2] / "docs" / "images" / "challenge"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
WIDTHS = {"desktop": 1280, "phone": 390}


async def shoot(browser: Any, url: str, name: str, out: Path | None = None) -> None:
    """The preview page at desktop and phone width, as ``<out>/<name>_<desktop|phone>.png``."""
    out = out or OUT
    for label, width in WIDTHS.items():
        page = await browser.new_page(viewport={"width": width, "height": 900 if width > 500 else 844})
        await page.goto(url)
        await page.wait_for_timeout(2500)
        await page.screenshot(path=str(out / f"{name}_{label}.png"))
        await page.close()


async def test_challenge_screens(world: Any) -> None:
    from playwright.async_api import async_playwright

    w = world
    w.bot.challenges.clock = lambda: datetime(2026, 11, 27, 12, tzinfo=UTC).timestamp()
    await w.alice.slash(w.channel, "challenge settings", game="tarot", deals=2, level="normal")
    rng = random.Random(4)
    for member in (w.carol, w.dave):  # two members finished before bob
        for _ in range(2):
            await member.slash(w.channel, "challenge play", game="tarot")
            table = next(t for t in w.bot.service.tables.values() if t.host_id == member.id)
            me = table.game.computer_player("normal")
            while table.status == "playing":
                await w.bot.service.computers.idle()
                if table.status == "playing":
                    seat = table.to_act()
                    await w.bot.service.act(table.id, member.id, str(me.choose(
                        table.state.view(seat), table.state.legal_actions(seat), rng)))
            await w.bot.service.computers.idle()
            await w.bot.challenges.idle()
    OUT.mkdir(parents=True, exist_ok=True)
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        await w.bob.slash(w.channel, "challenge play", game="tarot")
        table = next(t for t in w.bot.service.tables.values() if t.host_id == w.bob.id and t.status == "playing")
        thread = next(c for c in w.channel.threads if c.id == table.thread_id)
        await w.env.settle()
        async with w.env.preview(w.channel, viewers=[w.bob], layout="channel") as preview:
            await shoot(browser, preview.url, "1_start")
        for _ in range(2):
            await w.bot.service.computers.idle()
            await play_by_command(w.bob, thread, rng)
        await w.bot.service.computers.idle()
        await w.env.settle()
        async with w.env.preview(thread, viewers=[w.bob], layout="channel") as preview:
            await shoot(browser, preview.url, "2_deal")
        for deal in range(2):
            if deal:
                await w.bob.slash(w.channel, "challenge play", game="tarot")
                table = next(t for t in w.bot.service.tables.values()
                             if t.host_id == w.bob.id and t.status == "playing")
            while table.status == "playing":
                await w.bot.service.computers.idle()
                await w.env.settle()
                if table.status == "playing":
                    await play_by_command(w.bob, thread, rng)
            await w.bot.challenges.idle()
        await w.bob.slash(w.channel, "challenge results", game="tarot")
        await w.env.settle()
        async with w.env.preview(w.channel, viewers=[w.bob], layout="channel") as preview:
            await shoot(browser, preview.url, "3_end")
        await w.bob.slash(w.channel, "challenge standings", game="tarot")
        await w.env.settle()
        async with w.env.preview(w.channel, viewers=[w.bob], layout="channel") as preview:
            await shoot(browser, preview.url, "4_standings")
        await browser.close()
