"""Input: options parsed strictly (an unknown yes/no value or a repeated key is refused
naming it; ASCII digits only), custom ids with ASCII digits only, and the ``/privacy`` export kept
under Discord's upload limit (a member with 80,000 moves)."""

from __future__ import annotations

import gzip
import json
from typing import Any

import pytest

from bot.service import privacy
from bot.service.table import BotError
from bot.ui import ids
from bot.ui.cogs.lobby import parse_options
from bot.ui.ids import parse_id
from games import find_game
from games.cards import Card
from games.errors import GameError
from tests.bot.test_privacy import last_said, read, verb_id

TAROT = find_game("tarot")


@pytest.mark.parametrize(("text", "value"), [("yes", True), ("oui", True), ("sí", True), ("Si", True), ("1", True),
                                             ("no", False), ("non", False), ("NO", False), ("off", False)])
def test_yes_no_in_every_language(text: str, value: bool) -> None:
    assert parse_options(TAROT, f"excuse_from_ecart={text}")["excuse_from_ecart"] is value


@pytest.mark.parametrize("text", ["maybe", "", "oui!", "sì", "2", "vrai"])
def test_an_unknown_yes_no_value_is_refused_naming_the_option(text: str) -> None:
    """It used to become False silently."""
    with pytest.raises(GameError, match=r"Option excuse_from_ecart: .* it takes yes or no"):
        parse_options(TAROT, f"excuse_from_ecart={text}")


def test_a_repeated_option_is_refused_naming_it() -> None:
    """The last one used to win (400 repeats were taken)."""
    with pytest.raises(BotError) as err:
        parse_options(TAROT, "deals=2, excuse_from_ecart=yes, deals=3")
    assert err.value.key == "repeated_option" and "deals" in str(err.value)
    with pytest.raises(BotError):
        parse_options(TAROT, ",".join(["deals=1"] * 400))


@pytest.mark.parametrize("text", ["٣", "３", "1_0", "³", "0x3", "3.0"])
def test_numbers_in_ascii_digits_only(text: str) -> None:
    """``int()`` reads "٣" (Arabic-Indic three) and "３" (full width) as 3: refused."""
    with pytest.raises(GameError, match=r"Option deals: .* it takes a whole number from 0 to 40"):
        parse_options(TAROT, f"deals={text}")
    assert parse_options(TAROT, "deals= 3 ")["deals"] == 3


def test_custom_ids_and_card_codes_take_ascii_digits_only() -> None:
    assert parse_id("tp:k3x9:٣:play:QH") is None and parse_id("tp:k3x9:3:play:QH") is not None
    assert parse_id("tp:k3x9:3:#٣").index is None and parse_id("tp:k3x9:3:#3").index == 3
    assert ids.number("٣") is None and ids.number("³") is None and ids.number("12") == 12
    assert Card.parse("T3").code == "T3"
    with pytest.raises(ValueError, match="is not a french card"):
        Card.parse("T٣")  # it was read as the 3 of trumps


# -- the export under the upload limit ----------------------------------------------------------

def member_data(actions: int) -> dict[str, Any]:
    return {"user_id": 42, "exported_at": "2026-11-27T00:00:00+00:00",
            "seats": [{"table_id": "t1", "seat": 0}], "results": [], "ratings": [], "tables_opened": [],
            "actions": [{"table_id": f"t{i // 300}", "rev": i % 300 + 1, "seat": 0, "action": f"play:{i % 97}",
                         "by_computer": 0, "at": "2026-11-27 00:00:00"} for i in range(actions)]}


def unpack(files: list[tuple[str, bytes]]) -> list[dict[str, Any]]:
    return [json.loads(gzip.decompress(raw) if name.endswith(".gz") else raw) for name, raw in files]


def test_a_large_export_is_compressed_or_split_never_cut() -> None:
    data = member_data(2000)
    assert [name for name, _ in privacy.export_files(data, "x")] == ["x.json"]
    raw = len(privacy.export_files(data, "x")[0][1])
    files = privacy.export_files(data, "x", limit=raw - 1)  # over the limit: compressed
    assert [name for name, _ in files] == ["x.json.gz"] and unpack(files) == [data]
    limit = len(files[0][1]) // 3  # still over: split, each part under the limit
    files = privacy.export_files(data, "x", limit=limit)
    assert len(files) >= 3 and all(len(raw) <= limit for _, raw in files)
    assert [name for name, _ in files] == [f"x-{i}-of-{len(files)}.json.gz" for i in range(1, len(files) + 1)]
    docs = unpack(files)
    assert [a for d in docs for a in d["actions"]] == data["actions"]
    assert docs[0]["seats"] == data["seats"] and all(d["parts"] == len(files) for d in docs)


async def test_the_export_of_a_member_with_80000_moves(world: Any) -> None:
    """About 12 MiB of JSON: Discord would refuse it (10 MiB), and the member got an apology."""
    w = world
    member = w.bob
    bot = w.bot
    table = await bot.service.create(guild_id=w.guild.id, channel_id=w.channel.id, thread_id=None,
                                     host_id=member.id, host_name="bob", game="tarot")
    await bot.service.cancel(table.id, member.id)
    async with bot.db.transaction() as conn:
        await conn.run_many("INSERT INTO actions (table_id, rev, seat, action, by_computer) VALUES (?, ?, 0, ?, 0)",
                            [(table.id, rev, f"play:{'QH' if rev % 2 else 'T21'}") for rev in range(1, 80_001)])
    data = await privacy.member_export(bot.db, member.id)
    assert len(data["actions"]) == 80_000
    assert len(json.dumps(data, ensure_ascii=False, indent=1).encode()) > 10 * 1024 * 1024

    res = await member.slash(w.channel, "privacy me")
    page = last_said(res)
    res = await member.click(page, custom_id=verb_id(page, "~ze"))
    sent = [m for m in [*([res.response] if res.response else []), *res.followups] if m.attachments]
    files = [(a.filename, await read(a)) for m in sent for a in m.attachments]
    assert all(len(raw) <= privacy.UPLOAD_LIMIT for _, raw in files)
    assert [name for name, _ in files] == [f"tapis-data-{member.id}.json.gz"]
    (back,) = unpack(files)
    assert len(back["actions"]) == 80_000 and back["seats"] == json.loads(json.dumps(data["seats"]))
