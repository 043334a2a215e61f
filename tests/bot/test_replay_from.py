"""Replay from here ("Rejouer d'ici"): a practice table from one of a member's decisions in a finished deal has the
same cards at that moment (the log replayed up to it), the member to play, the same computers; it
ends with that deal, unrated, and leaves no result (no history, rating or leaderboard line). Only
the deal's own players, on their own server, may open one; a shared deal only once they may see it
(bot/service/shared_deals.py); the practice table is its member's alone."""

from __future__ import annotations

import random
from typing import Any

import pytest
from simcord.backend.errors import SetupError

import games
from bot.service import ratings, replay_from
from bot.service.table import BotError
from bot.ui.ids import build_id, parse_id
from games.review import Review
from tests.bot.drive import ADD_VERB, components, find, play_by_command
from tests.bot.test_history import finish, last_said, results_message
from tests.bot.test_review_e2e import review_id

GAMES = (("tarot", 4, {"deals": 2}), ("tresillo", 3, {}), ("piquet", 2, {"deals": 2}), ("trio", 3, {"max_rounds": 2}),
         ("ecole", 3, {"max_rounds": 2}))


def played(name: str, seats: int, options: dict[str, Any], seed: int = 3) -> dict[str, Any]:
    game = games.GAMES[name]
    state = game.new(seats, f"s{seed}", options)
    players = [game.computer_player("normal") for _ in range(seats)]
    rng = random.Random(seed)
    while (seat := state.to_act()) is not None:
        state = state.apply(seat, players[seat].choose(state.view(seat), state.legal_actions(seat), rng))
    return state.to_json()


@pytest.mark.parametrize(("name", "seats", "options"), GAMES)
def test_the_practice_state_is_the_deal_at_that_moment_and_ends_with_it(name: str, seats: int,
                                                                        options: dict[str, Any]) -> None:
    game = games.GAMES[name]
    saved = played(name, seats, options)
    steps = list(game.replay(saved))
    deal_no = max(s.before.deal_index() or 0 for s in steps)  # the last deal: there are deals before it
    seat = next(s.seat for s in steps if s.before.deal_index() == deal_no)
    found = replay_from.moments(game, saved, seat, deal_no)
    assert [m.number for m in found] == list(range(1, len(found) + 1)) and len(found) >= 2
    rng = random.Random(1)
    for moment in (found[0], found[len(found) // 2], found[-1]):
        before = steps[moment.index].before
        state = replay_from.practice_state(game, saved, seat, deal_no, moment, match_over=True)
        assert state.log == saved["log"][:moment.index] and state.to_act() == seat
        assert state.view(seat)["hand"] == before.view(seat)["hand"], "the same cards at that moment"
        assert state.legal_actions(seat) == before.legal_actions(seat)
        players = [game.computer_player("normal") for _ in range(seats)]
        while (to_act := state.to_act()) is not None:
            assert state.deal_index() == deal_no, "the practice never deals what came after"
            state = state.apply(to_act, players[to_act].choose(state.view(to_act), state.legal_actions(to_act), rng))
        assert state.outcome() is not None
    if deal_no > 0:  # an earlier deal ends the practice there, the match going on or not
        first = replay_from.moments(game, saved, steps[0].seat, 0)[0]
        state = replay_from.practice_state(game, saved, steps[0].seat, 0, first, match_over=name == "piquet")
        assert state.deal_index() == 0 and state.log == []


def test_a_moment_that_is_not_the_seats_is_refused() -> None:
    game = games.GAMES["piquet"]
    saved = played("piquet", 2, {"deals": 1})
    mine = replay_from.moments(game, saved, 0, 0)
    theirs = replay_from.moments(game, saved, 1, 0)
    with pytest.raises(BotError):
        replay_from.practice_state(game, saved, 0, 0, theirs[1], match_over=True)
    with pytest.raises(BotError, match="goes on"):  # a Piquet partie in play: a tie could deal on
        replay_from.practice_state(game, saved, 0, 0, mine[1], match_over=False)


async def forged(w: Any, member: Any, message: Any, custom_id: str) -> Any:
    """``member`` clicks a button of ``message`` whose id was rewritten to ``custom_id`` (a forged id)."""
    stored = w.env.backend.get_message(message.channel.id, message.id)
    stored.components[0]["components"][0]["custom_id"] = custom_id
    return await member.click(message, custom_id=custom_id)


def practice_of(w: Any) -> Any:
    return next(t for t in w.bot.service.tables.values() if t.open and t.practice)


async def test_replay_from_here_deals_the_same_cards_and_records_nothing(world: Any) -> None:
    w = world
    w.bot.reviews.samples = 10
    res = await w.alice.slash(w.channel, "table new", game="tarot", options="deals=1")
    assert res.ephemeral
    table = next(t for t in w.bot.service.tables.values() if t.open)
    lobby = find(w.channel, table.message_id)
    for level in ("easy", "expert", "normal"):  # the same computers: each seat's own level
        await w.alice.click(lobby, custom_id=build_id(table.id, 0, ADD_VERB[level]))
    await w.alice.click(lobby, custom_id=build_id(table.id, 0, "~s"))
    await finish(w, table)
    history = await w.bot.db.history(w.guild.id, w.alice.id)
    rating = await w.bot.db.rating(w.guild.id, "tarot", ratings.player_key(w.alice.id))
    board = await w.bot.db.top(w.guild.id, "tarot", humans=False)
    results = results_message(w, table)
    review = last_said(await w.alice.click(results, custom_id=review_id(results)))
    menus = [c for c in components(review) if c["type"] == 3]
    assert menus and all(parse_id(c["custom_id"]).action.startswith("~o:") for c in menus)
    options = [o for m in menus for o in m["options"]]
    seat = table.seat_of(w.alice.id)
    mine = replay_from.moments(table.game, table.state.to_json(), seat, 0)
    assert [o["value"] for o in options] == [str(m.number) for m in mine][:len(options)]
    kept = await w.bot.reviews.store.get(table.id, 0, seat)
    assert kept is not None
    numbers = {d.index: n for n, d in enumerate(Review.from_json(kept[1]).decisions, start=1)}
    keys = [f"~o{numbers[d.index]}" for d in Review.from_json(kept[1]).key_moments()]
    assert [parse_id(c["custom_id"]).action for c in components(review) if c["type"] == 2] == keys, "a key moment each"
    pick = mine[len(mine) // 2]  # a card in the middle of the play
    menu = next(m for m in menus if str(pick.number) in [o["value"] for o in m["options"]])

    # ids typed by hand: another member's, another server's table, a number that is no decision
    refused = last_said(await forged(w, w.bob, results, build_id(table.id, 0, f"~o{pick.number}")))
    assert "Only the players of this deal" in (refused.content or ""), refused.content
    unknown = last_said(await forged(w, w.alice, results, build_id("zz99", 0, f"~o{pick.number}")))
    assert "zz99" in (unknown.content or "")
    none = last_said(await forged(w, w.alice, results, build_id(table.id, 0, "~o999")))
    assert "no decision 999" in (none.content or "")
    assert not any(t.practice for t in w.bot.service.tables.values()), "nothing opened"

    said = last_said(await w.alice.select(review, [str(pick.number)], custom_id=menu["custom_id"]))
    practice = practice_of(w)
    thread = next(c for c in w.channel.threads if c.id == practice.thread_id)
    assert thread.mention in said.content and "Unrated" in said.content
    original = list(table.game.replay(table.state.to_json()))[pick.index].before
    assert practice.state.log == table.state.log[:pick.index] and practice.to_act() == seat
    assert practice.state.view(seat)["hand"] == original.view(seat)["hand"], "the same cards at that moment"
    assert [s.level for s in practice.seats] == [s.level for s in table.seats] and practice.seats[seat].user_id == w.alice.id
    assert not practice.rated and practice.thread_id != table.place_id
    seen = [m for m in thread.history(viewer=w.alice) if m.id == practice.message_id]
    assert seen and "Practice, unrated" in seen[0].embeds[0].description
    with pytest.raises(SetupError, match="cannot read"):  # a private thread: the others do not see it
        thread.history(viewer=w.bob)

    rng = random.Random(2)
    for _ in range(200):
        if practice.status != "playing":
            break
        await play_by_command(w.alice, thread, rng)
        await w.bot.presenter.drain()
    assert practice.status == "over" and practice.state.deal_index() >= 1
    assert practice.result and all(r["rating_before"] is None for r in practice.result)
    assert await w.bot.db.results(practice.id) == [], "no result kept"
    assert await w.bot.db.history(w.guild.id, w.alice.id) == history, "not in the history"
    assert await w.bot.db.rating(w.guild.id, "tarot", ratings.player_key(w.alice.id)) == rating
    assert await w.bot.db.top(w.guild.id, "tarot", humans=False) == board, "the computers' lines unchanged"
    # the practice table is its member's alone: its replay is refused to anyone else
    other = last_said(await w.bob.slash(w.channel, "replay", table=practice.id))
    assert not other.attachments and not other.embeds, other.content
    mine_replay = last_said(await w.alice.slash(w.channel, "replay", table=practice.id))
    assert mine_replay.embeds


async def test_a_second_replay_from_here_takes_the_place_of_the_first(world: Any) -> None:
    """One practice table at a time in the member's thread; a Piquet review says its declarations are the game's."""
    from tests.bot.drive import open_table

    w = world
    w.bot.reviews.samples = 10
    table, _ = await open_table(w, "piquet", [w.alice], 1, options="deals=1")
    await finish(w, table)
    results = results_message(w, table)
    review = last_said(await w.alice.click(results, custom_id=review_id(results)))
    assert "declarations (point, sequences, sets, carte blanche) are made by the game itself" in \
        review.embeds[0].description, "Piquet has no declaration to grade: the review says so"
    menu = build_id(table.id, 0, "~o:0")
    await w.alice.select(review, ["1"], custom_id=menu)
    first = practice_of(w)
    await w.alice.select(review, ["2"], custom_id=menu)
    second = practice_of(w)
    assert second.id != first.id and first.status == "cancelled" and second.thread_id == first.thread_id
    assert second.state.log == table.state.log[:replay_from.moments(table.game, table.state.to_json(),
                                                                    table.seat_of(w.alice.id), 0)[1].index]


async def test_another_servers_deal_and_a_deal_in_play_are_refused(world: Any) -> None:
    """Ids typed by hand: the table of another server reads as unknown, a deal still in play is refused."""
    from types import SimpleNamespace

    from bot.ui.cogs.replay_from import ReplayFromCog
    from tests.bot.drive import open_table

    w = world
    table, _ = await open_table(w, "piquet", [w.alice], 1, options="deals=2")
    cog = w.bot.get_cog("ReplayFromCog")
    assert isinstance(cog, ReplayFromCog)
    here = SimpleNamespace(guild_id=w.guild.id, user=SimpleNamespace(id=w.alice.id))
    with pytest.raises(BotError, match="is not over"):
        await cog.origin(here, table.id, 0)  # type: ignore[arg-type]
    await finish(w, table)
    assert (await cog.origin(here, table.id, 0)).players == [s.user_id for s in table.seats]  # type: ignore[arg-type]
    elsewhere = SimpleNamespace(guild_id=w.guild.id + 1, user=SimpleNamespace(id=w.alice.id))
    with pytest.raises(BotError, match=table.id):
        await cog.origin(elsewhere, table.id, 0)  # type: ignore[arg-type]
