"""The easy Tresillo level: a plausible beginner.

* Bids from a beginner's rule of thumb (docs/rules/tresillo.md, « The deal », « Bidding »): in the suit where it holds the most
  trumps, five trumps, or four with a matador, or three with two matadors make a "Je joue"; it
  never outbids ("Plus") and declares a plain Jeu in that suit (no Solo, no Retourne).
* Never renounces a contract it plays (docs/rules/tresillo.md, « Renounce and defence ») and never goes for the bola (« Bola »): a beginner
  plays its contract out.
* Plays legal, sensible cards (the normal player's rules) with a beginner's memory: it forgets the
  tricks already played, so a card is a master only when nothing higher is out of its own hand
  and the trick on the table (it does not count trumps).
* The bet, the exchange, the order and the defence after a renounce follow the normal player.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.base import Action
from games.cards import Card, card
from games.tresillo.ai import DECK, TresilloPlayer, _cards
from games.tresillo.order import ORDERS, SUITS

#: (trumps, matadors) that make a beginner say "Je joue"
RULE_OF_THUMB = ((5, 0), (4, 1), (3, 2))


def trumps_and_matadors(hand: Sequence[Card], trump: str) -> tuple[int, int]:
    """How many trumps of ``trump`` (matadors included) and matadors ``hand`` holds."""
    order = ORDERS[trump]
    trumps = [c for c in hand if order.suit_of[c] == trump]
    return len(trumps), sum(1 for c in trumps if c in order.matador)


def beginner_suit(hand: Sequence[Card], favour: str | None = None) -> tuple[str, bool]:
    """The suit with the most trumps (then matadors; the favour suit last among equals) and
    whether the rule of thumb plays it."""
    best = max(SUITS, key=lambda s: (*trumps_and_matadors(hand, s), s != favour))
    n, m = trumps_and_matadors(hand, best)
    return best, any(n >= need_n and m >= need_m for need_n, need_m in RULE_OF_THUMB)


class Beginner(TresilloPlayer):
    """The easy level (``TRESILLO.computer_player("easy")``)."""

    def _bid(self, view: dict[str, Any], legal: Sequence[Action], texts: dict[str, Action]) -> Action:
        _, plays = beginner_suit(_cards(view["hand"]), view.get("favour"))
        if plays and "bid:jeu" in texts:
            return texts["bid:jeu"]
        return texts["pass"]

    def _declare(self, view: dict[str, Any], legal: Sequence[Action], texts: dict[str, Action]) -> Action:
        favour = view.get("favour")
        suit, _ = beginner_suit(_cards(view["hand"]), favour)
        name = "jeu_favour" if suit == favour else f"jeu:{suit}"
        choice = texts.get(f"declare:{name}")
        return choice if choice is not None else super()._declare(view, legal, texts)

    def _bola(self, view: dict[str, Any], legal: Sequence[Action], texts: dict[str, Action]) -> Action:
        return texts["bola:stop"]

    def _play(self, view: dict[str, Any], legal: Sequence[Action], texts: dict[str, Action]) -> Action:
        """The normal player's card with a memory of the trick on the table only; never
        ``renounce``."""
        hand = _cards(view["hand"])
        order = ORDERS[view["trump"]]
        me = view["seat"]
        playable = [card(a.arg, "spanish") for a in legal if a.kind == "play"]
        seen = set(hand) | {card(c, "spanish") for _, c in view["trick"]}
        unseen = {c for c in DECK if c not in seen}
        trick = [(s, card(c, "spanish")) for s, c in view["trick"]]
        chosen = self._lead(hand, playable, order, unseen, me == view["declarer"]) if not trick else \
            self._follow(playable, trick, order, unseen, me, view["declarer"])
        return texts[f"play:{chosen.code}"]
