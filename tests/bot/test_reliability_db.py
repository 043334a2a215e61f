"""At the service level: the end of a match is one transaction,
restore() finishes a match saved over, reads see committed data only, synchronous=FULL, closed
tables leave memory and forgotten ones are closed."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.service.settings import Settings
from bot.service.tables import TableService
from bot.storage import Database, open_database, run
from games.errors import GameError

pytestmark = pytest.mark.backends  # SQLite and PostgreSQL (tests/conftest.py)

SETTINGS = Settings(computer_pause=0, edit_interval=0, turn_timer=0, default_locale="en")
FAIL_RESULTS = """CREATE TRIGGER fail_results BEFORE INSERT ON results
    BEGIN SELECT RAISE(ABORT, 'disk full (simulated)'); END"""


async def started(service: TableService, channel: int, humans: int = 2, computers: int = 0) -> Any:
    table = await service.create(guild_id=1, channel_id=channel, thread_id=None, host_id=1, host_name="u1",
                                 game="toy", seed="end")
    for uid in range(2, humans + 1):
        await service.join(table.id, uid, f"u{uid}")
    for _ in range(computers):
        await service.add_computer(table.id, 1)
    await service.start(table.id, 1)
    return table


async def play_until_last(service: TableService, table: Any) -> tuple[int, str]:
    """Play first legal actions until one action is left; returns ``(user, last action)``."""
    while True:
        seat = table.to_act()
        action = table.state.legal_actions(seat)[0]
        if table.state.apply(seat, action).to_act() is None:
            return table.seats[seat].user_id, str(action)
        await service.act(table.id, table.seats[seat].user_id, str(action))


@pytest.mark.sqlite_only  # an SQLite trigger or PRAGMA
async def test_the_end_of_a_match_is_saved_with_its_last_action(db_path: Path) -> None:
    """The results write fails as the last move is played (disk full...): before, the last move was
    committed as "playing" and the table stayed open forever after a restart, its channel blocked.
    Now nothing of that move is saved; played again after the restart, the match ends properly."""
    db = await open_database(db_path)
    service = TableService(db, SETTINGS)
    table = await started(service, channel=500)
    user, last = await play_until_last(service, table)
    rev = table.rev
    async with db.transaction() as conn:
        await run(conn, FAIL_RESULTS)
    with pytest.raises(sqlite3.Error, match="disk full"):
        await service.act(table.id, user, last)
    row = await db.table(table.id)
    assert row["status"] == "playing" and row["revision"] == rev, "the last move is saved with the end, or not at all"
    assert await db.results(table.id) == []
    assert table.rev == rev and table.status == "playing", "memory never runs ahead of the database"
    await service.close()
    await db.close()

    db = await open_database(db_path)  # the process restarts (the disk has room again)
    async with db.transaction() as conn:
        await run(conn, "DROP TRIGGER fail_results")
    again = TableService(db, SETTINGS)
    assert await again.endings.restore() == 1
    restored = again.registry.get(table.id)
    assert restored.rev == rev and restored.status == "playing"
    await again.act(table.id, user, last)
    assert restored.status == "over" and again.registry.at(500) is None
    row = await db.table(table.id)
    assert row["status"] == "over" and row["revision"] == rev + 1
    assert len(await db.results(table.id)) == 2
    assert {r.user_id for r in await db.top(1, "toy")} == {1, 2}
    await again.close()
    await db.close()


async def test_restore_finishes_a_match_saved_over(db_path: Path) -> None:
    """A database written by the old code when it died between the last move and the results: the
    final state saved with status "playing", no results. restore() records the end and frees the
    channel, and the listener is told (the results get posted)."""
    db = await open_database(db_path)
    service = TableService(db, SETTINGS)
    table = await started(service, channel=600, humans=2, computers=1)
    await service.computers.idle()
    await service.close()
    state = table.state
    actions = []
    while state.to_act() is not None:
        seat = state.to_act()
        state = state.apply(seat, state.legal_actions(seat)[0])
        actions.append((state.rev, seat, str(state.to_json()["log"][-1]), table.seats[seat].computer))
    await db.save_actions(table.id, state=state.to_json(), revision=state.rev, status="playing", actions=actions)
    await db.close()

    db = await open_database(db_path)
    changed: list[Any] = []

    class Listener:
        def table_changed(self, t: Any) -> None:
            changed.append(t)

    again = TableService(db, SETTINGS)
    again.bus.subscribe(Listener())
    assert await again.endings.restore() == 0
    assert again.registry.at(600) is None and again.tables == {}
    assert [t.id for t in changed] == [table.id] and changed[0].status == "over" and changed[0].result
    row = await db.table(table.id)
    assert row["status"] == "over"
    assert [r["seat"] for r in await db.results(table.id)] == [0, 1, 2]
    assert {r.user_id for r in await db.top(1, "toy")} == {1, 2}
    assert again.registry.get(table.id).status == "over"
    fresh = await again.create(guild_id=1, channel_id=600, thread_id=None, host_id=3, host_name="u3", game="toy")
    assert fresh.status == "lobby", "the channel is free"
    assert await again.endings.restore() == 0, "restoring twice records nothing twice"
    assert len(await db.results(table.id)) == 3
    await again.close()
    await db.close()


async def test_reads_see_only_committed_data(db: Database) -> None:
    """A read while a write transaction is open (another table's move being saved) must not see
    that transaction's rows: they may still be rolled back."""
    entered, release = asyncio.Event(), asyncio.Event()

    async def writer() -> None:
        async with db.transaction() as conn:
            await run(conn, """INSERT INTO game_tables (id, guild_id, channel_id, game, seats, seed, status,
                               host_id) VALUES ('t9', 1, 2, 'toy', 2, 's', 'lobby', 1)""")
            entered.set()
            await release.wait()
            raise RuntimeError("rolled back")

    task = asyncio.create_task(writer())
    await entered.wait()
    assert await asyncio.wait_for(db.table("t9"), 5) is None, "an uncommitted row was read"
    assert await asyncio.wait_for(db.open_tables(), 5) == []
    release.set()
    with pytest.raises(RuntimeError):
        await task
    assert await db.table("t9") is None


@pytest.mark.sqlite_only  # an SQLite trigger or PRAGMA
async def test_acknowledged_means_saved_full_sync(db: Database) -> None:
    async with db.conn.execute("PRAGMA synchronous") as cur:
        (level,) = await cur.fetchone()
    async with db.conn.execute("PRAGMA journal_mode") as cur:
        (mode,) = await cur.fetchone()
    assert (level, mode) == (2, "wal"), "synchronous=FULL with WAL: a power cut loses no acknowledged move"


async def test_finished_and_cancelled_tables_leave_memory(db: Database) -> None:
    service = TableService(db, SETTINGS)
    finished = []
    for i in range(6):
        table = await started(service, channel=700 + i % 2)
        while table.status == "playing":
            seat = table.to_act()
            await service.act(table.id, table.seats[seat].user_id, str(table.state.legal_actions(seat)[0]))
        finished.append(table)
        lobby = await service.create(guild_id=1, channel_id=800 + i, thread_id=None, host_id=1, host_name="u1",
                                     game="toy")
        await service.cancel(lobby.id, 1)
    assert service.tables == {}, "only open tables stay in memory"
    assert service.registry.at(700) is None and service.registry.at(801) is None
    assert service.registry.get(finished[0].id).status == "over"
    for t in finished:
        assert t not in service.tables.values()
    with pytest.raises(GameError, match="is over"):
        await service.join(finished[0].id, 5, "u5")
    with pytest.raises(GameError, match="cancelled"):
        await service.start(lobby.id, 1)
    await service.close()


async def test_a_click_on_a_table_closed_before_a_restart(db_path: Path) -> None:
    db = await open_database(db_path)
    service = TableService(db, SETTINGS)
    table = await started(service, channel=900)
    while table.status == "playing":
        seat = table.to_act()
        await service.act(table.id, table.seats[seat].user_id, str(table.state.legal_actions(seat)[0]))
    lobby = await service.create(guild_id=1, channel_id=901, thread_id=None, host_id=1, host_name="u1", game="toy")
    await service.cancel(lobby.id, 1)
    await db.close()
    db = await open_database(db_path)
    again = TableService(db, SETTINGS)
    await again.endings.restore()
    with pytest.raises(GameError, match="This table is over"):  # known by its id alone: named by no code
        again.registry.get(table.id)
    with pytest.raises(GameError, match="This table was cancelled"):
        await again.join(lobby.id, 2, "u2")
    with pytest.raises(GameError, match="no longer exists"):
        again.registry.get("zzzzzz")
    await db.close()


async def test_forgotten_tables_are_closed(db: Database) -> None:
    """Small durations: a lobby idle for 0.3 s is cancelled, a match with no member's move for
    0.6 s is abandoned, by the periodic sweep; each with a notice, and the channel is free."""
    settings = SETTINGS.with_(lobby_idle=0.3, match_idle=0.6, housekeeping_interval=0.05)
    service = TableService(db, settings)
    notices: list[tuple[str, str]] = []
    service.bus.subscribe_notices(lambda table, key: notices.append((table.id, key)))
    lobby = await service.create(guild_id=1, channel_id=1000, thread_id=None, host_id=1, host_name="u1",
                                 game="toy")
    match = await started(service, channel=1001)
    service.housekeeping.start()
    await asyncio.sleep(0.2)
    await service.join(lobby.id, 2, "u2")  # activity keeps a lobby open
    seat = match.to_act()
    await service.act(match.id, match.seats[seat].user_id, str(match.state.legal_actions(seat)[0]))
    await asyncio.sleep(0.2)
    assert lobby.status == "lobby" and match.status == "playing"
    for _ in range(40):
        if not service.tables:
            break
        await asyncio.sleep(0.05)
    assert lobby.status == "cancelled" and match.status == "cancelled"
    assert sorted(notices) == sorted([(lobby.id, "idle_lobby"), (match.id, "idle_match")])
    assert service.registry.at(1000) is None and service.registry.at(1001) is None
    assert (await db.table(lobby.id))["status"] == "cancelled"
    assert (await db.table(match.id))["status"] == "cancelled"
    await service.close()


async def test_idle_time_survives_a_restart(db_path: Path) -> None:
    db = await open_database(db_path)
    service = TableService(db, SETTINGS)
    now = [1_000_000.0]
    service.clock = lambda: now[0]
    lobby = await service.create(guild_id=1, channel_id=1100, thread_id=None, host_id=1, host_name="u1",
                                 game="toy")
    await db.close()
    db = await open_database(db_path)
    again = TableService(db, SETTINGS)
    again.clock = lambda: now[0] + 24 * 3600 - 1
    await again.endings.restore()
    assert await again.housekeeping.sweep() == 0
    again.clock = lambda: now[0] + 24 * 3600 + 1
    assert await again.housekeeping.sweep() == 1 and again.registry.get(lobby.id).status == "cancelled"
    await db.close()



@pytest.mark.sqlite_only  # an SQLite trigger or PRAGMA
async def test_a_failed_commit_leaves_no_transaction_open(db: Database) -> None:
    """A COMMIT that fails (here a deferred foreign key) is rolled back: the connection is not left
    inside a transaction, where every later write would fail ("database faults")."""
    with pytest.raises(sqlite3.IntegrityError):
        async with db.transaction() as conn:
            await run(conn, "PRAGMA defer_foreign_keys = ON")
            await run(conn, "INSERT INTO seats (table_id, seat, name) VALUES ('nowhere', 0, 'x')")
    await db.set_guild_settings(1, locale="en")
    assert await db.guild_settings(1) == ("en", None)
    assert await db.seats("nowhere") == []


def test_housekeeping_and_durability_settings_from_the_environment() -> None:
    env = {"LOBBY_IDLE_HOURS": "2", "MATCH_IDLE_DAYS": "0.5", "DATABASE_SYNCHRONOUS": "normal"}
    settings = Settings.from_env(env)
    assert (settings.lobby_idle, settings.match_idle, settings.synchronous) == (7200, 43200, "NORMAL")
    settings = Settings.from_env({"LOBBY_IDLE_HOURS": "-1", "MATCH_IDLE_DAYS": "x"})
    assert (settings.lobby_idle, settings.match_idle, settings.synchronous) == (86400, 604800, "FULL")


@pytest.mark.sqlite_only  # an SQLite trigger or PRAGMA
async def test_computer_players_resume_after_a_failed_write(db: Database) -> None:
    """A computer's move cannot be saved (disk full): it is not applied, and the table does not stay
    stuck on that computer's turn: the next housekeeping sweep sets the computers going again."""
    service = TableService(db, SETTINGS)
    table = await started(service, channel=1200, humans=1, computers=2)
    await service.computers.idle()
    async with db.transaction() as conn:
        await run(conn, """CREATE TRIGGER fail_computers BEFORE INSERT ON actions WHEN NEW.by_computer = 1
                           BEGIN SELECT RAISE(ABORT, 'disk full (simulated)'); END""")
    seat = table.to_act()
    await service.act(table.id, 1, str(table.state.legal_actions(seat)[0]))
    await service.computers.idle()
    rev = table.rev
    assert table.computer_turn() and service.errors, "the computer's move failed"
    assert (await db.table(table.id))["revision"] == rev
    await service.housekeeping.sweep()
    await service.computers.idle()
    assert table.rev == rev and table.computer_turn(), "still failing: nothing applied"
    async with db.transaction() as conn:
        await run(conn, "DROP TRIGGER fail_computers")
    await service.housekeeping.sweep()
    await service.computers.idle()
    assert table.rev > rev and (table.status == "over" or not table.computer_turn())
    await service.close()
