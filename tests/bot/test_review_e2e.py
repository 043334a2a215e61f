"""The "Analyse" button under a deal's recap and the final results: a seated member's own decisions
weighed, privately; made once and kept (a second view, or a restart, asks no worker); anyone not
seated, or a deal still in play, refused."""

from __future__ import annotations

from typing import Any

from bot.ui.ids import parse_id
from tests.bot.drive import components, open_table
from tests.bot.test_history import finish, last_said, results_message


def review_id(message: Any) -> str:
    return next(c["custom_id"] for c in components(message) if parse_id(c["custom_id"]).action == "~d")


def recaps(w: Any) -> list[Any]:
    return [m for m in w.channel.history() if m.embeds and (m.embeds[0].title or "").startswith("Deal ")
            and (m.embeds[0].title or "").endswith(" is over.")]


def count_steps(w: Any) -> list[str]:
    """The review steps the computer workers are asked for, counted."""
    thinker = w.bot.service.computers.thinker
    asked: list[str] = []
    real = thinker.review_step

    async def counted(game: str, reviewer: bytes) -> bytes:
        asked.append(game)
        return await real(game, reviewer)

    thinker.review_step = counted
    return asked


async def test_a_member_reviews_their_deal_once_and_others_are_refused(world: Any) -> None:
    w = world
    w.bot.reviews.samples = 20
    table, _ = await open_table(w, "piquet", [w.alice, w.bob], 0, options="deals=2")
    asked = count_steps(w)
    await finish(w, table)
    first = next(m for m in recaps(w) if parse_id(review_id(m)).rev == 0)  # the first deal's recap
    said = last_said(await w.alice.click(first, custom_id=review_id(first)))
    text = said.embeds[0].title + "\n" + said.embeds[0].description
    assert "Review of deal 1: alice" in text and "Accuracy: " in text and "%" in text, text
    assert "expert computer from your own information" in text
    steps = len(asked)
    assert steps > 0, "weighed in the computer workers"
    again = last_said(await w.alice.click(first, custom_id=review_id(first)))
    assert again.embeds[0].description == said.embeds[0].description and len(asked) == steps, "kept, not made again"

    results = results_message(w, table)
    last = table.facts.ended[-1]  # (a Piquet deal can be dealt again: the numbers run on)
    assert parse_id(review_id(results)).rev == last, "the results carry the last deal's review"
    bob = last_said(await w.bob.click(results, custom_id=review_id(results)))
    assert f"Review of deal {last + 1}: bob" in bob.embeds[0].title
    carol = last_said(await w.carol.click(results, custom_id=review_id(results)))
    assert "Only the players of this table" in (carol.content or carol.embeds[0].description or "")


async def test_a_review_is_kept_across_a_restart(world: Any, tmp_path: Any) -> None:
    w = world
    w.bot.reviews.samples = 20
    table, _ = await open_table(w, "piquet", [w.alice, w.bob], 0, options="deals=1")
    await finish(w, table)
    results = results_message(w, table)
    said = last_said(await w.alice.click(results, custom_id=review_id(results)))
    kept = await w.bot.reviews.store.get(table.id, 0, table.seat_of(w.alice.id))
    assert kept is not None and kept[0] == 20
    w.bot.reviews.making.clear()
    asked = count_steps(w)
    w.bot.service.tables.pop(table.id, None)  # as after a restart: read from the saved match
    again = last_said(await w.alice.click(results, custom_id=review_id(results)))
    assert again.embeds[0].description == said.embeds[0].description and asked == []


async def test_a_deal_in_play_is_not_reviewed(world: Any) -> None:
    """The deal of a table in play (an id typed by hand: no message carries it) is refused."""
    import pytest

    from bot.service.table import BotError
    from bot.ui.cogs.review import ReviewCog

    w = world
    table, _ = await open_table(w, "piquet", [w.alice, w.bob], 0, options="deals=2")
    cog = w.bot.get_cog("ReviewCog")
    assert isinstance(cog, ReviewCog)
    asking = type("Interaction", (), {"guild_id": w.guild.id})()
    with pytest.raises(BotError, match="is not over"):
        await cog._deal(asking, table.id, 0)  # type: ignore[arg-type]
    with pytest.raises(BotError):
        await cog._deal(type("Interaction", (), {"guild_id": 1})(), table.id, 0)  # type: ignore[arg-type]
