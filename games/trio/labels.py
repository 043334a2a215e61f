"""Short names of laid combinations, shared by the table image, the buttons and the hand notes:
"brelan de 4", "carré de D", "séquence 5♥–9♥" (docs/rules/trio.md, « Combinations »: sets and runs)."""

from __future__ import annotations

from collections.abc import Sequence

from games.cards import card
from games.i18n import N_, t


def _rank(code: str, locale: str) -> str:
    """The localized rank of a natural card code ("D" for the French Queen)."""
    short = card(code).short(locale)
    return short[:-1]


#: a set's rank in words, plural ("brelan de Dames", "three Queens"); a number through trio.rank.number
_RANK_WORDS = {"A": N_("trio.rank.A"), "K": N_("trio.rank.K"), "Q": N_("trio.rank.Q"), "J": N_("trio.rank.J")}


def _rank_words(code: str, locale: str) -> str:
    """A natural card's rank as a set names it, in words: "Dames", "7" ("7s" in English)."""
    rank = code[:-1]
    return t(locale, _RANK_WORDS[rank]) if rank in _RANK_WORDS else t(locale, "trio.rank.number", n=rank)


def meld_name(kind: str, reps: Sequence[str], locale: str = "fr", short: bool = False, glyphs: bool = False) -> str:
    """The name of a combination from what its cards stand for (``as`` in the view: a natural's own
    code, a rank for a wild in a set, a card for a wild in a run). ``short``: a run as its ends
    alone ("7♦–D♦"), a set without "de", where a narrow picture has no room for the words.
    ``glyphs``: the run's cards with suit glyphs, for the images; text writes suits in words."""
    if kind == "seq" and reps:
        first, last = (card(reps[0]).short(locale), card(reps[-1]).short(locale)) if glyphs else \
            (card(reps[0]).text(locale), card(reps[-1]).text(locale))
        key = N_("trio.meld.short.seq") if short else N_("trio.meld.name.seq")
        return t(locale, key, first=first, last=last)
    natural = next((r for r in reps if len(r) >= 2 and r[-1] in "SHDC" and r[:-1] != "2"), None)
    if natural:
        rank = _rank(natural, locale) if short else _rank_words(natural, locale)
    elif (stands := next(iter(reps), "")) and stands.rstrip("SHDC") == stands and stands != "2":
        rank = _rank(f"{stands}S", locale) if short else _rank_words(f"{stands}S", locale)  # wilds for a rank
    else:
        rank = stands or "?"
    if short:
        key = N_("trio.meld.short.carre") if len(reps) >= 4 else N_("trio.meld.short.brelan")
    else:
        key = N_("trio.meld.name.carre") if len(reps) >= 4 else N_("trio.meld.name.brelan")
    return t(locale, key, rank=rank)
