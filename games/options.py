"""The table options a lobby can offer (:meth:`games.base.Game.options`): their values checked and
converted from what players type, and their labels and descriptions in the reader's language."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.errors import GameError
from games.i18n import localized, yes_no

#: the words a yes/no option takes, in every language Tapis speaks (whatever the table's language:
#: a Spanish member may type "sí" at a French table); anything else is refused, naming the option
YES = frozenset({"1", "true", "yes", "y", "on", "oui", "o", "si", "sí"})
NO = frozenset({"0", "false", "no", "n", "off", "non"})
ASCII_INT = re.compile(r"[+-]?[0-9]{1,9}")


def _yes_no(name: str, text: str) -> bool:
    word = text.strip().lower()
    if word in YES:
        return True
    if word in NO:
        return False
    shown = text.strip()[:20]
    raise GameError.of("error.option.yes_no", name=name, value=repr(shown), words="yes/no, oui/non, sí/no")


def _ascii_int(text: str) -> int:
    """A whole number written with ASCII digits only (``int()`` also reads "٣", "1_000", " ３ ")."""
    if not ASCII_INT.fullmatch(text.strip()):
        raise ValueError(text)
    return int(text.strip())


@dataclass(frozen=True)
class Option:
    """A table option a lobby can offer (``Game.options()``).

    ``choices`` lists the allowed values (``None`` for a free int within ``minimum``/``maximum``);
    ``labels`` optionally names some values; ``description`` and labels are catalogue messages
    (:class:`games.i18n.Msg`; a ``{"fr": ..., "en": ...}`` dict works too).
    """

    name: str
    default: Any
    description: Mapping[str, str]
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    labels: Mapping[Any, Mapping[str, str]] = field(default_factory=dict)

    @property
    def kind(self) -> type:
        return type(self.default) if self.default is not None else int

    def validate(self, value: Any) -> Any:
        """``value`` converted to the option's type; raises :class:`GameError` when not allowed."""
        if value is None:
            return self.default
        try:
            if self.kind is bool and isinstance(value, str):
                value = _yes_no(self.name, value)
            elif self.kind is int and isinstance(value, str):
                value = _ascii_int(value)
            else:
                value = self.kind(value)
        except (TypeError, ValueError) as exc:
            if isinstance(exc, GameError):
                raise
            raise GameError.of("error.option.bad_value", name=self.name, value=repr(value)) from exc
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise GameError.of("error.option.choices", name=self.name, allowed=allowed)
        if (self.minimum is not None and value < self.minimum) or \
                (self.maximum is not None and value > self.maximum):
            raise GameError.of("error.option.range", name=self.name, minimum=str(self.minimum),
                               maximum=str(self.maximum))
        return value

    def label(self, value: Any, locale: str = "fr") -> str:
        """The value as players read it: its label, Oui/Non (Yes/No) for a yes/no option."""
        names = self.labels.get(value)
        if names:
            return localized(names, locale, str(value))
        if isinstance(value, bool):
            return yes_no(value, locale)
        return str(value)

    def describe(self, locale: str = "fr") -> str:
        """The option's description in ``locale``."""
        return localized(self.description, locale, self.name)
