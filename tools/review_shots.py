"""Screenshots of a deal review and of the field on the same cards, at 1280 px and at a 390 x 844
phone, from the local page in headless Chromium (not part of the suite).

``python -m tools.review_shots`` starts local mode, sets the daily challenge to one Tarot deal with
normal computers, plays it as "You" and then as Marie ("Viewing as"), each in their private
thread, and back as You taps **Comparer** under the deal's results (the field: both plays of those
cards, grouped by contract and by who took) and **Analyse** (the review). The images go to
``docs/images/review/`` (``field_desktop.png``, ``field_phone.png``, ``review_desktop.png``,
``review_phone.png``). Needs Debian's ``chromium`` and Playwright (``tests/browser``'s set-up).
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path
from typing import Any

from bot.service.i18n import t
from tests.browser.local_mode import CHROMIUM, CHROMIUM_ARGS, local_mode
from tests.browser.places import command, find_message, keep, open_place, view_as, wait_place
from tests.browser.test_tarot_in_browser import LOCALE, Session, article, message_ids, play_deal, take_or_any

FOLDER = "review"
SIZES = ((1280, 900), (390, 844))


def play_challenge(s: Session, who: str, rng: random.Random) -> str:
    """``who`` plays today's one Tarot deal in their private thread; the thread's name."""
    open_place(s, "cartes")
    command(s, "challenge play")
    answer = find_message(s, "votre table vous attend")
    thread = str(answer.locator(".mention").inner_text()).lstrip("#")
    assert thread.endswith(who), thread
    open_place(s, thread)
    wait_place(s, thread)
    before = set(message_ids(s.page, ephemeral=True))
    command(s, "hand")
    hand_id = s.wait("the hand from /hand", lambda: [i for i in message_ids(s.page, ephemeral=True)
                                                     if i not in before], 10)[0]
    s.wait("the hand's moves", lambda: article(s.page, hand_id).locator("button").count(), 10)
    play_deal(s, hand_id, rng, take_or_any, shots=False)
    find_message(s, t(LOCALE, "results", game="Tarot", host="\0", table="\0").split("\0")[0], timeout=30)
    return thread


def tap(s: Session, message: Any, label: str, answer: str, timeout: float = 10) -> Any:
    """Tap ``label`` under ``message``; the private answer showing ``answer``."""
    message.locator("button", has_text=label).first.click()
    return find_message(s, answer, timeout=timeout)


def shoot(folder: Path, width: int, height: int) -> list[Path]:
    from playwright.sync_api import sync_playwright

    phone = width < 500
    kept = []
    with local_mode(folder, pause=0.05) as local, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": width, "height": height}, is_mobile=phone,
                                    has_touch=phone, device_scale_factor=1)
            page.set_default_timeout(10_000)
            s = Session(page, folder, local)
            page.goto(local.url)
            try:
                command(s, "challenge settings", {"game": "tarot", "deals": "1", "level": "normal"}, ("game",))
                find_message(s, "Tarot (1 donne)")
                mine = play_challenge(s, "You", random.Random(31))
                view_as(s, "Marie")
                play_challenge(s, "Marie", random.Random(7))
                view_as(s, "You")
                open_place(s, mine)
                results = find_message(s, t(LOCALE, "field_button"))
                field = tap(s, results, t(LOCALE, "field_button"), "les mêmes cartes aux autres tables")
                kept.append(keep(s, FOLDER, "field", phone, field))
                review = tap(s, results, t(LOCALE, "review_button"), "Précision", timeout=90)
                kept.append(keep(s, FOLDER, "review", phone, review))
            except Exception:
                print(f"screenshot of the failure: {s.keep_failure()}\nlocal mode said:\n{local.output()[-3000:]}")
                raise
        finally:
            browser.close()
    return kept


def main(argv: list[str]) -> int:
    sizes = [size for size in SIZES if not argv or str(size[0]) in argv]
    for width, height in sizes:
        with tempfile.TemporaryDirectory() as tmp:
            for path in shoot(Path(tmp), width, height):
                print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
