"""Write path: actions are rows, the state is snapshotted every ``SNAPSHOT_EVERY``
actions and at each deal's end; loading (snapshot + replay of the later actions) gives the same
state as replaying the whole log."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import games
from bot import storage as dbm
from bot.service import endings
from bot.service.settings import Settings
from bot.service.tables import TableService
from bot.storage import open_database
from games import snapshot as snapshots

pytestmark = pytest.mark.backends  # SQLite and PostgreSQL (tests/conftest.py)

SETTINGS = Settings(computer_pause=0, edit_interval=0, turn_timer=0, default_locale="en")


@pytest.mark.parametrize("name", ["tarot", "piquet", "trio"])
async def test_snapshot_and_replay_give_the_same_state(db_path: Path, name: str) -> None:
    game = games.GAMES[name]
    db = await open_database(db_path)
    service = TableService(db, SETTINGS)
    seats = max(game.min_seats, min(4, game.max_seats))
    table = await service.create(guild_id=1, channel_id=2, thread_id=None, host_id=100, host_name="p0",
                                 game=name, options=dict(game.playout_options) or None, seats=seats, seed="snap")
    for i in range(1, seats):
        await service.join(table.id, 100 + i, f"p{i}")
    await service.start(table.id, 100)
    rng = random.Random(7)
    snapshots_seen, checked = set(), 0
    for step in range(150):
        if table.status != "playing":
            break
        assert table.state is not None
        seat = table.to_act()
        legal = table.state.legal_actions(seat)
        await service.act(table.id, 100 + seat, str(rng.choice(legal)))
        row = await db.table(table.id)
        assert row is not None
        snapshot = json.loads(row["state"])
        snapshots_seen.add(len(snapshot["log"]))
        assert len(snapshot["log"]) <= table.rev  # the snapshot may be behind: the rows carry the rest
        if step % 10 == 0 or len(snapshot["log"]) < table.rev:
            loaded = game.load(await db.saved_state(row))
            assert loaded == table.state  # snapshot + replay
            assert game.load(table.state.to_json()) == loaded  # the whole log replayed
            checked += 1
    assert checked and any(0 < n < table.rev for n in snapshots_seen), "a snapshot behind was loaded"
    assert len(snapshots_seen) < table.rev, "not every action rewrites the state"
    await service.close()
    await db.close()
    db = await open_database(db_path)  # the bot's restore path loads it too
    service = TableService(db, SETTINGS)
    await service.endings.restore()
    if table.status == "playing":
        assert service.registry.get(table.id).state == table.state
    await service.close()
    await db.close()


def test_replayed_refuses_a_gap() -> None:
    snapshot = {"v": 1, "log": ["a", "b"]}
    assert dbm.replayed(snapshot, [{"rev": 2, "action": "b"}, {"rev": 3, "action": "c"}])["log"] == ["a", "b", "c"]
    with pytest.raises(ValueError):
        dbm.replayed(snapshot, [{"rev": 4, "action": "d"}])


def _deep(state: games.base.State) -> tuple[object, ...]:
    """Everything a state holds or answers: its fields, every seat's view, its legal actions."""
    seats = range(state.seats)
    return (snapshots.freeze(state), state.log, state.to_act(), [state.view(s) for s in (None, *seats)],
            [state.legal_actions(s) for s in seats], state.outcome())


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_snapshot_and_tail_equal_the_whole_log_replayed(name: str) -> None:
    """For every game, a state thawed from a snapshot taken at any revision with the later
    actions replayed is the state the whole log gives, field by field, and plays on the same."""
    game = games.GAMES[name]
    for seed in range(3):
        seats = game.min_seats + seed % (game.max_seats - game.min_seats + 1)
        state = game.new(seats, f"snap{seed}", dict(game.playout_options) or None)
        rng = random.Random(seed)
        taken: list[dict[str, object]] = []
        for _ in range(400):
            seat = state.to_act()
            if seat is None:
                break
            state = state.apply(seat, rng.choice(state.legal_actions(seat)))
            if rng.random() < 0.15:
                taken.append(json.loads(json.dumps(snapshots.freeze(state))))
        data = state.to_json()
        whole = game.load(data)
        assert taken
        for snap in taken:
            thawed = snapshots.thaw(game, data, snap)
            assert _deep(thawed) == _deep(whole), f"{name}: snapshot at {snap['rev']}"
            if whole.to_act() is not None:
                action = rng.choice(whole.legal_actions(whole.to_act()))
                assert _deep(thawed.apply(thawed.to_act(), action)) == _deep(whole.apply(whole.to_act(), action))


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_a_snapshot_alone_builds_the_state_the_log_replays_at_every_point(name: str) -> None:
    """What a restored table's first redraw reads: for every game, at many revisions (seeded), the
    state built from its snapshot with no action replayed is the state its log replayed gives."""
    game = games.GAMES[name]
    for seed in range(2):
        seats = game.max_seats - seed % (game.max_seats - game.min_seats + 1)
        state = game.new(seats, f"alone{seed}", dict(game.playout_options) or None)
        rng = random.Random(100 + seed)
        points = 0
        for _ in range(300):
            seat = state.to_act()
            if seat is None:
                break
            state = state.apply(seat, rng.choice(state.legal_actions(seat)))
            if rng.random() < 0.1:
                data = state.to_json()
                snap = json.loads(json.dumps(snapshots.freeze(state)))
                assert _deep(snapshots.thaw(game, data, snap)) == _deep(game.load(data)), f"{name} at {state.rev}"
                points += 1
        assert points >= 3


def _corrupted(snap: dict[str, object]) -> list[object]:
    fields = dict(snap["fields"])  # type: ignore[call-overload]
    return [None, "x", [], {}, {**snap, "engine": "0" * 16}, {**snap, "rev": -1}, {**snap, "rev": 10**6},
            {**snap, "rev": "3"}, {**snap, "type": "os:system"}, {**snap, "type": "games.cards:Card"},
            {**snap, "fields": {**fields, "extra": 1}}, {**snap, "fields": {k: v for k, v in list(fields.items())[1:]}},
            {**snap, "fields": {k: ["?", 1] for k in fields}}, {**snap, "fields": {k: ["o", "os:path", {}] for k in fields}},
            {**snap, "fields": {**fields, "seed": "another"}}]


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_a_corrupt_or_missing_snapshot_replays_the_whole_log(name: str) -> None:
    game = games.GAMES[name]
    state = game.new(game.min_seats, "corrupt", dict(game.playout_options) or None)
    rng = random.Random(3)
    for _ in range(40):
        seat = state.to_act()
        if seat is None:
            break
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
    data = snapshots.saved(state)
    assert snapshots.load(game, data) == state
    assert _deep(snapshots.load(game, data)) == _deep(state)
    for bad in _corrupted(data["snap"]):
        assert _deep(snapshots.load(game, {**data, "snap": bad})) == _deep(state), bad
    assert _deep(snapshots.load(game, state.to_json())) == _deep(state)  # none: the whole log


async def test_restore_survives_a_corrupt_snapshot_row(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A table whose saved snapshot is garbage comes back whole from its log; the others from theirs
    (read one batch at a time)."""
    monkeypatch.setattr(endings, "RESTORE_BATCH", 1)
    db = await open_database(db_path)
    service = TableService(db, SETTINGS)
    tables = []
    for n, name in enumerate(("trio", "tarot")):
        game = games.GAMES[name]
        table = await service.create(guild_id=1, channel_id=10 + n, thread_id=None, host_id=100, host_name="p0",
                                     game=name, options=None, seats=game.min_seats, seed=f"row{n}")
        for i in range(1, game.min_seats):
            await service.join(table.id, 100 + i, f"p{i}")
        await service.start(table.id, 100)
        rng = random.Random(n)
        for _ in range(21):
            seat = table.to_act()
            assert seat is not None
            await service.act(table.id, 100 + seat, str(rng.choice(table.state.legal_actions(seat))))
        tables.append(table)
    row = await db.table(tables[0].id)
    assert row is not None and "snap" in json.loads(row["state"])
    async with db.transaction() as conn:
        bad = {**json.loads(row["state"]), "snap": {"rev": 3, "engine": snapshots.fingerprint(), "fields": "?"}}
        await conn.run("UPDATE game_tables SET state = ? WHERE id = ?", (json.dumps(bad), tables[0].id))
    await service.close()
    await db.close()
    db = await open_database(db_path)
    service = TableService(db, SETTINGS)
    assert await service.endings.restore() == 2
    for table in tables:
        assert _deep(service.registry.get(table.id).state) == _deep(table.state)
    await service.close()
    await db.close()
