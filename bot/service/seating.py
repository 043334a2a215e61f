"""The lobby's rules for :class:`bot.service.tables.TableService`: a table's status and host checked
before a change, a lobby change undone in memory when its save fails, and computer seats' names."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

from bot.service.autoplay import LEVEL_KEYS
from bot.service.i18n import t
from bot.service.table import BotError, Table


def need_open(table: Table) -> None:
    """:raises BotError: the table is over or cancelled."""
    if not table.open:
        raise BotError.of("table_over" if table.status == "over" else "cancelled", table=table.called)


def need(table: Table, status: str) -> None:
    """:raises BotError: the table is closed, or not in ``status`` (``"lobby"`` or ``"playing"``)."""
    need_open(table)
    if table.status != status:
        raise BotError.of("not_lobby" if status == "lobby" else "not_playing")


def need_host(table: Table, by: int | None) -> None:
    """:raises BotError: ``by`` is not the table's host."""
    if by != table.host_id:
        host = next((s.name for s in table.seats if s.user_id == table.host_id), "?")
        raise BotError.of("not_host", host=host)


@contextmanager
def undo(table: Table) -> Iterator[None]:
    """A lobby change whose save fails is undone in memory too (memory never runs ahead of the
    database)."""
    saved = ([replace(s) for s in table.seats], table.status, table.state, table.active_at)
    try:
        yield
    except BaseException:
        table.seats, table.status, table.state, table.active_at = saved
        raise


def computer_seat_name(locale: str, n: int, level: str | None) -> str:
    """Computer ``n``'s name at ``level`` in ``locale`` ("Ordinateur 2 (Expert)")."""
    return t(locale, "computer_seat", n=n, level=t(locale, LEVEL_KEYS[level or "normal"]))
