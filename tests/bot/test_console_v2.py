"""The hand console is a Components V2 message in every game (simcord checks Discord's limits on
every send and edit: 40 components, 4,000 characters, no content or embeds beside them): its words
in text displays, the hand image in one media gallery, the moves in action rows (a suit's cards on
rows of their own); a move from it is played, and the edited message stays V2."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.base import Action
from tests.bot.drive import act_on_hand, components, find, open_table, tree

V2 = 1 << 15
#: game, computers beside alice
GAMES = [("tarot", 3), ("tresillo", 2), ("piquet", 1), ("trio", 2), ("ecole", 2)]


def check_console(message: Any) -> None:
    """A V2 message: no content, no embed; its texts, one image, its controls in action rows."""
    assert message.flags.value & V2, "the console carries the Components V2 flag"
    assert not message.content and not message.embeds
    parts = tree(message)
    assert len(parts) <= 40 and sum(len(p.get("content", "")) for p in parts if p["type"] == 10) <= 4000
    top = [p["type"] for p in (c if isinstance(c, dict) else c.to_dict() for c in message.components)]
    assert top[0] == 10, "the console opens with its words"
    galleries = [p for p in parts if p["type"] == 12]
    assert len(galleries) == 1 and len(galleries[0]["items"]) == 1, "the cards: one media item"
    assert {p["type"] for p in parts} <= {1, 2, 3, 10, 12}
    assert not {2, 3} & set(top), "buttons and menus sit in action rows"
    for part in parts:
        if {2, 3} & {c["type"] for c in part.get("components", [])}:
            assert part["type"] == 1, part
    assert components(message), "the moves"


@pytest.mark.parametrize(("game", "computers"), GAMES, ids=[g for g, _ in GAMES])
async def test_the_console_is_a_v2_message_and_a_move_from_it_plays(world: Any, game: str, computers: int) -> None:
    w = world
    table, msg = await open_table(w, game, [w.alice], computers, **({} if game in ("trio", "ecole")
                                                                    else {"options": "deals=1"}))
    assert table.seats[table.to_act()].user_id == w.alice.id, "the computers played up to alice's turn"
    res = await w.alice.click(msg, label="My hand")
    hand = find(w.channel, res.response.id, viewer=w.alice)
    check_console(hand)
    assert hand.attachments and hand.attachments[0].filename == "hand.png"
    rev = table.rev
    await act_on_hand(w.alice, w.channel, hand, random.Random(49))
    assert table.rev > rev, "the move from the V2 console was played"
    again = find(w.channel, hand.id, viewer=w.alice)
    assert again.flags.value & V2 and not again.embeds, "its edit keeps the flag"
    if table.seats[table.to_act()].user_id == w.alice.id and table.status == "playing":
        check_console(again)


async def test_a_suit_s_cards_share_their_rows(world: Any) -> None:
    """Tarot's lead: every row of card buttons holds one suit (the trumps and the Excuse one group)."""
    w = world
    table, msg = await open_table(w, "tarot", [w.alice], 3, options="deals=1")
    rng = random.Random(3)
    for _ in range(40):
        res = await w.alice.click(msg, label="My hand")
        hand = find(w.channel, res.response.id, viewer=w.alice)
        legal = table.state.legal_actions(table.to_act())
        if all(a.kind == "play" for a in legal) and len(legal) > 5:
            break
        await act_on_hand(w.alice, w.channel, hand, rng)
    else:
        raise AssertionError("alice never had more than five cards to play")
    rows = [p for p in tree(hand) if p["type"] == 1]
    labels = {table.game.state_action_label(table.state, a, table.names(), "en"): a for a in legal}
    groups = [{table.game.action_group(labels[b["label"]], "en") for b in row["components"] if b["label"] in labels}
              for row in rows]
    played = [g for g in groups if g]
    assert all(len(g) == 1 for g in played), groups
    suits = {table.game.action_group(Action("play", a.arg), "en") for a in legal}
    assert len(played) >= len(suits), "a row per suit at least"
