"""A hand drawn straight onto the fixed palette (:mod:`rendering.indexed`) is the hand
drawn in RGB and mapped onto the palette (what :func:`rendering.canvas.encode` did with it), but for
the antialiased edge of the rounded corners that lie on another card: a few pixels a card."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import games
from rendering import canvas, palette
from rendering.hand import CARD_W, MARGIN, STEP, HandPlan, draw_hand, hand_plan
from rendering.samples import moments

CORNER = round(CARD_W * 0.08) + 2  # a face's corner radius (rendering.cards: 0.08 of its width), and its edge


def _both(plan: HandPlan) -> tuple[Image.Image, Image.Image]:
    drawn = draw_hand(plan)
    reference = draw_hand(plan, "RGB").quantize(palette=palette.fixed(), dither=Image.Dither.NONE)
    assert drawn.mode == "P" and drawn.size == reference.size
    return drawn, reference


def _differing(a: Image.Image, b: Image.Image) -> list[tuple[int, int]]:
    w = a.width
    return [(i % w, i // w) for i, (x, y) in enumerate(zip(a.tobytes(), b.tobytes(), strict=True)) if x != y]


def _overlapped(plan: HandPlan) -> int:
    """The cards whose left corners may lie on the card before them: every card but a row's first
    (at most: a lit card's corners lie on its light)."""
    return sum(max(0, sum(map(len, row)) - 1) for row in plan.grouped) + \
        sum(max(0, len(codes) - 1) for _, codes in plan.aside)  # the cards set aside overlap too


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_a_hand_on_the_palette_is_the_mapped_rgb_hand_but_corners_on_cards(name: str) -> None:
    game = games.GAMES[name]
    seats = min(4, game.max_seats)
    for locale in ("fr", "en"):
        for m in moments(game, seats, seed=7).values():
            plan = hand_plan(m.private, locale, m.legal)
            drawn, reference = _both(plan)
            differing = _differing(drawn, reference)
            # at most the antialiased pixels of two corners a card lying on another
            assert len(differing) <= 2 * CORNER * 2 * _overlapped(plan), (m.private.get("hand"), len(differing))
            shown = Image.open(io.BytesIO(canvas.encode(drawn)))
            assert shown.convert("RGB").tobytes() == drawn.convert("RGB").tobytes(), "the PNG is the drawing"


def test_a_hand_with_no_card_on_another_is_the_mapped_rgb_hand_exactly() -> None:
    """One card; a card lit by the turn, or chosen for a combination (its corners lie on the
    light); a card set aside; no card: every corner lies on a flat colour, every pixel is the
    reference's."""
    plans = [
        hand_plan({"game": "piquet", "seats": 2, "hand": ["AS"]}, "fr"),
        hand_plan({"game": "tarot", "seats": 4, "hand": ["KS", "3H"]}, "en", ["3H"]),
        hand_plan({"game": "tarot", "seats": 4, "seat": 0, "phase": "ecart", "hand": ["KS"], "ecart": ["5D"]}, "fr"),
        hand_plan({"game": "trio", "seats": 3, "seat": 0, "hand": ["10C", "10H"],
                   "building": {"kind": "brelan", "cards": ["10C", "10H"], "staged": []}}, "fr"),
        hand_plan({"game": "piquet", "seats": 2, "hand": []}, "es"),
    ]
    assert plans[1].playable == {"3H"} and plans[2].aside and plans[3].marked == ("10C", "10H")
    for plan in plans:
        drawn, reference = _both(plan)
        assert drawn.tobytes() == reference.tobytes(), plan


def test_the_corners_that_differ_are_only_those_on_another_card() -> None:
    """A row of unlit cards differs from the reference only within a corner's reach of the left
    edge of the second card on."""
    plan = hand_plan({"game": "piquet", "seats": 2, "hand": ["AS", "KS", "QS", "JS", "10S", "9S"]}, "fr")
    drawn, reference = _both(plan)
    differing = _differing(drawn, reference)
    assert differing, "the cut corners are seen (else this test checks nothing)"
    lefts = [MARGIN + i * STEP for i in range(1, 6)]
    assert all(any(0 <= x - left < CORNER for left in lefts) for x, _y in differing), sorted(set(x for x, _ in differing))


def test_once_warmed_no_hand_maps_a_face_again() -> None:
    """The image workers warm every face while idle (:func:`rendering.warm_faces`), mapped onto
    the palette for each colour its corners may lie on: a hand then maps none at a player's click."""
    import rendering
    from rendering.indexed import _face_bands

    rendering.warm_up()
    for name, game in sorted(games.GAMES.items()):
        misses = _face_bands.cache_info().misses
        for m in moments(game, min(4, game.max_seats), seed=11).values():
            for locale in ("fr", "es"):
                draw_hand(hand_plan(m.private, locale, m.legal))
                draw_hand(hand_plan(m.private, locale, None))
        assert _face_bands.cache_info().misses == misses, name
