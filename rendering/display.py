"""How large Discord shows an image, and so how tall its text reads there: the one place that rule
is written (the legibility tests and :mod:`tools.legibility` read it).

Discord fits an image into a box and never enlarges it. An embed's image (``attachment://`` in
``embed.set_image``, every image of the bot but the replay's hands) is fitted in the embed: at
most 400 px wide on a desktop (the embed is 432 px, its padding aside), the message's width less
its margins on a phone (about 270 px on a 390 px phone), and at most 280 px tall on both (so a tall
image is shown narrower than that: a 600 x 1048 recap was shown 160 px wide). An image attached
beside the embed is fitted in about 550 x 350 px on a desktop and is the message's width on a
phone (taken as 270 px too, the narrower of the two).
"""

from __future__ import annotations

from typing import Literal, NamedTuple

Where = Literal["phone", "desktop"]
Place = Literal["embed", "attachment"]

WHERE: tuple[Where, ...] = ("phone", "desktop")
SMALLEST = 9  # px: the least height a text or card index may have once shown


class Box(NamedTuple):
    """The most Discord gives an image, in CSS pixels."""

    width: int
    height: int


BOXES: dict[tuple[Place, Where], Box] = {
    ("embed", "phone"): Box(270, 280),
    ("embed", "desktop"): Box(400, 280),
    ("attachment", "phone"): Box(270, 350),
    ("attachment", "desktop"): Box(550, 350),
}


def shown_width(width: int, height: int, where: Where, place: Place = "embed") -> float:
    """The width an image of ``width`` x ``height`` px is shown at: fitted in its box, never enlarged."""
    box = BOXES[place, where]
    return min(float(width), float(box.width), box.height * width / max(1, height))


def scale(width: int, height: int, where: Where, place: Place = "embed") -> float:
    """Shown size over drawn size (at most 1): a text ``size`` px tall reads ``size * scale`` px."""
    return shown_width(width, height, where, place) / max(1, width)


def largest(smallest_drawn: float, where: Where = "phone", place: Place = "embed") -> tuple[float, float]:
    """How wide and how tall an image may be drawn whose smallest text is ``smallest_drawn`` px,
    for that text to read :data:`SMALLEST` px where it is shown (each bound alone)."""
    box = BOXES[place, where]
    ratio = smallest_drawn / SMALLEST
    return box.width * ratio, box.height * ratio
