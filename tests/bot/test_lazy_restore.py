"""Tables built on first use: start-up reads each table's facts (revision, seat
to act, deals ended, turn start) and builds its state the first time something reads it. A lazily
restored table answers and plays exactly as one restored whole; a corrupt snapshot still falls back
to the whole log; a state that cannot be read leaves its table out on first use, not at start-up."""

from __future__ import annotations

import json
import logging
import random
from pathlib import Path
from typing import Any

import pytest

import games
from bot.service.settings import Settings
from bot.service.shown_records import ShownRecords
from bot.service.table import BotError, Table
from bot.service.tables import TableService
from bot.storage import Database, open_database
from bot.ui import parts, shown
from games import snapshot as snapshots

pytestmark = pytest.mark.backends  # SQLite and PostgreSQL (tests/conftest.py)

NAMES = ("ecole", "piquet", "tarot", "tresillo", "trio")  # the bot's games (tests add a toy one)
SETTINGS = Settings(computer_pause=0, edit_interval=0, turn_timer=0, default_locale="en")


def _deep(state: games.base.State) -> tuple[object, ...]:
    """Everything a state holds or answers: its fields, every seat's view, its legal actions."""
    seats = range(state.seats)
    return (snapshots.freeze(state), state.log, state.to_act(), [state.view(s) for s in (None, *seats)],
            [state.legal_actions(s) for s in seats], state.outcome())


async def _played(db_path: Any, moves: int = 61) -> list[Table]:
    """A match of every game in play, ``moves`` random moves in (some deals ended)."""
    db = await open_database(db_path)
    service = TableService(db, SETTINGS)
    tables = []
    for n, name in enumerate(NAMES):
        game = games.GAMES[name]
        seats = max(game.min_seats, min(4, game.max_seats))
        rng = random.Random(n)
        for attempt in range(10):  # a match over before its moves is not in play: another deal
            table = await service.create(guild_id=1, channel_id=10 * n + attempt, thread_id=None, host_id=100,
                                         host_name="p0", game=name, options=None, seats=seats, seed=f"lazy{n}{attempt}")
            for i in range(1, seats):
                await service.join(table.id, 100 + i, f"p{i}")
            await service.start(table.id, 100)
            for _ in range(moves + n):
                seat = table.to_act()
                if table.status != "playing" or seat is None:
                    break
                await service.act(table.id, 100 + seat, str(rng.choice(table.state.legal_actions(seat))))
            if table.status == "playing":
                break
        assert table.status == "playing"
        tables.append(table)
    await service.close()
    await db.close()
    return tables


async def _restored(db_path: Any) -> tuple[Database, TableService]:
    db = await open_database(db_path)
    service = TableService(db, SETTINGS)
    await service.endings.restore()
    return db, service


async def _sql(db_path: Any, sql: str, params: tuple[object, ...] = ()) -> None:
    db = await open_database(db_path)
    async with db.transaction() as conn:
        await conn.run(sql, params)
    await db.close()


async def test_a_lazy_table_answers_and_plays_as_one_restored_whole(db_path: Path) -> None:
    played = await _played(db_path)
    db, lazy = await _restored(db_path)
    facts = {t.id: (t.rev, t.to_act(), parts.ended_deals(t), parts.table_key(t), t.turn_start)
             for t in (lazy.registry.get(p.id) for p in played)}
    assert not any(lazy.registry.get(p.id).built for p in played), "start-up builds no state"
    await lazy.close()
    await db.close()
    await _sql(db_path, "UPDATE game_tables SET facts = NULL")  # as saved before: built at once
    db2, whole = await _restored(db_path)
    for p in played:
        a, b = lazy.registry.get(p.id), whole.registry.get(p.id)
        assert b.built
        turn = shown.turn_start((await ShownRecords(db2).last_by_seat([b.id]))[b.id], b.to_act())  # the presenter's
        assert facts[p.id] == (b.rev, b.to_act(), parts.ended_deals(b), parts.table_key(b), turn)
        assert facts[p.id] == (p.rev, p.to_act(), parts.ended_deals(p), parts.table_key(p), p.turn_start)
        assert any(parts.ended_deals(b) for b in whole.tables.values()), "some deal ended"
        assert _deep(a.state) == _deep(b.state) == _deep(p.state)
        assert a.built and (a.rev, a.to_act(), parts.ended_deals(a)) == facts[p.id][:3]
        seat = b.to_act()
        assert seat is not None
        action = str(random.Random(p.id).choice(b.state.legal_actions(seat)))
        await whole.act(b.id, 100 + seat, action)
        assert _deep(b.state) == _deep(p.state.apply(seat, b.game.parse_action(action)))
    await whole.close()
    await db2.close()


async def test_the_next_move_of_a_lazy_table_is_saved_with_its_facts(db_path: Path) -> None:
    played = await _played(db_path, moves=30)
    db, service = await _restored(db_path)
    for p in played:
        table = service.registry.get(p.id)
        seat = table.to_act()
        assert seat is not None and not table.built
        await service.act(table.id, 100 + seat, str(table.state.legal_actions(seat)[0]), rev=p.rev)
        assert table.rev == p.rev + 1
    await service.close()
    await db.close()
    db, again = await _restored(db_path)  # lazy again, one move further
    for p in played:
        table = again.registry.get(p.id)
        assert not table.built and table.rev == p.rev + 1
        assert table.to_act() == table.state.to_act() and table.state.rev == p.rev + 1
    await again.close()
    await db.close()


async def test_a_corrupt_snapshot_falls_back_to_the_whole_log_on_first_use(db_path: Path) -> None:
    played = await _played(db_path, moves=25)
    bad = played[0]
    db = await open_database(db_path)
    row = await db.table(bad.id)
    assert row is not None
    broken = {**json.loads(row["state"]), "snap": {"rev": 3, "engine": snapshots.fingerprint(), "fields": "?"}}
    await db.close()
    await _sql(db_path, "UPDATE game_tables SET state = ? WHERE id = ?", (json.dumps(broken), bad.id))
    db, service = await _restored(db_path)
    assert len(service.tables) == len(played)
    table = service.registry.get(bad.id)
    assert not table.built and table.to_act() == bad.to_act()
    assert _deep(table.state) == _deep(bad.state)  # from the whole log
    await service.close()
    await db.close()


async def test_an_unreadable_state_leaves_its_table_out_on_first_use(db_path: Path,
                                                                       caplog: pytest.LogCaptureFixture) -> None:
    played = await _played(db_path, moves=25)
    bad, good = played[1], played[2]
    await _sql(db_path, "UPDATE game_tables SET state = ? WHERE id = ?", ('{"v": 1, "log": [', bad.id))
    db, service = await _restored(db_path)
    assert len(service.tables) == len(played), "start-up reads no state"
    table = service.registry.get(bad.id)
    seat = table.to_act()
    assert seat is not None
    with caplog.at_level(logging.WARNING, logger="bot"):
        for _ in range(2):
            with pytest.raises(BotError) as err:
                await service.act(bad.id, 100 + seat, "pass")
            assert err.value.key == "no_table"
    lines = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert lines == [f"table {bad.id} cannot be restored, left out: its saved state is not valid JSON "
                     f"(Expecting value: line 1 column 18 (char 17))"], lines
    assert bad.id not in service.tables and service.registry.at(table.place_id) is None
    other = service.registry.get(good.id)
    seat = other.to_act()
    assert seat is not None
    await service.act(good.id, 100 + seat, str(other.state.legal_actions(seat)[0]))  # the others play on
    await service.close()
    await db.close()


async def test_facts_of_other_rules_or_revision_are_not_trusted(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    played = await _played(db_path, moves=20)
    first, second = played[0], played[1]
    db = await open_database(db_path)
    row = await db.table(first.id)
    assert row is not None
    await db.close()
    _, *rest = json.loads(row["facts"])
    await _sql(db_path, "UPDATE game_tables SET facts = ? WHERE id = ?", (json.dumps(["0" * 16, *rest]), first.id))
    await _sql(db_path, "UPDATE game_tables SET revision = revision + 1 WHERE id = ?", (second.id,))
    db, service = await _restored(db_path)
    assert service.registry.get(first.id).built and _deep(service.registry.get(first.id).state) == _deep(first.state)
    assert not service.registry.get(played[2].id).built
    assert second.id not in service.tables or service.registry.get(second.id).built
    await service.close()
    await db.close()


async def test_a_computers_turn_after_a_restart_is_played(db_path: Path) -> None:
    """The seat to act is a computer's (its member away): after the restart it plays, the state
    built by that turn."""
    played = await _played(db_path, moves=20)
    p = played[3]
    seat = p.to_act()
    await _sql(db_path, "UPDATE seats SET away = 1 WHERE table_id = ? AND seat = ?", (p.id, seat))
    db, service = await _restored(db_path)
    await service.computers.idle()
    table = service.registry.get(p.id)
    assert table.built and table.rev > p.rev and table.state.log[:p.rev] == p.state.log
    assert not any(t.built for t in service.tables.values() if t.id != p.id)
    await service.close()
    await db.close()
