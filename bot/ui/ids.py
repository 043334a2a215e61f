"""The one custom_id scheme: ``tp:<table>:<rev>:<action>``, at most 100 characters.

``action`` is a game action's text (``play:QH``), ``#<n>`` (the n-th legal action at that
revision, when the text would not fit), or a bot verb starting with ``~`` (``~h`` my hand,
``~j`` join, ``~l`` leave, ``~be``/``~bn``/``~bx`` add an easy/normal/expert computer player, ``~s`` start, ``~c`` cancel, ``~v`` vote
to abort, ``~g<n>`` open menu group n, ``~a`` single-choice menu, ``~m`` multi-pick menu,
``~q`` a game's pick menu (``bot/service/picks.py``), ``~r:<game>`` rules page ``rev``, ``~i`` a page of ``/help``, ``~f`` the field of a shared deal, ``~t`` the deal picker of ``/history``, ``~o`` replay from here).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import discord

PREFIX = "tp"
MAX_LEN = 100
TEMPLATE = r"tp:(?P<table>[0-9a-z]{1,16}):(?P<rev>[0-9]{1,9}):(?P<action>.{1,80})"  # ASCII digits only
PATTERN = re.compile(TEMPLATE)  # fullmatch: no newline (``.`` does not match one)


@dataclass(frozen=True)
class ParsedId:
    table: str
    rev: int
    action: str

    @property
    def is_verb(self) -> bool:
        return self.action.startswith("~")

    @property
    def index(self) -> int | None:
        """The legal-action index of a ``#<n>`` id, else ``None``."""
        return number(self.action[1:]) if self.action.startswith("#") else None


def number(text: str) -> int | None:
    """``text`` as a whole number when it is ASCII digits only (``"٣"``, ``"³"``, ``"1_0"``: ``None``;
    ``str.isdigit`` and ``int`` accept those), at most 9 of them."""
    return int(text) if 0 < len(text) <= 9 and text.isascii() and text.isdigit() else None


def build_id(table: str, rev: int, action: str, *, index: int | None = None) -> str:
    """``build_id("k3x9", 41, "play:QH") == "tp:k3x9:41:play:QH"``.

    When the action text would make the id longer than 100 characters, ``index`` (its position
    in the legal actions at ``rev``) is used instead: ``tp:k3x9:41:#7``.
    """
    custom_id = f"{PREFIX}:{table}:{rev}:{action}"
    if len(custom_id) > MAX_LEN or not PATTERN.fullmatch(custom_id):
        if index is None:
            raise ValueError(f"custom_id too long and no index given ({len(custom_id)} characters)")
        custom_id = f"{PREFIX}:{table}:{rev}:#{index}"
    if len(custom_id) > MAX_LEN:
        raise ValueError("table id too long for a custom_id")
    return custom_id


def parse_id(custom_id: str) -> ParsedId | None:
    """The parts of a Tapis custom_id, or ``None`` when it is not one."""
    match = PATTERN.fullmatch(custom_id) if len(custom_id) <= MAX_LEN else None
    if match is None:
        return None
    return from_match(match)


def from_match(match: re.Match[str]) -> ParsedId:
    """The parts of a custom_id :data:`TEMPLATE` matched."""
    return ParsedId(match["table"], int(match["rev"]), match["action"])


#: a component's handler: the interaction, its parsed custom id, the values a menu sent
Handler = Callable[["discord.Interaction[Any]", ParsedId, list[str]], Awaitable[None]]
