"""Choose the fixed palette of the images again (:mod:`rendering.palette`) after the drawing colours
changed: ``python -m tools.palette`` draws the sample images of every game and writes
``rendering/assets/palette.bin`` (the tool's part, kept out of ``rendering/``)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

from PIL import Image

import games
from rendering import palette
from rendering.canvas import seat_names
from rendering.hand import draw_hand, hand_plan
from rendering.layouts import layout_for
from rendering.palette import FLAT
from rendering.recap import recap_picture
from rendering.samples import NAMES, moments
from rendering.scoreboard import scoreboard_picture


def choose(images: Iterable[Image.Image]) -> bytes:
    """768 bytes: the :data:`~rendering.palette.FLAT` most used colours of ``images`` (RGB), then a median cut of
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
    for name in sorted(games.GAMES):
        game = games.GAMES[name]
        for seats in sorted({game.min_seats, min(4, game.max_seats), game.max_seats}):
            for locale in ("fr", "en"):
                names = seat_names(NAMES[:seats], seats, locale)
                for m in moments(game, seats, seed=seats).values():
                    yield layout_for(m.public).draw_table(m.public, names, locale, "RGB")
                    yield draw_hand(hand_plan(m.private, locale, m.legal), "RGB")
                    if m.public.get("last_deal"):
                        yield recap_picture(m.public, names, locale)
    rows = [{"rank": i + 1, "name": f"Player {i}", "rating": 30 - i, "matches": 9, "wins": 3, "points": 99 - 9 * i,
             "computer": i % 3 == 0} for i in range(12)]
    yield scoreboard_picture(rows, "fr", None)


def main() -> None:
    path = Path(palette.__file__).resolve().parent / "assets" / palette.FILE
    path.write_bytes(choose(samples()))
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
