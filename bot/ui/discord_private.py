"""Every reach into discord.py's private internals (its underscore attributes), in one module, each
with why the public API does not serve. discord.py is pinned in the lock; ``tests/bot/test_discord_private.py``
fails on another version than :data:`DISCORD_VERSION`: read these again before moving it.
(``TapisTree._call`` in :mod:`bot.ui.client` overrides discord.py's private dispatch hook to time
each command: an override, kept with its class.)"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

#: the discord.py release these reaches were read against
DISCORD_VERSION = "2.7.1"


def tree_commands(tree: app_commands.CommandTree[Any], guild: discord.abc.Snowflake | None) -> list[Any]:
    """The tree's commands as its ``sync`` sends them (no public listing with the guild's copies)."""
    return tree._get_all_commands(guild=guild)


def tree_http(tree: app_commands.CommandTree[Any]) -> Any:
    """The tree's HTTP client (``sync`` is rewritten to send :meth:`TapisTree.payloads`)."""
    return tree._http


def tree_state(tree: app_commands.CommandTree[Any]) -> Any:
    """The connection state an :class:`app_commands.AppCommand` is built on."""
    return tree._state


def in_a_view(client: discord.Client, message_id: int | None, key: tuple[Any, Any]) -> bool:
    """Whether a View held by this process has an item ``key`` (component type, custom_id): the
    view store, by message, then unbound persistent views (no public lookup by custom_id)."""
    views = getattr(getattr(client._connection, "_view_store", None), "_views", {})
    return key in views.get(message_id, {}) or key in views.get(None, {})


def interaction_state(interaction: discord.Interaction[Any]) -> Any:
    """The interaction's connection state (its HTTP client, its allowed mentions)."""
    return interaction._state


def interaction_session(interaction: discord.Interaction[Any]) -> Any:
    """The aiohttp session the interaction's callback goes through."""
    return interaction._session


def mark_responded(response: discord.InteractionResponse[Any], kind: discord.InteractionResponseType) -> None:
    """The response is done, as after :meth:`discord.InteractionResponse.edit_message` (whose own
    attribute this sets: the answer was sent without it)."""
    response._response_type = kind
