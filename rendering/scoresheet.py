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
(made or not) and penalty points, and a row of contracts made. Sized for a phone: the image is
:data:`W` wide (about twice the 270 px Discord shows it at there) and its texts at least :data:`SMALL`
px, so 9 px there; a sheet of more deals than fit Discord's 280 px tall box is drawn in pages of
consecutive deals (:func:`pages`), each with the names and the running totals.
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
    text_width,
    wrap,
)
from rendering.i18n import colon, tr
from rendering.layouts import layout_for

JSON = dict[str, Any]
W = 600
U = 2  # image pixels per unit: the sheet is laid out 300 units wide
SMALL = 11 * U  # the smallest text: 9.9 px once shown 270 px wide
HEAD = 30 * U
MARGIN = 6 * U
ROW = 34 * U  # a deal: its note across the sheet, then each seat's total and change (more lines if narrow)
TOTAL_ROW = 34 * U  # its word, then each seat's total
TALLEST = 680  # px: the most Discord's 280 px tall box shows with SMALL text at 9 px
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
    if sheet.get("more"):  # a page before the last: the partie is not over on it
        return []
    if game == "piquet":
        return _partie(sheet, names, locale)
    if game in ("trio", "ecole"):
        return [tr("sheet.penalty", locale)]
    return []


# -- drawing ---------------------------------------------------------------------------------------


def _columns(seats: int) -> tuple[int, float]:
    """Width of the deal column and of each seat's column."""
    label = 22 * U  # the deal's number (its note goes across the sheet)
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


def _height(sheet: JSON, names: Sequence[str], locale: str, rows: int) -> int:
    return scoresheet_picture({**sheet, "rows": [{"deal_no": 0}] * rows}, names, locale, measure=True).height


def pages(sheet: JSON, names: Sequence[str], locale: str = "fr") -> list[JSON]:
    """``sheet`` cut into sheets of consecutive deals, each under :data:`TALLEST` px once drawn
    (one sheet when it fits): each page's totals are the running ones after its last deal, the
    footer and the outcome on the last page only."""
    rows = list(sheet.get("rows") or [])
    most = len(rows)
    while most > 1 and _height(sheet, names, locale, most) > TALLEST:
        most -= 1
    if most >= len(rows):
        return [sheet]
    count = -(-len(rows) // most)
    size = -(-len(rows) // count)  # pages of even length
    out = []
    for start in range(0, len(rows), size):
        part = rows[start:start + size]
        last = start + size >= len(rows)
        out.append(sheet if last and start == 0 else {
            **sheet, "rows": part, "page": (start // size + 1, count),
            **({} if last else {"scores": list(part[-1].get("scores") or []), "over": False, "outcome": None,
                                "more": True})})
    return out


def scoresheet_picture(sheet: JSON, names: Sequence[str], locale: str = "fr", measure: bool = False) -> Image.Image:
    """The score sheet image (see the module docstring for ``sheet``)."""
    game = str(sheet.get("game", ""))
    seats = int(sheet.get("seats") or len(names))
    layout = layout_for({"game": game})
    rows = list(sheet.get("rows") or [])
    trio = game in ("trio", "ecole")
    label_w, col_w = _columns(seats)
    narrow = col_w < 62 * U  # a seat's total and change side by side, else one under the other
    name_size = next((size * U for size in (13, 12, 11) if all(
        _whole(n, name_lines(n, size * U, col_w - 6 * U)) for n in names[:seats])), SMALL)
    shown_names = [name_lines(n, name_size, col_w - 6 * U) for n in names[:seats]]
    names_h = (12 + 16 * max(len(x) for x in shown_names)) * U
    row_h = ROW + 14 * U * (int(trio) + int(narrow))
    footer = [part for line in _footer(sheet, names, locale) for part in wrap(line, SMALL, W - 2 * MARGIN - 8 * U)]
    extra_rows = 1 + (1 if trio else 0)  # totals, contracts made
    height = HEAD + MARGIN + names_h + max(1, len(rows)) * row_h + extra_rows * TOTAL_ROW + \
        (len(footer) * 15 + 10) * U * bool(footer) + MARGIN
    if measure:
        return Image.new("P", (W, height))
    img = felt(W, height)
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, W, HEAD], fill=HEADER)
    title = layout.title({"game": game}, locale)  # "Score sheet" is the embed's title
    last = int(rows[-1].get("deal_no", len(rows) - 1)) + 1 if rows else 0
    status = tr("over", locale) if sheet.get("over") else (
        tr("deal_of", locale, n=last, m=sheet["deals"]) if isinstance(sheet.get("deals"), int) and sheet["deals"]
        else layout.deal_text({"game": game, "variant": sheet.get("variant"), "deal_no": last - 1}, locale))
    if sheet.get("page"):
        status = f"{status} · {sheet['page'][0]}/{sheet['page'][1]}"
    used = text(d, (W - MARGIN, HEAD / 2), status, SMALL, MUTED, bold=True, anchor="rm", width=W * 0.4)
    text(d, (MARGIN, HEAD / 2), title, 13 * U, INK, bold=True, anchor="lm", width=W - 3 * MARGIN - used)
    top = HEAD + MARGIN
    grid_bottom = top + names_h + max(1, len(rows)) * row_h + extra_rows * TOTAL_ROW
    d.rounded_rectangle([MARGIN / 2, top, W - MARGIN / 2, grid_bottom + 4 * U], radius=6 * U, fill=PANEL,
                        outline=PANEL_EDGE, width=U)
    left = MARGIN + label_w

    def centre(seat: int) -> float:
        return left + (seat + 0.5) * col_w

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
        text(d, (MARGIN + 4 * U, y + 9 * U), str(deal_no), 13 * U, GOLDEN, bold=True, anchor="lm")
        note = " · ".join(deal_note(game, row, names, locale))  # one line across the sheet
        text(d, (MARGIN + 22 * U, y + 9 * U), note, SMALL, MUTED, anchor="lm", width=W - 2 * MARGIN - 24 * U)
        deltas, totals = row.get("deltas") or [], row.get("scores") or []
        for s in range(seats):
            cx = centre(s)
            cell: list[list[tuple[str, Any, int]]] = [[]]  # its lines of parts
            if s < len(totals):
                value = totals[s]
                colour = GOLDEN if game == "piquet" and isinstance(value, int | float) and value >= RUBICON else INK
                cell[0].append((number(value), colour, 13 * U))
            tag = _contract_tag(sheet, row, s, locale) if trio else None
            if tag is not None:
                cell.append([(tag[0] + (" ✓" if tag[1] else ""), MADE if tag[1] else MUTED, SMALL)])
            if s < len(deltas) and isinstance(deltas[s], int | float):
                dv = deltas[s]
                part = (signed(dv), INK if not dv else PLUS if dv * good > 0 else MINUS, SMALL)
                if narrow:
                    cell.append([part])
                else:
                    cell[-1].append(part)
            for k, parts in enumerate(cell):
                widths = [text_width(fit(p, size, col_w), size, True) for p, _, size in parts]
                x = cx - (sum(widths) + 5 * U * (len(parts) - 1)) / 2
                for (word, tone, size), w in zip(parts, widths, strict=True):
                    text(d, (x, y + (23 + 14 * k) * U), word, size, tone, bold=True, anchor="lm", width=col_w)
                    x += w + 5 * U
        y += row_h
    if not rows:
        text(d, (W / 2, y + row_h / 2), tr("no_deal", locale), 13 * U, MUTED, anchor="mm")
        y += row_h
    d.line([(MARGIN, y), (W - MARGIN, y)], fill=PANEL_EDGE, width=U)
    totals = list(sheet.get("scores") or [])
    best = (max(totals) if good > 0 else min(totals)) if totals else None
    text(d, (MARGIN + 4 * U, y + 9 * U), tr("total", locale), SMALL, MUTED, bold=True, anchor="lm")
    for s in range(min(seats, len(totals))):
        lead = totals[s] == best and seats > 1
        text(d, (centre(s), y + 24 * U), number(totals[s]), 14 * U, GOLDEN if lead else INK, bold=True, anchor="mm",
             width=col_w - 2 * U)
    y += TOTAL_ROW
    if trio:
        text(d, (MARGIN + 4 * U, y + 9 * U), tr("sheet.contracts", locale), SMALL, MUTED,
             bold=True, anchor="lm", width=W - 2 * MARGIN - 8 * U)
        for s in range(seats):
            made = sum(1 for r in rows if s < len(r.get("opened") or []) and r["opened"][s])
            text(d, (centre(s), y + 24 * U), str(made), 13 * U, MADE if made else MUTED, bold=True, anchor="mm")
        y += TOTAL_ROW
    y = grid_bottom + 12 * U
    for line in footer:
        text(d, (MARGIN, y + 7 * U), line, SMALL, INK, anchor="lm", width=W - 2 * MARGIN)
        y += 15 * U
    return img


def _whole(name: str, lines: list[str]) -> bool:
    """Whether ``lines`` keep every word of ``name`` whole."""
    return set(name.split()) <= set(" ".join(lines).split())


def _font(size: int) -> Any:
    from rendering.assets import font

    return font(size, True)
