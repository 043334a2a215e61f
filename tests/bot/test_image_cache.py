"""Image caches (issue 14): a public table image is drawn once per (table, revision, language),
a hand at most once per (seat, revision, language) and again only when its picture changes."""

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
    images.hand_png(later.view(seat), "fr", [])  # a bid leaves the hand's picture as it was
    assert drawn.count("table_image") == 3 and drawn.count("hand_image") == 1
    assert images.TABLES.hits == 1 and images.HANDS.hits == 2


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


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_a_hand_is_keyed_by_what_its_picture_shows(name: str) -> None:
    """Two views with the same ``rendering.hand_key`` give the same picture (the key holds all the
    hand image is drawn from), and a waiting seat's hand keeps its key while the others play."""
    from rendering.samples import SHORT, legal_codes, playout

    game = games.GAMES[name]
    seats = max(game.min_seats, min(4, game.max_seats))
    states = playout(game, seats, seed=3, options=SHORT.get(game.name))[:40]
    pictures: dict[Any, bytes] = {}
    kept = 0
    for state in states:
        to_act = state.to_act()
        for seat in range(seats):
            legal = legal_codes(game, state, seat) if seat == to_act else None
            key = rendering.hand_key(state.view(seat), "en", legal)
            png = rendering.hand_image(state.view(seat), "en", legal)
            if key in pictures:
                kept += 1
                assert pictures[key] == png, f"{name} seat {seat} at revision {state.rev}"
            pictures[key] = png
    assert kept >= len(states) * (seats - 2) / 2  # waiting hands were not drawn again


def test_a_waiting_hand_is_not_drawn_again(drawn: list[str]) -> None:
    state = games.GAMES["tarot"].new(4, "waiting", None)
    seat = state.to_act()
    other = (seat + 1) % 4
    waiting = images.hand_png(state.view(other), "fr", None)
    later = state.apply(seat, state.legal_actions(seat)[0])  # another seat bid: this hand is unchanged
    assert later.view(other) != state.view(other)
    assert images.hand_png(later.view(other), "fr", None) == waiting
    assert drawn == ["hand_image"]
    images.hand_png(later.view(other), "en", None)  # another language: drawn again
    assert drawn == ["hand_image"] * 2


def test_images_drawn_in_worker_processes_are_the_same_and_survive_a_killed_worker() -> None:
    """``IMAGE_WORKERS``: the images come from worker processes, byte for byte those drawn here;
    a worker killed mid-match costs no image (drawn here once, then a new pool)."""
    import os
    import signal

    state = games.GAMES["tresillo"].new(4, "workers", None)
    names = ["a", "b", "c", "d"]
    seat = state.to_act()
    local_table = rendering.table_image(state.view(None), names=names, locale="en")
    local_hand = rendering.hand_image(state.view(seat), locale="en", legal=None)
    images.TABLES.clear()
    images.HANDS.clear()
    images.use_processes(1)
    try:
        pool = images._pool
        assert pool is not None
        assert images.table_png(state.view(None), names, "en") == local_table
        assert images.hand_png(state.view(seat), "en", None) == local_hand
        images.use_processes(1)  # the same size: kept
        assert images._pool is pool
        for pid in list(pool._processes):  # type: ignore[attr-defined]
            os.kill(pid, signal.SIGKILL)
        later = state.apply(seat, state.legal_actions(seat)[0])
        assert images.table_png(later.view(None), names, "en") == rendering.table_image(later.view(None), names, "en")
        assert images._pool is not None and images._pool is not pool  # replaced
        assert images.table_png(later.view(None), names, "fr") == rendering.table_image(later.view(None), names, "fr")
    finally:
        images.use_processes(0)
        images.TABLES.clear()
        images.HANDS.clear()
    assert images._pool is None
