"""Le Trio and L'École (view keys in ``games/trio/state.py``, ``TrioState.view``): one row per player
with their current contract, penalty points and laid combinations (wilds labelled with the card
they stand for), the stock and the discard pile; the hand grouped by suit with the wilds apart."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from games.cards import card, sort_key
from games.trio import vocabulary
from games.trio.labels import meld_name
from rendering import indexed
from rendering.canvas import (
    GOLD,
    GOLDEN,
    GREEN,
    HEADER,
    INK,
    MUTED,
    PANEL,
    PANEL_EDGE,
    RGB,
    SILVER,
    felt,
    text_width,
    wrap,
)
from rendering.cards import card_height, wild_image
from rendering.fitting import TALLEST, fit_middle
from rendering.i18n import colon, tr
from rendering.indexed import paste_card, pill, text
from rendering.layouts import register
from rendering.layouts.base import Badge, CardRow, Layout
from rendering.table import (
    HEAD,
    LINE,
    MARGIN,
    MIN_STEP,
    MIN_TEXT,
    NAME_LINE,
    STRIPE,
    TAG_H,
    Mode,
    W,
    draw_header,
    draw_plate,
    draw_ranking,
    final_ranking,
    plate_height,
    ranking_height,
    seat_marks,
)
from rendering.table_felt import NAME_SIZES
from rendering.table_plates import name_width

JSON = dict[str, Any]
PLATE = 196  # plate width
MELD_X = MARGIN + PLATE + 12
CARD_W = 64  # the combinations' and the piles' cards (compact faces: a 23-29 px index)
GAP = 16  # between two combinations
MELD_LINE_H = 96 + LINE + 2  # a line of combinations: the cards, their names below
STRIP_H = LINE + 96 + 8  # the stock and the discard pile
ROW_GAP = 12
FLOW_H = TAG_H  # a line of the compact rows (tags, badges, combinations' names)


@functools.lru_cache(maxsize=8)
def _rows_background(height: int) -> Image.Image:
    """Felt and header band, no oval (the table is rows of combinations); drawn once per height."""
    img = felt(W, height)
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, W, HEAD], fill=HEADER)
    d.line([(0, HEAD), (W, HEAD)], fill=PANEL_EDGE, width=2)
    return img


@functools.lru_cache(maxsize=8)
def _mapped_rows_background(height: int) -> Image.Image:
    return indexed.mapped(_rows_background(height))


def _meld_step(melds: list[JSON], width: float) -> float:
    """The step between overlapped cards that lays ``melds`` side by side in ``width`` px (at most
    0.62 card widths)."""
    sizes = [len(m.get("cards") or []) for m in melds]
    spare = width - GAP * (len(melds) - 1) - CARD_W * len(melds)
    return min(CARD_W * 0.62, spare / max(1, sum(n - 1 for n in sizes)))


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
    phases = vocabulary.PHASES
    higher_is_better = False  # penalty points

    def deal_text(self, view: JSON, locale: str) -> str:
        """"Manche 2": the game's own word for a deal (docs/rules/trio.md, « The round »)."""
        n = view.get("deal_no")
        return "" if n is None else tr("trio.round", locale, n=int(n) + 1)

    def change_word(self, locale: str) -> str:
        """The recap's column of the round's points: "Manche"."""
        return tr("trio.change", locale)

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

    def draw_table(self, view: JSON, names: Sequence[str], locale: str, mode: Mode = "P") -> Image.Image:
        """The stock and the discard pile in a strip under the header (the final standings once
        the match is over), then one row per player: its plate, the cards left in its hand and its
        badges, and its laid combinations, beside the plate when they fit on one line, else under
        it across the whole width. 640 px wide, every text and card index at least 22 px (9 px
        shown 270 px wide); the contracts and scores are in the message text."""
        over = view.get("phase") == "over"
        strip = ranking_height(self, view, names, locale, W - 2 * MARGIN) + 12 if over else STRIP_H
        heights, plans, height = self._plans(view, names, strip)
        if height > TALLEST:  # whole names on two or three lines: cut to one (the message text has them whole)
            names = [fit_middle(n, NAME_SIZES[-1], name_width(PLATE)) for n in names]
            heights, plans, height = self._plans(view, names, strip)
        if height > TALLEST:
            return self._draw_compact(view, names, locale, mode)
        top = HEAD + strip + 8
        img = (_mapped_rows_background if mode == "P" else _rows_background)(height).copy()
        d = ImageDraw.Draw(img)
        draw_header(img, self, view, names, locale)
        if over:
            draw_ranking(img, self, view, names, locale, (W / 2, HEAD + 6 + strip / 2), W - 2 * MARGIN)
        else:
            self._draw_piles(img, d, view, locale)
        marks = seat_marks(names)
        y = float(top)
        for seat, (beside, lines, row_h) in enumerate(plans):
            if seat % 2 == 0:
                d.rectangle([0, y - ROW_GAP / 2, W, y + row_h - ROW_GAP / 2], fill=indexed.fill(img, STRIPE))
            box = (MARGIN, y, MARGIN + PLATE, y + heights[seat])
            draw_plate(img, d, self, view, seat, names[seat], marks[seat], locale, box, True, badges=beside)
            if not beside:
                self._inline_tags(img, d, view, seat, MELD_X, y + NAME_LINE / 2 + 7, locale)
            x, y0 = (MELD_X, y) if beside else (MARGIN, y + heights[seat] + 6)
            for i, line in enumerate(lines):
                self._draw_melds(img, d, line, x, y0 + i * MELD_LINE_H, W - MARGIN - x, locale)
            y += row_h
        return img

    def _plans(self, view: JSON, names: Sequence[str], strip: float
               ) -> tuple[list[float], list[tuple[bool, list[list[JSON]], float]], int]:
        """Each plate's height; each row's plan (combinations beside the plate?, their lines, row
        height); the table's height."""
        melds = view.get("melds") or []
        heights = [plate_height(n, PLATE) for n in names]
        plans = []
        for seat, h in enumerate(heights):
            own = [m for m in melds if m.get("owner") == seat]
            one_line = self._meld_lines(own, W - MARGIN - MELD_X)
            if len(one_line) == 1:
                plans.append((True, one_line, max(h + 2 * TAG_H + 8, MELD_LINE_H) + ROW_GAP))
            else:
                under = self._meld_lines(own, W - 2 * MARGIN)
                plans.append((False, under, h + (6 + len(under) * MELD_LINE_H if under else 0) + ROW_GAP))
        return heights, plans, round(HEAD + strip + 8 + sum(p[2] for p in plans) + 4)

    def _draw_compact(self, view: JSON, names: Sequence[str], locale: str, mode: Mode) -> Image.Image:
        """The table of many players, as tall as its box allows: the stock and the discard pile on
        one line of text, then a row per player, its plate (its name on one line) and beside it
        the cards left in its hand, its badges and its combinations by name ("séquence 7♦–D♦"),
        in lines across the rest of the width."""
        over = view.get("phase") == "over"
        room = W - MARGIN - MELD_X
        flows = [self._flow(view, seat, locale, room) for seat in range(len(names))]
        plate_h = [plate_height(n, PLATE) for n in names]
        rows = [max(h, len(f) * FLOW_H) + ROW_GAP // 3 for h, f in zip(plate_h, flows, strict=True)]
        cols = 2 if len(names) <= 6 else 3  # the standings in columns under their title
        col = (W - 2 * MARGIN - 16) / cols
        widest = max((abs(int(v)) for v in view.get("scores") or [0]), default=0)
        reserve = text_width(f"{len(names)}. {colon(locale)}{widest}", MIN_TEXT, True) + 16
        ranking = final_ranking(self, view, [fit_middle(n, MIN_TEXT, col - reserve) for n in names],
                                locale) if over else []
        half = -(-(len(ranking) - 1) // cols)
        strip = 20 + (1 + half) * 30 + 12 if over else LINE + 10
        top = HEAD + strip + 4
        img = (_mapped_rows_background if mode == "P" else _rows_background)(round(top + sum(rows) + 4)).copy()
        d = ImageDraw.Draw(img)
        draw_header(img, self, view, names, locale)
        if over:
            x0, y0 = MARGIN, HEAD + 6
            d.rounded_rectangle([x0, y0, W - MARGIN, y0 + strip - 12], radius=12, fill=indexed.fill(img, PANEL),
                                outline=indexed.fill(img, GOLDEN), width=3)
            text(img, (x0 + 16, y0 + 10), ranking[0], MIN_TEXT, GOLDEN, PANEL, bold=True)
            for i, entry in enumerate(ranking[1:]):
                text(img, (x0 + 16 + (i // half) * col, y0 + 40 + (i % half) * 30), entry, MIN_TEXT, INK, PANEL,
                     bold=True, width=col - 12)
        else:
            self._piles_line(img, view, locale, HEAD + 6)
        marks = seat_marks(names)
        y = float(top)
        for seat, (flow, row_h) in enumerate(zip(flows, rows, strict=True)):
            if seat % 2 == 0:
                d.rectangle([0, y - ROW_GAP / 4, W, y + row_h - ROW_GAP / 4], fill=indexed.fill(img, STRIPE))
            box = (MARGIN, y, MARGIN + PLATE, y + plate_h[seat])
            draw_plate(img, d, self, view, seat, names[seat], marks[seat], locale, box, True, badges=False)
            for i, line in enumerate(flow):
                x, cy = float(MELD_X), y + FLOW_H / 2 + i * FLOW_H
                for j, (kind, label, colour) in enumerate(line):
                    if kind == "meld" and j and line[j - 1][0] == "meld":
                        x += text(img, (x, cy), "·", MIN_TEXT, MUTED, None, bold=True, anchor="lm") + 10
                    if kind == "count":
                        paste_card(img, None, "french", 20, x + 2, cy - 15, under=None)
                        x += 26 + text(img, (x + 26, cy), label, MIN_TEXT, INK, None, bold=True, anchor="lm") + 10
                    elif kind == "badge":
                        x += pill(img, x, cy, label, colour, size=MIN_TEXT) + 6
                    else:
                        x += text(img, (x, cy), label, MIN_TEXT, INK, None, anchor="lm") + 10
            y += row_h
        return img

    def _flow(self, view: JSON, seat: int, locale: str, room: float) -> list[list[tuple[str, str, RGB]]]:
        """A seat's tags, badges and combinations' names cut in lines of ``room`` px."""
        items: list[tuple[str, str, RGB, float]] = []
        count = self.hand_count(view, seat)
        if count:
            items.append(("count", str(count), INK, 36 + text_width(str(count), MIN_TEXT, True)))
        for label, colour in self.table_badges(view, seat, locale):
            items.append(("badge", label, colour, text_width(label, MIN_TEXT, True) + MIN_TEXT + 6))
        for m in view.get("melds") or []:
            if m.get("owner") == seat:
                reps = [str(r) for r in m.get("as") or m.get("cards") or []]
                name = meld_name(str(m.get("kind") or ""), reps, locale, glyphs=True)
                if text_width(name, MIN_TEXT) > room:
                    name = meld_name(str(m.get("kind") or ""), reps, locale, short=True, glyphs=True)
                items.append(("meld", name, INK, text_width(name, MIN_TEXT) + 28))
        lines: list[list[tuple[str, str, RGB]]] = []
        x = room
        for kind, label, colour, w in items:
            if x + w - 28 > room and (lines == [] or x > 0):
                lines.append([])
                x = 0
            lines[-1].append((kind, label, colour))
            x += w
        return lines

    def _piles_line(self, img: Image.Image, view: JSON, locale: str, y: float) -> None:
        """"Pioche 118 · Défausse 6 (R♥) · Doit sortir !" on one line under the header."""
        top = view.get("discard_top")
        parts = [(f"{tr('trio.stock', locale)} {view.get('stock_count', 0) or 0}", INK),
                 (f"{tr('trio.discard', locale)} {view.get('discard_count', 0) or 0}"
                  + (f" ({card(str(top)).short(locale)})" if top else ""), INK)]
        if view.get("must_go_out"):
            parts.append((tr("trio.must_go_out", locale), GOLDEN))
        x = float(MARGIN + 6)
        for i, (part, colour) in enumerate(parts):
            if i:
                x += text(img, (x, y), " · ", MIN_TEXT, MUTED, None, bold=True)
            x += text(img, (x, y), part, MIN_TEXT, colour, None, bold=True, width=W - MARGIN - x)

    def _inline_tags(self, img: Image.Image, d: ImageDraw.ImageDraw, view: JSON, seat: int, x: float, y: float,
                     locale: str) -> None:
        """The cards left in hand and the badges on one line to the right of a plate."""
        count = self.hand_count(view, seat)
        if count:
            paste_card(img, None, "french", 20, x + 2, y - 15, under=None)
            x += 26 + text(img, (x + 26, y), str(count), MIN_TEXT, INK, None, bold=True, anchor="lm") + 10
        for label, colour in self.table_badges(view, seat, locale):
            if x + text_width(label, MIN_TEXT, True) + MIN_TEXT > W - MARGIN:
                break
            x += pill(img, x, y, label, colour, size=MIN_TEXT) + 6

    @staticmethod
    def _meld_lines(melds: list[JSON], room: float) -> list[list[JSON]]:
        """The combinations of one seat in lines of ``room`` px, their cards overlapped no closer
        than :data:`MIN_STEP` (each index stays whole)."""
        out: list[list[JSON]] = []
        for m in melds:
            trial = [*out[-1], m] if out else [m]
            if out and _meld_step(trial, room) >= MIN_STEP:
                out[-1] = trial
            else:
                out.append([m])
        return out

    def _draw_melds(self, img: Image.Image, d: ImageDraw.ImageDraw, melds: list[JSON], x0: float, y: float,
                    width: float, locale: str) -> None:
        """One line of combinations side by side, cards overlapped so that each index stays
        visible; a wild is drawn as the card it stands for, on gold paper. Each is named underneath
        ("brelan de A"), in the words of the lay-off buttons."""
        if not melds:
            return
        w = CARD_W
        step = _meld_step(melds, width)
        x = x0
        for m in melds:
            codes = list(m.get("cards") or [])
            reps = list(m.get("as") or codes)
            for i, code in enumerate(codes):
                rep = reps[i] if i < len(reps) else code
                if is_wild(code) and rep != code:
                    indexed.paste(img, wild_image(code, str(rep), w, locale), (round(x + i * step), round(y)))
                else:
                    paste_card(img, code, "french", w, x + i * step, y, locale, compact=True, under=None)
            span = w + (len(codes) - 1) * step
            kind, shown = str(m.get("kind") or ""), [str(r) for r in reps]
            name = meld_name(kind, shown, locale, glyphs=True)
            room = span + GAP - 6  # a name may run over the gap to the next combination
            if text_width(name, MIN_TEXT) > room:
                name = meld_name(kind, shown, locale, short=True, glyphs=True)
            text(img, (x, y + card_height(w) + 2), name, MIN_TEXT, INK, None, width=max(room, 60))
            x += span + GAP

    def _draw_piles(self, img: Image.Image, d: ImageDraw.ImageDraw, view: JSON, locale: str) -> None:
        """The stock (a back and its count) and the discard pile (its top card and count), side
        by side under the header, and "must go out" when the stock is spent."""
        x, y = float(MARGIN + 6), HEAD + 8
        for label, code, count in ((tr("trio.stock", locale), None, view.get("stock_count", 0)),
                                   (tr("trio.discard", locale), view.get("discard_top"),
                                    view.get("discard_count", 0))):
            text(img, (x, y), label, MIN_TEXT, MUTED, None, bold=True)
            cy = y + LINE
            if code or label == tr("trio.stock", locale):
                paste_card(img, code or None, "french", CARD_W, x, cy, locale, compact=True, under=None)
            else:
                d.rounded_rectangle([x, cy, x + CARD_W, cy + card_height(CARD_W)], radius=6,
                                    outline=indexed.fill(img, PANEL_EDGE), width=2)
            shown = text(img, (x + CARD_W + 10, cy + card_height(CARD_W) / 2), str(count or 0), 26, INK, None,
                         bold=True, anchor="lm")
            x += max(CARD_W + 10 + shown, text_width(label, MIN_TEXT, True)) + 36
        if view.get("must_go_out"):
            for i, part in enumerate(wrap(tr("trio.must_go_out", locale), MIN_TEXT, W - MARGIN - 8 - x, bold=True)):
                text(img, (x, y + LINE + i * LINE), part, MIN_TEXT, GOLDEN, None, bold=True)

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
        """The round's last table (the next deal replaces it at once): each player's laid
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
