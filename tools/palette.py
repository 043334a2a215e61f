"""Choose the fixed palette of the images again (``rendering.palette``) after the drawing colours
changed: ``python -m tools.palette`` draws the sample images and writes
``rendering/assets/palette.bin``."""

from __future__ import annotations

from pathlib import Path

from rendering import palette


def main() -> None:
    path = Path(palette.__file__).resolve().parent / "assets" / palette.FILE
    path.write_bytes(palette.choose(palette.samples()))
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
