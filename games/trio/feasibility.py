"""Feasibility searches over a hand: can it still form the contract (or one combination), and can
it go out this turn (docs/rules/trio.md, « The round »)? The engine uses them to list only steps that can be finished;
the computer player asks whether a hand holds its contract.

A hand is a count vector: 52 natural slots (suit number * 13 + rank place - 1, see :func:`slot`)
plus a wild count (docs/rules/trio.md, « Cards and their points »: every 2, and the jokers at L'École).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from typing import NamedTuple

from games.cards import Card
from games.trio.melds import ADJACENCY, SET, SLOTS, SUITS, Meld, is_wild

Counts = tuple[int, ...]
RunWay = tuple[str, int, tuple[bool, ...], Counts, int]  # suit, first place, wild mask, counts left, wilds left
EVERY = (99,) * 52  # ``spare`` of :func:`run_ways`: a wild may stand in for any natural held


def counts_of(cards: Iterable[Card]) -> tuple[Counts, int]:
    """``(natural counts, wild count)`` of ``cards``."""
    counts = [0] * 52
    wilds = 0
    for c in cards:
        if is_wild(c):
            wilds += 1
        else:
            counts[SLOTS[c]] += 1
    return tuple(counts), wilds


def slot(suit_i: int, pos: int) -> int:
    """Count-vector slot of run place ``pos`` (1 or 14: the Ace) in suit number ``suit_i``."""
    return suit_i * 13 + (0 if pos == 14 else pos - 1)


def rank_totals(counts: Counts) -> list[int]:
    """Naturals held per rank place 1..13 (suits together)."""
    return [counts[p] + counts[13 + p] + counts[26 + p] + counts[39 + p] for p in range(13)]


class SeqPart(NamedTuple):
    """A run to form: length bounds, wild limit, and the places already filled (``fixed``: place ->
    is wild), which fix the suit."""

    lmin: int
    lmax: int
    max_wilds: int
    suit: str = ""
    fixed: tuple[tuple[int, bool], ...] = ()


class SetPart(NamedTuple):
    """A brelan/carré to form: size bounds, and what is already placed (rank, naturals, wilds)."""

    smin: int
    smax: int
    rank: int = 0
    have_nat: int = 0
    have_wild: int = 0


class Distinct(NamedTuple):
    """docs/rules/trio.md, « Defaults and options » options 2-3 switched on: a contract's brelans of distinct ranks, runs of
    distinct suits; ``ranks``/``suits`` are already taken by combinations staged earlier."""

    sets: bool = False
    runs: bool = False
    ranks: frozenset[int] = frozenset()
    suits: frozenset[str] = frozenset()


NO_DISTINCT = Distinct()


# --- forming combinations from a hand (docs/rules/trio.md, « Combinations », « Contracts ») -------------------------------------


def wild_fits(mask: Sequence[bool], max_wilds: int) -> bool:
    """A wild may go next after ``mask``: École runs never two side by side, others a count limit."""
    if max_wilds == ADJACENCY:
        return not (mask and mask[-1])
    return sum(mask) < max_wilds


def run_ways(counts: Counts, wilds: int, part: SeqPart, spare: Sequence[int] | None = None,
             max_subs: int = 99) -> Iterator[RunWay]:
    """Every way to lay the run ``part`` at its shortest (a longer run only needs more cards).

    A natural held fills its place; a wild fills a place with no natural held. With ``spare`` (per
    slot), a wild may also stand in for a natural held (in ``max_subs`` places at most) when no more
    than ``spare[slot]`` copies are held: a later part may want that natural."""
    fixed = dict(part.fixed)
    length = max(part.lmin, max(fixed) - min(fixed) + 1 if fixed else 0)
    if length > part.lmax:
        return
    first = max(1, max(fixed, default=0) - length + 1)
    last = min(15 - length, min(fixed, default=15))
    left = list(counts)  # each fill gives back every card it takes
    for si, suit in enumerate(SUITS):
        if part.suit and suit != part.suit:
            continue
        for lo in range(first, last + 1):
            yield from _fill(left, wilds, part.max_wilds, si, range(lo, lo + length), fixed, spare, max_subs)


def _fill(left: list[int], wilds: int, max_wilds: int, si: int, places: range, fixed: dict[int, bool],
          spare: Sequence[int] | None, subs: int, mask: tuple[bool, ...] = ()) -> Iterator[RunWay]:
    """The ways to fill ``places`` from the first not yet in ``mask`` (see :func:`run_ways`)."""
    if len(mask) == len(places):
        yield SUITS[si], places[0], mask, tuple(left), wilds
        return
    pos = places[len(mask)]
    can_wild = wilds > 0 and wild_fits(mask, max_wilds)
    if pos in fixed:
        if not fixed[pos] or wild_fits(mask, max_wilds):
            yield from _fill(left, wilds, max_wilds, si, places, fixed, spare, subs, (*mask, fixed[pos]))
        return
    s = slot(si, pos)
    if left[s]:
        left[s] -= 1
        yield from _fill(left, wilds, max_wilds, si, places, fixed, spare, subs, (*mask, False))
        left[s] += 1
        if not (spare is not None and can_wild and subs > 0 and left[s] <= spare[s]):
            return
        subs -= 1
    elif not can_wild:
        return
    yield from _fill(left, wilds - 1, max_wilds, si, places, fixed, spare, subs, (*mask, True))


@lru_cache(maxsize=1024)
def later_demand(runs: tuple[SeqPart, ...], sets: tuple[SetPart, ...]) -> tuple[int, ...]:
    """Per slot, the most naturals of it the parts ``runs`` and ``sets`` could use: one per run of
    its suit, and a set's missing cards if its rank may be the slot's. A wild standing in for a
    natural held in more copies than that gains nothing (a copy stays spare)."""
    out = [0] * 52
    for si, suit in enumerate(SUITS):
        for p in range(13):
            out[si * 13 + p] = sum(1 for r in runs if not r.suit or r.suit == suit)
    for part in sets:
        have = part.have_nat + part.have_wild
        need = max(part.smin, have) - have
        for i in range(52):
            if not part.rank or part.rank == i % 13 + 1:
                out[i] += need
    return tuple(out)


def feasible(counts: Counts, wilds: int, runs: tuple[SeqPart, ...], sets: tuple[SetPart, ...],
             distinct: Distinct = NO_DISTINCT) -> bool:
    """Whether the hand forms every part at once, from disjoint cards (docs/rules/trio.md, « Contracts »). Runs are laid
    first, then sets; a run wild stands in for a natural only where a later part may want that
    natural, and in the last run at most once per set (a run holds one card of each rank)."""
    return _runs_fit(counts, wilds, runs, sets, distinct, tuple(distinct.suits))


def _runs_fit(counts: Counts, wilds: int, runs: tuple[SeqPart, ...], sets: tuple[SetPart, ...],
              distinct: Distinct, suits_used: tuple[str, ...]) -> bool:
    if not runs:
        return _sets_fit(rank_totals(counts), wilds, sets, distinct, tuple(distinct.ranks))
    part, later = runs[0], runs[1:]
    if later or sets:
        ways = run_ways(counts, wilds, part, later_demand(later, sets), 99 if later else len(sets))
    else:
        ways = run_ways(counts, wilds, part)
    tried = set()  # ways that differ only in where their wilds stand leave the same cards
    for suit, _, _, left, wleft in ways:
        if distinct.runs and suit in suits_used:
            continue
        rest = (left, wleft, suit if distinct.runs else "")
        if rest in tried:
            continue
        tried.add(rest)
        if _runs_fit(left, wleft, later, sets, distinct, (*suits_used, suit)):
            return True
    return False


def _sets_fit(totals: list[int], wilds: int, sets: tuple[SetPart, ...], distinct: Distinct,
              ranks_used: tuple[int, ...], twin_from: int = 1) -> bool:
    """Each set takes one rank (not the wild 2s): naturals of it and at most one wild (docs/rules/trio.md, « Combinations »).
    ``twin_from``: the lowest rank to try (a set just like the one before takes no lower rank:
    the two could swap)."""
    if not sets:
        return True
    part, later = sets[0], sets[1:]
    size = max(part.smin, part.have_nat + part.have_wild)  # a 4th card never helps
    need = size - part.have_nat - part.have_wild
    for rank in (part.rank,) if part.rank else range(twin_from, 14):
        if rank == 2 or (distinct.sets and rank in ranks_used):
            continue
        for add_wild in (0, 1):
            naturals = need - add_wild
            if (part.have_wild + add_wild > 1 or add_wild > wilds or naturals < 0
                    or naturals > totals[rank - 1] or part.have_nat + naturals < 1):
                continue
            totals[rank - 1] -= naturals
            twin = later and later[0] == part and not part.rank
            ok = _sets_fit(totals, wilds - add_wild, later, distinct, (*ranks_used, rank), rank if twin else 1)
            totals[rank - 1] += naturals
            if ok:
                return True
    return False


# --- going out this turn (docs/rules/trio.md, « The round ») ------------------------------------------------------

# A laid combination as the going-out search sees it: a set ("s", rank, size, wilds) or a run
# ("q", suit number, lo, hi, wilds, wild limit, lo end wild, hi end wild). Closed carrés: None.
TableMeld = tuple[object, ...]


def abstract(m: Meld) -> TableMeld | None:
    """The search's view of a laid combination (``None`` for a closed carré)."""
    if m.closed:
        return None
    if m.kind == SET:
        return ("s", m.rank, len(m.cards), m.wild_count)
    return ("q", SUITS.index(m.suit), m.lo, m.hi, m.wild_count, m.max_wilds, is_wild(m.cards[0]), is_wild(m.cards[-1]))


def layoffs(t: TableMeld, si: int, places: tuple[int, ...], wild: bool) -> list[TableMeld | None]:
    """``t`` after each way to lay off one card on it (a natural of suit ``si`` at ``places``, or a
    wild) within the wild limits; ``None``: a set completed to a closed carré (docs/rules/trio.md, « Combinations »)."""
    if t[0] == "s":
        _, rank, size, wc = t
        if (wild and wc == 0) or (not wild and rank == places[0]):
            return [None if size + 1 >= 4 else ("s", rank, size + 1, wc + wild)]  # type: ignore[operator]  # a set's fields are ints
        return []
    _, s, lo, hi, wc, limit, lo_wild, hi_wild = t
    assert isinstance(lo, int) and isinstance(hi, int) and isinstance(wc, int) and isinstance(limit, int)
    if hi - lo + 1 >= 13:
        return []
    out: list[TableMeld | None] = []
    if wild:
        room = wc < limit
        if lo > 1 and (not lo_wild if limit == ADJACENCY else room):
            out.append(("q", s, lo - 1, hi, wc + 1, limit, True, hi_wild))
        if hi < 14 and (not hi_wild if limit == ADJACENCY else room):
            out.append(("q", s, lo, hi + 1, wc + 1, limit, lo_wild, True))
        return out
    if s == si and lo - 1 in places:
        out.append(("q", s, lo - 1, hi, wc, limit, False, hi_wild))
    if s == si and hi + 1 in places:
        out.append(("q", s, lo, hi + 1, wc, limit, lo_wild, False))
    return out


def can_go_out(counts: Counts, wilds: int, table: Iterable[TableMeld | None], *, discard: bool,
               run_wilds: int) -> bool:
    """Whether the hand can be emptied this turn by new combinations (minimal ones: further cards
    join them as lay-offs), lay-offs on ``table`` and, with ``discard``, one final discard.
    ``run_wilds``: the wild limit of a new run (1, or :data:`ADJACENCY` at L'École)."""
    hand = tuple(i for i in range(52) for _ in range(counts[i]))
    melds = tuple(sorted(t for t in table if t is not None))
    return _goes_out(hand, wilds, melds, discard, run_wilds)


@lru_cache(maxsize=100_000)
def _goes_out(hand: tuple[int, ...], wilds: int, table: tuple[TableMeld, ...], discard: bool, run_wilds: int) -> bool:
    """:func:`can_go_out` of the naturals' slots ``hand`` (ascending): the lowest card is discarded,
    laid off, or put in a new brelan or tierce. Cached: on a turn spent going out, each step's list
    asks again about the hands left by the steps it tries (docs/decisions.md, « Le Trio's going-out
    search cached »)."""
    if len(hand) + wilds <= discard:  # nothing left, or one card for the discard
        return True
    if not hand:  # only wilds left: lay one off
        return any(_goes_out(hand, wilds - 1, _replace(table, k, t2), discard, run_wilds)
                   for k, t in enumerate(table) for t2 in layoffs(t, -1, (), True))
    first, rest = hand[0], hand[1:]
    si, place = divmod(first, 13)
    places = (1, 14) if place == 0 else (place + 1,)
    if discard and _goes_out(rest, wilds, table, False, run_wilds):
        return True
    for k, t in enumerate(table):
        if any(_goes_out(rest, wilds, _replace(table, k, t2), discard, run_wilds) for t2 in layoffs(t, si, places, False)):
            return True
    for left, w, meld in _new_brelans(first, rest, wilds) + _new_tierces(first, rest, wilds, run_wilds):
        if _goes_out(left, w, _replace(table, -1, meld), discard, run_wilds):
            return True
    return False


def _new_brelans(first: int, rest: tuple[int, ...], wilds: int) -> list[tuple[tuple[int, ...], int, TableMeld]]:
    """Brelans holding the card of slot ``first``: two more of its rank, or one and a wild."""
    rank = first % 13 + 1
    out: list[tuple[tuple[int, ...], int, TableMeld]] = []
    for a, b in sorted(set(itertools.combinations(_same_rank(rest, rank), 2))):
        out.append((_drop(_drop(rest, a), b), wilds, ("s", rank, 3, 0)))
    if wilds:
        for a in sorted(set(_same_rank(rest, rank))):
            out.append((_drop(rest, a), wilds - 1, ("s", rank, 3, 1)))
    return out


def _same_rank(rest: tuple[int, ...], rank: int) -> list[int]:
    return [i for i in rest if i % 13 + 1 == rank]


def _new_tierces(first: int, rest: tuple[int, ...], wilds: int, limit: int) -> list[tuple[tuple[int, ...], int, TableMeld]]:
    """Tierces holding the card of slot ``first``, their other two places filled by naturals held
    or wilds within the limit of a new run (docs/rules/trio.md, « Combinations »)."""
    si, place = divmod(first, 13)
    out: list[tuple[tuple[int, ...], int, TableMeld]] = []
    for p in ((1, 14) if place == 0 else (place + 1,)):
        for lo in range(max(1, p - 2), min(p, 12) + 1):
            for mask in _TIERCE_MASKS[p - lo]:
                nw = sum(mask)
                side_by_side = (mask[0] and mask[1]) or (mask[1] and mask[2])
                if nw > wilds or (side_by_side if limit == ADJACENCY else nw > limit):
                    continue
                left = _take(rest, [slot(si, q) for q in range(lo, lo + 3) if q != p and not mask[q - lo]])
                if left is not None:
                    out.append((left, wilds - nw, ("q", si, lo, lo + 2, nw, limit, mask[0], mask[2])))
    return out


# Per place of the card in a tierce (0 to 2), the wild masks of the tierce (that place natural).
_TIERCE_MASKS = [[m for m in itertools.product((False, True), repeat=3) if not m[k]] for k in range(3)]


def _take(hand: tuple[int, ...], slots: list[int]) -> tuple[int, ...] | None:
    """``hand`` less one card of each of ``slots``, or ``None`` when one is not held."""
    for i in slots:
        if i not in hand:
            return None
        hand = _drop(hand, i)
    return hand


def _drop(hand: tuple[int, ...], i: int) -> tuple[int, ...]:
    """``hand`` less one card of slot ``i`` (held)."""
    k = hand.index(i)
    return hand[:k] + hand[k + 1:]


def _replace(table: tuple[TableMeld, ...], k: int, new: TableMeld | None) -> tuple[TableMeld, ...]:
    """``table`` with meld ``k`` replaced by ``new`` (``k`` -1: ``new`` added; ``new`` None: removed),
    sorted (one table, one key)."""
    kept = table if k < 0 else table[:k] + table[k + 1:]
    return kept if new is None else tuple(sorted((*kept, new)))
