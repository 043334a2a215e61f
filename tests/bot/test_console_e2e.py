"""End-to-end: in every game, the table message's text names each seat with its score
and the cards on the trick, and the hand message names the step and the trick so far (in Le Trio
and L'École, which have no tricks: the card just drawn)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import games
from bot.service.i18n import tn
from bot.service.table_log import card_label
from bot.ui.ids import build_id
from tests.bot.drive import act_on_hand, find, member_of, open_table, text

MAX_TURNS = 400


def _moment(table: Any) -> bool:
    """A human to act with something on the trick (or, without tricks, after drawing a card)."""
    seat = table.to_act()
    if seat is None or table.seats[seat].computer:
        return False
    view = table.state.view(seat)
    return bool(view.get("trick")) if "trick" in view else bool(view.get("drawn"))


@pytest.mark.parametrize("game_name", sorted(games.GAMES))
async def test_table_and_hand_say_scores_step_and_trick(world: Any, game_name: str) -> None:
    w = world
    game = games.GAMES[game_name]
    computers = game.min_seats - 1 if game.min_seats > 2 else 1
    table, table_msg = await open_table(w, game_name, [w.alice], computers)
    rng = random.Random(game_name)
    for _ in range(MAX_TURNS):
        assert table.status == "playing"
        if _moment(table):
            break
        member = member_of(w, table, table.to_act())
        res = await member.click(table_msg, custom_id=build_id(table.id, 0, "~h"))
        await act_on_hand(member, w.channel, find(w.channel, res.response.id, viewer=member), rng)
    else:
        raise AssertionError("no turn with a trick under way (or a card drawn) came")
    await w.env.settle()
    await w.bot.presenter.drain()
    seat = table.to_act()
    public = table.state.view(None)
    names = table.names()

    embed = find(w.channel, table.message_id).embeds[0]
    seats_text = embed.fields[0].value
    for i, name in enumerate(names):
        line = next(x for x in seats_text.splitlines() if name in x)
        assert tn("en", "count.points", public["scores"][i]) in line, line
    trick = public.get("trick") or []
    for s, code in trick:
        assert f"{names[s]}: {card_label(game, code, 'en')}" in embed.description, embed.description
    if trick:
        assert f"({names[trick[0][0]]} led)" in embed.description

    res = await w.alice.click(table_msg, custom_id=build_id(table.id, 0, "~h"))
    hand = text(find(w.channel, res.response.id, viewer=w.alice))
    own = table.state.view(seat)
    assert game.phase_label(str(own["phase"]), "en") in hand.splitlines()[1], hand  # under the title
    for s, code in trick:
        assert f"{names[s]}: {card_label(game, code, 'en')}" in hand, hand
    if "trick" not in own:
        assert f"You just drew: {card_label(game, own['drawn'], 'en')}" in hand, hand
    assert "Match total:" in hand and all(name in hand for name in names)
