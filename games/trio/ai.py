"""Computer players for Le Trio / L'École (they see only their own view and the legal steps).

:class:`TrioPlayer` keeps the cards its current contract needs (ranks for brelans and carrés,
suit windows for runs), never throws a wild, takes the discard when it helps (at once when it
completes the contract), opens as soon as it can with naturals first and wilds last, lays down
and lays off everything it can after opening, and goes out. :class:`BaselinePlayer` is the
simpler yardstick: always draws from the stock, opens and lays off when it can, and discards the
card with the fewest partners, without regard to its contract.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from games.base import JSON, Action
from games.cards import Card, card
from games.trio.contracts import contract_parts, search_parts
from games.trio.feasibility import counts_of, feasible
from games.trio.melds import POS_OF_RANK, SEQ, SET, is_wild
from games.trio.scoring import card_points

WILD_VALUE = 100.0  # a wild is never thrown
SET_VALUE = {0: 0.0, 1: 0.0, 2: 2.0, 3: 4.5, 4: 5.0}  # by the naturals of the card's rank held
SPARE = 0.2  # a copy beyond the largest set wanted
_TAKE, _STOCK = Action("draw", "discard"), Action("draw", "stock")


def aim(view: JSON, seat: int) -> tuple[tuple[int, ...], int]:
    """``(set sizes, run length)`` the player works toward: its contract's brelans/carrés and first
    run (docs/rules/trio.md, « Contracts »); once opened, any brelan or tierce (« The round »)."""
    if view["opened"][seat]:
        return (3,), 3
    parts = contract_parts(view["contracts"][seat], view["variant"])
    runs = [size for kind, size in parts if kind == SEQ]
    return tuple(size for kind, size in parts if kind == SET), runs[0] if runs else 0


def places(c: Card) -> tuple[int, ...]:
    """Run places of a natural card (the Ace low and high)."""
    p = POS_OF_RANK[c.rank]
    return (1, 14) if p == 1 else (p,)


def set_value(held: int, sets: Sequence[int], run_len: int) -> float:
    """Worth of a card toward a brelan/carré when ``held`` naturals of its rank are held."""
    if not sets or held == 0:
        return 0.0
    need = max(sets)
    if held > need:
        return SPARE
    return SET_VALUE[held] * (1.0 if need == 3 or held >= 2 else 0.5) * (0.6 if run_len else 1.0)


def run_value(c: Card, suit_places: set[int], run_len: int) -> float:
    """Worth of a card toward a run of ``run_len``: the most places of its suit held in one window
    of that length around it."""
    best = 0
    for p in places(c):
        for lo in range(max(1, p - run_len + 1), min(p, 15 - run_len) + 1):
            best = max(best, sum(1 for q in range(lo, lo + run_len) if q in suit_places))
    return 5.0 * (best - 1) / max(run_len - 1, 1) + (0.5 if best >= 2 else 0.0)


def usefulness(hand: Sequence[Card], sets: Sequence[int], run_len: int) -> dict[Card, float]:
    """How much each card of ``hand`` helps toward the combinations (higher: keep it). A card held
    twice is worth its set value only: one copy is enough for a run."""
    copies = Counter(hand)
    by_rank = Counter(c.rank for c in hand if not is_wild(c))
    held: dict[str, set[int]] = {}
    for c in copies:
        if not is_wild(c):
            held.setdefault(c.suit, set()).update(places(c))
    out: dict[Card, float] = {}
    for c in copies:
        if is_wild(c):
            out[c] = WILD_VALUE
            continue
        value = set_value(by_rank[c.rank], sets, run_len)
        if run_len and copies[c] == 1:
            value = max(value, run_value(c, held[c.suit], run_len))
        out[c] = value
    return out


def worst(values: dict[Card, float]) -> Card:
    """The least useful card; among equals the costliest (docs/rules/trio.md, « Cards and their points » points), then the lowest code."""
    low = min(values.values())
    return min((c for c, v in values.items() if v == low), key=lambda c: (-card_points(c), c.code))


def has_partner(c: Card, cards: Sequence[Card]) -> bool:
    """Whether ``cards`` (holding ``c``) hold another natural of its rank, or one of its suit at
    most two run places away."""
    naturals = [x for x in cards if not is_wild(x)]
    near = {q for p in places(c) for q in range(p - 2, p + 3)} - set(places(c)) - {2}
    return (sum(1 for x in naturals if x.rank == c.rank) >= 2
            or any(x.suit == c.suit and near.intersection(places(x)) for x in naturals))


def completes_contract(view: JSON, seat: int, cards: Sequence[Card]) -> bool:
    """Whether ``cards`` hold every combination of the seat's contract (docs/rules/trio.md, « Contracts »)."""
    runs, sets = search_parts(view["contracts"][seat], view["variant"])
    counts, wilds = counts_of(cards)
    return feasible(counts, wilds, runs, sets)


class TrioPlayer:
    """The computer player (see the module docstring)."""

    def choose(self, view: JSON, legal: Sequence[Action], rng: random.Random) -> Action:
        seat, phase = view["seat"], view["phase"]
        if phase == "draw":
            if _TAKE in legal and (view["opened"][seat] or self.wants_discard(view, seat)):
                return _TAKE
            return _STOCK if _STOCK in legal else legal[0]
        if phase == "layoff":
            return next((a for a in legal if a.kind == "onto"), legal[0])
        if phase == "meld":
            return (best_add(legal) or next((a for a in legal if a.kind == "done"), None)
                    or first_meld(legal) or legal[0])
        melds = [a for a in legal if a.kind == "meld"]
        layoffs = [a for a in legal if a.kind == "layoff"]
        if melds:  # lay down first, then lay off
            return first_meld(legal) or melds[0]
        if layoffs:
            return next((a for a in layoffs if not is_wild(card(a.arg))), layoffs[0])
        discards = [card(a.arg) for a in legal if a.kind == "discard"]
        if discards:
            return Action("discard", self.worst_discard(view, seat, discards).code)
        return legal[0]

    def worst_discard(self, view: JSON, seat: int, discards: list[Card]) -> Card:
        """The least useful card it may throw, weighed in the whole hand; when only some cards may
        be thrown (the must-go-out turn), weighed among those alone."""
        hand = [card(c) for c in view["hand"]]
        weighed = hand if len(discards) >= len(set(hand)) else discards
        values = usefulness(weighed, *aim(view, seat))
        return worst({c: values[c] for c in discards})

    def wants_discard(self, view: JSON, seat: int) -> bool:
        """Take the discard before opening: a wild; a card with partners that is worth 2 or more
        and more than some card held; or one that completes the contract."""
        top = card(view["discard_top"])
        if is_wild(top):
            return True
        cards = [*map(card, view["hand"]), top]
        if not has_partner(top, cards):
            return False
        values = usefulness(cards, *aim(view, seat))
        if values[top] < 2.0:
            return False
        return values[top] > min(values.values()) or completes_contract(view, seat, cards)


def best_add(legal: Sequence[Action]) -> Action | None:
    """The ``add`` placing the costliest natural (the first such), else the first ``add``."""
    adds = [a for a in legal if a.kind == "add"]
    best = max(adds, key=lambda a: _natural_points(a.arg.partition("=")[0]), default=None)
    if best is not None and _natural_points(best.arg.partition("=")[0]) > 0:
        return best
    return adds[0] if adds else None


def _natural_points(code: str) -> int:
    c = card(code)
    return 0 if is_wild(c) else card_points(c)


def first_meld(legal: Sequence[Action]) -> Action | None:
    """Runs first: they are the hard part, and the sets left then are quick to place."""
    melds = [a for a in legal if a.kind == "meld"]
    return next((a for a in melds if a.arg == "seq"), melds[0] if melds else None)


class BaselinePlayer:
    """Always draws from the stock, opens and lays off when it can, throws the card with the fewest
    partners (same rank, or same suit two places away at most), the costliest first."""

    def choose(self, view: JSON, legal: Sequence[Action], rng: random.Random) -> Action:
        if _STOCK in legal:
            return _STOCK
        for kind in ("onto", "add", "done", "meld", "layoff"):
            found = [a for a in legal if a.kind == kind]
            if found:
                return found[0]
        discards = [a for a in legal if a.kind == "discard"]
        if discards:
            hand = [card(c) for c in view["hand"]]
            plain = [a for a in discards if not is_wild(card(a.arg))] or discards
            return min(plain, key=lambda a: (partners(card(a.arg), hand), -card_points(card(a.arg)), a.arg))
        return legal[0]


def partners(c: Card, hand: Sequence[Card]) -> int:
    """Cards of ``hand`` besides one copy of ``c`` of its rank, or of its suit at most two places away."""
    if is_wild(c):
        return 99
    others = list(hand)
    others.remove(c)
    return sum(1 for x in others if not is_wild(x) and (x.rank == c.rank or (x.suit == c.suit and _near(x, c))))


def _near(a: Card, b: Card) -> bool:
    """Run places at most two apart (the Ace counts low and high)."""
    return any(abs(p - q) <= 2 for p in places(a) for q in places(b))
