"""The table image read at Discord's display size. Rules checked here,
for every game at every seat count and moment:

* no text smaller than 11 px once the image is shown 500 px wide (a desktop; 9 px at
  270 px, ``test_phone.py``, which the 640 px table's 22 px minimum meets with room to spare);
* seat names up to 32 characters are drawn whole, so two names that differ only at the end give two
  different plates; where whole names would make the table taller than its phone box
  (:data:`rendering.fitting.TALLEST`), they are cut in their middle ("Ordina…ong A"), their ends kept;
* each card of the trick and of the last trick carries its player's seat mark;
* the taker's (declarer's) tag stays all deal; each seat's cards left in hand follow the play.
  The bids, tricks won and totals are in the message text: the image no longer draws
  them (those two rules superseded "bid tags stay all deal" and "per-seat tricks follow the play").
"""

from __future__ import annotations

import io
from collections import Counter
from pathlib import Path

import pytest
from PIL import Image, ImageChops

import rendering
from games import GAMES
from rendering.canvas import record_text
from rendering.fitting import TALLEST
from rendering.i18n import tr
from rendering.layouts import layout_for
from rendering.layouts.tarot import contract_name as tarot_contract
from rendering.layouts.tresillo import contract_name as tresillo_contract
from rendering.layouts.trio import PLATE
from rendering.samples import DISPLAY_WIDTHS, NAMES, SHORT, WIDTH_CASES, busy, moments, playout
from rendering.table import DISPLAY_W, MARGIN, seat_marks, table_plan

SMALLEST = 11  # px at DISPLAY_W
CASES = [(name, seats) for name, game in sorted(GAMES.items())
         for seats in range(game.min_seats, game.max_seats + 1)]
# 32 characters each, alike but for their ends; and the widest letters
LONG = [f"Ordinateur numéro un très long {c}" for c in "ABCDEFG"]
WIDE = [f"{c}" * 32 for c in "WMQOGDH"]
_CACHE: dict[tuple[str, int], dict] = {}


def _moments(name: str, seats: int) -> dict:
    if (name, seats) not in _CACHE:
        _CACHE[name, seats] = moments(GAMES[name], seats, seed=seats * 5 + 2)
    return _CACHE[name, seats]


def _draw(view: dict, names: list[str], locale: str = "fr") -> tuple[Image.Image, list[tuple[str, int]]]:
    with record_text() as seen:
        data = rendering.table_image(view, names, locale)
    img = Image.open(io.BytesIO(data))
    img.load()
    return img, seen


@pytest.mark.parametrize(("name", "seats"), CASES)
def test_no_text_under_11px_at_500px(name: str, seats: int) -> None:
    for moment, m in _moments(name, seats).items():
        for names, locale in ((NAMES[:seats], "fr"), (LONG[:seats], "en")):
            img, seen = _draw(m.public, names, locale)
            assert seen, "the table drew no text"
            text, size = min(seen, key=lambda ts: ts[1])
            shown = size * DISPLAY_W / img.width
            assert shown >= SMALLEST, f"{moment}: {text!r} is {shown:.1f} px at {DISPLAY_W} px wide"


@pytest.mark.parametrize(("name", "seats"), CASES)
@pytest.mark.parametrize("names", [LONG, WIDE], ids=["long", "wide"])
def test_seat_names_of_32_characters_drawn_whole(name: str, seats: int, names: list[str]) -> None:
    names = names[:seats]
    assert all(len(n) == 32 for n in names)
    for moment in ("start", "mid_trick", "over"):
        _, seen = _draw(_moments(name, seats)[moment].public, names)
        drawn = [t for t, _ in seen]
        img, _ = _draw(_moments(name, seats)[moment].public, names)
        cut = {t for t in drawn if "…" in t and any(t.split("…")[0] and n.startswith(t.split("…")[0])
                                                     for n in names)}
        if cut:  # too tall with whole names: each cut in its middle, the ends kept apart
            assert img.height <= TALLEST, (moment, img.size)
            for n in names:
                mine = [t for t in cut if n.startswith(t.split("…")[0]) and n.endswith(t.split("…")[1])]
                assert mine, (moment, n, cut)
            assert len({t.split("…")[1] for t in cut}) == len(names), (moment, cut)
            continue
        for n in names:  # the name's lines, joined, give the name back
            assert any(t and n.endswith(t) for t in drawn), (moment, n)
            pieces = [t for t in drawn if t and t in n]
            assert "".join(n.split()) in "".join("".join(pieces).split()), (moment, n, pieces)


@pytest.mark.parametrize(("name", "seats"), [("tarot", 4), ("tresillo", 3), ("piquet", 2), ("trio", 3)])
def test_names_alike_but_for_the_end_give_different_plates(name: str, seats: int) -> None:
    """"Ordinateur 1" and "Ordinateur 3" once looked alike ("Ordinate…"): not any more."""
    view = _moments(name, seats)["mid_trick"].public
    first = [f"Ordinateur {i + 1} de la table des as" for i in range(seats)]
    second = [*first[:1], first[1][:-1] + "z", *first[2:]]
    a, _ = _draw(view, first)
    b, _ = _draw(view, second)
    if name == "trio":
        box: tuple[float, ...] = (0, 120, MARGIN + PLATE, a.height)  # the plates' column
    else:
        box = table_plan(layout_for(view), view, first, "fr")[0].plates[1]
    crop = tuple(round(v) for v in box)
    diff = ImageChops.difference(a.convert("RGB").crop(crop), b.convert("RGB").crop(crop)).getbbox()
    assert diff is not None, "the two plates look the same"


def _trick_views(name: str, seats: int) -> list[dict]:
    game = GAMES[name]
    states = playout(game, seats, 9, options=SHORT.get(name))
    return [s.view(None) for s in states if s.view(None).get("trick") or s.view(None).get("last_trick")]


@pytest.mark.parametrize(("name", "seats"), [("tarot", 3), ("tarot", 4), ("tarot", 5), ("tresillo", 3),
                                             ("tresillo", 4), ("piquet", 2)])
def test_trick_cards_carry_the_seat_mark_of_who_played_them(name: str, seats: int) -> None:
    names = NAMES[:seats]
    marks = seat_marks(names)
    views = _trick_views(name, seats)
    assert len(views) > 10
    for view in views[:: max(1, len(views) // 12)]:
        _, seen = _draw(view, names)
        counts = Counter(t for t, _ in seen)
        trick = [int(s) for s, _ in view.get("trick") or []]
        last = view.get("last_trick") or {}
        shown_last = [int(s) for s, _ in last.get("cards") or []] if view.get("trick") else []
        if not trick and view.get("phase") != "over":  # between tricks the last one lies in the middle
            trick = [int(s) for s, _ in last.get("cards") or []]
        if view.get("phase") == "over":
            continue
        for seat in range(seats):  # once on the plate, once per card played
            expected = 1 + trick.count(seat) + shown_last.count(seat)
            assert counts[marks[seat]] == expected, (view.get("rev"), seat, trick, shown_last)


def test_seat_marks_are_initials_or_numbers() -> None:
    assert seat_marks(["Amélie", "bruno", "Chloé"]) == ["A", "B", "C"]
    assert seat_marks(["Ordinateur 1", "Ordinateur 2", "Amélie"]) == ["1", "2", "3"]


@pytest.mark.parametrize(("name", "seats"), [("tarot", 4), ("tarot", 5), ("tresillo", 3), ("tresillo", 4)])
def test_the_taker_tag_stays_all_deal(name: str, seats: int) -> None:
    """The taker (Tarot) or declarer (Tresillo) keeps its tag on the image all the play; the
    contract word and the other seats' bids are in the message text."""
    game = GAMES[name]
    layout = layout_for({"game": name})
    states = playout(game, seats, 4)
    plays = [s.view(None) for s in states if s.view(None).get("phase") == "play"]
    assert plays
    for view in plays[:: max(1, len(plays) // 6)]:
        _, seen = _draw(view, NAMES[:seats])
        drawn = [t for t, _ in seen]
        contract = view["contract"]
        taker = contract["taker"] if name == "tarot" else contract["declarer"]
        tag = layout.table_badges(view, taker, "fr")[0][0]
        assert tag == tr("tarot.taker" if name == "tarot" else "tresillo.declarer", "fr")
        assert drawn.count(tag) == 1, (tag, drawn)
        bids = view.get("bids") if name == "tarot" else (view.get("auction") or {}).get("bids")
        said = {tarot_contract(b, "fr") if name == "tarot" else tresillo_contract(b, "fr") for _, b in bids or []}
        assert not said & set(drawn) - {tag}, "no bid is drawn once the play starts"


@pytest.mark.parametrize(("name", "seats"), [("tarot", 3), ("tarot", 4), ("tresillo", 4), ("piquet", 2)])
def test_cards_left_in_hand_follow_the_play(name: str, seats: int) -> None:
    states = playout(GAMES[name], seats, 6)
    seen_counts = set()
    for state in states[::3]:
        view = state.view(None)
        if view.get("phase") != "play":
            continue
        _, seen = _draw(view, NAMES[:seats])
        drawn = [t for t, _ in seen]
        for count in view["hand_counts"]:
            if count:
                assert str(count) in drawn, (count, drawn)
                seen_counts.add(count)
    assert len(seen_counts) >= 5, "the counts never went down on the image"


def test_renders_at_discord_widths_are_kept() -> None:
    """docs/images/widths holds every game at both widths (``python -m rendering.samples``)."""
    folder = Path(__file__).resolve().parents[2] / "docs" / "images" / "widths"
    for name, seats, moment in WIDTH_CASES:
        for width in DISPLAY_WIDTHS:
            path = folder / f"{name}{seats}_{moment}_{width}.png"
            assert path.exists(), path
            assert Image.open(path).width == width
    assert {n for n, _, _ in WIDTH_CASES} == set(GAMES)
    assert busy(playout(GAMES["tarot"], 4, 5)).view(None)["last_trick"]
