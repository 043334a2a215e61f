"""Uploads within Discord's limits (10 MiB a file on servers without boosts, 10 files a message,
DISCORD.md): every export is split under the limit the way the privacy export is, and an upload
still over it is refused with one line before anything is sent."""

from __future__ import annotations

import gzip
import io
import json
from typing import Any

import discord
import pytest

from bot.service import privacy
from bot.service.table import BotError
from bot.ui import limits
from tests.bot.drive import open_table
from tests.bot.test_history import finish, last_said, read


def parts_of(files: dict[str, bytes], key: str) -> list[Any]:
    """The list ``key`` of an export split in parts, put back together in order."""
    out: list[Any] = []
    for name in sorted(files, key=lambda n: int(n.split("-")[-3])):
        out += json.loads(gzip.decompress(files[name]))[key]
    return out


async def test_a_match_export_over_the_limit_comes_in_parts(world: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """``/export`` of a record larger than the upload limit: its log in compressed parts, each
    under the limit, that put together give the whole log."""
    w = world
    table, _ = await open_table(w, "tarot", [w.alice, w.bob], 2, options="deals=2")
    await finish(w, table, seed=5)
    monkeypatch.setattr(privacy, "UPLOAD_LIMIT", 1500)
    res = await w.carol.slash(w.channel, "export", table=table.id)
    files = {a.filename: await read(a) for a in last_said(res).attachments}
    json_parts = {n: b for n, b in files.items() if n.endswith(".json.gz")}
    assert len(json_parts) >= 2, sorted(files)
    assert all(len(b) <= 1500 for b in json_parts.values())
    assert parts_of(json_parts, "log") == table.state.to_json()["log"]
    assert f"tapis-{table.id}.txt.gz" in files  # the text, compressed


async def test_an_upload_over_discords_limit_is_refused_in_one_line(world: Any,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A file still over Discord's limit is not sent: the member is told why, in one line."""
    w = world
    table, _ = await open_table(w, "toy", [w.alice, w.bob], 0)
    await finish(w, table)
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", 10)
    res = await w.alice.slash(w.channel, "export", table=table.id)
    said = last_said(res)
    assert not said.attachments
    assert "upload limit" in said.content and "\n" not in said.content


def test_the_event_export_splits_its_ranking() -> None:
    """An event's ranking over the limit: parts of it, each a document under the limit."""
    ranking = [{"place": i, "user_id": 10**17 + i * 7919, "name": f"member {i}", "score": i * 1.5}
               for i in range(3000)]
    data = {"event": "ev1", "name": "Friday", "ranking": ranking}
    files = dict(privacy.export_files(data, "event-ev1", limit=8000, split="ranking"))
    assert len(files) >= 2 and all(len(b) <= 8000 for b in files.values())
    assert parts_of(files, "ranking") == ranking


def test_check_upload_counts_files_and_bytes() -> None:
    """Ten files pass; an eleventh, or one byte over 10 MiB, is refused."""
    small = [discord.File(io.BytesIO(b"x"), filename=f"{i}.txt") for i in range(limits.MAX_FILES)]
    limits.check_upload(small)
    with pytest.raises(BotError, match="at most 10 files"):
        limits.check_upload([*small, discord.File(io.BytesIO(b"x"), filename="11.txt")])
    with pytest.raises(BotError, match="upload limit"):
        limits.check_upload([discord.File(io.BytesIO(b"x" * (limits.MAX_FILE_BYTES + 1)), filename="big")])
