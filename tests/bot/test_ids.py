"""The one custom_id scheme (bot/ui/ids.py)."""

from __future__ import annotations

import pytest

from bot.ui.ids import MAX_LEN, build_id, parse_id


def test_round_trip() -> None:
    assert build_id("k3x9", 41, "play:QH") == "tp:k3x9:41:play:QH"
    parsed = parse_id("tp:k3x9:41:play:QH")
    assert parsed is not None and (parsed.table, parsed.rev, parsed.action) == ("k3x9", 41, "play:QH")
    assert not parsed.is_verb and parsed.index is None
    verb = parse_id(build_id("k3x9", 0, "~h"))
    assert verb is not None and verb.is_verb


def test_long_actions_use_an_index() -> None:
    long = "meld:" + ",".join(["10H"] * 30)
    custom_id = build_id("abc123", 12345, long, index=7)
    assert custom_id == "tp:abc123:12345:#7" and len(custom_id) <= MAX_LEN
    assert parse_id(custom_id).index == 7
    with pytest.raises(ValueError):
        build_id("abc123", 1, long)


@pytest.mark.parametrize("bad", ["", "tp:", "xx:k3x9:1:play:QH", "tp:K3X9:1:play:QH", "tp:k3x9:-1:play:QH",
                                 "tp:k3x9:1:", "tp:k3x9:1:" + "x" * 100])
def test_refuses_foreign_ids(bad: str) -> None:
    assert parse_id(bad) is None
