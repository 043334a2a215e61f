"""A key moment's reason in words, where the engine can say it (:mod:`bot.service.review_words`):
the Petit or a King the other camp won ("le Petit est pris : −40", from the deal itself,
:func:`games.review.captures`), a contract the expert found playable ("la Garde était jouable :
+52 attendus") or one it expected to lose, from the decision's expected scores."""

from __future__ import annotations

from bot.service.field_words import signed
from bot.service.i18n import t
from games.base import Game
from games.errors import GameError
from games.review import Decision

#: the action kinds of an auction (a bid, a pass)
AUCTION = frozenset({"bid", "pass"})


def moment_reason(decision: Decision, game: Game, locale: str) -> str | None:
    """The reason of a key moment, or ``None`` when the engine has none to give."""
    loss = signed(-round(decision.loss or 0.0), locale)
    if decision.why[:1] == ("captured",) and len(decision.why) > 1:
        card = decision.why[1]
        if card == "T1":
            return t(locale, "review_reason_petit", loss=loss)
        return t(locale, "review_reason_taken", card=_label(game, f"play:{card}", locale), loss=loss)
    played, best = _kind(game, decision.played), _kind(game, decision.best)
    if played not in AUCTION or best not in AUCTION:
        return None
    if best == "bid" and decision.best_value is not None and decision.best_value > 0:
        return t(locale, "review_reason_playable", contract=_label(game, decision.best, locale),
                 value=signed(round(decision.best_value), locale))
    if played == "bid" and decision.played_value is not None and decision.played_value < 0:
        return t(locale, "review_reason_overbid", contract=_label(game, decision.played, locale),
                 value=signed(round(decision.played_value), locale))
    return None


def _kind(game: Game, text: str) -> str:
    try:
        return game.parse_action(text).kind
    except (GameError, ValueError):
        return ""


def _label(game: Game, text: str, locale: str) -> str:
    try:
        return game.action_label(game.parse_action(text), locale)
    except (GameError, ValueError):
        return text
