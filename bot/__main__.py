"""Start Tapis: ``python -m bot`` (``--help`` for options).

With ``DISCORD_TOKEN`` set (in the environment or ``.env``) the bot joins Discord; without one, or
with ``--local``, it starts the local mode: the same bot against a simulated Discord in your browser.

A database that cannot be used (corrupt, read-only, in use by another process, broken migrations)
stops the start at once: one line on stderr naming the file and the cause, exit status 1, so a
supervisor sees the failure instead of a hung process. So do bad settings (``SHARD_IDS=9`` with
``SHARD_COUNT=4``...) and, with PostgreSQL, a shard already served by another process
(``Tapis cannot start: shard 2 is served by another process``). A process whose shards' lock
connection is lost stops with status 1 (:mod:`bot.infra.shards`). So do a full disk (the lock file
itself), corrupt pages (``PRAGMA quick_check`` at open), a refused token and Discord unreachable
at login: one line each, never a traceback.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from bot.service.settings import Settings, SettingsError
from bot.storage.lockfile import StartupError

if TYPE_CHECKING:
    from bot.ui.client import TapisBot

log = logging.getLogger("bot")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    from games.i18n import LOCALES

    parser = argparse.ArgumentParser(
        prog="python -m bot", formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Run the Tapis Discord bot. Without a token it starts the local mode.",
        epilog="Settings, from the environment or .env (see .env.example):\n"
               "  DISCORD_TOKEN          the bot's token (none: local mode)\n"
               "  DATABASE_PATH          SQLite file (default data/tapis.sqlite3)\n"
               "  DATABASE_URL           postgresql://... instead of SQLite\n"
               "  DEV_GUILD_ID           a server where commands sync at once\n"
               f"  DEFAULT_LOCALE         language of a new server: {', '.join(LOCALES)} (default fr)\n"
               "  COMPUTER_PAUSE         seconds a computer waits before each decision (default 1; 0: none)\n"
               "  COMPUTER_WORKERS       processes the computer players think in (default 2)\n"
               "  EXPERT_BUDGET          seconds an expert computer (or a hint) thinks per decision (default 1)\n"
               "  COMPUTER_TARGET_WAIT   seconds the computers may keep a member waiting between two turns, pauses aside (default 3)\n"
               "  TABLE_SETTLE           seconds the table may wait to show a card within a trick (default 15; 0: at once)\n"
               "  TABLE_REFRESH          seconds the table may gather tricks of one deal in one edit (default 60; 0: each trick)\n"
               "  IMAGE_WORKERS          processes the images are drawn in (default 2; 0: threads)\n"
               "  LOBBY_IDLE_HOURS       an untouched lobby is cancelled after this (default 24)\n"
               "  MATCH_IDLE_DAYS        a match without a member's move is abandoned after this (default 7)\n"
               "  GUILD_RETENTION_DAYS   a removed server's data is deleted after this (default 30)\n"
               "  DATABASE_SYNCHRONOUS   SQLite durability: FULL (default) or NORMAL\n"
               "  METRICS_PORT           serve /metrics and /healthz on this port (default off)\n"
               "  METRICS_HOST           ... bound to this address (default 127.0.0.1)\n"
               "  SHARD_COUNT            the bot's total number of shards (default: Discord's count)\n"
               "  SHARD_IDS              the shards this process serves, e.g. 0-3 (default: all)")
    parser.add_argument("--local", action="store_true",
                        help="run against a simulated Discord in your browser (no token needed)")
    parser.add_argument("--port", type=int, default=None, help="local mode: the preview's port on 127.0.0.1")
    parser.add_argument("--database", type=Path, default=None, help="SQLite file (overrides DATABASE_PATH)")
    parser.add_argument("--verbose", action="store_true", help="debug logging")
    return parser.parse_args(argv)


def setup_logging(verbose: bool) -> None:
    logging.basicConfig(level=logging.DEBUG if verbose else logging.INFO, stream=sys.stderr,
                        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s")
    # discord.py's HTTP debug lines carry payloads (private hands): never below INFO.
    logging.getLogger("discord").setLevel(logging.INFO)
    logging.getLogger("discord.client").addFilter(_no_noise)


NOISE = ("voice will NOT be supported", "logging in using static token")


def _no_noise(record: logging.LogRecord) -> bool:
    """discord.py's lines that say nothing about Tapis (it has no voice; every start logs in),
    left out so that a failed start prints its one line alone."""
    return not any(text in str(record.msg) for text in NOISE)


async def run_discord(settings: Settings) -> int:

    from bot.app import running
    from bot.infra.shards import claim

    assert settings.token is not None
    lease = await claim(settings)  # a process refused for its shards touches nothing
    try:
        async with running(settings, settings.database, lease=lease) as bot:
            lease = None  # the bot releases it on close
            db = bot.db
            await bot.open_health()  # METRICS_PORT, before the login: a port in use stops the start at once
            async with bot:
                await login(bot, settings.token)
                log.info("started Tapis (database %s, dev guild %s)", db.path, settings.dev_guild_id)
                await connect(bot)
            if bot.stopped_by is not None:
                print(f"Tapis stopped: {bot.stopped_by}", file=sys.stderr, flush=True)
                return 1
    finally:
        if lease is not None:
            await lease.release()
    return 0


async def login(bot: TapisBot, token: str) -> None:
    """Log in to Discord (which runs the bot's set-up: its open tables are restored).

    :raises StartupError: one line: the token refused, Discord unreachable, or a database that
        cannot be read back (a corrupt page...)."""
    import aiohttp
    import discord

    from bot.storage.errors import cause

    try:
        await bot.login(token)
    except discord.LoginFailure:
        raise StartupError("Discord refused the token (DISCORD_TOKEN): check it in the developer portal") from None
    except (aiohttp.ClientError, OSError, TimeoutError, discord.HTTPException, discord.GatewayNotFound) as exc:
        if cause(exc) is not None and not isinstance(exc, aiohttp.ClientError | TimeoutError):
            raise StartupError(f"database {bot.db.path}: {_one_line(exc)}") from None
        raise StartupError(f"Discord cannot be reached ({_one_line(exc)}); check the network, then start "
                           "again") from None
    except Exception as exc:
        if cause(exc) is None:
            raise
        raise StartupError(f"database {bot.db.path}: {_one_line(exc)}") from None


async def connect(bot: TapisBot) -> None:
    """Serve until closed (discord.py reconnects by itself after network errors); a closing it
    cannot recover from (privileged intents not enabled, the token revoked) is one line.

    :raises StartupError: that closing."""
    import discord

    try:
        await bot.connect()
    except discord.PrivilegedIntentsRequired:
        raise StartupError("Discord requires privileged intents this bot has not been granted; enable "
                           "them in the developer portal") from None
    except discord.ConnectionClosed as exc:
        raise StartupError(f"Discord closed the connection (code {exc.code}: {exc.reason or 'no reason'})") from None


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return f"{type(exc).__name__}: {text}"[:300]


async def run_local_mode(settings: Settings, args: argparse.Namespace) -> int:
    import bot.storage.lockfile as lockfile
    from bot.app import build
    from bot.storage import open_database
    from bot.ui.local import local_database, run_local

    path = local_database(settings)
    lock = lockfile.acquire(path)  # held until the end: the check below and the run share it
    try:
        # the database is checked before the simulated Discord is imported (which logs warnings),
        # so a failure is the one line it should be
        await (await open_database(path, synchronous=settings.synchronous)).close()
        return await run_local(settings, build, port=args.port, announce=lambda s: print(s, flush=True))
    finally:
        lockfile.release(lock)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    setup_logging(args.verbose)
    signal.signal(signal.SIGINT, signal.default_int_handler)  # Ctrl+C stops it even when started from a script
    overrides = {"database_path": args.database} if args.database else {}
    try:
        settings = Settings.from_env(**overrides)
    except SettingsError as exc:
        print(f"Tapis cannot start: {exc}", file=sys.stderr, flush=True)
        return 1
    try:
        if args.local or not settings.token:
            return asyncio.run(run_local_mode(settings, args))
        return asyncio.run(run_discord(settings))
    except StartupError as exc:
        print(f"Tapis cannot start: {exc}", file=sys.stderr, flush=True)
        return 1
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
