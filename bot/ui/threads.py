"""Threads made once (a club night's tables, a member's daily challenge, a duplicate group's
tables), as the presenter sends a message once: what was made is recorded with what Discord shows
(:class:`bot.service.shown_records.ShownRecords`) under the place's key, part ``thread``.

The intent (the thread's name) is recorded before Discord is asked, its id once Discord answered.
Asked again after a failure or a restart: a recorded id is the thread (it is not made again); an
intent without an id means the answer may have been lost, so the channel's active threads are
searched for that name first and one found is adopted rather than made twice. Members are added
each time (Discord's add is idempotent), so a member whose add failed is added on the next try.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

import discord

from bot.service.shown_records import ShownRecords

log = logging.getLogger(__name__)
PART = "thread"


async def find_thread(channel: discord.TextChannel, name: str) -> int | None:
    """The id of an active thread of ``channel`` named ``name`` (the cache, then Discord's list)."""
    for thread in channel.threads:
        if thread.name == name:
            return int(thread.id)
    for thread in await channel.guild.active_threads():
        if thread.parent_id == channel.id and thread.name == name:
            return int(thread.id)
    return None


async def made_thread(records: ShownRecords, key: str, channel: discord.TextChannel, name: str, *, private: bool = False,
                      members: Iterable[int] = (), part: str = PART) -> int:
    """The thread of ``key`` in ``channel`` (recorded as ``part``), made once (see the module);
    ``private``: invitation only, ``members`` added to it. :raises discord.HTTPException,
    TimeoutError: Discord did not answer (the next call finds what was made)."""
    got = (await records.parts_of(key)).get(part)
    thread_id = got.message_id if got is not None else None
    if thread_id is None and got is not None:
        thread_id = await find_thread(channel, name)
        if thread_id is not None:
            log.info("%s: its thread %d was made before its answer was lost; adopted", key, thread_id)
            await records.record(key, part, name, thread_id)
    if thread_id is None:
        await records.record(key, part, name, None)  # the intent, before Discord is asked
        kind = discord.ChannelType.private_thread if private else discord.ChannelType.public_thread
        extra: dict[str, Any] = {"invitable": False} if private else {}
        made = await channel.create_thread(name=name, type=kind, **extra)
        thread_id = int(made.id)
        await records.record(key, part, name, thread_id)
    members = list(members)
    if members:
        thread = channel.guild.get_thread(thread_id) or await channel.guild.fetch_channel(thread_id)
        if isinstance(thread, discord.Thread):
            for user_id in members:
                await thread.add_user(discord.Object(user_id))
    return thread_id


async def forget_thread(records: ShownRecords, key: str) -> None:
    """The place's thread is in use for good (its table recorded it): the key may make another."""
    await records.forget(key, PART)
