"""Card faces pasted band by band (``rendering.canvas.paste_face``) give exactly the
pixels of a paste through their own alpha."""

from __future__ import annotations

import pytest
from PIL import Image

from games.cards import spanish_deck, tarot_deck
from rendering.canvas import _bands, _Same, felt, paste_face
from rendering.cards import back_image, card_image, dimmed


@pytest.mark.parametrize("width,compact", [(96, False), (72, True), (46, True)])
def test_band_paste_is_the_alpha_paste(width: int, compact: bool) -> None:
    faces = [card_image(c.code, c.family, width, "fr", compact) for c in [*tarot_deck(), *spanish_deck()]]
    faces += [back_image(width), dimmed("7H", "french", width, "en"), card_image("JK", "french", width, "fr", compact)]
    assert all(_bands(_Same(face)) is not None for face in faces)  # the fast path, not the fallback
    fast, slow = felt(900, 400, (18, 76, 52), (40, 30, 20)), felt(900, 400, (18, 76, 52), (40, 30, 20))
    for i, face in enumerate(faces):
        x, y = (i * 37) % (900 - width), (i * 53) % (400 - face.height)  # overlapping, as in a hand
        paste_face(fast, face, x, y)
        slow.paste(face, (x, y), face)
    assert fast.tobytes() == slow.tobytes()


def test_a_face_past_the_edges_is_clipped_as_pillow_clips_it() -> None:
    face = card_image("KH", "french", 72, "fr", True)
    fast, slow = felt(200, 150, (18, 76, 52), (40, 30, 20)), felt(200, 150, (18, 76, 52), (40, 30, 20))
    for x, y in [(-30, -40), (170, 100), (-10, 120), (150, -5)]:
        paste_face(fast, face, x, y)
        slow.paste(face, (x, y), face)
    assert fast.tobytes() == slow.tobytes()


def test_a_face_with_a_hole_is_pasted_whole() -> None:
    face = Image.new("RGBA", (40, 60), (200, 10, 10, 255))
    face.putpixel((20, 30), (0, 0, 0, 0))
    assert _bands(_Same(face)) is None
    fast, slow = felt(100, 100), felt(100, 100)
    paste_face(fast, face, 5, 5)
    slow.paste(face, (5, 5), face)
    assert fast.tobytes() == slow.tobytes()


@pytest.mark.parametrize("fill", [(246, 196, 72), (110, 180, 250), (90, 104, 98)])
def test_a_pasted_number_label_is_the_label_drawn_in_place(fill: tuple[int, int, int]) -> None:
    """``rendering.hand.number_label``: drawn once on the felt, pasted whole, the same pixels as
    the rounded label and its number drawn on the hand's felt."""
    from PIL import ImageDraw

    from rendering.canvas import text
    from rendering.hand import LABEL_H, LABEL_SIZE, LABEL_W, number_label

    for index in range(1, 41):
        drawn, pasted = felt(LABEL_W + 20, LABEL_H + 10), felt(LABEL_W + 20, LABEL_H + 10)
        x, top = 7, 3
        ImageDraw.Draw(drawn).rounded_rectangle([x + 2, top + 2, x + LABEL_W + 2, top + LABEL_H - 3], radius=7, fill=fill)
        text(ImageDraw.Draw(drawn), (x + LABEL_W / 2 + 2, top + LABEL_H / 2), str(index), LABEL_SIZE, (20, 20, 20),
             bold=True, anchor="mm")
        pasted.paste(number_label(index, fill), (x + 2, top + 2))
        assert pasted.tobytes() == drawn.tobytes(), index
