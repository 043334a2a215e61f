"""Members' data under simcord: ``/privacy me`` shows, exports and erases what Tapis stores
about a member (no trace of their id or name left in the database file, WAL included; replays,
history and leaderboards still work); a member seated in a match gives the seat to a computer;
``/privacy server`` for admins; a server's data deleted 30 days after the bot was removed."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
from typing import Any

import pytest

from bot.service import privacy
from bot.storage import checkpoint, history
from bot.ui import replay
from bot.ui.ids import parse_id
from tests.bot.drive import components, find, open_table, play_by_command

pytestmark = pytest.mark.backends  # SQLite and PostgreSQL (tests/conftest.py)

NAME = "zephyrine_quokka"  # a name found nowhere else in the file


@pytest.fixture(autouse=True)
def seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    count = iter(range(10_000))
    monkeypatch.setattr("bot.service.tables.secrets.token_hex", lambda n: f"privacy-{next(count)}")


def last_said(res: Any) -> Any:
    msgs = [*([res.response] if res.response else []), *res.followups]
    assert msgs and msgs[-1].ephemeral
    return msgs[-1]


def verb_id(message: Any, action: str) -> str:
    return next(c["custom_id"] for c in components(message) if parse_id(c["custom_id"]).action == action)


async def finish(w: Any, table: Any, members: list[Any], seed: int = 1) -> None:
    rng = random.Random(seed)
    by_id = {m.id: m for m in members}
    for _ in range(3000):
        if table.status != "playing":
            break
        await play_by_command(by_id[table.seats[table.to_act()].user_id], w.channel, rng)
        await w.bot.presenter.drain()
    assert table.status == "over"


async def read(attachment: Any) -> bytes:
    data = attachment.read()
    if hasattr(data, "__await__"):
        data = await data
    return bytes(data)


async def traces(bot: Any, user_id: int, name: str) -> list[str]:
    """Where the member's id or name still shows in the database: every column of every table, then
    on SQLite the raw bytes of the file and its WAL (decimal text, SQLite's 8-byte integer, UTF-8 name)."""
    found = []
    async with bot.db.transaction() as conn:
        sqlite = conn.dialect == "sqlite"
        tables = [r["name"] for r in await conn.fetch_all(
            "SELECT name FROM sqlite_master WHERE type = 'table'" if sqlite else
            "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'")]
        for table in tables:
            for row in await conn.fetch_all(f"SELECT * FROM {table}"):
                for column, value in row.items():
                    if value == user_id or (isinstance(value, str) and (str(user_id) in value or name in value)):
                        found.append(f"{table}.{column}")
    if not sqlite:
        return found
    path = bot.settings.database_path
    needles = (str(user_id).encode(), user_id.to_bytes(8, "big"), name.encode())
    for file in (path, path.with_name(path.name + "-wal")):
        if file.exists():
            raw = file.read_bytes()
            found += [f"{file.name} bytes {needle!r}" for needle in needles if needle in raw]
    return found


@pytest.fixture
def secure_delete_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """An SQLite build whose ``secure_delete`` default is off (upstream's default; Debian's build
    turns it on): every connection opened during the test starts with it off, as it would there."""
    real = sqlite3.connect

    def connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        conn = real(*args, **kwargs)
        conn.execute("PRAGMA secure_delete = OFF")
        return conn

    monkeypatch.setattr(sqlite3, "connect", connect)


async def test_privacy_me_exports_then_erases_without_a_trace(secure_delete_off: None, world: Any) -> None:
    """Whatever the SQLite build's default, every connection zeroes what it frees: the lobby's seat
    rewrites, the vacating and the erasure leave no trace of the member in the file."""
    w = world
    zeph = w.guild.add_member(w.env.create_user(NAME))
    table, _ = await open_table(w, "tarot", [w.alice, zeph], 1, options="deals=1")
    await finish(w, table, [w.alice, zeph])
    before = {r["seat"]: r for r in await w.bot.archive.results(table.id)}
    alice_rating = await w.bot.db.rating(w.guild.id, "tarot", f"u{w.alice.id}")
    sqlite = w.bot.db.dialect == "sqlite"
    if sqlite:
        assert sqlite3.connect(":memory:").execute("PRAGMA secure_delete").fetchone() == (0,), "the build's default"
        async with w.bot.db.transaction() as conn:
            assert await conn.scalar("PRAGMA secure_delete") == 1, "Tapis turns it on"
    await checkpoint(w.bot.db)
    assert await traces(w.bot, zeph.id, NAME), "the member is stored before the erasure"

    res = await zeph.slash(w.channel, "privacy me")
    page = last_said(res)
    text = page.embeds[0].description
    assert page.embeds[0].title == f"What Tapis stores about {NAME}"
    assert "**1 table seat**" in text and "**1 match result** and **1 rating**" in text
    assert "30 days" in text
    seat = table.seat_of(zeph.id)
    moves = sum(1 for a in await w.bot.db.actions(table.id) if a["seat"] == seat and not a["by_computer"])
    assert f"**{moves} moves** you played" in text and moves > 5

    res = await zeph.click(page, custom_id=verb_id(page, "~ze"))
    reply = last_said(res)
    assert reply.attachments[0].filename == f"tapis-data-{zeph.id}.json"
    data = json.loads(await read(reply.attachments[0]))
    assert [(s["table_id"], s["seat"], s["name"], s["host"]) for s in data["seats"]] == [(table.id, seat, NAME, False)]
    assert len(data["actions"]) >= moves and {a["seat"] for a in data["actions"]} == {seat}
    assert [r["score"] for r in data["results"]] == [before[seat]["score"]]
    assert [(r["game"], r["player_key"]) for r in data["ratings"]] == [("tarot", f"u{zeph.id}")]

    # the erasure asks first; Keep erases nothing
    await zeph.click(page, custom_id=verb_id(page, "~zx"))
    page = find(w.channel, page.id, viewer=zeph)
    assert page.content.startswith("Erase your data on every server?") and not page.embeds
    await zeph.click(page, custom_id=verb_id(page, "~zn"))
    assert find(w.channel, page.id, viewer=zeph).content == "Nothing was erased."
    assert await w.bot.db.rating(w.guild.id, "tarot", f"u{zeph.id}") is not None

    # seated in a lobby when erasing: vacating rewrites its seats without the member's row
    lobby = await w.bot.service.create(guild_id=w.guild.id, channel_id=w.channel.id, thread_id=None,
                                       host_id=w.alice.id, host_name="alice", game="tarot")
    await w.bot.service.join(lobby.id, zeph.id, NAME)
    await checkpoint(w.bot.db)
    res = await zeph.slash(w.channel, "privacy me")
    page = last_said(res)
    await zeph.click(page, custom_id=verb_id(page, "~zx"))
    page = find(w.channel, page.id, viewer=zeph)
    await zeph.click(page, custom_id=verb_id(page, "~zy"))
    assert not lobby.seated(zeph.id) and len(lobby.seats) == 1
    assert find(w.channel, page.id, viewer=zeph).content.startswith("Done: your data is erased")

    await checkpoint(w.bot.db)
    assert await traces(w.bot, zeph.id, NAME) == []
    # past match: replayable, the member is "Former player", everyone else's lines untouched
    after = {r["seat"]: r for r in await w.bot.archive.results(table.id)}
    assert after[seat]["name"] == "Former player" and after[seat]["user_id"] is None
    assert after[seat]["score"] == before[seat]["score"]
    for s, row in before.items():
        if s != seat:
            assert after[s] == row
    fin = await replay.finished(w.bot, table.id, w.guild.id)
    assert fin.names[seat] == "Former player" and fin.user_ids[seat] is None
    res = await w.alice.slash(w.channel, "replay", table=table.id)
    assert last_said(res).embeds[0].footer.text.startswith("Step 1/")
    res = await w.alice.slash(w.channel, "export", table=table.id)
    record = {a.filename: await read(a) for a in last_said(res).attachments}
    assert b"Former player" in record[f"tapis-{table.id}.txt"] and NAME.encode() not in record[f"tapis-{table.id}.txt"]
    # leaderboard and history: alice keeps her rating; the member is gone from the standings
    assert await w.bot.db.rating(w.guild.id, "tarot", f"u{w.alice.id}") == alice_rating
    assert [r.player_key for r in await w.bot.db.top(w.guild.id, "tarot")] == [f"u{w.alice.id}"]
    res = await w.alice.slash(w.channel, "leaderboard", game="tarot")
    assert res.response.attachments
    rows, total = await history(w.bot.db, w.guild.id, w.alice.id)
    assert total == 1 and "Former player" in [p["name"] for p in rows[0]["players"]]
    assert await history(w.bot.db, w.guild.id, zeph.id) == ([], 0)
    # the summary now shows nothing
    res = await zeph.slash(w.channel, "privacy me")
    assert "**0 table seats**" in last_said(res).embeds[0].description


async def test_a_member_in_play_gives_the_seat_to_a_computer(world: Any) -> None:
    w = world
    table, _ = await open_table(w, "toy", [w.alice, w.bob, w.carol], 0, options="deals=2")
    seat = table.seat_of(w.bob.id)
    page = last_said(await w.bob.slash(w.channel, "privacy me"))
    await w.bob.click(page, custom_id=verb_id(page, "~zx"))
    page = find(w.channel, page.id, viewer=w.bob)
    assert f"open table ({table.id})" in page.content and "a computer takes your seat" in page.content
    await w.bob.click(page, custom_id=verb_id(page, "~zy"))
    assert table.status == "playing" and table.seats[seat].computer and table.seats[seat].name == "Computer 1"
    assert not table.seated(w.bob.id)
    saved = await w.bot.db.seats(table.id)
    assert saved[seat]["user_id"] is None and all(s["user_id"] != w.bob.id for s in saved)
    # the match goes on: the computer plays that seat, the others finish it
    await finish(w, table, [w.alice, w.carol])
    assert [r["user_id"] for r in table.result][seat] is None
    await checkpoint(w.bot.db)
    assert await traces(w.bot, w.bob.id, "bob") == []


async def test_a_lobby_host_who_erases_cancels_the_lobby(world: Any) -> None:
    w = world
    await w.bob.slash(w.channel, "table new", game="toy")
    lobby = w.bot.service.registry.at(w.channel.id)
    assert lobby is not None and lobby.host_id == w.bob.id
    assert await privacy.vacate(w.bot.service, w.bob.id) == [lobby.id]
    assert lobby.status == "cancelled"
    assert await privacy.erase_member(w.bot.service, w.bob.id) > 0
    row = await w.bot.db.table(lobby.id)
    assert row["host_id"] == 0 and (await w.bot.db.seats(lobby.id))[0]["name"] == "Former player"


async def test_erasure_refused_while_still_seated(world: Any) -> None:
    w = world
    table, _ = await open_table(w, "toy", [w.alice, w.bob], 0)
    with pytest.raises(Exception, match="still seated"):
        await privacy.erase_member(w.bot.service, w.bob.id)
    assert table.seated(w.bob.id) and (await w.bot.db.seats(table.id))[1]["user_id"] == w.bob.id


async def count_rows(db: Any, guild_id: int) -> dict[str, int]:
    return await privacy.guild_summary(db, guild_id)


async def test_privacy_server_admins_only_and_erases_this_server(world: Any) -> None:
    w = world
    table, _ = await open_table(w, "toy", [w.alice, w.bob], 1, options="deals=1")
    await finish(w, table, [w.alice, w.bob])
    await open_table(w, "toy", [w.carol, w.dave], 0)  # one still in play
    await w.bot.service.set_prefs(w.guild.id, locale="en")
    other = await w.bot.service.create(guild_id=77, channel_id=78, thread_id=None, host_id=w.bob.id,
                                       host_name="bob", game="toy")
    res = await w.bob.slash(w.channel, "privacy server")
    assert "admins" in last_said(res).content.lower()
    page = last_said(await w.alice.slash(w.channel, "privacy server"))
    n = await count_rows(w.bot.db, w.guild.id)
    assert n["tables"] == 2 and n["members"] == 4 and n["results"] == 3 and n["settings"] == 1
    assert f"**{n['tables']} tables** with **{n['actions']} moves**" in page.embeds[0].description
    await w.alice.click(page, custom_id=verb_id(page, "~zs"))
    page = find(w.channel, page.id, viewer=w.alice)
    assert page.content.startswith("Erase every table")
    await w.alice.click(page, custom_id=verb_id(page, "~zt"))
    assert find(w.channel, page.id, viewer=w.alice).content.startswith("Done: this server's data is erased")
    assert set((await count_rows(w.bot.db, w.guild.id)).values()) == {0}
    assert w.bot.service.registry.at(w.channel.id) is None
    assert (await count_rows(w.bot.db, 77))["tables"] == 1 and w.bot.service.registry.get(other.id).open
    await checkpoint(w.bot.db)
    if w.bot.db.dialect == "sqlite":
        raw = w.bot.settings.database_path.read_bytes()
        assert table.id.encode() not in raw and other.id.encode() in raw
    assert await w.bot.db.table(table.id) is None and await w.bot.db.table(other.id) is not None


async def test_a_removed_server_is_forgotten_after_the_retention(world: Any) -> None:
    w = world
    table, _ = await open_table(w, "toy", [w.alice, w.bob], 1, options="deals=1")
    await finish(w, table, [w.alice, w.bob])
    await open_table(w, "toy", [w.carol, w.dave], 0)
    service = w.bot.service
    now = 1_000_000.0
    service.clock = lambda: now
    assert await service.housekeeping.purge_departed() == [] and service.departures.known == {}  # read once, then kept in memory
    w.env.backend.remove_guild(w.guild.id)
    await w.env.settle()
    async with w.bot.db.transaction() as conn:
        rows = await conn.fetch_all("SELECT guild_id, left_at FROM guild_departures")
    assert [(r["guild_id"], r["left_at"]) for r in rows] == [(w.guild.id, now)]
    assert service.departures.known == {w.guild.id: now}
    day = 86400.0
    service.clock = lambda: now + 29 * day
    assert await service.housekeeping.purge_departed() == []
    assert (await count_rows(w.bot.db, w.guild.id))["tables"] == 2
    service.clock = lambda: now + 30 * day
    assert await service.housekeeping.purge_departed() == [w.guild.id]
    assert set((await count_rows(w.bot.db, w.guild.id)).values()) == {0}
    assert not [tb for tb in service.tables.values() if tb.guild_id == w.guild.id]


async def test_a_server_that_takes_the_bot_back_keeps_its_data(world: Any) -> None:
    w = world
    table, _ = await open_table(w, "toy", [w.alice, w.bob], 1, options="deals=1")
    await finish(w, table, [w.alice, w.bob])
    await privacy.guild_left(w.bot.service, w.guild.id, 0.0)
    w.bot.dispatch("guild_join", w.bot.get_guild(w.guild.id))
    await w.env.settle()
    for _ in range(100):  # the handler's transaction may still be on its way to a database server
        if not await privacy.departures(w.bot.db):
            break
        await asyncio.sleep(0.05)
    assert await w.bot.service.housekeeping.purge_departed() == []
    assert (await count_rows(w.bot.db, w.guild.id))["results"] == 3


def test_privacy_buttons_belong_to_their_member_or_the_servers_admins() -> None:
    from bot.ui.cogs.privacy import refusal

    member, other, guild = 11, 12, 99
    for verb in ("~ze", "~zx", "~zy", "~zn"):
        assert refusal(verb, member, member, guild, False) is None
        assert refusal(verb, member, other, guild, True) == "privacy_not_yours"
    for verb in ("~zs", "~zt", "~zn"):
        assert refusal(verb, guild, member, guild, True) is None
        assert refusal(verb, guild, member, guild, False) == "not_admin"
    assert refusal("~zt", 98, member, guild, True) == "not_admin"  # another server's button
