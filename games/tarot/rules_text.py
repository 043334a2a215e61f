"""A short rules summary for players (our own words; FFT rules); the text is in the catalogues."""

from __future__ import annotations

from games.i18n import Msg

PAGES = (Msg("tarot.rules.1"), Msg("tarot.rules.2"), Msg("tarot.rules.3"), Msg("tarot.rules.4"))


def summary(locale: str = "fr") -> list[str]:
    """Four pages of rules summary in ``locale``, each under 2,000 characters."""
    return [page(locale) for page in PAGES]
