"""Why a rating moved, in one line: "défense perdue contre une Garde ×2 : −8 · Garde
gagnée : +12" under a match's results and in ``/stats``, from the parts :func:`bot.service.ratings.rate_match`
stores with each result line (:class:`bot.service.ratings.Why`)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.service.i18n import N_, t
from bot.service.ratings import Why
from games.base import Game

#: (role, side won) -> message: Tarot's contracts are feminine, Tresillo's masculine in French
DEAL_WORDS: dict[tuple[str, bool], str] = {
    ("taker", True): N_("rating_why_taker_won"), ("taker", False): N_("rating_why_taker_lost"),
    ("partner", True): N_("rating_why_partner_won"), ("partner", False): N_("rating_why_partner_lost"),
    ("defender", True): N_("rating_why_defender_lost"), ("defender", False): N_("rating_why_defender_won"),
    ("declarer", True): N_("rating_why_declarer_won"), ("declarer", False): N_("rating_why_declarer_lost"),
    ("other", True): N_("rating_why_other_lost"), ("other", False): N_("rating_why_other_won"),
}
MINUS = "\u2212"


def change_text(change: float) -> str:
    """``+12``, ``−8`` (a true minus sign), ``0``."""
    n = round(change)
    return f"{MINUS}{-n}" if n < 0 else f"+{n}" if n > 0 else "0"


def label(game: Game | None, why: Why, locale: str) -> str:
    """The part's words without its change: "défense perdue contre une Garde", "place 2 sur 3"."""
    if why.place is not None:
        return t(locale, "rating_why_place", place=why.place, n=why.of or "?")
    if why.role == "alcalde":
        return t(locale, "rating_why_alcalde")
    contract = why.contract or ""
    if game is not None and why.contract:
        contract = game.contract_label({"bid": why.contract, "name": why.contract}, locale) or why.contract
    key = DEAL_WORDS.get((why.role or "", bool(why.won)))
    if key is None:
        return t(locale, "rating_why_deal", contract=contract)
    return t(locale, key, contract=contract)


def parts_of(stored: str | Sequence[Any] | None) -> list[Why]:
    """The parts stored with a result line (JSON text or list), [] when none."""
    if not stored:
        return []
    data = json.loads(stored) if isinstance(stored, str) else stored
    return [Why.from_json(p) for p in data if isinstance(p, dict)]


def why_line(game: Game | None, stored: str | Sequence[Any] | None, locale: str) -> str:
    """One line: each kind of deal (or the place) and what it moved, largest first ("" when none)."""
    return " · ".join(t(locale, "rating_why_part", label=label(game, w, locale),
                        times=f" ×{w.n}" if w.n > 1 else "", change=change_text(w.change))
                      for w in parts_of(stored))
