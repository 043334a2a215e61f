"""A seat's private hand: sorted by suit and rank, playable cards raised and lit (when some are not),
each card numbered.

Drawn to be read on a phone: Discord shows it about 270 px wide there, so rows hold at most
:data:`PER_ROW` cards and every text and corner index is at least 9 px tall at that width. A row of
nine cards is about 500 px wide, the most a desktop shows of it (at 580-620 px, a fifth
of its pixels were drawn, mapped onto the palette and compressed for no one to see).

The numbers run 1..n in :func:`hand_order`, so the bot can let a player pick a card by its number.
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import Any, Literal, NamedTuple

from PIL import Image, ImageDraw

from games.cards import Family
from rendering import indexed
from rendering.assets import font
from rendering.canvas import FELT, GOLDEN, HEADER, INK, MUTED, RGB, felt, text, text_width
from rendering.cards import card_height
from rendering.i18n import tr
from rendering.layouts import layout_for

CARD_W = 88
STEP = 48  # horizontal step of overlapping cards: the corner index stays visible
PER_ROW = 9  # a row of 9 cards is about 500 px, so its indices read at 270 px
MARGIN = 12
RAISE = 12
GROUP_GAP = 10  # between suits
ASIDE_W = 64  # cards set aside (the écart so far) shown small (compact faces, the table's) under the hand
ASIDE_STEP = 40  # overlapping: the compact face's index is in its top-left corner
CHOSEN = (110, 180, 250)  # cards already put in the combination being built
LABEL_H = 32
LABEL_W = 40  # a card's number label, narrower than the step between two cards
LABEL_SIZE = 21  # its number
TITLE = 22  # the header's type sizes
NOTE = 19
HEAD_H = 38  # the header band (one line; a note too long for it goes on a second line)
MIN_W = 340  # a hand of a few cards, wide enough for its header
UNLIT = (90, 104, 98)  # the label of a card that cannot be played now
JOINED = (196, 160, 240)  # the label of a card that just joined the hand (the chien), and its word
SHELVES = 3  # from this many rows on, the rows overlap (the hand stays under 560 px tall)
PEEK = 60  # px of a card seen above the next row's shelf: its corner index and pip
MIN_PEEK = 40  # at least its corner index
WIDEST = 526  # px: shown 270 px wide on a phone, its corner indices (18 px) at 9 px
TALLEST = 552  # px: Discord shows the hand at most 280 px tall, its corner indices (18 px) at 9 px
# what lies under the corners of a hand's card (rendering.indexed.paste_card): the felt, the card
# before it, its light when it can be played now, or when chosen; a dimmed card is never lit
UNDERS = ((FELT, False), (FELT, True), (GOLDEN, False), (CHOSEN, False))
DIMMED_UNDERS = UNDERS[:2]
ASIDE_UNDERS = UNDERS[:2]  # on the felt, or on the card set aside before it


@functools.lru_cache(maxsize=512)
def number_label(index: int, fill: RGB) -> Image.Image:
    """A card's number on its rounded label, on the felt: drawn once, then pasted whole (the
    labels sit on bare felt above the cards; a hand has up to 30 of them)."""
    img = felt(LABEL_W + 1, LABEL_H - 4)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle([0, 0, LABEL_W, LABEL_H - 5], radius=7, fill=fill)
    text(d, (LABEL_W / 2, LABEL_H / 2 - 2), str(index), LABEL_SIZE, (20, 20, 20), bold=True, anchor="mm")
    return img


def hand_order(view: dict[str, Any]) -> list[str]:
    """The hand's card codes in the order (and with the numbers 1..n) shown on the image."""
    return [c for row in _rows(view) for group in row for c in group]


def _rows(view: dict[str, Any]) -> list[list[list[str]]]:
    """The layout's groups packed into rows of at most PER_ROW cards, a group split only when it
    cannot fit in a row of its own; each row keeps its groups (drawn with a gap between them). When
    that takes more rows than the cards need, the rows are filled up instead, a group running on
    into the next row (a short image reads better on a phone than whole groups); so are they from
    :data:`SHELVES` rows on while cards are set aside, which then go beside the short last row."""
    groups = [list(g) for g in layout_for(view).hand_rows(view)]
    rows: list[list[list[str]]] = []
    for group in groups:
        if rows and sum(map(len, rows[-1])) + len(group) <= PER_ROW:
            rows[-1].append(list(group))
            continue
        for i in range(0, len(group), PER_ROW):
            rows.append([list(group[i:i + PER_ROW])])
    count = sum(map(len, groups))
    aside = any(codes for _, codes in layout_for(view).hand_aside(view, "fr"))
    if len(rows) <= -(-count // PER_ROW) and not (aside and len(rows) >= SHELVES):
        return rows
    filled: list[list[list[str]]] = [[]]
    for group in groups:
        rest = list(group)
        while rest:
            room = PER_ROW - sum(map(len, filled[-1]))
            if room == 0:
                filled.append([])
                continue
            filled[-1].append(rest[:room])
            rest = rest[room:]
    return filled


class HandPlan(NamedTuple):
    """Everything a hand image is drawn from, and nothing else: two views with the same plan give
    the same picture, so the plan is the key of the bot's hand image cache (a waiting seat's hand
    does not change when the others play)."""

    grouped: tuple[tuple[tuple[str, ...], ...], ...]  # rows of groups of card codes (display order)
    family: Family
    aside: tuple[tuple[str, tuple[str, ...]], ...]  # (label, codes) shown small under the hand
    marked: tuple[str, ...]  # cards already chosen (upper case, sorted: a multiset)
    playable: frozenset[str] | None  # card codes lit (upper case), None: nothing dimmed
    locale: str
    joined: tuple[str, tuple[str, ...]] | None = None  # (word, codes) just joined the hand: the chien


def hand_plan(view: dict[str, Any], locale: str = "fr", legal: list[str] | None = None) -> HandPlan:
    """The :class:`HandPlan` of ``view``'s hand; ``legal`` lists the playable codes, None = all."""
    layout = layout_for(view)
    grouped = tuple(tuple(tuple(group) for group in row) for row in _rows(view))
    # legal action arguments: "7H", "2C=8H" (a wild and what it stands for), "AH=low", "bid"...
    playable = None if legal is None else frozenset(c.split("=")[0].split(":")[-1].strip().upper() for c in legal)
    held = {c.upper() for row in grouped for g in row for c in g}
    if playable is not None and (not playable & held or held <= playable):
        # the choice is not among these cards (a call, a bid), or any card will do (a lead, a
        # discard): nothing to set apart, so the picture is the waiting one and the turn does not
        # redraw it; the console's text says whose turn it is
        playable = None
    aside = tuple((label, tuple(codes)) for label, codes in layout.hand_aside(view, locale) if codes)
    marked = tuple(sorted(c.upper() for c in layout.hand_marked(view)))
    joined = layout.hand_joined(view, locale)
    return HandPlan(grouped, layout.pack(view), aside, marked, playable, locale,
                    None if joined is None else (joined[0], tuple(joined[1])))


def _aside_width(aside: tuple[tuple[str, tuple[str, ...]], ...]) -> float:
    return sum(max(font(NOTE, True).getlength(label), (len(codes) - 1) * ASIDE_STEP + ASIDE_W)
               for label, codes in aside) + 20 * (len(aside) - 1)


def _row_end(row: list[str], groups: tuple[tuple[str, ...], ...]) -> float:
    """Where a row's last card ends."""
    return MARGIN + max(0, len(row) - 1) * STEP + GROUP_GAP * (len(groups) - 1) + CARD_W if row else MARGIN


def draw_hand(plan: HandPlan, mode: Literal["P", "RGB"] = "P") -> Image.Image:
    """The hand image of a :class:`HandPlan`: drawn on the fixed palette (``mode`` "P", what the
    bot sends: :mod:`rendering.indexed`), or in "RGB" (the reference those pixels are checked
    against, and what :mod:`tools.palette` samples).

    Discord fits the image in a box 280 px tall (:mod:`rendering.display`), so from
    :data:`SHELVES` rows on, each row but the last shows only the top of its cards (their corner
    index and pip, :data:`MIN_PEEK` to :data:`PEEK` px), the next row on a shelf over the rest, to
    keep under :data:`TALLEST` px; the cards set aside go beside the last row when they fit there."""
    grouped, family, aside, playable, locale = plan.grouped, plan.family, plan.aside, plan.playable, plan.locale
    rows = [[c for group in row for c in group] for row in grouped]
    widest = max((len(r) + GROUP_GAP * (len(g) - 1) / STEP for r, g in zip(rows, grouped, strict=True)), default=0)
    ch = card_height(CARD_W)
    width = max(MIN_W, round(2 * MARGIN + max(0, widest - 1) * STEP + CARD_W))
    row_h = LABEL_H + RAISE + ch + 8
    beside_w = _row_end(rows[-1], grouped[-1]) + 20 + _aside_width(aside) + MARGIN if rows and aside else 0
    beside = bool(aside) and bool(rows) and beside_w <= max(width, WIDEST)
    width = max(width, round(beside_w)) if beside else width
    aside_h = (26 + card_height(ASIDE_W) + 8) if aside and not beside else 0
    title = tr("your_hand", locale)
    if rows:
        title += f" · {sum(len(r) for r in rows)}"
    note = tr("playable", locale) if playable is not None and rows else ""
    joined = plan.joined[0] if plan.joined else ""
    used = text_width(title, TITLE, True)
    tail = text_width(note, NOTE) + (12 + text_width(joined, NOTE, True) if joined else 0) if note or joined else 0
    below = bool(note or joined) and used + 12 + tail > width - 2 * MARGIN  # the note on a line of its own
    head = HEAD_H + (24 if below else 0)
    pitch = row_h
    if len(rows) >= SHELVES or (len(rows) > 1 and head + 12 + len(rows) * row_h + aside_h > TALLEST):
        # each row over the one above, as much as the height allows
        room = (TALLEST - head - 12 - row_h - aside_h) / (len(rows) - 1) - LABEL_H - RAISE
        pitch = LABEL_H + RAISE + max(MIN_PEEK, min(PEEK, int(room)))
    rows_h = (max(1, len(rows)) - 1) * pitch + row_h
    height = head + 7 + rows_h + 5 + aside_h
    img = indexed.new(width, height, FELT) if mode == "P" else felt(width, height)
    d = ImageDraw.Draw(img)
    marked = Counter(plan.marked)
    from_chien = Counter(c.upper() for c in (plan.joined[1] if plan.joined else ()))
    d.rectangle([0, 0, width, head], fill=indexed.fill(img, HEADER))
    indexed.text(img, (MARGIN, HEAD_H / 2), title, TITLE, INK, HEADER, bold=True, anchor="lm")
    x, y = (MARGIN, HEAD_H + 10) if below else (MARGIN + used + 12, HEAD_H / 2 + 1)
    if note:
        x += indexed.text(img, (x, y), note, NOTE, MUTED, HEADER, anchor="lm", width=width - x - MARGIN) + 12
    if joined:
        indexed.text(img, (x, y), joined, NOTE, JOINED, HEADER, bold=True, anchor="lm", width=width - x - MARGIN)
    if not rows:
        indexed.text(img, (width / 2, head + 7 + row_h / 2), tr("empty_hand", locale), TITLE, MUTED, FELT, anchor="mm")
    index = 0
    for r, row in enumerate(rows):
        top = head + 7 + r * pitch
        if r and pitch < row_h:  # the shelf: this row over the bottom of the cards above
            above = top - pitch + LABEL_H + RAISE + ch + 4  # where the cards above end, their light included
            d.rectangle([0, top - 4, width, min(height, above)], fill=indexed.fill(img, FELT))
        starts = {sum(map(len, grouped[r][:g])) for g in range(1, len(grouped[r]))}
        x = MARGIN - STEP
        for i, code in enumerate(row):
            index += 1
            ok = playable is None or code.upper() in playable
            x += STEP + (GROUP_GAP if i in starts else 0)
            y = top + LABEL_H + (0 if ok and playable is not None else RAISE)
            chosen = marked[code.upper()] > 0
            if chosen:
                marked[code.upper()] -= 1
            lit = CHOSEN if chosen else GOLDEN if ok and playable is not None else None
            if lit is not None:  # under the whole card: its corners lie on it
                d.rounded_rectangle([x - 3, y - 3, x + CARD_W + 3, y + ch + 3], radius=9, fill=indexed.fill(img, lit))
            indexed.paste_card(img, code, family, CARD_W, x, y, locale, dim=not ok and not chosen, under=lit or FELT,
                               over_card=lit is None and i > 0)
            tone = CHOSEN if chosen else JOINED if from_chien[code.upper()] else GOLDEN if ok else UNLIT
            indexed.paste_opaque(img, number_label(index, tone), (x + 2, top + 2))
    if aside:
        if beside:
            left, y = _row_end(rows[-1], grouped[-1]) + 20, head + 7 + (len(rows) - 1) * pitch + 4
        else:
            left, y = float(MARGIN), head + 7 + rows_h + 3
        for label, codes in aside:
            w = max(font(NOTE, True).getlength(label), (len(codes) - 1) * ASIDE_STEP + ASIDE_W)
            indexed.text(img, (left, y), label, NOTE, MUTED, FELT, bold=True)
            for i, code in enumerate(codes):  # overlapping: their big corner index shows
                indexed.paste_card(img, code, family, ASIDE_W, left + i * ASIDE_STEP, y + 24, locale, compact=True,
                                   under=FELT, over_card=i > 0)
            left += w + 20
    return img
