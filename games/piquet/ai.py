"""A Piquet computer player: it sees only its own view (hand, discard, seen talon, the table).

Exchange: elder takes all five, younger takes as many as his hand can spare; the cards kept are
chosen by removing, one at a time, the card whose loss costs least in a hand value that weighs the
point (longest suit, pip total), sequences and near-sequences, sets of A K Q J 10, and trick
taking (aces, guarded kings and queens). Play: cash sure winners from the longest suit, win the
opponent's lead with the cheapest card that does it, otherwise give the least useful card while
keeping guards. Declarations are always made in full; younger looks at the talon's leftovers.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from games.base import JSON, Action
from games.cards import FRENCH_SUITS, Card, card, piquet_deck
from games.piquet.declarations import PIPS, RANK_INDEX, SEQUENCE_VALUES, SET_MIN

ALL = frozenset(piquet_deck())
_NEAR_RUN = 1.5  # a pair of touching cards may grow into a tierce
_SET_WEIGHTS = {4: 16.0, 3: 6.0, 2: 1.2}


def hand_value(hand: Sequence[Card]) -> float:
    """A static estimate of a (possibly partial) hand's worth in declarations and tricks."""
    suits: dict[str, list[int]] = {s: [] for s in FRENCH_SUITS}
    counts = [0] * 8
    pips = dict.fromkeys(FRENCH_SUITS, 0)
    for c in hand:
        r = RANK_INDEX[c.rank]
        suits[c.suit].append(r)
        counts[r] += 1
        pips[c.suit] += PIPS[c.rank]
    value = 0.0
    best_len = max(len(v) for v in suits.values())
    best_pips = max(pips[s] for s, v in suits.items() if len(v) == best_len)
    value += 3.0 * best_len + best_pips / 15.0
    for ranks in suits.values():
        if not ranks:
            continue
        ranks.sort(reverse=True)
        n = len(ranks)
        run = 1
        for i in range(1, n + 1):
            if i < n and ranks[i - 1] - ranks[i] == 1:
                run += 1
                continue
            if run >= 3:
                value += SEQUENCE_VALUES[run] * 1.1
            elif run == 2:
                value += _NEAR_RUN
            run = 1
        # trick taking: aces, guarded kings and queens, length
        top = ranks[0]
        if top == 7:
            value += 4.0
            if n >= 2 and ranks[1] == 6:
                value += 3.0
        elif top == 6:
            value += 2.5 if n >= 2 else 0.5
        elif top == 5 and n >= 3:
            value += 1.0
        if n >= 5:
            value += 1.5 * (n - 4)
    for r in range(SET_MIN, 8):
        value += _SET_WEIGHTS.get(counts[r], 0.0) * (1.0 + 0.05 * r)
    return value


def plan_discards(hand: Sequence[Card], n: int) -> list[Card]:
    """The ``n`` cards to discard: greedily drop the card whose loss costs least."""
    kept = list(hand)
    out: list[Card] = []
    for _ in range(n):
        base = hand_value(kept)
        costs = []
        for i, c in enumerate(kept):
            rest = kept[:i] + kept[i + 1:]
            costs.append((base - hand_value(rest), RANK_INDEX[c.rank], c.code, i))
        _, _, _, i = min(costs)
        out.append(kept.pop(i))
    return out


def exchange_count(hand: Sequence[Card], options: Iterable[int], elder: bool) -> int:
    """Elder takes all five; younger keeps cards that would cost more than a fresh card brings."""
    allowed = sorted(options)
    if elder:
        return allowed[-1]
    kept = list(hand)
    n = 0
    for c in plan_discards(hand, allowed[-1]):
        before = hand_value(kept)
        kept.remove(c)
        if n >= max(1, allowed[0]) and before - hand_value(kept) > 4.0:
            break
        n += 1
    return max(allowed[0], min(n, allowed[-1]))


class PiquetPlayer:
    """The computer player (see the module docstring)."""

    def choose(self, view: JSON, legal: Sequence[Action], rng: random.Random) -> Action:
        kind = legal[0].kind
        hand = [card(c) for c in view["hand"]]
        if kind == "exchange":
            n = exchange_count(hand, (int(a.arg) for a in legal), view["seat"] == view["elder"])
            return Action("exchange", str(n))
        if kind == "discard":
            c = plan_discards(hand, view["pending_picks"] or 1)[0]
            return Action("discard", c.code)
        if kind == "talon":
            return Action("talon", "look")
        if kind in ("declare", "sink"):
            return Action("declare", legal[0].arg)
        playable = [card(a.arg) for a in legal]
        return Action("play", choose_card(view, hand, playable).code)


def outside_cards(view: JSON, hand: Sequence[Card]) -> set[Card]:
    """Cards the opponent may hold: not ours, not played, not in our discard or the seen talon."""
    known = set(hand)
    known.update(card(c) for c in view["played"])
    known.update(card(c) for _, c in view["trick"])
    known.update(card(c) for c in view.get("discard", ()))
    known.update(card(c) for c in view.get("talon_seen", ()))
    return set(ALL - known)


def is_master(c: Card, outside: set[Card]) -> bool:
    r = RANK_INDEX[c.rank]
    return not any(o.suit == c.suit and RANK_INDEX[o.rank] > r for o in outside)


def choose_card(view: JSON, hand: Sequence[Card], playable: Sequence[Card]) -> Card:
    """Lead masters from the longest suit, win cheaply when following, else throw the least use."""
    outside = outside_cards(view, hand)
    length = {s: sum(1 for c in hand if c.suit == s) for s in FRENCH_SUITS}
    rank = RANK_INDEX
    if not view["trick"]:
        masters = [c for c in playable if is_master(c, outside)]
        if masters:
            return max(masters, key=lambda c: (length[c.suit], rank[c.rank]))
        # no sure winner: lead low from the longest suit that does not hold a lone guard
        return min(playable, key=lambda c: (-length[c.suit] + (3 if _is_guard(c, hand) else 0),
                                            rank[c.rank]))
    led = card(view["trick"][0][1])
    following = [c for c in playable if c.suit == led.suit]
    if following:
        winners = [c for c in following if rank[c.rank] > rank[led.rank]]
        if winners:
            return min(winners, key=lambda c: rank[c.rank])
        return min(following, key=lambda c: rank[c.rank])
    return min(playable, key=lambda c: _keep_value(c, hand, outside, length))


def _is_guard(c: Card, hand: Sequence[Card]) -> bool:
    """A small card that protects a king or queen in a short suit."""
    suit = [x for x in hand if x.suit == c.suit]
    high = [x for x in suit if x.rank in ("K", "Q") and x is not c]
    return bool(high) and len(suit) <= 3 and c.rank not in ("A", "K", "Q")


def _keep_value(c: Card, hand: Sequence[Card], outside: set[Card], length: dict[str, int]) -> float:
    value = float(RANK_INDEX[c.rank])
    if is_master(c, outside):
        value += 10 + length[c.suit]
    if _is_guard(c, hand):
        value += 6
    if not any(o.suit == c.suit for o in outside):  # opponent void or suit exhausted: a sure trick
        value += 8
    return value
