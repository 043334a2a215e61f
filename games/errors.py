"""Errors raised by game engines.

Every error is a ``ValueError`` whose text is safe to show to a player. Engine errors are made with
:meth:`GameError.of` from a catalogue key and its fields, so ``err.localized(locale)`` reads them in
every language Tapis speaks (``str(err)`` is the English text). A field may be a callable taking
the locale (a :class:`~games.i18n.Msg`, ``card.name``): it is then written in the reader's language.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Self

from games.i18n import t

#: A message field: a plain value, or a text written in the reader's language.
Field = str | int | float | Callable[[str], str]


def message(locale: str, key: str, fields: Mapping[str, Field]) -> str:
    """The catalogue message ``key`` in ``locale``, each callable field called with ``locale``."""
    return t(locale, key, **{k: v(locale) if callable(v) else v for k, v in fields.items()})


class GameError(ValueError):
    """Base class of every engine error; the message can be shown to players as is."""

    key: str | None = None
    fields: Mapping[str, Field] = {}

    def __init__(self, en: str, fr: str | None = None) -> None:
        super().__init__(en)
        self.en = en
        self.fr = fr if fr is not None else en

    @classmethod
    def of(cls, key: str, **fields: Field) -> Self:
        """The error reading the catalogue message ``key`` with ``fields``."""
        err = cls(message("en", key, fields), message("fr", key, fields))
        err.key, err.fields = key, fields
        return err

    def localized(self, locale: str = "fr") -> str:
        """The message in ``locale`` (from the catalogues when made with :meth:`of`; otherwise "fr"
        or English for anything else)."""
        if self.key is not None:
            return message(locale, self.key, self.fields)
        return self.fr if locale.startswith("fr") else self.en


class InvalidAction(GameError):
    """The action text cannot be parsed."""


class IllegalAction(GameError):
    """The action is well formed but not allowed now."""


class NotYourTurn(GameError):
    """The seat is not the one whose decision is awaited."""


class CorruptState(GameError):
    """A serialized state cannot be loaded or its log does not replay."""
