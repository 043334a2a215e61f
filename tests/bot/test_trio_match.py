"""A whole Le Trio match with the rules' default options (all seven contracts) through the bot.

Random moves cannot finish seven contracts, so the human seat decides as a computer player would
(from its own private view) and plays each decision with ``/play``, like a person typing.
"""

from __future__ import annotations

import random
from typing import Any

import games
from games.base import Action
from tests.bot.drive import open_table


async def test_full_le_trio_match_with_computer_players(world: Any) -> None:
    w = world
    game = games.GAMES["trio"]
    table, _ = await open_table(w, "trio", [w.alice], 2)
    assert table.state.options == game.resolve_options()  # the rules' defaults: seven contracts
    thinker = game.computer_player()
    rng = random.Random(7)
    for _ in range(5000):
        if table.status != "playing":
            break
        seat = table.to_act()
        assert seat is not None and not table.seats[seat].computer
        legal = table.state.legal_actions(seat)
        choice: Action = thinker.choose(table.state.view(seat), legal, rng)
        res = await w.alice.slash(w.channel, "play", action=str(choice))
        assert res.ephemeral
    assert table.status == "over"
    final = table.state.view(None)
    assert final["phase"] == "over"
    assert final["last_contract"] == 7
    assert final["winners"] and all(final["contracts"][s] == 7 for s in final["winners"])
    assert final["deal_no"] >= 6, "seven contracts take at least seven rounds"
    results = [m for m in w.channel.history() if m.embeds and "final results" in (m.embeds[0].title or "")]
    assert len(results) == 1 and "alice" in results[0].embeds[0].description
    row = await w.bot.db.table(table.id)
    assert row["status"] == "over" and row["revision"] == table.rev
