"""The fixed 256-colour palette every image is encoded on.

Choosing a palette per image (an octree on a sample) took a third of the encoding, and mapping
onto it another third. The images are drawn from a small set of colours (felt, panels, ink,
card paper, pips and figures) and their antialiased blends, so one palette chosen once from
sample images of every game serves them all with the same error (mean well under 1/255): its
first :data:`FLAT` entries are the most used colours exactly (flat fills stay exact), the rest
spread over the other colours met (text and card edges, figures, dimmed cards). ``assets/palette.bin`` holds it (768
bytes of RGB triples); ``python -m tools.palette`` chooses it again (:func:`tools.palette.choose`) after the drawing
colours change (``tests/rendering/test_palette.py`` fails when an image strays from it).
"""

from __future__ import annotations

import functools
import importlib.resources

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
