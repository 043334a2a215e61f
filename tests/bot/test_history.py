"""After the match, end to end under simcord: score sheets in the recaps and the results,
``/replay`` of a finished Tarot match trick by trick (refused while in play), ``/export`` that
replays to the same final scores, the Rematch button, and ``/history`` paged with buttons."""

from __future__ import annotations

import io
import json
import os
import random
from typing import Any

import discord
import pytest
from discord import app_commands
from PIL import Image

import games
from bot.service.records import read_match, score_sheet
from bot.storage import match_results
from bot.ui.ids import build_id, parse_id
from bot.ui.translator import Translator
from rendering import scoresheet
from tests.bot.drive import components, find, member_of, open_table, play_by_command

pytestmark = pytest.mark.backends  # SQLite and PostgreSQL (tests/conftest.py)


@pytest.fixture(autouse=True)
def seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables deal from known seeds (the bot draws them at random), so a failure replays."""
    count = iter(range(10_000))
    base = os.environ.get("HISTORY_SEED", "history")
    monkeypatch.setattr("bot.service.tables.secrets.token_hex", lambda n: f"{base}-{next(count)}")


async def finish(w: Any, table: Any, seed: int = 1) -> None:
    """The members seated play random legal moves with /play until the match is over; the table
    messages are brought up to date after each move (every deal gets its recap)."""
    rng = random.Random(seed)
    for _ in range(3000):
        if table.status != "playing":
            break
        await play_by_command(member_of(w, table, table.to_act()), w.channel, rng)
        await w.bot.presenter.drain()
    assert table.status == "over"


def results_message(w: Any, table: Any) -> Any:
    found = [m for m in w.channel.history() if m.embeds and f"(table {table.id})" in (m.embeds[0].title or "")
             and "final results" in (m.embeds[0].title or "")]
    assert len(found) == 1
    return found[0]


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(data)).size


async def read(attachment: Any) -> bytes:
    data = attachment.read()
    if hasattr(data, "__await__"):
        data = await data
    return bytes(data)


async def test_score_sheet_in_every_recap_and_in_the_results(world: Any) -> None:
    w = world
    table, _ = await open_table(w, "tarot", [w.alice], 3, options="deals=2")
    await finish(w, table)
    history = w.channel.history()
    recaps = [m for m in history if m.embeds and (m.embeds[0].title or "").startswith("Deal ")]
    assert len(recaps) == 2
    # the first deal's recap carries the sheet; the last deal's sheet goes with the results
    first = next(m for m in recaps if m.embeds[0].title.startswith("Deal 1 "))
    assert [a.filename for a in first.attachments] == ["recap.png", "scoresheet.png"]
    assert first.embeds[1].title == "Score sheet" and first.embeds[1].image.url.endswith("scoresheet.png")
    last = next(m for m in recaps if m.embeds[0].title.startswith("Deal 2 "))
    assert [a.filename for a in last.attachments] == ["recap.png"]
    results = results_message(w, table)
    assert [a.filename for a in results.attachments] == ["scoresheet.png"]
    width, height = png_size(await read(results.attachments[0]))
    assert width == scoresheet.W and height > 300
    verbs = sorted(parse_id(c["custom_id"]).action for c in components(results))
    assert verbs == ["~d", "~e", "~w", "~yo"]  # the last deal's review, export, rematch, replay
    # the sheet is the engine's: its totals are the match's final scores
    sheet = score_sheet(read_match(table.state.to_json(), table.names(), "en"))
    assert [row["deal_no"] for row in sheet["rows"]] == [0, 1]
    assert sheet["scores"] == list(table.state.outcome().scores) and sheet["over"]


def last_said(res: Any) -> Any:
    """The last message the bot answered with (private here)."""
    msgs = [*([res.response] if res.response else []), *res.followups]
    assert msgs and msgs[-1].ephemeral
    return msgs[-1]


def verb_id(message: Any, action: str) -> str:
    return next(c["custom_id"] for c in components(message) if parse_id(c["custom_id"]).action == action)


async def test_replay_of_a_finished_tarot_match_shows_every_trick(world: Any) -> None:
    w = world
    table, _ = await open_table(w, "tarot", [w.alice], 3, options="deals=2")
    # in play: refused, hands stay hidden
    for command in ("replay", "export"):
        res = await w.bob.slash(w.channel, command, table=table.id)
        reply = last_said(res)
        assert "still in play" in reply.content and not reply.attachments
    await finish(w, table)
    plays = [a for a in table.state.log if a.startswith("play:")]
    res = await w.bob.slash(w.channel, "replay", table=table.id)
    msg = last_said(res)
    first = msg.embeds[0].footer.text
    total = int(first.split("/")[1].split()[0])
    assert first.startswith("Step 1/")
    headings, sizes = [], set()
    for n in range(total):
        msg = find(w.channel, msg.id, viewer=w.bob)
        assert msg.embeds[0].footer.text.startswith(f"Step {n + 1}/{total}")
        headings.append(msg.embeds[0].description.splitlines()[0].strip("*"))
        # the table and, apart, every hand (each legible on a phone), both described
        assert [a.filename for a in msg.attachments] == ["replay.png", "hands.png"]
        assert all(a.description and len(a.description) <= 1024 for a in msg.attachments)
        if n % 9 == 0:
            sizes.add(png_size(await read(msg.attachments[0]))[0])
        if n + 1 < total:
            res = await w.bob.click(msg, custom_id=verb_id(msg, "~yn"))
            assert not res.followups, "the replay is edited in place"
    tricks = [h for h in headings if ", trick " in h]
    assert len(tricks) == len(plays) // 4 == 36
    for deal in (1, 2):
        assert [h for h in headings if h.startswith(f"Deal {deal}, trick ")] == \
            [f"Deal {deal}, trick {k}" for k in range(1, 19)]
    assert headings[-1] == "The final table" and sizes == {640}  # the table legible on a phone
    buttons = {parse_id(c["custom_id"]).action: c for c in components(msg)}
    assert buttons["~yn"].get("disabled") and not buttons["~yp"].get("disabled")
    # back one step, then the deal menu jumps to the first deal's start
    await w.bob.click(msg, custom_id=verb_id(msg, "~yp"))
    msg = find(w.channel, msg.id, viewer=w.bob)
    assert msg.embeds[0].footer.text.startswith(f"Step {total - 1}/{total}")
    menu = next(c for c in components(msg) if c["type"] == 3)
    assert [o["label"].split(" · ")[0] for o in menu["options"]] == ["Deal 1", "Deal 2"]
    await w.bob.select(msg, [menu["options"][0]["value"]], custom_id=menu["custom_id"])
    msg = find(w.channel, msg.id, viewer=w.bob)
    assert msg.embeds[0].description.startswith("**Deal 1: the play begins**")
    # the Replay button under the results opens one more private replay
    res = await w.carol.click(results_message(w, table), custom_id=build_id(table.id, 0, "~yo"))
    assert last_said(res).embeds[0].footer.text.startswith(f"Step 1/{total}")


async def test_replay_and_export_refused_for_unknown_and_cancelled_tables(world: Any) -> None:
    w = world
    res = await w.alice.slash(w.channel, "replay", table="zzzzzz")
    assert "no table zzzzzz" in last_said(res).content
    table, _ = await open_table(w, "toy", [w.alice, w.bob], 0)
    await w.alice.slash(w.channel, "table cancel")
    for command in ("replay", "export"):
        res = await w.alice.slash(w.channel, command, table=table.id)
        assert "did not finish" in last_said(res).content


async def test_export_replays_to_the_same_final_scores(world: Any) -> None:
    w = world
    table, _ = await open_table(w, "tarot", [w.alice, w.bob], 2, options="deals=2")
    await finish(w, table, seed=5)
    res = await w.carol.slash(w.channel, "export", table=table.id)
    reply = last_said(res)
    files = {a.filename: await read(a) for a in reply.attachments}
    assert sorted(files) == [f"tapis-{table.id}.json", f"tapis-{table.id}.txt"]
    data = json.loads(files[f"tapis-{table.id}.json"])
    assert data["game"] == "tarot" and data["options"]["deals"] == 2 and data["seed"] == table.seed
    replayed = games.GAMES[data["game"]].load(data)
    stored = await match_results(w.bot.db, table.id)
    assert list(replayed.outcome().scores) == [r["score"] for r in stored] == list(table.state.outcome().scores)
    assert replayed.log == table.state.log
    text = files[f"tapis-{table.id}.txt"].decode()
    for needed in ("== Deal 1 ==", "== Deal 2 ==", "Hands dealt:", "Trick 18:", "== Final result ==", "alice", "bob"):
        assert needed in text
    for seat, score in enumerate(replayed.outcome().scores):
        place = replayed.outcome().places[seat] + 1
        assert f"{place}. {table.seats[seat].name}: {score:g}".replace("-", "\u2212") in text
    # the Export button under the results gives the same record
    res = await w.dave.click(results_message(w, table), custom_id=build_id(table.id, 0, "~e"))
    again = {a.filename: await read(a) for a in last_said(res).attachments}
    assert again == files


async def test_rematch_seats_the_same_members_with_the_same_options(world: Any) -> None:
    w = world
    table, _ = await open_table(w, "toy", [w.alice, w.bob, w.carol], 1, options="deals=1")
    await finish(w, table)
    results = results_message(w, table)
    rematch = build_id(table.id, 0, "~w")
    res = await w.dave.click(results, custom_id=rematch)
    assert "Only the players of table" in last_said(res).content
    res = await w.bob.click(results, custom_id=rematch)
    assert "Rematch" in last_said(res).content
    lobby = w.bot.service.registry.at(w.channel.id)
    assert lobby is not None and lobby.id != table.id and lobby.status == "lobby"
    assert lobby.host_id == w.bob.id and lobby.options == table.options and lobby.capacity == table.capacity
    old = [s.user_id for s in table.seats]
    assert [s.user_id for s in lobby.seats] == old[1:] + old[:1]  # same order, from the one who asked
    assert sorted(s.name for s in lobby.seats if s.computer) == ["Computer 1 (Normal)"]
    res = await w.alice.click(results, custom_id=rematch)
    assert "already open here" in last_said(res).content
    message = find(w.channel, lobby.message_id)
    assert all(n in message.embeds[0].fields[0].value for n in ("alice", "bob", "carol", "Computer 1"))
    await w.bob.click(message, custom_id=build_id(lobby.id, 0, "~s"))
    assert lobby.status == "playing" and lobby.seed != table.seed


async def test_history_lists_a_members_matches_paged(world: Any) -> None:
    w = world
    played = []
    for n in range(10):
        game_players = [w.alice, w.bob] if n % 2 == 0 else [w.alice, w.carol]
        table, _ = await open_table(w, "toy", game_players, 0, options="deals=1")
        await finish(w, table, seed=n)
        played.append(table)
    res = await w.dave.slash(w.channel, "history", member=w.alice)
    page = last_said(res)
    embed = page.embeds[0]
    assert embed.title == "Last matches of alice" and embed.footer.text.startswith("Page 1/2 · 10 matches")
    # no table code in the lines (named by game and date); the partners give the order, newest first
    newest = ["carol" if n % 2 else "bob" for n in reversed(range(10))]
    assert not any(t.id in embed.description for t in played)
    shown = [line.split()[-1] for line in embed.description.splitlines() if line.startswith("  ")]
    assert shown == newest[:8]
    first = embed.description.splitlines()[0]
    mine = next(r for r in played[-1].result if r["user_id"] == w.alice.id)
    assert f"place {mine['place'] + 1}/2" in first and f"{mine['score']:g} pts" in first and "rating" in first
    assert "with carol" in embed.description
    await w.dave.click(page, custom_id=verb_id(page, "~p>"))
    page = find(w.channel, page.id, viewer=w.dave)
    shown = [line.split()[-1] for line in page.embeds[0].description.splitlines() if line.startswith("  ")]
    assert shown == newest[8:] and page.embeds[0].footer.text.startswith("Page 2/2")
    # bob played the even matches only; another game has none
    res = await w.alice.slash(w.channel, "history", member=w.bob)
    assert last_said(res).embeds[0].footer.text.startswith("Page 1/1 · 5 matches")
    res = await w.alice.slash(w.channel, "history", game="tarot")
    assert "No finished match for alice" in last_said(res).embeds[0].description
    res = await w.carol.slash(w.channel, "history", game="toy")
    assert last_said(res).embeds[0].title == "Last Toy game matches of carol"


async def test_after_a_restart_the_buttons_still_work(world: Any, make_bot: Any) -> None:
    w = world
    table, _ = await open_table(w, "toy", [w.alice, w.bob], 0, options="deals=2")
    await finish(w, table)
    res = await w.carol.slash(w.channel, "replay", table=table.id)
    replay = last_said(res)
    results = results_message(w, table)
    await w.env.restart_bot(await make_bot())
    assert table.id not in w.bot.service.tables, "a finished table is read back from the database"
    await w.carol.click(replay, custom_id=verb_id(replay, "~yn"))
    assert find(w.channel, replay.id, viewer=w.carol).embeds[0].footer.text.startswith("Step 2/")
    res = await w.bob.click(results, custom_id=build_id(table.id, 0, "~w"))
    lobby = w.bot.service.registry.at(w.channel.id)
    assert lobby is not None and [s.user_id for s in lobby.seats] == [w.bob.id, w.alice.id]


async def test_history_commands_are_localized(simcord_bot: Any) -> None:
    await simcord_bot.load_extension("bot.ui.cogs.history")
    translator = Translator()
    names = set()
    for cmd in simcord_bot.tree.get_commands():
        names.add(cmd.qualified_name)
        for text, limit in ((cmd.name, 32), (cmd.description, 100)):
            fr = await translator.translate(app_commands.locale_str(text), discord.Locale.french, None)
            assert fr and len(fr) <= limit and len(text) <= limit, text
        for param in cmd.parameters:
            for text in (param.name, param.description):
                assert await translator.translate(app_commands.locale_str(text), discord.Locale.french, None), text
    assert names == {"history", "replay", "export"}
    french = [await translator.translate(app_commands.locale_str(n), discord.Locale.french, None)
              for n in ("history", "replay")]
    assert french == ["historique", "revoir"]


def test_a_table_known_by_its_id_alone_is_not_named_by_its_code() -> None:
    """A table closed before a restart is remembered by id and status only: its refusal says
    "this table", never the code."""
    from bot.service.registry import Registry
    from bot.service.table import BotError

    registry = Registry()
    registry.remember("k3x9qz", "over")
    registry.remember("p2m7wd", "cancelled")
    for code, word in (("k3x9qz", "terminée"), ("p2m7wd", "annulée")):
        with pytest.raises(BotError) as refused:
            registry.get(code)
        for locale in ("fr", "en", "es"):
            assert code not in refused.value.localized(locale)
        assert word in refused.value.localized("fr")
