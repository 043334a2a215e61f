"""Why a rating moved, in one line: "défense perdue contre une Garde ×2 : −8 · Garde
gagnée : +12" under a match's results and in ``/stats``, from the parts :func:`bot.service.ratings.rate_match`
stores with each result line (:class:`bot.service.ratings.Why`)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from bot.service.i18n import N_, t
from bot.service.ratings import Why, provisional, shown
from bot.storage import Rating
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


Stored = str | Sequence[Any] | Mapping[str, Any] | None


def _loaded(stored: Stored) -> Any:
    return json.loads(stored) if isinstance(stored, str) else stored


def parts_of(stored: Stored) -> list[Why]:
    """The parts stored with a result line (:meth:`bot.service.ratings.Rated.stored_why`: JSON text
    or its object; a list of parts as older matches stored them), [] when none."""
    if not stored:
        return []
    data = _loaded(stored)
    if isinstance(data, Mapping):
        data = data.get("parts") or []
    return [Why.from_json(p) for p in data if isinstance(p, dict)]


def provisional_after(stored: Stored) -> bool:
    """Whether the result line's rating after the match was still provisional (False when not stored)."""
    data = _loaded(stored) if stored else None
    return bool(isinstance(data, Mapping) and data.get("provisional"))


def stored_change(stored: Stored, before: float | None, after: float | None) -> int | None:
    """The change of shown rating a result line stored (the one its parts add up to); for an older
    line, the difference of its shown ratings (``None`` for a practice match)."""
    data = _loaded(stored) if stored else None
    if isinstance(data, Mapping) and isinstance(data.get("change"), int):
        return int(data["change"])
    if before is None or after is None:
        return None
    return shown(after) - shown(before)


def why_line(game: Game | None, stored: Stored, locale: str) -> str:
    """One line: each kind of deal (or the place) and what it moved, largest first ("" when none)."""
    return " · ".join(t(locale, "rating_why_part", label=label(game, w, locale),
                        times=f" ×{w.n}" if w.n > 1 else "", change=change_text(w.change))
                      for w in parts_of(stored))


def ladder(found: Sequence[Rating], ranked: int = 15, apart: int = 10) -> tuple[list[Rating], list[Rating]]:
    """A leaderboard's two lists, best first: the settled ratings, ranked (at most ``ranked``), and
    the provisional ones listed apart (at most ``apart``), as Lichess leaves provisional ratings
    off its rankings."""
    settled = [r for r in found if not provisional(r)]
    unsure = [r for r in found if provisional(r)]
    return settled[:ranked], unsure[:apart]
