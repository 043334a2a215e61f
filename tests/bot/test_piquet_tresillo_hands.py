"""In the bot: a one-deal Piquet partie is accepted, the alcalde's hand tells the odds."""

from __future__ import annotations

from typing import Any

from tests.bot.drive import find, open_table
from tests.bot.drive import text as hand_text


async def test_piquet_deals_option_is_accepted(world: Any) -> None:
    table, _ = await open_table(world, "piquet", [world.alice], 1, options="deals=1")
    assert table.state.view(None)["deals"] == 1


async def test_the_alcalde_hand_shows_each_bet_with_its_stake(world: Any) -> None:
    table, msg = await open_table(world, "tresillo", [world.alice], 3, options="stake=20")
    seat = next(i for i, s in enumerate(table.seats) if s.user_id == world.alice.id)
    assert table.state.view(None)["alcalde"] == seat and table.to_act() == seat
    res = await world.alice.click(msg, label="My hand")
    text = hand_text(find(world.channel, res.response.id, viewer=world.alice))
    assert "Bet C: Codillo → +30 if right, −20 otherwise" in text
    assert "Bet J: the Joueur wins → +20 if right, −20 otherwise" in text
