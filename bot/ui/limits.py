"""Discord's text limits, and the helpers that keep every outgoing text within them.

A message over a limit is refused by Discord (HTTP 400): the player would be left on "thinking…"
with no answer. So texts are cut (with "…") before they are sent, and user input echoed in an
error message (``Unknown action '<5,000 characters>'``) is shortened to :data:`ECHO` characters.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

import discord

from bot.service.table import BotError

CONTENT = 2000
TITLE = 256
DESCRIPTION = 4096
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
AUTHOR = 256
EMBED_TOTAL = 6000
SELECT_LABEL = 100
BUTTON_LABEL = 80
PLACEHOLDER = 150
ECHO = 100  # at most this many characters of a user's input are repeated back
ELLIPSIS = "…"
#: Discord's uploads on a server without boosts: each file at most 10 MiB, at most 10 files a message
MAX_FILE_BYTES = 10 * 1024 * 1024
MAX_FILES = 10


_LIST_ITEM = re.compile(r"^(\s*\d+)\.(?=\s)")


def ranked(line: str) -> str:
    """A ranking line starting "3. ": its dot escaped, or Discord's Markdown makes the lines an
    ordered list and renumbers them (tied places "3, 3, 3" shown as "3, 4, 5")."""
    return _LIST_ITEM.sub(r"\1\\.", line, count=1)


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, ending with "…" when cut."""
    return text if len(text) <= limit else text[: max(limit - 1, 0)] + ELLIPSIS


def fit_embed(embed: discord.Embed) -> discord.Embed:
    """Cut an embed's texts (in place) to Discord's limits, the 6,000 total included."""
    if embed.title:
        embed.title = clip(embed.title, TITLE)
    if embed.description:
        embed.description = clip(embed.description, DESCRIPTION)
    for i, f in enumerate(embed.fields):
        embed.set_field_at(i, name=clip(str(f.name), FIELD_NAME), value=clip(str(f.value), FIELD_VALUE),
                           inline=bool(f.inline))
    if embed.footer.text:
        embed.set_footer(text=clip(embed.footer.text, FOOTER), icon_url=embed.footer.icon_url)
    if embed.author.name:
        embed.set_author(name=clip(embed.author.name, AUTHOR), url=embed.author.url, icon_url=embed.author.icon_url)
    over = len(embed) - EMBED_TOTAL
    if over > 0 and embed.description:
        embed.description = clip(embed.description, max(len(embed.description) - over, 1))
    while len(embed) > EMBED_TOTAL and embed.fields:
        embed.remove_field(-1)
    return embed


def user_inputs(data: Mapping[str, Any] | None) -> list[str]:
    """Every text a user supplied in an interaction's data: option values, menu values, custom_id."""
    found: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, Mapping):
            for key in ("value", "custom_id"):
                if isinstance(node.get(key), str):
                    found.append(node[key])
            for key in ("options", "values"):
                walk(node.get(key))
        elif isinstance(node, list):
            for item in node:
                if isinstance(item, str):
                    found.append(item)
                else:
                    walk(item)

    walk(data)
    return found


def shorten_echo(text: str, inputs: Iterable[str], limit: int = ECHO) -> str:
    """``text`` with every run longer than ``limit`` copied from a user's input (as typed, stripped,
    lower-cased or ``repr``-escaped) cut to its first ``limit`` characters and "…"."""
    sources: set[str] = set()
    for s in inputs:
        if len(s) > limit:
            for v in {s, s.strip(), s.lower(), s.strip().lower()}:
                sources.update((v, repr(v)[1:-1]))
    if not sources or len(text) <= limit:
        return text
    out: list[str] = []
    i = 0
    while i < len(text):
        window = text[i:i + limit + 1]
        source, at = next(((s, s.find(window)) for s in sources if len(window) > limit and window in s), ("", -1))
        if at < 0:
            out.append(text[i])
            i += 1
            continue
        end = i + len(window)
        while end < len(text) and at + (end - i) < len(source) and text[end] == source[at + end - i]:
            end += 1
        out.append(text[i:i + limit] + ELLIPSIS)
        i = end
    return "".join(out)


def file_size(file: discord.File) -> int:
    """The bytes ``file`` uploads (measured on its stream, which is left where it was)."""
    fp = file.fp
    here = fp.tell()
    end = fp.seek(0, 2)
    fp.seek(here)
    return end - getattr(file, "_original_pos", 0)


def check_upload(files: list[discord.File]) -> None:
    """Refuse, in one line, an upload Discord would refuse (at most :data:`MAX_FILES` files of
    :data:`MAX_FILE_BYTES` each): checked before the request, so the member is told why.

    :raises BotError: too many files, or a file too large."""
    if len(files) > MAX_FILES:
        raise BotError.of("upload_too_many", most=MAX_FILES)
    for file in files:
        if file_size(file) > MAX_FILE_BYTES:
            raise BotError.of("upload_too_large", name=file.filename, mib=MAX_FILE_BYTES // (1024 * 1024))
