"""PNG files of palette images, written here so that deflate runs on zlib-ng.

A palette PNG is four chunks: the header, the palette, the pixels (one filter byte, 0 = none,
before each row of palette indexes, deflated) and the end. Pillow writes the same file but
deflates with the system zlib; zlib-ng's level 2 deflates the same rows faster into fewer bytes
(docs/decisions.md, « PNG written with zlib-ng »). ``tests/rendering/test_png.py`` reads the files back
with Pillow, pixel for pixel.
"""

from __future__ import annotations

import struct

from PIL import Image
from zlib_ng import zlib_ng

SIGNATURE = b"\x89PNG\r\n\x1a\n"
LEVEL = 2  # zlib-ng's level 1 is a third faster again but its files a third larger


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib_ng.crc32(data, zlib_ng.crc32(kind)))


def palette_png(img: Image.Image, palette: bytes) -> bytes:
    """The PNG bytes of ``img`` (mode "P", 8 bits) with ``palette`` (RGB triples) as its colours."""
    if img.mode != "P":
        raise ValueError(f"a palette image is needed, not {img.mode}")
    width, height = img.size
    rows = Image.new("P", (width + 1, height), 0)  # column 0: each row's filter byte
    rows.paste(img, (1, 0))
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8-bit indexes, colour type 3: palette
    return b"".join((SIGNATURE, _chunk(b"IHDR", header), _chunk(b"PLTE", palette),
                     _chunk(b"IDAT", zlib_ng.compress(rows.tobytes(), LEVEL)), _chunk(b"IEND", b"")))
