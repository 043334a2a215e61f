"""Every image read on a phone: Discord shows an image about 270 px wide on a 390 px
phone, so no text meant to be read in it, and no card's corner index, may be under 9 px tall there.

Measured as in ``test_legibility``: each text's font size (and each pasted card's index size, see
:func:`rendering.cards.index_size`) times 270 / the image's width. Every game, every seat count,
every moment of a match (:func:`rendering.samples.moments`): the table, the hand of the seat to act
with its playable cards, the recap once a deal is over, and the replay's images.
"""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest
from PIL import Image

import rendering
from games import GAMES
from rendering.canvas import encode, record_text
from rendering.replay import replay_hands_picture
from rendering.samples import NAMES, WIDTH_NAMES, Moment, moments

PHONE_W = 270  # Discord's display width of an image on a 390 px phone
SMALLEST = 9  # px tall at PHONE_W
BOX_H = 280  # the height Discord gives an embed's image there
CASES = [(name, seats) for name, game in sorted(GAMES.items())
         for seats in range(game.min_seats, game.max_seats + 1)]
LONG = [f"Ordinateur numéro un très long {c}" for c in "ABCDEFG"]
_CACHE: dict[tuple[str, int], dict[str, Moment]] = {}


def _moments(name: str, seats: int) -> dict[str, Moment]:
    if (name, seats) not in _CACHE:
        _CACHE[name, seats] = moments(GAMES[name], seats, seed=seats * 3 + 1)
    return _CACHE[name, seats]


def smallest(draw: Callable[[], bytes | list[bytes]]) -> list[tuple[float, str]]:
    """(px tall at :data:`PHONE_W`, text) of the smallest text or card index of each image drawn."""
    out = []
    with record_text(cards=True) as seen:
        images = draw()
    for png in images if isinstance(images, list) else [images]:
        width = Image.open(io.BytesIO(png)).width
        assert seen, "nothing drawn was recorded"
        out.append(min((size * PHONE_W / width, t) for t, size in seen))
    return out


def _images(kind: str, m: Moment, seats: int, names: list[str], locale: str) -> list[Callable[[], bytes | list[bytes]]]:
    if kind == "hand":
        return [lambda: rendering.hand_image(m.private, locale, legal=m.legal)]
    if kind == "recap":
        return [lambda: rendering.recap_image(m.public, locale, names)] if m.public.get("last_deal") else []
    if kind == "replay":
        hands = [m.state.view(s).get("hand") or [] for s in range(seats)]
        return [lambda: encode(replay_hands_picture(m.public, hands, names, locale))]
    return [lambda: rendering.table_image(m.public, names, locale)]


def _check(kind: str, name: str, seats: int) -> None:
    failures = []
    for moment, m in _moments(name, seats).items():
        for names, locale in ((NAMES[:seats], "fr"), (LONG[:seats], "en")):
            for draw in _images(kind, m, seats, names, locale):
                for shown, what in smallest(draw):
                    if shown < SMALLEST:
                        failures.append(f"{moment}/{locale}: {what!r} {shown:.1f} px")
    assert not failures, f"under {SMALLEST} px at {PHONE_W} px wide: {failures[:6]}"


@pytest.mark.parametrize(("name", "seats"), CASES)
@pytest.mark.parametrize("kind", ["hand", "recap", "replay"])
def test_images_read_at_270px(kind: str, name: str, seats: int) -> None:
    _check(kind, name, seats)


@pytest.mark.parametrize(("name", "seats"), CASES)
def test_the_table_reads_at_270px(name: str, seats: int) -> None:
    _check("table", name, seats)


@pytest.mark.parametrize(("name", "seats"), CASES)
def test_the_table_reads_in_a_phone_box(name: str, seats: int) -> None:
    """Discord fits an embed's image in about 270 x 280 px on a phone (a 1000 x 1402 replay was
    shown 200 x 280): a taller table is shown narrower than 270 px. Its smallest text
    and card index read 9 px tall at the width it is shown at, every moment, with short names and
    with the mixed ones of the desktop samples (a 30-character name among them; 32-character names
    on every seat make it taller, ``test_the_table_reads_at_270px`` checks them)."""
    failures = []
    for moment, m in _moments(name, seats).items():
        for names in (NAMES[:seats], WIDTH_NAMES[:seats]):
            with record_text(cards=True) as seen:
                img = Image.open(io.BytesIO(rendering.table_image(m.public, names, "fr")))
            shown_w = min(PHONE_W, BOX_H * img.width / img.height)
            size, what = min((size, t) for t, size in seen)
            if size * shown_w / img.width < SMALLEST:
                failures.append(f"{moment}: {img.size} shown {shown_w:.0f} px wide, {what!r} "
                                f"{size * shown_w / img.width:.1f} px")
    assert not failures, failures[:4]


def test_the_check_sees_small_text_and_small_indices() -> None:
    """The measure can fail: every card pasted is recorded with its index size, and the same hand
    drawn the old way (cards of 96 px, 13 a row: 870 px wide) would fail."""
    m = _moments("tarot", 4)["mid_trick"]
    [(shown, _)] = smallest(lambda: rendering.hand_image(m.private, legal=m.legal))
    with record_text(cards=True) as seen:
        rendering.hand_image(m.private, legal=m.legal)
    indices = [t for t, _ in seen if t.startswith("[")]
    assert sorted(indices) == sorted(f"[{c}]" for c in m.private["hand"])
    assert shown >= SMALLEST
    assert min(s for _, s in seen) * PHONE_W / 870 < SMALLEST
