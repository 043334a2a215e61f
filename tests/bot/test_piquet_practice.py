"""A Piquet partie shorter than six deals (docs/rules/piquet.md, « Cards and the deal ») is practice: its result goes to
the history, ratings and leaderboards stay as they were, and the lobby, the table, each deal's
recap and the results say "Practice, unrated". A partie of six deals is rated as before."""

from __future__ import annotations

from typing import Any

import games
from bot.service import ratings
from bot.ui.ids import build_id
from tests.bot.drive import find, open_table
from tests.bot.test_history import finish, last_said, results_message

PRACTICE = "Practice, unrated"


def recaps(w: Any) -> list[Any]:
    return [m for m in w.channel.history() if m.embeds and (m.embeds[0].title or "").startswith("Deal ")
            and (m.embeds[0].title or "").endswith(" is over.")]


def test_which_matches_are_rated() -> None:
    piquet, trio, ecole = games.GAMES["piquet"], games.GAMES["trio"], games.GAMES["ecole"]
    assert [piquet.rated(piquet.resolve_options({"deals": n})) for n in range(1, 7)] == [False] * 5 + [True]
    assert piquet.rated(piquet.resolve_options({}))
    assert trio.rated(trio.resolve_options({})) and ecole.rated(ecole.resolve_options({"max_rounds": 60}))
    assert not trio.rated(trio.resolve_options({"contracts": 2}))
    assert not ecole.rated(ecole.resolve_options({"max_rounds": 29}))
    for name in ("tarot", "tresillo"):  # no partie shorter than the rules' own: every match rated
        game = games.GAMES[name]
        assert all(game.rated(game.resolve_options({o.name: o.minimum}))
                   for o in game.options() if o.minimum is not None)


async def test_a_one_deal_partie_is_recorded_but_unrated(world: Any) -> None:
    w = world
    res = await w.alice.slash(w.channel, "table new", game="piquet", options="deals=1")
    table = next(t for t in w.bot.service.tables.values() if t.open)
    lobby = find(w.channel, table.message_id)
    assert PRACTICE in lobby.embeds[0].description
    await w.bob.click(lobby, custom_id=build_id(table.id, 0, "~j"))
    await w.alice.click(lobby, custom_id=build_id(table.id, 0, "~s"))
    assert table.status == "playing" and res.ephemeral
    await w.bot.presenter.drain()
    assert PRACTICE in find(w.channel, table.message_id).embeds[0].description
    await finish(w, table)
    assert all(PRACTICE in m.embeds[0].description for m in recaps(w)) and recaps(w)
    results = results_message(w, table).embeds[0].description
    assert PRACTICE in results and "rating" not in results
    assert all(r["rating_before"] is None and r["rating_after"] is None for r in table.result)
    db = w.bot.db
    assert await db.top(w.guild.id, "piquet") == []
    assert await db.rating(w.guild.id, "piquet", ratings.player_key(w.alice.id)) is None
    assert await db.stats(w.guild.id, w.alice.id) == []
    page = last_said(await w.alice.slash(w.channel, "history", member=w.alice)).embeds[0]
    assert "**Piquet**" in page.description and table.id not in page.description  # named, no code
    assert page.footer.text.startswith("Page 1/1 · 1 match ·")
    assert PRACTICE in page.description and "rating" not in page.description  # no "rating - → - (-)"
    board = (await w.alice.slash(w.channel, "leaderboard", game="piquet")).response
    assert "alice" not in str([e.to_dict() for e in board.embeds]) + board.content


async def test_a_six_deal_partie_is_rated(world: Any) -> None:
    w = world
    table, msg = await open_table(w, "piquet", [w.alice], 1)
    assert table.state.options["deals"] == 6
    assert PRACTICE not in msg.embeds[0].description
    await finish(w, table)
    results = results_message(w, table).embeds[0].description
    assert PRACTICE not in results and "rating" in results
    assert all(r["rating_before"] is not None and r["rating_after"] is not None for r in table.result)
    assert len(await w.bot.db.top(w.guild.id, "piquet")) == 1
    assert await w.bot.db.top(w.guild.id, "piquet", humans=False)
