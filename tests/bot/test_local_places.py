"""The local page's places (the channel and its threads), its images' sizes, its clock and the
demo club (:mod:`bot.ui.local_page`, :mod:`bot.ui.local_club`), through the page's own HTTP API."""

from __future__ import annotations

import io
import random
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiohttp
from PIL import Image

from bot.ui.local import FRIENDS, build_world, local_zone
from bot.ui.local_club import DemoClub
from bot.ui.local_page import WallClock, image_size, local_preview
from tests.bot.drive import open_table, play_turn
from tests.bot.preview_driver import PreviewPage


def test_the_demo_club_has_twelve_members(simcord_env: Any) -> None:
    friends = build_world(simcord_env)[2]
    assert len(friends) == len(FRIENDS) == 12 and "Inès" in [f.user._user.global_name for f in friends]


def test_time_zone_and_clock(tmp_path: Path) -> None:
    assert local_zone({"TZ": "Europe/Paris"}, tmp_path / "none") == "Europe/Paris"
    assert local_zone({"TZ": "Nowhere/Void"}, tmp_path / "none") == "UTC"
    zoneinfo = tmp_path / "usr/share/zoneinfo/America/Bogota"
    zoneinfo.parent.mkdir(parents=True)
    zoneinfo.write_bytes(b"")
    link = tmp_path / "localtime"
    link.symlink_to(zoneinfo)
    assert local_zone({}, link) == "America/Bogota"

    class Virtual:
        elapsed = 3.0

        def advance(self, seconds: float) -> None:
            self.elapsed += seconds

    moment = datetime(2026, 12, 2, 1, 2, tzinfo=UTC)
    clock = WallClock(Virtual(), lambda: moment)
    clock.advance(2)
    assert clock.now() == moment and clock.elapsed == 5.0, "dates from the wall, timers from simcord's time"


def test_image_size() -> None:
    out = io.BytesIO()
    Image.new("RGB", (64, 48)).save(out, "PNG")
    assert image_size(out.getvalue()) == (64, 48) and image_size(b"not an image") is None


async def goto(page: PreviewPage, place: int | str) -> dict[str, Any]:
    async with page.http.get(f"{page.base}/tapis/goto", params={"channel": str(place)}, headers=page.headers) as r:
        return {"status": r.status, **(await r.json())}


async def test_threads_are_places_and_commands_go_there(simcord_env: Any) -> None:
    """A private thread is listed for its member only and opened by them; ``/hand`` typed there is
    answered for that thread's table; "Viewing as" someone who cannot see it brings the page back."""
    env = simcord_env
    channel, you, friends = build_world(env)
    marie = friends[0]
    async with local_preview(env, channel, viewers=[you, marie], layout="channel") as preview:
        await marie.slash(channel, "challenge settings", game="tarot", deals=1, level="easy")  # refused: no admin
        await you.slash(channel, "challenge settings", game="tarot", deals=1, level="easy")
        await you.slash(channel, "challenge play", game="tarot")
        thread = next(c for c in channel.threads)
        async with aiohttp.ClientSession() as http:
            page = PreviewPage(http, preview.url)
            await page.open()
            async with http.get(page.base + "/tapis/places", headers=page.headers) as r:
                listed = await r.json()
            assert [p["name"] for p in listed["places"]] == ["cartes", thread.name]
            assert listed["places"][1]["kind"] == "private_thread" and listed["current"] == str(channel.id)
            moved = await goto(page, thread.id)
            assert moved["status"] == 200 and moved["current"] == str(thread.id)
            snapshot = await page.state()
            assert snapshot["channel"]["name"] == thread.name
            result = await page.command("hand")
            hand = await page.message(result)
            words = [c.get("content", "") for c in hand["components"]]  # a V2 message's texts
            assert hand["components_v2"] and "Tarot" in words[0], hand  # the thread's table, not #cartes
            assert (await goto(page, 12345))["status"] == 400, "no such place"
            await page.action("viewer", viewer_id=str(marie.id))
            assert (await page.state())["channel"]["name"] == "cartes", "Marie cannot see You's private thread"
            async with http.get(page.base + "/tapis/places", headers=page.headers) as r:
                assert [p["name"] for p in (await r.json())["places"]] == ["cartes"]
            assert (await goto(page, thread.id))["status"] == 400


async def test_a_mention_opens_its_thread_from_its_message(simcord_env: Any) -> None:
    """A ``#thread`` mention is resolved by the server from the message it is in, so a click on it
    works before the page's list of places (read once a second) knows the thread; a member who
    cannot see the thread is refused."""
    env = simcord_env
    channel, you, friends = build_world(env)
    marie = friends[0]
    async with local_preview(env, channel, viewers=[you, marie], layout="channel") as preview:
        await you.slash(channel, "challenge settings", game="tarot", deals=1, level="easy")
        async with aiohttp.ClientSession() as http:
            page = PreviewPage(http, preview.url)
            await page.open()
            answer = await page.command("challenge play")
            assert answer is not None
            thread = next(c for c in channel.threads)
            assert f"<#{thread.id}>" in str((await page.message(answer))["content"])

            async def mention(name: str, message: str) -> dict[str, Any]:
                async with page.http.get(f"{page.base}/tapis/goto", params={"name": name, "message": message},
                                         headers=page.headers) as r:
                    return {"status": r.status, **(await r.json())}

            assert (await mention("no such thread", answer))["status"] == 400
            moved = await mention(thread.name, answer)
            assert moved["status"] == 200 and moved["current"] == str(thread.id), moved
            assert (await page.state())["channel"]["name"] == thread.name
            await page.action("viewer", viewer_id=str(marie.id))
            assert (await mention(thread.name, answer))["status"] == 400, "Marie cannot open You's private thread"
            assert (await page.state())["channel"]["name"] == "cartes"


async def test_every_image_has_its_size_before_the_page_fetched_it(simcord_env: Any) -> None:
    """So an image rebuilt by the page (a menu opening re-renders every message) keeps its box."""
    env = simcord_env
    channel, you, friends = build_world(env)

    class W:
        pass

    w = W()
    w.env, w.channel, w.members, w.bot = env, channel, [you, *friends], env.bot
    async with local_preview(env, channel, viewers=[you], layout="channel") as preview:
        await open_table(w, "tarot", [you], 3, options="deals=1")
        await env.settle()
        async with aiohttp.ClientSession() as http:
            page = PreviewPage(http, preview.url)
            await page.open()
            images = [a for a in (await page.state())["assets"].values() if a["contentType"] == "image/png" and a["available"]]
            assert images and all(a.get("displayWidth", 0) > 0 and a.get("displayHeight", 0) > 0 for a in images), images


async def test_the_demo_club_plays_the_seats_nobody_views(simcord_env: Any) -> None:
    env = simcord_env
    channel, you, friends = build_world(env)
    marie = friends[0]

    class W:
        pass

    w = W()
    w.env, w.channel, w.members, w.bot = env, channel, [you, *friends], env.bot
    viewed: set[int] = {marie.id}
    shown: list[int] = []
    club = DemoClub(env.bot.service, [f.id for f in friends], lambda: viewed, shown=lambda: shown.append(1))
    table, msg = await open_table(w, "toy", [you, marie], 0)
    rng = random.Random(3)
    played = 0
    while table.status == "playing":
        seat = table.to_act()
        if table.seats[seat].user_id == marie.id:
            assert await club.play_once() == 0, "Marie is viewed: her seat waits for the page"
            viewed.clear()
            rev = table.rev
            assert await club.play_once() == 1 and table.rev > rev
            played += 1
            viewed.add(marie.id)
        else:
            await play_turn(you, channel, msg, rng)
    assert played >= 1


async def test_the_v2_console_s_image_keeps_its_size_on_the_page(simcord_env: Any) -> None:
    """The hand console is a Components V2 message: the page gets its words as text displays, its
    image as a media gallery whose asset has its size (its box does not shrink while it reloads),
    its moves in action rows."""
    from bot.service.i18n import t
    from tests.bot.preview_driver import controls

    env = simcord_env
    channel, you, _ = build_world(env)
    async with local_preview(env, channel, viewers=[you], layout="channel") as preview:
        async with aiohttp.ClientSession() as http:
            page = PreviewPage(http, preview.url)
            await page.open()
            await page.command("table new", game="piquet")
            snap = await page.state()
            lobby = next(m for m in snap["messages"].values()
                         if any(c.get("label") == t("en", "start") for c in controls(m)))
            await page.click(lobby, t("en", "add_bot_normal"))
            await page.click(lobby, t("en", "start"))
            hand_id = await page.click(await page.message(lobby["id"]), t("en", "my_hand"))
            assert hand_id is not None
            hand = await page.message(hand_id)
            kinds = [c["type"] for c in hand["components"]]
            assert hand["components_v2"] and kinds[:2] == [10, 12] and 1 in kinds, kinds
            media = hand["components"][1]["items"][0]["media"]
            asset = (await page.state())["assets"][media["asset_id"]]
            async with http.get(f"{page.base}/api/assets/{media['asset_id']}", headers=page.headers) as r:
                assert r.status == 200
                size = image_size(await r.read())
            assert size is not None and (asset["displayWidth"], asset["displayHeight"]) == size
            assert controls(hand), "its moves"
