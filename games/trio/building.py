"""Building one combination card by card (RULES.md 3.2-3.4): which cards may be added so the
combination, and the rest of the opening, can still be finished from the hand.

A build is ``(kind, cards)``: ``kind`` is ``brelan``, ``carre`` or ``seq``; ``cards`` holds
``(card, position)`` pairs (position 0 in sets). An opening also carries its finished parts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from operator import attrgetter, itemgetter
from typing import NamedTuple

from games.cards import Card
from games.trio.contracts import contract_parts, run_wild_limit
from games.trio.melds import (
    ADJACENCY,
    POS_OF_RANK,
    SEQ,
    SET,
    SLOTS,
    SUITS,
    WILDS,
    card_at,
    is_wild,
    positions,
    wilds_ok,
)
from games.trio.search import (
    NO_DISTINCT,
    Distinct,
    Plan,
    SeqPart,
    SetPart,
    feasible,
    find_plan,
    remember_rows,
    slot,
)

Built = tuple[tuple[Card, int], ...]
KIND_OF = {"brelan": (SET, 3), "carre": (SET, 4)}
_ACE_BITS = 16386  # run places 1 and 14: the Ace
_BIT = {c: (_ACE_BITS if POS_OF_RANK[c.rank] == 1 else 1 << POS_OF_RANK[c.rank]) for c in SLOTS}
_SLOT_BITS = [0] * 52  # per count slot, its run place bits
for _c, _i in SLOTS.items():
    _SLOT_BITS[_i] = _BIT[_c]
_SUIT_NUMBER = {suit: i for i, suit in enumerate(SUITS)}
_CODE = attrgetter("code")


class HandInfo(NamedTuple):
    """What the add checks read from a hand, gathered in one pass (:func:`hand_info`)."""

    wilds: int
    counts: tuple[int, ...]  # natural counts per slot (:func:`games.trio.search.counts_of`)
    present: list[int]  # per suit number, bit p: a natural at run place p (the Ace at 1 and 14)


# The last hand tuple asked about and its HandInfo, as one pair (read and replaced whole: safe
# should steps ever be listed from several threads).
_LAST_INFO: list[tuple[object, HandInfo | None]] = [(None, None)]


def hand_info(hand: Sequence[Card]) -> HandInfo:
    """The :class:`HandInfo` of ``hand``. The last tuple asked about is remembered (checked by
    identity: a step's checks and searches, and its successor's, often read the same hand tuple)."""
    last = _LAST_INFO[0]
    if hand is last[0] and last[1] is not None:
        return last[1]
    counts = [0] * 52
    present = [0, 0, 0, 0]
    wilds = 0
    bits = _SLOT_BITS
    for i in map(SLOTS.get, hand):
        if i is None:
            wilds += 1
        else:
            counts[i] += 1
            present[i // 13] |= bits[i]
    info = HandInfo(wilds, tuple(counts), present)
    remember_rows(info.counts, present)  # the searches that follow read the same counts
    if type(hand) is tuple:
        _LAST_INFO[0] = (hand, info)
    return info


# The last hand tuple asked about and its answer, as one pair (read and replaced whole).
_LAST_NATURALS: list[tuple[object, object]] = [(None, None)]


def _naturals(hand: Sequence[Card]) -> tuple[list[Card], Card | None]:
    """The distinct naturals of ``hand`` (by code) and its first wild; the last tuple asked about
    is remembered (checked by identity)."""
    last = _LAST_NATURALS[0]
    if hand is last[0]:
        return last[1]  # type: ignore[return-value]
    if not WILDS.isdisjoint(hand):
        found = sorted(set(hand).difference(WILDS), key=_CODE), next(c for c in hand if c in WILDS)
    else:
        found = sorted(set(hand), key=_CODE), None
    if type(hand) is tuple:
        _LAST_NATURALS[0] = (hand, found)
    return found


@dataclass(frozen=True)
class Frame:
    """What is being built: ``opening`` (the contract's parts) or a combination after opening."""

    variant: str
    contract: int
    opening: bool
    longer: bool = False
    distinct: Distinct = NO_DISTINCT

    def _memo(self) -> dict[object, object]:
        """Answers that depend on the frame alone (kinds, bounds, parts), kept on the instance
        (outside the dataclass fields, so equality and hashing ignore it)."""
        memo = self.__dict__.get("_memo_")
        if memo is None:
            memo = {}
            object.__setattr__(self, "_memo_", memo)
        return memo

    def kinds_needed(self, staged: Sequence[str]) -> list[str]:
        """Kinds still to build in the opening (``brelan``/``carre``/``seq``), with repeats."""
        memo = self._memo()
        kinds = memo.get("kinds")
        if kinds is None:
            kinds = memo["kinds"] = tuple(("seq" if k == SEQ else "brelan" if s == 3 else "carre")
                                          for k, s in contract_parts(self.contract, self.variant))
        need = list(kinds)  # type: ignore[call-overload]
        for k in staged:
            need.remove(k)
        return need

    def bounds(self, kind: str) -> tuple[int, int, int]:
        """``(min size, max size, run wild limit)`` of a combination of ``kind`` (memoized)."""
        memo = self.__dict__.get("_memo_") or self._memo()
        found = memo.get(kind)
        if found is None:
            found = memo[kind] = self._bounds(kind)
        return found  # type: ignore[return-value]

    def _bounds(self, kind: str) -> tuple[int, int, int]:
        if kind == "seq":
            if not self.opening:
                return 3, 13, run_wild_limit(self.variant)
            length = next(s for k, s in contract_parts(self.contract, self.variant) if k == SEQ)
            return length, 13 if self.longer else length, run_wild_limit(self.variant, self.contract, length)
        if not self.opening:
            return 3, 4, 1
        size = KIND_OF[kind][1]
        return size, 4 if self.longer else size, 1

    def part(self, kind: str, built: Built) -> SeqPart | SetPart:
        """The search part of a (partial) combination of ``kind`` (memoized when empty)."""
        if not built:
            memo = self.__dict__.get("_memo_") or self._memo()
            found = memo.get(("part", kind))
            if found is None:
                found = memo["part", kind] = self._part(kind, built)
            return found  # type: ignore[return-value]
        return self._part(kind, built)

    def _part(self, kind: str, built: Built) -> SeqPart | SetPart:
        lo, hi, limit = self.bounds(kind)
        if kind == "seq":
            suit = next((c.suit for c, _ in built if c not in WILDS), "")
            return SeqPart(lo, hi, limit, suit, tuple(sorted((p, c in WILDS) for c, p in built)))
        nat = [c for c, _ in built if c not in WILDS]
        rank = POS_OF_RANK[nat[0].rank] if nat else 0
        return SetPart(lo, hi, rank, len(nat), len(built) - len(nat))

    def possible(self, hand: Sequence[Card], kinds: Sequence[str], building: tuple[str, Built] | None = None,
                 ) -> bool:
        """Whether ``hand`` can still form ``kinds`` (plus the partial ``building``)."""
        info = hand_info(hand)
        if building is None and not self.opening and len(kinds) == 1:
            return _tierce_in_rows(info.present, info.wilds, self.variant) if kinds[0] == "seq" \
                else _brelan_possible(info.counts, info.wilds)
        return self.possible_counts(info.counts, info.wilds, kinds, building)

    def possible_counts(self, counts: tuple[int, ...], wilds: int, kinds: Sequence[str],
                        building: tuple[str, Built] | None = None) -> bool:
        """:meth:`possible` of a hand given as :func:`games.trio.search.counts_of` gives it."""
        if building is None and not self.opening and len(kinds) == 1:
            return _tierce_possible(counts, wilds, self.variant) if kinds[0] == "seq" \
                else _brelan_possible(counts, wilds)
        memo = self._memo()
        key = tuple(kinds)
        split = memo.get(key)
        if split is None:
            split = memo[key] = _split([self.part(k, ()) for k in kinds])
        runs, sets = split  # type: ignore[misc]
        if building is not None:  # the partial combination goes first among its kind
            first = self.part(*building)
            if isinstance(first, SeqPart):
                runs = (first, *runs)
            else:
                sets = (first, *sets)
        return feasible(counts, wilds, runs, sets, self.distinct)


def _split(parts: list[SeqPart | SetPart]) -> tuple[tuple[SeqPart, ...], tuple[SetPart, ...]]:
    """The runs and the sets among ``parts``, each in order."""
    return (tuple(p for p in parts if isinstance(p, SeqPart)), tuple(p for p in parts if isinstance(p, SetPart)))


def _brelan_possible(counts: tuple[int, ...], wilds: int) -> bool:
    """Three of a rank, or two and a wild."""
    c = counts
    return max([c[p] + c[13 + p] + c[26 + p] + c[39 + p] for p in range(13)]) >= (2 if wilds else 3)


def _tierce_possible(counts: tuple[int, ...], wilds: int, variant: str) -> bool:
    """Three consecutive places of one suit, with one wild at most (École: two, not side by side)."""
    rows = []
    for base in (0, 13, 26, 39):
        row = 0  # bit p: a natural at run place p (the Ace at 1 and 14)
        for p in range(13):
            if counts[base + p]:
                row |= 16386 if p == 0 else 2 << p
        rows.append(row)
    return _tierce_in_rows(rows, wilds, variant)


def _tierce_in_rows(rows: Sequence[int], wilds: int, variant: str) -> bool:
    """:func:`_tierce_possible` given each suit's run places held (bit p: a natural at place p,
    the Ace at 1 and 14). Every window of three places lies within places 1..14, so: three
    places in a row, or (a wild) two of three, or (École, two wilds) one of places 2..13 with
    wilds on both sides."""
    for row in rows:
        if row & row >> 1 & row >> 2:
            return True
        if wilds and (row & (row >> 1 | row >> 2)):
            return True
        if wilds >= 2 and variant == "ecole" and row & 16380:
            return True
    return False


def is_complete(frame: Frame, kind: str, built: Built) -> bool:
    """``built`` is a valid combination of ``kind`` at an allowed size."""
    lo, hi, limit = frame.bounds(kind)
    n = len(built)
    if not lo <= n <= hi:
        return False
    if kind != "seq":
        return sum(is_wild(c) for c, _ in built) <= 1 and any(not is_wild(c) for c, _ in built)
    ps = sorted(p for _, p in built)
    if ps[-1] - ps[0] + 1 != n:
        return False
    mask = [is_wild(c) for c, _ in sorted(built, key=lambda cp: cp[1])]
    return wilds_ok(mask, limit)


def candidates(frame: Frame, kind: str, built: Built, hand: Sequence[Card]) -> list[tuple[str, Card, int]]:
    """Cards that could be added, before the feasibility filter: ``(action arg, card, position)``.
    A wild is offered once (all wilds are alike), always after a natural card."""
    _lo_n, hi_n, limit = frame.bounds(kind)
    if len(built) >= hi_n:
        return []
    naturals, wild = _naturals(hand)
    entry = _SET_ENTRY
    if kind != "seq":
        first = next((c for c, _ in built if c not in WILDS), None)
        if first is None:
            return [entry[c] for c in naturals]
        rank = first.rank
        out = [entry[c] for c in naturals if c.rank == rank]
        if wild is not None and all(c not in WILDS for c, _ in built):
            out.append((wild.code, wild, 0))
        return out
    if not built:  # every place of every natural; no wild before a natural
        return [x for c in naturals for x in _FIRST_ENTRIES[c]]
    taken = {p for _, p in built}
    suit = next((c.suit for c, _ in built if c not in WILDS), "")
    lo = min(taken)
    hi = max(taken)
    out = []
    for c in naturals:
        if suit and c.suit != suit:
            continue
        ps = [p for p in _PLACES[c] if p not in taken and max(hi, p) - min(lo, p) < hi_n]
        if len(ps) == 1:
            out.append((c.code, c, ps[0]))
        else:
            for p in ps:
                out.append((f"{c.code}={'low' if p == 1 else 'high'}", c, p))
    if wild is not None and (limit == ADJACENCY or sum(c in WILDS for c, _ in built) < limit):
        for p in range(lo - 1, hi + 2):
            if not 1 <= p <= 14 or p in taken:
                continue
            if (p < lo or p > hi) and hi - lo + 1 >= hi_n:
                continue
            if (p == 1 and hi >= 13) or (p == 14 and lo <= 1):
                continue  # an Ace at both ends, or a wild Ace beside the wild 2 of a 12-card run
            out.append((f"{wild.code}={card_at(p, suit).code}", wild, p))
    return out


_SET_ENTRY = {c: (c.code, c, 0) for c in SLOTS}  # a natural's candidate in a set
_PLACES = {c: positions(c) for c in SLOTS}
# A natural's candidates starting a run: its place, or both Ace places.
_FIRST_ENTRIES = {c: ((c.code, c, ps[0]),) if len(ps) == 1 else tuple(
    (f"{c.code}={'low' if p == 1 else 'high'}", c, p) for p in ps) for c, ps in _PLACES.items()}


def legal_adds(frame: Frame, kind: str, built: Built, hand: Sequence[Card], others: Sequence[str],
               plan: Plan | None = None) -> list[tuple[str, Card, int]]:
    """The adds after which ``built`` and the ``others`` still-needed kinds can be finished.
    ``plan``: a way to finish them all (:func:`build_plan`), if already known."""
    return legal_adds_planned(frame, kind, built, hand, others, plan)[0]


def legal_adds_planned(frame: Frame, kind: str, built: Built, hand: Sequence[Card], others: Sequence[str],
                       plan: Plan | None = None) -> tuple[list[tuple[str, Card, int]], Plan | None]:
    """:func:`legal_adds` and the plan it used (``None`` when it needed none)."""
    cands = candidates(frame, kind, built, hand)
    if not cands:
        return [], plan
    cands = _plausible(frame, kind, built, hand, cands)
    if not cands:
        return [], plan
    if not others and frame.distinct == NO_DISTINCT and (kind != "seq" or frame.bounds(kind)[2] != ADJACENCY):
        # One combination alone: a set, or a run whose wilds are only counted; the cheap check
        # of :func:`_plausible` is then exactly what the search would find.
        return cands, plan
    if plan is None:
        plan = build_plan(frame, kind, built, hand, others)
    sure = _sure_adds(kind, built, hand, plan, _twins(frame, kind, built, others))
    out = []
    info = hand_info(hand)
    counts, wilds = info.counts, info.wilds
    for arg, c, p in cands:
        wild = c in WILDS
        if (("W", p) if wild else (c, p)) in sure:
            out.append((arg, c, p))
            continue
        if wild:
            ok = frame.possible_counts(counts, wilds - 1, others, (kind, (*built, (c, p))))
        else:  # the hand without ``c``
            rest = list(counts)
            rest[SLOTS[c]] -= 1
            ok = frame.possible_counts(tuple(rest), wilds, others, (kind, (*built, (c, p))))
        if ok:
            out.append((arg, c, p))
    return out, plan


def _twins(frame: Frame, kind: str, built: Built, others: Sequence[str]) -> list[int]:
    """Indexes (among the plan's runs, or its sets) of the other parts exactly like the one being
    built while it is still empty: their cards may start it just as well (the parts swap roles)."""
    if built or not others:
        return []
    me = frame.part(kind, ())
    twins = []
    index = 0
    for k in others:
        part = frame.part(k, ())
        if isinstance(part, SeqPart) == isinstance(me, SeqPart):
            index += 1
            if part == me:
                twins.append(index)
    return twins


def _plausible(frame: Frame, kind: str, built: Built, hand: Sequence[Card],
               cands: list[tuple[str, Card, int]]) -> list[tuple[str, Card, int]]:
    """``cands`` without those that cannot even finish the combination being built on its own
    (a necessary condition of :meth:`Frame.possible`, checked without a search): a set short of
    cards of its rank, or a run with no window of its shortest length that the suit's remaining
    cards and the wilds allowed can fill."""
    info = hand_info(hand)
    wilds = info.wilds
    lmin, _lmax, limit = frame.bounds(kind)
    if kind != "seq":
        nat = [c for c, _ in built if c not in WILDS]
        has_wild = len(nat) < len(built)
        need = lmin - len(built) - 1
        counts = info.counts
        out = []
        for x in cands:
            c = x[1]
            if c in WILDS:
                w_left, wild_in = wilds - 1, True
                r = POS_OF_RANK[nat[0].rank] - 1
                left = counts[r] + counts[13 + r] + counts[26 + r] + counts[39 + r]
            else:
                w_left, wild_in = wilds, has_wild
                r = POS_OF_RANK[c.rank] - 1
                left = counts[r] + counts[13 + r] + counts[26 + r] + counts[39 + r] - 1
            if left + (1 if w_left > 0 and not wild_in else 0) >= need:
                out.append(x)
        return out
    fixed_mask = 0
    fixed_wilds = 0
    for c, p in built:
        fixed_mask |= 1 << p
        fixed_wilds += c in WILDS
    present, counts, slots = info.present, info.counts, SLOTS
    suit0 = next((c.suit for c, _ in built if c not in WILDS), "")
    out = []
    for x in cands:
        c, p = x[1], x[2]
        wild = c in WILDS
        suit = suit0 or c.suit
        fm = fixed_mask | 1 << p
        nw = fixed_wilds + wild
        w_left = wilds - wild
        budget = w_left if limit == ADJACENCY else min(w_left, limit - nw)
        if budget < 0:
            continue
        have = present[_SUIT_NUMBER[suit]]
        if not wild and counts[slots[c]] == 1:  # its only copy is the one being placed
            have &= ~_BIT[c]
        lo_f = (fm & -fm).bit_length() - 1
        hi_f = fm.bit_length() - 1
        length = max(lmin, hi_f - lo_f + 1)
        full = have | fm
        span = (1 << length) - 1
        least = length - budget  # places a window must already hold
        for lo in range(max(1, hi_f - length + 1), min(15 - length, lo_f) + 1):
            if (full >> lo & span).bit_count() >= least:
                out.append(x)
                break
    return out


def build_plan(frame: Frame, kind: str, built: Built, hand: Sequence[Card], others: Sequence[str],
               ) -> Plan | None:
    """One way to finish ``built`` and the ``others`` kinds from ``hand`` (its first part is the
    combination being built), or ``None``."""
    info = hand_info(hand)
    counts, wilds = info.counts, info.wilds
    parts = [frame.part(kind, built)] + [frame.part(k, ()) for k in others]
    runs = tuple(p for p in parts if isinstance(p, SeqPart))
    sets = tuple(p for p in parts if isinstance(p, SetPart))
    return find_plan(counts, wilds, runs, sets, frame.distinct)


def plan_after_add(plan: Plan, kind: str, hand: Sequence[Card], c: Card, p: int) -> Plan | None:
    """``plan`` still valid once ``c`` (from ``hand``) is added at ``p`` to the combination being
    built, when ``c`` is one of the cards it puts there; else ``None`` (then search again)."""
    if kind == "seq":
        suit, lo, mask = plan.runs[0]
        if not lo <= p < lo + len(mask) or mask[p - lo] != is_wild(c):
            return None
        return plan if mask[p - lo] or card_at(p, suit) == c else None
    rank, n, w = plan.sets[0]
    if is_wild(c):
        return Plan(plan.runs, [(rank, n, w - 1), *plan.sets[1:]]) if w else None
    if not n or POS_OF_RANK[c.rank] != rank:
        return None
    places = (1, 14) if rank == 1 else (rank,)  # the run places of the card's slot
    in_runs = sum(1 for suit, lo, mask in plan.runs if suit == c.suit
                  for q in places if 0 <= q - lo < len(mask) and not mask[q - lo])
    if hand.count(c) <= in_runs:
        return None  # every copy is taken by a run of the plan
    return Plan(plan.runs, [(rank, n - 1, w), *plan.sets[1:]])


def _sure_adds(kind: str, built: Built, hand: Sequence[Card], plan: Plan | None, twins: Sequence[int] = (),
               ) -> set[tuple[object, int]]:
    """Adds known to work without a search: the cards ``plan`` (one way to finish everything)
    gives the part being built, or one of its ``twins`` (``(card, position)``, or ``("W", position)``
    for a wild)."""
    sure: set[tuple[object, int]] = set()
    if plan is None:
        return sure
    if kind == "seq":
        fixed = {p for _, p in built}
        for j in (0, *twins):
            suit, lo, mask = plan.runs[j]
            for i, wild in enumerate(mask):
                pos = lo + i
                if pos not in fixed:
                    sure.add(("W", pos) if wild else (card_at(pos, suit), pos))
        return sure
    left: list[int] | None = None
    for j in (0, *twins):
        rank, n, w = plan.sets[j]
        if w:
            sure.add(("W", 0))
        if n:
            if left is None:
                left = list(hand_info(hand).counts)
                for suit, lo, mask in plan.runs:
                    base = _SUIT_NUMBER[suit] * 13 - 1  # slot of place q: base + q (the high Ace: base + 1)
                    for q, wild in enumerate(mask, lo):
                        if not wild:
                            left[base + 1 if q == 14 else base + q] -= 1
            for si, suit in enumerate(SUITS):
                if left[slot(si, rank)] > 0:
                    sure.add((card_at(rank, suit), 0))
    return sure


def represented(kind: str, built: Built, suit_rank: int = 0) -> list[str]:
    """What each built card stands for: its own code, a rank for a wild in a set, a card in a run."""
    wilds = WILDS
    if kind != "seq":
        nat = next((c for c, _ in built if c not in wilds), None)
        rank = nat.rank if nat else ""
        return [rank if c in wilds else c.code for c, _ in built]
    suit = next(c.suit for c, _ in built if c not in wilds)
    return [card_at(p, suit).code for _, p in sorted(built, key=_PLACE)]


_PLACE = itemgetter(1)  # a built card's position
