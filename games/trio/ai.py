"""Computer players for Le Trio / L'École (they see only their own view and the legal steps).

:class:`TrioPlayer` keeps the cards its current contract needs (ranks for brelans and carrés,
suit windows for runs), never throws a wild, takes the discard when it helps (at once when it
completes the contract), opens as soon as it can with naturals first and wilds last, lays down
and lays off everything it can after opening, and goes out. :class:`BaselinePlayer` is the
simpler yardstick: always draws from the stock, opens and lays off when it can, and discards the
card with the fewest partners, without regard to its contract.

The players work on the card codes of the view and the legal steps (canonical, as the engine
writes them); what they need of each code (rank, suit, run places, penalty) is looked up once in
``_FACTS``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from math import inf
from operator import itemgetter
from typing import NamedTuple, TypeVar

from games.base import JSON, Action
from games.cards import Card, card
from games.trio.contracts import card_points, contract_parts, search_parts
from games.trio.melds import POS_OF_RANK, SEQ, SET, SUITS, is_wild
from games.trio.search import SeqPart, SetPart, counts_of, feasible

_SET_VALUE = {1: 0.0, 2: 2.0, 3: 4.5, 4: 5.0}
T = TypeVar("T")
_CARDS: dict[str, Card] = {}
_TAKE, _STOCK = Action("draw", "discard"), Action("draw", "stock")


def _card(code: str) -> Card:
    """``card(code)`` for canonical codes, memoized (the player parses its hand at every step)."""
    found = _CARDS.get(code)
    if found is None:
        found = _CARDS[code] = card(code)
    return found


class _Facts(NamedTuple):
    """What the players need of one card code (see :data:`_Tally` for the packed fields)."""

    place: int  # run place (the Ace: 1); 0 for a wild
    suit_i: int  # index in SUITS; 0 for a wild
    slot_shift: int  # where its count sits in a tally's ``counts``
    rank_shift: int  # where its rank's count sits in a tally's ``counts`` (a wild: none, 0)
    count_bits: int  # what it adds to ``counts``
    near: int  # the other run places at most two away from it, as a tally's ``held`` bits
    points: int  # penalty value (card_points)
    code: str  # canonical code
    wild: bool


# A tally packs a multiset of cards into ``counts``: 4 bits per card (its copies; 16 slots per suit:
# a natural at its run place, a 2 at place 2, the joker in slot 15 of the first suit), then 8 bits
# per rank (the naturals of that rank): room for 15 copies of a card, 255 naturals of a rank (a few
# decks hold far fewer). ``held`` marks the slots in use (bit 0 of each 4).
_RANKS_AT = 4 * 16 * len(SUITS)
_SLOTS = (1 << _RANKS_AT) - 1
_HELD = sum(1 << 4 * k for k in range(16 * len(SUITS)))
_NATURALS = sum(1 << 4 * (16 * i + p) for i in range(len(SUITS)) for p in range(1, 14) if p != 2)
_SUIT = (1 << 64) - 1  # one suit's slots
_SUIT_NATURALS = _NATURALS & _SUIT  # one suit's naturals, the same slots in every suit


def _slot(place: int, suit_i: int) -> int:
    """Bit of a card's count in ``counts`` (the Ace high shares the Ace's slot)."""
    return 4 * (16 * suit_i + (1 if place == 14 else place))


class _FactsTable(dict[str, _Facts]):
    """Card code -> :class:`_Facts`, built on first use (a few dozen codes at most)."""

    def __missing__(self, code: str) -> _Facts:
        c = _card(code)
        if is_wild(c):
            slot = _slot(2, SUITS.index(c.suit)) if c.rank == "2" else _slot(15, 0)
            found = _Facts(0, 0, slot, 0, 1 << slot, 0, card_points(c), c.code, True)
        else:
            place, suit_i = POS_OF_RANK[c.rank], SUITS.index(c.suit)
            places = (1, 14) if place == 1 else (place,)
            near = sum(1 << _slot(q, suit_i) for q in range(1, 15)
                       if q not in places and q != 2 and any(abs(q - p) <= 2 for p in places))
            slot, rank_shift = _slot(place, suit_i), _RANKS_AT + 8 * place
            found = _Facts(place, suit_i, slot, rank_shift, 1 << slot | 1 << rank_shift, near,
                           card_points(c), c.code, False)
        self[code] = found
        return found


class _Column(dict[str, T]):
    """Card code -> one fact drawn from its :class:`_Facts` (a plain lookup, to ``map`` at C speed)."""

    def __init__(self, fact: Callable[[_Facts], T]) -> None:
        super().__init__()
        self.fact = fact

    def __missing__(self, code: str) -> T:
        found = self[code] = self.fact(_FACTS[code])
        return found


_FACTS = _FactsTable()
_COUNT_BITS = _Column(lambda f: f.count_bits)
_TIES = _Column(lambda f: (-f.points, f.code))  # discard tie-break: the costliest, then the lowest code
_HOT = _Column(lambda f: (f.wild, f.place, f.suit_i, f.rank_shift, f.slot_shift))  # for :func:`_values`

_Tally = tuple[int, int]  # (counts, held)


class _Discards(dict[str, Action]):
    """Card code -> the step throwing it, built on first use (one per code)."""

    def __missing__(self, code: str) -> Action:
        found = self[code] = Action("discard", code)
        return found


_DISCARD = _Discards()


def _tally(codes: Iterable[str]) -> _Tally:
    """``counts`` summed at C speed, and the slots held."""
    counts = sum(map(_COUNT_BITS.__getitem__, codes))
    slots = counts & _SLOTS
    return counts, (slots | slots >> 1 | slots >> 2 | slots >> 3) & _HELD


def _parts(view: JSON, seat: int) -> tuple[tuple[int, ...], int, int]:
    """(set sizes, run length, run count) the player is working on."""
    if view["opened"][seat]:
        return (3,), 3, 1
    key = (view["contracts"][seat], view["variant"])
    found = _PARTS.get(key)
    if found is None:
        parts = contract_parts(*key)
        sets = tuple(s for k, s in parts if k == SET)
        runs = [s for k, s in parts if k == SEQ]
        found = _PARTS[key] = (sets, runs[0] if runs else 0, len(runs))
    return found


_PARTS: dict[tuple[int, str], tuple[tuple[int, ...], int, int]] = {}


class _Aim(NamedTuple):
    """What a player weighs its cards against: its set sizes and run length, with their tables."""

    sets: tuple[int, ...]
    run_len: int
    set_values: tuple[float, ...]  # see :func:`_set_values`
    runs: _RunValues | None  # see :func:`_run_values`; None: no run wanted


def _aim(view: JSON, seat: int) -> _Aim:
    """:func:`_parts` with its tables, memoized by contract and variant (and once opened)."""
    key = None if view["opened"][seat] else (view["contracts"][seat], view["variant"])
    found = _AIMS.get(key)
    if found is None:
        sets, run_len, _ = _parts(view, seat)
        found = _AIMS[key] = _Aim(sets, run_len, _set_values(sets, run_len), _run_values(run_len) if run_len else None)
    return found


_AIMS: dict[tuple[int, str] | None, _Aim] = {}
_SEARCH_PARTS: dict[tuple[int, str], tuple[tuple[SeqPart, ...], tuple[SetPart, ...]]] = {}


def usefulness(hand: Sequence[Card], sets: Sequence[int], run_len: int) -> dict[Card, float]:
    """How much each card of ``hand`` helps toward the combinations (higher: keep it)."""
    codes = [c.code for c in hand]
    sets = tuple(sets)
    aim = _Aim(sets, run_len, _set_values(sets, run_len), _run_values(run_len) if run_len else None)
    return {_card(code): v for code, v in _values(_tally(codes), aim, codes).items()}


def _by_suit(held: int, runs: _RunValues | None) -> tuple[tuple[float, ...], ...]:
    """Each suit's run values by place, for the naturals ``held`` (a tally's)."""
    if runs is None:
        return _NO_RUNS
    return runs[held & _SUIT_NATURALS], runs[held >> 64 & _SUIT_NATURALS], \
        runs[held >> 128 & _SUIT_NATURALS], runs[held >> 192 & _SUIT_NATURALS]


def _values(t: _Tally, aim: _Aim, codes: Iterable[str]) -> dict[str, float]:
    """:func:`usefulness` of the cards ``codes`` (repeats allowed) of the tallied hand, by code."""
    return _weigh(t[0], aim.set_values, _by_suit(t[1], aim.runs), codes)


def _weigh(counts: int, set_values: tuple[float, ...], by_suit: tuple[tuple[float, ...], ...],
           codes: Iterable[str]) -> dict[str, float]:
    """:func:`_values` from the tally's ``counts`` and the tables of its hand."""
    hot = _HOT
    out: dict[str, float] = {}
    for code in codes:
        wild, place, suit_i, rank_shift, slot_shift = hot[code]
        if wild:
            out[code] = 100.0
            continue
        value = set_values[counts >> rank_shift & 255]
        run_value = by_suit[suit_i][place]
        if run_value > value and counts >> slot_shift & 15 == 1:
            value = run_value  # a card held twice is worth its set value only: one copy stays for the run
        out[code] = value
    return out


_SET_VALUES: dict[tuple[int, bool], tuple[float, ...]] = {}


def _set_values(sets: Sequence[int], run_len: int) -> tuple[float, ...]:
    """Set value of a card by the naturals of its rank held (0 to 255); copies beyond the largest
    set wanted are spare."""
    key = (max(sets) if sets else 0, run_len > 0)
    found = _SET_VALUES.get(key)
    if found is None:
        need, scale = key[0], 0.6 if run_len else 1.0
        found = _SET_VALUES[key] = tuple(
            0.0 if not sets or n == 0 else 0.2 if n > need else
            _SET_VALUE[n] * (1.0 if need == 3 or n >= 2 else 0.5) * scale for n in range(256))
    return found


# Byte lanes: an int read as 16 bytes, little end first (lane p: bits 8p to 8p+7), each 0 to 127.
_LOW = int.from_bytes(b"\x01" * 16, "little")
_HIGH = _LOW << 7
_PLACES = _LOW * 255 >> 8 & (1 << 8 * 14) - 1  # lanes 1 to 13: the places of a run value table


class _RunValues(dict[int, tuple[float, ...]]):
    """For one run length (3 to 14): a suit's naturals held (its tally ``held`` bits) -> the run
    value of a card of that suit at each place held (the most cards held in one window of the run's
    length around it), computed on first use (at most 2**12 patterns).

    Computed on byte lanes, one per run place: the places held (lane 14: the Ace high), times
    ``span`` (1 in lanes 0 to length - 1), count the cards of the window ending at each lane; the
    valid windows kept, a max over the next ``length`` lanes (``shifts``, doubling) gives each place
    its best window, then the Ace takes the better of lanes 1 and 14; the lanes held are read as
    bytes. A lane by lane max of ``a`` and ``b``: ``(a | _HIGH) - b`` borrows nothing (each lane
    reads 128 and more) and sets a lane's top bit where ``a >= b``."""

    def __init__(self, run_len: int) -> None:
        super().__init__()
        self.span = _LOW & (1 << 8 * run_len) - 1
        self.ends = _LOW * 255 & (1 << 8 * 15) - (1 << 8 * run_len)  # windows end at run_len..14
        width, self.shifts = 1, []
        while width * 2 <= run_len:  # lanes p..p+width-1 doubled
            self.shifts.append(8 * width)
            width *= 2
        if width < run_len:
            self.shifts.append(8 * (run_len - width))
        self.shifts.append(8 * 13)  # lane 14 (the Ace high) onto lane 1
        score = [5.0 * (best - 1) / max(run_len - 1, 1) + (0.5 if best >= 2 else 0.0)
                 for best in range(run_len + 1)]  # run value by the most cards in a window
        self.score = (0.0, *score[1:])  # lane 0: a place not held

    def __missing__(self, suit_held: int) -> tuple[float, ...]:
        # one hex digit per run place, 0 or 1: its ASCII byte's low bit, into byte lanes
        held = int.from_bytes(b"%016x" % suit_held, "big") & _LOW
        held |= (held >> 8 & 1) << 8 * 14  # the Ace high
        best = held * self.span & self.ends
        for shift in self.shifts:
            other = best >> shift
            best = other ^ (best ^ other) & (((best | _HIGH) - other & _HIGH) >> 7) * 255
        best &= held * 255 & _PLACES
        found = self[suit_held] = itemgetter(*best.to_bytes(14, "little"))(self.score)
        return found


_RUN_TABLES: dict[int, _RunValues] = {}
_NO_RUNS = ((0.0,) * 14,) * len(SUITS)


def _run_values(run_len: int) -> _RunValues:
    found = _RUN_TABLES.get(run_len)
    if found is None:
        found = _RUN_TABLES[run_len] = _RunValues(run_len)
    return found


def _worst(values: dict[str, float]) -> str:
    """The code of the least useful card, the costliest first, then the lowest code."""
    found = list(values.values())
    low = min(found)
    if found.count(low) == 1:
        return list(values)[found.index(low)]
    return min((code for code, v in values.items() if v == low), key=_TIES.__getitem__)


def _worst_of(t: _Tally, aim: _Aim, codes: Iterable[str]) -> str:
    """``_worst(_values(t, aim, codes))`` in one pass: the values are weighed as they come and only
    the codes tied at the lowest are kept."""
    counts, held = t
    set_values, by_suit = aim.set_values, _by_suit(held, aim.runs)
    hot = _HOT
    low = inf
    lowest: list[str] = []
    for code in codes:
        wild, place, suit_i, rank_shift, slot_shift = hot[code]
        if wild:
            value = 100.0
        else:
            value = set_values[counts >> rank_shift & 255]
            run_value = by_suit[suit_i][place]
            if run_value > value and counts >> slot_shift & 15 == 1:
                value = run_value
        if value < low:
            low, lowest = value, [code]
        elif value == low:
            lowest.append(code)
    return lowest[0] if len(lowest) == 1 else min(lowest, key=_TIES.__getitem__)


# ((tally counts, sets, run length), values) of the last hand weighed for taking the discard: the
# discard decision that follows sees the same hand again (one entry; the key is all they depend on).
_LAST: list[tuple[tuple[int, tuple[int, ...], int], dict[str, float]]] = []


class TrioPlayer:
    """The computer player (see the module docstring)."""

    def choose(self, view: JSON, legal: Sequence[Action], rng: random.Random) -> Action:
        seat = view["seat"]
        phase = view["phase"]
        if phase == "draw":
            if _TAKE in legal and (view["opened"][seat] or self._wants(view, view["hand"], view["discard_top"])):
                return _TAKE
            return _STOCK if _STOCK in legal else legal[0]
        if phase == "layoff":  # the only phase offering ``onto:`` steps
            onto = next((a for a in legal if a.kind == "onto"), None)
            if onto is not None:
                return onto
        if phase == "meld":
            return _best_add(legal) or next((a for a in legal if a.kind == "done"), None) \
                or _first_meld(legal) or legal[0]
        discards = [arg for kind, arg in legal if kind == "discard"]
        if len(discards) < len(legal):  # other steps: lay down first, then lay off
            melds = [a for a in legal if a.kind == "meld"]
            if melds:
                return _first_meld(legal) or melds[0]
            layoffs = [a for a in legal if a.kind == "layoff"]
            if layoffs:
                return next((a for a in layoffs if not _FACTS[a.arg].wild), layoffs[0])
        if discards:
            return _DISCARD[self._worst_discard(view, seat, discards)]
        return legal[0]

    def _worst_discard(self, view: JSON, seat: int, discards: list[str]) -> str:
        """The code of the least useful card among those it may throw (the steps name each distinct
        card of the hand, or fewer)."""
        aim = _aim(view, seat)
        t = _tally(view["hand"])
        if len(discards) < t[1].bit_count():
            return _worst_of(_tally(discards), aim, discards)
        last = _LAST[0] if _LAST else None
        if last is not None and last[0] == (t[0], aim.sets, aim.run_len):  # just weighed: the discard it took
            return _worst(last[1])
        return _worst_of(t, aim, discards)

    def _wants(self, view: JSON, hand: list[str], top: str) -> bool:
        """Take the discard before opening: when it completes the contract, or clearly helps."""
        seat = view["seat"]
        f = _FACTS[top]
        if f.wild:
            return True
        codes = [*hand, top]
        t = _tally(codes)
        if t[0] >> f.rank_shift & 255 < 2 and not t[1] & f.near:
            return False  # no partner (same rank, or same suit two places away at most): fits nothing
        aim = _aim(view, seat)
        counts, held = t
        runs = aim.runs
        value = aim.set_values[counts >> f.rank_shift & 255]  # as :func:`_weigh` values it
        if runs is not None and counts >> f.slot_shift & 15 == 1:  # its suit's run values only
            value = max(value, runs[held >> 64 * f.suit_i & _SUIT_NATURALS][f.place])
        if value < 2.0:
            return False
        use = _weigh(counts, aim.set_values, _by_suit(held, runs), codes)
        _LAST[:] = [((t[0], aim.sets, aim.run_len), use)]
        if use[top] > min(use.values()):  # helps more than some card held
            return True
        key = (view["contracts"][seat], view["variant"])
        found = _SEARCH_PARTS.get(key)
        if found is None:
            found = _SEARCH_PARTS[key] = search_parts(*key)
        runs, sets_p = found
        counts, wilds = counts_of([_card(c) for c in (*hand, top)])
        return feasible(counts, wilds, runs, sets_p)  # completes the contract


def _best_add(legal: Sequence[Action]) -> Action | None:
    """The ``add`` step placing the costliest natural (the first such), else the first ``add``."""
    best = first = None
    best_points = 0
    facts = _FACTS
    for a in legal:
        if a.kind == "add":
            if first is None:
                first = a
            f = facts[a.arg.partition("=")[0]]
            if not f.wild and f.points > best_points:
                best, best_points = a, f.points
    return best or first


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
