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
from collections.abc import Sequence

from games.base import JSON, Action
from games.cards import Card, card
from games.trio.contracts import card_points, contract_parts, search_parts
from games.trio.melds import POS_OF_RANK, SEQ, SET, WILDS, is_wild
from games.trio.search import SeqPart, SetPart, counts_of, feasible

_SET_VALUE = {1: 0.0, 2: 2.0, 3: 4.5, 4: 5.0}
_CARDS: dict[str, Card] = {}
# (suit's places held as bits, run length) -> rank -> run value of a card of that rank and suit
_RUN_VALUES: dict[tuple[int, int], dict[str, float]] = {}


def _card(code: str) -> Card:
    """``card(code)`` for canonical codes, memoized (the player parses its hand at every step)."""
    found = _CARDS.get(code)
    if found is None:
        found = _CARDS[code] = card(code)
    return found


def _parts(view: JSON, seat: int) -> tuple[list[int], int, int]:
    """(set sizes, run length, run count) the player is working on."""
    if view["opened"][seat]:
        return [3], 3, 1
    key = (view["contracts"][seat], view["variant"])
    found = _PARTS.get(key)
    if found is None:
        parts = contract_parts(*key)
        sets = tuple(s for k, s in parts if k == SET)
        runs = [s for k, s in parts if k == SEQ]
        found = _PARTS[key] = (sets, runs[0] if runs else 0, len(runs))
    return list(found[0]), found[1], found[2]


_PARTS: dict[tuple[int, str], tuple[tuple[int, ...], int, int]] = {}
_SEARCH_PARTS: dict[tuple[int, str], tuple[tuple[SeqPart, ...], tuple[SetPart, ...]]] = {}


def usefulness(hand: Sequence[Card], sets: Sequence[int], run_len: int) -> dict[Card, float]:
    """How much each card of ``hand`` helps toward the combinations (higher: keep it)."""
    copies: dict[Card, int] = {}
    for c in hand:
        copies[c] = copies.get(c, 0) + 1
    by_rank: dict[str, int] = {}
    present: dict[str, int] = {}  # per suit: bit p set when a card sits at run place p
    for c, n in copies.items():
        if c not in WILDS:
            by_rank[c.rank] = by_rank.get(c.rank, 0) + n
            p = POS_OF_RANK[c.rank]
            present[c.suit] = present.get(c.suit, 0) | (16386 if p == 1 else 1 << p)
    span = (1 << run_len) - 1
    last = 15 - run_len
    run_memos: dict[str, dict[str, float]] = {}  # per suit: the run value of each rank (memoized)
    if run_len:
        if len(_RUN_VALUES) > 50_000:
            _RUN_VALUES.clear()
        for suit, row in present.items():
            memo = _RUN_VALUES.get((row, run_len))
            if memo is None:
                memo = _RUN_VALUES[row, run_len] = {}
            run_memos[suit] = memo
    need = max(sets) if sets else 0
    set_scale = 0.6 if run_len else 1.0
    out: dict[Card, float] = {}
    for c, n_copies in copies.items():
        if c in WILDS:
            out[c] = 100.0
            continue
        value = 0.0
        if sets:
            n = by_rank[c.rank]
            if n > need:  # copies beyond the largest set wanted are spare
                value = 0.2
            else:
                value = _SET_VALUE[n] * (1.0 if need == 3 or n >= 2 else 0.5) * set_scale
        if run_len:
            memo = run_memos[c.suit]
            run_value = memo.get(c.rank)
            if run_value is None:
                row = present[c.suit]
                best = 0
                for p in ((1, 14) if c.rank == "A" else (POS_OF_RANK[c.rank],)):
                    for lo in range(max(1, p - run_len + 1), min(p, last) + 1):
                        held = (row >> lo & span).bit_count()
                        if held > best:
                            best = held
                run_value = memo[c.rank] = 5.0 * (best - 1) / max(run_len - 1, 1) + (0.5 if best >= 2 else 0.0)
            if n_copies > 1 and not sets:
                run_value = 0.0  # a second copy never helps a run
            value = max(value, run_value)
        out[c] = value
    return out


def _worst(hand: Sequence[Card], sets: Sequence[int], run_len: int,
           use: dict[Card, float] | None = None) -> Card:
    use = use if use is not None else usefulness(hand, sets, run_len)
    return min(use, key=lambda c: (use[c], -card_points(c), c.code))


class TrioPlayer:
    """The computer player (see the module docstring)."""

    def choose(self, view: JSON, legal: Sequence[Action], rng: random.Random) -> Action:
        seat = view["seat"]
        phase = view["phase"]
        if phase == "draw":
            take = Action("draw", "discard")
            if take in legal and (view["opened"][seat] or self._wants(view, [_card(c) for c in view["hand"]],
                                                                       _card(view["discard_top"]))):
                return take
            return Action("draw", "stock") if Action("draw", "stock") in legal else legal[0]
        if phase == "layoff":  # the only phase offering ``onto:`` steps
            onto = next((a for a in legal if a.kind == "onto"), None)
            if onto is not None:
                return onto
        if phase == "meld":
            adds = [a for a in legal if a.kind == "add"]
            naturals = [a for a in adds if not is_wild(_card(a.arg.partition("=")[0]))]
            if naturals:
                return max(naturals, key=lambda a: card_points(_card(a.arg.partition("=")[0])))
            if adds:
                return adds[0]
            return next((a for a in legal if a.kind == "done"), None) or _first_meld(legal) or legal[0]
        melds = [a for a in legal if a.kind == "meld"]
        if melds:
            return _first_meld(legal) or melds[0]
        layoffs = [a for a in legal if a.kind == "layoff"]
        if layoffs:
            naturals = [a for a in layoffs if not is_wild(_card(a.arg))]
            return (naturals or layoffs)[0]
        discards = [a for a in legal if a.kind == "discard"]
        if discards:
            hand = [_card(c) for c in view["hand"]]
            sets, run_len, _ = _parts(view, seat)
            worst = _worst([_card(a.arg) for a in discards], sets, run_len) if len(discards) < len(set(hand)) \
                else _worst(hand, sets, run_len)
            return Action("discard", worst.code)
        return legal[0]

    def _wants(self, view: JSON, hand: list[Card], top: Card) -> bool:
        """Take the discard before opening: when it completes the contract, or clearly helps."""
        seat = view["seat"]
        if is_wild(top):
            return True
        if _partners(top, hand) == 0:  # fits nothing in the hand: cannot complete anything
            return False
        sets, run_len, _ = _parts(view, seat)
        use = usefulness([*hand, top], sets, run_len)
        if use[top] < 2.0:
            return False
        worst = _worst([*hand, top], sets, run_len, use)
        if worst != top and use[top] > use[worst]:  # helps more than some card held
            return True
        key = (view["contracts"][seat], view["variant"])
        found = _SEARCH_PARTS.get(key)
        if found is None:
            found = _SEARCH_PARTS[key] = search_parts(*key)
        runs, sets_p = found
        counts, wilds = counts_of([*hand, top])
        return feasible(counts, wilds, runs, sets_p)  # completes the contract


class BaselinePlayer:
    """Always draws from the stock, opens and lays off when it can, throws the card with the fewest
    partners (same rank, or same suit two places away at most), the costliest first."""

    def choose(self, view: JSON, legal: Sequence[Action], rng: random.Random) -> Action:
        if Action("draw", "stock") in legal:
            return Action("draw", "stock")
        for kind in ("onto", "add", "done", "meld", "layoff"):
            found = [a for a in legal if a.kind == kind]
            if found:
                return found[0]
        discards = [a for a in legal if a.kind == "discard"]
        if discards:
            hand = [_card(c) for c in view["hand"]]
            plain = [a for a in discards if not is_wild(_card(a.arg))] or discards
            return min(plain, key=lambda a: (_partners(_card(a.arg), _without(hand, _card(a.arg))),
                                             -card_points(_card(a.arg)), a.arg))
        return legal[0]


def _partners(c: Card, others: Sequence[Card]) -> int:
    """Cards among ``others`` of the same rank as ``c``, or of its suit at most two places away."""
    if is_wild(c):
        return 99
    p = POS_OF_RANK[c.rank]
    n = 0
    for x in others:
        if is_wild(x):
            continue
        if x.rank == c.rank or (x.suit == c.suit and _near(POS_OF_RANK[x.rank], p)):
            n += 1
    return n


def _first_meld(legal: Sequence[Action]) -> Action | None:
    """Runs first: they are the hard part, and the sets left then are quick to place."""
    melds = [a for a in legal if a.kind == "meld"]
    return next((a for a in melds if a.arg == "seq"), melds[0] if melds else None)


def _without(hand: Sequence[Card], c: Card) -> list[Card]:
    rest = list(hand)
    rest.remove(c)
    return rest


def _near(a: int, b: int) -> bool:
    """Run places at most two apart (the Ace counts low and high)."""
    return abs(a - b) <= 2 or (1 in (a, b) and abs(a + b - 1 - 14) <= 2)
