"""Local mode: the real bot against simcord's simulated Discord, shown in your browser.

A demo server ("Tapis (local)") with a ``#cartes`` channel, you (an admin) and a club of twelve
simulated members. The preview page (:mod:`bot.ui.local_page`) has a slash-command composer and
lists the channel and its threads: type ``/table new``, add computer players, start, and play with
"My hand"; switch the viewer ("Viewing as") to play another member's seat, register them for a club
night, or open their challenge thread; a member nobody views plays their own seat
(:mod:`bot.ui.local_club`). The page, the messages and the bot read one clock (the
wall clock) and the page shows times in the machine's time zone. Computer players
play without a pause (unless ``COMPUTER_PAUSE`` is set) and the turn timer is off. The terminal
shows the address and how to play, then only problems (``--verbose`` for all).

**Why no pause** (the page's "image unavailable"): simcord's preview publishes the page
when the action a person took has settled, that is when the bot's work it started is done,
computers' turns and their pauses included. During that wait the page keeps showing the previous
publication, whose table and hand images the computers' edits have already replaced (each edit
uploads a new attachment), so the page asked for attachments that no longer exist: measured in
Chromium over a 6-minute Tarot match with a 1 s pause, the table image was unavailable in 75 of 287
one-second samples and a click answered after 5 s; without the pause, 8 of 277 and at once. The
page never shows the computers' moves one at a time anyway: it shows the state after them, and the
"Derniers coups" log says who played what.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.service.settings import Settings
from bot.storage import Database, open_database

if TYPE_CHECKING:
    from bot.ui.client import TapisBot

log = logging.getLogger(__name__)
#: the demo club: twelve simulated members, enough for a club night of three Tarot tables
FRIENDS = ("marie", "pablo", "jeanne", "lucas", "ines", "hugo", "chloe", "mateo", "lea", "nora", "theo", "sofia")
NAMES = {"ines": "Inès", "chloe": "Chloé", "lea": "Léa", "theo": "Théo", "sofia": "Sofía"}


def local_database(settings: Settings) -> Path:
    """``data/tapis.sqlite3`` -> ``data/tapis-local.sqlite3``: the demo never touches real tables."""
    path = settings.database_path
    return path.with_name(f"{path.stem}-local{path.suffix or '.sqlite3'}")


def build_world(env: Any) -> tuple[Any, Any, list[Any]]:
    """The demo server: ``(#cartes, you, [the club's twelve members])``; you are an admin."""
    import discord

    guild = env.create_guild(name="Tapis (local)")
    channel = guild.create_text_channel("cartes", topic="Tapis: /table new game:tarot")
    admins = guild.create_role("Admins", permissions=discord.Permissions(administrator=True))
    you = guild.add_member(env.create_user("you", global_name="You"), roles=[admins])
    friends = [guild.add_member(env.create_user(n, global_name=NAMES.get(n, n.title()))) for n in FRIENDS]
    return channel, you, friends


PAGE_LOCALES = {"fr": "fr", "es": "es-ES", "en": "en-US"}


def local_zone(env: Mapping[str, str] | None = None, localtime: Path = Path("/etc/localtime")) -> str:
    """The machine's time zone (``TZ``, else ``/etc/localtime``'s), so the page shows times as the
    person's clock does; UTC when neither names a zone."""
    from zoneinfo import ZoneInfo

    env = os.environ if env is None else env
    candidates = [env.get("TZ", "").lstrip(":")]
    with contextlib.suppress(OSError):
        target = str(localtime.resolve())
        candidates.append(target.split("zoneinfo/", 1)[1] if "zoneinfo/" in target else "")
    for name in candidates:
        with contextlib.suppress(Exception):
            if name:
                ZoneInfo(name)
                return name
    return "UTC"


def local_settings(settings: Settings, env: Mapping[str, str] | None = None) -> Settings:
    """No turn timer (you may play several seats), every change shown at once, and computers
    without a pause unless ``COMPUTER_PAUSE`` is in ``env`` (the process's environment by default;
    see the module's docstring for why). One process, one shard (``SHARD_*`` are for Discord)."""
    env = os.environ if env is None else env
    pause = settings.computer_pause if env.get("COMPUTER_PAUSE", "").strip() else 0.0
    return settings.with_(edit_interval=0, turn_timer=0, computer_pause=pause, database_path=local_database(settings),
                          dev_guild_id=None, local=True, shard_count=1, shard_ids=None)


def quiet_logging() -> None:
    """Only problems reach a local user's terminal: discord.py's intent and voice warnings, the
    login, restore and table lines mean nothing there. ``--verbose`` (debug logging) keeps all."""
    root = logging.getLogger()
    if root.isEnabledFor(logging.DEBUG):
        return
    root.setLevel(logging.WARNING)
    logging.getLogger("discord").setLevel(logging.ERROR)


def usage(settings: Settings) -> str:
    """How to play, with the buttons named as the page shows them."""
    from bot.service.i18n import t

    locale = settings.default_locale
    return (f"In the composer at the bottom type /table new (game: tarot, tresillo, piquet, trio or ecole), "
            f"then click \"{t(locale, 'add_bot_normal')}\" once per other player you want (3 times for a Tarot "
            f"of four; a full Tarot table is 5), \"{t(locale, 'start')}\" and \"{t(locale, 'my_hand')}\". "
            f"Ctrl+C to stop.")


async def run_local(settings: Settings, build: Callable[[Settings, Database], TapisBot], *, port: int | None = None,
                    announce: Any = print) -> int:
    """Serve the preview on 127.0.0.1 until its page is closed (or the process is stopped); ``build``
    makes the bot (:func:`bot.app.build`, the composition root above this module)."""
    quiet_logging()  # before simcord's import, which builds a probe client (discord.py's warnings)
    try:
        import simcord
        from simcord.preview import _require_preview_runtime

        _require_preview_runtime()
    except Exception as exc:  # ImportError or simcord's SetupError
        announce(f"Local mode needs simcord's preview: pip install 'simcord[preview]==3.2.1' ({exc})")
        return 2
    from bot.ui.local_club import DemoClub
    from bot.ui.local_page import WallClock, local_preview

    settings = local_settings(settings)
    db = await open_database(settings.database_path)
    await db.cancel_open_tables()  # the simulated world is new at each start
    bot = build(settings, db)
    try:
        async with simcord.run(bot, check_errors=False, settle_timeout=30) as env:
            # one clock: the bot's, the page's, the messages'; simcord reads only now, elapsed, advance
            env.backend.clock = WallClock(env.backend.clock)  # type: ignore[assignment]  # simcord types its own clock; WallClock has what it reads
            channel, you, friends = build_world(env)
            preview = local_preview(env, channel, viewers=[you, *friends], layout="channel", port=port,
                                    locale=PAGE_LOCALES.get(settings.default_locale, "en-US"), timezone=local_zone())
            async with preview:
                club = asyncio.get_running_loop().create_task(DemoClub(
                    bot.service, [f.id for f in friends], preview.viewed, settings.computer_pause,
                    shown=preview.republish).run())
                loop = asyncio.get_running_loop()
                with contextlib.suppress(NotImplementedError, RuntimeError):  # not on Windows
                    loop.add_signal_handler(signal.SIGTERM, lambda: loop.create_task(preview.close()))
                announce(f"Tapis local mode: open {preview.url}")
                announce(usage(settings))
                await preview.wait_closed()
                club.cancel()
    finally:
        await bot.service.close()
        await db.close()
    return 0
