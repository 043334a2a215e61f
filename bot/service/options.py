"""The ``options`` of ``/table new`` as people type them, and their autocomplete.

``name=value`` pairs separated by spaces, commas or semicolons (``deals=2 excuse_from_ecart=oui``,
``donnes = 2, excuse_ecart=sí``); a name in any language Tapis speaks (:mod:`games.option_words`);
yes/no in any of them. Strict: an unknown name, a name without a value, an option given twice
(under two names too) or a value not allowed is refused in one line naming the option and what it
takes, never guessed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from bot.service.i18n import t
from bot.service.table import BotError
from games import option_words as ow
from games.base import Game, Option
from games.errors import GameError

#: what separates two options: spaces, commas, semicolons
_SEPARATORS = re.compile(r"[\s,;]+")
#: spaces around "=" belong to the pair ("deals = 2")
_EQUALS = re.compile(r"\s*=\s*")
#: how much of a player's input an error message echoes
_ECHO = 30
#: Discord's limit on an autocomplete choice's name and value, and on their number
_CHOICE = 100
_CHOICES = 25


def _clip(text: str) -> str:
    return text if len(text) <= _ECHO else text[: _ECHO - 1] + "…"


def tokens(text: str | None) -> list[str]:
    """``"deals = 2, a=b  c=d"`` -> ``["deals=2", "a=b", "c=d"]``."""
    return [p for p in _SEPARATORS.split(_EQUALS.sub("=", text or "")) if p]


def _names(game: Game) -> Callable[[str], str]:
    return lambda locale: ", ".join(ow.word(o, locale) for o in game.options())


def _option(game: Game, token: str) -> tuple[Option, str, str]:
    """The option a ``name=value`` token sets, the name as typed and the value as typed."""
    name, sep, value = token.partition("=")
    if not sep or not name:
        raise BotError.of("option_without_value", text=_clip(token), names=_names(game))
    option = ow.find(game, name)
    if option is None:
        raise BotError.of("option_unknown", name=_clip(name), game=game, names=_names(game))
    return option, name, value


def _value(option: Option, name: str, value: str) -> Any:
    try:
        return option.validate(ow.typed_value(option, value))
    except GameError:
        raise BotError.of("option_refused", name=_clip(name), value=_clip(value),
                          allowed=lambda locale: ow.allowed(option, locale)) from None


def given(game: Game, text: str | None) -> dict[str, Any]:
    """The options ``text`` sets, by canonical name, each validated (the others left out).

    :raises BotError: on the first pair refused, saying why in one line."""
    out: dict[str, Any] = {}
    typed: dict[str, str] = {}
    for token in tokens(text):
        option, name, value = _option(game, token)
        if option.name in out:
            shown = name if ow.folded(name) == ow.folded(typed[option.name]) else f"{typed[option.name]}/{name}"
            raise BotError.of("repeated_option", name=_clip(shown))
        out[option.name] = _value(option, name, value)
        typed[option.name] = name
    return out


def parse(game: Game, text: str | None) -> dict[str, Any]:
    """Every option of ``game`` for a new table: those ``text`` sets (:func:`given`), the others
    at their default."""
    return game.resolve_options(given(game, text))


def complete(game: Game, current: str, locale: str) -> list[tuple[str, str]]:
    """Autocomplete entries ``(label, value)`` for ``current``: the options typed so far kept, the
    one being typed completed (its name in the language it is typed in, else ``locale``'s, then its
    values); when nothing fits, one entry saying why (its value: the text as typed)."""
    text = _EQUALS.sub("=", current)
    cut = max(text.rfind(c) for c in " ,;\t\n")
    done, typing = text[: cut + 1], text[cut + 1:]
    try:
        used = given(game, done)
    except BotError as err:
        return [(_clipped(f"⚠ {err.localized(locale)}"), current[:_CHOICE])]
    prefix = ", ".join(tokens(done))
    prefix = f"{prefix}, " if prefix else ""
    out = []
    for name, value, option in _candidates(game, typing, locale, used):
        entry = f"{prefix}{name}={value}"
        if len(entry) > _CHOICE:
            continue
        shown = option.label(option.validate(ow.typed_value(option, value)), locale)
        line = t(locale, "option_line", name=option.describe(locale), value=shown)
        out.append((_clipped(f"{entry}  ({line})"), entry))
        if len(out) == _CHOICES:
            break
    if out:
        return out
    try:
        given(game, text)
    except BotError as err:
        return [(_clipped(f"⚠ {err.localized(locale)}"), current[:_CHOICE])]
    return [(_clipped(f"✓ {current.strip()}"), current[:_CHOICE])] if current.strip() else []


def _candidates(game: Game, typing: str, locale: str,
                used: dict[str, Any]) -> list[tuple[str, str, Option]]:
    """``(name, value, option)`` completing ``typing`` (``"don"``, ``"deals=1"``, ``""``)."""
    name, sep, value = typing.partition("=")
    key = ow.folded(name)
    out = []
    for option in game.options():
        if option.name in used:
            continue
        names = [ow.word(option, locale), *ow.words(option)]
        if sep:
            match = next((n for n in names if ow.folded(n) == key), None)
        else:
            match = next((n for n in names if ow.folded(n).startswith(key)), None) or \
                next((n for n in names if key in ow.folded(n)), None)
        if match is None:
            continue
        values = ow.value_words(option, locale)
        if sep:
            values = [v for v in values if ow.folded(v).startswith(ow.folded(value))]
        elif len(values) > 3:  # a range: the default first, then a few
            default = ow.value_text(option, option.default, locale)
            values = [default, *(v for v in values if v != default)][:3]
        out += [(match, v, option) for v in values]
    return out


def _clipped(text: str) -> str:
    return text if len(text) <= _CHOICE else text[: _CHOICE - 1] + "…"
