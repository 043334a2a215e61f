"""A seat's hand and the public view asked of the engine once per state: the same answer
while the state and status stay, a new one after a move, and a bounded memory of them."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest

from bot import storage as dbm
from bot.service import table as tables
from bot.service.reload import StorageFailure
from bot.service.settings import Settings
from bot.service.table import SeatInfo, Table, hand_of, public_view
from bot.service.tables import TableService
from bot.storage import Database
from games import GAMES
from tests.bot.test_reliability_db import started


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


async def test_a_move_the_database_refused_leaves_no_view_behind(db: Database,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The save's public view is kept only once saved: a refused move, then another at the same
    revision, shows the one saved."""
    service = TableService(db, Settings(computer_pause=0, edit_interval=0, turn_timer=0, default_locale="en"))
    table = await started(service, channel=7)
    seat = table.to_act()
    assert seat is not None and table.state is not None
    first, second = table.state.legal_actions(seat)[:2]
    saved = dbm.write_actions

    async def disk_full(*args: Any, **kwargs: Any) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(dbm, "write_actions", disk_full)
    with pytest.raises(StorageFailure):
        await service.act(table.id, table.seats[seat].user_id, str(first))
    monkeypatch.setattr(dbm, "write_actions", saved)
    await service.act(table.id, table.seats[seat].user_id, str(second))
    assert table.state.view(None) != GAMES["toy"].new(2, "end", {}).apply(seat, first).view(None)
    assert public_view(table) == table.state.view(None)
    assert table.facts is not None and table.facts.rev == table.state.rev


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_waiting_seat_s_console_key_asks_the_engine_no_view(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """After each move the presenter compares every open console's key: a seat that is
    not to act is keyed by its cards and the deal (``State.shown_hand``), without its view or its
    actions, and that key is the one its hand, asked in full, gives."""
    from bot.ui.hands import Hands, shown_key

    game = GAMES[name]
    seats = [SeatInfo(100 + i, f"p{i}") for i in range(game.min_seats)]
    table = Table("w1", 1, 2, None, game, 100, "seed", {}, game.min_seats, seats, "playing", None,
                  game.new(game.min_seats, "seed", game.playout_options))
    for _ in range(40):
        state, mover = table.state, table.to_act()
        assert state is not None and mover is not None
        waiting = [s for s in range(game.min_seats) if s != mover]
        counting = Counting(monkeypatch, state)
        keys = {s: Hands.key(table, s, None) for s in waiting}
        assert (counting.views, counting.legal) == (0, 0)
        monkeypatch.undo()
        assert all(keys[s] == shown_key(table, hand_of(table, s), None) for s in waiting)
        assert Hands.key(table, mover, None) == ("turn", table.rev, None)
        table.state = state.apply(mover, state.legal_actions(mover)[0])
