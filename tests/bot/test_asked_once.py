"""A seat's hand and the public view asked of the engine once per state: the same answer
while the state and status stay, a new one after a move, and a bounded memory of them."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest

from bot import storage as dbm
from bot.service.facts import LazyState
from bot.service.reload import StorageFailure
from bot.service.settings import Settings
from bot.service.table import SeatInfo, Table, ViewMemo
from bot.service.tables import TableService
from bot.storage import Database
from games import GAMES
from tests.bot.test_reliability_db import started


def a_table(table_id: str = "t1") -> Table:
    game = GAMES["tarot"]
    seats = [SeatInfo(100 + i, f"p{i}") for i in range(4)]
    return Table(table_id, 1, 2, None, game, 100, "seed", {}, 4, seats, "playing", None, LazyState(game.new(4, "seed", {})))


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
    table, memo = a_table(), ViewMemo()
    counting = Counting(monkeypatch, table.state)
    seat = table.to_act()
    assert seat is not None
    first = memo.hand(table, seat)
    assert memo.hand(table, seat) is first and memo.public(table) is memo.public(table)
    assert (counting.views, counting.legal) == (2, 1)  # the seat's view and the public one; the seat's actions
    assert first.legal and memo.hand(table, (seat + 1) % 4).legal == []


def test_a_move_or_a_new_status_asks_again() -> None:
    table, memo = a_table(), ViewMemo()
    seat = table.to_act()
    assert seat is not None and table.state is not None
    before, public = memo.hand(table, seat), memo.public(table)
    table.state = table.state.apply(seat, before.legal[0])
    after = memo.hand(table, seat)
    assert after is not before and after.legal == [] and memo.public(table) is not public
    nxt = table.to_act()
    assert nxt is not None and memo.hand(table, nxt).legal
    table.status = "over"
    assert memo.hand(table, nxt).legal == []  # a finished match offers nothing, at the same state


def test_the_memory_is_bounded() -> None:
    memo = ViewMemo(size=5)
    for i in range(8):
        table = a_table(f"t{i}")
        memo.hand(table, 0)
    assert len(memo.asked) == 5 and ("t7", 0) in memo.asked and ("t0", 0) not in memo.asked


def test_two_services_keep_their_own_memo(db: Database) -> None:
    """No memo is shared between two table services (one per process, or two in one test)."""
    settings = Settings(computer_pause=0, edit_interval=0, turn_timer=0, default_locale="en")
    first, second = TableService(db, settings), TableService(db, settings)
    table = a_table()
    first.memo.hand(table, 0)
    assert ("t1", 0) in first.memo.asked and second.memo.asked == {}


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
    assert service.memo.public(table) == table.state.view(None)
    assert table.facts is not None and table.facts.rev == table.state.rev


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_waiting_seat_s_console_key_asks_the_engine_no_view(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """After each move the presenter compares every open console's key: a seat that is
    not to act is keyed by its cards and the deal (``State.shown_hand``), without its view or its
    actions, and that key is the one its hand, asked in full, gives."""
    from types import SimpleNamespace

    from bot.ui.hands import Hands, shown_key

    game = GAMES[name]
    seats = [SeatInfo(100 + i, f"p{i}") for i in range(game.min_seats)]
    table = Table("w1", 1, 2, None, game, 100, "seed", {}, game.min_seats, seats, "playing", None,
                  LazyState(game.new(game.min_seats, "seed", game.playout_options)))
    memo = ViewMemo()
    hands = Hands(SimpleNamespace(service=SimpleNamespace(memo=memo)))  # type: ignore[arg-type]  # its keys alone
    for _ in range(40):
        state, mover = table.state, table.to_act()
        assert state is not None and mover is not None
        waiting = [s for s in range(game.min_seats) if s != mover]
        counting = Counting(monkeypatch, state)
        keys = {s: hands.key(table, s, None) for s in waiting}
        assert (counting.views, counting.legal) == (0, 0)
        monkeypatch.undo()
        assert all(keys[s] == shown_key(table, memo.hand(table, s), None) for s in waiting)
        assert hands.key(table, mover, None) == ("turn", table.rev, None)
        table.state = state.apply(mover, state.legal_actions(mover)[0])
