"""The daily challenge's service, on SQLite and PostgreSQL: the same deals for every
member whatever the order, a restart mid-deal, match points as docs/rules/club.md, « Match points » computes them by hand,
nothing of a deal shown before the viewer played it, and a share line without cards."""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from bot.service.challenge_scores import day_deals, day_results, period_standings, streaks
from bot.service.challenges import ChallengeService
from bot.service.settings import Settings
from bot.service.table import BotError
from bot.service.tables import TableService
from bot.storage import Database, open_database
from bot.storage.challenges import DealRow
from games import find_game

pytestmark = pytest.mark.backends  # SQLite and PostgreSQL (tests/conftest.py)

SETTINGS = Settings(computer_pause=0, edit_interval=0, turn_timer=0, default_locale="en")
NOON = datetime(2026, 11, 27, 12, tzinfo=UTC).timestamp()
GUILD = 7
SECRET = bytes(32)  # a server's deal secret (bot.service.deal_secrets)


async def services(db: Database, *, level: str = "normal", deals: int = 2,
                   game: str = "tarot") -> tuple[TableService, ChallengeService]:
    tables = TableService(db, SETTINGS)
    challenges = ChallengeService(tables)
    tables.bus.subscribe(challenges)
    challenges.clock = lambda: NOON
    await challenges.configure(GUILD, game=game, deals=deals, level=level)
    return tables, challenges


async def play_deal(tables: TableService, challenges: ChallengeService, user: int, *, game: str = "tarot",
                    moves: int | None = None, seen: dict[int, list[Any]] | None = None) -> Any:
    """The member ``user`` plays their next deal (their moves from a seeded normal player), or only
    ``moves`` of their decisions; ``seen``: each deal's first view of the member's hand."""
    progress = await challenges.play(GUILD, user, f"m{user}", game, channel_id=50, thread_id=1000 + user)
    table = progress.table
    assert table is not None
    seat = table.seat_of(user)
    if seen is not None:
        await tables.computers.idle()
        seen.setdefault(progress.deal_no, []).append(sorted(table.state.view(seat)["hand"]))
    me = find_game(game).computer_player("normal")
    rng = random.Random(f"{user}:{progress.deal_no}")
    done = 0
    while table.status == "playing" and (moves is None or done < moves):
        await tables.computers.idle()
        if table.status != "playing":
            break
        assert table.to_act() == seat, "computers play until the member is to act"
        action = me.choose(table.state.view(seat), table.state.legal_actions(seat), rng)
        await tables.act(table.id, user, str(action))
        done += 1
    await tables.computers.idle()
    await challenges.idle()
    return table


async def test_three_members_in_different_orders_get_the_same_cards_and_match_points(db: Database) -> None:
    tables, challenges = await services(db)
    seen: dict[int, list[Any]] = {}
    # A plays deal 1, B both, A deal 2, C both: the cards do not depend on who played before
    for user in (1, 2, 2, 1, 3, 3):
        await play_deal(tables, challenges, user, seen=seen)
    assert set(seen) == {0, 1} and all(len(hands) == 3 and hands.count(hands[0]) == 3 for hands in seen.values())
    assert seen[0][0] != seen[1][0], "two deals, other cards"
    day = await challenges.day(GUILD, "tarot")
    assert set(day) == {1, 2, 3} and all(m.finished for m in day.values())
    # docs/rules/club.md, « Match points » by hand: 2 match points per member with a lower score, 1 per tie, over 2 (n - 1) = 4
    for k in range(2):
        scores = {u: day[u].scores[k] for u in day}
        for u, mine in scores.items():
            points = sum(2 if s < mine else 1 if s == mine else 0 for v, s in scores.items() if v != u)
            assert day[u].percents[k] == pytest.approx(100 * points / 4)
    for m in day.values():
        assert m.percent == pytest.approx((m.percents[0] + m.percents[1]) / 2) and m.finishers == 3
    order = sorted(day.values(), key=lambda m: (-m.percent, -m.total))
    assert order[0].place == 0 and {m.place for m in day.values()} <= {0, 1, 2}
    again = await challenges.play(GUILD, 1, "m1", "tarot", channel_id=50, thread_id=1001)
    assert again.finished and again.table is None and len(await challenges.store.member_day(
        GUILD, again.day, "tarot", 1)) == 2, "one attempt a day: nothing new is dealt"
    await tables.close()


async def test_a_restart_mid_deal_resumes_it(db_path: Path) -> None:
    db = await open_database(db_path)
    tables, challenges = await services(db)
    table = await play_deal(tables, challenges, 1, moves=3)
    assert table.status == "playing"
    for give_up in (tables.vote_abort(table.id, 1), tables.cancel(table.id, 1)):
        with pytest.raises(BotError):  # one attempt: its member cannot abandon the deal to see it again
            await give_up
    state = table.state
    await tables.close()
    await db.close()
    db = await open_database(db_path)
    try:
        again = TableService(db, SETTINGS)
        challenges = ChallengeService(again)
        again.bus.subscribe(challenges)
        challenges.clock = lambda: NOON
        assert await again.endings.restore() == 1 and await challenges.restore() == 1
        progress = await challenges.play(GUILD, 1, "m1", "tarot", channel_id=50, thread_id=1001)
        assert progress.table is not None and progress.table.id == table.id and progress.deal_no == 0
        assert progress.table.state == state
        await play_deal(again, challenges, 1)
        mine = await challenges.result(GUILD, 1, "tarot")
        assert mine is not None and mine.scores[0] is not None and mine.percents[0] == 50.0, "alone: 50 %"
        await play_deal(again, challenges, 1)
        assert (await challenges.result(GUILD, 1, "tarot")).finished
        await again.close()
    finally:
        await db.close()


async def test_nothing_of_a_deal_before_the_viewer_played_it(db: Database) -> None:
    tables, challenges = await services(db)
    for _ in range(2):
        await play_deal(tables, challenges, 1)
    await play_deal(tables, challenges, 2)  # B played deal 1 of 2
    rows, scored = await challenges.standings(GUILD, 2, "tarot")
    assert not scored and [(r.name, r.percent, r.place) for r in rows] == [("m1", 0.0, None)]
    rows, scored = await challenges.standings(GUILD, 2, "tarot", "week")
    assert scored and rows == [], "today is left out of the week until the viewer finishes"
    for viewer in (2, 3):
        with pytest.raises(BotError):
            await challenges.replays(GUILD, viewer, "tarot", 1)
    rows, scored = await challenges.standings(GUILD, 1, "tarot")
    assert scored and [r.name for r in rows] == ["m1"] and rows[0].percent == 50.0
    await play_deal(tables, challenges, 2)
    replays = await challenges.replays(GUILD, 2, "tarot", 1)
    assert len(replays) == 2 and replays[0].score >= replays[1].score, "best score first"
    rows, scored = await challenges.standings(GUILD, 2, "tarot")
    assert scored and {r.name for r in rows} == {"m1", "m2"}
    await tables.close()


async def test_the_share_line_has_no_card(db: Database) -> None:
    tables, challenges = await services(db, deals=2)
    for _ in range(2):
        await play_deal(tables, challenges, 1)
    mine = await challenges.result(GUILD, 1, "tarot")
    day = await challenges.today(GUILD)
    line = challenges.share_line("fr", day, "tarot", mine)
    assert re.fullmatch(r"Défi du jour 27/11 · Tarot · \d+ % · [🟩🟨🟥]{2}", line), line
    for deal in await challenges.deals(GUILD, "tarot", day):
        hand = deal.deal.new_state().view(deal.seat)["hand"]
        assert hand and not any(str(c) in line for c in hand)
    assert challenges.share_line("es", day, "tarot", mine).startswith("Desafío del día 27/11")
    await tables.close()


@pytest.mark.sqlite_only
async def test_experts_decide_from_the_deal_and_the_moves_alone(db: Database) -> None:
    """Two members making the same moves meet the same expert moves (samples, not seconds)."""
    tables, challenges = await services(db, level="expert", deals=1, game="piquet")
    logs = []
    for user in (1, 2):
        table = await play_deal(tables, challenges, user, game="piquet")
        saved = await db.actions(table.id)
        logs.append([(r["seat"], r["action"], r["by_computer"]) for r in saved])
    assert logs[0] == logs[1] and any(c for _, _, c in logs[0])
    await tables.close()


async def test_settings_and_the_day_in_the_server_time_zone(db: Database) -> None:
    tables, challenges = await services(db)
    late = datetime(2026, 11, 27, 23, 30, tzinfo=UTC).timestamp()
    challenges.clock = lambda: late
    assert await challenges.today(GUILD) == "2026-11-27"
    await challenges.configure(GUILD, time_zone="Europe/Paris")
    assert await challenges.today(GUILD) == "2026-11-28"
    with pytest.raises(BotError):
        await challenges.configure(GUILD, time_zone="Mars/Olympus")
    with pytest.raises(BotError):
        await challenges.configure(GUILD, game="tarot", deals=99)
    await challenges.configure(GUILD, game="piquet", deals=0)
    again = ChallengeService(tables)
    tables.bus.subscribe(again)
    saved = await again.settings(GUILD)
    assert saved.time_zone == "Europe/Paris" and "piquet" not in saved.games and saved.games["tarot"] == 2
    with pytest.raises(BotError):
        await again.play(GUILD, 1, "m1", "piquet", channel_id=1, thread_id=2)
    await tables.close()


def _row(user: int, deal: int, score: float, day: str = "2026-11-27") -> DealRow:
    return DealRow(GUILD, day, "tarot", user, deal, 0, f"m{user}", f"t{user}{deal}{day}", score)


def test_the_rules_example_by_hand() -> None:
    """docs/rules/club.md, « Match points »: scores 100, 50, 50, -20 -> 100 %, 50 %, 50 %, 0 %; the mean over the deals;
    places among the members who finished, ties shared after the summed score."""
    deals = day_deals(SECRET, "2026-11-27", "tarot", 2)
    rows = [_row(1, 0, 100), _row(2, 0, 50), _row(3, 0, 50), _row(4, 0, -20),
            _row(1, 1, -10), _row(2, 1, 30), _row(3, 1, 30)]
    rows = [DealRow(r.guild_id, r.day, r.game, r.user_id, r.deal_no, deals[r.deal_no].seat, r.name, r.table_id,
                    r.score) for r in rows]
    day = day_results(rows, deals)
    assert [day[u].percents[0] for u in (1, 2, 3, 4)] == [100.0, 50.0, 50.0, 0.0]
    assert [day[u].percents[1] for u in (1, 2, 3)] == [0.0, 75.0, 75.0]
    assert day[1].percent == 50.0 and day[2].percent == 62.5 and day[4].percent == 0.0
    assert (day[2].place, day[3].place, day[1].place, day[4].place) == (0, 0, 2, None)
    assert day[4].finishers == 3 and not day[4].finished


def test_week_standings_need_the_minimum_days_and_streaks_count_days_in_a_row() -> None:
    days = {}
    for d, scores in (("2026-11-23", {1: 10, 2: 0}), ("2026-11-24", {1: 0, 2: 10}), ("2026-11-25", {1: 5})):
        deals = day_deals(SECRET, d, "tarot", 1)
        days[d] = day_results([DealRow(GUILD, d, "tarot", u, 0, deals[0].seat, f"m{u}", f"t{u}{d}", s)
                               for u, s in scores.items()], deals)
    rows = period_standings(days, 3)
    assert [(r.user_id, r.percent, r.days, r.place) for r in rows] == [(1, 50.0, 3, 0), (2, 50.0, 2, None)]
    assert streaks(["2026-11-23", "2026-11-24", "2026-11-25"], "2026-11-26") == (3, 3)
    assert streaks(["2026-11-20", "2026-11-23", "2026-11-24"], "2026-11-27") == (0, 2)


def test_the_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    from benchmarks import challenge

    challenge.main(["--members", "3", "--deals", "1", "--member-level", "normal"])
    out = capsys.readouterr().out
    assert "3 members, tarot, 1 deals" in out and "time per member: mean" in out and "week standings:" in out


async def test_a_challenge_deal_changes_no_rating(db: Database) -> None:
    """A challenge deal is scored by match points (docs/rules/club.md, « The daily challenge »): the
    member's and the computers' ratings do not move and its results carry no rating."""
    from bot.service.ratings import player_key

    tables, challenges = await services(db, deals=1)
    table = await play_deal(tables, challenges, 1)
    assert table.status == "over" and not table.rated
    assert table.result and all(r["rating_before"] is None and r["rating_after"] is None for r in table.result)
    async with db.transaction() as conn:
        assert await conn.fetch_all("SELECT * FROM ratings WHERE guild_id = ?", (GUILD,)) == []
    assert await db.rating(GUILD, "tarot", player_key(1)) is None
    await tables.close()
