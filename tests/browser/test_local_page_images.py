"""The local page's images keep their box while the page rebuilds them (a few seconds, no local mode).

Opening a menu makes simcord's page rebuild every message; a rebuilt image has no source until its
blob is read again, and Chromium shows its description meanwhile. The hand console's description
names every card: without ``local.css`` its box grew to the wrapped text at phone width, the menu's
field left the window and the menu closed at the first tap (:mod:`bot.ui.local_page`). Here the
page's own style sheets dress a rebuilt image (simcord's markup for a Components V2 media gallery
and an embed's image) and its box is measured.
"""

from __future__ import annotations

import pytest

from bot.ui.local_page import ASSETS, STATIC
from tests.browser.local_mode import CHROMIUM, CHROMIUM_ARGS, need_browser

#: a 24-card hand's description, as long as the écart's (about 900 characters)
DESCRIPTION = ("Votre main, 24 cartes\u00a0: " + ", ".join(f"({n}) {n % 10 + 1} de trèfle" for n in range(1, 25))
               + ". Jouables\u00a0: " + ", ".join(f"{n} de cœur" for n in range(1, 17))
               + ". Chien\u00a0: 3 de trèfle, Dame de carreau, 8 de cœur, 3 de cœur, 16 d'atout, Roi de pique.")

PAGE = """<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1">
<style>{preview}</style><style>{local}</style></head><body>
<div id="channel-message-list"><article class="channel-message">
<div class="message-components components-v2"><div class="component-gallery"><figure class="gallery-item">
<button class="media-lightbox-trigger" type="button" disabled></button></figure></div></div>
<article class="embed-card"><button class="media-lightbox-trigger" type="button" disabled></button></article>
</article></div></body></html>"""

#: as simcord's media.js builds an image before its blob is read: description, size, no source
REBUILD = """([description, width, height]) => [...document.querySelectorAll('.media-lightbox-trigger')].map((trigger, n) => {
  const image = document.createElement('img');
  image.className = n ? 'embed-image' : 'gallery-image';
  image.alt = description;
  image.loading = 'eager';
  image.width = width;
  image.height = height;
  trigger.replaceChildren(image);
  const box = image.getBoundingClientRect();
  return [image.className, box.width, box.height];
})"""


@pytest.mark.parametrize("width", [390, 1280], ids=["phone", "desktop"])
def test_an_image_being_rebuilt_keeps_its_ratio_whatever_its_description(width: int) -> None:
    need_browser()
    from playwright.sync_api import sync_playwright

    page_text = PAGE.format(preview=(STATIC / "preview.css").read_text(encoding="utf-8"),
                            local=(ASSETS / "local.css").read_text(encoding="utf-8"))
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": width, "height": 844}, is_mobile=width < 500,
                                    has_touch=width < 500)
            page.set_content(page_text)
            boxes = page.evaluate(REBUILD, [DESCRIPTION, 506, 466])
        finally:
            browser.close()
    for name, shown_width, shown_height in boxes:
        expected = shown_width * 466 / 506 if name == "gallery-image" else min(shown_width * 466 / 506, 280)  # an embed's: 280 px at most
        assert abs(shown_height - expected) < 1, f"{name}: {shown_width:.0f} x {shown_height:.0f}, not {expected:.0f} tall"
