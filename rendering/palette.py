"""The fixed 256-colour palette every image is encoded on (issue 14).

Choosing a palette per image (an octree on a sample) took a third of the encoding, and mapping
onto it another third. The images are drawn from a small set of colours (felt, panels, ink,
card paper, pips and figures) and their antialiased blends, so one palette chosen once from
sample images of every game serves them all with the same error (mean well under 1/255): its
first :data:`FLAT` entries are the most used colours exactly (flat fills stay exact), the rest
spread over the other colours met (text and card edges, figures, dimmed cards). ``assets/palette.bin`` holds it (768
bytes of RGB triples); ``python -m tools.palette`` chooses it again after the drawing
colours change (``tests/rendering/test_palette.py`` fails when an image strays from it).
"""

from __future__ import annotations

import functools
import importlib.resources
import math
from collections import Counter
from collections.abc import Iterable, Iterator

from PIL import Image

FLAT = 64  # palette entries kept for the most used colours, exactly
FILE = "palette.bin"


@functools.cache
def colours() -> bytes:
    """The palette: 768 bytes, 256 RGB triples (a PNG's ``PLTE`` chunk)."""
    return (importlib.resources.files("rendering") / "assets" / FILE).read_bytes()


@functools.cache
def fixed() -> Image.Image:
    """The palette as a 1x1 "P" image, for ``Image.quantize(palette=...)``."""
    img = Image.new("P", (1, 1))
    img.putpalette(colours())
    return img


def choose(images: Iterable[Image.Image]) -> bytes:
    """768 bytes: the :data:`FLAT` most used colours of ``images`` (RGB), then a median cut of
    every other colour met, weighted by the square root of its use (rare blends still count).
    Tried on the sample images: 64 exact colours and this weight err least (mean 0.12, worst
    image 0.69 of 255, on images left out of the choice)."""
    counts: Counter[tuple[int, int, int]] = Counter()
    for img in images:
        for n, colour in img.convert("RGB").getcolors(1 << 18) or []:
            counts[colour] += n
    flat = [c for c, _ in counts.most_common(FLAT)]
    kept = set(flat)
    rest = [c for c, n in counts.items() if c not in kept for _ in range(1 + math.isqrt(n) // 4)]
    colours = list(flat)
    if rest:
        strip = Image.new("RGB", (len(rest), 1))
        strip.putdata(rest)
        spread = strip.quantize(256 - len(flat), method=Image.Quantize.MEDIANCUT)
        palette = spread.getpalette() or []
        colours += [tuple(palette[i:i + 3]) for i in range(0, 3 * (256 - len(flat)), 3)]
    colours += [(0, 0, 0)] * (256 - len(colours))
    return bytes(v for c in colours[:256] for v in c)


def samples() -> Iterator[Image.Image]:
    """Every kind of image the bot draws, for every game, at several moments of a match."""
    import games
    from rendering.canvas import seat_names
    from rendering.hand import draw_hand, hand_plan
    from rendering.layouts import layout_for
    from rendering.recap import recap_picture
    from rendering.samples import NAMES, moments
    from rendering.scoreboard import scoreboard_picture

    for name in sorted(games.GAMES):
        game = games.GAMES[name]
        for seats in sorted({game.min_seats, min(4, game.max_seats), game.max_seats}):
            for locale in ("fr", "en"):
                names = seat_names(NAMES[:seats], seats, locale)
                for m in moments(game, seats, seed=seats).values():
                    yield layout_for(m.public).draw_table(m.public, names, locale)
                    yield draw_hand(hand_plan(m.private, locale, m.legal))
                    if m.public.get("last_deal"):
                        yield recap_picture(m.public, names, locale)
    rows = [{"rank": i + 1, "name": f"Player {i}", "rating": 30 - i, "matches": 9, "wins": 3, "points": 99 - 9 * i,
             "computer": i % 3 == 0} for i in range(12)]
    yield scoreboard_picture(rows, "fr", None)
