"""Image caches (issue 14): a public table image is drawn once per (table, revision, language),
a hand once per (seat, revision, language); anything else that changes draws again."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import games
import rendering
from bot import images


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    calls: list[str] = []
    for name in ("table_image", "hand_image"):
        real = getattr(rendering, name)

        def counting(*args: Any, _real: Any = real, _name: str = name, **kwargs: Any) -> bytes:
            calls.append(_name)
            return _real(*args, **kwargs)

        monkeypatch.setattr(rendering, name, counting)
    images.TABLES.clear()
    images.HANDS.clear()
    yield calls
    images.TABLES.clear()
    images.HANDS.clear()


def test_table_and_hand_drawn_once_per_revision_and_language(drawn: list[str]) -> None:
    state = games.GAMES["tarot"].new(4, "cache", None)
    names = ["a", "b", "c", "d"]
    first = images.table_png(state.view(None), names, "fr")
    assert first and images.table_png(state.view(None), names, "fr") == first
    assert drawn == ["table_image"]
    images.table_png(state.view(None), names, "en")  # another language: drawn again
    assert drawn == ["table_image"] * 2
    seat = state.to_act()
    legal = [a.arg for a in state.legal_actions(seat) if a.arg]
    hand = images.hand_png(state.view(seat), "fr", legal)
    assert hand and images.hand_png(state.view(seat), "fr", legal) == hand
    assert drawn.count("hand_image") == 1
    later = state.apply(seat, state.legal_actions(seat)[0])  # the next revision: drawn again
    assert images.table_png(later.view(None), names, "fr") != first
    images.hand_png(later.view(seat), "fr", [])
    assert drawn.count("table_image") == 3 and drawn.count("hand_image") == 2
    assert images.TABLES.hits == 1 and images.HANDS.hits == 1


def test_cache_is_bounded_and_failures_are_not_kept(drawn: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    cache = images.ImageCache(2)
    for key in "abc":
        cache.put(key, key.encode())
    assert cache.get("a") is None and cache.get("c") == b"c"
    monkeypatch.setattr(rendering, "table_image", lambda *a, **k: 1 / 0)
    view = games.GAMES["tarot"].new(4, "fail", None).view(None)
    assert images.table_png(view, ["a", "b", "c", "d"], "fr") is None
    monkeypatch.undo()
    assert images.table_png(view, ["a", "b", "c", "d"], "fr")  # drawn now that rendering works
