"""The words the images show: thin facades over the catalogues of :mod:`games.i18n` (context
``image`` of ``games/locales/<locale>.po``); ``locale`` is ``"fr"``, ``"en-US"``..."""

from __future__ import annotations

from games.i18n import IMAGE, N_, normalize, pt, ptn

__all__ = ["N_", "colon", "fr", "tr", "trn"]


def fr(locale: str) -> bool:
    return normalize(locale) == "fr"


def tr(key: str, locale: str = "fr", **fields: object) -> str:
    """The word ``key`` in ``locale`` with ``fields`` filled in (the key itself if unknown)."""
    return pt(locale, IMAGE, key, **fields)


def trn(key: str, n: int | float, locale: str = "fr", **fields: object) -> str:
    """The plural message ``key`` in the form that fits the count ``n`` (``{n}`` is filled in)."""
    return ptn(locale, IMAGE, key, n, **fields)


def colon(locale: str) -> str:
    """The colon of ``locale``: French puts a space before it (``" : "``), English does not."""
    return tr("colon", locale)

