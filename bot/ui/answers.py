"""Answering an interaction (issue 26, items 2 and 6): privately, within Discord's limits, and
never "try again" once a move is saved; a public deferral's failure edits that public response.

:func:`reply` never raises: Discord failing (an HTTP error, a timeout) is logged in one line and
counted (:mod:`bot.ui.discord_errors`).
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.ui import discord_errors, limits

log = logging.getLogger("bot.ui.client")


async def reply(interaction: discord.Interaction[Any], text: str, **kwargs: Any) -> None:
    """An ephemeral answer, whether or not the interaction was already acknowledged (cut to
    Discord's limits: an answer over them would be refused, leaving the member on "thinking…").

    After a public deferral (:func:`defer_public`) the first follow-up would be public whatever
    its flag (DISCORD.md): the public response is edited instead. Discord failing is logged in one
    line and counted, never raised."""
    text = limits.clip(text, limits.CONTENT)
    for embed in [kwargs.get("embed"), *(kwargs.get("embeds") or [])]:
        if isinstance(embed, discord.Embed):
            limits.fit_embed(embed)
    try:
        if not interaction.response.is_done():
            await interaction.response.send_message(text, ephemeral=True, **kwargs)
        elif interaction.extras.get(PUBLIC):
            await interaction.edit_original_response(content=text, **kwargs)
        else:
            await interaction.followup.send(text, ephemeral=True, **kwargs)
    except discord_errors.DISCORD as exc:
        interaction.client.metrics.failed(exc)  # type: ignore[attr-defined]
        log.warning("could not answer interaction %s (%s)", interaction.id, discord_errors.describe(exc))


#: ``interaction.extras`` keys: the response was deferred publicly; a move was saved (no "try again")
PUBLIC, COMMITTED = "tapis_public", "tapis_committed"


async def defer_public(interaction: discord.Interaction[Any]) -> None:
    """Defer with "thinking…" in public (a leaderboard, stats): a failure then edits that response."""
    await interaction.response.defer(thinking=True)
    interaction.extras[PUBLIC] = True


def committed(interaction: discord.Interaction[Any]) -> None:
    """The interaction's move is saved: whatever Discord does next, it is not answered "try again"."""
    interaction.extras[COMMITTED] = True
