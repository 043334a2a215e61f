"""In the bot: computer levels in the lobby, kept across restarts and rated apart; the
expert's hints on the live hand; decisions off the event loop."""

from __future__ import annotations

import asyncio
import os
import signal
import statistics
import time
from pathlib import Path
from typing import Any

from bot.infra.thinking import Thinker
from bot.service.settings import Settings
from bot.service.table import SeatInfo
from bot.service.table_log import TableLog
from bot.service.tables import TableService
from bot.storage import open_database
from games import GAMES
from tests.bot.drive import components, find, open_table
from tests.bot.drive import text as hand_text

SETTINGS = Settings(computer_pause=0, edit_interval=0, turn_timer=0, default_locale="en", expert_budget=0.05)


def labels(message: Any) -> list[str]:
    return [c.get("label") for c in components(message)]


async def test_lobby_offers_three_levels_and_names_show_them(world: Any) -> None:
    w = world
    await w.alice.slash(w.channel, "table new", game="tarot")
    table = next(iter(w.bot.service.tables.values()))
    lobby = find(w.channel, table.message_id)
    assert {"+ Easy computer", "+ Normal computer", "+ Expert computer"} <= set(labels(lobby))
    for label in ("+ Expert computer", "+ Easy computer", "+ Normal computer"):
        await w.alice.click(find(w.channel, table.message_id), label=label)
    assert [(s.name, s.level) for s in table.seats[1:]] == [
        ("Computer 1 (Expert)", "expert"), ("Computer 2 (Easy)", "easy"), ("Computer 3 (Normal)", "normal")]
    seats = find(w.channel, table.message_id).embeds[0].fields[0].value
    assert "Computer 1 (Expert)" in seats and "Computer 2 (Easy)" in seats


async def test_levels_survive_a_restart_are_played_and_rated_apart(tmp_path: Path) -> None:
    db = await open_database(tmp_path / "db.sqlite3")
    service = TableService(db, SETTINGS)
    asked: list[str] = []
    real = service.computers.thinker.decide

    async def spy(game: str, level: str, *args: Any, **kw: Any) -> Any:
        asked.append(level)
        return await real(game, level, *args, **kw)

    table = await service.create(guild_id=1, channel_id=100, thread_id=None, host_id=1, host_name="u1",
                                 game="toy", options={"deals": 2}, seed="levels")
    await service.add_computer(table.id, 1, "expert")
    await service.add_computer(table.id, 1, "easy")
    await service.close()
    await db.close()
    db = await open_database(tmp_path / "db.sqlite3")
    again = TableService(db, SETTINGS)
    assert await again.endings.restore() == 1
    table = again.registry.get(table.id)
    assert [s.level for s in table.seats] == [None, "expert", "easy"]
    assert [s.plays_at for s in table.seats] == ["normal", "expert", "easy"]
    again.computers.thinker.decide = spy  # type: ignore[method-assign]
    await again.start(table.id, 1)
    await again.computers.idle()
    while table.status == "playing":
        seat = table.to_act()
        await again.act(table.id, 1, str(table.state.legal_actions(seat)[0]))
        await again.computers.idle()
    assert {"expert", "easy"} <= set(asked) and "normal" not in asked
    assert await db.rating(1, "toy", "c:expert") is not None
    assert await db.rating(1, "toy", "c:easy") is not None
    assert await db.rating(1, "toy", "c:normal") is None
    await again.close()
    await db.close()


def test_the_stand_in_for_a_member_plays_at_normal_level() -> None:
    assert SeatInfo(7, "Marie", away=True).plays_at == "normal"
    assert SeatInfo(None, "Computer 1 · Expert", level="expert").plays_at == "expert"
    assert SeatInfo(None, "Computer 1").plays_at == "normal", "a seat saved before levels"


async def hand_on_her_turn(w: Any, computers: int = 3) -> tuple[Any, Any]:
    table, _msg = await open_table(w, "tarot", [w.alice], computers, options="deals=1")
    await w.bot.service.computers.idle()
    assert table.seats[table.to_act()].user_id == w.alice.id
    res = await w.alice.click(find(w.channel, table.message_id), label="My hand")
    return table, find(w.channel, res.response.id, viewer=w.alice)


async def test_hint_shows_the_experts_three_best_options_in_the_same_message(world: Any) -> None:
    w = world
    table, hand = await hand_on_her_turn(w)
    assert "💡 Hint" in labels(hand)
    private = len([m for m in w.channel.history(viewer=w.alice) if m.flags.ephemeral])
    await w.alice.click(hand, label="💡 Hint")
    hand = find(w.channel, hand.id, viewer=w.alice)
    text = hand_text(hand)
    assert "The expert's hint" in text
    options = [line for line in text.splitlines() if line[:2] in ("1.", "2.", "3.")]
    assert len(options) == min(3, len(table.state.legal_actions(table.to_act())))
    assert all("points on average" in line for line in options), text
    assert len([m for m in w.channel.history(viewer=w.alice) if m.flags.ephemeral]) == private
    legal = table.state.legal_actions(table.to_act())
    labels_legal = {table.game.action_label(a, "en") for a in legal}
    assert all(any(line.startswith(f"{line[:2]} {lab}") for lab in labels_legal) for line in options)
    await w.bot.presenter.shown[table.id].task
    public = find(w.channel, table.message_id).embeds[0]
    shown = " ".join([public.description or ""] + [f.value for f in public.fields])
    assert "alice asked for a hint" in shown


async def test_a_server_turns_hints_off(world: Any) -> None:
    w = world
    res = await w.alice.slash(w.channel, "settings", hints=False)
    assert res.ephemeral
    table, hand = await hand_on_her_turn(w)
    assert "💡 Hint" not in labels(hand)
    assert labels(hand), "her legal moves are still there"
    await w.alice.slash(w.channel, "settings", hints=True)
    res = await w.alice.click(find(w.channel, table.message_id), label="My hand")
    assert "💡 Hint" in labels(find(w.channel, res.response.id, viewer=w.alice))


async def test_le_trio_has_no_hint_button(world: Any) -> None:
    w = world
    table, _msg = await open_table(w, "trio", [w.alice], 2)
    await w.bot.service.computers.idle()
    res = await w.alice.click(find(w.channel, table.message_id), label="My hand")
    hand = find(w.channel, res.response.id, viewer=w.alice)
    assert table.seats[table.to_act()].user_id == w.alice.id and labels(hand)
    assert "💡 Hint" not in labels(hand)


async def test_an_expert_thinking_in_a_worker_process_leaves_other_tables_fast(tmp_path: Path) -> None:
    """Table A's expert thinks for 1 s in the process pool while a member plays on table B: B's
    moves take as long as with nobody thinking (well under the expert's second)."""
    db = await open_database(tmp_path / "db.sqlite3")
    service = TableService(db, SETTINGS.with_(computer_workers=1, expert_budget=1.0))
    await service.computers.thinker.start()
    b = await service.create(guild_id=1, channel_id=200, thread_id=None, host_id=1, host_name="u1",
                             game="toy", seed="b")
    await service.join(b.id, 2, "u2")
    await service.start(b.id, 1)

    async def click_b() -> float:
        seat = b.to_act()
        began = time.perf_counter()
        await service.act(b.id, b.seats[seat].user_id, str(b.state.legal_actions(seat)[0]))
        return time.perf_counter() - began

    quiet = [await click_b() for _ in range(5)]
    tarot = GAMES["tarot"].new(4, "a", {})
    seat = tarot.to_act()
    thinking = asyncio.create_task(service.computers.thinker.decide("tarot", "expert", tarot.view(seat),
                                                          tarot.legal_actions(seat), "a:0"))
    await asyncio.sleep(0.1)
    busy = []
    while not thinking.done() and len(busy) < 5:
        busy.append(await click_b())
        await asyncio.sleep(0.05)
    began = time.perf_counter()
    await thinking
    assert len(busy) == 5 and time.perf_counter() - began > 0.2, "the expert was still thinking"
    print(f"table B move: quiet median {statistics.median(quiet) * 1000:.1f} ms, "
          f"while A's expert thinks median {statistics.median(busy) * 1000:.1f} ms, max {max(busy) * 1000:.1f} ms")
    assert max(busy) < 0.2
    await service.close()
    await db.close()


async def test_decisions_are_the_same_in_a_thread_and_in_a_process() -> None:
    tarot = GAMES["tarot"].new(4, "same", {})
    seat = tarot.to_act()
    view, legal = tarot.view(seat), tarot.legal_actions(seat)
    here, there = Thinker(0, 0.05), Thinker(1, 0.05)
    try:
        for level in ("easy", "normal"):
            ours = await here.decide("tarot", level, view, legal, "t:1")
            assert ours == await there.decide("tarot", level, view, legal, "t:1") and ours in legal
    finally:
        here.close()
        there.close()


def test_a_note_lands_after_the_moves_up_to_its_revision() -> None:
    toy = GAMES["toy"]
    state = toy.new(2, "notes", {})
    log = TableLog()
    log.catch_up(toy, state, ["Marie", "Pablo"], "en")
    log.note(state.rev, "log_hint", name="Marie")
    before = len(log.lines)
    for _ in range(2):
        seat = state.to_act()
        state = state.apply(seat, state.legal_actions(seat)[0])
    lines = log.catch_up(toy, state, ["Marie", "Pablo"], "en")
    assert "Marie asked for a hint" in lines
    assert lines.index("Marie asked for a hint") == before, "after the earlier moves, before the later ones"
    assert log.catch_up(toy, state, ["Marie", "Pablo"], "en").count("Marie asked for a hint") == 1


async def test_a_pool_whose_worker_died_is_replaced() -> None:
    """An idle worker killed: a new one takes the next decision (a worker killed mid-decision:
    tests/bot/test_thinking_queue.py)."""
    tarot = GAMES["tarot"].new(4, "dead", {})
    seat = tarot.to_act()
    thinker = Thinker(1, 0.05)
    try:
        await thinker.start()
        for pid in thinker.pids():
            os.kill(pid, signal.SIGKILL)
        await asyncio.sleep(0.2)
        action = await thinker.decide("tarot", "normal", tarot.view(seat), tarot.legal_actions(seat), "d:0")
        assert action in tarot.legal_actions(seat)
    finally:
        thinker.close()
