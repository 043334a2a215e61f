"""TapisBot: loads the cogs, reads component clicks, owns its shards, restores tables, syncs commands.

The bot is an ``AutoShardedBot``: it serves the shards of ``Settings.shard_ids`` (all by default)
among ``Settings.shard_count`` (Discord's recommendation by default); only the tables of servers on
those shards are restored and served (:mod:`bot.infra.shards`). With PostgreSQL, the shards are owned
through advisory locks: a lost lock connection stops the bot (:attr:`TapisBot.stopped_by`).

Every interaction gets an answer: refusals and failures through :meth:`TapisBot.guard`, clicks on
components no handler knows (forged or foreign custom_ids) through :meth:`TapisBot.on_interaction`;
every reply is cut to Discord's limits, with user input echoed at most ``limits.ECHO`` characters.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.infra import collector
from bot.infra.health import Gateway, HealthServer
from bot.infra.shards import ShardLease, ShardSet
from bot.service.i18n import LOCALES, t
from bot.service.services import Services
from bot.service.settings import Settings
from bot.service.tables import BotError, Table
from bot.storage import is_postgres
from bot.ui import discord_errors, discord_private, ids, limits
from bot.ui.answers import COMMITTED, reply
from bot.ui.event_board import EventBoard
from bot.ui.hands import Hands
from bot.ui.hints import HintSwitch
from bot.ui.ids import Handler, ParsedId
from bot.ui.presenter import Presenter
from bot.ui.tokens import HandToken
from bot.ui.translator import Translator
from games.errors import GameError

log = logging.getLogger(__name__)
COGS = ("bot.ui.cogs.lobby", "bot.ui.cogs.play", "bot.ui.cogs.leaderboard", "bot.ui.cogs.admin", "bot.ui.cogs.history",
        "bot.ui.cogs.privacy", "bot.ui.cogs.challenge", "bot.ui.cogs.duplicate", "bot.ui.cogs.events",
        "bot.ui.cogs.review", "bot.ui.cogs.field", "bot.ui.cogs.help", "bot.ui.cogs.replay_from")


class Handlers(dict[str, Handler]):
    """The component handlers by custom-id verb (``~e``, ``~h``...). A verb is claimed once: two
    cogs on one verb would silently take each other's clicks (the events' buttons once took the
    export button's)."""

    def __setitem__(self, verb: str, handler: Handler) -> None:
        if verb in self:
            raise ValueError(f"the component verb {verb!r} is already handled by {self[verb]!r}")
        super().__setitem__(verb, handler)


#: where a command is offered unless it declares more (``app_commands.allowed_contexts``): in servers
#: only, the app installed on servers (not by a user); every command's payload carries both
SERVERS_ONLY = app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False)
SERVER_INSTALL = app_commands.AppInstallationType(guild=True, user=False)


class TapisTree(app_commands.CommandTree["TapisBot"]):
    """Errors that escape a command (failed checks...) are logged and answered politely; the time
    each command (and autocomplete) takes is measured (``tapis_interaction_seconds``)."""

    async def _call(self, interaction: discord.Interaction[Any]) -> None:
        began = time.perf_counter()
        try:
            await super()._call(interaction)
        finally:
            kind = "autocomplete" if interaction.type is discord.InteractionType.autocomplete else "command"
            self.client.metrics.interaction(kind, began)

    async def payloads(self, *, guild: discord.abc.Snowflake | None = None) -> list[dict[str, Any]]:
        """The commands as :meth:`sync` sends them: translated, each with its ``contexts`` and
        ``integration_types``, without ``dm_permission`` (deprecated by Discord for ``contexts``;
        discord.py 2.7 still writes it)."""
        commands = discord_private.tree_commands(self, guild)
        translator = self.translator
        out = [await c.get_translated_payload(self, translator) if translator else c.to_dict(self) for c in commands]
        for payload in out:
            payload.pop("dm_permission", None)
        return out

    async def sync(self, *, guild: discord.abc.Snowflake | None = None) -> list[app_commands.AppCommand]:
        """:meth:`discord.app_commands.CommandTree.sync` with :meth:`payloads` (its request, its errors)."""
        if self.client.application_id is None:
            raise app_commands.MissingApplicationID
        commands, payload = discord_private.tree_commands(self, guild), await self.payloads(guild=guild)
        http = discord_private.tree_http(self)
        try:
            if guild is None:
                data = await http.bulk_upsert_global_commands(self.client.application_id, payload=payload)
            else:
                data = await http.bulk_upsert_guild_commands(self.client.application_id, guild.id, payload=payload)
        except discord.HTTPException as e:
            if e.status == 400 and e.code == 50035:
                raise app_commands.CommandSyncFailure(e, commands) from None
            raise
        return [app_commands.AppCommand(data=d, state=discord_private.tree_state(self)) for d in data]

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """Commands of a server on another process's shard are refused (Discord sends a server's
        events to its shard, so this should not happen; never served twice if it does)."""
        bot: TapisBot = interaction.client
        if bot.serves(interaction.guild_id):
            return True
        log.warning("interaction %s: server %s is not on this process's shards (%s)", interaction.id,
                    interaction.guild_id, bot.served)
        if interaction.type is discord.InteractionType.autocomplete:
            with contextlib.suppress(discord.HTTPException):
                await interaction.response.autocomplete([])
        else:
            await reply(interaction, t(bot.private_locale(interaction), "other_shard"))
        return False

    async def on_error(self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError) -> None:
        bot: TapisBot = interaction.client
        locale = bot.private_locale(interaction)
        if isinstance(error, app_commands.CheckFailure):
            await reply(interaction, t(locale, "not_admin"))
            return
        cause = getattr(error, "original", error)
        if discord_errors.is_discord(cause):
            bot.metrics.failed(cause)
            log.warning("command %s: Discord failed (%s)", interaction.command and interaction.command.qualified_name,
                        discord_errors.describe(cause))
            if not interaction.extras.get(COMMITTED):
                await reply(interaction, t(locale, "apology"))
            return
        log.error("command %s failed", interaction.command and interaction.command.qualified_name,
                  exc_info=error)
        await reply(interaction, t(locale, "apology"))


class TapisBot(commands.AutoShardedBot):
    """The Discord bot: a :class:`TableService` shown by a :class:`Presenter`.

    ``lease``: the shards' advisory locks when the caller took them before logging in; otherwise
    the bot takes them in :meth:`setup_hook` (PostgreSQL only). Either way it releases them on close."""

    def __init__(self, settings: Settings, parts: Services, *, lease: ShardLease | None = None,
                 **kwargs: Any) -> None:
        # Only the guilds (channels, threads, permissions): interactions come whatever the intents.
        # The bot reads no message, reaction or typing event; with the default intents Discord sent
        # it every message posted, edited or deleted in every channel it sees, its own edits
        # included (docs/decisions.md, « Only the guilds intent »).
        intents = discord.Intents.none()
        intents.guilds = True
        # without a token (local mode, tests) there is no Discord to recommend a count: one shard
        count = settings.shard_count if settings.shard_count is not None or settings.token else 1
        if settings.shard_ids is not None:  # else discord.py's default: every shard of the count
            kwargs["shard_ids"] = list(settings.shard_ids)
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, tree_cls=TapisTree,
                         allowed_contexts=SERVERS_ONLY, allowed_installs=SERVER_INSTALL,
                         help_command=None, shard_count=count,
                         # no text the bot sends pings anyone unless the call names whom: a name typed
                         # by a member or an organiser ("@everyone", a role, a member) stays words
                         allowed_mentions=discord.AllowedMentions.none(), **kwargs)
        self.settings = settings
        self.lease = lease
        self.serving = parts.serving  # settled in setup_hook (Discord's recommended count)
        self.stopped_by: str | None = None  # why the bot stopped itself (its shards' lock was lost)
        self._lease_watch: asyncio.Task[None] | None = None
        self.db = parts.db
        self.service = parts.tables
        self.challenges = parts.challenges
        self.duplicates = parts.duplicates
        self.shared = parts.shared  # who may see a shared deal
        self.events = parts.events  # club nights
        self.seasons = parts.seasons
        self.reviews = parts.reviews
        self.fields = parts.fields  # the field on the same cards
        # the UI's own parts (bot.app subscribes them to the services' buses)
        self.archive = parts.archive
        self.records = parts.records  # what Discord was shown (the presenter's, the board's, the threads')
        self.hint_switch = HintSwitch(parts.archive)
        self.presenter = Presenter(self)
        self.hands = Hands(self)
        self.board = EventBoard(self)
        self._event_clock: asyncio.Task[None] | None = None
        self._event_clock_asleep = False
        self._notices: set[asyncio.Task[None]] = set()
        self.handlers: dict[str, Handler] = Handlers()
        self.unexpected: list[BaseException] = self.service.errors
        self.metrics = parts.metrics
        self.restored = False  # the open tables are back (``/healthz``)
        self.gateway = Gateway(self)
        self.health = HealthServer(self, settings.metrics_host, settings.metrics_port) \
            if settings.metrics_port else None

    async def open_health(self) -> None:
        """Serve ``/metrics`` and ``/healthz`` when ``METRICS_PORT`` is set (once; before the login
        when started by ``python -m bot``). :raises StartupError: the port is taken."""
        if self.health is not None:
            await self.health.start()

    async def setup_hook(self) -> None:
        await self.open_health()
        await self.tree.set_translator(Translator())
        for name in COGS:
            await self.load_extension(name)
        await self.own_shards()
        self.presenter.starting = True  # only tables whose message is behind are redrawn
        with collector.paused():
            restored = await self.service.endings.restore()
            await self.challenges.restore()
            await self.duplicates.restore()
            await self.presenter.start_up(list(self.service.tables.values()))
            await self.events.restore()
            await self.reviews.resume(self.service.serves)  # the reviews a stop interrupted go on
        await self.board.start_up()  # the event posts Discord has not taken yet
        self.wake_event_clock()
        self.restored = True
        if restored:
            log.info("%d table(s) back in play", restored)
        self.service.housekeeping.start()
        if self.settings.sync_commands:
            if self.settings.dev_guild_id:
                guild = discord.Object(self.settings.dev_guild_id)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
            else:
                await self.tree.sync()

    async def _start_events(self) -> None:
        """Start each event when its time comes (the clock sleeps until the next start,
        :meth:`EventService.seconds_to_due`)."""
        while True:
            try:
                await self.events.start_due(time.time())
            except Exception as exc:
                self.unexpected.append(exc)
                log.exception("events: the start check failed")
            self._event_clock_asleep = True
            try:
                await asyncio.sleep(self.events.seconds_to_due(time.time()))
            finally:
                self._event_clock_asleep = False

    def wake_event_clock(self) -> None:
        """(Re)start the events' clock: at start-up, and when an event is announced (it may start
        before the clock's next look). A clock busy starting events is left alone: it looks at the
        events again before it sleeps."""
        if self._event_clock is not None and not self._event_clock.done():
            if not self._event_clock_asleep:
                return
            self._event_clock.cancel()
        self._event_clock = asyncio.get_running_loop().create_task(self._start_events())

    async def own_shards(self) -> ShardSet:
        """Settle the shards this process serves (asking Discord for its recommended count when
        ``SHARD_COUNT`` is not set), filter the tables to their servers, and, with PostgreSQL and a
        token, own them. :raises ShardTaken: another process serves one of them."""
        count = self.shard_count
        if count is None:
            count, _url, _limits = await self.http.get_bot_gateway()
            self.shard_count = count
        served = ShardSet.of(count, self.shard_ids)
        self.serving.settle(served)
        # shards are owned against other processes connecting to Discord: not without a token (tests)
        if self.lease is None and self.settings.token and not self.settings.local \
                and is_postgres(self.settings.database_url):
            assert self.settings.database_url is not None
            self.lease = await ShardLease.acquire(self.settings.database_url, served.ids)
        if self.lease is not None and self._lease_watch is None:
            self._lease_watch = asyncio.get_running_loop().create_task(self._stop_when_lost(self.lease))
        log.info("serving %s", served)
        return served

    async def _stop_when_lost(self, lease: ShardLease) -> None:
        """Another process may own the shards once their lock is lost: stop serving at once."""
        await lease.lost.wait()
        self.stopped_by = lease.why()
        await self.close()

    @property
    def served(self) -> ShardSet | None:
        """The shards this process serves (``None`` until :meth:`own_shards`)."""
        return self.serving.shards

    def serves(self, guild_id: int | None) -> bool:
        """Whether this process serves the server ``guild_id`` (direct messages: yes)."""
        return self.serving.serves(guild_id)

    async def _serves_table(self, parsed: ParsedId | None) -> bool:
        """Whether the table of a component is served here: a table this process does not hold,
        clicked outside a server (the click says no server), is looked up."""
        served = self.served
        if parsed is None or served is None or served.everything:
            return True
        try:
            self.service.registry.get(parsed.table)
            return True
        except BotError:
            row = await self.archive.table(parsed.table)
        return row is None or served.serves(row["guild_id"])

    def locale_for(self, interaction: discord.Interaction[Any] | HandToken) -> str:
        """The server's language (``/settings language:``): public messages."""
        if interaction.guild_id is None:
            return self.settings.default_locale
        return self.service.preferences.locale_of(interaction.guild_id)

    def private_locale(self, interaction: discord.Interaction[Any] | HandToken) -> str:
        """Private messages (hands, hints, errors): the member's own Discord language when Tapis
        speaks it (``interaction.locale``: French, English or Spanish), else the server's. In local
        mode the simulated Discord reports every member as en-US, so the server's language is used."""
        if self.settings.local:
            return self.locale_for(interaction)
        own = getattr(interaction, "locale", None)
        code = str(getattr(own, "value", own) or "").replace("_", "-").split("-")[0].lower()
        return code if code in LOCALES else self.locale_for(interaction)

    @asynccontextmanager
    async def guard(self, interaction: discord.Interaction[Any]) -> AsyncIterator[None]:
        """Engine and bot refusals answered verbatim (localized), ephemerally; Discord failing
        (an HTTP error, a timeout) logged in one line and counted, answered with the apology only
        when nothing was saved; anything else logged with its traceback and apologised for."""
        try:
            yield
        except GameError as exc:
            text = exc.localized(self.private_locale(interaction))
            await reply(interaction, limits.shorten_echo(text, limits.user_inputs(interaction.data)))
        except discord_errors.DISCORD as exc:
            self.metrics.failed(exc)
            saved = bool(interaction.extras.get(COMMITTED))
            log.warning("interaction %s: Discord failed (%s)%s", interaction.id, discord_errors.describe(exc),
                        "; the move was saved" if saved else "")
            if not saved:
                await reply(interaction, t(self.private_locale(interaction), "apology"))
        except Exception as exc:
            self.unexpected.append(exc)
            log.exception("interaction %s failed", interaction.id)
            await reply(interaction, t(self.private_locale(interaction), "apology"))

    async def on_tapis_component(self, interaction: discord.Interaction[Any], parsed: ParsedId,
                                 values: list[str]) -> None:
        """Every Tapis button and menu lands here: routed by the verb in its custom_id (timed)."""
        began = time.perf_counter()
        async with self.guard(interaction):
            if not self.serves(interaction.guild_id) or not await self._serves_table(parsed):
                log.warning("interaction %s: server %s is not on this process's shards (%s)", interaction.id,
                            interaction.guild_id, self.served)
                raise BotError.of("other_shard")
            action = parsed.action
            verb = action[:2] if action.startswith("~") else ""
            handler = self.handlers.get(verb) or self.handlers.get("act")
            assert handler is not None
            await handler(interaction, parsed, values)
        self.metrics.interaction(discord_errors.component_kind(interaction), began)

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Every click on a component: a Tapis custom_id (``bot/ui/ids.py``) goes to
        :meth:`on_tapis_component` with the menu's choices (read from the click, with no
        ``DynamicItem`` rebuilding a View of the whole message first); one that no handler matches
        (forged, damaged, another bot's, or from an older version) still gets an answer."""
        if interaction.type is not discord.InteractionType.component:
            return
        data: Any = interaction.data or {}
        custom_id = data.get("custom_id")
        parsed = ids.parse_id(custom_id) if isinstance(custom_id, str) else None
        if parsed is not None:
            await self.on_tapis_component(interaction, parsed, [str(v) for v in data.get("values") or ()])
            return
        if isinstance(custom_id, str) and self._in_a_view(interaction, data):
            return  # a View of this process answers it
        log.info("interaction %s: unknown component id %r", interaction.id, limits.clip(str(custom_id), 120))
        await reply(interaction, t(self.private_locale(interaction), "unknown_verb"))

    def _in_a_view(self, interaction: discord.Interaction[Any], data: dict[str, Any]) -> bool:
        """Whether a View held by this process has an item with this custom_id (discord.py 2.7's
        view store: by message, then unbound persistent views)."""
        key = (data.get("component_type"), data.get("custom_id"))
        message_id = interaction.message.id if interaction.message is not None else None
        return discord_private.in_a_view(self, message_id, key)

    def announce(self, table: Table, key: str) -> None:
        """Post a housekeeping notice (``idle_lobby``, ``idle_match``) in the table's channel."""
        locale = self.service.preferences.locale_of(table.guild_id)
        text = t(locale, key, table=table.id, hours=f"{self.settings.lobby_idle / 3600:g}",
                 days=f"{self.settings.match_idle / 86400:g}")
        task = asyncio.get_running_loop().create_task(self._post(table.place_id, table.guild_id, text))
        self._notices.add(task)
        task.add_done_callback(self._notices.discard)

    async def _post(self, place_id: int, guild_id: int, text: str) -> None:
        try:
            channel = self.get_partial_messageable(place_id, guild_id=guild_id)
            await channel.send(limits.clip(text, limits.CONTENT), allowed_mentions=discord.AllowedMentions.none())
        except discord_errors.DISCORD as exc:
            self.metrics.failed(exc)
            log.warning("could not post a notice in channel %s (%s)", place_id, discord_errors.describe(exc))

    async def close(self) -> None:
        """Stop serving (timers, computer players, Discord, /metrics), then give the shards back."""
        try:
            if self._event_clock is not None:
                self._event_clock.cancel()
            await self.events.close()
            await self.board.close()
            await self.presenter.recorder.close()
            self.reviews.close()
            await self.service.close()
            await super().close()
            if self.health is not None:
                await self.health.stop()
        finally:
            if self.lease is not None:
                await self.lease.release()
