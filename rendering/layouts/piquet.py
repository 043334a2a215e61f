"""Piquet's table and recap (view keys in ``games/piquet/__init__.py``): elder and younger, the
exchange, declarations announced with their proof and points, repique/pique, scores per deal and
partie."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games import vocabulary as common
from games.cards import Card, sort_key
from games.piquet import vocabulary
from games.piquet.vocabulary import call_text, declaration_lines, said_by_seat, word
from rendering.canvas import GOLD, ROSE, SILVER
from rendering.i18n import N_, colon, tr, trn
from rendering.layouts import register
from rendering.layouts.base import Badge, CardRow
from rendering.layouts.trick import TrickLayout
from rendering.layouts.words import cards_words

JSON = dict[str, Any]
KINDS = vocabulary.CLASSES  # the classes of declarations (:mod:`games.piquet.vocabulary`)
LINES = {"blanche": N_("piquet.line.blanche"), "point": vocabulary.CLASSES["point"],
         "sequence": N_("piquet.line.sequence"), "sets": N_("piquet.line.sets"), "repique": N_("piquet.line.repique"),
         "pique": N_("piquet.line.pique"), "play": common.PHASES["play"], "cards": N_("piquet.line.cards")}


class PiquetLayout(TrickLayout):
    family = "french"
    phases = vocabulary.PHASES

    def card_order(self, c: Card) -> tuple[int, int]:
        """The Ace ranks above the King in Piquet: 7 8 9 10 J Q K A in each suit."""
        suit, rank = sort_key(c)
        return (suit, 15 if c.rank == "A" else rank)

    def hand_aside(self, view: JSON, locale: str) -> list[CardRow]:
        rows: list[CardRow] = []
        if view.get("discard"):
            rows.append((tr("piquet.your_discards", locale), list(view["discard"])))
        if view.get("talon_seen"):
            rows.append((tr("piquet.talon_seen", locale), list(view["talon_seen"])))
        return rows

    def badges(self, view: JSON, seat: int, locale: str) -> list[Badge]:
        out: list[Badge] = []
        if view.get("phase") != "over":
            if view.get("elder") == seat:
                out.append((tr("piquet.elder", locale), GOLD))
            else:
                out.append((tr("piquet.younger", locale), SILVER))
        bonus = (view.get("bonus") or [None, None])[seat]
        if bonus:
            out.append((str(bonus).capitalize(), ROSE))
        return out

    def seat_detail(self, view: JSON, seat: int, locale: str) -> str:
        scores = view.get("scores") or [0, 0]
        deal = (view.get("deal_points") or [0, 0])[seat]
        tricks = (view.get("tricks_won") or [0, 0])[seat]
        return " · ".join((tr("piquet.deal_points", locale, n=deal),
                           trn("tricks", tricks, locale),
                           tr("seat_total", locale, n=scores[seat])))

    def info(self, view: JSON, names: Sequence[str], locale: str) -> list[str]:
        lines = []
        for s, n in enumerate(view.get("exchanges") or []):
            if isinstance(n, int):
                lines.append(tr("piquet.exchanged", locale, name=names[s], n=n))
        if view.get("phase") == "declare":
            for c in view.get("calls") or []:
                kind = str(c.get("kind"))
                label = word(KINDS, kind, locale, kind)
                said = call_text(kind, c.get("call"), locale) if c.get("call") else tr("piquet.quiet", locale)
                lines.append(f"{names[int(c['seat'])]} · {label}{colon(locale)}{said}")
        for d in view.get("declarations") or []:
            lines += declaration_lines(d, names, view.get("elder"), locale)
        return lines

    def centre(self, view: JSON, names: Sequence[str], locale: str) -> CardRow | None:
        if view.get("phase") == "exchange" and view.get("stock_count"):
            return (tr("talon_cards", locale, n=view["stock_count"]),
                    [""] * int(view["stock_count"]))
        return None

    def card_rows(self, view: JSON, names: Sequence[str], locale: str) -> list[CardRow]:
        """A carte blanche shown. The declarations and the cards shown to prove them are said in
        the message text and the image's description, not drawn."""
        rows: list[CardRow] = []
        for seat, shown in enumerate(view.get("blanche_shown") or []):
            if shown:
                rows.append((f"Carte blanche · {names[seat]}", shown))
        return rows

    def alt_lines(self, view: JSON, names: Sequence[str], locale: str) -> list[str]:
        """The cards shown to prove each declaration, for the table's description."""
        lines = []
        for d in view.get("declarations") or []:
            winner = d.get("winner")
            if d.get("shown") and isinstance(winner, int):
                kind = str(d.get("kind"))
                call = call_text(kind, (d.get("calls") or [None, None])[winner], locale)
                family = self.pack(view)
                lines.append(f"{word(KINDS, kind, locale, kind)} · {call}{colon(locale)}"
                             f"{cards_words(list(d['shown']), family, locale)}")
        return lines

    def recap_lines(self, view: JSON, names: Sequence[str], locale: str) -> list[tuple[str, str]]:
        d = view.get("last_deal") or {}
        out = []
        elder = d.get("elder")
        if isinstance(elder, int):
            out.append((tr("piquet.elder", locale), names[elder]))
        if d.get("capot") is not None:
            out.append(("Capot", names[int(d["capot"])] if isinstance(d["capot"], int) else str(d["capot"])))
        return out

    def recap_grid(self, view: JSON, names: Sequence[str], locale: str) -> list[tuple[str, list[str]]]:
        """The deal's lines in the order of reckoning (docs/rules/piquet.md, « Declarations », « Pique and repique », « Play »), one column per player:
        each declaration as called ("5 cartes (48)", "bon", "égal") with what it scored."""
        d = view.get("last_deal") or {}
        lines = d.get("lines") or {}
        decl = {str(x.get("kind")): x for x in d.get("declarations") or []}
        rows: list[tuple[str, list[str]]] = []
        for key in ("blanche", "point", "sequence", "sets", "repique", "pique", "play", "cards"):
            values = list(lines.get(key) or [0, 0])
            label = word(LINES, key, locale, key)
            if key in decl:
                said = said_by_seat(decl[key], d.get("elder"), locale)
                rows.append((label, [f"{said[s]} · {v}" if said[s] != "-" else str(v) for s, v in enumerate(values)]))
            elif key in ("point", "sequence", "sets", "play", "cards") or any(values):
                rows.append((label, [str(v) for v in values]))
        tricks = d.get("tricks_won")
        if tricks:
            rows.append((tr("tricks_word", locale), [str(t) for t in tricks]))
        return rows


LAYOUT = register("piquet", PiquetLayout())
