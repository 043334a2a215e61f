"""The expert Piquet player: determinized search over the exchange and the play.

* Discards: candidate sets come from the normal player's greedy plan with its runner-up choices;
  each is scored on many deals of the unseen cards (the talon cards it draws, the opponent's hand
  and a quick exchange of his), by the declarations reckoned (:func:`declarations.reckon`) and a
  fast play-out of the twelve tricks. The best mean deal difference wins.
* Play: the opponent's hand is dealt from the unseen cards consistently with what this seat knows
  (winning declarations shown, suits he failed to follow); each playable card is played out.

Cards are ints ``8 * suit + rank`` (rank 0 = 7 .. 7 = Ace), hands 32-bit masks. Deterministic from
the ``rng`` when ``samples`` is fixed; with a time ``budget`` the sample count depends on speed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from games.base import Action
from games.cards import FRENCH_SUITS, Card, card, piquet_deck
from games.piquet import declarations as dc
from games.piquet.ai import PiquetPlayer, hand_value, plan_discards
from games.search import DEFAULT_BUDGET, Advice, Expert, Search, bits, determinized

CARDS: tuple[Card, ...] = tuple(sorted(piquet_deck(), key=lambda c: (FRENCH_SUITS.index(c.suit),
                                                                      dc.RANK_INDEX[c.rank])))
INDEX: dict[Card, int] = {c: i for i, c in enumerate(CARDS)}
SUIT_MASK = tuple(0xFF << (8 * s) for s in range(4))
ALL = (1 << 32) - 1


def mask_of(cards: Sequence[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << INDEX[c]
    return m


def _codes(view: dict[str, Any], key: str) -> list[Card]:
    return [card(c) for c in view.get(key) or ()]


# -- the play-out ---------------------------------------------------------------------------------


def policy_card(hands: list[int], me: int, led: int, rng: random.Random, noise: float = 0.08) -> int:
    """A quick card for ``me``: lead a master from the longest suit or a low card; follow by
    winning as cheaply as possible, else the lowest; when void, the lowest card of a short suit."""
    hand = hands[me]
    opp = hands[1 - me]
    if led < 0:
        if rng.random() < noise:
            cs = bits(hand)
            return cs[int(rng.random() * len(cs))]
        best, best_key = -1, (-1, -1)
        for s in range(4):
            suit = hand & SUIT_MASK[s]
            if not suit:
                continue
            top = suit.bit_length() - 1
            n = suit.bit_count()
            if not (opp & SUIT_MASK[s]) >> top:  # master (opponent has nothing higher)
                key = (2, n)
                c = top
            else:
                key = (1 if n >= 3 else 0, n)
                c = (suit & -suit).bit_length() - 1
            if key > best_key:
                best, best_key = c, key
        return best
    s = led >> 3
    follow = hand & SUIT_MASK[s]
    if follow:
        higher = follow >> (led + 1) << (led + 1)
        if higher:
            return (higher & -higher).bit_length() - 1
        return (follow & -follow).bit_length() - 1
    # void: throw the lowest card of the suit where it matters least (short, not master)
    best, best_key = -1, (99, 99)
    for t in range(4):
        suit = hand & SUIT_MASK[t]
        if not suit:
            continue
        low = (suit & -suit).bit_length() - 1
        key = (suit.bit_count(), low & 7)
        if key < best_key:
            best, best_key = low, key
    return best


def playout(hands: list[int], leader: int, led: int, pts: list[int], tricks: list[int],
            bonus: list[bool], elder: int, rng: random.Random, first: int = -1,
            choose: Callable[[list[int], int, int, random.Random], int] = policy_card) -> tuple[int, int]:
    """Plays the rest of the deal (``led``: the card already led by ``leader``, or -1; ``first``:
    the next card to play, or -1 for ``choose``'s). Returns both seats' points for the deal
    (declarations and play so far in ``pts``, the cards bonus added). Mutates its arguments."""

    def score(seat: int, n: int) -> None:
        pts[seat] += n
        if not bonus[seat] and seat == elder and pts[seat] >= 30 and pts[1 - seat] == 0:
            pts[seat] += 30
            bonus[seat] = True

    while hands[0] or hands[1] or led >= 0:
        if led < 0:
            c = first if first >= 0 else choose(hands, leader, -1, rng)
            first = -1
            hands[leader] &= ~(1 << c)
            led = c
            score(leader, 1)
            continue
        follower = 1 - leader
        c = first if first >= 0 else choose(hands, follower, led, rng)
        first = -1
        hands[follower] &= ~(1 << c)
        winner = follower if (c >> 3) == (led >> 3) and c > led else leader
        if winner == follower:
            score(follower, 1)
        if not hands[0] and not hands[1]:
            score(winner, 1)
        tricks[winner] += 1
        leader, led = winner, -1
    for seat in (0, 1):
        if tricks[seat] == 12:
            pts[seat] += 40
        elif tricks[seat] > 6:
            pts[seat] += 10
    return pts[0], pts[1]


# -- the player -----------------------------------------------------------------------------------


class PiquetExpert(Expert):
    """The expert level (``PIQUET.computer_player("expert")``); one instance per seat. Its advice
    reads ``(action, expected deal points difference, None)``."""

    game = "piquet"

    def __init__(self, budget: float | None = DEFAULT_BUDGET, samples: int | None = None) -> None:
        super().__init__(budget, samples)
        self.plan: list[Card] = []
        self.deal_key: tuple[int, int] | None = None
        self.mine: set[Card] = set()

    def normal_player(self) -> PiquetPlayer:
        return PiquetPlayer()

    def observe(self, view: dict[str, Any]) -> None:
        key = (view["deal_no"], view["dealer"])
        if key != self.deal_key:
            self.deal_key, self.plan, self.mine = key, [], set()
        self.mine.update(card(c) for c in view["hand"])

    def decide(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random,
               search: Search) -> list[Advice]:
        kind = legal[0].kind
        if kind == "discard":
            return self._discard(view, legal, rng, search)
        if kind == "play":
            return self._play(view, legal, rng, search)
        return []

    def fallback(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> list[Advice]:
        """The normal player's choice alone (the declarations and the talon are not weighed)."""
        return [(self.normal.choose(view, legal, rng), 0.0, None)]

    # -- the exchange -------------------------------------------------------------------------

    def _discard(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random,
                 search: Search) -> list[Advice]:
        hand = [card(c) for c in view["hand"]]
        plan = [c for c in self.plan if c in hand]
        if plan:
            return [(Action("discard", plan[0].code), 0.0, None)]
        n = view["pending_picks"] or 1
        me = view["seat"]
        elder = view["elder"] == me
        cands = _discard_candidates(hand, n)
        known = mask_of(hand) | mask_of(_codes(view, "talon_seen")) | mask_of(_codes(view, "discard"))
        pool = bits(ALL & ~known)
        stock = view["stock_count"]

        def deal() -> tuple[list[int], list[int]]:
            rng.shuffle(pool)
            # elder: the opponent's 12, then the talon's 8 (his own draws first);
            # younger: the talon's remaining cards first, the opponent's 12 after them
            if elder:
                return pool[:12], pool[12:12 + stock]
            return pool[stock:stock + 12], pool[:stock]

        def outcome(world: tuple[list[int], list[int]], i: int) -> tuple[float, bool]:
            opp_hand, talon = world
            mine = mask_of([c for c in hand if c not in cands[i]])
            for c in talon[:n]:
                mine |= 1 << c
            opp = 0
            for c in opp_hand:
                opp |= 1 << c
            if elder:  # the opponent exchanges what is left
                opp = _quick_exchange(opp, talon[n:])
            return _deal_value(mine, opp, elder, rng), False

        totals, count = determinized(search, range(len(cands)), deal, outcome)
        ranked = sorted(range(len(cands)), key=lambda i: -totals[i].total)
        self.plan = list(cands[ranked[0]])
        return [(Action("discard", self.plan[0].code), totals[ranked[0]].total / max(count, 1), None)]

    # -- the play -----------------------------------------------------------------------------

    def _play(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random,
              search: Search) -> list[Advice]:
        me = view["seat"]
        opp_seat = 1 - me
        hand = mask_of([card(c) for c in view["hand"]])
        played = [card(c) for c in view["played"]]
        trick = [(s, card(c)) for s, c in view["trick"]]
        known = hand | mask_of(played) | mask_of([c for _, c in trick]) | \
            mask_of(_codes(view, "discard")) | mask_of(_codes(view, "talon_seen"))
        void = 0
        for i in range(0, len(played) - 1, 2):
            led, follow = played[i], played[i + 1]
            if led in self.mine and follow.suit != led.suit:
                void |= SUIT_MASK[FRENCH_SUITS.index(led.suit)]
        shown = 0
        for d in view.get("declarations") or ():
            if d.get("winner") == opp_seat:
                shown |= mask_of([card(c) for c in d.get("shown", ())])
        shown &= ~known
        unknown = ALL & ~known
        free = bits(unknown & ~shown & ~void)
        restricted = bits(unknown & ~shown & void)
        size = view["hand_counts"][opp_seat] - shown.bit_count()
        options = [INDEX[card(a.arg)] for a in legal]
        elder = view["elder"]
        base_pts = list(view["deal_points"])
        bonus = [b is not None for b in view["bonus"]]
        tricks = list(view["tricks_won"])
        lead = INDEX[trick[0][1]] if trick else -1
        leader = trick[0][0] if trick else me
        pools = [free, restricted]

        def deal() -> int:
            rng.shuffle(pools[0])
            if size > len(pools[0]):  # voids inferred wrongly (should not happen): relax them
                pools[:] = [pools[0] + pools[1], []]
            opp = shown
            for c in pools[0][:max(size, 0)]:
                opp |= 1 << c
            return opp

        def outcome(opp: int, c: int) -> tuple[float, bool]:
            hands = [0, 0]
            hands[me], hands[opp_seat] = hand, opp
            p = playout(hands, leader, lead, list(base_pts), list(tricks), list(bonus), elder, rng, first=c)
            return p[me] - p[opp_seat], False

        totals, count = determinized(search, options, deal, outcome)
        ranked = sorted(options, key=lambda c: (-totals[c].total, c))
        return [(Action("play", CARDS[c].code), totals[c].total / max(count, 1), None) for c in ranked]


def _discard_candidates(hand: list[Card], n: int, swaps: int = 3) -> list[tuple[Card, ...]]:
    """Discard sets: the normal player's greedy plan on :func:`hand_value`, and the plans where
    one of the ``swaps`` kept cards cheapest to lose replaces one of the planned discards."""
    plan = plan_discards(hand, n)
    kept = [c for c in hand if c not in plan]
    base = hand_value(kept)
    cheap = sorted(kept, key=lambda c: (base - hand_value([x for x in kept if x is not c]),
                                        dc.RANK_INDEX[c.rank], c.code))[:swaps]
    out = [tuple(plan)]
    for c in cheap:
        for d in plan:
            out.append(tuple(c if x is d else x for x in plan))
    return out


def _quick_exchange(hand: int, talon: list[int]) -> int:
    """The opponent's exchange in samples: his lowest cards of short suits out, the talon in."""
    for c in talon:
        best, best_key = -1, (99, 99)
        for s in range(4):
            suit = hand & SUIT_MASK[s]
            if suit:
                low = (suit & -suit).bit_length() - 1
                key = (suit.bit_count(), low & 7)
                if key < best_key:
                    best, best_key = low, key
        hand = (hand & ~(1 << best)) | (1 << c)
    return hand


def _deal_value(mine: int, opp: int, elder: bool, rng: random.Random) -> float:
    """My deal points minus the opponent's: declarations reckoned, then a play-out."""
    mine_cards = [CARDS[c] for c in bits(mine)]
    opp_cards = [CARDS[c] for c in bits(opp)]
    hands_by_role = (mine_cards, opp_cards) if elder else (opp_cards, mine_cards)
    r = dc.reckon(hands_by_role)
    me_role = 0 if elder else 1
    pts = [0, 0]  # seat 0 = me, seat 1 = opponent here
    pts[0], pts[1] = r.totals[me_role], r.totals[1 - me_role]
    bonus = [r.repique[me_role], r.repique[1 - me_role]]
    hands = [mine, opp]
    leader = 0 if elder else 1
    p = playout(hands, leader, -1, pts, [0, 0], bonus, leader, rng)
    return p[0] - p[1]


__all__ = ["PiquetExpert", "hand_value"]
