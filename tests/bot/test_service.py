"""TableService with plain asyncio: seat races, atomic multi-picks, restore, ratings."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

import games
from bot.service.rating_deals import Payment, read_deal
from bot.service.ratings import rate_match
from bot.service.settings import Settings
from bot.service.tables import StaleAction, TableService
from bot.storage import Database, open_database
from games.errors import GameError, IllegalAction, NotYourTurn

pytestmark = pytest.mark.backends  # SQLite and PostgreSQL (tests/conftest.py)

SETTINGS = Settings(computer_pause=0, edit_interval=0, turn_timer=0, default_locale="en")


async def started(service: TableService, humans: int = 2, computers: int = 0, game: str = "toy",
                  **options: Any) -> Any:
    table = await service.create(guild_id=1, channel_id=100 + len(service.tables), thread_id=None, host_id=1,
                                 host_name="u1", game=game, options=options or None, seed="race")
    for uid in range(2, humans + 1):
        await service.join(table.id, uid, f"u{uid}")
    for _ in range(computers):
        await service.add_computer(table.id, 1)
    await service.start(table.id, 1)
    return table


async def test_concurrent_clicks_on_one_revision_apply_once(db: Database) -> None:
    service = TableService(db, SETTINGS)
    table = await started(service, humans=3)
    seat = table.to_act()
    user = table.seats[seat].user_id
    legal = [str(a) for a in table.state.legal_actions(seat)]
    rev = table.rev
    results = await asyncio.gather(*(service.act(table.id, user, text, rev) for text in legal * 3),
                                   return_exceptions=True)
    assert sum(not isinstance(r, BaseException) for r in results) == 1
    assert all(isinstance(r, StaleAction | NotYourTurn) for r in results if isinstance(r, BaseException))
    assert table.rev == rev + 1 and len(await db.actions(table.id)) == 1


async def test_everyone_clicks_at_once(db: Database) -> None:
    service = TableService(db, SETTINGS)
    table = await started(service, humans=4)
    for _ in range(6):
        rev = table.rev
        attempts = [service.act(table.id, s.user_id, str(a), rev)
                    for s in table.seats for a in table.state.legal_actions(table.to_act())]
        results = await asyncio.gather(*attempts, return_exceptions=True)
        assert sum(not isinstance(r, BaseException) for r in results) == 1
        assert all(isinstance(r, GameError) for r in results if isinstance(r, BaseException))
    assert table.rev == 6
    data = await db.table(table.id)
    assert data["revision"] == 6


async def test_multi_pick_is_all_or_nothing(db: Database) -> None:
    service = TableService(db, SETTINGS)
    table = await started(service, humans=2)
    seat = table.to_act()
    user = table.seats[seat].user_id
    first = str(table.state.legal_actions(seat)[0])
    with pytest.raises(GameError):  # the second action is not this seat's: nothing is applied
        await service.act(table.id, user, [first, first])
    assert table.rev == 0 and await db.actions(table.id) == []
    with pytest.raises(IllegalAction):
        await service.act(table.id, user, "play:JK")


async def test_computers_play_and_restore(db_path: Path) -> None:
    db = await open_database(db_path)
    service = TableService(db, SETTINGS)
    table = await started(service, humans=1, computers=2, deals=3)
    await service.computers.idle()
    seat = table.to_act()
    assert not table.seats[seat].computer, "computers act until a human is to play"
    await service.act(table.id, 1, str(table.state.legal_actions(seat)[0]))
    await service.computers.idle()
    state = table.state
    await service.close()
    await db.close()
    db = await open_database(db_path)
    again = TableService(db, SETTINGS)
    assert await again.endings.restore() == 1
    restored = again.registry.get(table.id)
    assert restored.state == state and [s.name for s in restored.seats] == [s.name for s in table.seats]
    while restored.status == "playing":
        seat = restored.to_act()
        await again.act(restored.id, 1, str(restored.state.legal_actions(seat)[0]))
        await again.computers.idle()
    assert restored.status == "over" and restored.result is not None
    top = await db.top(1, "toy")
    assert [r.user_id for r in top] == [1] and top[0].matches == 1
    assert [r.player_key for r in await db.top(1, "toy", humans=False)] == ["c:normal"]
    await again.close()
    await db.close()


def test_deal_sides_from_views() -> None:
    """A deal names its side (taker, partner; declarer) and who paid whom; no side, no deal."""
    view = {"seats": 4, "contract": {"taker": 2, "partner": 0}}
    deal = read_deal({"deal_no": 0, "deltas": [10, -30, 30, -10]}, view)
    assert deal is not None and deal.roles == ("partner", "defender", "taker", "defender") and deal.won
    assert sorted(deal.payments, key=lambda p: (p.loser, p.winner)) == [
        Payment(0, 1, 7.5), Payment(2, 1, 22.5), Payment(0, 3, 2.5), Payment(2, 3, 7.5)]
    lost = read_deal({"deal_no": 0, "declarer": 1, "won": False, "deltas": [5, -10, 5]}, {"seats": 3})
    assert lost is not None and lost.roles == ("other", "declarer", "other") and lost.won is False
    assert read_deal({"deal_no": 0, "deltas": [1, -1]}, {"seats": 2}) is None


def test_individual_ratings_without_sides() -> None:
    game = games.GAMES.get("toy") or __import__("tests.toygame", fromlist=["TOY"]).TOY
    state = game.new(3, "r")
    while state.to_act() is not None:
        state = state.apply(state.to_act(), state.legal_actions(state.to_act())[0])
    outcome = state.outcome()
    new, before, _, _ = rate_match(game, state.to_json(), outcome, ["u1", "u2", "c:normal"], ["a", "b", "c"], {})
    best = outcome.ranking[0]
    worst = outcome.ranking[-1]
    keys = ["u1", "u2", "c:normal"]
    if outcome.scores[best] != outcome.scores[worst]:
        assert new[keys[best]].mu > before[best].mu and new[keys[worst]].mu < before[worst].mu
    assert all(r.matches == 1 for r in new.values())


async def test_a_faulty_computer_player_never_stalls_a_table(db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.toygame import TOY

    class Broken:
        def choose(self, view: Any, legal: Any, rng: Any) -> Any:
            raise RuntimeError("bug in the AI")

    games.GAMES["toy"] = TOY
    monkeypatch.setattr(type(TOY), "computer_player", lambda self, level="normal": Broken())
    try:
        service = TableService(db, SETTINGS)
        table = await started(service, humans=1, computers=2)
        await service.act(table.id, 1, str(table.state.legal_actions(0)[0]))
        await service.computers.idle()
        assert table.rev == 3 and not table.seats[table.to_act()].computer
        assert service.errors and all(str(e) == "bug in the AI" for e in service.errors)
    finally:
        games.GAMES.pop("toy", None)
        await service.close()
