"""A table drawn straight onto the fixed palette (:mod:`rendering.indexed`) is the table
drawn in RGB and mapped onto the palette (what :func:`rendering.canvas.encode` did with it), but for
a few pixels where two antialiased edges cross: a text's or a card corner's edge blended over
another edge (the oval's rim, a card under it), whose colour the palette only approximates."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image, ImageChops

import games
from rendering import canvas, indexed, palette
from rendering.cards import wild_image
from rendering.layouts import layout_for
from rendering.samples import NAMES, moments

MOST = 12  # differing pixels in one table (6 at most met: a few crossings of edges)


def _tables(name: str) -> Iterator[tuple[str, dict[str, Any], list[str], str]]:
    """Every moment of a match at the fewest, four and the most seats, in three languages."""
    game = games.GAMES[name]
    for seats in sorted({game.min_seats, min(4, game.max_seats), game.max_seats}):
        for locale in ("fr", "en", "es"):
            names = canvas.seat_names(NAMES[:seats], seats, locale)
            for m in moments(game, seats, seed=seats + 7).values():
                yield f"{seats} seats, {locale}, {m.name}", m.public, names, locale


def _differing(a: Image.Image, b: Image.Image) -> set[tuple[int, int]]:
    """The pixels where two images on the palette differ (the palette has no colour twice)."""
    a, b = (Image.frombytes("L", img.size, img.tobytes()) for img in (a, b))  # the indexes
    diff = ImageChops.difference(a, b)
    box = diff.getbbox()
    if box is None:
        return set()
    crop = diff.crop(box)
    return {(box[0] + i % crop.width, box[1] + i // crop.width) for i, v in enumerate(crop.tobytes()) if v}


@pytest.fixture
def blended(monkeypatch: pytest.MonkeyPatch) -> set[tuple[int, int]]:
    """The pixels partly covered by a piece :func:`rendering.indexed._blend` put on something that
    was not one colour (the only pixels allowed to differ from the reference)."""
    seen: set[tuple[int, int]] = set()
    blend = indexed._blend

    def spy(core: Any, box: indexed.Box, source: Any, mask: Any, cover: Any) -> None:
        alpha = Image.new("L", (1, 1))._new(mask)
        alpha = alpha.getchannel("A") if alpha.mode == "RGBA" else alpha
        x0, y0 = box[:2]
        w = alpha.width
        seen.update((x0 + i % w, y0 + i // w) for i, a in enumerate(alpha.tobytes()) if 0 < a < 255)
        blend(core, box, source, mask, cover)

    monkeypatch.setattr(indexed, "_blend", spy)
    return seen


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_a_table_on_the_palette_is_the_mapped_rgb_table_but_where_edges_cross(
        name: str, blended: set[tuple[int, int]]) -> None:
    exact = 0
    for case, view, names, locale in _tables(name):
        layout = layout_for(view)
        blended.clear()
        drawn = layout.draw_table(view, names, locale)
        reference = layout.draw_table(view, names, locale, "RGB").quantize(palette=palette.fixed(),
                                                                            dither=Image.Dither.NONE)
        assert drawn.mode == "P" and drawn.size == reference.size, case
        differing = _differing(drawn, reference)
        assert differing <= blended, (case, sorted(differing - blended))
        assert len(differing) <= MOST, (case, len(differing))
        exact += not differing
        shown = Image.open(io.BytesIO(canvas.encode(drawn)))
        assert shown.tobytes() == drawn.tobytes(), case
        assert bytes(shown.getpalette() or []) == palette.colours(), case
    assert exact, "most tables are the reference exactly"


def test_a_blend_differs_from_the_reference_only_where_it_covers_part(blended: set[tuple[int, int]]) -> None:
    """A Tarot chien face down in the middle of the oval: each back's corners lie on the one
    before it; the pixels blended are seen (else the test above checks nothing)."""
    view = {"game": "tarot", "seats": 4, "phase": "bidding", "chien_size": 6, "to_act": 1, "dealer": 0,
            "hand_counts": [18, 18, 18, 18], "bids": [[1, "pass"]], "scores": [0, 0, 0, 0], "deal_no": 0}
    names = canvas.seat_names(NAMES[:4], 4, "fr")
    drawn = layout_for(view).draw_table(view, names, "fr")
    reference = layout_for(view).draw_table(view, names, "fr", "RGB").quantize(palette=palette.fixed(),
                                                                            dither=Image.Dither.NONE)
    assert blended, "the backs' corners were blended on the back under them"
    assert _differing(drawn, reference) <= blended


def _misses() -> list[int]:
    return [f.cache_info().misses for f in (wild_image, indexed._cut, indexed._face_bands)]


def test_once_warmed_a_table_maps_no_face_but_a_new_wild() -> None:
    """The image workers warm the table's faces too (:func:`rendering.warm_faces`), mapped on what
    their corners lie on: a table then maps none at a move, but a wild laid in Le Trio as a card
    it has not stood for yet (drawn then: some 1,000 of them), once, on the felt or a Trio row."""
    import rendering

    rendering.warm_up()
    for name in sorted(games.GAMES):
        before = _misses()
        for _case, view, names, locale in _tables(name):
            layout_for(view).draw_table(view, names, locale)
        wilds, faces, bands = (after - then for after, then in zip(_misses(), before, strict=True))
        assert faces == wilds and bands <= 2 * wilds, (name, wilds, faces, bands)
