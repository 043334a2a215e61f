"""The local page keeps its images ("image unavailable" while computers play).

simcord's preview publishes the page once the action a person took has settled (the bot's work it
started, computers' turns included). Until then the page shows the previous publication, whose
table and hand images the bot's edits have already replaced, and asks for attachments that no
longer exist. So the time a click takes to settle is the time the page shows broken images: the
local mode plays computers without a pause (:func:`bot.ui.local.local_settings`), and a click
settles at once. Driven through the preview's HTTP API exactly as its browser page does.
"""

from __future__ import annotations

import random
import time
from typing import Any

import aiohttp
import pytest

from bot.service.i18n import t
from bot.service.settings import Settings
from bot.ui.local import build_world, local_settings
from tests.bot.preview_driver import PreviewPage, play_match

SETTLED = 2.0  # seconds a click may take to settle in local mode (a few ms when the machine is idle)
MOVES = 8  # the player's actions checked


@pytest.fixture(params=[{}, pytest.param({"COMPUTER_PAUSE": "1"}, marks=pytest.mark.xfail(
    strict=True, reason="with a pause, the computers' edits replace images the page shows, and clicks wait for them"))],
    ids=["local", "paused"])
def settings(settings: Settings, request: pytest.FixtureRequest) -> Settings:
    """The test settings with the local mode's pause rule (``COMPUTER_PAUSE`` unset, or set to 1 s)."""
    env: dict[str, str] = request.param
    paused = settings.with_(computer_pause=float(env.get("COMPUTER_PAUSE", 1.0)))
    return settings.with_(computer_pause=local_settings(paused, env).computer_pause, default_locale="fr")


class Enough(Exception):
    """The moves to check were played."""


class CheckedPage(PreviewPage):
    """The page, timing each of the player's actions and fetching every image it then shows."""

    def __init__(self, http: aiohttp.ClientSession, url: str) -> None:
        super().__init__(http, url)
        self.took: list[float] = []
        self.unavailable: list[str] = []

    async def action(self, kind: str, **body: Any) -> dict[str, Any]:
        began = time.monotonic()
        receipt = await super().action(kind, **body)
        if kind in ("click", "select"):
            self.took.append(time.monotonic() - began)
            for asset, info in (await self.state()).get("assets", {}).items():
                if info.get("available") is False:  # avatars: no picture offline, drawn as initials
                    continue
                async with self.http.get(f"{self.base}/api/assets/{asset}", headers=self.headers) as r:
                    if r.status != 200:
                        self.unavailable.append(f"{info.get('filename')}: {r.status}")
            if len(self.took) >= MOVES:
                raise Enough
        return receipt


async def test_a_click_settles_at_once_and_every_image_shown_is_there(simcord_env: Any) -> None:
    env = simcord_env
    channel, you, friends = build_world(env)
    labels = {key: t("fr", name) for key, name in
              (("add", "add_bot_normal"), ("start", "start"), ("hand", "my_hand"), ("back", "back"))}
    async with env.preview(channel, viewers=[you, *friends], layout="channel", locale="fr") as preview:
        async with aiohttp.ClientSession() as http:
            page = CheckedPage(http, preview.url)
            await page.open()
            with pytest.raises(Enough):
                await play_match(page, "tarot", 3, random.Random(4), labels)
    assert page.unavailable == [], "every image the page shows after a click can be fetched"
    assert max(page.took) < SETTLED, f"clicks settled in {[round(s, 2) for s in page.took]} s"
