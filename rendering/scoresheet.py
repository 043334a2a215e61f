"""The score sheet (feuille de marque): a match's deals in rows, each seat's change and running total.

``sheet`` is plain data built from the engine's public views (``bot/records.py`` builds it by
replaying the action log):

* ``game``, ``seats``, ``variant`` (Le Trio / L'École), ``deals`` (planned deals, or ``None``);
* ``rows``: each finished deal's ``last_deal`` dict as the public view gave it (``deal_no``,
  ``deltas``, ``scores`` and the game's own lines; Le Trio's rows add ``contracts``, each seat's
  contract during that deal);
* ``scores``: the running totals; ``over`` and ``outcome`` (``Outcome.to_json()``) once finished.

Per game: Tarot rows name the contract, the taker and the result; Tresillo the contract, the
declarer and the result; Piquet the elder and a capot, repique or pique, totals past the rubicon
(100) in gold and, at the end, the partie's result with the rubicon; Le Trio each seat's contract
(made or not) and penalty points, and a row of contracts made. Sized for Discord's 500 px: the
image is :data:`W` wide and no text is smaller than 11 px once shown 500 px wide.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PIL import Image, ImageDraw

from rendering.canvas import (
    GOLDEN,
    HEADER,
    INK,
    MINUS,
    MUTED,
    PANEL,
    PANEL_EDGE,
    PLUS,
    felt,
    fit,
    number,
    signed,
    text,
    wrap,
)
from rendering.i18n import colon, tr
from rendering.layouts import layout_for

JSON = dict[str, Any]
W = 1000
U = W // 500  # image pixels per pixel seen at Discord's 500 px
SMALL = 11 * U  # the smallest text
HEAD = 34 * U
MARGIN = 8 * U
ROW = 48 * U
RUBICON = 100
STRIPE = (28, 52, 44)
MADE = (120, 222, 140)


def _name(names: Sequence[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


# -- each game's words for a row ------------------------------------------------------------------


def _tarot(row: JSON, names: Sequence[str], locale: str) -> list[str]:
    from rendering.layouts.tarot import contract_name

    if not row.get("contract"):
        return [tr("sheet.all_passed", locale)]
    first = f"{contract_name(row['contract'], locale)} · {_name(names, row.get('taker'))}"
    partner = row.get("partner")
    if isinstance(partner, int) and partner != row.get("taker"):
        first += f" + {_name(names, partner)}"
    diff = abs(int(row.get("diff") or 0))
    verdict = tr("sheet.made_by" if row.get("won") else "sheet.lost_by", locale, n=diff)
    return [first, ("✓ " if row.get("won") else "✗ ") + verdict]


def _tresillo(row: JSON, names: Sequence[str], locale: str) -> list[str]:
    from rendering.layouts.tresillo import RESULTS, contract_name

    key = str(row.get("result") or "")
    result = tr(RESULTS[key], locale) if key in RESULTS else key.replace("_", " ").capitalize()
    if not row.get("contract"):
        return [result or "-"]
    return [f"{contract_name(row['contract'], locale)} · {_name(names, row.get('declarer'))}", result]


def _piquet(row: JSON, names: Sequence[str], locale: str) -> list[str]:
    out = [f"{tr('piquet.elder', locale)}{colon(locale)}{_name(names, row.get('elder'))}"]
    lines = row.get("lines") or {}
    if row.get("capot") is not None:
        out.append(f"Capot{colon(locale)}{_name(names, row.get('capot'))}")
    else:
        for key, word in (("repique", "Repique"), ("pique", "Pique"), ("blanche", "Blanche")):
            values = lines.get(key) or []
            won = [s for s, v in enumerate(values) if v]
            if won:
                out.append(f"{word}{colon(locale)}{', '.join(_name(names, s) for s in won)}")
                break
    return out


def _trio(row: JSON, names: Sequence[str], locale: str) -> list[str]:
    out = row.get("out")
    if isinstance(out, int):
        return [tr("sheet.went_out", locale, name=_name(names, out))]
    return [tr("sheet.nobody_out", locale)]


NOTES: dict[str, Callable[[JSON, Sequence[str], str], list[str]]] = {
    "tarot": _tarot, "tresillo": _tresillo, "piquet": _piquet, "trio": _trio, "ecole": _trio}


def deal_note(game: str, row: JSON, names: Sequence[str], locale: str = "fr") -> list[str]:
    """A finished deal in one or two short lines (contract and taker, result...); [] when the game
    has no words of its own here."""
    note = NOTES.get(game)
    return note(row, names, locale) if note is not None else []


def _contract_tag(sheet: JSON, row: JSON, seat: int, locale: str) -> tuple[str, bool] | None:
    """Le Trio: ``("C3", made)`` for the seat's contract in that deal."""
    contracts, opened = row.get("contracts") or [], row.get("opened") or []
    if seat >= len(contracts):
        return None
    letter = "C" if (sheet.get("variant") or sheet.get("game")) == "trio" else tr("trio.year_letter", locale)
    return f"{letter}{contracts[seat]}", bool(seat < len(opened) and opened[seat])


# -- the footer ------------------------------------------------------------------------------------


def _partie(sheet: JSON, names: Sequence[str], locale: str) -> list[str]:
    """Piquet: the rubicon, and the partie's result once over (the engine's outcome)."""
    totals = list(sheet.get("scores") or [])
    below = [names[s] for s, v in enumerate(totals) if v < RUBICON]
    out = [tr("sheet.rubicon", locale, n=RUBICON)]
    outcome = sheet.get("outcome")
    if not sheet.get("over") or not isinstance(outcome, dict) or len(totals) != 2:
        if below and sheet.get("rows"):
            out.append(tr("sheet.under", locale, names=", ".join(below)))
        return out
    scores = list(outcome.get("scores") or [0, 0])
    if totals[0] == totals[1]:
        return [*out, tr("sheet.drawn", locale)]
    winner = 0 if totals[0] > totals[1] else 1
    loser = 1 - winner
    hi, lo, won = totals[winner], totals[loser], number(scores[winner])
    if lo >= RUBICON:
        out.append(tr("sheet.wins", locale, winner=names[winner], hi=number(hi), lo=number(lo), won=won))
    else:
        out.append(tr("sheet.rubiconed", locale, loser=names[loser], winner=names[winner], hi=number(hi), lo=number(lo),
                        won=won))
    return out


def _footer(sheet: JSON, names: Sequence[str], locale: str) -> list[str]:
    game = sheet.get("game")
    if game == "piquet":
        return _partie(sheet, names, locale)
    if game in ("trio", "ecole"):
        return [tr("sheet.penalty", locale)]
    return []


# -- drawing ---------------------------------------------------------------------------------------


def _columns(seats: int) -> tuple[int, float]:
    """Width of the deal column and of each seat's column."""
    label = (150 if seats <= 4 else 130 if seats == 5 else 100) * U
    return label, (W - 2 * MARGIN - label) / max(1, seats)


def name_lines(name: str, size: int, width: float, most: int = 2) -> list[str]:
    """``name`` on at most ``most`` lines of ``width`` pixels: broken between words, or inside a
    word too long for a line; the last line is shortened with an ellipsis only when it must be."""
    lines: list[str] = []
    line = ""
    for word in name.split():
        trial = f"{line} {word}".strip()
        if fit(trial, size, width, True) == trial:
            line = trial
            continue
        if line:
            lines.append(line)
        line = ""
        for ch in word:
            if fit(line + ch, size, width, True) != line + ch:
                lines.append(line)
                line = ""
            line += ch
    if line:
        lines.append(line)
    if len(lines) > most:
        lines = [*lines[:most - 1], fit(" ".join(lines[most - 1:]), size, width, True)]
    return lines or ["?"]


def scoresheet_picture(sheet: JSON, names: Sequence[str], locale: str = "fr") -> Image.Image:
    """The score sheet image (see the module docstring for ``sheet``)."""
    game = str(sheet.get("game", ""))
    seats = int(sheet.get("seats") or len(names))
    layout = layout_for({"game": game})
    rows = list(sheet.get("rows") or [])
    trio = game in ("trio", "ecole")
    label_w, col_w = _columns(seats)
    narrow = col_w < 80 * U
    name_size = next((size * U for size in (13, 12, 11) if all(
        _whole(n, name_lines(n, size * U, col_w - 6 * U)) for n in names[:seats])), SMALL)
    shown_names = [name_lines(n, name_size, col_w - 6 * U) for n in names[:seats]]
    names_h = (12 + 16 * max(len(x) for x in shown_names)) * U
    row_h = ROW + (12 * U if trio and narrow else 0)
    footer = [part for line in _footer(sheet, names, locale) for part in wrap(line, 12 * U, W - 2 * MARGIN - 8 * U)]
    extra_rows = 1 + (1 if trio else 0)  # totals, contracts made
    height = HEAD + MARGIN + names_h + max(1, len(rows)) * row_h + extra_rows * 36 * U + \
        (len(footer) * 18 + 10) * U * bool(footer) + MARGIN
    img = felt(W, height)
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, W, HEAD], fill=HEADER)
    title = f"{tr('sheet.title', locale)} · {layout.title({'game': game}, locale)}"
    status = tr("over", locale) if sheet.get("over") else (
        tr("deal_of", locale, n=len(rows), m=sheet["deals"]) if isinstance(sheet.get("deals"), int) and sheet["deals"]
        else tr("deal", locale, n=len(rows)))
    used = text(d, (W - MARGIN, HEAD / 2), status, 13 * U, MUTED, bold=True, anchor="rm", width=W * 0.3)
    text(d, (MARGIN, HEAD / 2), title, 16 * U, INK, bold=True, anchor="lm", width=W - 3 * MARGIN - used)
    top = HEAD + MARGIN
    grid_bottom = top + names_h + max(1, len(rows)) * row_h + extra_rows * 36 * U
    d.rounded_rectangle([MARGIN / 2, top, W - MARGIN / 2, grid_bottom + 4 * U], radius=6 * U, fill=PANEL,
                        outline=PANEL_EDGE, width=U)
    left = MARGIN + label_w

    def centre(seat: int) -> float:
        return left + (seat + 0.5) * col_w

    text(d, (MARGIN + 4 * U, top + names_h / 2), tr("deal_word", locale), 12 * U, MUTED, bold=True,
         anchor="lm")
    for s, lines in enumerate(shown_names):
        y0 = top + names_h / 2 - (len(lines) - 1) * 8 * U
        for i, line in enumerate(lines):
            text(d, (centre(s), y0 + i * 16 * U), line, name_size, INK, bold=True, anchor="mm")
    y = top + names_h
    good = 1 if layout.higher_is_better else -1
    for i, row in enumerate(rows):
        if i % 2 == 0:
            d.rectangle([MARGIN / 2 + U, y, W - MARGIN / 2 - U, y + row_h], fill=STRIPE)
        deal_no = int(row.get("deal_no", i)) + 1
        text(d, (MARGIN + 4 * U, y + 12 * U), str(deal_no), 14 * U, GOLDEN, bold=True, anchor="lm")
        for j, note in enumerate(deal_note(game, row, names, locale)[:2]):
            x0 = MARGIN + (22 if j == 0 else 4) * U
            text(d, (x0, y + (12 + 20 * j) * U), note, SMALL, MUTED if j else INK, anchor="lm",
                 width=label_w - (x0 - MARGIN) - 4 * U)
        deltas, totals = row.get("deltas") or [], row.get("scores") or []
        for s in range(seats):
            cx = centre(s)
            if s < len(totals):
                value = totals[s]
                colour = GOLDEN if game == "piquet" and isinstance(value, int | float) and value >= RUBICON else INK
                text(d, (cx, y + 16 * U), number(value), 15 * U, colour, bold=True, anchor="mm", width=col_w - 4 * U)
            parts: list[tuple[str, Any]] = []
            tag = _contract_tag(sheet, row, s, locale) if trio else None
            if tag is not None:
                parts.append((tag[0] + (" ✓" if tag[1] else ""), MADE if tag[1] else MUTED))
            if s < len(deltas) and isinstance(deltas[s], int | float):
                dv = deltas[s]
                parts.append((signed(dv), INK if not dv else PLUS if dv * good > 0 else MINUS))
            if narrow:  # one part a line
                for k, (part, colour) in enumerate(parts):
                    text(d, (cx, y + (34 + 14 * k) * U), part, SMALL, colour, bold=True, anchor="mm",
                         width=col_w - 2 * U)
            elif parts:
                widths = [d.textlength(fit(p, SMALL, col_w), font=_font(SMALL)) for p, _ in parts]
                x = cx - (sum(widths) + 6 * U * (len(parts) - 1)) / 2
                for (part, colour), w in zip(parts, widths, strict=True):
                    text(d, (x, y + 36 * U), part, SMALL, colour, bold=True, anchor="lm", width=col_w)
                    x += w + 6 * U
        y += row_h
    if not rows:
        text(d, (W / 2, y + row_h / 2), tr("no_deal", locale), 13 * U, MUTED, anchor="mm")
        y += row_h
    d.line([(MARGIN, y), (W - MARGIN, y)], fill=PANEL_EDGE, width=U)
    totals = list(sheet.get("scores") or [])
    best = (max(totals) if good > 0 else min(totals)) if totals else None
    text(d, (MARGIN + 4 * U, y + 18 * U), tr("total", locale), 13 * U, MUTED, bold=True, anchor="lm")
    for s in range(min(seats, len(totals))):
        lead = totals[s] == best and seats > 1
        text(d, (centre(s), y + 18 * U), number(totals[s]), 16 * U, GOLDEN if lead else INK, bold=True, anchor="mm",
             width=col_w - 4 * U)
    y += 36 * U
    if trio:
        text(d, (MARGIN + 4 * U, y + 18 * U), tr("sheet.contracts", locale), SMALL, MUTED,
             bold=True, anchor="lm", width=label_w - 8 * U)
        for s in range(seats):
            made = sum(1 for r in rows if s < len(r.get("opened") or []) and r["opened"][s])
            text(d, (centre(s), y + 18 * U), str(made), 14 * U, MADE if made else MUTED, bold=True, anchor="mm")
        y += 36 * U
    y = grid_bottom + 14 * U
    for line in footer:
        text(d, (MARGIN, y + 8 * U), line, 12 * U, INK, anchor="lm", width=W - 2 * MARGIN)
        y += 18 * U
    return img


def _whole(name: str, lines: list[str]) -> bool:
    """Whether ``lines`` keep every word of ``name`` whole."""
    return set(name.split()) <= set(" ".join(lines).split())


def _font(size: int) -> Any:
    from rendering.assets import font

    return font(size, True)
