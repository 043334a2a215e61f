"""Trick play (docs/rules/tarot.md, « Trick play »): which cards may be played and who wins a trick.

Follow the suit led; void, trump; over-trump a trump already in the trick when able, else any trump
(under-trump); no trump, any card. On a trump lead, play a higher trump than the highest so far if
able. The Excuse may always be played; when led, the next card sets the suit.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import partial

from games.base import Action
from games.cards import Card, suit_name
from games.errors import IllegalAction
from games.tarot.deck import DECK, EXCUSE, ORDER, STRENGTH


def lead_suit(trick: tuple[Card, ...] | list[Card]) -> str | None:
    """The suit to follow (``"T"`` for trumps): the first card that is not the Excuse, or ``None``."""
    for c in trick:
        if c is not EXCUSE:
            return c.suit
    return None


def playable(hand: tuple[Card, ...], trick: tuple[Card, ...] | list[Card]) -> tuple[Card, ...]:
    """The cards of ``hand`` (display order kept) that may go on ``trick`` (cards in play order).

    FFT rules: follow suit; else trump, over-trumping the highest trump already played when able;
    else any card. The Excuse is always playable.
    """
    if not trick:
        return hand
    lead = lead_suit(trick)
    if lead is None:
        return hand
    if lead != "T":
        follow = [c for c in hand if c.suit == lead]
        if follow:
            if hand[-1] is EXCUSE:
                follow.append(EXCUSE)
            return tuple(follow)
    trumps = [c for c in hand if c.suit == "T"]
    if not trumps:
        return hand
    high = 0
    for c in trick:
        if c.suit == "T" and c.value > high:
            high = c.value
    if high and trumps[-1].value > high:
        trumps = [c for c in trumps if c.value > high]
    if hand[-1] is EXCUSE:
        trumps.append(EXCUSE)
    return tuple(trumps)


_KEY = ORDER.__getitem__
_SUIT_SLICE = {suit: (ORDER[min((c for c in DECK if c.suit == suit), key=_KEY)],
                      ORDER[max((c for c in DECK if c.suit == suit), key=_KEY)] + 1)
               for suit in ("S", "H", "C", "D", "T")}


def _slice(hand: tuple[Card, ...], suit: str) -> tuple[Card, ...]:
    """The cards of ``suit`` in a hand sorted in display order (a contiguous run: two bisections)."""
    start, stop = _SUIT_SLICE[suit]
    lo = bisect_left(hand, start, key=_KEY)
    return hand[lo:bisect_left(hand, stop, lo, key=_KEY)]


def playable_actions(hand: tuple[Card, ...], trick: tuple[Card, ...],
                     wrap: dict[Card, Action]) -> list[Action]:
    """``[wrap[c] for c in playable(hand, trick)]`` for a hand in display order, computed with
    bisections on the suit runs (the engine's hot path; :func:`playable` is the plain statement)."""
    if trick:
        first = trick[0]
        lead = first.suit if first is not EXCUSE else (trick[1].suit if len(trick) > 1 else "")
        if lead:
            excuse = hand[-1] is EXCUSE
            if lead != "T":
                follow = _slice(hand, lead)
                if follow:
                    out = [wrap[c] for c in follow]
                    if excuse:
                        out.append(wrap[EXCUSE])
                    return out
            trumps = _slice(hand, "T")
            if trumps:
                high = 0
                for c in trick:
                    if c.suit == "T" and c.value > high:
                        high = c.value
                if high and trumps[-1].value > high:
                    trumps = trumps[bisect_left(trumps, high + 1, key=_VALUE):]
                out = [wrap[c] for c in trumps]
                if excuse:
                    out.append(wrap[EXCUSE])
                return out
    return [wrap[c] for c in hand]


def _VALUE(c: Card) -> int:
    return c.value


def trick_winner(trick: tuple[Card, ...] | list[Card]) -> int:
    """Index in ``trick`` of the winning card: the highest trump, else the highest card of the suit
    led. The Excuse never wins here (the chelem exception is handled by the deal)."""
    lead = None
    best = -1
    best_i = 0
    for i, c in enumerate(trick):
        if c is EXCUSE:
            continue
        if lead is None:
            lead = c.suit
            best, best_i = STRENGTH[c], i
        elif c.suit == "T" or c.suit == lead:
            s = STRENGTH[c]
            if s > best:
                best, best_i = s, i
    return best_i


def why_unplayable(hand: tuple[Card, ...], trick: tuple[Card, ...], c: Card) -> IllegalAction:
    """Why ``c`` may not be played on ``trick`` (FFT rules: follow, trump, overtrump)."""
    if c not in hand:
        return IllegalAction.of("error.not_held", card=c.name)
    lead = lead_suit(trick)
    if lead is not None and lead != "T" and any(h.suit == lead for h in hand):
        return IllegalAction.of("tarot.error.follow", suit=partial(suit_name, lead))
    if any(h.suit == "T" for h in hand):
        high = max((t.value for t in trick if t.suit == "T"), default=0)
        if c.suit == "T":
            return IllegalAction.of("tarot.error.overtrump", high=high)
        return IllegalAction.of("tarot.error.trump")
    return IllegalAction.of("tarot.error.unplayable", card=c.name)
