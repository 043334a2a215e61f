"""Configuration read once from the environment (and ``.env``): :meth:`Settings.from_env`."""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from bot.infra.shards import parse_ids
from games.i18n import LOCALES


@dataclass(frozen=True)
class Settings:
    """Everything the bot needs to start; pauses and timers are zero in tests.

    ``computer_pause``: seconds a computer player waits before acting, so humans can follow
    (``COMPUTER_PAUSE``, default 1 s, in Discord and local mode alike);
    ``edit_interval``: least seconds between two edits of one table message;
    ``table_settle``: seconds the table message may hold back a card played within a trick (or a
    move within one seat's turn) while the seat to act follows from a console or is a computer: it
    is shown with the trick's end or after this many still seconds (``TABLE_SETTLE``, 15 s; 0 shows
    every card at once; not in local mode, nor where ``edit_interval`` is 0);
    ``table_refresh``: while so, the moves of one step of a deal (the bids of its auction, the
    tricks of its play) are gathered in one edit of the table message at most this many seconds
    old (``TABLE_REFRESH``, 60 s; 0: each trick's end shown at once); a new step (the auction's or
    the deal's end) and a seat's change are shown at once;
    ``turn_timer``: default seconds before a computer plays an absent player's turn (0 = off);
    ``lobby_idle`` / ``match_idle``: seconds after which a lobby nobody touched is cancelled / a match
    with no member's move is abandoned (24 h / 7 days), checked every ``housekeeping_interval``;
    ``guild_retention``: seconds a server's data is kept after the bot was removed from it (30 days);
    ``database_url``: a ``postgresql://`` URL (``DATABASE_URL``): PostgreSQL instead of the SQLite file
    ``database_path``; ``synchronous``: SQLite's durability (``FULL``: an acknowledged move survives a power cut);
    ``computer_workers``: processes the computer players think in (``COMPUTER_WORKERS``, 2 when read
    from the environment; 0 = one thread, the default of a bare ``Settings()`` in tests);
    ``expert_budget``: seconds an expert computer player (or a hint) thinks per decision when no other
    decision waits (``EXPERT_BUDGET``, 1 s); less when the workers have a queue (:class:`bot.infra.thinking.Budgets`);
    ``computer_target_wait``: seconds the computer players may keep a member waiting between two of
    their turns, pauses aside (``COMPUTER_TARGET_WAIT``, 3 s): the computers' decisions are thought
    about earliest deadline first and the expert's budget shrinks with the queue to keep it;
    ``metrics_port`` / ``metrics_host``: where ``/metrics`` and ``/healthz`` are served
    (``METRICS_PORT``, unset = off; ``METRICS_HOST``, default 127.0.0.1; :mod:`bot.infra.health`);
    ``image_workers``: processes the table and hand images are drawn in (``IMAGE_WORKERS``, 2 when
    read from the environment, where 0 means worker threads, the default of a bare ``Settings()``);
    ``shard_count``: Discord shards of the bot (``SHARD_COUNT``; ``None``: Discord's recommended count);
    ``shard_ids``: the shards this process serves (``SHARD_IDS``, such as ``0-3``; ``None``: all).
    """

    token: str | None = field(default=None, repr=False)
    database_path: Path = Path("data/tapis.sqlite3")
    database_url: str | None = field(default=None, repr=False)  # DATABASE_URL: PostgreSQL instead of SQLite
    dev_guild_id: int | None = None
    default_locale: str = "fr"
    computer_pause: float = 1.0
    edit_interval: float = 1.0
    table_settle: float = 15.0
    table_refresh: float = 60.0
    turn_timer: int = 90
    sync_commands: bool = True
    local: bool = False  # the local mode: one simulated channel, which cannot show threads
    lobby_idle: float = 24 * 3600.0
    match_idle: float = 7 * 24 * 3600.0
    housekeeping_interval: float = 600.0
    synchronous: str = "FULL"
    guild_retention: float = 30 * 24 * 3600.0
    computer_workers: int = 0
    expert_budget: float = 1.0
    computer_target_wait: float = 3.0
    metrics_port: int | None = None
    metrics_host: str = "127.0.0.1"
    image_workers: int = 0
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None, *, dotenv: bool = True, **overrides: Any) -> Settings:
        """Settings from ``env`` (default ``os.environ``, after loading ``.env`` when present)."""
        if env is None:
            if dotenv:
                from dotenv import load_dotenv

                load_dotenv(override=False)
            env = dict(os.environ)
        locale = (env.get("DEFAULT_LOCALE") or "fr").strip().lower()[:2]
        guild = (env.get("DEV_GUILD_ID") or "").strip()
        hours = _number(env.get("LOBBY_IDLE_HOURS"), 24.0)
        days = _number(env.get("MATCH_IDLE_DAYS"), 7.0)
        retention = _number(env.get("GUILD_RETENTION_DAYS"), 30.0)
        settings = cls(
            token=(env.get("DISCORD_TOKEN") or "").strip() or None,
            database_path=Path((env.get("DATABASE_PATH") or "").strip() or "data/tapis.sqlite3"),
            database_url=_database_url(env.get("DATABASE_URL")),
            dev_guild_id=int(guild) if guild.isdigit() else None,
            default_locale=locale if locale in LOCALES else "fr",
            lobby_idle=hours * 3600, match_idle=days * 24 * 3600, guild_retention=retention * 24 * 3600,
            synchronous=(env.get("DATABASE_SYNCHRONOUS") or "FULL").strip().upper(),
            computer_pause=_seconds(env.get("COMPUTER_PAUSE"), "COMPUTER_PAUSE", cls.computer_pause),
            table_settle=_seconds(env.get("TABLE_SETTLE"), "TABLE_SETTLE", cls.table_settle),
            table_refresh=_seconds(env.get("TABLE_REFRESH"), "TABLE_REFRESH", cls.table_refresh),
            computer_workers=int(_number(env.get("COMPUTER_WORKERS"), 2.0)),
            expert_budget=_number(env.get("EXPERT_BUDGET"), 1.0),
            computer_target_wait=_seconds(env.get("COMPUTER_TARGET_WAIT"), "COMPUTER_TARGET_WAIT",
                                          cls.computer_target_wait),
            metrics_port=_port(env.get("METRICS_PORT"), "METRICS_PORT"),
            metrics_host=(env.get("METRICS_HOST") or "").strip() or "127.0.0.1",
            image_workers=int(w) if (w := (env.get("IMAGE_WORKERS") or "").strip()).isdigit() else 2,
            **_shards(env.get("SHARD_COUNT"), env.get("SHARD_IDS")),
        )
        return replace(settings, **overrides)

    @property
    def database(self) -> str | Path:
        """What :func:`bot.storage.open_database` opens: ``DATABASE_URL`` when set, else the SQLite file."""
        return self.database_url or self.database_path

    def with_(self, **changes: Any) -> Settings:
        return replace(self, **changes)


class SettingsError(ValueError):
    """A setting with a value Tapis cannot use: the text is one line naming it."""


def _shards(count_text: str | None, ids_text: str | None) -> dict[str, Any]:
    """``SHARD_COUNT`` (a whole number, 1 or more; blank: Discord's recommendation) and ``SHARD_IDS``
    (ranges such as ``0-3`` or ``0,2,5-7`` within the count; blank: every shard)."""
    count_text, ids_text = (count_text or "").strip(), (ids_text or "").strip()
    count = None
    if count_text:
        if not count_text.isdigit() or int(count_text) < 1:
            raise SettingsError(f"SHARD_COUNT must be a whole number of shards (1 or more), not {count_text!r}")
        count = int(count_text)
    if not ids_text:
        return {"shard_count": count, "shard_ids": None}
    if count is None:
        raise SettingsError(f"SHARD_IDS={ids_text} needs SHARD_COUNT, the bot's total number of shards")
    try:
        return {"shard_count": count, "shard_ids": parse_ids(ids_text, count)}
    except ValueError as exc:
        raise SettingsError(str(exc)) from None


def _number(text: str | None, default: float) -> float:
    """A positive number from the environment, else ``default``."""
    try:
        value = float((text or "").strip())
    except ValueError:
        return default
    return value if value > 0 else default


def _port(text: str | None, name: str) -> int | None:
    """A TCP port from the environment (1-65535); blank means off (``None``)."""
    text = (text or "").strip()
    if not text:
        return None
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise SettingsError(f"{name} must be a port number from 1 to 65535, not {text!r}")
    return int(text)


def _database_url(text: str | None) -> str | None:
    """``DATABASE_URL``: a readable ``postgresql://`` URL, or ``None`` when blank (SQLite then).

    Anything else is refused in one line naming the cause and never the password (a typo such as
    ``postgres//host`` used to become an SQLite file of that name in the working folder)."""
    url = (text or "").strip()
    if not url:
        return None
    scheme = url.partition("://")[0] if "://" in url else ""
    if scheme.lower() not in ("postgresql", "postgres"):
        shown = f"{scheme}://..." if scheme else "a text without scheme://"
        raise SettingsError(f"DATABASE_URL must be a postgresql://user:password@host:port/database URL, not {shown}")
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 (reading it checks it: "Port out of range 0-65535")
    except ValueError as exc:
        raise SettingsError(f"DATABASE_URL is not a readable URL ({exc})") from None
    if parts.port == 0:
        raise SettingsError("DATABASE_URL: port 0 is no server's port (1 to 65535)")
    return url


def _seconds(text: str | None, name: str, default: float) -> float:
    """A non-negative number of seconds from the environment; blank means ``default``."""
    if not (text or "").strip():
        return default
    try:
        value = float(text or "")  # not blank: see above
    except ValueError:
        raise SettingsError(f"{name} must be a number of seconds, not {text!r}") from None
    if not (math.isfinite(value) and value >= 0):
        raise SettingsError(f"{name} must be a number of seconds (0 or more), not {text!r}")
    return value
