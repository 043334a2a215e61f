"""Screenshots of a deal of each game in the local mode page, at 1280 and 390 px, in French,
English and Spanish: what a player reads at the bidding, the take, a trick and the recap.

``python -m tools.phone_screens [folder] [--games tarot,piquet] [--locales fr,es] [--widths 390]``
(default folder ``docs/images/phone/screens``): for each game, language and width it starts local mode
(``DEFAULT_LOCALE`` that language, every table dealt from one fixed seed, computers pausing 0.05 s),
opens a table with computer players as the README says, opens the hand message once and plays
from it with a fixed random generator (Tarot: a Garde when offered, so the écart is played too).
The hand message is photographed at each move; kept are:

* ``1-bidding``: the hand at the player's first move (the auction; Piquet's exchange, Le Trio's draw);
* ``2-take``: the hand at the first move of the next step (the écart, the exchange, the play);
* ``3-trick``: the hand in the middle of the play (the trick so far, the last trick's winner);
* ``4-recap``: the deal's recap message.

French keeps all four at both widths; English and Spanish keep the first two (the run stops there),
which keeps the count at 64 images (256 colours each). Not a test: it takes minutes. Needs Debian's
``chromium`` and Playwright (the browser tests' set-up, ``tests/browser``).
"""

from __future__ import annotations

import argparse
import os
import queue
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.service.i18n import t
from bot.ui.parts import ROUND_GAMES
from games import i18n
from tests.browser.local_mode import ADDRESS, CHROMIUM, CHROMIUM_ARGS, ROOT, LocalMode, free_port
from tests.browser.test_tarot_in_browser import (
    IMAGES_DRAWN,
    READ_PAGE,
    Session,
    article,
    choose,
    message_ids,
    signature,
)

SEED = "48"  # every table of a run is dealt from it (its id), so each run deals the same cards
GAMES = {"tarot": ("tarot", 3, "deals=1"), "tresillo": ("tresillo", 2, "deals=1"), "trio": ("trio", 2, ""),
         "piquet": ("piquet", 1, "deals=1")}
LOCALES = ("fr", "en", "es")
#: the widths, and the viewports' heights: a phone's is 844, but a tall page lets a message longer
#: than the screen be photographed whole
WIDTHS = {1280: 900, 390: 844}
TALL = 3200
MOMENTS = ("bidding", "take", "trick", "recap")
SHORT = ("bidding", "take")  # what English and Spanish keep
MAX_MOVES = 160
TURN_TIMEOUT = 30.0


def serve(seed: str, port: int) -> int:
    """Local mode whose tables are all dealt from ``seed`` (their id)."""
    import types

    import bot.service.tables
    from bot.__main__ import main

    bot.service.tables.secrets = types.SimpleNamespace(token_hex=lambda n=8: seed)  # type: ignore[assignment]
    return main(["--local", "--port", str(port)])


def start(folder: Path, locale: str) -> LocalMode:
    env = {**os.environ, "DATABASE_PATH": str(folder / "tapis.sqlite3"), "COMPUTER_PAUSE": "0.05",
           "DEFAULT_LOCALE": locale, "PYTHONUNBUFFERED": "1", "TABLE_SETTLE": "0", "TABLE_REFRESH": "0"}
    env.pop("DISCORD_TOKEN", None)
    process = subprocess.Popen([sys.executable, "-m", "tools.phone_screens", "--serve", SEED, str(free_port())],
                               cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    out: list[str] = []
    lines: queue.Queue[str] = queue.Queue()

    def pump() -> None:
        for line in process.stdout:  # type: ignore[union-attr]
            out.append(line)
            lines.put(line)

    threading.Thread(target=pump, daemon=True).start()
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            found = ADDRESS.search(lines.get(timeout=0.5))
        except queue.Empty:
            continue
        if found:
            return LocalMode(process, found.group(1), folder / "tapis-local.sqlite3", out, [])
    process.kill()
    raise SystemExit("local mode printed no address:\n" + "".join(out))


def stop(local: LocalMode) -> None:
    local.process.terminate()
    try:
        local.process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        local.process.kill()


def phases(game: str, locale: str) -> list[str]:
    """The names of a game's steps in ``locale`` (the hand message says which one it is at)."""
    prefix = "trio" if game == "ecole" else game
    keys = sorted(k for c, k in i18n.catalogue(locale).keys() if c is None and
                  (k.startswith(f"{prefix}.phase.") or k.startswith("common.phase.")))
    return sorted((t(locale, k) for k in keys), key=len, reverse=True)


def phase_of(text: str, names: list[str]) -> str:
    return next((name for name in names if name in text), "")


def new_table(s: Session, name: str, options: str, locale: str) -> str:
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
        page.locator(f'.command-suggestion[data-value="{options}"]').wait_for()
    page.keyboard.press("Escape")
    page.locator("#send-message").click()
    lobby = page.locator("article.channel-message", has=page.locator("button", has_text=t(locale, "start")))
    lobby.last.wait_for()
    return str(lobby.last.get_attribute("data-message-id"))


def seat_computers(s: Session, lobby_id: str, computers: int, locale: str) -> None:
    lobby = article(s.page, lobby_id)
    for n in range(1, computers + 1):
        lobby.locator("button", has_text=t(locale, "add_bot_normal")).click()
        s.wait(f"computer {n} to sit", lambda n=n: t(locale, "computer", n=n) in lobby.inner_text(), 10)
    lobby.locator("button", has_text=t(locale, "start")).click()
    lobby.locator("button", has_text=t(locale, "my_hand")).wait_for()


def open_hand(s: Session, table_id: str, locale: str) -> str:
    before = set(message_ids(s.page, ephemeral=True))
    article(s.page, table_id).locator("button", has_text=t(locale, "my_hand")).click()
    new = s.wait("the hand message", lambda: [i for i in message_ids(s.page, ephemeral=True) if i not in before], 10)
    return str(new[0])


def pick(controls: list[dict[str, Any]], rng: random.Random, game: str, locale: str) -> dict[str, Any]:
    """The move: Tarot takes a Garde when offered; no give-up; otherwise any control, a card rather
    than an undo."""
    if game == "tarot":
        garde = next((c for c in controls if c["label"] == "Garde"), None)
        if garde:
            return garde
    words = [t(locale, k) for k in ("cancel", "tresillo.action.renounce", "trio.action.cancel", "vote_abort")]
    kept = [c for c in controls if c["kind"] == "select" or not any(w and w in c["label"] for w in words)] or controls
    return rng.choice(kept)


@dataclass
class Run:
    game: str
    locale: str
    width: int
    shots: list[tuple[Path, str]] = field(default_factory=list)  # (hand screenshot, its step)


def recap_title(run: Run) -> str:
    """The first recap's title: a round's in Le Trio and L'École, a deal's elsewhere."""
    return t(run.locale, "recap_round" if run.game in ROUND_GAMES else "recap", n=1)


def play(s: Session, run: Run, hand_id: str, tmp: Path, until_take: bool) -> bool:
    """Play from the hand message until the recap (or the take, ``until_take``); whether the recap came."""
    page, hand = s.page, article(s.page, hand_id)
    recap = recap_title(run)
    names = phases(run.game, run.locale)
    rng = random.Random(48)

    def read() -> dict[str, Any]:
        return page.evaluate(READ_PAGE, [hand_id, recap])

    def offered() -> dict[str, Any] | None:
        state = read()
        return state if state["recap"] or (state["present"] and state["controls"]) else None

    for move in range(MAX_MOVES):
        state = s.wait(f"move {move + 1} (or the recap)", offered, TURN_TIMEOUT)
        if state["recap"]:
            return True
        path = tmp / f"{run.game}-{run.locale}-{run.width}-{move:03d}.png"
        drawn(s, hand)
        s.shots, s.count = tmp, 0
        shot = s.shot(path.stem, hand)
        shot.replace(path)
        run.shots.append((path, phase_of(state["text"], names)))
        if until_take and len({p for _, p in run.shots}) > 1:
            return False
        before = signature(state)
        controls = [c for c in state["controls"] if c["label"] != t(run.locale, "hint")]
        choose(s, hand, pick(controls, rng, run.game, run.locale), rng)
        s.wait(f"the answer to move {move + 1}", lambda before=before: (now := read())["recap"] or
               signature(now) != before, 15)
    raise SystemExit(f"{run.game} {run.locale} {run.width}: no recap after {MAX_MOVES} moves")


def drawn(s: Session, element: Any, timeout: float = 10) -> None:
    """Wait until the message's images are drawn (up to ``timeout`` seconds)."""
    deadline = time.monotonic() + timeout
    s.page.wait_for_timeout(150)
    while not element.evaluate(IMAGES_DRAWN) and time.monotonic() < deadline:
        s.page.wait_for_timeout(150)


def kept(run: Run) -> dict[str, Path]:
    """The moments of a run: the first move, the first of the next step, the middle of the play."""
    shots = run.shots
    out: dict[str, Path] = {}
    if not shots:
        return out
    out["bidding"] = shots[0][0]
    later = [i for i, (_, p) in enumerate(shots) if p != shots[0][1]]
    take = later[0] if later else min(1, len(shots) - 1)
    out["take"] = shots[take][0]
    if len(shots) > take + 1:
        out["trick"] = shots[(take + 1 + len(shots)) // 2][0]
    return out


def save(source: Path, target: Path) -> None:
    from PIL import Image

    with Image.open(source) as image:
        image.convert("RGB").quantize(256).save(target, optimize=True)


def one(p: Any, run: Run, folder: Path, tmp: Path) -> list[Path]:
    game, computers, options = GAMES[run.game]
    short = run.locale != "fr"
    local = start(tmp, run.locale)
    browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    phone = run.width < 500
    try:
        page = browser.new_page(viewport={"width": run.width, "height": TALL}, is_mobile=phone,
                                has_touch=phone, device_scale_factor=1)
        page.set_default_timeout(15_000)
        s = Session(page, tmp, local)
        page.goto(local.url)
        lobby = new_table(s, game, options, run.locale)
        seat_computers(s, lobby, computers, run.locale)
        hand = open_hand(s, lobby, run.locale)
        done = play(s, run, hand, tmp, until_take=short)
        moments = kept(run)
        if done and not short:
            recap = page.locator("article.channel-message", has_text=recap_title(run)).last
            drawn(s, recap)
            s.shots, s.count = tmp, 0
            moments["recap"] = s.shot(f"{run.game}-recap", recap)
        out = []
        for n, moment in enumerate(MOMENTS, 1):
            if moment in moments and (not short or moment in SHORT):
                target = folder / f"{run.game}-{run.locale}-{run.width}-{n}-{moment}.png"
                save(moments[moment], target)
                out.append(target)
        return out
    except Exception:
        failure = Path(tempfile.gettempdir()) / f"phone-screens-failure-{run.game}-{run.locale}-{run.width}.png"
        page.screenshot(path=str(failure))
        print(f"screenshot of the failure: {failure}\nlocal mode said:\n{local.output()[-3000:]}", file=sys.stderr)
        raise
    finally:
        browser.close()
        stop(local)


def main(argv: list[str]) -> int:
    if argv[:1] == ["--serve"]:
        return serve(argv[1], int(argv[2]))
    parser = argparse.ArgumentParser(prog="python -m tools.phone_screens", description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", default=str(ROOT / "docs" / "images" / "phone" / "screens"))
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--locales", default=",".join(LOCALES))
    parser.add_argument("--widths", default=",".join(map(str, WIDTHS)))
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    folder = Path(args.folder).resolve()
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        for locale in args.locales.split(","):
            for game in args.games.split(","):
                for width in map(int, args.widths.split(",")):
                    for old in folder.glob(f"{game}-{locale}-{width}-*.png"):
                        old.unlink()
                    began = time.monotonic()
                    run = Run(game, locale, width)
                    work = Path(tmp) / f"{game}-{locale}-{width}"
                    work.mkdir()
                    made = one(p, run, folder, work)
                    print(f"{game} {locale} {width}: {len(run.shots)} moves, {len(made)} images,"
                          f" {time.monotonic() - began:.0f} s", flush=True)
                    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
