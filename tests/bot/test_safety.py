"""Fairness and safety through the real Discord machinery (simcord): turns, seats, stale and forged
custom ids, hand privacy, restarts, the turn timer, the lobby's controls."""

from __future__ import annotations

import logging
import random
import re
from typing import Any

import pytest

from bot.infra import images
from bot.ui.ids import build_id
from tests.bot.drive import components, find, member_of, open_table, play_by_command, play_turn, text, tree


def said(res: Any) -> str:
    """The last thing the bot told the member: always private."""
    msgs = [*([res.response] if res.response else []), *res.followups]
    assert msgs and msgs[-1].ephemeral
    return msgs[-1].content


def shown(w: Any, member: Any, message_id: int) -> str:
    """The text of a private message as the member sees it now (hand messages are edited in place)."""
    return texts(find(w.channel, message_id, viewer=member))


def texts(message: Any) -> str:
    parts = [message.content]
    for e in message.embeds:
        d = e.to_dict()
        parts += [d.get("title", ""), d.get("description", ""), d.get("footer", {}).get("text", "")]
        parts += [f"{f['name']} {f['value']}" for f in d.get("fields", [])]
    parts += [c["content"] for c in tree(message) if c.get("type") == 10]  # a V2 message's texts
    return "\n".join(parts)


async def test_turns_seats_and_stale_ids(world: Any) -> None:
    w = world
    table, msg = await open_table(w, "toy", [w.alice, w.bob], 1)
    seat = table.to_act()
    actor = member_of(w, table, seat)
    other = w.bob if actor is w.alice else w.alice
    # not your turn: /play and a hand without buttons
    legal = table.state.legal_actions(seat)
    res = await other.slash(w.channel, "play", action=str(legal[0]))
    assert "not your turn" in said(res)
    res = await other.click(msg, label="My hand")
    assert res.ephemeral and not components(res.response)
    assert "Not your turn" in text(res.response)
    # unseated member
    for verb in ("My hand", "Vote to abort"):
        res = await w.dave.click(msg, label=verb)
        assert "not seated" in said(res)
    res = await w.dave.slash(w.channel, "hand")
    assert "not seated" in said(res)
    # a live hand follows /play; a click on a button of an older revision (an edit that could not
    # reach the message) redraws that message with the current hand and posts nothing
    res = await actor.click(msg, label="My hand")
    hand = find(w.channel, res.response.id, viewer=actor)
    old_id = components(hand)[0]["custom_id"]
    rev = table.rev
    await actor.slash(w.channel, "play", action=str(legal[0]))
    assert table.rev == rev + 1
    assert not components(find(w.channel, hand.id, viewer=actor)), "the live hand lost its buttons"
    while table.to_act() is not None and table.to_act() != seat:  # let the others play
        await play_turn(member_of(w, table, table.to_act()), w.channel, msg, random.Random(1))
    before = table.rev
    components(w.env.backend.get_message(w.channel.id, hand.id))[0]["custom_id"] = old_id
    res = await actor.click(hand, custom_id=old_id)
    assert not res.followups, "nothing new is posted"
    assert "table moved on" in shown(w, actor, hand.id)
    assert components(find(w.channel, hand.id, viewer=actor)), "the current hand's buttons are back"
    assert table.rev == before


async def test_forged_ids_change_nothing(world: Any) -> None:
    w = world
    table, msg = await open_table(w, "toy", [w.alice, w.bob], 0)
    actor = member_of(w, table, table.to_act())
    res = await actor.click(msg, label="My hand")
    hand = find(w.channel, res.response.id, viewer=actor)
    stored = w.env.backend.get_message(w.channel.id, hand.id)
    held = set(table.state.view(table.to_act())["hand"])
    not_held = next(c for c in ("7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS") if c not in held)
    forged = {
        build_id(table.id, table.rev, f"play:{not_held}"): "not allowed",
        build_id(table.id, table.rev, "bid:garde"): "Unknown action",
        build_id(table.id, table.rev, "#99"): "not available",
        build_id(table.id, table.rev, "~z"): "",
        build_id("zzzzzz", table.rev, "play:7S"): "no longer exists",  # last: the message loses its buttons
    }
    rev = table.rev
    for custom_id, expected in forged.items():
        stored = w.env.backend.get_message(w.channel.id, hand.id)
        components(stored)[0]["custom_id"] = custom_id
        res = await actor.click(hand, custom_id=custom_id)
        assert not res.followups, "the refusal is shown in the hand message itself"
        assert expected in shown(w, actor, hand.id)
        assert table.rev == rev
    assert not w.bot.unexpected


async def test_hand_privacy_for_every_member(world: Any, monkeypatch: pytest.MonkeyPatch,
                                             caplog: pytest.LogCaptureFixture) -> None:
    """Cards never in a public message, image or log line; each hand visible to its owner only."""
    w = world
    caplog.set_level(logging.DEBUG, logger="bot")
    drawn: list[tuple[str, dict[str, Any]]] = []
    for name in ("table_png", "recap_png", "hand_png"):
        real = getattr(images, name)

        def spy(view: dict[str, Any], *a: Any, _real: Any = real, _name: str = name, **k: Any) -> Any:
            drawn.append((_name, view))
            return _real(view, *a, **k)

        monkeypatch.setattr(images, name, spy)
    table, msg = await open_table(w, "toy", [w.alice, w.bob, w.carol], 1)
    rng = random.Random(5)
    seen_hands: set[str] = set()
    while table.status == "playing":
        held = {c for s in range(len(table.seats)) for c in table.state.view(s)["hand"]}
        seen_hands |= held
        pattern = re.compile(r"\b(" + "|".join(map(re.escape, held)) + r")\b") if held else None
        for m in w.channel.history():
            if not m.flags.ephemeral and pattern is not None:
                assert not pattern.search(texts(m)), f"held cards in a public message: {texts(m)!r}"
        for record in caplog.records:
            if pattern is not None:
                assert not pattern.search(record.getMessage()), record.getMessage()
        member = member_of(w, table, table.to_act())
        if rng.random() < 0.5:
            await play_turn(member, w.channel, msg, rng)
        else:
            await play_by_command(member, w.channel, rng)
    for kind, view in drawn:
        if kind == "hand_png":
            assert view["seat"] is not None
        else:
            assert view["seat"] is None and "hand" not in view
    # every ephemeral hand is seen by exactly one member: the one it was made for
    viewers: dict[int, set[int]] = {}
    for member in w.members:
        for m in w.channel.history(viewer=member):
            if m.flags.ephemeral:
                viewers.setdefault(m.id, set()).add(member.id)
    assert viewers and all(len(v) == 1 for v in viewers.values())
    for message_id, who in viewers.items():
        stored = w.env.backend.get_message(w.channel.id, message_id)
        assert stored.interaction_metadata is None or int(stored.interaction_metadata["user"]["id"]) in who


async def test_restart_mid_deal_keeps_old_buttons(world: Any, make_bot: Any) -> None:
    w = world
    table, msg = await open_table(w, "toy", [w.alice, w.bob], 1, options="deals=3")
    rng = random.Random(2)
    for _ in range(3):
        await play_turn(member_of(w, table, table.to_act()), w.channel, msg, rng)
    actor = member_of(w, table, table.to_act())
    res = await actor.click(msg, label="My hand")
    old_hand = find(w.channel, res.response.id, viewer=actor)
    rev, table_id = table.rev, table.id
    await w.env.restart_bot(await make_bot())
    restored = w.bot.service.registry.get(table_id)
    assert restored is not table and restored.rev == rev and restored.status == "playing"
    assert restored.state == table.state
    res = await actor.click(old_hand, custom_id=components(old_hand)[0]["custom_id"])
    assert restored.rev > rev, "a hand shown before the restart still plays"
    while restored.status == "playing":
        await play_turn(member_of(w, restored, restored.to_act()), w.channel, msg, rng)
    assert restored.status == "over"
    assert not w.bot.unexpected


async def test_turn_timer_takeover(world: Any) -> None:
    w = world
    res = await w.alice.slash(w.channel, "settings", timer=90)
    assert "90" in said(res)
    table, msg = await open_table(w, "toy", [w.alice, w.bob], 1, options="deals=5")
    seat = table.to_act()
    rev = table.rev
    await w.env.advance_time(89)
    assert table.rev == rev, "nothing happens before the timer runs out"
    await w.env.advance_time(1)
    assert table.rev > rev and table.seats[seat].missed == 1 and not table.seats[seat].away
    for _ in range(20):  # let the timer run out again and again: absent players lose their turn
        if any(s.away for s in table.seats):
            break
        await w.env.advance_time(90)
    away = next(i for i, s in enumerate(table.seats) if s.away)
    member = member_of(w, table, away)
    assert table.to_act() != away, "a computer plays an absent player's turns at once"
    res = await member.click(msg, label="My hand")
    assert "Welcome back" in shown(w, member, res.response.id)
    assert not table.seats[away].away and table.seats[away].missed == 0
    assert not w.bot.unexpected


async def test_a_member_who_missed_a_turn_then_plays_is_saved_as_present(world: Any) -> None:
    """The timer took one turn (missed 1, saved); the member's next move clears it in the saved seat
    too (a move writes its seat's row only when those flags change)."""
    w = world
    await w.alice.slash(w.channel, "settings", timer=90)
    table, msg = await open_table(w, "toy", [w.alice, w.bob], 1, options="deals=5")
    seat = table.to_act()
    await w.env.advance_time(90)
    assert table.seats[seat].missed == 1
    saved = {s["seat"]: s for s in (await w.bot.db.open_seats())[table.id]}
    assert saved[seat]["missed"] == 1
    for _ in range(10):
        if table.to_act() == seat:
            break
        await play_turn(member_of(w, table, table.to_act()), w.channel, msg, random.Random(1))
    assert table.to_act() == seat, "the turn came back to the member"
    rev = table.rev
    # by /play, not "My hand" (which clears the flags itself, reclaiming the seat)
    await play_by_command(member_of(w, table, seat), w.channel, random.Random(1))
    assert table.rev > rev and table.seats[seat].missed == 0
    saved = {s["seat"]: s for s in (await w.bot.db.open_seats())[table.id]}
    assert saved[seat]["missed"] == 0 and not saved[seat]["away"]
    assert not w.bot.unexpected


async def test_ping_once_per_turn(world: Any) -> None:
    w = world
    table, _msg = await open_table(w, "toy", [w.alice, w.bob], 1)
    pings = [m for m in w.channel.history() if "your turn" in m.content]
    assert len(pings) == 1
    stored = w.env.backend.get_message(w.channel.id, pings[0].id)
    assert stored.ping_user_ids == [table.seats[table.to_act()].user_id]
    await w.alice.slash(w.channel, "hand")  # asking for a hand does not ping again
    assert len([m for m in w.channel.history() if "your turn" in m.content]) == 1


async def test_lobby_controls(world: Any) -> None:
    w = world
    res = await w.alice.slash(w.channel, "table new", game="toy", seats=2)
    table = w.bot.service.registry.at(w.channel.id)
    lobby = find(w.channel, table.message_id)
    res = await w.alice.slash(w.channel, "table new", game="toy")
    assert "already open" in said(res)
    res = await w.alice.click(lobby, label="Join")
    assert "already seated" in said(res)
    res = await w.bob.click(lobby, label="Start")
    assert "Only the host (alice)" in said(res)
    res = await w.alice.click(lobby, label="Start")
    assert "at least 2" in said(res)
    await w.bob.click(lobby, label="Join")
    res = await w.carol.click(lobby, label="Join")
    assert "full" in said(res)
    assert "bob" in texts(find(w.channel, table.message_id))
    await w.bob.click(lobby, label="Leave")
    assert [s.name for s in table.seats] == ["alice"]
    await w.carol.click(lobby, label="Join")
    res = await w.bob.slash(w.channel, "table kick", member=w.carol)
    assert "Only the host" in said(res)
    await w.alice.slash(w.channel, "table kick", member=w.carol)
    assert [s.name for s in table.seats] == ["alice"]
    await w.alice.click(lobby, label="Cancel")
    assert table.status == "cancelled"
    assert not components(find(w.channel, table.message_id))
    # a table in a new thread, and several tables in one server
    res = await w.bob.slash(w.channel, "table new", game="toy", thread=True)
    thread = w.channel.threads[0]
    t2 = w.bot.service.registry.at(thread.id)
    assert t2 is not None and t2.host_id == w.bob.id and find(thread, t2.message_id)
    res = await w.alice.slash(w.channel, "table new", game="toy")
    assert w.bot.service.registry.at(w.channel.id) is not None and w.bot.service.registry.at(w.channel.id) is not t2


async def test_vote_abort_and_admin_reset(world: Any) -> None:
    w = world
    table, msg = await open_table(w, "toy", [w.alice, w.bob, w.carol], 0)
    res = await w.bob.click(msg, label="Vote to abort")
    assert "(1/2)" in said(res) and table.status == "playing"
    await w.carol.click(msg, label="Vote to abort")
    assert table.status == "cancelled"
    table, msg = await open_table(w, "toy", [w.alice, w.bob], 1)
    res = await w.bob.slash(w.channel, "table reset")
    assert "admins" in said(res) and table.status == "playing"
    res = await w.alice.slash(w.channel, "table reset")
    assert "1 table" in said(res) and table.status == "cancelled"


async def test_french_settings_and_rules(world: Any) -> None:
    w = world
    assert "settings" not in w.bob.available_commands(w.channel), "/settings is for admins"
    res = await w.alice.slash(w.channel, "settings", language="fr")
    assert "Langue\u00a0: Français" in said(res)
    res = await w.dave.slash(w.channel, "hand")  # private: Dave's own Discord language (simcord: en-US)
    assert said(res) == "There is no table in play here."
    res = await w.alice.slash(w.channel, "table new", game="toy")
    lobby = find(w.channel, w.bot.service.registry.at(w.channel.id).message_id)
    assert any(c.get("label") == "Rejoindre" for c in components(lobby))
    res = await w.alice.slash(w.channel, "rules", game="toy")
    assert res.ephemeral and "règles" in res.response.embeds[0].title


@pytest.mark.parametrize("locale", ["fr", "en"])
async def test_stale_message_localized(world: Any, discord_locales: dict[int, str], locale: str) -> None:
    w = world
    discord_locales.update({w.alice.id: locale, w.bob.id: locale})  # hands follow the member's language
    await w.alice.slash(w.channel, "settings", language=locale)
    table, msg = await open_table(w, "toy", [w.alice, w.bob], 0)
    actor = member_of(w, table, table.to_act())
    res = await actor.click(msg, label="Ma main" if locale == "fr" else "My hand")
    hand = find(w.channel, res.response.id, viewer=actor)
    old_id = components(hand)[0]["custom_id"]
    await play_turn(actor, w.channel, msg, random.Random(0))  # opens a second hand: the first is retired
    retired = find(w.channel, hand.id, viewer=actor)
    assert not components(retired)
    assert ("remplacée" if locale == "fr" else "replaced") in text(retired)
    w.env.backend.get_message(w.channel.id, hand.id).components = [
        {"type": 1, "components": [{"type": 2, "style": 1, "label": "x", "custom_id": old_id}]}]
    res = await actor.click(hand, custom_id=old_id)  # a retired message whose edit never arrived
    assert not res.followups
    expected = "La partie a avancé" if locale == "fr" else "The table moved on"
    assert expected in shown(w, actor, hand.id)


async def test_unexpected_error_gets_an_apology(world: Any, monkeypatch: pytest.MonkeyPatch,
                                                caplog: pytest.LogCaptureFixture) -> None:
    w = world
    table, _msg = await open_table(w, "toy", [w.alice, w.bob], 0)
    actor = member_of(w, table, table.to_act())

    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(w.bot.service, "act", broken)
    res = await actor.slash(w.channel, "play", action=str(table.state.legal_actions(table.to_act())[0]))
    assert "Sorry, something went wrong" in said(res)
    assert any(r.exc_info and "disk on fire" in str(r.exc_info[1]) for r in caplog.records)
    assert [str(e) for e in w.bot.unexpected] == ["disk on fire"]
    w.bot.unexpected.clear()


async def test_rules_pages(world: Any, monkeypatch: pytest.MonkeyPatch, toy: Any) -> None:
    w = world
    monkeypatch.setattr(type(toy), "rules_summary", lambda self, locale="fr": [f"page {i} {locale}" for i in range(3)])
    res = await w.bob.slash(w.channel, "rules", game="toy")
    page = res.response
    assert page.ephemeral and page.embeds[0].description == "page 0 en" and "(1/3)" in page.embeds[0].title
    await w.bob.click(page, label="Next")
    page = find(w.channel, page.id, viewer=w.bob)
    assert page.embeds[0].description == "page 1 en"
    await w.bob.click(page, label="Next")
    page = find(w.channel, page.id, viewer=w.bob)
    assert page.embeds[0].description == "page 2 en"
    assert next(c for c in components(page) if c["label"] == "Next").get("disabled")
    await w.bob.click(page, label="Previous")
    assert find(w.channel, page.id, viewer=w.bob).embeds[0].description == "page 1 en"
