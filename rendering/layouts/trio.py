"""Le Trio and L'École (view keys in ``games/trio/state.py``, ``TrioState.view``): one row per player
with their current contract, penalty points and laid combinations (wilds labelled with the card
they stand for), the stock and the discard pile; the hand grouped by suit with the wilds apart."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from games.cards import card, card_short, sort_key
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
)
from rendering.cards import card_height
from rendering.i18n import colon, pick
from rendering.layouts import register
from rendering.layouts.base import Badge, CardRow, Layout
from rendering.table import HEAD, H, W, draw_header, draw_plate, final_ranking

JSON = dict[str, Any]
PHASES = {"draw": ("Pioche ou défausse ?", "Draw"), "play": ("Pose ou défausse", "Lay down or discard"),
          "meld": ("Combinaison en cours", "Building a combination"),
          "layoff": ("Pose sur une combinaison", "Laying off"), "over": ("Partie terminée", "Game over")}
SIDE_X = 858
MELD_X = 236


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
    word = pick(locale, "Contrat", "Contract") if view.get("variant", view.get("game")) == "trio" else \
        pick(locale, "Année", "Year")
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
            out.append((pick(locale, "Ouvert", "Opened"), GREEN))
        if view.get("dealer") == seat:
            out.append((pick(locale, "Donneur", "Dealer"), SILVER))
        if seat in (view.get("winners") or []):
            out.append((pick(locale, "Vainqueur", "Winner"), GOLD))
        return out

    def seat_detail(self, view: JSON, seat: int, locale: str) -> str:
        contracts = view.get("contracts") or []
        scores = view.get("scores") or []
        parts = []
        if seat < len(contracts):
            parts.append(f"{pick(locale, 'C', 'C')}{contracts[seat]}" if view.get("variant") == "trio"
                         else f"{pick(locale, 'A', 'Y')}{contracts[seat]}")
        if seat < len(scores):
            parts.append(f"{scores[seat]} pts")
        return " · ".join(parts)

    # -- table ---------------------------------------------------------------------------------

    def draw_table(self, view: JSON, names: Sequence[str], locale: str) -> Image.Image:
        seats = int(view["seats"])
        top = HEAD + 10
        row_h = min(124, (H - top - 8) // seats) if seats <= 4 else 112  # 5+ players: a taller image
        height = max(H, top + seats * row_h + 8)
        img = _rows_background(height).copy()
        d = ImageDraw.Draw(img)
        draw_header(d, self, view, names, locale)
        card_w = max(30, int((row_h - 34) / 1.5))
        melds = view.get("melds") or []
        for seat in range(seats):
            y = top + seat * row_h
            if seat % 2 == 0:
                d.rectangle([0, y, SIDE_X - 12, y + row_h - 2], fill=(22, 84, 58))
            draw_plate(img, d, self, view, seat, names[seat], locale, (12 + 105, y + row_h / 2 - 2), 210,
                       badges=False)
            badges = self.badges(view, seat, locale)
            bx = float(MELD_X)
            for label, colour in badges:
                bx += pill(d, bx, y + 14, label, colour, size=13) + 4
            text(d, (bx + 6, y + 14), contract_text(view, seat, locale), 15, MUTED, anchor="lm",
                 width=SIDE_X - bx - 30)
            own = [m for m in melds if m.get("owner") == seat]
            self._draw_melds(img, d, own, MELD_X, y + 28, card_w, SIDE_X - 20 - MELD_X, locale)
        self._draw_side(img, d, view, names, locale, height)
        return img

    def _draw_melds(self, img: Image.Image, d: ImageDraw.ImageDraw, melds: list[JSON], x0: float, y: float,
                    w: int, width: float, locale: str) -> None:
        if not melds:
            return
        sizes = [len(m.get("cards") or []) for m in melds]
        gap = 14
        step = w * 0.52
        need = sum(w + (n - 1) * step for n in sizes) + gap * (len(melds) - 1)
        if need > width:
            spare = width - gap * (len(melds) - 1) - w * len(melds)
            step = max(w * 0.2, spare / max(1, sum(n - 1 for n in sizes)))
        x = x0
        h = card_height(w)
        for m in melds:
            codes = list(m.get("cards") or [])
            reps = list(m.get("as") or codes)
            for i, code in enumerate(codes):
                paste_card(img, code, "french", w, x + i * step, y, locale)
            for i, code in enumerate(codes):
                rep = reps[i] if i < len(reps) else code
                if is_wild(code) and rep != code:
                    try:
                        label = card_short(card(rep), locale)
                    except ValueError:
                        label = str(rep)
                    pill(d, x + i * step + 1, y + h - 12, "=" + label, GOLDEN, size=max(11, w // 5))
            x += w + (len(codes) - 1) * step + gap

    def _draw_side(self, img: Image.Image, d: ImageDraw.ImageDraw, view: JSON, names: Sequence[str], locale: str,
                   height: int) -> None:
        x0, x1 = SIDE_X, W - 10
        d.rounded_rectangle([x0, HEAD + 10, x1, height - 10], radius=12, fill=PANEL, outline=PANEL_EDGE, width=2)
        cx = (x0 + x1) / 2
        y = HEAD + 24
        if view.get("phase") == "over":
            for i, line in enumerate(final_ranking(self, view, names, locale)):
                text(d, (x0 + 12, y + i * 24), line, 15 if i else 16, INK if i else GOLDEN, bold=not i,
                     width=x1 - x0 - 20)
            return
        text(d, (cx, y), pick(locale, "Pioche", "Stock"), 17, MUTED, bold=True, anchor="mt")
        paste_card(img, None, "french", 70, cx - 35, y + 26)
        text(d, (cx, y + 26 + 105 + 8), str(view.get("stock_count", 0)), 18, INK, bold=True, anchor="mt")
        y += 190
        text(d, (cx, y), pick(locale, "Défausse", "Discard"), 17, MUTED, bold=True, anchor="mt")
        top = view.get("discard_top")
        if top:
            paste_card(img, top, "french", 70, cx - 35, y + 26, locale)
        else:
            d.rounded_rectangle([cx - 35, y + 26, cx + 35, y + 131], radius=6, outline=PANEL_EDGE, width=2)
        text(d, (cx, y + 26 + 105 + 8), str(view.get("discard_count", 0)), 18, INK, bold=True, anchor="mt")
        if view.get("must_go_out"):
            text(d, (cx, y + 175), pick(locale, "Doit sortir !", "Must go out!"), 16, GOLDEN, bold=True,
                 anchor="mt")

    # -- recap ---------------------------------------------------------------------------------

    def recap_title(self, view: JSON, locale: str) -> str:
        deal = view.get("last_deal") or {}
        return f"{self.title(view, locale)} · {pick(locale, 'Donne', 'Round')} {int(deal.get('deal_no', 0)) + 1}"

    def recap_lines(self, view: JSON, names: Sequence[str], locale: str) -> list[tuple[str, str]]:
        d = view.get("last_deal") or {}
        lines = []
        out = d.get("out")
        lines.append((pick(locale, "Sorti", "Went out"),
                      names[out] if isinstance(out, int) else pick(locale, "personne", "nobody")))
        opened = [names[s] for s, o in enumerate(d.get("opened") or []) if o]
        lines.append((pick(locale, "Contrat rempli", "Contract made"),
                      ", ".join(opened) if opened else pick(locale, "personne", "nobody")))
        finishers = [names[s] for s in d.get("finishers") or [] if isinstance(s, int)]
        if finishers:
            lines.append((pick(locale, "Dernier contrat rempli", "Last contract made"), ", ".join(finishers)))
        return lines

    def recap_cards(self, view: JSON, names: Sequence[str], locale: str) -> list[CardRow]:
        d = view.get("last_deal") or {}
        deltas = d.get("deltas") or []
        rows: list[CardRow] = []
        for key, codes in sorted((d.get("hands") or {}).items(), key=lambda kv: int(kv[0])):
            seat = int(key)
            pts = deltas[seat] if seat < len(deltas) else ""
            rows.append((f"{names[seat]} · {pts} pts", sorted(codes, key=lambda c: sort_key(card(c)))))
        return rows


LAYOUT = register("trio", TrioLayout())
register("ecole", LAYOUT)
