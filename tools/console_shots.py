"""The hand console both ways, an embed (as it was) and Components V2 (as it ships), in every game,
at a 390 x 844 phone and at 1280 px: screenshots and heights.

``python -m tools.console_shots [folder [game... way...]]`` (default ``docs/images/console``, every
game, both ways) starts local mode once
per game and way, its tables all dealt from one seed (``--serve WAY SEED PORT``: this module patched
into the bot; ``embed`` puts :func:`embed_payload` in place of :func:`bot.ui.hands.hand_payload`),
plays from the hand message at 1280 px with the same choices both ways until a turn worth showing
(a trick game's first card to play with four cards or more offered; Le Trio's and L'École's second
decision, after the draw), then shoots that message there and in a phone page (390 x 844, touch):
``<game>-<way>-<width>.png`` (each message taken in a page 2,000 px tall, so that the whole of it
shows). It prints, and
writes to ``heights.json``, each message's height, its rows of controls and its image's shown size (the comparison in docs/decisions.md, « The hand console in Components V2 »).

The embed way is here for this comparison only: the bot ships Components V2.
Needs Debian's ``chromium`` and Playwright (the browser tests' set-up, ``tests/browser``).
"""

from __future__ import annotations

import io
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

from bot.service.i18n import t
from games.base import Action, PickMenu
from tests.browser.local_mode import ADDRESS, CHROMIUM, CHROMIUM_ARGS, ROOT, LocalMode, free_port
from tests.browser.test_piquet_in_browser import piquet_move
from tests.browser.test_tarot_in_browser import (
    LOCALE,
    READ_PAGE,
    Session,
    article,
    choose,
    open_hand,
    start_with_computers,
    take_or_any,
)
from tools.issue19_shots import new_table

SEED = "49"
WAYS = ("embed", "v2")
#: game, computers beside you (Tarot of four), the turn shot (:func:`worth_showing`)
SHOWN = (("tarot", 3), ("tresillo", 2), ("piquet", 1), ("trio", 2), ("ecole", 2))
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
MAX_MOVES = 40
MEASURE = """el => {
  const box = el.getBoundingClientRect();
  const img = el.querySelector('img.gallery-image, img.embed-image');
  const shown = img ? img.getBoundingClientRect() : null;
  const rows = el.querySelectorAll('.component-row').length;
  return {height: Math.round(box.height), width: Math.round(box.width), rows,
          image: shown ? [Math.round(shown.width), Math.round(shown.height)] : null,
          natural: img ? [img.naturalWidth, img.naturalHeight] : null};
}"""
IMAGES_DRAWN = "el => [...el.querySelectorAll('img')].every((i) => i.complete && i.naturalWidth)"


def embed_payload(table: Any, view: dict[str, Any], legal: list[Action], picks: int, locale: str,
                  group: int | None = None, note: str | None = None, hint: bool = False,
                  menu: PickMenu | None = None, png: bytes | None = None, alt: str | None = None) -> dict[str, Any]:
    """The console as it was before Components V2 (for this comparison only): an embed with the
    same words and the hand image, and five rows of buttons at most (a row per suit when they fit)."""
    import discord

    from bot.ui import hands, views
    from rendering import alt_text

    if menu is not None:
        picks = menu.n
    now, context = hands.hand_text(table, view, legal, picks, locale, group, note, menu, png)
    embed = discord.Embed(title=t(locale, "hand_title", game=views.game_title(table.game, locale)),
                          colour=discord.Colour.dark_blue(), description="\n".join(now + context)[:4000])
    files = []
    if png:
        files.append(discord.File(io.BytesIO(png), filename="hand.png",
                                  description=(alt or alt_text.hand_alt(view, locale, hands.lit_cards(legal, menu)))[:1024]))
        embed.set_image(url="attachment://hand.png")
    ui = views.hand_view(table, legal, picks, locale, group, hint=hint and picks <= 1, menu=menu,
                         hand=[str(c) for c in view.get("hand") or ()], rows=5)
    return {"embed": embed, "attachments": files, "view": ui}


def serve(way: str, seed: str, port: int) -> int:
    """Local mode whose tables are all dealt from ``seed``; ``way`` ``embed``: the console as it was."""
    import types

    import bot.service.tables
    import bot.ui.hands
    from bot.__main__ import main

    bot.service.tables.secrets = types.SimpleNamespace(token_hex=lambda n=8: seed)  # type: ignore[attr-defined,assignment]
    if way == "embed":
        bot.ui.hands.hand_payload = embed_payload
    return main(["--local", "--port", str(port)])


def start(folder: Path, way: str) -> LocalMode:
    """Local mode (:func:`serve`) on a free port with its own database in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "DATABASE_PATH": str(folder / "tapis.sqlite3"), "COMPUTER_PAUSE": "0",
           "DEFAULT_LOCALE": "fr", "PYTHONUNBUFFERED": "1"}
    env.pop("DISCORD_TOKEN", None)
    process = subprocess.Popen([sys.executable, "-m", "tools.console_shots", "--serve", way, SEED, str(free_port())],
                               cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True, start_new_session=True)
    out: list[str] = []
    stdout = process.stdout
    assert stdout is not None
    for line in stdout:
        out.append(line)
        found = ADDRESS.search(line)
        if found:
            threading.Thread(target=out.extend, args=(stdout,), daemon=True).start()  # the rest, unread
            return LocalMode(process, found.group(1), folder / "tapis-local.sqlite3", out, [])
    raise SystemExit("local mode printed no address:\n" + "".join(out))


def worth_showing(game: str, turn: int, state: dict[str, Any]) -> bool:
    """The turn shot: Le Trio's and L'École's second decision; in the trick games, the first turn
    with a trick under way (or to lead) and four cards or more offered."""
    if game in ("trio", "ecole"):
        return turn >= 2
    buttons = [c for c in state["controls"] if c["kind"] == "button"]
    return ("Pli en cours" in state["text"] or "Nouveau pli" in state["text"]) and len(buttons) >= 4


def move(game: str, s: Session, hand: Any, controls: list[dict[str, Any]], rng: random.Random) -> str:
    if game == "piquet":
        return piquet_move(s, hand, controls, rng)
    if game == "tarot":
        return take_or_any(s, hand, controls, rng)
    return choose(s, hand, rng.choice(controls), rng)


def offered(page: Any, hand_id: str, recap: str) -> dict[str, Any] | None:
    """The hand message's text and controls, once it offers some."""
    state: dict[str, Any] = page.evaluate(READ_PAGE, [hand_id, recap])
    return state if state["controls"] else None


def shoot(page: Any, hand_id: str, out: Path) -> dict[str, Any]:
    hand = article(page, hand_id)
    hand.wait_for()
    hand.scroll_into_view_if_needed()
    for _ in range(50):
        if hand.evaluate(IMAGES_DRAWN):
            break
        page.wait_for_timeout(100)
    page.wait_for_timeout(300)
    hand.screenshot(path=str(out))
    small(out)
    measured: dict[str, Any] = hand.evaluate(MEASURE)
    measured["picture"] = picture(measured)
    return measured


def small(path: Path) -> None:
    """The screenshot in 256 colours (small files, as ``tests/browser`` keeps its phone shots)."""
    from PIL import Image

    with Image.open(path) as image:
        image.convert("RGB").quantize(256).save(path, optimize=True)


def picture(measured: dict[str, Any]) -> list[int] | None:
    """The cards as drawn: the image in its box (an embed's image fits a box 280 px tall at most,
    ``object-fit: contain``)."""
    box, natural = measured.get("image"), measured.get("natural")
    if not box or not natural:
        return None
    scale = min(box[0] / natural[0], box[1] / natural[1])
    return [round(natural[0] * scale), round(natural[1] * scale)]


def one(p: Any, game: str, computers: int, way: str, folder: Path, tmp: Path) -> dict[str, Any]:
    local = start(tmp / f"{game}-{way}", way)
    browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        page = browser.new_page(viewport=DESKTOP, device_scale_factor=1)
        page.set_default_timeout(30_000)
        s = Session(page, tmp, local)
        page.goto(local.url)
        lobby = new_table(s, game, "" if game in ("trio", "ecole") else "deals=1")
        start_with_computers(s, lobby, computers)
        hand_id = open_hand(s, lobby)
        rng = random.Random(int(SEED))
        recap = t(LOCALE, "recap", n=1)
        for turn in range(1, MAX_MOVES + 1):
            state = s.wait("the hand to offer a move", lambda: offered(page, hand_id, recap), 20)
            if worth_showing(game, turn, state):
                break
            before = (state["text"], tuple(c["key"] for c in state["controls"]))
            controls = [c for c in state["controls"] if c["label"] != t(LOCALE, "hint")]
            move(game, s, article(page, hand_id), controls, rng)
            s.wait("the hand to answer", lambda before=before: (
                (now := page.evaluate(READ_PAGE, [hand_id, recap]))["text"],
                tuple(c["key"] for c in now["controls"])) != before, 10)
        else:
            raise SystemExit(f"{game}: no turn worth showing in {MAX_MOVES} moves")
        page.set_viewport_size({"width": DESKTOP["width"], "height": 2000})  # the whole message, nothing over it
        shots = {"turn": turn, "1280": shoot(page, hand_id, folder / f"{game}-{way}-1280.png")}
        phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=1)
        small = phone.new_page()
        small.set_default_timeout(30_000)
        small.goto(local.url)
        article(small, hand_id).wait_for()
        small.set_viewport_size({"width": PHONE["width"], "height": 2000})  # the whole message, nothing over it
        shots["390"] = shoot(small, hand_id, folder / f"{game}-{way}-390.png")
        phone.close()
        return shots
    finally:
        browser.close()
        local.process.send_signal(signal.SIGINT)
        local.process.wait(timeout=15)


def main(argv: list[str]) -> int:
    if argv[:1] == ["--serve"]:
        return serve(argv[1], argv[2], int(argv[3]))
    from playwright.sync_api import sync_playwright

    folder = Path(argv[0] if argv else ROOT / "docs" / "images" / "console").resolve()
    folder.mkdir(parents=True, exist_ok=True)
    only = set(argv[1:])
    heights = folder / "heights.json"
    figures: dict[str, Any] = json.loads(heights.read_text(encoding="utf-8")) if only and heights.exists() else {}
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        games = {g for g, _ in SHOWN} & only or {g for g, _ in SHOWN}
        for game, computers in SHOWN:
            if game not in games:
                continue
            for way in [w for w in WAYS if w in only] or WAYS:
                figures[f"{game}-{way}"] = got = one(p, game, computers, way, folder, Path(tmp))
                print(game, way, json.dumps(got), flush=True)
    heights.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
