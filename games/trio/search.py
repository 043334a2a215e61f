"""Feasibility searches over a hand: can it still form the contract (or one combination), and can
it go out this turn (RULES.md 3.4). The engine uses them to list only steps that can be finished;
the computer player uses the plans they return.

Hands are count vectors: 52 natural slots (:func:`games.trio.melds.index`) plus a wild count.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import compress
from typing import NamedTuple

from games.cards import Card
from games.trio.melds import ADJACENCY, SEQ, SET, SLOTS, SUITS, Meld, is_wild

Counts = tuple[int, ...]


def counts_of(cards: Iterable[Card]) -> tuple[Counts, int]:
    """``(natural counts, wild count)`` of ``cards``."""
    counts = [0] * 52
    wilds = 0
    for i in map(SLOTS.get, cards):
        if i is None:
            wilds += 1
        else:
            counts[i] += 1
    return tuple(counts), wilds


def slot(suit_i: int, pos: int) -> int:
    """Count-vector slot of run position ``pos`` (14 = the Ace) in suit number ``suit_i``."""
    return suit_i * 13 + (0 if pos == 14 else pos - 1)


class SeqPart(NamedTuple):
    """A run to form: length bounds, wild limit, and the positions already placed
    (``fixed``: position -> is wild), which fix the suit."""

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


@dataclass
class Plan:
    """A way to form the parts: per run part ``(suit, lo, wild mask)``, per set part
    ``(rank, naturals to add, wilds to add)``."""

    runs: list[tuple[str, int, tuple[bool, ...]]] = field(default_factory=list)
    sets: list[tuple[int, int, int]] = field(default_factory=list)


def _windows(counts: Counts, wilds: int, part: SeqPart, substitute: bool, demand: Sequence[int] = (),
             max_subs: int = 99) -> Iterator[tuple[str, int, tuple[bool, ...], Counts, int]]:
    """Every way to lay ``part`` at its shortest from the hand: ``(suit, lo, mask, counts left,
    wilds left)``.
    With ``substitute``, a wild may also replace a natural the hand holds (the natural may be
    needed elsewhere); otherwise naturals are always used first. ``demand`` (per slot, the most
    naturals of it the parts still to form could use; see :func:`_demand`): a wild replaces a
    natural only while fewer spare copies are held than that (else the way is dominated), and in
    ``max_subs`` places at most."""
    fixed = dict(part.fixed)
    fixed_wilds = sum(fixed.values())
    fmin = min(fixed) if fixed else 15
    fmax = max(fixed) if fixed else 0
    budget = wilds if part.max_wilds == ADJACENCY else min(wilds, part.max_wilds - fixed_wilds)
    if budget < 0:
        return
    suits = (part.suit,) if part.suit else SUITS
    nfixed = len(fixed)
    fixed_bits = 0
    for p in fixed:
        fixed_bits |= 1 << p
    rows = _rows(counts)
    for suit in suits:
        si = SUITS.index(suit)
        row = rows[si]
        if nfixed + (row & 16382).bit_count() + budget < part.lmin:  # bits 1..13: one per slot
            continue  # too few cards of this suit for the shortest run
        present = row | fixed_bits  # run places holding a natural, or placed already
        # The shortest run holding the placed cards is enough: a longer one only needs more cards.
        length = max(part.lmin, fmax - fmin + 1 if fixed else 0)
        if length > part.lmax:
            return
        span = (1 << length) - 1
        least = length - budget  # places of a window already present
        apart = part.max_wilds == ADJACENCY  # École: the places wilds fill are never side by side
        for lo in range(max(1, fmax - length + 1), min(15 - length, fmin) + 1):
            window = present >> lo & span
            if window.bit_count() < least:
                continue
            if apart:
                missing = ~window & span
                if missing & missing >> 1:
                    continue
            if substitute:
                yield from _masks(counts, wilds, part, suit, si, lo, lo + length - 1, fixed, demand, max_subs)
            else:
                found = _first_mask(counts, wilds, part.max_wilds, si, lo, lo + length - 1, fixed)
                if found is not None:
                    yield (suit, lo, *found)


def _first_mask(counts: Counts, wilds: int, limit: int, si: int, lo: int, hi: int, fixed: dict[int, bool],
                ) -> tuple[tuple[bool, ...], Counts, int] | None:
    """The one way :func:`_masks` finds without ``substitute`` (naturals held always used, wilds
    fill the other places), or ``None``: ``(mask, counts left, wilds left)``; a loop, no search."""
    cur = list(counts)
    mask: list[bool] = []
    base = si * 13 - 1  # slot of place q: base + q (the high Ace: base + 1)
    apart = limit == ADJACENCY
    used = nwild = 0
    prev = False
    get = fixed.get
    for pos in range(lo, hi + 1):
        w = get(pos)
        if w is None:
            s = base + 1 if pos == 14 else base + pos
            if cur[s]:
                cur[s] -= 1
                w = False
            elif used < wilds and (not prev if apart else nwild < limit):
                used += 1
                w = True
            else:
                return None
        elif w and (prev if apart else nwild >= limit):
            return None
        mask.append(w)
        nwild += w
        prev = w
    return tuple(mask), tuple(cur), wilds - used


def _masks(counts: Counts, wilds: int, part: SeqPart, suit: str, si: int, lo: int, hi: int,
           fixed: dict[int, bool], demand: Sequence[int] = (), max_subs: int = 99,
           ) -> Iterator[tuple[str, int, tuple[bool, ...], Counts, int]]:
    """The ways to fill places ``lo..hi`` when a wild may replace a natural held (``substitute``
    of :func:`_windows`), natural first at each place held: places with one
    choice (placed, held without substitution, or missing) are filled in a loop; the search
    branches only where a wild may replace a natural held."""
    cur = list(counts)
    spare = demand or _NO_DEMAND
    mask: list[bool] = []
    limit = part.max_wilds
    apart = limit == ADJACENCY
    base = si * 13 - 1  # slot of place q: base + q (the high Ace: base + 1)
    get = fixed.get

    def rec(pos: int, used: int, nwild: int, subs: int,
            ) -> Iterator[tuple[str, int, tuple[bool, ...], Counts, int]]:
        start = len(mask)
        taken: list[int] = []  # slots whose natural this call placed
        while pos <= hi:
            prev = bool(mask) and mask[-1]
            w = get(pos)
            if w is not None:
                if w and (prev if apart else nwild >= limit):
                    break
                mask.append(w)
                nwild += w
                pos += 1
                continue
            s = base + 1 if pos == 14 else base + pos
            n = cur[s]
            can_wild = used < wilds and (not prev if apart else nwild < limit)
            if n and can_wild and subs < max_subs and n <= spare[s]:
                cur[s] = n - 1  # both ways: the natural first, then a wild in its place
                mask.append(False)
                yield from rec(pos + 1, used, nwild, subs)
                cur[s] = n
                mask[-1] = True
                yield from rec(pos + 1, used + 1, nwild + 1, subs + 1)
                break
            if n:
                cur[s] = n - 1
                taken.append(s)
                mask.append(False)
            elif can_wild:
                mask.append(True)
                used += 1
                nwild += 1
            else:
                break
            pos += 1
        else:
            yield suit, lo, tuple(mask), tuple(cur), wilds - used
        del mask[start:]
        for s in taken:
            cur[s] += 1

    yield from rec(lo, 0, 0, 0)


_NO_DEMAND = (99,) * 52  # no bound: a wild may replace any natural held
_DEMANDS: dict[tuple[object, ...], tuple[int, ...]] = {}


def _demand(runs: tuple[SeqPart, ...], sets: tuple[SetPart, ...]) -> tuple[int, ...]:
    """Per slot, the most naturals of it that ``runs`` and ``sets`` (the parts formed after a run)
    could use: one per run of a suit they may take, and a set's missing cards if its rank may be
    the slot's. A wild replacing a natural held in more copies than that is dominated by the
    natural (the copy left over stays spare), so :func:`solve` skips it. Memoized (small keys)."""
    key = (runs, sets)
    found = _DEMANDS.get(key)
    if found is None:
        if len(_DEMANDS) > 10_000:
            _DEMANDS.clear()
        out = [0] * 52
        for si, suit in enumerate(SUITS):
            n = sum(1 for r in runs if not r.suit or r.suit == suit)
            for p in range(13):
                out[si * 13 + p] = n
        for part in sets:
            have = part.have_nat + part.have_wild
            need = max(part.smin, have) - have
            for si in range(4):
                for p in range(13):
                    if not part.rank or part.rank == p + 1:
                        out[si * 13 + p] += need
        found = _DEMANDS[key] = tuple(out)
    return found


class Distinct(NamedTuple):
    """RULES.md 3.5 options 2-3 switched on: a contract's brelans of distinct ranks, runs of
    distinct suits; ``ranks``/``suits`` are already taken by combinations staged earlier."""

    sets: bool = False
    runs: bool = False
    ranks: frozenset[int] = frozenset()
    suits: frozenset[str] = frozenset()


NO_DISTINCT = Distinct()


def solve(counts: Counts, wilds: int, runs: tuple[SeqPart, ...], sets: tuple[SetPart, ...],
          substitute: bool = True, distinct: Distinct = NO_DISTINCT) -> Plan | None:
    """A way to form every part from the hand at once (disjoint cards), or ``None``. Without
    ``substitute``, runs use the naturals held wherever they can (faster, may miss a way)."""
    memo: set[tuple[object, ...]] = set()
    plan = Plan()
    used_ranks: list[int] = list(distinct.ranks)
    used_suits: list[str] = list(distinct.suits)

    def totals(c: Counts) -> list[int]:
        return [c[p - 1] + c[13 + p - 1] + c[26 + p - 1] + c[39 + p - 1] for p in range(1, 14)]

    set_memo: set[tuple[object, ...]] = set()  # (part, totals, wilds, previous rank, ranks used) that fail

    last = len(sets) - 1

    def set_rec(j: int, tot: list[int], w: int, prev_rank: int) -> bool:
        if j > last:
            return True
        part = sets[j]
        same_as_prev = j > 0 and part == sets[j - 1] and not part.rank
        ranks = (part.rank,) if part.rank else range(prev_rank if same_as_prev else 1, 14)
        have_nat, have_wild = part.have_nat, part.have_wild
        size = max(part.smin, have_nat + have_wild)  # a 4th card never helps
        need = size - have_nat - have_wild
        if j == last:  # the last part: the first rank and wild choice that fits, no memo
            return _last_set(tot, w, ranks, have_nat, have_wild, need,
                             used_ranks if distinct.sets else (), plan)
        key = (j, tuple(tot), w, prev_rank, tuple(used_ranks) if distinct.sets else ())
        if key in set_memo:
            return False
        for r in ranks:
            if r == 2 or tot[r - 1] < need - 1 or (distinct.sets and r in used_ranks):
                continue
            for add_w in (0, 1):
                if have_wild + add_w > 1 or add_w > w:
                    continue
                n = need - add_w
                if n < 0 or n > tot[r - 1] or have_nat + n < 1:
                    continue
                tot[r - 1] -= n
                plan.sets.append((r, n, add_w))
                used_ranks.append(r)
                ok = set_rec(j + 1, tot, w - add_w, r)
                used_ranks.pop()
                tot[r - 1] += n
                if ok:
                    return True
                plan.sets.pop()
        set_memo.add(key)
        return False

    # Per run, what bounds its wilds replacing naturals: the first way found never puts a wild for
    # a natural that nothing after can use (the natural first works as well); so in the last run,
    # at most one per set part (the set's rank; a run holds one card of a rank).
    bounds = [(_demand(runs[i + 1:], sets), len(sets) if i + 1 == len(runs) else 99)
              for i in range(len(runs))] if substitute else []

    def run_rec(i: int, c: Counts, w: int) -> bool:
        if i == len(runs):
            return set_rec(0, totals(c), w, 0) if sets else True
        key = (i, c, w, tuple(used_suits))
        if key in memo:
            return False
        more = substitute and (i + 1 < len(runs) or bool(sets))
        if more:
            windows = _windows(c, w, runs[i], True, *bounds[i])
        else:
            windows = _windows(c, w, runs[i], False)
        for suit, lo, mask, left, wleft in windows:
            if distinct.runs and suit in used_suits:
                continue
            plan.runs.append((suit, lo, mask))
            used_suits.append(suit)
            ok = run_rec(i + 1, left, wleft)
            used_suits.pop()
            if ok:
                return True
            plan.runs.pop()
        memo.add(key)
        return False

    return plan if run_rec(0, counts, wilds) else None


def _last_set(tot: list[int], w: int, ranks: Iterable[int], have_nat: int, have_wild: int, need: int,
              used_ranks: Sequence[int], plan: Plan) -> bool:
    """The last set part of :func:`solve`: appends the first ``(rank, naturals, wilds)`` that
    fits (in the order the general step tries them) to ``plan``."""
    for r in ranks:
        t = tot[r - 1]
        if r == 2 or t < need - 1 or r in used_ranks:
            continue
        for add_w in (0, 1):
            if have_wild + add_w > 1 or add_w > w:
                continue
            n = need - add_w
            if n < 0 or n > t or have_nat + n < 1:
                continue
            plan.sets.append((r, n, add_w))
            return True
    return False


_PLANS: dict[tuple[object, ...], Plan | None] = {}


def find_plan(counts: Counts, wilds: int, runs: tuple[SeqPart, ...], sets: tuple[SetPart, ...],
              distinct: Distinct = NO_DISTINCT) -> Plan | None:
    """:func:`solve`, cached (the engine asks the same questions many times). The plan returned is
    shared: read it, never change it. With sets only, suits are folded together (equivalent hands
    share answers; the key holds the 13 rank totals), so the plan's sets name ranks, not cards."""
    totals = None
    if runs:
        key: tuple[object, ...] = (counts, wilds, runs, sets, distinct)
    else:
        totals = _fold(counts)
        key = (totals, wilds, sets, distinct)
    try:
        return _PLANS[key]
    except KeyError:
        pass
    if len(_PLANS) > 100_000:  # bounded memory in a long-running bot
        _PLANS.clear()
    if _hopeless(counts, wilds, runs, sets, totals):
        _PLANS[key] = None
        return None
    if totals is not None:
        counts = totals + _PAD
    # Several parts competing for cards: let wilds replace naturals (a complete search); one run
    # alone: the quick search is complete.
    found = solve(counts, wilds, runs, sets, bool(runs) and (len(runs) > 1 or bool(sets)), distinct)
    _PLANS[key] = found
    return found


_PAD = (0,) * 39


def _fold(counts: Counts) -> Counts:
    """Naturals held per rank position (13 totals, suits folded together)."""
    return tuple([counts[p] + counts[13 + p] + counts[26 + p] + counts[39 + p] for p in range(13)])


_ROWS: dict[Counts, int] = {}


def _rows(counts: Counts) -> list[int]:
    """Per suit, bit p set when a natural is held at run place p (the Ace at 1 and 14);
    memoized on each suit's 13 counts, and the last counts tuple is remembered (the filter and
    the search read the same one). Read the list, never change it."""
    last = _LAST_ROWS[0]
    if counts is last[0]:
        return last[1]  # type: ignore[return-value]
    rows: list[int] = []
    get = _ROWS.get
    for base in (0, 13, 26, 39):
        suit = counts[base:base + 13]
        row = get(suit)
        if row is None:
            if len(_ROWS) > 100_000:
                _ROWS.clear()
            row = 16386 if suit[0] else 0
            for p in range(1, 13):
                if suit[p]:
                    row |= 2 << p
            _ROWS[suit] = row
        rows.append(row)
    if type(counts) is tuple:
        _LAST_ROWS[0] = (counts, rows)
    return rows


# The last counts asked about (by identity) and its rows, as one pair (read and replaced whole).
_LAST_ROWS: list[tuple[object, object]] = [(None, None)]


def remember_rows(counts: Counts, rows: list[int]) -> None:
    """Tell :func:`_rows` the rows of ``counts`` (a tuple), computed along with it elsewhere."""
    _LAST_ROWS[0] = (counts, rows)


def _hopeless(counts: Counts, wilds: int, runs: tuple[SeqPart, ...], sets: tuple[SetPart, ...],
              totals: Counts | None = None) -> bool:
    """The parts cannot be formed (a necessary condition of :func:`solve`, checked without a
    search): some set has too few cards of any rank it may take; some run has no window of its
    shortest length that its suit's cards, its placed cards and the wilds allowed can fill; or the
    runs together need more wilds (or more cards of one suit) than held, or leave too few for a
    set. ``totals``: :func:`_fold` of ``counts``, if already known."""
    most = -1  # the most naturals of one rank (computed when first needed)
    for part in sets:
        if part.rank or part.have_nat or part.have_wild:
            continue
        if most < 0:
            if totals is None:
                totals = _fold(counts)
            most = max(totals)
        if most < part.smin - (1 if wilds else 0):
            return True
    if not runs or len(runs) > 2 or (len(runs) == 1 and not sets and (runs[0].fixed or runs[0].suit)):
        return False  # (a lone run with placed cards: the search itself is as quick)
    rows = _rows(counts)
    needs = []  # per run: per suit, the wilds it needs at least (99: none will do); its length; budget
    for run in runs:
        apart = run.max_wilds == ADJACENCY
        if run.fixed or run.suit:
            per_suit, length, budget = _placed_misses(rows, run, wilds)
        else:
            length = run.lmin
            budget = wilds if apart else min(wilds, run.max_wilds)
            per_suit = [m if m <= budget else 99 for m in _misses(rows, length, apart)]
        if min(per_suit) > budget:
            return True
        needs.append((per_suit, length, budget, len(run.fixed)))
    if len(runs) == 1:
        fewest = min(needs[0][0])
    else:
        (m1, len1, b1, f1), (m2, len2, b2, f2) = needs
        fewest = 99
        for a in range(4):
            x = m1[a]
            if x < 99:
                for b in range(4):
                    y = m2[b]
                    if y < 99 and x + y < fewest and (a != b or sum(counts[13 * a:13 * a + 13]) + f1 + f2
                                                      + min(wilds, b1 + b2) >= len1 + len2):
                        fewest = x + y
        if fewest > wilds:
            return True
    if sets:  # the wilds the runs leave at most
        spare = wilds > fewest
        tot = totals if totals is not None else _fold(counts)
        if most < 0:
            most = max(tot)
        for part in sets:
            have = part.have_nat + part.have_wild
            if not have:
                if most < part.smin - spare:
                    return True
            elif part.rank and tot[part.rank - 1] + (spare and not part.have_wild) < part.smin - have:
                return True
    return False


def _placed_misses(rows: list[int], run: SeqPart, wilds: int) -> tuple[list[int], int, int]:
    """A run with placed cards (or a suit): per suit, the fewest places missing from one window
    :func:`_windows` would try (99: none), its length and its wild budget."""
    fixed = run.fixed
    places = [p for p, _ in fixed]
    fmin = min(places) if places else 15
    fmax = max(places) if places else 0
    fixed_bits = 0
    for p in places:
        fixed_bits |= 1 << p
    apart = run.max_wilds == ADJACENCY
    budget = wilds if apart else min(wilds, run.max_wilds - sum(w for _, w in fixed))
    length = max(run.lmin, fmax - fmin + 1 if places else 0)
    out = [99, 99, 99, 99]
    if budget < 0 or length > run.lmax:
        return out, length, budget
    span = (1 << length) - 1
    for si, suit in enumerate(SUITS):
        if run.suit and suit != run.suit:
            continue
        present = rows[si] | fixed_bits
        for lo in range(max(1, fmax - length + 1), min(15 - length, fmin) + 1):
            missing = ~present >> lo & span
            if apart and missing & missing >> 1:
                continue
            n = missing.bit_count()
            if n < out[si]:
                out[si] = n
        if out[si] > budget:
            out[si] = 99
    return out, length, budget


_BEST: dict[tuple[int, bool], dict[int, int]] = {}  # (run length, apart) -> row -> fewest missing


def _misses(rows: list[int], length: int, apart: bool = False) -> list[int]:
    """Per suit row (bit p: run place p held), the fewest places missing from one window of
    ``length`` places starting at place 1..15-length; 99 for an empty row or when no window fits.
    ``apart`` (École runs: wilds never side by side): only windows with no two missing places
    side by side count. Memoized per length and row."""
    key = (length, apart)
    best = _BEST.get(key)
    if best is None:
        best = _BEST[key] = {}
    out = []
    for row in rows:
        if not row:
            out.append(99)
            continue
        found = best.get(row)
        if found is None:
            if len(best) > 100_000:
                best.clear()
            span = (1 << length) - 1
            found = 99
            for lo in range(1, 16 - length):
                missing = ~row >> lo & span
                if not (apart and missing & missing >> 1):
                    found = min(found, missing.bit_count())
            best[row] = found
        out.append(found)
    return out


def feasible(counts: Counts, wilds: int, runs: tuple[SeqPart, ...], sets: tuple[SetPart, ...],
             distinct: Distinct = NO_DISTINCT) -> bool:
    """Whether :func:`find_plan` finds a way (cached). Sets alone with nothing placed: ranks are
    alike (2s are wild, never natural), so the answer is kept per sorted rank totals."""
    if runs or (distinct.sets and distinct.ranks):
        return find_plan(counts, wilds, runs, sets, distinct) is not None
    for p in sets:
        if p.rank or p.have_nat or p.have_wild:
            return find_plan(counts, wilds, runs, sets, distinct) is not None
    key = (tuple(sorted(_fold(counts))), wilds, sets, distinct.sets)
    found = _FEASIBLE.get(key)
    if found is None:
        if len(_FEASIBLE) > 100_000:
            _FEASIBLE.clear()
        found = _FEASIBLE[key] = find_plan(counts, wilds, runs, sets, distinct) is not None
    return found


_FEASIBLE: dict[tuple[object, ...], bool] = {}


# --- going out this turn ---------------------------------------------------------------------

# Abstract table melds for the search: a set ("s", rank, size, wilds) or a run
# ("q", suit index, lo, hi, wilds, max wilds, lo end wild, hi end wild).
TableMeld = tuple[object, ...]
# The going-out search holds a hand as its natural cards' count-vector slots, ascending (a card
# held twice appears twice): a few small ints are cheaper to copy and hash than 52 counts.
Slots = tuple[int, ...]


def abstract(m: Meld) -> TableMeld | None:
    """The search's view of a laid meld (``None`` for a closed carré)."""
    if m.closed:
        return None
    if m.kind == SET:
        return ("s", m.rank, len(m.cards), m.wild_count)
    return ("q", SUITS.index(m.suit), m.lo, m.hi, m.wild_count, m.max_wilds,
            is_wild(m.cards[0]), is_wild(m.cards[-1]))


def _layoffs(t: TableMeld, si: int, pos: tuple[int, ...], wild: bool) -> list[TableMeld | None]:
    """``t`` after each possible lay-off of one card (``None`` entry: the set became a closed carré)."""
    out: list[TableMeld | None] = []
    if t[0] == "s":
        _, rank, size, wc = t
        if (wild and wc == 0) or (not wild and rank == pos[0]):
            out.append(None if size + 1 >= 4 else ("s", rank, size + 1, wc + wild))
        return out
    _, s, lo, hi, wc, mw, low, hiw = t
    assert isinstance(lo, int) and isinstance(hi, int) and isinstance(wc, int)
    if hi - lo + 1 >= 13:
        return out
    if wild:
        ok_lo = lo > 1 and (not low if mw == ADJACENCY else wc < mw)  # type: ignore[operator]
        ok_hi = hi < 14 and (not hiw if mw == ADJACENCY else wc < mw)  # type: ignore[operator]
        if ok_lo:
            out.append(("q", s, lo - 1, hi, wc + 1, mw, True, hiw))
        if ok_hi:
            out.append(("q", s, lo, hi + 1, wc + 1, mw, low, True))
        return out
    if s != si:
        return out
    for p in pos:
        if p == lo - 1:
            out.append(("q", s, lo - 1, hi, wc, mw, False, hiw))
        elif p == hi + 1:
            out.append(("q", s, lo, hi + 1, wc, mw, low, False))
    return out


def can_go_out(counts: Counts, wilds: int, table: Iterable[TableMeld | None], *, discard: bool,
               run_wilds: int) -> bool:
    """Whether the hand can be emptied this turn by new combinations (minimal ones; later cards
    extend them as lay-offs), lay-offs on ``table`` and, with ``discard``, one final discard.
    ``run_wilds`` is the wild limit of a new run (1, or :data:`ADJACENCY` at L'École). Cached:
    the engine asks again when the discard is taken, then at each step of that turn."""
    return go_out_slots(slots_of(counts), wilds, open_table(table), discard, run_wilds)


def slots_of(counts: Counts) -> Slots:
    """The hand ``counts`` as ascending slots (see :data:`Slots`)."""
    held = tuple(compress(_ALL_SLOTS, counts))  # the slots held (at C speed)
    if sum(counts) == len(held):
        return held
    return tuple(i for i in held for _ in range(counts[i]))


_ALL_SLOTS = range(52)


# The last table asked about and its open melds, sorted, as one pair (read and replaced whole).
_LAST_TABLE: list[tuple[object, object]] = [(None, ())]


def open_table(table: Iterable[TableMeld | None]) -> tuple[TableMeld, ...]:
    """The open melds of ``table``, sorted (the search's canonical table). The engine asks about
    the same cached table tuple again and again: the last answer is kept, checked by identity."""
    last = _LAST_TABLE[0]
    if table is last[0]:
        return last[1]  # type: ignore[return-value]
    start = tuple(sorted(t for t in table if t is not None))
    if isinstance(table, tuple):
        _LAST_TABLE[0] = (table, start)
    return start


def go_out_slots(hand: Slots, wilds: int, start: tuple[TableMeld, ...], discard: bool, run_wilds: int) -> bool:
    """:func:`can_go_out` of the hand ``hand`` (ascending slots) and the sorted open melds
    ``start`` (cached)."""
    key = (hand, wilds, start, discard, run_wilds)
    found = _OUTS.get(key)
    if found is None:
        if len(_OUTS) > 100_000:  # bounded memory in a long-running bot
            _OUTS.clear()
        found = _OUTS[key] = _can_go_out(hand, wilds, start, discard, run_wilds)
    return found


_OUTS: dict[tuple[object, ...], bool] = {}


def _can_go_out(hand: Slots, wilds: int, start: tuple[TableMeld, ...], discard: bool, run_wilds: int) -> bool:
    """:func:`can_go_out` from the hand's slots and the sorted open table melds ``start``, uncached.
    The first card left (lowest slot) is discarded, laid off, or put in a new brelan or tierce."""
    if not _quick_ok(hand, wilds, start, discard):
        return False
    memo: set[tuple[object, ...]] = set()

    def rec(h: Slots, w: int, tab: tuple[TableMeld, ...], d: bool) -> bool:
        if len(h) + w <= d:  # nothing left, or one card for the discard
            return True
        key = (h, w, tab, d)
        if key in memo:
            return False
        memo.add(key)
        if not h:  # only wilds left: lay them off
            for k, t in enumerate(tab):
                for nt in _layoffs(t, -1, (), True):
                    if rec(h, w - 1, _swap(tab, k, nt), d):
                        return True
            return False
        first = h[0]
        rest = h[1:]
        si, p0 = divmod(first, 13)
        p0 += 1
        pos = (1, 14) if p0 == 1 else (p0,)
        if d and rec(rest, w, tab, False):
            return True
        for k, t in enumerate(tab):
            if t[1] != (p0 if t[0] == "s" else si):
                continue  # a set of another rank, a run of another suit
            for nt in _layoffs(t, si, pos, False):
                if rec(rest, w, _swap(tab, k, nt), d):
                    return True
        # a new brelan holding this card
        same = [a for a in range(si * 13 + p0 - 1, 52, 13) if a in rest]
        for a in same:
            left = _drop(rest, a)
            for b in same:
                if b >= a and b in left and rec(_drop(left, b), w, _add(tab, ("s", p0, 3, 0)), d):
                    return True
            if w and rec(left, w - 1, _add(tab, ("s", p0, 3, 1)), d):
                return True
        # a new tierce holding this card
        for lo, s1, s2, ways in _TIERCES[first]:
            has1 = s1 in rest
            has2 = s2 in rest
            if not w and not (has1 and has2):
                continue
            for wa, wb, nw, lo_wild, hi_wild, adjacent in ways:
                if nw > w or (run_wilds == ADJACENCY and adjacent) or (run_wilds != ADJACENCY and nw > run_wilds):
                    continue
                if (not wa and not has1) or (not wb and not has2):
                    continue
                left = rest if wa else _drop(rest, s1)
                if not wb:
                    left = _drop(left, s2)
                if rec(left, w - nw, _add(tab, ("q", si, lo, lo + 2, nw, run_wilds, lo_wild, hi_wild)), d):
                    return True
        return False

    return rec(hand, wilds, start, discard)


TierceWay = tuple[bool, bool, int, bool, bool, bool]


def _tierce_windows(i: int) -> tuple[tuple[int, int, int, tuple[TierceWay, ...]], ...]:
    """The tierces that may hold the card of slot ``i``: ``(lo, slot of the first other place,
    slot of the second, ways)``; each way fills the other places with a natural or a wild:
    ``(first wild, second wild, wilds, lo end wild, hi end wild, two wilds side by side)``."""
    si, p0 = divmod(i, 13)
    p0 += 1
    out = []
    for p in ((1, 14) if p0 == 1 else (p0,)):
        for lo in (p - 2, p - 1, p):
            if lo < 1 or lo + 2 > 14:
                continue
            q1, q2 = [q for q in range(lo, lo + 3) if q != p]
            ways = []
            for wa in (False, True):
                for wb in (False, True):
                    flags = {p: False, q1: wa, q2: wb}
                    mask = (flags[lo], flags[lo + 1], flags[lo + 2])
                    ways.append((wa, wb, wa + wb, mask[0], mask[2],
                                 (mask[0] and mask[1]) or (mask[1] and mask[2])))
            out.append((lo, slot(si, q1), slot(si, q2), tuple(ways)))
    return tuple(out)


_TIERCES = tuple(_tierce_windows(i) for i in range(52))


_PLACES = tuple(16386 if i % 13 == 0 else 2 << i % 13 for i in range(52))  # slot -> run places (bits)


def _quick_ok(hand: Slots, wilds: int, tab: tuple[TableMeld, ...], discard: bool) -> bool:
    """Necessary condition, without wilds: at most one card (with ``discard``) cannot be placed.
    A card can only be placed in a new brelan (three of its rank held), on a set of its rank, or in
    a run: a new one (three places in a row of its suit held, around it or leading to it) or one of
    the table whose end a row of held places leads to from the card (see :func:`_run_places`)."""
    if wilds:
        return True  # wilds fill gaps: no cheap test
    ranks = [0] * 13
    rows = [0, 0, 0, 0]
    places = _PLACES
    for i in hand:
        ranks[i % 13] += 1
        rows[i // 13] |= places[i]
    loose = [i for i in hand if ranks[i % 13] < 3]  # not in a brelan of the hand
    if len(loose) <= discard:
        return True
    set_ranks = 0
    his = [0, 0, 0, 0]  # per suit: places just above a table run
    los = [0, 0, 0, 0]  # per suit: places just below one
    for t in tab:
        if t[0] == "s":
            set_ranks |= 1 << t[1]  # type: ignore[operator]
            continue
        s, lo, hi = t[1], t[2], t[3]
        if hi - lo >= 12:  # type: ignore[operator]
            continue  # 13 cards: no lay-off
        if lo > 1:  # type: ignore[operator]
            los[s] |= 1 << (lo - 1)  # type: ignore[operator,index]
        if hi < 14:  # type: ignore[operator]
            his[s] |= 1 << (hi + 1)  # type: ignore[operator,index]
    good = [-1, -1, -1, -1]
    bad = 0
    for i in loose:
        if set_ranks >> (i % 13 + 1) & 1:
            continue
        si = i // 13
        g = good[si]
        if g < 0:
            g = good[si] = _run_places(rows[si], his[si], los[si])
        if g & places[i]:
            continue
        bad += 1
        if bad > discard:
            return False
    return True


def _run_places(row: int, his: int, los: int) -> int:
    """The places of ``row`` (a suit's held places, bits 1..14) whose card may end up in a run
    without wilds: in three held places in a row, or in a row of held places reaching from a table
    run's end (``his``: places just above a run, ``los``: just below) to the card."""
    three = row & row >> 1 & row >> 2  # lowest places of three in a row
    good = three | three << 1 | three << 2
    up = his & row
    while up:
        more = up | (up << 1 & row)
        if more == up:
            break
        up = more
    down = los & row
    while down:
        more = down | (down >> 1 & row)
        if more == down:
            break
        down = more
    return good | up | down


def _drop(h: Slots, i: int) -> Slots:
    """``h`` less one card of slot ``i`` (held)."""
    k = h.index(i)
    return h[:k] + h[k + 1:]


def _swap(tab: tuple[TableMeld, ...], k: int, nt: TableMeld | None) -> tuple[TableMeld, ...]:
    rest = tab[:k] + tab[k + 1:]
    return rest if nt is None else tuple(sorted((*rest, nt)))


def _add(tab: tuple[TableMeld, ...], t: TableMeld) -> tuple[TableMeld, ...]:
    return tuple(sorted((*tab, t)))


__all__ = ["NO_DISTINCT", "SEQ", "SET", "Counts", "Distinct", "Plan", "SeqPart", "SetPart", "abstract", "can_go_out",
           "counts_of", "feasible", "find_plan", "go_out_slots", "open_table", "slot", "slots_of", "solve"]
