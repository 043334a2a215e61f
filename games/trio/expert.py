"""The expert Le Trio / L'École player: the normal player, with its draws and discards before
opening chosen by a determinized rollout over the stock (RULES.md 3.3, 3.4).

Before a seat has opened, what counts is how soon its hand holds the whole contract: until then
every card is a penalty (RULES.md 3.1), and an opener advances to the next contract (3.4). For a
discard, each candidate (the normal player's least useful cards) is scored on the same sampled
futures: the cards this seat has not seen (the packs less its hand, the table and the discard's
top card) are shuffled, and the score is the number of further draws after which the hand with
those draws forms the contract (:func:`games.trio.search.feasible`, up to :data:`HORIZON`; one
more when never). The lowest mean wins, the costlier card breaking ties. For the draw, the
discard's top card and the stock's sampled card are compared the same way, each followed by the
normal player's discard. Other players' draws are not simulated; once opened, laying down, laying
off and going out follow the normal player.

Deterministic from the ``rng`` when ``samples`` is fixed; with a time ``budget`` the number of
sampled futures depends on the machine's speed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from games.base import JSON, Action
from games.cards import Card, card, standard_decks
from games.search import DEFAULT_BUDGET, Search
from games.trio.ai import TrioPlayer, aim, usefulness
from games.trio.contracts import card_points, deck_count, search_parts
from games.trio.melds import SLOTS, is_wild
from games.trio.search import SeqPart, SetPart, feasible

#: draws looked ahead: a hand that needs more is scored ``HORIZON + 1``
HORIZON = 8
#: discard candidates weighed: the normal player's least useful distinct cards
CANDIDATES = 6
Advice = tuple[Action, float, float | None]
_TAKE, _STOCK = Action("draw", "discard"), Action("draw", "stock")
WILD = -1  # a future card that is wild


class Goal:
    """A contract as the search sees it, and how soon a hand plus future draws forms it."""

    __slots__ = ("horizon", "runs", "sets")

    def __init__(self, runs: tuple[SeqPart, ...], sets: tuple[SetPart, ...], horizon: int = HORIZON) -> None:
        self.runs = runs
        self.sets = sets
        self.horizon = horizon

    def formed(self, counts: list[int], wilds: int, future: Sequence[int], t: int) -> bool:
        """Whether the hand (``counts``, ``wilds``) plus the first ``t`` future cards forms it."""
        c = list(counts)
        w = wilds
        for s in future[:t]:
            if s == WILD:
                w += 1
            else:
                c[s] += 1
        return feasible(tuple(c), w, self.runs, self.sets)

    def time(self, counts: list[int], wilds: int, future: Sequence[int]) -> int:
        """The fewest future draws after which the contract is formed (``horizon + 1``: never)."""
        h = min(self.horizon, len(future))
        if not self.formed(counts, wilds, future, h):
            return self.horizon + 1
        lo, hi = 0, h  # formed at hi, not known at lo
        if self.formed(counts, wilds, future, 0):
            return 0
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if self.formed(counts, wilds, future, mid):
                hi = mid
            else:
                lo = mid
        return hi


def split(cards: Sequence[Card]) -> tuple[list[int], int]:
    """``(natural counts by slot, wilds)`` of ``cards`` (as :func:`games.trio.search.counts_of`)."""
    counts = [0] * 52
    wilds = 0
    for c in cards:
        if is_wild(c):
            wilds += 1
        else:
            counts[SLOTS[c]] += 1
    return counts, wilds


def unseen(view: JSON, hand: Sequence[Card]) -> list[int]:
    """The future cards' pool: the match's packs (L'École with its usual two jokers a pack) less
    the hand, the laid combinations and the discard's top card, as slots (:data:`WILD`)."""
    seats, variant = view["seats"], view["variant"]
    pack = Counter(standard_decks(deck_count(seats, variant), 2 if variant == "ecole" else 0))
    pack.subtract(hand)
    for m in view["melds"]:
        pack.subtract(card(c) for c in m["cards"])
    if view.get("discard_top"):
        pack.subtract([card(view["discard_top"])])
    out: list[int] = []
    for c, n in sorted(pack.items(), key=lambda kv: kv[0].code):
        out.extend([WILD if is_wild(c) else SLOTS[c]] * max(n, 0))
    return out


class TrioExpert:
    """The expert level (``TRIO.computer_player("expert")``, ``ECOLE`` too); see the module docstring."""

    def __init__(self, budget: float | None = DEFAULT_BUDGET, samples: int | None = None,
                 horizon: int = HORIZON) -> None:
        self.budget = budget
        self.samples = samples
        self.horizon = horizon
        self.normal = TrioPlayer()

    def choose(self, view: JSON, legal: Sequence[Action], rng: random.Random) -> Action:
        return self.advise(view, legal, rng)[0][0]

    def advise(self, view: JSON, legal: Sequence[Action], rng: random.Random,
               budget: float | None = None) -> list[Advice]:
        """The options weighed, best first: ``(action, -mean draws to the contract, None)``; the
        normal player's choice alone when nothing is searched."""
        seat = view["seat"]
        choice = self.normal.choose(view, legal, rng)
        if view["opened"][seat]:
            return [(choice, 0.0, None)]
        search = Search(budget if budget is not None else self.budget, self.samples)
        r = random.Random(rng.getrandbits(64))
        if view["phase"] == "draw" and _TAKE in legal and _STOCK in legal:
            return self._draw(view, r, search)
        discards = [a for a in legal if a.kind == "discard"]
        if choice.kind == "discard" and len({a.arg for a in discards}) > 1:
            return self._discard(view, discards, r, search)
        return [(choice, 0.0, None)]

    def _goal(self, view: JSON) -> Goal:
        runs, sets = search_parts(view["contracts"][view["seat"]], view["variant"])
        return Goal(runs, sets, self.horizon)

    def _discard(self, view: JSON, discards: list[Action], rng: random.Random, search: Search) -> list[Advice]:
        seat = view["seat"]
        hand = [card(c) for c in view["hand"]]
        values = usefulness(hand, *aim(view, seat))
        options = {card(a.arg): a for a in discards if not is_wild(card(a.arg))}
        if not options:
            return [(discards[0], 0.0, None)]
        ranked = sorted(options, key=lambda c: (values[c], -card_points(c), c.code))[:CANDIDATES]
        goal = self._goal(view)
        pool = unseen(view, hand)
        bases = {}
        for c in ranked:
            rest = list(hand)
            rest.remove(c)
            bases[c] = split(rest)
        totals = dict.fromkeys(ranked, 0)
        n = 0
        for _ in search.loop():
            future = rng.sample(pool, min(self.horizon, len(pool)))
            for c in ranked:
                totals[c] += goal.time(*bases[c], future)
            n += 1
        n = max(n, 1)
        best = sorted(ranked, key=lambda c: (totals[c], values[c], -card_points(c), c.code))
        return [(options[c], -totals[c] / n, None) for c in best]

    def _draw(self, view: JSON, rng: random.Random, search: Search) -> list[Advice]:
        seat = view["seat"]
        hand = [card(c) for c in view["hand"]]
        top = card(view["discard_top"])
        goal = self._goal(view)
        pool = unseen(view, hand)
        sets_runs = aim(view, seat)

        def after(drawn: Card) -> tuple[list[int], int]:
            cards = [*hand, drawn]
            if feasible(*_tuple(split(cards)), goal.runs, goal.sets):
                return split(cards)  # it opens now: nothing to discard first
            values = usefulness(cards, *sets_runs)
            plain = {c: v for c, v in values.items() if not is_wild(c)} or values
            cards.remove(min(plain, key=lambda c: (plain[c], -card_points(c), c.code)))
            return split(cards)

        take = after(top)
        cache: dict[int, tuple[list[int], int]] = {}
        take_total = stock_total = 0
        n = 0
        for _ in search.loop():
            future = rng.sample(pool, min(self.horizon + 1, len(pool)))
            take_total += goal.time(*take, future[1:])
            first = future[0]
            if first not in cache:
                cache[first] = after(_card_of(first, pool, view))
            stock_total += goal.time(*cache[first], future[1:])
            n += 1
        n = max(n, 1)
        ranked = [(_TAKE, -take_total / n, None), (_STOCK, -stock_total / n, None)]
        return sorted(ranked, key=lambda t: (-t[1], t[0] != _STOCK))


def _tuple(split_hand: tuple[list[int], int]) -> tuple[tuple[int, ...], int]:
    return tuple(split_hand[0]), split_hand[1]


_SLOT_CARD: dict[int, Card] = {s: c for c, s in SLOTS.items()}


def _card_of(s: int, pool: list[int], view: JSON) -> Card:
    """A card of slot ``s`` (a wild: a 2, the rank every wild shares in the count)."""
    return card("2S") if s == WILD else _SLOT_CARD[s]
