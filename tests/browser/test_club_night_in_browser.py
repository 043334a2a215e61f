"""A club night rehearsed in the local page, at 1280 px and at a 390 x 844 phone: the organiser
(You) announces a Tarot night of 2 rounds of one deal starting in 60 minutes (the page says "in
1 hour", one clock), switches "Viewing as" to each of the demo club's twelve members in turn and
registers them with the announcement's button, starts the night; three tables open in public
threads listed in the page (the "started a thread" message's link opens one). One member (Marie) is taken over: her table thread opened by a tap on
its mention in the round's plan, her hand played from "Ma main" for a few moves; the others play by themselves
(:mod:`bot.ui.local_club`). Round 1's standings, round 2's tables (the rotation: new threads) and
the final ranking follow. Screenshots to ``docs/images/events/``."""

from __future__ import annotations

import os
import random
import shutil
import tempfile
import time
from pathlib import Path

import pytest

from bot.service.i18n import t
from bot.ui.local import FRIENDS, NAMES
from tests.browser.local_mode import CHROMIUM, CHROMIUM_ARGS, local_mode, need_browser
from tests.browser.places import command, find_message, keep, newest, open_place, places, view_as, wait_place
from tests.browser.test_tarot_in_browser import (
    LOCALE,
    Session,
    article,
    choose,
    message_ids,
    open_hand,
)

MEMBERS = [NAMES.get(n, n.title()) for n in FRIENDS]
EVENT = "Vendredi au club"


class Enough(Exception):
    """A member's few moves are made: the club plays on for them."""


def take_over(s: Session, member: str, moves: int, rng: random.Random) -> int:
    """View as ``member``, open their table's thread (a tap on its mention in the round's plan) and play ``moves`` of theirs from one hand
    message; the moves made."""
    from tests.browser.test_tarot_in_browser import READ_PAGE, signature

    view_as(s, member)
    if s.page.locator("#channel-name").inner_text().strip() != "cartes":
        open_place(s, "cartes")
    assert len([p for p in places(s) if "manche 1" in p["name"]]) == 3, places(s)
    plan = find_message(s, t(LOCALE, "event.round_open", name=EVENT, round=1, rounds=2))
    lines = plan.inner_text().splitlines()
    mentions = plan.locator(".mention")
    names = [m.lstrip("#") for m in mentions.all_inner_texts()]
    assert len(names) == 3, lines
    mine = [i for i, name in enumerate(names) if any(line.startswith(f"#{name}") and member in line for line in lines)]
    assert len(mine) == 1, (member, lines)
    mention = mentions.nth(mine[0])
    mention.tap() if s.page.viewport_size["width"] < 500 else mention.click()  # once, no retry
    wait_place(s, names[mine[0]])
    board = s.page.locator("article.channel-message", has=s.page.locator("button", has_text=t(LOCALE, "my_hand")))
    s.wait("the table message", lambda: board.count(), 10)
    assert member in board.first.inner_text(), f"{member} is not at the table the plan's mention opened"
    hand_id = open_hand(s, str(board.first.get_attribute("data-message-id")))
    hand = article(s.page, hand_id)
    made = 0
    deadline = time.monotonic() + 30
    while made < moves and time.monotonic() < deadline:
        state = s.page.evaluate(READ_PAGE, [hand_id, "\0"])
        controls = [c for c in state["controls"] if c["label"] != t(LOCALE, "hint")]
        if not controls:
            s.page.wait_for_timeout(200)
            continue
        before = signature(state)
        choose(s, hand, next((c for c in controls if c["label"] == "Passe"), rng.choice(controls)), rng)
        made += 1
        s.wait(f"{member}'s move {made} answered",
               lambda before=before: signature(s.page.evaluate(READ_PAGE, [hand_id, "\0"])) != before, 10)
    keep(s, "events", "5_member_table", s.page.viewport_size["width"] < 500, hand)
    return made


@pytest.mark.timeout(240)
@pytest.mark.parametrize("width,height", [(1280, 900), (390, 844)], ids=["desktop", "phone"])
def test_a_club_night_of_twelve_members_over_three_tables(tmp_path: Path, width: int, height: int) -> None:
    need_browser()
    from playwright.sync_api import sync_playwright

    phone = width < 500
    shots = Path(os.environ.get("TAPIS_SCREENSHOTS") or Path(tempfile.gettempdir()) / "tapis-browser-club")
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
                night(s, phone)
            except Exception:
                print(f"screenshot of the failure: {s.keep_failure()}\nlocal mode said:\n{local.output()[-3000:]}")
                raise
        finally:
            browser.close()
    assert local.stderr == [], "local mode logged problems:\n" + "".join(local.stderr)
    assert time.monotonic() - started < 180, "the club night browser test should stay under 3 minutes"


def night(s: Session, phone: bool) -> None:
    command(s, "event new", {"game": "tarot", "name": EVENT, "rounds": "2", "deals": "1", "starts_in": "60"},
            ("game",))
    board = find_message(s, t(LOCALE, "event.register"))
    text = board.inner_text()
    assert "semaine" not in text and ("heure" in text or "minutes" in text), text  # one clock: in 1 hour
    keep(s, "events", "1_announcement", phone, board)
    for member in MEMBERS:  # each member in turn registers from the announcement
        view_as(s, member)
        newest(s)
        before = set(message_ids(s.page, ephemeral=True))
        find_message(s, t(LOCALE, "event.register")).locator("button", has_text=t(LOCALE, "event.register")).click()
        s.wait(f"{member}'s registration", lambda before=before: [
            i for i in message_ids(s.page, ephemeral=True) if i not in before], 10)
    view_as(s, "You")
    board = find_message(s, t(LOCALE, "event.register"))
    s.wait("twelve registered", lambda: "12" in board.inner_text(), 10)
    keep(s, "events", "2_registration", phone, board)
    command(s, "event start")
    find_message(s, t(LOCALE, "event.round_open", name=EVENT, round=1, rounds=2), 20)
    s.wait("round 1's three tables among the places",
           lambda: len([p for p in places(s) if "manche 1" in p["name"]]) == 3, 20)
    first = f"{EVENT} · manche 1 · table 1"
    link = s.page.locator("a.message-system-link", has_text=first).last  # "started a thread" links to it
    newest(s)
    link.click()
    wait_place(s, first)
    open_place(s, "cartes")
    assert take_over(s, "Marie", 3, random.Random(46)) >= 1
    view_as(s, "You")  # Marie's seat goes back to the club
    open_place(s, "cartes")
    standings = find_message(s, t(LOCALE, "event.after_round", name=EVENT, round=1), 90)
    keep(s, "events", "3_round_standings", phone, standings)
    find_message(s, t(LOCALE, "event.round_open", name=EVENT, round=2, rounds=2), 30)
    s.wait("round 2's three tables among the places",
           lambda: len([p for p in places(s) if "manche 2" in p["name"]]) == 3, 20)
    final = find_message(s, t(LOCALE, "event.final", name=EVENT), 90)
    text = final.inner_text()
    assert all(member in text for member in MEMBERS), text
    keep(s, "events", "4_final", phone, final)
