"""Score sheets and replay steps drawn from engine views: every game, legible at
Discord's 500 px, the rubicon of Piquet and the contracts of Le Trio in words."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

import rendering
from games import GAMES
from games.base import State
from rendering import replay as replay_module
from rendering import scoresheet
from rendering.scoresheet import deal_note, name_lines

NAMES = ["Amélie", "Bertrand", "Chloé", "Dominique", "Étienne", "Fanny", "Gaspard"]
CASES = [("tarot", 4, {"deals": 2}), ("tresillo", 4, {}), ("piquet", 2, {}), ("trio", 3, {"contracts": 2}),
         ("ecole", 7, {"contracts": 1})]


def states(game: str, seats: int, options: dict[str, Any], seed: str = "sheet") -> Iterator[State]:
    g = GAMES[game]
    state = g.new(seats, seed, options)
    rng = random.Random(seed)
    players = [g.computer_player() for _ in range(seats)]
    yield state
    while state.to_act() is not None:
        seat = state.to_act()
        assert seat is not None
        state = state.apply(seat, players[seat].choose(state.view(seat), state.legal_actions(seat), rng))
        yield state


def sheet_of(game: str, seats: int, options: dict[str, Any]) -> dict[str, Any]:
    """The sheet data from the public views, as the bot builds it."""
    rows: list[dict[str, Any]] = []
    before: dict[str, Any] = {}
    state = None
    for state in states(game, seats, options):
        view = state.view(None)
        last = view.get("last_deal")
        if last and (not rows or rows[-1]["deal_no"] != last["deal_no"]):
            rows.append({**last, **({"contracts": before["contracts"]} if "contracts" in before else {})})
        before = view
    assert state is not None and state.outcome() is not None
    view = state.view(None)
    return {"game": game, "seats": seats, "variant": view.get("variant"), "deals": view.get("deals"),
            "rows": rows, "scores": view["scores"], "over": True, "outcome": state.outcome().to_json()}


@pytest.fixture
def sizes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every text size the score sheet and the replay panel draw."""
    seen: list[int] = []
    for module in (scoresheet, replay_module):
        original = module.text

        def spy(d: Any, xy: Any, s: str, size: int, *args: Any, _original: Any = original, **kw: Any) -> float:
            seen.append(size)
            return float(_original(d, xy, s, size, *args, **kw))

        monkeypatch.setattr(module, "text", spy)
    return seen


@pytest.mark.parametrize(("game", "seats", "options"), CASES)
@pytest.mark.parametrize("locale", ["fr", "en"])
def test_every_game_has_a_legible_score_sheet(game: str, seats: int, options: dict[str, Any], locale: str,
                                              sizes: list[int]) -> None:
    sheet = sheet_of(game, seats, options)
    img = Image.open(io.BytesIO(rendering.scoresheet_image(sheet, NAMES[:seats], locale)))
    assert img.width == scoresheet.W and img.height >= len(sheet["rows"]) * scoresheet.ROW
    assert min(sizes) * 500 / img.width >= 11, "no text under 11 px at Discord's 500 px"
    for row in sheet["rows"]:
        assert all(deal_note(game, row, NAMES[:seats], locale))


def test_piquet_partie_with_and_without_the_rubicon() -> None:
    names = ["Amélie", "Bertrand"]
    sheet = {"game": "piquet", "seats": 2, "rows": [], "scores": [84, 131], "over": True,
             "outcome": {"scores": [-315.0, 315.0]}}
    lines = scoresheet._footer(sheet, names, "fr")
    assert lines[-1] == "Amélie est rubicon (84 < 100)\u00a0: Bertrand marque 100 + 131 + 84 = 315"
    sheet.update(scores=[131, 104], outcome={"scores": [127.0, -127.0]})
    assert scoresheet._footer(sheet, names, "en")[-1] == "Amélie wins the partie: 100 + 131 − 104 = 127"
    sheet.update(scores=[60, 90], over=False, outcome=None, rows=[{"deal_no": 0}])
    assert scoresheet._footer(sheet, names, "en")[-1] == "Under the rubicon: Amélie, Bertrand"


def test_deal_notes_name_the_contract_and_the_result() -> None:
    names = ["Amélie", "Bertrand", "Chloé", "Dominique"]
    tarot = {"contract": "garde", "taker": 1, "partner": None, "won": False, "diff": -7}
    assert deal_note("tarot", tarot, names, "fr") == ["Garde · Bertrand", "✗ chutée de 7"]
    assert deal_note("tarot", {"contract": None}, names, "en") == ["All passed"]
    tresillo = {"contract": "solo", "declarer": 2, "result": "codillo"}
    assert deal_note("tresillo", tresillo, names, "en") == ["Solo · Chloé", "Codillo: an opponent wins"]
    assert deal_note("trio", {"out": 3}, names, "fr") == ["Dominique sort"]
    assert deal_note("piquet", {"elder": 0, "capot": 1}, names, "en") == ["Elder: Amélie", "Capot: Bertrand"]
    assert deal_note("unknown", {}, names, "fr") == []


def test_trio_cells_show_each_contract_made() -> None:
    row = {"deal_no": 0, "contracts": [2, 1, 3], "opened": [True, False, True]}
    sheet = {"game": "trio", "variant": "trio"}
    assert [scoresheet._contract_tag(sheet, row, s, "fr") for s in range(3)] == \
        [("C2", True), ("C1", False), ("C3", True)]
    assert scoresheet._contract_tag({"game": "ecole", "variant": "ecole"}, row, 0, "en") == ("Y2", True)


def test_names_break_between_words_first() -> None:
    assert name_lines("Jean Pierre", 26, 120) == ["Jean", "Pierre"]
    assert name_lines("Amélie", 26, 300) == ["Amélie"]
    long = name_lines("Maximilienne-Alexandrine", 26, 120)  # one word wider than two lines
    assert len(long) == 2 and long[1].endswith("…")
    assert "Maximilienne-Alexandrine".startswith(long[0] + long[1][:-1])
    assert all(scoresheet.fit(line, 26, 120, True) == line for line in long)


@pytest.mark.parametrize(("game", "seats", "options"), CASES)
def test_replay_step_shows_the_table_and_every_hand(game: str, seats: int, options: dict[str, Any],
                                                    sizes: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    middle = list(states(game, seats, options))
    state = middle[len(middle) // 3]
    view = state.view(None)
    hands = [state.view(s)["hand"] for s in range(seats)]
    pasted: list[str | None] = []
    original = replay_module.paste_card

    def spy(img: Any, code: str | None, *args: Any, **kw: Any) -> None:
        pasted.append(code)
        original(img, code, *args, **kw)

    monkeypatch.setattr(replay_module, "paste_card", spy)
    table = Image.open(io.BytesIO(rendering.table_image(view, NAMES[:seats], "fr")))
    img = Image.open(io.BytesIO(rendering.replay_image(view, hands, NAMES[:seats], "fr")))
    assert img.width == table.width and img.height > table.height + replay_module.CARD_W * 1.5
    assert sorted(c for c in pasted if c) == sorted(c for h in hands for c in h), "every card of every hand"
    assert min(sizes) * 500 / img.width >= 11
    for hand in hands:  # sorted as the game's hand image sorts them, whatever the order given
        assert replay_module.sorted_hand(view, list(reversed(hand))) == replay_module.sorted_hand(view, hand)
