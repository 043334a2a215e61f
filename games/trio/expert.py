"""The expert Le Trio / L'École player: the normal player, with its draws and discards before
opening chosen by a determinized rollout over the stock (docs/rules/trio.md, « Cards and their points », « Contracts », « The round »).

Before a seat has opened, what counts is whether its hand holds the whole contract before the
round ends: an opener advances and keeps a few cards (about 12 points in the normal players'
rounds), a seat that never opens pays for all thirteen (about 98: docs/rules/trio.md, « Cards and their points »). Rounds are short
(about six turns a seat, four after the first opening), so the expert weighs both: for each
candidate discard (the normal player's least useful cards), on the same sampled futures (the
cards it has not seen, shuffled: the packs less its hand, the table and the discard's top card)
it finds after how many draws the hand with those draws forms the contract
(:func:`games.trio.feasibility.feasible`), and scores the round's expected penalty: the round lasts
each further turn with chance ``1 - q`` (``q`` larger once others have opened), an opened hand
pays :data:`OPENED`, an unopened one its points. The draw compares the discard's top card with
the stock's sampled card the same way, each followed by the normal player's discard. The normal
player's choice stands unless the best candidate beats it clearly (:data:`CONFIDENCE` standard
errors on the same futures). Other players' draws are not simulated; once opened, laying down,
laying off and going out follow the normal player.

Measured (``python -m benchmarks.trio_ai --expert 40``, 4 seats, duplicate rounds, every contract
in turn, 40 futures a decision): Le Trio, expert minus normal -5.8 ± 2.1 penalty points per
round over 280 rounds (33.3 against 39.1); L'École -7.8 ± 4.3 over 80 rounds (53.1 against
60.9). Negative there is better: the expert keeps FEWER penalty points (``benchmarks.ai_levels``
prints the same comparison the other way round, as penalty points saved: positive is better).
The same rollout without the points and the confidence rule (mean draws to the contract only)
was no better than normal (-2.1 ± 5.0, 80 rounds): the gain is in weighing the points against
the chance to open. At the default budget's sample count (``ai_levels --samples default-cpu``,
see its docstring) the figures are in ``benchmarks/ai_levels.py``.

Deterministic from the ``rng`` when ``samples`` is fixed; with a time ``budget`` the number of
sampled futures depends on the machine's speed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from games.base import JSON, Action
from games.cards import Card, card, standard_decks
from games.search import DEFAULT_BUDGET, FLOOR_SAMPLES, Advice, Expert, Search, information_rng
from games.trio.ai import TrioPlayer, aim, usefulness
from games.trio.contracts import deck_count, search_parts
from games.trio.feasibility import SeqPart, SetPart, counts_of, feasible
from games.trio.melds import SLOTS, is_wild
from games.trio.scoring import card_points, hand_points

#: standard errors a searched choice must gain over the normal player's to replace it
CONFIDENCE = 2.0
#: draws looked ahead: a hand that needs more is taken never to open
HORIZON = 8
#: what an opener still pays at the round's end (mean of the normal players' opened hands)
OPENED = 12.0
#: the chance that the round ends before a seat's next turn: nobody else opened, someone has,
#: someone holds three cards or fewer (fitted to the normal players' round lengths)
END_CHANCE = (0.15, 0.3, 0.45)
#: discard candidates weighed: the normal player's least useful distinct cards
CANDIDATES = 8
_TAKE, _STOCK = Action("draw", "discard"), Action("draw", "stock")
WILD = -1  # a future card that is wild


class Goal:
    """A contract as the search sees it, and how soon a hand plus future draws forms it."""

    __slots__ = ("horizon", "now", "runs", "sets")

    def __init__(self, runs: tuple[SeqPart, ...], sets: tuple[SetPart, ...], horizon: int = HORIZON) -> None:
        self.runs = runs
        self.sets = sets
        self.horizon = horizon
        self.now: dict[tuple[tuple[int, ...], int], bool] = {}  # formed with no draw, per hand

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
        hand = (tuple(counts), wilds)
        if hand not in self.now:
            self.now[hand] = self.formed(counts, wilds, future, 0)
        if self.now[hand]:
            return 0
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if self.formed(counts, wilds, future, mid):
                hi = mid
            else:
                lo = mid
        return hi


def split(cards: Sequence[Card]) -> tuple[list[int], int]:
    """``(natural counts by slot, wilds)`` of ``cards`` (:func:`games.trio.feasibility.counts_of`,
    the counts as a list to add future draws to)."""
    counts, wilds = counts_of(cards)
    return list(counts), wilds


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


class TrioExpert(Expert):
    """The expert level (``TRIO.computer_player("expert")``, ``ECOLE`` too); see the module docstring."""

    #: its options are weighed in expected penalty before the seat opens and not at all after, so the
    #: bot does not offer them to players as hints (the hint reads points gained, as in the trick games)
    hints = False

    def __init__(self, budget: float | None = DEFAULT_BUDGET, samples: int | None = None,
                 horizon: int = HORIZON) -> None:
        super().__init__(budget, samples)
        self.horizon = horizon

    def floor(self, view: JSON) -> int:
        return FLOOR_SAMPLES[view["variant"]]

    def normal_player(self) -> TrioPlayer:
        return TrioPlayer()

    def advise(self, view: JSON, legal: Sequence[Action], rng: random.Random,
               budget: float | None = None) -> list[Advice]:
        """The options weighed, best first: ``(action, -expected penalty of the round, None)``;
        the normal player's choice alone when nothing is searched. Unlike the trick games'
        experts (:class:`~games.search.Expert`), the normal player chooses first: the search only
        weighs the draw and the discard before the seat opens."""
        seat = view["seat"]
        choice = self.normal.choose(view, legal, rng)
        if view["opened"][seat]:
            return [(choice, 0.0, None)]
        search = Search(budget if budget is not None else self.budget, self.samples, self.floor(view))
        r = information_rng(view, legal, rng)
        if view["phase"] == "draw" and _TAKE in legal and _STOCK in legal:
            return self._draw(view, r, search, choice)
        discards = [a for a in legal if a.kind == "discard"]
        if choice.kind == "discard" and len({a.arg for a in discards}) > 1:
            return self._discard(view, discards, r, search, choice)
        return [(choice, 0.0, None)]

    def _goal(self, view: JSON) -> Goal:
        runs, sets = search_parts(view["contracts"][view["seat"]], view["variant"])
        return Goal(runs, sets, self.horizon)

    def _discard(self, view: JSON, discards: list[Action], rng: random.Random, search: Search,
                 usual: Action) -> list[Advice]:
        seat = view["seat"]
        hand = [card(c) for c in view["hand"]]
        values = usefulness(hand, *aim(view, seat))
        options = {card(a.arg): a for a in discards if not is_wild(card(a.arg))}
        if not options:
            return [(discards[0], 0.0, None)]
        ranked = sorted(options, key=lambda c: (values[c], -card_points(c), c.code))[:CANDIDATES]
        default = card(usual.arg)
        if default not in ranked:
            ranked.append(default)
        goal = self._goal(view)
        pool = unseen(view, hand)
        bases = {}
        for c in ranked:
            rest = list(hand)
            rest.remove(c)
            bases[c] = split(rest)
        points = {c: hand_points(_without(hand, c), variant=view["variant"]) for c in ranked}
        last = _lasts(view)
        scores: dict[Card, list[float]] = {c: [] for c in ranked}
        for _ in search.loop():
            future = rng.sample(pool, min(self.horizon, len(pool)))
            for c in ranked:
                scores[c].append(penalty(goal.time(*bases[c], future), points[c], last, self.horizon))
        best = rank(scores, default, lambda c: (values[c], -card_points(c), c.code))
        return [(options[c], -mean(scores[c]), None) for c in best]

    def _draw(self, view: JSON, rng: random.Random, search: Search, usual: Action) -> list[Advice]:
        seat = view["seat"]
        hand = [card(c) for c in view["hand"]]
        top = card(view["discard_top"])
        goal = self._goal(view)
        pool = unseen(view, hand)
        sets_runs = aim(view, seat)

        variant = view["variant"]

        def after(drawn: Card) -> tuple[list[int], int, int]:
            """The hand after drawing ``drawn`` and the normal player's discard, and its points."""
            cards = [*hand, drawn]
            counts, wilds = split(cards)
            if feasible(tuple(counts), wilds, goal.runs, goal.sets):
                return counts, wilds, 0  # it opens now
            values = usefulness(cards, *sets_runs)
            plain = {c: v for c, v in values.items() if not is_wild(c)} or values
            cards.remove(min(plain, key=lambda c: (plain[c], -card_points(c), c.code)))
            return *split(cards), hand_points(cards, variant=variant)

        last = _lasts(view)

        def score(state: tuple[list[int], int, int], future: Sequence[int]) -> float:
            counts, wilds, points = state
            if not points:
                return OPENED
            return penalty(goal.time(counts, wilds, future), points, last, self.horizon)

        take = after(top)
        cache: dict[int, tuple[list[int], int, int]] = {}
        scores: dict[Action, list[float]] = {_TAKE: [], _STOCK: []}
        for _ in search.loop():
            future = rng.sample(pool, min(self.horizon + 1, len(pool)))
            scores[_TAKE].append(score(take, future[1:]))
            first = future[0]
            if first not in cache:
                cache[first] = after(_card_of(first))
            scores[_STOCK].append(score(cache[first], future[1:]))
        return [(a, -mean(scores[a]), None) for a in rank(scores, usual, lambda a: a != _STOCK)]


K = TypeVar("K")


def mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def rank(scores: dict[K, list[float]], usual: K, tie: Callable[[K], Any]) -> list[K]:
    """The candidates by mean penalty, lowest first (``tie`` breaks ties), except that the normal
    player's choice ``usual`` stays first unless the best beats it by :data:`CONFIDENCE` standard
    errors of their paired difference (same sampled futures): the argmax of a few noisy means
    would otherwise often replace a good heuristic choice by a lucky one."""
    order = sorted(scores, key=lambda k: (round(mean(scores[k]), 9), tie(k)))
    best = order[0]
    if best != usual and not clearly_lower(scores[best], scores[usual]):
        order.remove(usual)
        order.insert(0, usual)
    return order


def clearly_lower(a: Sequence[float], b: Sequence[float]) -> bool:
    """Whether ``a`` is lower than ``b`` by :data:`CONFIDENCE` standard errors (paired samples)."""
    n = len(a)
    if n < 4:
        return False
    d = [y - x for x, y in zip(a, b, strict=True)]
    m = sum(d) / n
    var = sum((x - m) ** 2 for x in d) / (n - 1)
    return m > 0 and m * m * n > CONFIDENCE * CONFIDENCE * var


def penalty(draws: int, points: int, last: float, horizon: int = HORIZON) -> float:
    """Expected penalty of a hand of ``points`` that forms its contract after ``draws`` more
    draws (more than ``horizon``: never) when the round lasts each turn with chance ``last``."""
    opens = last ** draws if draws <= horizon else 0.0
    return opens * OPENED + (1 - opens) * points


def _lasts(view: JSON) -> float:
    """The chance the round lasts until this seat's next turn (:data:`END_CHANCE`)."""
    seat = view["seat"]
    others = [s for s in range(view["seats"]) if s != seat and view["opened"][s]]
    if not others:
        return 1 - END_CHANCE[0]
    low = min(view["hand_counts"][s] for s in others)
    return 1 - END_CHANCE[2 if low <= 3 else 1]


def _without(hand: Sequence[Card], c: Card) -> list[Card]:
    rest = list(hand)
    rest.remove(c)
    return rest


_SLOT_CARD: dict[int, Card] = {s: c for c, s in SLOTS.items()}


def _card_of(s: int) -> Card:
    """A card of slot ``s`` (a wild: a 2, the rank every wild shares in the count)."""
    return card("2S") if s == WILD else _SLOT_CARD[s]
