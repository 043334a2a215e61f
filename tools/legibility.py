"""Every kind of image the bot sends, for every game, measured where Discord shows it.

Each image is drawn once per game (and seat count) with the text recorder on
(:func:`rendering.canvas.record_text`: every text's font size, every card's corner index), then its
smallest text is scaled to the width Discord shows the image at on a phone and on a desktop
(:mod:`rendering.display`). ``python -m tools.legibility`` prints one line per image (size, shown
width, smallest text there); ``tests/rendering/test_shown.py`` checks them against 9 px.

The kinds, as the bot uploads them (``bot/ui``): the table (``table.png``), the hand console at
each of its sizes (``hand.png``: the auction, the écart or exchange with the cards set aside so far,
a trick, the end), a deal's recap (``recap.png``), the score sheet after a deal and at the results
(``scoresheet.png``), the leaderboard (``leaderboard.png``), a replay step (``replay.png`` in the
embed, ``hands.png`` beside it). A challenge or a club night's table sends these same images.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from PIL import Image

import rendering
from games import GAMES
from games.base import State
from rendering.canvas import record_text
from rendering.display import SMALLEST, WHERE, Place, Where, scale
from rendering.samples import NAMES, SHORT, legal_codes, playout
from rendering.scoreboard import PAGE

# every game at its fewest and most seats (the rows of Le Trio and L'École grow with them)
CASES: tuple[tuple[str, int], ...] = (("tarot", 3), ("tarot", 4), ("tarot", 5), ("tresillo", 3), ("tresillo", 4),
                                      ("piquet", 2), ("trio", 3), ("trio", 6), ("ecole", 3), ("ecole", 7))
LONG = [f"Ordinateur numéro un très long {c}" for c in "ABCDEFG"]  # 32 characters


@dataclass(frozen=True)
class Shot:
    """One image as sent: what it is, where it goes (an embed's image or a file beside it), its
    size and its texts' ``(text, size)``."""

    game: str
    seats: int
    kind: str
    place: Place
    size: tuple[int, int]
    texts: tuple[tuple[str, int], ...]

    def smallest(self, where: Where) -> tuple[float, str]:
        """The smallest text's height where it is shown, and that text."""
        k = scale(*self.size, where, self.place)
        size, what = min((s, t) for t, s in self.texts)
        return size * k, what


def shoot(game: str, seats: int, kind: str, draw: Callable[[], bytes], place: Place = "embed") -> Shot:
    with record_text(cards=True) as seen:
        png = draw()
    img = Image.open(io.BytesIO(png))
    return Shot(game, seats, kind, place, img.size, tuple(seen))


def _hand_states(states: list[State]) -> Iterator[tuple[str, State, int]]:
    """One state per size the seat to act's hand takes: (label, state, seat)."""
    seen: set[tuple[Any, ...]] = set()
    for s in states:
        seat = s.to_act()
        if seat is None:
            continue
        v = s.view(seat)
        from rendering.hand import hand_plan

        plan = hand_plan(v, "fr", legal_codes(s.game, s, seat))
        shape = (str(v.get("phase")), tuple(len(r) for r in plan.grouped), tuple(len(c) for _, c in plan.aside),
                 bool(plan.marked))
        if shape not in seen:
            seen.add(shape)
            yield f"hand {v.get('phase')} {sum(len(g) for r in plan.grouped for g in r)}" \
                  f"{' +aside' if plan.aside else ''}{' +marked' if plan.marked else ''}", s, seat


def _sheets(name: str, seats: int, states: list[State]) -> Iterator[tuple[str, Callable[[], bytes]]]:
    from bot.service import records

    data = states[-1].to_json()
    match = records.read_match(data, NAMES[:seats], "fr")
    sheet = records.score_sheet(match)
    if sheet["rows"]:  # as the bot sends them: the recap the last page, the results every page
        first = int(sheet["rows"][0].get("deal_no", 0))
        yield "sheet after a deal", lambda: rendering.scoresheet_images(records.score_sheet(match, first),
                                                                        NAMES[:seats])[-1]
        for i in range(len(rendering.scoresheet_images(sheet, NAMES[:seats]))):
            yield f"sheet at the results {i + 1}", lambda i=i: rendering.scoresheet_images(sheet, NAMES[:seats])[i]


def _full(name: str, seats: int, seed: int) -> list[State]:
    """A whole match at the game's own length (the score sheet's rows), Le Trio and L'École short."""
    game = GAMES[name]
    options = SHORT.get(name, dict(getattr(game, "playout_options", {}) or {}))
    return playout(game, seats, seed, options=options)


def shots(name: str, seats: int, seed: int = 7) -> list[Shot]:
    """Every image kind of one game at ``seats``."""
    states = _full(name, seats, seed)
    public = [s.view(None) for s in states]
    names = NAMES[:seats]
    out: list[Shot] = []
    busiest = max(range(len(states)), key=lambda i: (len(public[i].get("trick") or []),
                                                     len(public[i].get("melds") or public[i].get("laid") or [])))
    mid = states[busiest if name not in ("trio", "ecole") else max(0, len(states) - 6)]
    for label, names_used in (("table", names), ("table, long names", LONG[:seats])):
        out.append(shoot(name, seats, label, lambda n=names_used: rendering.table_image(mid.view(None), n)))
    for label, s, seat in _hand_states(states):
        v, legal = s.view(seat), legal_codes(s.game, s, seat)
        out.append(shoot(name, seats, label, lambda v=v, legal=legal: rendering.hand_image(v, "fr", legal=legal)))
    end = next((s for s in states if s.view(None).get("last_deal")), None)
    if end is not None:  # each page, as the bot sends them
        for label, shown in (("recap", names), ("recap, long names", LONG[:seats])):
            count = len(rendering.recap_images(end.view(None), "fr", shown))
            for i in range(count):
                out.append(shoot(name, seats, label + (f" {i + 1}/{count}" if count > 1 else ""),
                                 lambda i=i, shown=shown: rendering.recap_images(end.view(None), "fr", shown)[i]))
    for label, draw in _sheets(name, seats, states):
        out.append(shoot(name, seats, label, draw))
    hands = [mid.view(i).get("hand") or [] for i in range(seats)]
    table, beside = (lambda: rendering.replay_images(mid.view(None), hands, names)[0]), \
        (lambda: rendering.replay_images(mid.view(None), hands, names)[1])
    out.append(shoot(name, seats, "replay", table))
    out.append(shoot(name, seats, "replay hands", beside, "attachment"))
    return out


def board_shots() -> list[Shot]:
    """The leaderboard at its most rows (25, in pages of :data:`PAGE`), short and 32-character names."""
    out = []
    for label, names in (("leaderboard", NAMES), ("leaderboard, long names", LONG)):
        rows = [{"rank": i + 1 if i % 5 else "–", "name": names[i % len(names)], "rating": 1200 - 9 * i,
                 "matches": 40 - i, "wins": 20 - i // 2, "points": 640.5 - 25 * i, "provisional": not i % 5}
                for i in range(25)]
        for start in range(0, len(rows), PAGE):  # a page of 12 rows an image, as the bot sends them
            out.append(shoot("*", 0, f"{label} {start // PAGE + 1}", lambda page=rows[start:start + PAGE]:
                             rendering.scoreboard_image(page, "fr", "Classement · Tarot")))
    return out


def every_shot() -> list[Shot]:
    return [shot for name, seats in CASES for shot in shots(name, seats)] + board_shots()


def main(argv: list[str] | None = None) -> None:
    bad = 0
    for shot in every_shot():
        cells = []
        for where in WHERE:
            px, what = shot.smallest(where)
            shown = scale(*shot.size, where, shot.place) * shot.size[0]
            flag = "" if px >= SMALLEST else " !"
            bad += bool(flag)
            cells.append(f"{where} {shown:4.0f} px wide, {px:4.1f} px {what[:18]!r}{flag}")
        print(f"{shot.game:8} {shot.seats} {shot.kind:28} {shot.size[0]:4}x{shot.size[1]:<4} " + " | ".join(cells))
    print(f"{bad} under {SMALLEST} px")


if __name__ == "__main__":
    main(sys.argv[1:])
