"""A whole Tarot deal played in a real browser, as the README tells a new user to.

Local mode runs as a subprocess (``python -m bot --local``, temporary database, computers pausing
0.05 s); headless Chromium (Debian's ``chromium``) driven by Playwright opens the printed address,
types ``/table new`` in the composer (game tarot, ``deals=1``), adds three computer players, starts,
opens "Ma main" once and plays the deal clicking only in that one hand message: at each turn it
waits for the message to show enabled actions, picks one, and goes on until the deal's recap.
Screenshots go to ``$TMPDIR/tapis-browser`` (emptied at each run; ``TAPIS_SCREENSHOTS=folder``
puts them elsewhere); a failure names the move and the screenshot of the page at that moment.
"""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.service.i18n import t
from tests.browser.local_mode import CHROMIUM, CHROMIUM_ARGS, LocalMode, local_mode, need_browser

LOCALE = "fr"
TURN_TIMEOUT = 20.0  # seconds for the hand message to offer actions again (computers pause 0.05 s)
MAX_MOVES = 80
TAKE = "Garde"  # the bid the player makes when offered

# What one poll of the page reads: the hand message's text and enabled controls, and
# whether the deal's recap is in the channel.
READ_PAGE = """([handId, recap]) => {
  const hand = document.querySelector(`article.channel-message[data-message-id="${handId}"]`);
  const list = document.querySelector('#channel-message-list');
  const enabled = (el) => el.getAttribute('aria-disabled') !== 'true' && !el.disabled;
  const controls = hand ? [...hand.querySelectorAll('.message-components button.component-button')]
    .filter(enabled).map((b) => ({kind: 'button', key: b.dataset.controlKey, label: b.innerText.trim()})) : [];
  const selects = hand ? [...hand.querySelectorAll('.message-components .preview-select')]
    .filter((s) => { const t = s.querySelector('.select-trigger'); return t && enabled(t); })
    .map((s) => ({kind: 'select', key: s.dataset.controlKey, label: s.querySelector('.select-trigger').getAttribute('aria-label'),
                  minimum: Number(s.dataset.minimum || 1), maximum: Number(s.dataset.maximum || 1)})) : [];
  const shown = hand ? hand.cloneNode(true) : null;  // the text without the controls (a menu shows its picks; a V2 message's texts stay)
  shown?.querySelectorAll('.message-components .component-row').forEach((c) => c.remove());
  return {present: Boolean(hand), text: shown ? shown.textContent : '',
          controls: [...selects, ...controls], recap: Boolean(list && list.innerText.includes(recap))};
}"""


IMAGES_DRAWN = "el => [...el.querySelectorAll('img')].every((i) => i.getAttribute('src') && i.complete && i.naturalWidth)"


class HandStalled(AssertionError):
    """The hand message did not show the player's legal actions when their turn came back."""


class Session:
    """The page, where its screenshots go, and the local mode behind it."""

    def __init__(self, page: Any, shots: Path, local: LocalMode) -> None:
        self.page, self.shots, self.local = page, shots, local
        self.count = 0

    def shot(self, name: str, element: Any = None, bottom: int = 0) -> Path:
        """A screenshot of the page (one message, or the page's last ``bottom`` pixels) once its
        images are drawn (up to 3 s)."""
        self.count += 1
        path = self.shots / f"{self.count:03d}-{name}.png"
        scope = element or self.page.locator("#channel-message-list")
        deadline = time.monotonic() + 3
        while not scope.evaluate(IMAGES_DRAWN) and time.monotonic() < deadline:
            self.page.wait_for_timeout(100)
        if element is not None:
            element.screenshot(path=str(path))
        else:
            size = self.page.viewport_size or {"width": 1280, "height": 2400}
            clip = {"x": 0, "y": size["height"] - bottom, "width": size["width"], "height": bottom} if bottom else None
            self.page.screenshot(path=str(path), clip=clip)
        return path

    def keep_failure(self) -> Path:
        """The page as it is (``failure.png``, ``failure.html``) for a failing run."""
        path = self.shots / "failure.png"
        if not path.exists():
            self.page.screenshot(path=str(path))
            (self.shots / "failure.html").write_text(self.page.content(), encoding="utf-8")
        return path

    def fail(self, exc: type[AssertionError], message: str) -> None:
        path = self.keep_failure()
        raise exc(f"{message}\nscreenshot: {path}\nlocal mode said:\n{self.local.output()[-3000:]}")

    def wait(self, what: str, check: Any, timeout: float, exc: type[AssertionError] = AssertionError) -> Any:
        """Poll ``check()`` until it returns something true; fail with a screenshot after ``timeout``."""
        deadline = time.monotonic() + timeout
        while True:
            found = check()
            if found:
                return found
            if time.monotonic() > deadline:
                self.fail(exc, f"waited {timeout:.0f} s for {what}")
            self.page.wait_for_timeout(100)


def article(page: Any, message_id: str) -> Any:
    return page.locator(f'article.channel-message[data-message-id="{message_id}"]')


def message_ids(page: Any, ephemeral: bool = False) -> list[str]:
    selector = "article.channel-message" + (":has(.message-ephemeral-note)" if ephemeral else "")
    return page.eval_on_selector_all(selector, "els => els.map((e) => e.dataset.messageId)")


def open_table(s: Session, name: str = "tarot") -> str:
    """``/table new`` from the composer (``name`` from the game picker, ``options: deals=1``); the lobby's id."""
    page = s.page
    page.locator("#channel-composer-input").click()
    page.keyboard.type("/table new")
    page.locator(".command-entry", has_text="/table new").first.click()
    game = page.locator('.command-option-input[data-option="game"]')
    game.click()
    offered = page.locator(".command-suggestion")
    offered.first.wait_for()
    values = offered.evaluate_all("els => els.map((e) => e.dataset.value)")
    assert {"tarot", "tresillo", "trio", "ecole", "piquet"} <= set(values), f"the empty game field offers {values}"
    s.shot("game-picker", bottom=520)
    page.locator(f'.command-suggestion[data-value="{name}"]').click()
    page.locator(".command-ghost").click()
    page.locator('.command-suggestion[data-value="options"]').click()
    page.locator('.command-option-input[data-option="options"]').type("deals=1")
    # the autocomplete completes deals=1 (deals=1, deals=10...): its answer waited for, so that it
    # cannot reopen the suggestions after Escape closes them (Enter would then pick one, not send)
    page.locator('.command-suggestion[data-value="deals=1"]').wait_for()
    page.keyboard.press("Escape")  # closes the options' suggestions; Enter then sends the command
    s.shot("composer", bottom=200)
    page.keyboard.press("Enter")
    lobby = page.locator("article.channel-message", has=page.locator("button", has_text=t(LOCALE, "start")))
    lobby.first.wait_for()
    return str(lobby.first.get_attribute("data-message-id"))


def start_with_computers(s: Session, lobby_id: str, computers: int) -> None:
    lobby = article(s.page, lobby_id)
    for n in range(1, computers + 1):
        lobby.locator("button", has_text=t(LOCALE, "add_bot_normal")).click()
        s.wait(f"computer {n} to sit", lambda n=n: t(LOCALE, "computer", n=n) in lobby.inner_text(), 10)
    s.shot("lobby", lobby)
    lobby.locator("button", has_text=t(LOCALE, "start")).click()
    lobby.locator("button", has_text=t(LOCALE, "my_hand")).wait_for()
    s.shot("table", lobby)


def open_hand(s: Session, table_id: str) -> str:
    """Click "Ma main" once; the id of the private hand message it opens."""
    before = set(message_ids(s.page, ephemeral=True))
    article(s.page, table_id).locator("button", has_text=t(LOCALE, "my_hand")).click()
    new = s.wait("the hand message", lambda: [i for i in message_ids(s.page, ephemeral=True) if i not in before], 10)
    assert len(new) == 1, f"one private message expected, got {new}"
    return new[0]


def signature(state: dict[str, Any]) -> tuple[Any, ...]:
    """What a move changes in the hand message: its text or its controls (images load late)."""
    return state["text"], tuple((c["key"], c["label"]) for c in state["controls"])


def choose(s: Session, hand: Any, control: dict[str, Any], rng: random.Random) -> str:
    """Click a button, or pick in a menu (several options when it asks for several)."""
    if control["kind"] == "button":
        hand.locator(f'button[data-control-key="{control["key"]}"]').click()
        return control["label"]
    return pick_in_menu(hand, control, rng)


def pick_in_menu(hand: Any, control: dict[str, Any], rng: random.Random) -> str:
    """Open the menu with one click, pick ``minimum`` options at random, and close it with one more
    click when it takes several (it sends like Discord's). No click is retried: a menu that did not
    open, or closed while picking, fails the test (:mod:`bot.ui.local_page` says why it once did)."""
    menu = hand.locator(f'.preview-select[data-control-key="{control["key"]}"]')
    options = menu.locator(".select-option:not(.is-disabled)")
    menu.scroll_into_view_if_needed()
    trigger = menu.locator(".select-trigger")
    if hand.evaluate("() => navigator.maxTouchPoints > 0"):
        trigger.tap()  # a phone taps
    else:
        trigger.click()
    # the page draws the open menu on its next render: wait for it (a busy page renders late), never tap again
    opened = hand.page.wait_for_function("(el) => el.classList.contains('is-open')", arg=menu.element_handle(),
                                         timeout=5000, polling=50)
    assert opened, f"the menu {control['label']!r} did not open"
    labels = options.evaluate_all("els => els.map((e) => e.innerText.trim())")
    chosen = sorted(rng.sample(range(len(labels)), min(control["minimum"], len(labels))))
    for i in chosen:
        options.nth(i).click(timeout=5000)
        assert "is-open" in (menu.get_attribute("class") or ""), f"the menu closed after {labels[i]!r}"
    if control["maximum"] > 1:  # a menu of several closes (and sends) like Discord's: click it again
        menu.locator(".select-trigger").click(timeout=5000)
        deadline = time.monotonic() + 10
        while menu.count() and time.monotonic() < deadline:  # sent: the hand moves on without it
            hand.page.wait_for_timeout(100)
        assert not menu.count(), f"the picks of {control['label']!r} were not sent"
    return " + ".join(labels[i] for i in chosen)


def take_or_any(s: Session, hand: Any, controls: list[dict[str, Any]], rng: random.Random) -> str:
    """Tarot's move: take a Garde when offered, so the écart (a menu asking for six cards) is played
    too; otherwise any offered control."""
    control = next((c for c in controls if c["label"] == TAKE), None) or rng.choice(controls)
    return choose(s, hand, control, rng)


Move = Callable[[Session, Any, list[dict[str, Any]], random.Random], str]


def play_deal(s: Session, hand_id: str, rng: random.Random, move: Move = take_or_any, shots: bool = True) -> list[str]:
    """Play from the one hand message until the deal's recap appears, each move picked by ``move``
    among the offered controls (the Hint button is not a move); the moves made (``shots``: a
    screenshot of the hand before each)."""
    page, hand = s.page, article(s.page, hand_id)
    recap = t(LOCALE, "recap", n=1)

    def read() -> dict[str, Any]:
        return page.evaluate(READ_PAGE, [hand_id, recap])

    def offered() -> dict[str, Any] | None:
        state = read()
        return state if state["recap"] or (state["present"] and state["controls"]) else None

    moves: list[str] = []
    while len(moves) < MAX_MOVES:
        state = s.wait(f"the hand message to offer move {len(moves) + 1} (or the recap)", offered,
                       TURN_TIMEOUT, HandStalled if moves else AssertionError)
        if state["recap"]:
            return moves
        if shots:
            s.shot(f"move-{len(moves) + 1}", hand)
        before = signature(state)
        controls = [c for c in state["controls"] if c["label"] != t(LOCALE, "hint")]
        moves.append(move(s, hand, controls, rng))
        s.wait(f"the hand message to answer move {len(moves)} ({moves[-1]})",
               lambda before=before: (now := read())["recap"] or signature(now) != before, 10)
    s.fail(AssertionError, f"no recap after {MAX_MOVES} moves: {moves}")
    return moves


def play_one_deal(s: Session, move: Move = take_or_any) -> list[str]:
    """The whole story in the page: open, fill and start a table, play the deal, see the results."""
    page = s.page
    lobby_id = open_table(s)
    start_with_computers(s, lobby_id, 3)
    ephemeral_before = len(message_ids(page, ephemeral=True))
    hand_id = open_hand(s, lobby_id)
    moves = play_deal(s, hand_id, random.Random(12), move)
    s.shot("hand-at-the-end", article(page, hand_id))
    s.shot("recap", page.locator("article.channel-message", has_text=t(LOCALE, "recap", n=1)).last)
    assert len(message_ids(page, ephemeral=True)) == ephemeral_before + 1, \
        "the moves posted no other private message (one hand message for the whole deal)"
    results = page.locator("article.channel-message", has_text=t(LOCALE, "results", game="Tarot", host="\0", table="\0")
                           .split("\0")[0])  # "Tarot : résultats, table de "
    results.last.wait_for(timeout=10_000)
    s.shot("results", results.last)
    s.shot("table-at-the-end", article(page, lobby_id))
    return moves


#: the phone run's screenshots kept in the repository: a few moments, looked at by people
PHONE_SHOTS = Path(__file__).resolve().parents[2] / "docs" / "images" / "phone" / "browser"
PHONE_KEPT = ("lobby", "table", "hand-at-the-end", "recap", "table-at-the-end")


def keep_phone_shots(shots: Path) -> None:
    """A few of the phone run's screenshots (the moments above, the first move and the last two) to
    :data:`PHONE_SHOTS`, replacing the previous ones, in 256 colours (small files)."""
    from PIL import Image

    shutil.rmtree(PHONE_SHOTS, ignore_errors=True)
    PHONE_SHOTS.mkdir(parents=True, exist_ok=True)
    named = {path.stem.split("-", 1)[-1]: path for path in sorted(shots.glob("[0-9]*.png"))}
    moves = sorted((n for n in named if n.startswith("move-")), key=lambda n: int(n.split("-")[1]))
    for name in [*PHONE_KEPT, *moves[:1], *moves[-2:]]:
        if name in named:
            with Image.open(named[name]) as image:
                image.convert("RGB").quantize(256).save(PHONE_SHOTS / f"{name}.png", optimize=True)


@pytest.mark.timeout(240)
@pytest.mark.parametrize("width,height", [(1280, 900), (390, 844)], ids=["desktop", "phone"])
def test_a_whole_tarot_deal_from_one_hand_message(tmp_path: Path, width: int, height: int) -> None:
    """At desktop width and at a 390 x 844 phone viewport."""
    need_browser()
    from playwright.sync_api import sync_playwright

    phone = width < 500
    shots = Path(os.environ.get("TAPIS_SCREENSHOTS") or Path(tempfile.gettempdir()) / "tapis-browser")
    shots = shots / "phone" if phone else shots
    if not os.environ.get("TAPIS_SCREENSHOTS"):
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
                moves = play_one_deal(s, take_or_any)
            except Exception:
                print(f"screenshot of the failure: {s.keep_failure()}\nlocal mode said:\n{local.output()[-3000:]}")
                raise
        finally:
            browser.close()
            if phone:
                keep_phone_shots(shots)
    with sqlite3.connect(local.database) as db:
        status = db.execute("SELECT status FROM game_tables").fetchall()
        by_you = db.execute("SELECT count(*) FROM actions WHERE seat = 0 AND by_computer = 0").fetchone()[0]
    assert status == [("over",)], status
    assert by_you >= len(moves) >= 19, (by_you, moves)  # a bid and 18 cards at least
    assert local.stderr == [], "local mode logged problems:\n" + "".join(local.stderr)
    assert time.monotonic() - started < 120, "the browser test should stay under 2 minutes"
