"""When the chelem question is worth asking (docs/rules/tarot.md, « Chelem »): a taker whose hand makes a
chelem plausible is asked whether to announce one; any other taker goes on without the click.

The engine keeps the announcement exact (its phase and its two actions, so old logs replay as they
are); :meth:`games.tarot.game.TarotGame.obvious_action` tells the bot which answer is the only
sensible one, and the bot plays it for a member in the same save as the move before.

The rule is deliberately generous (asked whenever a chelem is not clearly out of reach), on the
taker's hand after the écart:

* at least half its cards are trumps, the Excuse counted as one (9 of 18 cards with 4 players,
  12 of 24 with 3, 8 of 15 with 5);
* at most 3 plain cards are losers: a plain card is a master when the hand also holds every
  higher card of its suit (the King; the Dame with the King...), every other plain card a loser.

Every hand the computer players would announce a chelem with (the 21, all but two cards trumps,
only Kings besides) is asked; a test checks both on random deals.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.cards import Card
from games.tarot.deck import EXCUSE, KING

#: the most plain losers a hand may hold and still be asked
MOST_LOSERS = 3


def losers(hand: Iterable[Card]) -> int:
    """Plain cards of ``hand`` that are not masters of their suit (see the module's rule)."""
    held = {(c.suit, c.value) for c in hand if not c.is_trump and c is not EXCUSE}
    return sum(1 for suit, value in held
               if not all((suit, v) in held for v in range(value + 1, KING + 1)))


def plausible(hand: Iterable[Card]) -> bool:
    """Whether the taker's ``hand`` makes a chelem plausible (the module's rule)."""
    cards = list(hand)
    trumps = sum(1 for c in cards if c.is_trump or c is EXCUSE)
    return 2 * trumps >= len(cards) and losers(cards) <= MOST_LOSERS
