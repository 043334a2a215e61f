"""Every image the bot uploads carries its description for screen readers:
Discord's attachment ``description``, at most 1,024 characters, saying in words what the image
shows (:mod:`rendering.alt_text`). Played end to end under simcord."""

from __future__ import annotations

from typing import Any

from tests.bot.drive import find, open_table
from tests.bot.test_history import finish


def described(message: Any, filename: str) -> str:
    found = [a for a in message.attachments if a.filename == filename]
    assert found, [a.filename for a in message.attachments]
    text = found[0].description
    assert text and len(text) <= 1024, (filename, text)
    return str(text)


async def test_table_hand_and_recap_images_are_described(world: Any) -> None:
    w = world
    table, msg = await open_table(w, "tarot", [w.alice], 3, options="deals=1")
    await w.bot.presenter.drain()
    msg = find(w.channel, table.message_id)
    text = described(msg, "table.png")
    assert text.startswith("Table picture") and all(name in text for name in table.names()), text
    res = await w.alice.click(msg, label="My hand")
    hand = find(w.channel, res.response.id, viewer=w.alice)
    text = described(hand, "hand.png")
    assert text.startswith("Your hand, 18 cards: (1) "), text
    await finish(w, table)
    recaps = [m for m in w.channel.history() if m.embeds and (m.embeds[0].title or "").startswith("Deal ")]
    assert recaps
    text = described(recaps[0], "recap.png")
    assert all(f"{name}: " in text for name in table.names()) and "this deal, total" in text, text


def test_an_image_without_description_is_a_fault() -> None:
    """The traffic watcher (autouse, every bot test) fails an image upload with no description."""
    import io

    import discord

    from tests.bot import traffic

    bare = discord.File(io.BytesIO(b"png"), filename="scoresheet.png")
    described_file = discord.File(io.BytesIO(b"png"), filename="scoresheet.png", description="Score sheet.")
    record = discord.File(io.BytesIO(b"{}"), filename="tapis-abc.json")
    assert traffic.faults(None, "POST", "/channels/1/messages", [bare]) == \
        ["POST /channels/1/messages: scoresheet.png has no description"]
    assert traffic.faults(None, "POST", "/channels/1/messages", [described_file, record]) == []


async def test_a_recap_too_tall_for_one_image_comes_in_described_pages(world: Any, monkeypatch: Any) -> None:
    """A recap taller than Discord's box (:data:`rendering.recap.TALLEST`, here made small so any
    recap is) comes as several images, each in its embed and described: the last with the changes."""
    from rendering import recap as recap_module

    monkeypatch.setattr(recap_module, "TALLEST", 360)
    w = world
    table, _ = await open_table(w, "tarot", [w.alice], 3, options="deals=1")
    await finish(w, table)
    recap = next(m for m in w.channel.history() if m.embeds and (m.embeds[0].title or "").startswith("Deal "))
    names = [a.filename for a in recap.attachments if a.filename.startswith("recap")]
    assert len(names) >= 2 and names[:2] == ["recap.png", "recap-2.png"], names
    assert [e.image.url.rpartition("/")[2] for e in recap.embeds[:len(names)]] == names
    first, last = described(recap, "recap.png"), described(recap, names[-1])
    assert f"{len(names)}/{len(names)}" in last and all(f"{name}: " in last for name in table.names()), last
    assert "this deal, total" not in first, first
