"""Which Discord failures are retried, and how they are logged and counted.

A request to Discord can fail three ways: Discord answers an HTTP error (``discord.HTTPException``:
500s and 429s are *transient*, other 4xx are *refusals*), or the request times out or loses its
connection (``TimeoutError``, ``aiohttp.ClientError``, ``ConnectionError``: transient). All of
them are Discord's failures, not the bot's: they are logged at WARNING in one line, without a
traceback, and counted (``tapis_errors_total{kind="discord_http"}`` and
``tapis_discord_failures_total{kind}``, see :mod:`bot.infra.metrics`).
"""

from __future__ import annotations

from typing import Any

import aiohttp
import discord

#: failures of the connection to Discord rather than answers from it (a timeout among them)
NETWORK: tuple[type[BaseException], ...] = (TimeoutError, aiohttp.ClientError, ConnectionError)
#: every failure of a request to Discord
DISCORD: tuple[type[BaseException], ...] = (discord.HTTPException, *NETWORK)


def is_discord(exc: BaseException) -> bool:
    """Whether ``exc`` is a failed request to Discord (an HTTP error, a timeout, a lost connection)."""
    return isinstance(exc, DISCORD)


def kind(exc: BaseException) -> str:
    """``timeout``, ``network``, ``server_error`` (5xx), ``rate_limited`` (429) or ``refused``
    (another 4xx: missing access, unknown message...)."""
    if isinstance(exc, TimeoutError):
        return "timeout"
    if isinstance(exc, discord.HTTPException):
        if exc.status >= 500:
            return "server_error"
        if exc.status == 429:
            return "rate_limited"
        return "refused"
    return "network"


def failure_kind(exc: BaseException) -> str | None:
    """:func:`kind` of a failed request to Discord, ``None`` for any other failure
    (:attr:`bot.infra.metrics.Metrics.discord_kind`)."""
    return kind(exc) if is_discord(exc) else None


def transient(exc: BaseException) -> bool:
    """Worth trying again later: a timeout, a lost connection, a 5xx or a 429."""
    return is_discord(exc) and kind(exc) != "refused"


def describe(exc: BaseException) -> str:
    """One line for the log: the kind and Discord's status and code (never a traceback)."""
    if isinstance(exc, discord.HTTPException):
        code = f" (code {exc.code})" if exc.code else ""
        return f"{kind(exc)}: HTTP {exc.status}{code}"
    return f"{kind(exc)}: {type(exc).__name__}"


#: interaction kinds by Discord's component type (2: button; 3, 5-8: the select menus)
COMPONENT_KINDS = {2: "button", 3: "select", 5: "select", 6: "select", 7: "select", 8: "select"}


def component_kind(interaction: discord.Interaction[Any]) -> str:
    """``button`` or ``select``, from the component type Discord sent (``tapis_interaction_seconds``)."""
    data: Any = interaction.data or {}
    return COMPONENT_KINDS.get(data.get("component_type"), "button")


def gone(exc: BaseException) -> bool:
    """Discord says the message (or the interaction token) no longer exists."""
    return isinstance(exc, discord.NotFound)
