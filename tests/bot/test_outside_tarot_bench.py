"""The bridge seating TarotClub's bots in our Tarot engine (benchmarks/outside_tarot.py)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from benchmarks import outside_tarot as outside
from benchmarks.ai_levels import play
from games.base import JSON, Action
from games.tarot.deck import DECK


def test_card_names_both_ways() -> None:
    assert [outside.to_js(c) for c in ("EX", "T1", "T21", "AS", "10H", "JD", "CC", "QH", "KS")] == \
        ["00-T", "01-T", "21-T", "01-S", "10-H", "11-D", "12-C", "13-H", "14-S"]
    assert {outside.from_js(outside.to_js(c.code)) for c in DECK} == {c.code for c in DECK}
    assert [outside.from_js(n) for n in (None, "", "22-T", "15-H", "07-X", {"error": "x"})] == [None] * 6


class Recorder:
    """Stands for the node process: records each bot's calls and answers as a scripted bot would."""

    def __init__(self) -> None:
        self.log: dict[int, list[list[str]]] = {}
        self.next_id = 0
        self.freed: list[int] = []
        self.deals: dict[int, int] = {}

    def new_id(self) -> int:
        self.next_id += 1
        return self.next_id

    def calls(self, bot: int, calls: list[list[str]]) -> object:
        self.log.setdefault(bot, []).extend(calls)
        name = calls[-1][0]
        self.deals[bot] = self.deals.get(bot, 0) + sum(c == ["new"] for c in calls)
        if name == "AnnounceBid":
            assert sum(c[0] == "AnnounceBid" for c in self.log[bot]) < 5, "the redeal was not told"
            # everyone passes the first deal; South takes a Garde contre the second
            return "Guard against" if bot == 1 and self.deals[bot] == 2 else "Pass"
        if name == "AnnounceSlam":
            return False
        if name == "AskForHandle":
            return ""
        return "99-X" if name == "PlayCard" else None  # not a card: the bridge must take a legal one


def test_bridge_tells_each_card_once_in_order_and_a_redeal() -> None:
    club = Recorder()
    outside.TALLY.clear()
    bots = [outside.OutsidePlayer(club) for _ in range(4)]
    chosen: list[Action] = []

    class Watch:
        def choose(self, view: JSON, legal: Sequence[Action], rng: random.Random) -> Action:
            action = bots[0].choose(view, legal, rng)
            chosen.append(action)
            return action

    play("tarot", "bridge", [Watch(), *bots[1:]])
    for bot in range(1, 5):
        names = [c[0] for c in club.log[bot]]
        assert names.count("new") == 2 and names.count("ReceiveCards") == 2  # the all-pass deal was redealt
        played = [c for c in club.log[bot] if c[0] == "PlayedCard"]
        assert len({c[1] for c in played}) == len(played)
        assert len(played) >= 72 - 3 - 1  # told before each own card: at most a trick's end is left
        assert club.log[bot][-1][0] == "PlayCard" or bot != 1
    south = [c[1] for c in club.log[1] if c[0] == "PlayedCard" and c[2] == "South"]
    plays = [outside.to_js(a.arg) for a in chosen if a.kind == "play"]
    assert south == plays[:len(south)] and len(plays) - len(south) <= 1
    assert ["StartDeal", "South", "Guard against"] in club.log[2]
    assert outside.TALLY["illegal card"] == 72 and outside.TALLY["plays"] == 72


@pytest.mark.skipif(outside.missing(outside.ai_dir()) is not None, reason="TarotClub's bots are not installed")
def test_tarotclub_plays_whole_deals() -> None:
    outside.TALLY.clear()
    for i in range(3):
        assert sum(play("tarot", f"club:{i}", outside.outside_players(), i)) == 0
    assert outside.TALLY["plays"] == 3 * 72
    assert outside.TALLY["illegal card"] < 3 * 72 // 10


def test_bidding_says_how_the_taking_differed_from_the_bots() -> None:
    bots = (2, "prise")
    assert outside.bidding(1, bots, (2, "prise")) == "same"
    assert outside.bidding(1, bots, (1, "garde")) == "took"
    assert outside.bidding(2, bots, (3, "prise")) == "passed"
    assert outside.bidding(2, bots, (2, "garde")) == "other contract"
    assert outside.bidding(1, bots, (3, "garde")) == "others"
    assert outside.bidding(0, (None, None), (0, "prise")) == "took"
    assert outside.bidding(0, (0, "prise"), (None, None)) == "passed"


def test_the_bidding_split_adds_up_to_the_margin() -> None:
    kinds = ["same", "took", "passed", "same"]
    records = [{"game": "tarot", "vs": "tarotclub", "level": "expert", "budget": "200", "per_decision": 200,
                "seed": f"s:{i}", "index": i, "diff": sum(d) / 4,
                "seats": [{"diff": x, "bidding": k} for x, k in zip(d, kinds, strict=True)]}
               for i, d in enumerate([(4, 100, -30, 2), (-6, 40, 10, 0), (8, -20, 50, 4)])]
    other = {**records[0], "level": "normal", "budget": "-", "per_decision": None}
    lines = outside.by_bidding([*records, records[0], other])  # a match logged twice counts once
    assert lines[0].startswith("bidding: expert 200") and lines[4].startswith("bidding: normal -")
    parts = {line.split()[0]: float(line.split()[-1]) for line in lines[1:4]}
    assert set(parts) == {"same", "took", "passed"}
    assert parts["took"] == pytest.approx(120 / 12) and parts["same"] == pytest.approx(12 / 12)
    assert sum(parts.values()) == pytest.approx(sum(r["diff"] for r in records) / len(records))
    assert outside.by_bidding([{k: v for k, v in records[0].items() if k != "seats"}]) == []


@pytest.mark.skipif(outside.missing(outside.ai_dir()) is not None, reason="TarotClub's bots are not installed")
def test_a_match_against_tarotclub_records_each_seat() -> None:
    rec = outside.match("club:split", "normal", None, 0)
    seats = rec["seats"]
    assert len(seats) == 4 and {s["bidding"] for s in seats} <= set(outside.BIDDING)
    assert sum(s["diff"] for s in seats) / 4 == pytest.approx(rec["diff"])
