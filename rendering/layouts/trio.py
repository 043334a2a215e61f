"""Le Trio and L'École (view keys in ``games/trio/state.py``, ``TrioState.view``): one row per player
with their current contract, penalty points and laid combinations (wilds labelled with the card
they stand for), the stock and the discard pile; the hand grouped by suit with the wilds apart."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from games.cards import card, sort_key
from games.trio.labels import meld_name
from rendering.canvas import (
    GOLD,
    GOLDEN,
    GREEN,
    HEADER,
    INK,
    MUTED,
    PANEL,
    PANEL_EDGE,
    SILVER,
    felt,
    paste_card,
    pill,
    text,
    text_width,
    wrap,
    wrap_whole,
)
from rendering.cards import card_height, wild_image
from rendering.i18n import N_, colon, tr
from rendering.layouts import register
from rendering.layouts.base import Badge, CardRow, Layout
from rendering.table import (
    HEAD,
    LINE,
    MARGIN,
    MIN_TEXT,
    W,
    draw_header,
    draw_plate,
    final_ranking,
    plate_height,
    seat_marks,
)

JSON = dict[str, Any]
PHASES = {"draw": N_("trio.phase.draw"), "play": N_("trio.phase.play"), "meld": N_("trio.phase.meld"),
          "layoff": N_("trio.phase.layoff"), "over": N_("trio.phase.over")}
SIDE_X = 806  # the stock and discard column
PLATE = 300  # plate width
MELD_X = MARGIN + PLATE + 14
H_MIN = 620
H_MAX = 900  # the tallest table picture (tests/rendering/test_games.py)


@functools.lru_cache(maxsize=4)
def _rows_background(height: int) -> Image.Image:
    """Felt and header band, no oval (the table is rows of combinations); drawn once per height."""
    img = felt(W, height)
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, W, HEAD], fill=HEADER)
    d.line([(0, HEAD), (W, HEAD)], fill=PANEL_EDGE, width=2)
    return img


def is_wild(code: str) -> bool:
    return code == "JK" or code[:-1] == "2"


def contract_text(view: JSON, seat: int, locale: str) -> str:
    """"Contrat 3 : Brelan + Carré" (the engine's own names when available)."""
    contracts = view.get("contracts") or []
    if seat >= len(contracts):
        return ""
    n = int(contracts[seat])
    word = tr("contract" if view.get("variant", view.get("game")) == "trio" else "trio.year", locale)
    try:
        from games.trio.contracts import contract_name

        return f"{word} {n}{colon(locale)}{contract_name(n, str(view.get('variant', 'trio')), locale)}"
    except (ImportError, ValueError):
        return f"{word} {n}"


class TrioLayout(Layout):
    family = "french"
    phases = PHASES
    higher_is_better = False  # penalty points

    def hand_rows(self, view: JSON) -> list[list[str]]:
        """Suits in order, each by rank, then the wilds (2s and jokers) together at the end."""
        hand = list(view.get("hand") or [])
        wilds = sorted((c for c in hand if is_wild(c)), key=lambda c: sort_key(card(c)))
        groups = super().hand_rows({**view, "hand": [c for c in hand if not is_wild(c)]})
        return groups + ([wilds] if wilds else [])

    def hand_marked(self, view: JSON) -> list[str]:
        building = view.get("building") or {}
        chosen = list(building.get("cards") or [])
        for staged in building.get("staged") or []:
            chosen += list(staged.get("cards") or [])
        if view.get("layoff_card"):
            chosen.append(str(view["layoff_card"]))
        return [c.split("=")[0] for c in chosen]

    def badges(self, view: JSON, seat: int, locale: str) -> list[Badge]:
        out: list[Badge] = []
        opened = view.get("opened") or []
        if seat < len(opened) and opened[seat]:
            out.append((tr("trio.opened", locale), GREEN))
        if view.get("dealer") == seat:
            out.append((tr("dealer", locale), SILVER))
        if seat in (view.get("winners") or []):
            out.append((tr("trio.winner", locale), GOLD))
        return out

    def seat_detail(self, view: JSON, seat: int, locale: str) -> str:
        contracts = view.get("contracts") or []
        scores = view.get("scores") or []
        parts = []
        if seat < len(contracts):
            letter = tr("trio.contract_letter" if view.get("variant") == "trio" else "trio.year_letter", locale)
            parts.append(f"{letter}{contracts[seat]}")
        if seat < len(scores):
            parts.append(tr("seat_total", locale, n=scores[seat]))
        return " · ".join(parts)

    # -- table ---------------------------------------------------------------------------------

    def draw_table(self, view: JSON, names: Sequence[str], locale: str) -> Image.Image:
        """One row per player (plate, badges, contract, laid combinations), the stock and the
        discard pile in a narrow column on the right; taller with more players."""
        seats = int(view["seats"])
        card_w = 64 if seats <= 4 else 56 if seats == 5 else 50 if seats == 6 else 46
        heights = [plate_height(n, PLATE) for n in names]
        top = HEAD + 8
        below = LINE - 4  # the combinations' names under their cards...
        rows = [max(h, LINE + card_height(card_w) + below) + 12 for h in heights]
        if top + sum(rows) + 8 > H_MAX:  # ...or on a band over their lower part, on a crowded table
            below = 0
            rows = [max(h, LINE + card_height(card_w)) + 12 for h in heights]
        height = max(H_MIN, top + sum(rows) + 8)
        img = _rows_background(height).copy()
        d = ImageDraw.Draw(img)
        draw_header(d, self, view, names, locale)
        marks = seat_marks(names)
        melds = view.get("melds") or []
        y = float(top)
        for seat in range(seats):
            row_h = rows[seat]
            if seat % 2 == 0:
                d.rectangle([0, y - 4, SIDE_X - 12, y + row_h - 8], fill=(22, 84, 58))
            box = (MARGIN, y + (row_h - 12 - heights[seat]) / 2, MARGIN + PLATE, y + (row_h - 12 + heights[seat]) / 2)
            draw_plate(img, d, self, view, seat, names[seat], marks[seat], locale, box, True, badges=False)
            bx = float(MELD_X)
            for label, colour in self.badges(view, seat, locale):
                bx += pill(d, bx, y + 13, label, colour, size=MIN_TEXT) + 6
            text(d, (bx + 4, y + 13), contract_text(view, seat, locale), MIN_TEXT, MUTED, anchor="lm",
                 width=SIDE_X - bx - 24)
            own = [m for m in melds if m.get("owner") == seat]
            self._draw_melds(img, d, own, MELD_X, y + LINE, card_w, SIDE_X - 20 - MELD_X, locale, below > 0)
            y += row_h
        self._draw_side(img, d, view, names, locale, height)
        return img

    def _draw_melds(self, img: Image.Image, d: ImageDraw.ImageDraw, melds: list[JSON], x0: float, y: float,
                    w: int, width: float, locale: str, names_below: bool = True) -> None:
        """The combinations side by side, cards overlapped so that each index stays visible (more
        overlap when they are many); a wild is drawn as the card it stands for, on gold paper. Each
        is named underneath ("brelan de 4"), in the words of the lay-off buttons (issue 19), or
        (``names_below`` false) on a dark band over the lower part of its cards, below the indices."""
        if not melds:
            return
        sizes = [len(m.get("cards") or []) for m in melds]
        gap = 16
        step = w * 0.62
        need = sum(w + (n - 1) * step for n in sizes) + gap * (len(melds) - 1)
        if need > width:
            spare = width - gap * (len(melds) - 1) - w * len(melds)
            step = max(w * 0.3, spare / max(1, sum(n - 1 for n in sizes)))
        x = x0
        for m in melds:
            codes = list(m.get("cards") or [])
            reps = list(m.get("as") or codes)
            for i, code in enumerate(codes):
                rep = reps[i] if i < len(reps) else code
                if is_wild(code) and rep != code:
                    face = wild_image(code, str(rep), w, locale)
                    img.paste(face, (round(x + i * step), round(y)), face)
                else:
                    paste_card(img, code, "french", w, x + i * step, y, locale, compact=True)
            span = w + (len(codes) - 1) * step
            kind, shown = str(m.get("kind") or ""), [str(r) for r in reps]
            name = meld_name(kind, shown, locale, glyphs=True)
            room = span + gap - 6  # a name may run over the gap to the next combination
            if text_width(name, MIN_TEXT) > room:
                name = meld_name(kind, shown, locale, short=True, glyphs=True)
            if names_below:
                text(d, (x, y + card_height(w) + 3), name, MIN_TEXT, INK, width=room)
            else:
                band = y + card_height(w) - MIN_TEXT - 6
                d.rectangle([x, band, x + room + 2, y + card_height(w)], fill=PANEL)
                text(d, (x + 3, band + 2), name, MIN_TEXT, INK, width=room)
            x += span + gap

    def _draw_side(self, img: Image.Image, d: ImageDraw.ImageDraw, view: JSON, names: Sequence[str], locale: str,
                   height: int) -> None:
        """The stock (a back and its count) and the discard pile (its top card and count); the
        final standings once the match is over."""
        x0, x1 = SIDE_X, W - MARGIN
        d.rounded_rectangle([x0, HEAD + 10, x1, height - 10], radius=12, fill=PANEL, outline=PANEL_EDGE, width=2)
        y = HEAD + 22
        if view.get("phase") == "over":
            for i, line in enumerate(final_ranking(self, view, names, locale)):
                for part in wrap_whole(line, MIN_TEXT, x1 - x0 - 24, bold=True):
                    text(d, (x0 + 12, y), part, MIN_TEXT, GOLDEN if i == 0 else INK, bold=True)
                    y += LINE
                y += 6
            return
        cw = 80
        for label, code, count in ((tr("trio.stock", locale), None, view.get("stock_count", 0)),
                                   (tr("trio.discard", locale), view.get("discard_top"),
                                    view.get("discard_count", 0))):
            text(d, (x0 + 14, y), label, MIN_TEXT, MUTED, bold=True)
            y += LINE + 2
            if code or label == tr("trio.stock", locale):
                paste_card(img, code or None, "french", cw, x0 + 14, y, locale, compact=True)
            else:
                d.rounded_rectangle([x0 + 14, y, x0 + 14 + cw, y + card_height(cw)], radius=6, outline=PANEL_EDGE,
                                    width=2)
            text(d, (x1 - 14, y + card_height(cw) / 2), str(count or 0), 26, INK, bold=True, anchor="rm")
            y += card_height(cw) + 16
        if view.get("must_go_out"):
            for part in wrap(tr("trio.must_go_out", locale), MIN_TEXT, x1 - x0 - 20, bold=True):
                text(d, (x0 + 12, y), part, MIN_TEXT, GOLDEN, bold=True)
                y += LINE

    def alt_lines(self, view: JSON, names: Sequence[str], locale: str) -> list[str]:
        """Each seat's contract and laid combinations (named as under their cards), the stock and
        the discard pile, for the table's description."""
        lines = []
        melds = view.get("melds") or []
        for seat, name in enumerate(names):
            laid = [meld_name(str(m.get("kind") or ""), [str(r) for r in m.get("as") or m.get("cards") or []], locale)
                    for m in melds if m.get("owner") == seat]
            words = [w for w in (contract_text(view, seat, locale), ", ".join(laid)) if w]
            if words:
                lines.append(name + colon(locale) + " · ".join(words))
        if view.get("phase") != "over":
            lines.append(f"{tr('trio.stock', locale)}{colon(locale)}{view.get('stock_count', 0) or 0}")
            top = view.get("discard_top")
            pile = f"{tr('trio.discard', locale)}{colon(locale)}{view.get('discard_count', 0) or 0}"
            if top:
                pile += f" · {card(str(top), 'french').text(locale)}"
            lines.append(pile)
        return lines

    # -- recap ---------------------------------------------------------------------------------

    def recap_title(self, view: JSON, locale: str) -> str:
        deal = view.get("last_deal") or {}
        return f"{self.title(view, locale)} · {tr('trio.round', locale, n=int(deal.get('deal_no', 0)) + 1)}"

    def recap_lines(self, view: JSON, names: Sequence[str], locale: str) -> list[tuple[str, str]]:
        d = view.get("last_deal") or {}
        lines = []
        out = d.get("out")
        lines.append((tr("trio.went_out", locale),
                      names[out] if isinstance(out, int) else tr("nobody_word", locale)))
        opened = [names[s] for s, o in enumerate(d.get("opened") or []) if o]
        lines.append((tr("trio.contract_made", locale),
                      ", ".join(opened) if opened else tr("nobody_word", locale)))
        finishers = [names[s] for s in d.get("finishers") or [] if isinstance(s, int)]
        if finishers:
            lines.append((tr("trio.last_contract_made", locale), ", ".join(finishers)))
        return lines

    def recap_cards(self, view: JSON, names: Sequence[str], locale: str) -> list[CardRow]:
        """The round's last table (issue 19: the next deal replaces it at once): each player's laid
        combinations as the round ended, named as on the table, then every hand left and its points.
        With more than five players each seat takes one row, its combinations, a card back, then
        its hand (the recap keeps a readable height)."""
        d = view.get("last_deal") or {}
        deltas = d.get("deltas") or []
        hands = {int(k): sorted(v, key=lambda c: sort_key(card(c))) for k, v in (d.get("hands") or {}).items()}
        melds = d.get("melds") or []
        laid: list[CardRow] = []
        left: list[CardRow] = []
        for seat in range(len(names)):
            own = [m for m in melds if m.get("owner") == seat]
            cards = [str(c) for m in own for c in m.get("cards") or []]
            pts = f"{deltas[seat] if seat < len(deltas) else ''} pts"
            if len(names) > 5:
                if own or seat in hands:
                    parts = [f"{names[seat]} · {tr('trio.laid', locale)} ▸ {tr('trio.hand', locale)}"
                             if own and seat in hands else f"{names[seat]} · {tr('trio.laid', locale)}"
                             if own else names[seat]]
                    if seat in hands:
                        parts.append(pts)
                    laid.append((" · ".join(parts), cards + ([""] if own and hands.get(seat) else [])
                                 + hands.get(seat, [])))
                continue
            if own:
                said = ", ".join(meld_name(str(m.get("kind")), [str(r) for r in m.get("as") or []], locale,
                                           short=True, glyphs=True) for m in own)
                laid.append((f"{names[seat]} · {tr('trio.laid', locale)}{colon(locale)}{said}", cards))
            if seat in hands:
                left.append((f"{names[seat]} · {tr('trio.hand', locale)} · {pts}", hands[seat]))
        return laid + left


LAYOUT = register("trio", TrioLayout())
register("ecole", LAYOUT)
