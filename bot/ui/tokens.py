"""What a live hand keeps of an interaction: its token, not the interaction.

A hand is edited later through the token of the interaction that opened or last clicked it, for
15 minutes (DISCORD.md). The interaction itself holds its message, member and payload (several
KiB); :class:`HandToken` keeps the follow-up webhook (application id and token) and the few
ids the hands read, a few hundred bytes (docs/decisions.md, « Hand tokens instead of interactions »).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord
from discord.http import handle_message_parameters
from discord.webhook.async_ import async_context

DISCORD_EPOCH_MS = discord.utils.DISCORD_EPOCH  # a snowflake's milliseconds count from 2015


@dataclass(frozen=True, slots=True)
class HandToken:
    """An interaction's token and ids: edits its original response (PATCH ``@original`` through
    the interaction webhook, as :meth:`discord.Interaction.edit_original_response` does)."""

    webhook: discord.Webhook
    interaction_id: int
    user_id: int
    guild_id: int | None
    locale: discord.Locale | None  # the member's Discord language (:meth:`TapisBot.private_locale`)
    born: float = field(init=False)  # when the interaction was created (Unix seconds, from its id)

    def __post_init__(self) -> None:
        object.__setattr__(self, "born", ((self.interaction_id >> 22) + DISCORD_EPOCH_MS) / 1000)

    @classmethod
    def of(cls, interaction: discord.Interaction[Any]) -> HandToken:
        return cls(interaction.followup, interaction.id, interaction.user.id, interaction.guild_id,
                   getattr(interaction, "locale", None))

    def age(self) -> float:
        """Seconds since the interaction was created (its token expires 15 minutes after). Its
        creation is read from the id once, as a number (a console's age is asked at every move of
        its table: ``snowflake_time`` built a datetime each time)."""
        return discord.utils.utcnow().timestamp() - self.born

    async def edit(self, **fields: Any) -> None:
        """Edit the interaction's original response (``content``, ``embed``, ``attachments``,
        ``view``): the request :meth:`discord.Interaction.edit_original_response` sends."""
        hook = self.webhook
        with handle_message_parameters(**fields) as params:
            await async_context.get().edit_original_interaction_response(
                hook.id, hook.token or "", session=hook.session, proxy=hook.proxy, proxy_auth=hook.proxy_auth,
                payload=params.payload, multipart=params.multipart, files=params.files)
