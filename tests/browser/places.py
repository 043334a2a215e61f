"""Browser helpers for the places of the local page: slash commands with options, "Viewing as",
the sidebar's channel and threads, and the screenshots kept in ``docs/images``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.browser.test_tarot_in_browser import Session

DOCS = Path(__file__).resolve().parents[2] / "docs" / "images"


def command(s: Session, name: str, options: dict[str, str] | None = None, choices: tuple[str, ...] = ()) -> None:
    """Type ``/name`` in the composer, fill ``options`` (those in ``choices`` picked in their list),
    send it."""
    page = s.page
    page.locator("#channel-composer-input").click()
    page.keyboard.type(f"/{name}")
    page.locator(".command-entry", has_text=f"/{name}").first.click()
    for option, value in (options or {}).items():
        field = page.locator(f'.command-option-input[data-option="{option}"]')
        if not field.count():
            offered = page.locator(f'.command-suggestion[data-value="{option}"]')
            if not offered.count():
                page.locator(".command-ghost").click()
            offered.click()
        field.click()
        if option in choices:
            page.locator(f'.command-suggestion[data-value="{value}"]').click()
        else:
            field.type(value)
    page.keyboard.press("Escape")  # closes the suggestions; Enter then sends the command
    page.keyboard.press("Enter")
    s.wait(f"/{name} to be sent", lambda: not page.locator(".command-chip").count(), 10)


def view_as(s: Session, name: str) -> None:
    """"Viewing as" ``name``; returns once the page shows what they see."""
    page = s.page
    wanted = page.select_option("#viewer-picker", label=name)[0]
    s.wait(f"the page to view as {name}", lambda: str(page.evaluate("window.simcordPreview.viewerId")) == wanted
           and page.evaluate("window.simcordPreview.ready"), 10)


def places(s: Session) -> list[dict[str, str]]:
    found: list[dict[str, str]] = s.page.evaluate("window.tapisLocal.places()")
    return found


def open_place(s: Session, name: str) -> None:
    """Click ``name`` in the sidebar's channels and threads (the phone's drawer opened first)."""
    page = s.page
    button = page.locator(".tapis-place", has_text=name).first
    s.wait(f"{name} among the places", lambda: button.count(), 10)
    width = (page.viewport_size or {"width": 1280})["width"]

    def shown() -> bool:
        box = button.bounding_box()
        return box is not None and box["width"] > 0 and box["x"] >= 0 and box["x"] + box["width"] <= width + 1

    if not shown():  # the phone's sidebar is a drawer
        page.locator("#messages-toggle").click()
        s.wait("the sidebar's drawer", shown, 5)
        page.wait_for_timeout(300)  # its slide
    button.click()
    wait_place(s, name)


def wait_place(s: Session, name: str) -> None:
    s.wait(f"the page to show {name}", lambda: s.page.locator("#channel-name").inner_text().strip() == name
           and s.page.evaluate("window.simcordPreview.ready"), 10)


def keep(s: Session, folder: str, name: str, phone: bool, showing: Any = None) -> Path:
    """The page, scrolled to its newest messages (or to ``showing``), as
    ``docs/images/<folder>/<name>_<desktop|phone>.png`` (256 colours)."""
    from PIL import Image

    newest(s)
    if showing is not None:
        showing.scroll_into_view_if_needed()
    path = s.shot(name)
    out = DOCS / folder / f"{name}_{'phone' if phone else 'desktop'}.png"
    out.parent.mkdir(parents=True, exist_ok=True)
    with Image.open(path) as image:
        image.convert("RGB").quantize(256).save(out, optimize=True)
    return out


def last_message(s: Session, text: str) -> Any:
    return s.page.locator("article.channel-message", has_text=text).last


def newest(s: Session) -> None:
    """Jump to the newest messages when the page offers it (it keeps the window on a message it
    focused, the answer of the last action)."""
    button = s.page.locator("#new-messages")
    if button.is_visible():
        button.click()
        s.wait("the newest messages", lambda: not button.is_visible() and s.page.evaluate("window.simcordPreview.ready"),
               10)


def find_message(s: Session, text: str, timeout: float = 10) -> Any:
    """The last message showing ``text``, waited for (up to ``timeout``), the newest messages
    brought into the page meanwhile."""
    found = last_message(s, text)

    def there() -> bool:
        if found.count():
            return True
        newest(s)
        return bool(found.count())

    s.wait(f"a message showing {text!r}", there, timeout)
    return found
