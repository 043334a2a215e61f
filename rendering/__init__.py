"""Images of the table, hands and results, drawn with Pillow from engine views (never discord).

Public API (each returns PNG bytes; all are thread-safe, call them from ``asyncio.to_thread``):

* :func:`table_image` ``(view, names=None, locale="fr")``: the public table (give it ``view(None)``);
* :func:`hand_image` ``(view, locale="fr", legal=None)``: one seat's hand (give it ``view(seat)``),
  ``legal`` the playable card codes to highlight; cards numbered 1..n in :func:`hand_order`;
  :func:`hand_key` (same arguments): what that image is drawn from, to cache it by;
  :func:`plan_image` ``(plan)``: the same PNG from that key alone (an image worker is sent the
  small key, not the whole view, and does not lay the hand out again);
* :func:`recap_image` ``(view, locale="fr", names=None)``: the last finished deal (``view["last_deal"]``);
* :func:`warm_faces` ``()``: every card face's first drawing, one at a time (the image workers draw
  them while idle); :func:`warm_up` ``()`` draws them all at once;
* :func:`scoreboard_image` ``(rows, locale="fr", title=None)``: a leaderboard; ``rows`` are dicts with
  ``rank``, ``name``, ``rating``, ``matches``, ``wins``, ``points`` (and optionally ``computer``),
  best first (the first :data:`rendering.scoreboard.PAGE`, 12, shown: give the next ones for the next image);
* :func:`recap_images` / :func:`recap_page`: the recap in pages when one image would be too tall for
  Discord's box; :func:`scoresheet_images`: the score sheet likewise (see :mod:`rendering.display`);
* :func:`scoresheet_image` ``(sheet, names=None, locale="fr")``: a match's score sheet (see
  :mod:`rendering.scoresheet`); :func:`replay_image` ``(view, hands, names=None, locale="fr")``:
  a replay step, the public table and every hand under it (see :mod:`rendering.replay`), for a file;
  :func:`replay_images` (same arguments): the same step as two images that read on a phone:
  the table and the hands;

``names`` is a list (or a seat -> name mapping) of display names; "Place 1"... when missing. Each game
adds what is specific to it through a layout in :mod:`rendering.layouts` keyed by ``view["game"]``;
any other game is drawn by the generic layout from the shared view keys.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import partial
from typing import Any

from rendering.canvas import encode, seat_names
from rendering.fitting import fitted_table
from rendering.hand import HandPlan, draw_hand, hand_order, hand_plan
from rendering.layouts import layout_for
from rendering.recap import recap_pages, recap_picture
from rendering.replay import replay_hands_picture, replay_picture
from rendering.scoreboard import scoreboard_picture
from rendering.scoresheet import pages, scoresheet_picture

Names = Sequence[str] | Mapping[int, str] | None

__all__ = ["hand_image", "hand_key", "hand_order", "plan_image", "recap_image", "recap_images", "recap_page", "replay_image", "replay_images", "scoreboard_image", "scoresheet_image",
           "scoresheet_images",
           "table_image", "warm_faces", "warm_up"]


def table_image(view: dict[str, Any], names: Names = None, locale: str = "fr") -> bytes:
    """PNG of the public table drawn from ``view`` (public keys only)."""
    shown = seat_names(names, int(view["seats"]), locale)
    return encode(fitted_table(layout_for(view), view, shown, locale))


def hand_image(view: dict[str, Any], locale: str = "fr", legal: Sequence[str] | None = None) -> bytes:
    """PNG of ``view["hand"]`` sorted, playable cards (``legal`` codes) lit, numbered as :func:`hand_order`."""
    return encode(draw_hand(hand_plan(view, locale, None if legal is None else list(legal))))


def hand_key(view: dict[str, Any], locale: str = "fr", legal: Sequence[str] | None = None) -> HandPlan:
    """What :func:`hand_image` draws from (a hashable :class:`rendering.hand.HandPlan`): equal keys,
    equal images, so a cache keyed by it redraws a hand only when its picture changes."""
    return hand_plan(view, locale, None if legal is None else list(legal))


def plan_image(plan: HandPlan) -> bytes:
    """PNG of a :func:`hand_key` (the same picture as :func:`hand_image` of its view)."""
    return encode(draw_hand(plan))


def recap_image(view: dict[str, Any], locale: str = "fr", names: Names = None) -> bytes:
    """PNG recap of ``view["last_deal"]``: contract, points, bonuses, each seat's change and total."""
    shown = seat_names(names, int(view["seats"]), locale)
    return encode(recap_picture(view, shown, locale))


def recap_images(view: dict[str, Any], locale: str = "fr", names: Names = None) -> list[bytes]:
    """PNGs of :func:`recap_image`'s recap as Discord can show it: one, or pages when it would be
    too tall for Discord's box (see :func:`rendering.recap.recap_pages`)."""
    shown = seat_names(names, int(view["seats"]), locale)
    return [encode(recap_picture(view, shown, locale, **page)) for page in recap_pages(view, shown, locale)]


def recap_page(view: dict[str, Any], locale: str = "fr", names: Names = None, page: int = 0) -> bytes | None:
    """The ``page``-th image of :func:`recap_images` (``None`` past the last): one drawing a call,
    for an image worker."""
    shown = seat_names(names, int(view["seats"]), locale)
    pages = recap_pages(view, shown, locale)
    return encode(recap_picture(view, shown, locale, **pages[page])) if 0 <= page < len(pages) else None


def scoreboard_image(rows: Sequence[Mapping[str, Any]], locale: str = "fr", title: str | None = None) -> bytes:
    """PNG leaderboard from ``rows`` (see :mod:`rendering.scoreboard`)."""
    return encode(scoreboard_picture(rows, locale, title))


def scoresheet_image(sheet: dict[str, Any], names: Names = None, locale: str = "fr") -> bytes:
    """PNG score sheet: each deal's changes and running totals (see :mod:`rendering.scoresheet`)."""
    shown = seat_names(names, int(sheet["seats"]), locale)
    return encode(scoresheet_picture(sheet, shown, locale))


def scoresheet_images(sheet: dict[str, Any], names: Names = None, locale: str = "fr") -> list[bytes]:
    """PNG score sheets in pages of consecutive deals, each legible in Discord's box (see
    :func:`rendering.scoresheet.pages`): one page when the whole sheet fits."""
    shown = seat_names(names, int(sheet["seats"]), locale)
    return [encode(scoresheet_picture(page, shown, locale)) for page in pages(sheet, shown, locale)]


def replay_image(view: dict[str, Any], hands: Sequence[Sequence[str]], names: Names = None,
                 locale: str = "fr") -> bytes:
    """PNG of a replay step: the table drawn from the public ``view``, every seat's hand below."""
    shown = seat_names(names, int(view["seats"]), locale)
    return encode(replay_picture(view, hands, shown, locale))


def replay_images(view: dict[str, Any], hands: Sequence[Sequence[str]], names: Names = None,
                  locale: str = "fr") -> list[bytes]:
    """PNGs of a replay step to show in a message: the table of ``view``, then every seat's hand
    (:func:`rendering.replay.replay_hands_picture`), each legible 270 px wide."""
    shown = seat_names(names, int(view["seats"]), locale)
    return [encode(fitted_table(layout_for(view), view, shown, locale)),
            encode(replay_hands_picture(view, hands, shown, locale))]


def warm_faces(locales: Sequence[str] = ("fr", "en", "es")) -> Iterator[Callable[[], object]]:
    """Every card face the images use, one drawing at a time: the hand's faces,
    lit and dimmed, then the table's compact ones (the trick; the cells, the centre and Le Trio's
    combinations, all SMALL_W), in ``locales``; each also mapped onto the palette
    for each colour its corners may lie on in a hand or on a table (:func:`rendering.indexed.prepare`).
    An image worker draws them while it waits for work (:func:`bot.infra.image_workers._serve`), so no
    player's image waits for a first face."""
    from games.cards import Family, spanish_deck, tarot_deck
    from rendering.canvas import prepare_face
    from rendering.cards import PAPER, back_image, card_image, dimmed, pip_image
    from rendering.hand import ASIDE_UNDERS, ASIDE_W, CARD_W, DIMMED_UNDERS, UNDERS
    from rendering.indexed import prepare
    from rendering.table import SMALL_W, TILE_PIP, TRICK_W
    from rendering.table import UNDERS as TABLE_UNDERS

    unders = {(CARD_W, False): UNDERS, **{(width, True): table for width, table in TABLE_UNDERS.items()}}
    aside = unders.get((ASIDE_W, True), ())  # the cards set aside are the cells' faces
    unders[ASIDE_W, True] = tuple(dict.fromkeys(aside + ASIDE_UNDERS))

    def back(size: int) -> object:
        return prepare(back_image(size), unders.get((size, True), ()))

    def face(code: str, family: Family, size: int, compact: bool, locale: str) -> object:
        return prepare(prepare_face(card_image(code, family, size, locale, compact)), unders.get((size, compact), ()))

    def dim(code: str, family: Family, locale: str) -> object:
        return prepare(prepare_face(dimmed(code, family, CARD_W, locale)), DIMMED_UNDERS)

    yield lambda: prepare(back_image(20), unders[20, True])  # the hand counts beside the plates
    yield lambda: [prepare(pip_image(suit, "spanish", TILE_PIP), ((PAPER, False),)) for suit in "OCEB"]  # tiles
    for size, compact in ((CARD_W, False), (TRICK_W, True), (SMALL_W, True)):
        yield partial(back, size)
        for locale in locales:
            for code, family in [*((c.code, c.family) for c in (*tarot_deck(), *spanish_deck())), ("JK", "french")]:
                yield partial(face, code, family, size, compact, locale)
                if size == CARD_W:  # a hand's cards that cannot be played now
                    yield partial(dim, code, family, locale)


def warm_up(locales: Sequence[str] = ("fr", "en", "es")) -> int:
    """Draw every face of :func:`warm_faces` now (a benchmark's or a process's start, off the event
    loop). Returns the faces asked for (a face the same in two languages is drawn once)."""
    count = 0
    for draw in warm_faces(locales):
        draw()
        count += 1
    return count
