"""Screenshots of the Le Trio, Tresillo and Piquet screens, at about 500 px, from local mode in headless Chromium.

``python -m tools.issue19_shots [folder]`` (default ``docs/images/browser``) starts local mode with a
fixed table seed (``--serve SEED``, this module patched into the bot: the seed of the Le Trio
tests, whose first turn is yours and opens with a wild), then drives the page as a player would:

* ``trio-pick-wild.png``: a brelan's cards picked in one menu, the wild among them;
* ``trio-staged.png``: that brelan set aside for the opening;
* ``trio-pick-refused.png``: then cards that make no brelan, refused, the hand as it was;
* ``piquet-practice-lobby.png``, ``-table.png``, ``-recap.png``, ``-results.png``: a ``deals=1``
  partie, "non classée".

Needs Debian's ``chromium`` and Playwright (the browser tests' set-up, ``tests/browser``).
"""

from __future__ import annotations

import os
import queue
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from bot.service import picks
from bot.service.i18n import t
from games import GAMES
from games.base import Action
from tests.browser.local_mode import ADDRESS, CHROMIUM, CHROMIUM_ARGS, ROOT, LocalMode, free_port
from tests.browser.test_piquet_in_browser import piquet_move
from tests.browser.test_tarot_in_browser import (
    LOCALE,
    Session,
    article,
    message_ids,
    open_hand,
    play_deal,
    start_with_computers,
)

SEED = "0"  # tests/bot/test_trio_clicks.py: seat 0 opens two brelans, one with a 2 (wild)
WIDTH = 600  # the page's width: a message is then about 500 px wide


def serve(seed: str, port: int) -> int:
    """Local mode whose tables are all dealt from ``seed``."""
    import types

    import bot.service.tables
    from bot.__main__ import main

    bot.service.tables.secrets = types.SimpleNamespace(token_hex=lambda n=8: seed)  # type: ignore[assignment]
    return main(["--local", "--port", str(port)])


def start(folder: Path) -> LocalMode:
    env = {**os.environ, "DATABASE_PATH": str(folder / "tapis.sqlite3"), "COMPUTER_PAUSE": "0.05",
           "DEFAULT_LOCALE": "fr", "PYTHONUNBUFFERED": "1"}
    env.pop("DISCORD_TOKEN", None)
    process = subprocess.Popen([sys.executable, "-m", "tools.issue19_shots", "--serve", SEED, str(free_port())],
                               cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    out: list[str] = []
    lines: queue.Queue[str] = queue.Queue()

    def pump() -> None:
        for line in process.stdout:  # type: ignore[union-attr]
            out.append(line)
            lines.put(line)

    threading.Thread(target=pump, daemon=True).start()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            found = ADDRESS.search(lines.get(timeout=0.5))
        except queue.Empty:
            continue
        if found:
            return LocalMode(process, found.group(1), folder / "tapis-local.sqlite3", out, [])
    process.kill()
    raise SystemExit("local mode printed no address:\n" + "".join(out))


def new_table(s: Session, name: str, options: str = "") -> str:
    """``/table new`` from the composer; the lobby's id."""
    page = s.page
    page.locator("#channel-composer-input").click()
    page.keyboard.type("/table new")
    page.locator(".command-entry", has_text="/table new").first.click()
    page.locator('.command-option-input[data-option="game"]').click()
    page.locator(f'.command-suggestion[data-value="{name}"]').click()
    if options:
        page.locator(".command-ghost").click()
        page.locator('.command-suggestion[data-value="options"]').click()
        page.locator('.command-option-input[data-option="options"]').type(options)
    page.keyboard.press("Escape")  # closes the suggestions
    page.locator("#send-message").click()
    lobby = page.locator("article.channel-message", has=page.locator("button", has_text=t(LOCALE, "start")))
    lobby.last.wait_for()
    return str(lobby.last.get_attribute("data-message-id"))


def click(s: Session, hand: Any, label: str) -> None:
    before = hand.inner_text()
    hand.locator("button", has_text=label).first.click()
    s.wait(f"the hand to answer {label!r}", lambda: hand.inner_text() != before, 10)


def pick(s: Session, hand: Any, positions: list[int], out: Path | None) -> None:
    """Open the hand's menu, pick ``positions``, screenshot the message (``out``) and send."""
    menu = hand.locator(".preview-select").first
    menu.scroll_into_view_if_needed()
    menu.locator(".select-trigger").click()
    options = menu.locator(".select-option")
    options.first.wait_for(timeout=3000)
    for want in (False, True):  # the page keeps a refused menu's picks: unpick, then pick
        for i in range(options.count()):
            if (i in positions) == want and (options.nth(i).get_attribute("aria-selected") == "true") != want:
                options.nth(i).click(timeout=3000)
    if out is not None:  # the message with the picks in its field (the open list may cover its foot)
        hand.screenshot(path=str(out))
    before = hand.inner_text()
    menu.locator(".select-trigger").click(timeout=3000)
    s.wait("the picks to be sent", lambda: hand.inner_text() != before, 10)


def trio(s: Session, folder: Path) -> None:
    """Draw, "Former : Brelan", the Jacks and a 2 in one menu; then a second brelan refused."""
    game = GAMES["trio"]
    lobby = new_table(s, "trio")
    start_with_computers(s, lobby, 2)
    hand = article(s.page, open_hand(s, lobby))
    state = game.new(3, SEED, {})
    for step in (Action("draw", "stock"), Action("meld", "brelan")):
        click(s, hand, game.action_label(step, LOCALE))
        state = state.apply(0, step)
    menu = game.pick_menu(state, 0)
    assert menu is not None
    good = [menu.items.index("JH"), menu.items.index("JS"), menu.items.index("2H")]
    for step in picks.steps_for(game, state, 0, menu, good) or []:
        state = state.apply(0, step)
    pick(s, hand, good, folder / "trio-pick-wild.png")
    s.wait("the brelan set aside", lambda: "Prêt pour l'ouverture" in hand.inner_text(), 10)
    s.shot("staged", hand).replace(folder / "trio-staged.png")
    click(s, hand, game.action_label(Action("meld", "brelan"), LOCALE))
    menu = game.pick_menu(state.apply(0, Action("meld", "brelan")), 0)
    assert menu is not None
    pick(s, hand, [menu.items.index("10C"), menu.items.index("5H"), menu.items.index("2D")], None)
    s.wait("the refusal", lambda: "ne peuvent pas former" in hand.inner_text(), 10)
    s.shot("refused", hand).replace(folder / "trio-pick-refused.png")


def piquet(s: Session, folder: Path) -> None:
    lobby_id = new_table(s, "piquet", "deals=1")
    lobby = article(s.page, lobby_id)
    lobby.locator("button", has_text=t(LOCALE, "add_bot_normal")).click()
    s.wait("the computer to sit", lambda: t(LOCALE, "computer", n=1) in lobby.inner_text(), 10)
    s.shot("lobby", lobby).replace(folder / "piquet-practice-lobby.png")
    lobby.locator("button", has_text=t(LOCALE, "start")).click()
    lobby.locator("button", has_text=t(LOCALE, "my_hand")).wait_for()
    s.shot("table", lobby).replace(folder / "piquet-practice-table.png")
    hand_id = open_hand(s, lobby_id)
    play_deal(s, hand_id, random.Random(19), piquet_move)
    recap = s.page.locator("article.channel-message", has_text=t(LOCALE, "recap", n=1)).last
    s.shot("recap", recap).replace(folder / "piquet-practice-recap.png")
    practice = t(LOCALE, "practice_unrated")
    results = s.page.locator("article.channel-message", has_text=practice)
    s.wait("the results", lambda: results.count() >= 3, 10)  # the table, the recap, the results
    s.shot("results", results.last).replace(folder / "piquet-practice-results.png")


def main(argv: list[str]) -> int:
    if argv[:1] == ["--serve"]:
        return serve(argv[1], int(argv[2]))
    from playwright.sync_api import sync_playwright

    folder = Path(argv[0] if argv else ROOT / "docs" / "images" / "browser").resolve()
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        local = start(Path(tmp))
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = browser.new_page(viewport={"width": WIDTH, "height": 4800})
                page.set_default_timeout(10_000)
                s = Session(page, Path(tmp), local)
                page.goto(local.url)
                try:
                    piquet(s, folder)  # over after its one deal: the channel is free again
                    trio(s, folder)
                except Exception:
                    page.screenshot(path=str(folder / "failure.png"))
                    raise
                print("ephemeral messages:", len(message_ids(page, ephemeral=True)))
                browser.close()
        finally:
            local.process.send_signal(signal.SIGINT)
            local.process.wait(timeout=15)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
