"""A whole daily challenge in the local page, at 1280 px and at a 390 x 844 phone: the admin sets one
deal a day with normal computers, ``/challenge play`` answers with the private thread's mention, a
click on it opens the thread, ``/hand`` typed there opens the hand (the command runs in the thread),
the deal is played from that one hand message (the écart's menu included), then ``/challenge
results`` (the end: the percentage and the share line) and ``/challenge standings``. The dates the
page shows are today's (one clock). Screenshots to ``docs/images/challenge/``."""

from __future__ import annotations

import os
import random
import shutil
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.service.i18n import t
from tests.browser.local_mode import CHROMIUM, CHROMIUM_ARGS, local_mode, need_browser
from tests.browser.places import command, find_message, keep, wait_place
from tests.browser.test_tarot_in_browser import LOCALE, Session, article, message_ids, play_deal, take_or_any


@pytest.mark.timeout(150)
@pytest.mark.parametrize("width,height", [(1280, 900), (390, 844)], ids=["desktop", "phone"])
def test_a_whole_daily_challenge_in_its_thread(tmp_path: Path, width: int, height: int) -> None:
    need_browser()
    from playwright.sync_api import sync_playwright

    phone = width < 500
    shots = Path(os.environ.get("TAPIS_SCREENSHOTS") or Path(tempfile.gettempdir()) / "tapis-browser-challenge")
    shots = shots / ("phone" if phone else "desktop")
    shutil.rmtree(shots, ignore_errors=True)
    shots.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    with local_mode(tmp_path, pause=0.05) as local, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": width, "height": height}, is_mobile=phone,
                                    has_touch=phone, device_scale_factor=1)
            page.set_default_timeout(10_000)
            s = Session(page, shots, local)
            page.goto(local.url)
            try:
                command(s, "challenge settings", {"game": "tarot", "deals": "1", "level": "normal"}, ("game",))
                find_message(s, "Tarot (1 donne)")
                command(s, "challenge play")
                answer = find_message(s, "votre table vous attend")
                mention = answer.locator(".mention")
                thread = mention.inner_text().lstrip("#")
                assert thread == "Défi Tarot · You", thread
                s.wait("the thread's notice", lambda: page.locator("article.channel-message", has_text=thread).count()
                       >= 2 and page.evaluate("window.simcordPreview.ready"), 10)
                keep(s, "challenge", "1_start", phone)
                mention.tap() if phone else mention.click()  # once, no retry
                wait_place(s, thread)
                today = datetime.now(UTC).strftime("%d/%m/%Y")
                stamps = page.locator("article.channel-message time").evaluate_all("els => els.map(e => e.innerText)")
                assert stamps and all(today in x or ":" in x for x in stamps), (today, stamps)
                before = set(message_ids(page, ephemeral=True))
                command(s, "hand")
                hand_id = s.wait("the hand from /hand", lambda: [i for i in message_ids(page, ephemeral=True)
                                                                 if i not in before], 10)[0]
                assert t(LOCALE, "no_table_here") not in page.locator("#channel-message-list").inner_text()
                s.wait("the hand's moves", lambda: article(page, hand_id).locator("button").count(), 10)
                keep(s, "challenge", "2_deal", phone, article(page, hand_id))
                moves = play_deal(s, hand_id, random.Random(31), take_or_any, shots=False)
                assert len(moves) >= 19, moves
                find_message(s, t(LOCALE, "results", game="Tarot", host="\0", table="\0").split("\0")[0])
                command(s, "challenge results")
                end = find_message(s, t(LOCALE, "challenge_overall", percent="\0").split("\0")[0])
                assert "Défi du jour" in end.inner_text(), end.inner_text()  # the share line
                keep(s, "challenge", "3_end", phone, end)
                command(s, "challenge standings")
                standing = find_message(s, "You · 50")  # alone today: 50 % (docs/rules/club.md, « The daily challenge »)
                keep(s, "challenge", "4_standings", phone, standing)
            except Exception:
                print(f"screenshot of the failure: {s.keep_failure()}\nlocal mode said:\n{local.output()[-3000:]}")
                raise
        finally:
            browser.close()
    assert local.stderr == [], "local mode logged problems:\n" + "".join(local.stderr)
    assert time.monotonic() - started < 90, "the challenge browser test should stay under 90 s"
