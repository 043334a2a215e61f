"""Renders of every game's table, hand, recap and replay as a 390 px phone shows them:
downscaled to 270 px wide, the width Discord gives an image there, into ``docs/images/phone/``.

Run ``.venv/bin/python -m rendering.phone [folder]`` to regenerate them, then look at each.
"""

from __future__ import annotations

import sys
from pathlib import Path

from rendering.samples import NAMES, displayed, moments

PHONE_W = 270
SEATS = {"tarot": 4, "tresillo": 4, "trio": 4, "ecole": 5, "piquet": 2}
PICKS = {"trio": "late", "ecole": "late"}  # the moment whose table shows most; else mid-trick


def phone_renders(out: Path, locale: str = "fr") -> list[Path]:
    """``<game>_<kind>.png`` for kind in table, hand, recap, replay_hands."""
    from PIL import Image

    import rendering
    from games import GAMES

    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, game in sorted(GAMES.items()):
        seats = SEATS.get(name, game.min_seats)
        m = moments(game, seats, seed=5)
        shot = m[PICKS.get(name, "mid_trick")]
        names = NAMES[:seats]
        hands = [shot.state.view(s).get("hand") or [] for s in range(seats)]
        replay = rendering.replay_images(shot.public, hands, names, locale)
        pngs = {"table": rendering.table_image(shot.public, names, locale),
                "hand": rendering.hand_image(shot.private, locale, legal=shot.legal),
                "recap": rendering.recap_image(m["deal_end"].public, locale, names),
                "replay_hands": replay[1]}  # the replay's first image is the table above
        for kind, png in pngs.items():
            path = out / f"{name}_{kind}.png"
            shown = displayed(png, PHONE_W)  # small files: 128 colours are plenty at this size
            shown.convert("P", palette=Image.Palette.ADAPTIVE, colors=128).save(path, optimize=True)
            written.append(path)
    return written


def main(argv: list[str] | None = None) -> None:
    out = Path(argv[0]) if argv else Path(__file__).resolve().parent.parent / "docs" / "images" / "phone"
    for path in phone_renders(out):
        print("wrote", path)


if __name__ == "__main__":
    main(sys.argv[1:])
