"""Answering an interaction: privately, within Discord's limits, and
never "try again" once a move is saved; a public deferral's failure edits that public response.

:func:`reply` never raises: Discord failing (an HTTP error, a timeout) is logged in one line and
counted (:mod:`bot.ui.discord_errors`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord.http import Route
from discord.webhook.async_ import async_context, interaction_message_response_params

from bot.ui import discord_errors, discord_private, limits

log = logging.getLogger("bot.ui.client")


async def reply(interaction: discord.Interaction[Any], text: str, **kwargs: Any) -> None:
    """An ephemeral answer, whether or not the interaction was already acknowledged (cut to
    Discord's limits: an answer over them would be refused, leaving the member on "thinking…").

    It goes through :func:`send`: a deferral still "thinking…" is completed by editing it (after a
    public deferral, :func:`defer_public`, that answer is public: the deferral's visibility wins,
    DISCORD.md); once it is completed, the answer is a private second message. Discord failing is
    logged in one line and counted, never raised."""
    text = limits.clip(text, limits.CONTENT)
    for embed in [kwargs.get("embed"), *(kwargs.get("embeds") or [])]:
        if isinstance(embed, discord.Embed):
            limits.fit_embed(embed)
    try:
        await send(interaction, text, ephemeral=True, **kwargs)
    except discord_errors.DISCORD as exc:
        interaction.client.metrics.failed(exc)
        log.warning("could not answer interaction %s (%s)", interaction.id, discord_errors.describe(exc))


#: ``interaction.extras`` key: the deferral's "thinking…" message was completed (edited)
COMPLETED = "tapis_completed"

#: what :meth:`discord.Webhook.send` takes that an edit of the original response does not
_SEND_ONLY = ("ephemeral", "wait", "silent", "suppress_embeds", "username", "avatar_url", "thread", "thread_name")


def thinking(interaction: discord.Interaction[Any]) -> bool:
    """Whether the interaction's response is a deferral still showing "thinking…" (deferred with
    ``thinking=True``, or a command's deferral, and not yet completed)."""
    return (interaction.response.type is discord.InteractionResponseType.deferred_channel_message
            and not interaction.extras.get(COMPLETED))


async def send(interaction: discord.Interaction[Any], content: str | None = None, *, ephemeral: bool = False,
               **kwargs: Any) -> None:
    """Answer an interaction with a message (``content``, ``embed(s)``, ``file(s)``, ``view``...),
    whatever its response so far: the response itself when none was sent; the deferral's
    "thinking…" message, edited, while it is pending (Discord calls completing a deferral by a
    follow-up deprecated; the deferral's visibility stays, whatever ``ephemeral`` says); else a
    follow-up message (public unless ``ephemeral``, as :meth:`discord.Webhook.send`). Files are
    checked against Discord's limits first (:func:`limits.check_upload`). :raises: Discord's
    failure (the callers' guard answers it); :class:`BotError` for an upload over the limits."""
    limits.check_upload(([kwargs["file"]] if kwargs.get("file") else []) + list(kwargs.get("files") or []))
    if not interaction.response.is_done():
        await interaction.response.send_message(content, ephemeral=ephemeral, **kwargs)
        return
    if thinking(interaction):
        fields = {k: v for k, v in kwargs.items() if k not in _SEND_ONLY}
        files = ([fields.pop("file")] if "file" in fields else []) + list(fields.pop("files", None) or [])
        if files:
            fields["attachments"] = files
        if content is not None:
            fields["content"] = content
        await interaction.edit_original_response(**fields)
        interaction.extras[COMPLETED] = True
        return
    await interaction.followup.send(content, ephemeral=ephemeral, **kwargs)  # type: ignore[arg-type]  # kwargs are send()'s own keywords, passed through


async def update_message(interaction: discord.Interaction[Any], **fields: Any) -> None:
    """Answer a click by redrawing its message (``content``, ``embed``, ``attachments``, ``view``):
    the request :meth:`discord.InteractionResponse.edit_message` sends, without asking Discord to
    send the message back (``with_response``, which discord.py always asks for and then builds a
    :class:`discord.Message` of): a click's answer reads nothing of it. The
    interaction's response is then done, as after that method (whose own attributes it sets:
    discord.py is pinned, and the hand tests go through here)."""
    response = interaction.response
    if response.is_done():
        raise discord.InteractionResponded(interaction)
    limits.check_upload([f for f in fields.get("attachments") or [] if isinstance(f, discord.File)])
    state = discord_private.interaction_state(interaction)
    http = state.http
    params = interaction_message_response_params(type=discord.InteractionResponseType.message_update.value,
                                                 previous_allowed_mentions=state.allowed_mentions, **fields)
    route = Route("POST", "/interactions/{webhook_id}/{webhook_token}/callback", webhook_id=interaction.id,
                  webhook_token=interaction.token)
    await async_context.get().request(
        route, session=discord_private.interaction_session(interaction), proxy=http.proxy, proxy_auth=http.proxy_auth,
        payload=None if params.files else params.payload, multipart=params.multipart if params.files else None,
        files=params.files)
    discord_private.mark_responded(response, discord.InteractionResponseType.message_update)


#: ``interaction.extras`` keys: the response was deferred publicly; a move was saved (no "try again")
PUBLIC, COMMITTED = "tapis_public", "tapis_committed"


async def defer_public(interaction: discord.Interaction[Any]) -> None:
    """Defer with "thinking…" in public (a leaderboard, stats): a failure then edits that response."""
    await interaction.response.defer(thinking=True)
    interaction.extras[PUBLIC] = True


def committed(interaction: discord.Interaction[Any]) -> None:
    """The interaction's move is saved: whatever Discord does next, it is not answered "try again"."""
    interaction.extras[COMMITTED] = True


#: seconds a click may take before it is deferred (Discord allows 3; the answer's trip to Discord
#: and a busy loop need the rest)
DEFER_AFTER = 2.0


class ClickAnswer:
    """One acknowledgement for a click on a message the bot redraws: the redrawn message
    itself, as the interaction's response (one request), when it is ready within :data:`DEFER_AFTER`
    seconds; else the click is deferred then, and the message is edited through the interaction's
    token (two requests). The move is saved before the message that shows it is sent: either way it
    is committed before it is acknowledged.

    :meth:`close` must follow (it stops the deferral's timer when nothing was sent)."""

    def __init__(self, interaction: discord.Interaction[Any], count: Callable[[str, bool], None] | None = None,
                 failed: Callable[[BaseException], None] | None = None, defer_after: float | None = None) -> None:
        self.interaction = interaction
        self.count = count  # the metric: (route, counted against the global limit)
        self.failed = failed  # the metric of Discord's failures
        self.claimed = False  # a response is sent or being sent: never a second one
        self.deferral: asyncio.Task[None] | None = None
        # a sleeping task, not a loop timer: simulated time moves it (simcord waits out short timers)
        delay = DEFER_AFTER if defer_after is None else defer_after
        self.timer = asyncio.get_running_loop().create_task(self._defer_after(delay))

    async def _defer_after(self, delay: float) -> None:
        await asyncio.sleep(delay)
        if not self.claimed:
            self.claimed = True
            self.deferral = asyncio.get_running_loop().create_task(self._defer())

    async def defer_now(self) -> None:
        """Defer at once (before work known to be slow, such as an expert's advice)."""
        if not self.claimed:
            self.claimed = True
            self.timer.cancel()
            self.deferral = asyncio.get_running_loop().create_task(self._defer())
        if self.deferral is not None:
            await self.deferral

    async def _defer(self) -> None:
        self._counted("interaction.callback")
        try:
            await self.interaction.response.defer()
        except discord_errors.DISCORD as exc:  # counted here: some callers only suppress it
            if self.failed is not None:
                self.failed(exc)
            raise

    def _counted(self, route: str) -> None:
        if self.count is not None:
            self.count(route, False)

    async def edit(self, edit_with_token: Callable[..., Awaitable[object]], **payload: Any) -> None:
        """Show ``payload`` in the clicked message: as the response when none was sent, else with
        ``edit_with_token`` (an awaitable taking the same fields) once the deferral went through.
        :raises: Discord's failure of the edit (the caller leaves the message to the presenter)."""
        if not self.claimed:
            self.claimed = True
            self.timer.cancel()
            self._counted("interaction.callback")
            try:
                await update_message(self.interaction, **payload)
                return
            except discord_errors.DISCORD as exc:
                # Discord may have taken it (a timeout) or not (a 5xx): acknowledge if it still
                # needs one, then edit with the token as after a deferral
                if self.failed is not None:
                    self.failed(exc)
                log.info("interaction %s: the redrawn message as its response failed (%s); editing it instead",
                         self.interaction.id, discord_errors.describe(exc))
                with contextlib.suppress(*discord_errors.DISCORD):
                    await self._defer()
        elif self.deferral is not None:
            await self.deferral
        self._counted("interaction.edit")
        await edit_with_token(**payload)

    async def close(self) -> None:
        """No response from here on (the click ends, or it raised for its caller to answer): the
        timer stops, a deferral under way is waited for (so a caller's answer follows it)."""
        self.timer.cancel()
        self.claimed = True
        if self.deferral is not None:
            with contextlib.suppress(*discord_errors.DISCORD):
                await self.deferral
