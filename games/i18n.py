"""Every player-facing text, from gettext catalogues (stdlib only, so games and rendering use it).

One ``.po`` file per language in ``games/locales/`` (``fr.po``, ``en.po``, ``es.po``) holds every message of
Tapis: the games' labels, options and rules, the images' words, the bot's replies and the slash
commands. Adding a language is adding its ``.po`` and its code to :data:`LOCALES`.

Messages are named by keys (``"tarot.phase.bidding"``; the bot's keys such as ``"stale"`` have no
dot), and ``en.po`` holds the English text like any other language. Texts are formatted with
:meth:`str.format` (``{name}``). Two contexts (gettext ``msgctxt``) keep apart the words of the
images (``"image"``, :mod:`rendering.i18n`) and the slash commands (``"command"``, whose keys are
their English text). Plural messages (:func:`tn`) follow each catalogue's ``Plural-Forms`` header,
which comes from Babel's locale data (``tools/messages.py`` writes it; a test checks it).

A key missing from a catalogue falls back to English, then to the key itself; the test suite
fails on any key used in the code and missing from a catalogue. Keys built at run time are
written out with :func:`N_` or :class:`Msg` so that ``tools/messages.py`` (Babel) finds them.
"""

from __future__ import annotations

import ast
import datetime as dt
import functools
import gettext
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from typing import IO, Any

#: The languages Tapis speaks: one ``games/locales/<code>.po`` each.
LOCALES: tuple[str, ...] = ("fr", "en", "es")
#: The language of last resort (and of the slash commands' source text).
FALLBACK = "en"
#: Tests set this: a message missing from every catalogue raises instead of showing its key
#: (keys chosen at run time escape the extraction check of tests/test_i18n.py).
STRICT = False
IMAGE = "image"
COMMAND = "command"
#: the names of a slash command's fixed choices (free text: accents and spaces allowed, unlike names)
CHOICE = "choice"
#: Where the catalogues are (package data of ``games``).
DIRECTORY: Traversable = resources.files("games").joinpath("locales")


def normalize(locale: str | None) -> str:
    """``"fr-FR"``, ``"fr_CA"``, ``"FR"`` -> ``"fr"``; a language Tapis does not speak -> English."""
    code = (locale or "").replace("_", "-").split("-")[0].strip().lower()
    return code if code in LOCALES else FALLBACK


def N_(key: str) -> str:
    """Mark ``key`` as a message for extraction; returns it unchanged (translate it later)."""
    return key


class Catalogue(gettext.NullTranslations):
    """One language's messages, read from its ``.po`` source (no compiled ``.mo`` needed).

    The catalogue is laid out like :class:`gettext.GNUTranslations` (``msgctxt`` joined to the key
    by ``\\x04``; plural forms under ``(key, index)``); fuzzy and empty entries count as missing.
    """

    _info: dict[str, str]  # set by NullTranslations, absent from its stubs
    _fallback: Catalogue | None  # the same (only catalogues are added: :func:`catalogue`)

    def __init__(self, fp: IO[str] | None = None) -> None:
        self._catalog: dict[str | tuple[str, int], str] = {}
        self.plural: Callable[[int], int] = lambda n: int(n != 1)
        super().__init__()
        if fp is not None:
            self._read(fp)

    def _read(self, fp: IO[str]) -> None:
        for entry in _entries(fp.read()):
            key = entry.get("msgid", "")
            if "msgctxt" in entry:
                key = f"{entry['msgctxt']}\x04{key}"
            if key == "":
                self._read_header(entry.get("msgstr", ""))
                continue
            if entry.get("fuzzy"):
                continue
            if "msgid_plural" in entry:
                for name, value in entry.items():
                    if name.startswith("msgstr[") and value:
                        self._catalog[(key, int(name[7:-1]))] = value
            elif entry.get("msgstr"):
                self._catalog[key] = entry["msgstr"]

    def _read_header(self, text: str) -> None:
        for line in text.splitlines():
            name, _, value = line.partition(":")
            self._info[name.strip().lower()] = value.strip()
        forms = self._info.get("plural-forms", "")
        if "plural=" in forms:
            self.plural = gettext.c2py(forms.split("plural=", 1)[1].strip().rstrip(";"))

    def lookup(self, key: str, context: str | None = None) -> str | None:
        """The translation of ``key`` in this catalogue only (no fallback), or ``None``."""
        found = self._catalog.get(f"{context}\x04{key}" if context else key)
        return found if isinstance(found, str) else None

    def lookup_plural(self, key: str, n: int, context: str | None = None) -> str | None:
        """The plural form of ``key`` for ``n`` in this catalogue only, or ``None``."""
        return self._catalog.get((f"{context}\x04{key}" if context else key, self.plural(n)))

    def keys(self) -> set[tuple[str | None, str]]:
        """Every ``(context, key)`` translated here (plural messages once)."""
        out: set[tuple[str | None, str]] = set()
        for k in self._catalog:
            text = k[0] if isinstance(k, tuple) else k
            ctx, sep, key = text.partition("\x04")
            out.add((ctx, key) if sep else (None, text))
        return out

    def gettext(self, message: str) -> str:
        return self.pgettext(None, message)

    def pgettext(self, context: str | None, message: str) -> str:
        found = self.lookup(message, context)
        if found is not None:
            return found
        if self._fallback:
            return self._fallback.pgettext(context, message)
        if STRICT:
            raise KeyError(f"no message {message!r} (context {context!r}) in the catalogues")
        return message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.npgettext(None, msgid1, msgid2, n)

    def npgettext(self, context: str | None, msgid1: str, msgid2: str, n: int) -> str:
        found = self.lookup_plural(msgid1, n, context)
        if found is not None:
            return found
        if self._fallback:
            return self._fallback.npgettext(context, msgid1, msgid2, n)
        if STRICT:
            raise KeyError(f"no plural message {msgid1!r} (context {context!r}) in the catalogues")
        return msgid1 if n == 1 else msgid2


def _entries(text: str) -> Iterator[dict[str, Any]]:
    """The entries of a ``.po`` file as dicts (``msgctxt msgid msgid_plural msgstr msgstr[N]`` and
    ``fuzzy``); comments and obsolete (``#~``) entries are skipped."""
    entry: dict[str, Any] = {}
    field = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            if "msgid" in entry:
                yield entry
                entry = {}
            if line.startswith("#,") and "fuzzy" in line:
                entry["fuzzy"] = True
            continue
        if line.startswith('"'):
            entry[field] += ast.literal_eval(line)
            continue
        field, _, value = line.partition(" ")
        if field in ("msgctxt", "msgid") and "msgid" in entry:
            yield entry
            entry = {}
        entry[field] = ast.literal_eval(value.strip())
    if "msgid" in entry:
        yield entry


@functools.cache
def catalogue(locale: str) -> Catalogue:
    """The catalogue of ``locale`` (normalized), falling back to English."""
    code = normalize(locale)
    with DIRECTORY.joinpath(f"{code}.po").open(encoding="utf-8") as fp:
        found = Catalogue(fp)
    if code != FALLBACK:
        found.add_fallback(catalogue(FALLBACK))
    return found


def t(locale: str, key: str, **kw: Any) -> str:
    """The message ``key`` in ``locale``, formatted with ``kw``."""
    text = catalogue(locale).gettext(key)
    return text.format(**kw) if kw else text


def tn(locale: str, key: str, n: float, **kw: Any) -> str:
    """The plural message ``key`` for the count ``n`` in ``locale``; ``{n}`` is filled in too."""
    return catalogue(locale).ngettext(key, key, _count(n)).format(n=number(n, locale), **kw)


def pt(locale: str, context: str, key: str, **kw: Any) -> str:
    """The message ``key`` of ``context`` (``"image"``, ``"command"``) in ``locale``."""
    text = catalogue(locale).pgettext(context, key)
    return text.format(**kw) if kw else text


def ptn(locale: str, context: str, key: str, n: float, **kw: Any) -> str:
    """The plural message ``key`` of ``context`` for the count ``n`` in ``locale``."""
    return catalogue(locale).npgettext(context, key, key, _count(n)).format(n=number(n, locale), **kw)


def _count(n: float) -> int:
    """The integer a plural rule is given: the size without its sign ("-207 points", "-1 point"),
    and a fraction takes the general plural ("1.5 points")."""
    return abs(int(n)) if float(n).is_integer() else 2


def number(n: float, locale: str) -> str:
    """``n`` as written in ``locale``: no useless ``.0``, the locale's decimal sign ("4,5"), and from
    10 000 on its digit groups ("1 000 000" in French, "1,000,000" in English, "1.000.000" in
    Spanish; scores of four digits stay whole, as CLDR writes Spanish ones)."""
    if isinstance(n, float) and not n.is_integer():
        return f"{n:g}".replace(".", t(locale, "common.decimal"))
    whole = int(n)
    if abs(whole) < 10_000:
        return str(whole)
    return f"{whole:,}".replace(",", t(locale, "common.thousands"))


def date_text(moment: str | dt.datetime | None, locale: str) -> str:
    """A UTC date and time as ``locale`` writes it, the date through CLDR (Babel): "27 nov. 2026, 03:24
    UTC", "Nov 27, 2026, 03:24 UTC", "27 nov 2026, 03:24 UTC" (text where Discord's own timestamps cannot go, such as an
    autocomplete entry or a file); an unreadable value is returned as it is."""
    if moment is None:
        return "?"
    if not isinstance(moment, dt.datetime):
        try:
            moment = dt.datetime.fromisoformat(str(moment))
        except ValueError:
            return str(moment)
    from babel.dates import format_date

    day = format_date(moment.date(), format="medium", locale=normalize(locale).replace("-", "_"))
    return f"{day}, {moment.hour:02d}:{moment.minute:02d} UTC"  # CLDR's date; a 24-hour clock in every language


def day_text(day: str | dt.date | None, locale: str) -> str:
    """A calendar day as ``locale`` writes it, through CLDR (Babel): "1 mars 2026", "March 1,
    2026", "1 de marzo de 2026"; an unreadable value is returned as it is."""
    from babel.dates import format_date

    if day is None:
        return "?"
    if not isinstance(day, dt.date):
        try:
            day = dt.date.fromisoformat(str(day)[:10])
        except ValueError:
            return str(day)
    return format_date(day, format="long", locale=normalize(locale).replace("-", "_"))


def yes_no(value: Any, locale: str) -> str:
    """``Oui`` / ``Non`` (``Yes`` / ``No``) for a boolean value."""
    return t(locale, "common.yes") if value else t(locale, "common.no")


@dataclass(frozen=True)
class Msg(Mapping[str, str]):
    """A catalogue message usable where a ``{"fr": ..., "en": ...}`` dict was: ``msg["fr"]``,
    ``msg.get(locale)``, or called: ``msg(locale)`` (any locale spelling, English fallback)."""

    key: str

    def __call__(self, locale: str, **kw: Any) -> str:
        return t(locale, self.key, **kw)

    def __getitem__(self, locale: str) -> str:
        if locale not in LOCALES:
            raise KeyError(locale)
        return t(locale, self.key)

    def __iter__(self) -> Iterator[str]:
        return iter(LOCALES)

    def __len__(self) -> int:
        return len(LOCALES)

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Msg) and other.key == self.key


def localized(mapping: Mapping[str, str] | None, locale: str, default: str = "") -> str:
    """``mapping`` (a :class:`Msg` or a ``{"fr": ..., "en": ...}`` dict) in ``locale``."""
    if not mapping:
        return default
    if isinstance(mapping, Msg):
        return mapping(locale)
    return str(mapping.get(normalize(locale)) or mapping.get(FALLBACK) or next(iter(mapping.values())))
