"""The generic layout draws the toy game (shared view keys only) at every moment of a match."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

import rendering
from rendering.hand import MIN_W
from rendering.table import W
from tests.toygame import TOY


def _open(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.format == "PNG"
    return img


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_toy_images_through_a_match(seats: int) -> None:
    state = TOY.new(seats, seats)
    rng = random.Random(seats)
    while True:
        public = state.view(None)
        table = _open(rendering.table_image(public, ["Ana", "Bruno", "Chloé", "Dmitri"][:seats]))
        assert table.width == W and 400 <= table.height <= 700  # 640 px wide, about square
        seat = state.to_act()
        if seat is None:
            break
        legal = state.legal_actions(seat)
        mine = state.view(seat)
        hand = _open(rendering.hand_image(mine, "en", [a.arg for a in legal]))
        assert MIN_W <= hand.width <= 1400 and 150 <= hand.height <= 900
        assert sorted(rendering.hand_order(mine)) == sorted(mine["hand"])
        state = state.apply(seat, legal[rng.randrange(len(legal))])
    _open(rendering.recap_image(state.view(None)))


def test_scoreboard_rows_and_empty() -> None:
    rows = [{"rank": i + 1, "name": f"P{i}", "rating": 30 - i, "matches": 9, "wins": 4, "points": 120}
            for i in range(30)]
    img = _open(rendering.scoreboard_image(rows, "en", title="Tarot"))
    from rendering.scoreboard import PAGE, ROW, W

    assert img.width == W and img.height > PAGE * ROW  # a page of rows (the bot sends the next ones apart)
    assert _open(rendering.scoreboard_image(rows[PAGE:], "en")).size == img.size
    empty = _open(rendering.scoreboard_image([]))
    assert empty.height < img.height


def test_names_default_and_cleaned() -> None:
    from rendering.canvas import seat_names

    assert seat_names(None, 3, "fr") == ["Place 1", "Place 2", "Place 3"]
    assert seat_names({1: "Zoé 🎉"}, 2, "en") == ["Seat 1", "Zoé"]
    assert seat_names(["李小龙", "Ana  Ж"], 2, "fr") == ["Place 1", "Ana Ж"]  # no empty boxes


def test_legal_arguments_with_wild_suffix_light_their_card() -> None:
    view = {"game": "trio", "seats": 3, "seat": 0, "hand": ["7H", "2C", "9S", "JK"]}
    plain = rendering.hand_image(view)
    by_code = rendering.hand_image(view, legal=["2C"])
    by_action_arg = rendering.hand_image(view, legal=["2C=8H", "meld"])
    assert by_code == by_action_arg != plain
    assert rendering.hand_order(view) == ["9S", "7H", "2C", "JK"]  # suits, then the wilds apart


def test_scoreboard_marks_computer_players() -> None:
    row = {"rank": 2, "name": "Robot", "rating": 20.0, "matches": 3, "wins": 1, "points": 10}
    assert rendering.scoreboard_image([row]) != rendering.scoreboard_image([{**row, "computer": True}])


def test_hand_order_follows_each_game() -> None:
    assert rendering.hand_order({"game": "piquet", "seats": 2, "hand": ["AS", "7S", "KS", "8H"]}) == \
        ["7S", "KS", "AS", "8H"]  # the Ace above the King
    assert rendering.hand_order({"game": "tarot", "seats": 4, "hand": ["EX", "KS", "T1", "AS"]}) == \
        ["AS", "KS", "T1", "EX"]  # the Ace low, trumps then the Excuse last
    assert rendering.hand_order({"game": "tresillo", "seats": 3, "hand": ["RB", "1O", "SB", "7C"]}) == \
        ["1O", "7C", "SB", "RB"]  # oros, copas, espadas, bastos


def test_hand_shows_chosen_cards_and_discards_aside() -> None:
    from PIL import Image

    trio = {"game": "trio", "seats": 3, "seat": 0, "hand": ["10C", "10H", "10S", "2S"], "building": None}
    building = {**trio, "building": {"kind": "brelan", "cards": ["10C", "10H"], "staged": []}}
    assert rendering.hand_image(trio) != rendering.hand_image(building)
    tarot = {"game": "tarot", "seats": 4, "seat": 0, "phase": "ecart", "hand": ["KS", "T1", "3H"]}
    plain = Image.open(io.BytesIO(rendering.hand_image(tarot)))
    aside = Image.open(io.BytesIO(rendering.hand_image({**tarot, "ecart": ["5D", "7C"]})))
    # the écart so far beside the hand's short last row (under it when there is no room there)
    assert aside.height == plain.height and aside.width > plain.width
    full = {**tarot, "hand": ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S"]}
    under = Image.open(io.BytesIO(rendering.hand_image({**full, "ecart": ["5D", "7C"]})))
    assert under.height > Image.open(io.BytesIO(rendering.hand_image(full))).height
    assert rendering.hand_order({**tarot, "ecart": ["5D", "7C"]}) == ["KS", "3H", "T1"]


def test_recap_takes_locale_second_and_names_by_keyword() -> None:
    state = TOY.new(2, 1)
    view = state.view(None)
    assert rendering.recap_image(view, "en") == rendering.recap_image(view, locale="en", names=None)
    assert rendering.recap_image(view, "en", ["Ana", "Bo"]) == rendering.recap_image(view, names=["Ana", "Bo"],
                                                                                        locale="en")
