"""A whole Piquet deal played in a real browser, the exchange made by clicks.

Same set-up as the Tarot test (local mode, headless Chromium, helpers shared): ``/table new`` game
piquet with ``options: deals=1``, one computer player, "Ma main" opened once; the player then plays
the deal from that one hand message only: how many cards to exchange (buttons: one fewer than
allowed), the discards picked in the multi-select menu, the talon decision, and the tricks,
until the deal's recap. The database then tells what the player did.

The viewport is a laptop's (1280 x 900): the menu opens at the first click (see
:mod:`bot.ui.local_page` for why it once closed at once when the hand was the last message).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import sqlite3
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

from bot.service.i18n import t
from games import snapshot
from games.piquet import PIQUET
from tests.browser.local_mode import CHROMIUM, CHROMIUM_ARGS, local_mode, need_browser
from tests.browser.test_tarot_in_browser import (
    LOCALE,
    Session,
    article,
    choose,
    message_ids,
    open_hand,
    open_table,
    play_deal,
    start_with_computers,
)


def exchange_count(control: dict[str, Any]) -> int:
    """The count an exchange button offers ("Échanger 3 cartes" -> 3); 0 for a card ("10 de cœur") or
    the talon's buttons."""
    words = control["label"].split()
    exchange = control["kind"] == "button" and len(words) > 1 and words[0] in ("Échanger", "Exchange", "Cambiar")
    return int(words[1]) if exchange and words[1].isdigit() else 0


def discard_by_clicks(s: Session, hand: Any, control: dict[str, Any], rng: random.Random) -> str:
    """Open the multi-select menu, click ``minimum`` cards, check the menu shows them picked
    (screenshot), and click the field again, which closes the menu and sends it: the message then
    moves on (the menu goes away)."""
    menu = hand.locator(f'.preview-select[data-control-key="{control["key"]}"]')
    options = menu.locator(".select-option:not(.is-disabled)")
    menu.scroll_into_view_if_needed()
    menu.locator(".select-trigger").click()
    options.first.wait_for(timeout=3000)
    labels = options.evaluate_all("els => els.map((e) => e.innerText.trim())")
    chosen = sorted(rng.sample(range(len(labels)), control["minimum"]))
    for i in chosen:
        options.nth(i).click(timeout=3000)
    picked = menu.locator('.select-option[aria-selected="true"]').evaluate_all(
        "els => els.map((e) => e.innerText.trim())")
    assert "is-open" in (menu.get_attribute("class") or ""), "the menu closed while picking"
    assert sorted(picked) == sorted(labels[i] for i in chosen), f"the menu kept {picked}, not {chosen}"
    boxes = [hand.bounding_box(), menu.locator(".select-list").bounding_box()]  # the list may open upwards
    top, bottom = min(b["y"] for b in boxes), max(b["y"] + b["height"] for b in boxes)
    s.page.screenshot(path=str(s.shots / "piquet-exchange.png"),
                      clip={"x": boxes[0]["x"], "y": top, "width": boxes[0]["width"], "height": bottom - top})
    menu.locator(".select-trigger").click(timeout=3000)
    s.wait("the discards to be sent (the menu gone)", lambda: not menu.count(), 10)
    return " + ".join(labels[i] for i in chosen)


def piquet_move(s: Session, hand: Any, controls: list[dict[str, Any]], rng: random.Random) -> str:
    """The discards in one menu; an exchange of one card fewer than allowed (the menu then asks for
    several and a card stays in the talon, so the talon decision comes too); otherwise any control."""
    several = next((c for c in controls if c["kind"] == "select" and c["maximum"] > 1), None)
    if several:
        return discard_by_clicks(s, hand, several, rng)
    if any(exchange_count(c) for c in controls):
        most = max(exchange_count(c) for c in controls)
        return choose(s, hand, next(c for c in controls if exchange_count(c) == most - 1), rng)
    return choose(s, hand, rng.choice(controls), rng)


@pytest.mark.timeout(150)
def test_a_whole_piquet_deal_with_the_exchange_by_clicks(tmp_path: Path) -> None:
    need_browser()
    from playwright.sync_api import sync_playwright

    shots = Path(os.environ.get("TAPIS_SCREENSHOTS") or Path(tempfile.gettempdir()) / "tapis-browser-piquet")
    if not os.environ.get("TAPIS_SCREENSHOTS"):
        shutil.rmtree(shots, ignore_errors=True)
    shots.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    with local_mode(tmp_path, pause=0.05) as local, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.set_default_timeout(10_000)
            s = Session(page, shots, local)
            page.goto(local.url)
            try:
                lobby_id = open_table(s, name="piquet")
                start_with_computers(s, lobby_id, 1)
                ephemeral_before = len(message_ids(page, ephemeral=True))
                hand_id = open_hand(s, lobby_id)
                moves = play_deal(s, hand_id, random.Random(19), piquet_move)
                recap = page.locator("article.channel-message", has_text=t(LOCALE, "recap", n=1)).last
                path = s.shot("recap", recap)
                shutil.copy(path, shots / "piquet-recap.png")
                s.shot("table-at-the-end", article(page, lobby_id))
                assert len(message_ids(page, ephemeral=True)) == ephemeral_before + 1, \
                    "the moves posted no other private message (one hand message for the whole deal)"
            except Exception:
                print(f"screenshot of the failure: {s.keep_failure()}\nlocal mode said:\n{local.output()[-3000:]}")
                raise
        finally:
            browser.close()
    with sqlite3.connect(local.database) as db:
        (status, saved), = db.execute("SELECT status, state FROM game_tables").fetchall()
        every = db.execute("SELECT seat, action, by_computer FROM actions ORDER BY rev").fetchall()
    mine = [a for seat, a, by_computer in every if seat == 0 and not by_computer]
    if status == "playing":  # a tied deal: two more deals (docs/rules/piquet.md, « The partie and the rubicon »), saved at the deal's end
        state = snapshot.load(PIQUET, json.loads(saved))
        assert state.planned == 3 and state.totals[0] == state.totals[1] and state.deal_no == 1, state.totals
    else:
        assert status == "over", status
    exchanges = [a for a in mine if a.startswith("exchange")]
    assert len(exchanges) == 1, mine
    count = int(exchanges[0].split(":")[-1])
    assert count >= 2 and sum(a.startswith("discard") for a in mine) == count, mine  # the menu's picks
    # the talon decision (look or leave) is younger's, who exchanges second (docs/rules/piquet.md, « The exchange »); the cut
    # decides who is elder, so each run plays one side or the other
    younger = [seat for seat, a, _ in every if a.startswith("exchange")][1] == 0
    assert sum(a.startswith("talon") for a in mine) == younger, (younger, mine)
    assert sum(a.startswith("play") for a in mine) == 12, mine
    assert (shots / "piquet-exchange.png").exists() and len(moves) >= 14, moves
    assert local.stderr == [], "local mode logged problems:\n" + "".join(local.stderr)
    assert time.monotonic() - started < 90, "the Piquet browser test should stay under 90 s"
