"""Screenshots of a club night at desktop and phone width, through simcord's preview page
in headless Chromium: the announcement, the registration, a round's standings, the final ranking.
Run on demand: ``TAPIS_SCREENS=1 .venv/bin/pytest tests/bot/test_event_screens.py`` writes
``docs/images/events/*.png``."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from benchmarks.event import play_for_humans
from bot.ui.events import REGISTER
from bot.ui.ids import build_id
from tests.bot.drive import find
from tests.bot.test_challenge_screens import ARGS, CHROMIUM, shoot

pytestmark = pytest.mark.skipif(not os.environ.get("TAPIS_SCREENS"), reason="screenshots on demand (TAPIS_SCREENS=1)")
OUT = Path(__file__).resolve().parents[2] / "docs" / "images" / "events"


async def settle(w: Any) -> None:
    for _ in range(2):
        await w.bot.service.computers.idle()
        await w.bot.events.idle()
        await w.env.settle()
        await w.bot.board.drain()
        await w.bot.presenter.drain()


async def test_event_screens(world: Any) -> None:
    from playwright.async_api import async_playwright

    w = world
    names = ["Zoé", "Yann", "Xavier", "Wanda", "Victor", "Ursule", "Théo", "Salomé", "Rémi", "Quentin", "Paule",
             "Octave"]
    members = [*w.members, *(w.guild.add_member(w.env.create_user(n)) for n in names)]
    OUT.mkdir(parents=True, exist_ok=True)
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS)

        async def screen(name: str) -> None:
            await settle(w)
            async with w.env.preview(w.channel, viewers=[w.bob], layout="channel") as preview:
                await shoot(browser, preview.url, name, OUT)

        await w.alice.slash(w.channel, "event new", game="tarot", name="Vendredi au club", rounds=2, deals=1,
                            starts_in=60)
        await settle(w)
        event = next(iter(w.bot.events.events.values()))
        await screen("1_announcement")
        for member in members:
            await member.click(find(w.channel, event.message_id), custom_id=build_id(event.id, 0, REGISTER))
        await screen("2_registration")
        await w.alice.slash(w.channel, "event start")
        await settle(w)
        await play_for_humans(w.bot.service, w.bot.events, event, until_round=2)
        await screen("3_round_standings")
        await play_for_humans(w.bot.service, w.bot.events, event)
        assert event.status == "over"
        await screen("4_final")
        await browser.close()
