"""The bid-margin benchmark replays only what a margin changes, and exactly (benchmarks/bid_margin.py)."""

from __future__ import annotations

from benchmarks import bid_margin
from benchmarks.ai_levels import make, played, results

SAMPLES = 8


def test_a_flip_is_a_bid_decision_going_the_other_way() -> None:
    assert bid_margin.flips([3.0], bid_margin.BID_MARGIN - 5)
    assert not bid_margin.flips([-20.0, 30.0], bid_margin.BID_MARGIN - 5)
    assert bid_margin.flips([-20.0, 30.0], 35.0)


def test_the_replays_are_the_kept_rotations_and_the_margin_changes_them() -> None:
    changed = 0
    for index in range(3):
        record = bid_margin.match("tarot", "normal", index, SAMPLES, [-400.0])
        base = results("tarot", played("tarot", f"levels:{index}", [make("tarot", "normal", None) for _ in range(4)], index))
        for seat in range(4):
            plain = [make("tarot", "normal", None) for _ in range(4)]
            plain[seat] = make("tarot", "expert", SAMPLES)
            full = bid_margin.rotation("tarot", "normal", index, seat, SAMPLES)
            assert full[0] == record["bests"][seat]  # stopping after the bidding sees the same decisions
            kept = results("tarot", played("tarot", f"levels:{index}", plain, index))[seat] - base[seat]
            assert full[1] is not None and results("tarot", full[1])[seat] - base[seat] == kept
            for flip in record["flips"].get("-400.0", []):
                if flip["seat"] == seat:
                    assert flip["old"] == kept
                    changed += flip["new"] != flip["old"]
    assert changed  # taking every hand plays some deals otherwise
    lines = bid_margin.table([record])
    assert "-400.0" in lines[-1]


def test_the_table_counts_a_match_once_per_row() -> None:
    def record(index: int, samples: int, new: float) -> dict[str, object]:
        return {"game": "tarot", "vs": "normal", "index": index, "samples": samples, "bests": [[1.0]] * 4,
                "margins": [-5.0], "flips": {"-5.0": [{"seat": 0, "old": 0.0, "new": new}]}}

    lines = bid_margin.table([record(0, 200, 8.0), record(0, 200, 8.0), record(1, 200, 8.0), record(0, 2500, -4.0)])
    assert lines[0].startswith("tarot against normal, 200 samples, 2 matches, 8 bid decisions")
    assert lines[2].split()[:3] == ["-5.0", "2", "2"] and "+2.00" in lines[2]
    assert lines[3].startswith("tarot against normal, 2500 samples, 1 matches")
    assert "-1.00" in lines[5]
