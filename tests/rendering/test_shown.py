"""Every image the bot sends, for every game, read where Discord shows it: on a phone (270 px
wide at most) and on a desktop, each fitted in its box (:mod:`rendering.display`: an embed's image
at most 280 px tall, so a tall image is shown narrower). Its smallest text and card index, drawn
size times the shown scale, must be at least 9 px tall there.

The images and their kinds are :mod:`tools.legibility`'s (``python -m tools.legibility`` prints
every figure): the table, the hand at each of its sizes, the recap, the score sheet after a deal
and at the results, the replay's two images, the leaderboard.
"""

from __future__ import annotations

import functools

import pytest

from rendering.display import SMALLEST, WHERE, shown_width
from tools.legibility import CASES, Shot, board_shots, shots

GROUPS = ("table", "hand", "recap", "sheet", "replay")


@functools.cache
def _shots(name: str, seats: int) -> tuple[Shot, ...]:
    return tuple(shots(name, seats))


def _failures(found: list[Shot]) -> list[str]:
    out = []
    for shot in found:
        for where in WHERE:
            px, what = shot.smallest(where)
            if px < SMALLEST:
                shown = shown_width(*shot.size, where, shot.place)
                out.append(f"{shot.kind} {shot.size[0]}x{shot.size[1]} shown {shown:.0f} px wide on a {where}: "
                           f"{what!r} {px:.1f} px")
    return out


def _param(name: str, seats: int, group: str) -> object:
    return pytest.param(name, seats, group, id=f"{name}{seats}-{group}")


@pytest.mark.parametrize(("name", "seats", "group"), [_param(n, s, g) for n, s in CASES for g in GROUPS])
def test_every_image_reads_9px_where_discord_shows_it(name: str, seats: int, group: str) -> None:
    found = [s for s in _shots(name, seats) if s.kind.startswith(group)]
    assert found, f"no {group} image drawn"
    failures = _failures(found)
    assert not failures, failures[:5]


def test_the_leaderboard_reads_9px_where_discord_shows_it() -> None:
    failures = _failures(board_shots())
    assert not failures, failures[:5]


def test_every_hand_size_is_measured() -> None:
    """The hand is drawn at each of its sizes: the auction, the écart with and without the cards
    set aside so far, a trick, and Le Trio's combination being built."""
    kinds = {s.kind.split(" ")[1] + (" aside" if "aside" in s.kind else "") for s in _shots("tarot", 4)
             if s.kind.startswith("hand")}
    assert {"bidding", "ecart", "ecart aside", "play"} <= kinds, kinds
    assert any("marked" in s.kind for s in _shots("trio", 3))


def test_the_measure_follows_discord_box() -> None:
    """A tall image is shown narrower than the box (a 600 x 1048 recap 160 px wide), a small one is
    never enlarged, a wide one is shown the box's width."""
    assert round(shown_width(600, 1048, "phone")) == round(shown_width(600, 1048, "desktop")) == 160
    assert shown_width(200, 100, "desktop") == 200
    assert shown_width(1000, 300, "phone") == 270 and shown_width(1000, 300, "desktop") == 400
    assert shown_width(600, 532, "phone", "attachment") == 270
