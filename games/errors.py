"""Errors raised by game engines.

Every error is a ``ValueError`` whose text is safe to show to a player. Messages are
bilingual: ``str(err)`` is the English text, ``err.localized("fr")`` the French one.
"""

from __future__ import annotations


class GameError(ValueError):
    """Base class of every engine error; the message can be shown to players as is."""

    def __init__(self, en: str, fr: str | None = None) -> None:
        super().__init__(en)
        self.en = en
        self.fr = fr if fr is not None else en

    def localized(self, locale: str = "fr") -> str:
        """The message in ``locale`` ("fr" or anything else for English)."""
        return self.fr if locale.startswith("fr") else self.en


class InvalidAction(GameError):
    """The action text cannot be parsed."""


class IllegalAction(GameError):
    """The action is well formed but not allowed now."""


class NotYourTurn(GameError):
    """The seat is not the one whose decision is awaited."""


class CorruptState(GameError):
    """A serialized state cannot be loaded or its log does not replay."""
