"""The hand's buttons: cards in the hand's order (Le Trio's engine lists them by card code), and a
give-up (Tresillo's "Je renonce") red, on a row of its own, confirmed in the same message before
it acts."""

from __future__ import annotations

import random
from typing import Any

from bot.service.facts import LazyState
from bot.service.table import SeatInfo, Table
from bot.ui import ids, views
from games import find_game
from games.base import Action, State


def _table(game: str, state: State) -> Table:
    seats = [SeatInfo(100 + i, f"p{i}") for i in range(state.seats)]
    return Table(id="hb0t01", guild_id=1, channel_id=2, thread_id=None, game=find_game(game), host_id=100,
                 seed="7", options={}, capacity=state.seats, seats=seats, status="playing", source=LazyState(state))


def _until(game: str, seats: int, wanted: Any, seed: int = 1, options: dict[str, Any] | None = None) -> State:
    g = find_game(game)
    rng = random.Random(seed)
    for n in range(50):
        state = g.new(seats, f"hb{seed}-{n}", {**g.playout_options, **(options or {})})
        for _ in range(2000):
            seat = state.to_act()
            if seat is None:
                break
            if wanted(state, seat):
                return state
            state = state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("no such position")


def _buttons(rows: views.Rows) -> list[dict[str, Any]]:
    return [dict(item, row=r) for r, row in enumerate(rows.to_components()) for item in row["components"]]


def test_le_trio_cards_in_the_hands_order() -> None:
    def many_cards(state: State, seat: int) -> bool:
        hand = state.view(seat)["hand"]
        cards = [a.arg for a in state.legal_actions(seat) if a.arg in hand]
        return len(cards) > 4 and cards != [c for c in hand if c in cards]

    state = _until("trio", 3, many_cards)
    seat = state.to_act()
    assert seat is not None
    hand, legal = state.view(seat)["hand"], state.legal_actions(seat)
    table = _table("trio", state)
    rows = views.hand_view(table, legal, 1, "fr", hand=hand)
    assert rows is not None
    items = _buttons(rows)
    shown = [legal[ids.parse_id(b["custom_id"]).index or 0].arg if ids.parse_id(b["custom_id"]).index is not None
             else Action.split(ids.parse_id(b["custom_id"]).action)[1] for b in items if "custom_id" in b]
    if items and items[0]["type"] == 3:  # a menu: its options' values are legal positions
        shown = [legal[int(o["value"])].arg for o in items[0]["options"]]
    cards = [c for c in shown if c in hand]
    assert cards == sorted(cards, key=hand.index), (cards, hand)
    assert cards != sorted(cards), "not the card codes' order"


def test_in_hand_order_keeps_other_actions_in_place() -> None:
    legal = [Action("play", "10D"), Action("pass"), Action("play", "2C"), Action("play", "6S")]
    got = views.in_hand_order(list(enumerate(legal)), ["6S", "2C", "10D"])
    assert [(i, a.arg or a.kind) for i, a in got] == [(3, "6S"), (1, "pass"), (2, "2C"), (0, "10D")]


def _renounce_position() -> State:
    return _until("tresillo", 3, lambda s, seat: any(a.kind == "renounce" for a in s.legal_actions(seat))
                  and any(a.kind == "play" for a in s.legal_actions(seat)))


def test_tresillo_give_up_is_red_apart_and_confirmed() -> None:
    state = _renounce_position()
    seat = state.to_act()
    assert seat is not None
    legal = state.legal_actions(seat)
    i = next(n for n, a in enumerate(legal) if a.kind == "renounce")
    table = _table("tresillo", state)
    rows = views.hand_view(table, legal, 1, "fr", hand=state.view(seat)["hand"])
    assert rows is not None
    items = _buttons(rows)
    give_up = [b for b in items if b.get("label") == "Je renonce"]
    assert len(give_up) == 1 and give_up[0]["style"] == 4, "red (danger)"
    assert ids.parse_id(give_up[0]["custom_id"]).action == f"~u{i}", "the click asks first"
    cards = [b for b in items if b is not give_up[0]]
    assert cards and all(b["style"] == 1 for b in cards)
    assert give_up[0]["row"] > max(b["row"] for b in cards), "on a row of its own, under the cards"

    asked = views.hand_view(table, legal, 1, "fr", views.confirm_group(f"~u{i}"))
    assert asked is not None
    first, back = _buttons(asked)
    assert first["label"] == "Confirmer\u00a0: Je renonce" and first["style"] == 4
    assert ids.parse_id(first["custom_id"]).action == "renounce"
    assert ids.parse_id(back["custom_id"]).action == "~u" and views.confirm_group("~u") is None
    # a confirmation opened for another position shows the plain buttons again
    assert views.hand_view(table, legal, 1, "fr", views.confirm_group("~u0" if i else "~u1")) is not None


async def test_the_give_up_click_asks_then_acts(world: Any) -> None:
    """In the bot: "Je renonce" (English "I renounce") changes nothing but the hand message, which
    asks; Back shows the cards again; the confirmation plays it."""
    from tests.bot.drive import components, find, open_table

    w = world
    table, table_msg = await open_table(w, "tresillo", [w.alice], 2, options="deals=15")
    seat = next(s for s, info in enumerate(table.seats) if not info.computer)
    rng = random.Random(5)
    for _ in range(900):
        await w.bot.service.computers.idle()
        legal = table.state.legal_actions(seat)
        if any(a.kind == "renounce" for a in legal) and any(a.kind == "play" for a in legal):
            break
        assert table.to_act() == seat, "the computers wait for her"
        bids = [a for a in legal if a.kind in ("bid", "declare", "consent")]
        await w.bot.service.act(table.id, w.alice.id, rng.choice(bids or legal))
    else:
        raise AssertionError("she never declared a contract she may renounce")
    res = await w.alice.click(table_msg, custom_id=ids.build_id(table.id, 0, "~h"))
    hand = find(w.channel, res.response.id, viewer=w.alice)
    give_up = next(c for c in components(hand) if c.get("style") == 4)
    rev = table.rev
    await w.alice.click(hand, custom_id=give_up["custom_id"])
    hand = find(w.channel, hand.id, viewer=w.alice)
    assert table.rev == rev, "the first click plays nothing"
    confirm, back = components(hand)
    assert confirm["style"] == 4 and confirm["label"].startswith("Confirm: ") and back["label"] == "Back"
    await w.alice.click(hand, custom_id=back["custom_id"])
    hand = find(w.channel, hand.id, viewer=w.alice)
    assert table.rev == rev and any(c.get("style") == 1 for c in components(hand)), "the cards again"
    await w.alice.click(hand, custom_id=next(c for c in components(hand) if c.get("style") == 4)["custom_id"])
    hand = find(w.channel, hand.id, viewer=w.alice)
    await w.alice.click(hand, custom_id=components(hand)[0]["custom_id"])
    assert table.rev > rev and table.state.log[rev] == "renounce"



def _walk(parts: Any) -> list[dict[str, Any]]:
    """Every component with a custom id, in the message's order."""
    if isinstance(parts, list):
        return [c for p in parts for c in _walk(p)]
    if not isinstance(parts, dict):
        return []
    return ([parts] if "custom_id" in parts else []) + _walk(parts.get("components") or [])


def test_le_trio_wilds_last_on_the_buttons_as_on_the_image() -> None:
    """The hand console passes the image's order (:func:`rendering.hand_order`: suits, then the
    wild 2s) to its buttons: a 2 the engine lists first (its code sorts first) comes last."""
    import rendering
    from bot.ui import hands

    def wild_to_discard(state: State, seat: int) -> bool:
        hand = state.view(seat)["hand"]
        discards = [a.arg for a in state.legal_actions(seat) if a.kind == "discard"]
        return 3 < len(discards) <= 12 and hand[0][:-1] == "2" and hand[0] in discards

    state = _until("trio", 3, wild_to_discard)
    seat = state.to_act()
    assert seat is not None
    view, legal = state.view(seat), state.legal_actions(seat)
    order = rendering.hand_order(view)
    assert order[-1][:-1] == "2" and order != view["hand"]
    payload = hands.hand_payload(_table("trio", state), view, legal, 1, "fr")
    shown = []
    for item in _walk(payload["view"].to_components()):
        if item.get("type") == 3:  # a menu: its options' values are legal positions
            shown += [legal[int(o["value"])].arg for o in item["options"] if o["value"].isdigit()]
        else:
            parsed = ids.parse_id(item["custom_id"])
            shown.append(legal[parsed.index].arg if parsed.index is not None else Action.split(parsed.action)[1])
    cards = [c for c in shown if c in order]
    assert cards and cards == sorted(cards, key=order.index), (cards, order)
    assert cards[-1][:-1] == "2", cards
