"""Cards in words, as the messages write them (:meth:`games.cards.Card.text`), trumps and Spanish
cards by their full names (:func:`games.cards.card_name`: "21 d'atout", "Cavalier de coupe"): for
the layouts' lines and the images' descriptions (:mod:`rendering.alt_text`)."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from games.cards import Family, card, card_name
from rendering.i18n import tr


@functools.lru_cache(maxsize=4096)  # pure, from catalogues that never change
def card_words(code: str, family: Family, locale: str) -> str:
    """One card in words ("Roi de pique", "21", "Excuse"); a face-down card as such."""
    if not code:
        return tr("alt.face_down", locale)
    try:
        c = card(code, family)
    except ValueError:
        return code
    return card_name(c, locale) if c.is_trump or c.family == "spanish" else c.text(locale)


def cards_words(codes: Sequence[str], family: Family, locale: str) -> str:
    """Cards in words, joined by commas; "—" for none."""
    return ", ".join(card_words(c, family, locale) for c in codes) if codes else "—"
