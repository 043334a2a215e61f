"""A seat's hand and the public view asked of the engine once per state (issue 30): the same answer
while the state and status stay, a new one after a move, and a bounded memory of them."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service import table as tables
from bot.service.table import SeatInfo, Table, hand_of, public_view
from games import GAMES


def a_table(table_id: str = "t1") -> Table:
    game = GAMES["tarot"]
    seats = [SeatInfo(100 + i, f"p{i}") for i in range(4)]
    return Table(table_id, 1, 2, None, game, 100, "seed", {}, 4, seats, "playing", None, game.new(4, "seed", {}))


class Counting:
    """Counts the engine's views and legal actions asked of a state."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, state: Any) -> None:
        self.views = self.legal = 0
        view, legal = state.view, state.legal_actions

        def counted_view(seat: int | None) -> Any:
            self.views += 1
            return view(seat)

        def counted_legal(seat: int) -> Any:
            self.legal += 1
            return legal(seat)

        monkeypatch.setattr(state, "view", counted_view)
        monkeypatch.setattr(state, "legal_actions", counted_legal)


def test_the_same_state_is_asked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    table = a_table()
    counting = Counting(monkeypatch, table.state)
    seat = table.to_act()
    assert seat is not None
    first = hand_of(table, seat)
    assert hand_of(table, seat) is first and public_view(table) is public_view(table)
    assert (counting.views, counting.legal) == (2, 1)  # the seat's view and the public one; the seat's actions
    assert first.legal and hand_of(table, (seat + 1) % 4).legal == []


def test_a_move_or_a_new_status_asks_again() -> None:
    table = a_table()
    seat = table.to_act()
    assert seat is not None and table.state is not None
    before, public = hand_of(table, seat), public_view(table)
    table.state = table.state.apply(seat, before.legal[0])
    after = hand_of(table, seat)
    assert after is not before and after.legal == [] and public_view(table) is not public
    nxt = table.to_act()
    assert nxt is not None and hand_of(table, nxt).legal
    table.status = "over"
    assert hand_of(table, nxt).legal == []  # a finished match offers nothing, at the same state


def test_the_memory_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tables, "ASKED_SIZE", 5)
    monkeypatch.setattr(tables, "_ASKED", type(tables._ASKED)())
    for i in range(8):
        table = a_table(f"t{i}")
        hand_of(table, 0)
    assert len(tables._ASKED) == 5 and ("t7", 0) in tables._ASKED and ("t0", 0) not in tables._ASKED
