"""A replay step: the public table (the game's own table drawing) with every seat's hand under it.

Only for finished matches, when every hand has become public: the bot refuses a replay before.
``hands`` lists each seat's card codes at that moment (from each seat's own view); they are
sorted as the game's hand image sorts them. Text stays at least 11 px once shown 500 px wide.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from games.cards import card
from rendering.canvas import GOLDEN, INK, MUTED, PANEL, PANEL_EDGE, felt, paste_card, text, wrap_whole
from rendering.cards import card_height
from rendering.fitting import fitted_table
from rendering.i18n import tr
from rendering.layouts import layout_for

CARD_W = 72
GAP = 4
PAD = 16
LABEL = 34  # a seat's name line above its cards
MIN_STEP = 40  # overlapped cards keep their corner index (rank and suit) readable


def sorted_hand(view: dict[str, Any], codes: Sequence[str]) -> list[str]:
    """``codes`` in the order the game's hand image shows them (by suit, then rank)."""
    layout = layout_for(view)
    family = layout.pack({**view, "hand": list(codes)})
    try:
        return sorted(codes, key=lambda c: layout.card_order(card(c, family)))
    except ValueError:
        return list(codes)


def _row_width(count: int) -> int:
    return max(1, count) * (CARD_W + GAP) - GAP


def replay_picture(view: dict[str, Any], hands: Sequence[Sequence[str]], names: Sequence[str],
                   locale: str = "fr") -> Image.Image:
    """The table of ``view`` above a panel with each seat's name and cards."""
    layout = layout_for(view)
    table = fitted_table(layout, view, names, locale, "RGB")
    width = table.width
    family = layout.pack({**view, "hand": [c for h in hands for c in h]})
    seats = len(hands)
    inner = width - 2 * PAD
    half = (inner - PAD) / 2
    columns = 2 if seats > 2 and all(len(h) <= 1 or (half - CARD_W) / (len(h) - 1) >= MIN_STEP for h in hands) else 1
    col_w = (inner - PAD * (columns - 1)) / columns
    line_h = LABEL + card_height(CARD_W) + 14
    lines = (seats + columns - 1) // columns
    panel_h = 52 + lines * line_h + 6
    img = felt(width, table.height + panel_h)
    img.paste(table, (0, 0))
    d = ImageDraw.Draw(img)
    top = table.height
    d.rounded_rectangle([6, top + 6, width - 6, top + panel_h - 6], radius=12, fill=PANEL, outline=PANEL_EDGE, width=2)
    text(d, (PAD + 6, top + 30), tr("replay.hands", locale), 24, GOLDEN, bold=True,
         anchor="lm", width=inner - 12)
    to_act = view.get("to_act")
    for seat, codes in enumerate(hands):
        x = PAD + (seat % columns) * (col_w + PAD)
        y = top + 52 + (seat // columns) * line_h
        count = f" · {len(codes)}" if codes else ""
        text(d, (x + 6, y + LABEL / 2), f"{names[seat]}{count}", 24, GOLDEN if seat == to_act else INK, bold=True,
             anchor="lm", width=col_w - 12)
        shown = sorted_hand(view, codes)
        if not shown:
            text(d, (x + 6, y + LABEL + card_height(CARD_W) / 2), "—", 24, MUTED, anchor="lm")
            continue
        step: float = CARD_W + GAP
        if _row_width(len(shown)) > col_w:
            step = (col_w - CARD_W) / max(1, len(shown) - 1)
        for i, code in enumerate(shown):
            paste_card(img, code, family, CARD_W, x + i * step, y + LABEL, locale)
    return img


HANDS_W = 600  # the hands apart, 600 px wide, read at 270 px (text >= 20 px, indices >= 20 px)
HAND_CARD = 64  # compact faces: a 20-23 px index
HAND_STEP = 36  # overlapped compact faces keep their index visible
HAND_PEEK = 46  # px of a compact face shown above the next row: its corner index
NAME = 24


def hands_rows(count: int) -> int:
    """Rows of :data:`HAND_CARD` cards a hand of ``count`` cards takes in the hands image."""
    per_row = int((HANDS_W - 2 * PAD - HAND_CARD) // HAND_STEP) + 1
    return max(1, -(-count // per_row))


def replay_hands_picture(view: dict[str, Any], hands: Sequence[Sequence[str]], names: Sequence[str],
                         locale: str = "fr") -> Image.Image:
    """Every seat's hand on an image of its own (the replay's second image, beside the table): a
    line per seat with its name and card count, its cards in rows of overlapped compact faces."""
    layout = layout_for(view)
    family = layout.pack({**view, "hand": [c for h in hands for c in h]})
    ch = card_height(HAND_CARD)
    pitch = HAND_PEEK + 6  # each row of cards cut to its corner index: Discord's box is 350 px tall
    heights = [LABEL + hands_rows(len(h)) * pitch + 10 for h in hands]
    inner = HANDS_W - 2 * PAD
    title = wrap_whole(tr("replay.hands", locale), 26, inner, True)
    head = 16 + 32 * len(title)
    img = felt(HANDS_W, head + sum(heights) + 8)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle([4, 4, HANDS_W - 4, img.height - 4], radius=12, fill=PANEL, outline=PANEL_EDGE, width=2)
    for i, line in enumerate(title):
        text(d, (PAD, 26 + 32 * i), line, 26, GOLDEN, bold=True, anchor="lm")
    to_act = view.get("to_act")
    y = float(head)
    for seat, codes in enumerate(hands):
        count = f" · {len(codes)}" if codes else ""
        text(d, (PAD, y + LABEL / 2), f"{names[seat]}{count}", NAME, GOLDEN if seat == to_act else INK, bold=True,
             anchor="lm", width=inner)
        shown = sorted_hand(view, codes)
        if not shown:
            text(d, (PAD, y + LABEL + ch / 2), "—", NAME, MUTED, anchor="lm")
        rows = hands_rows(len(shown))
        per_row = -(-len(shown) // rows) if shown else 1
        step = min(HAND_CARD + GAP, (inner - HAND_CARD) / max(1, per_row - 1))
        for i, code in enumerate(shown):
            row_top = y + LABEL + (i // per_row) * pitch
            if i % per_row == 0 and i:  # this row over the lower part of the one above
                d.rectangle([PAD - 2, row_top - 3, HANDS_W - PAD + 2, row_top + ch], fill=PANEL)
            paste_card(img, code, family, HAND_CARD, PAD + (i % per_row) * step, row_top, locale, compact=True)
        if shown:  # the last row's lower part under the next seat's name
            d.rectangle([PAD - 2, y + heights[seat] - 10, HANDS_W - PAD + 2, y + LABEL + (rows - 1) * pitch + ch + 2],
                        fill=PANEL)
        y += heights[seat]
    d.rounded_rectangle([4, 4, HANDS_W - 4, img.height - 4], radius=12, outline=PANEL_EDGE, width=2)
    return img
