"""One table store (bot/service/table_rows.py): a table's capacity and each computer seat's number
and level are columns, filled for the tables saved before them (migration 0014), and a table
written is the table read back, on both backends."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service import table_rows
from bot.service.seating import computer_seat_name
from bot.service.settings import Settings
from bot.service.tables import TableService
from bot.storage import Database, base, open_database, run

pytestmark = pytest.mark.backends
SETTINGS = Settings(computer_pause=0, edit_interval=0, turn_timer=0, default_locale="en")
OLD_SEATS = [(10, "alice", None), (None, "Computer 2 · Expert", None), (None, "Ordinateur 3 (Facile)", "easy"),
             (None, "Ordenador 4 (Experto)", None), (None, "bob", None), (None, "Computer 5", None)]


async def test_the_migration_fills_the_columns_from_the_old_data(db_path: Any,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    every = base.migrations
    monkeypatch.setattr(base, "migrations", lambda dialect="sqlite": every(dialect)[:13])
    old = await open_database(db_path)
    async with old.transaction() as conn:
        for table_id, options, seats in (("t1", '{"deals": 2, "_capacity": 5}', 3), ("t2", '{"deals": 1}', 4),
                                         ("t3", "not json", 2)):
            await run(conn, "INSERT INTO game_tables (id, guild_id, channel_id, game, seats, options, seed, status, "
                            "host_id) VALUES (?, 1, 2, 'tarot', ?, ?, 's', 'lobby', 10)", (table_id, seats, options))
        for seat, (user_id, name, level) in enumerate(OLD_SEATS):
            await run(conn, "INSERT INTO seats (table_id, seat, user_id, name, level) VALUES ('t1', ?, ?, ?, ?)",
                      (seat, user_id, name, level))
    await old.close()
    monkeypatch.setattr(base, "migrations", every)
    db = await open_database(db_path)
    try:
        rows = {r["id"]: r for r in [await db.table(t) for t in ("t1", "t2", "t3")] if r is not None}
        assert [table_rows.capacity_of(rows[t]) for t in ("t1", "t2", "t3")] == [5, 4, 2]
        assert table_rows.options_of(rows["t1"]) == {"deals": 2}, "the capacity left the options"
        assert rows["t3"]["options"] == "not json"
        seats = table_rows.seats_of(await db.seats("t1"))
        assert [(s.computer_no, s.level) for s in seats] == [(None, None), (2, "expert"), (3, "easy"), (4, "expert"),
                                                            (None, None), (None, None)]
    finally:
        await db.close()


async def test_a_table_written_is_the_table_read_back(db: Database) -> None:
    service = TableService(db, SETTINGS)
    table = await service.create(guild_id=1, channel_id=3, thread_id=None, host_id=10, host_name="alice",
                                 game="tarot", seats=4, options={"deals": 2})
    await service.add_computer(table.id, 10, "expert")
    saved = table_rows.table_of(await db.table(table.id), await db.seats(table.id), None)  # type: ignore[arg-type]
    assert (saved.capacity, saved.options, saved.seats) == (4, table.options, table.seats)
    assert saved.seats[1].computer_no == 1 and saved.seats[1].level == "expert"
    await service.close()


async def test_a_new_language_renames_computers_by_their_number(db: Database) -> None:
    service = TableService(db, SETTINGS)
    table = await service.create(guild_id=1, channel_id=3, thread_id=None, host_id=10, host_name="alice",
                                 game="tarot", seats=4)
    await service.add_computer(table.id, 10, "expert")
    await service.set_prefs(1, locale="fr")
    assert table.seats[1].name == computer_seat_name("fr", 1, "expert") == "Ordinateur 1 (Expert)"
    assert [s.name for s in table_rows.seats_of(await db.seats(table.id))] == ["alice", "Ordinateur 1 (Expert)"]
    await service.close()
