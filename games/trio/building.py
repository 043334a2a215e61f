"""Building one combination card by card (RULES.md 3.2-3.4): which cards may be added so the
combination, and the rest of the opening, can still be finished from the hand.

A build is ``(kind, cards)``: ``kind`` is ``brelan``, ``carre`` or ``seq``; ``cards`` holds
``(card, position)`` pairs (position 0 in sets). An opening also carries its finished parts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.cards import Card
from games.trio.contracts import contract_parts, run_wild_limit
from games.trio.melds import (
    ADJACENCY,
    POS_OF_RANK,
    SEQ,
    SET,
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
    counts_of,
    feasible,
    find_plan,
    slot,
)

Built = tuple[tuple[Card, int], ...]
KIND_OF = {"brelan": (SET, 3), "carre": (SET, 4)}


@dataclass(frozen=True)
class Frame:
    """What is being built: ``opening`` (the contract's parts) or a combination after opening."""

    variant: str
    contract: int
    opening: bool
    longer: bool = False
    distinct: Distinct = NO_DISTINCT

    def kinds_needed(self, staged: Sequence[str]) -> list[str]:
        """Kinds still to build in the opening (``brelan``/``carre``/``seq``), with repeats."""
        need = [("seq" if k == SEQ else "brelan" if s == 3 else "carre")
                for k, s in contract_parts(self.contract, self.variant)]
        for k in staged:
            need.remove(k)
        return need

    def bounds(self, kind: str) -> tuple[int, int, int]:
        """``(min size, max size, run wild limit)`` of a combination of ``kind``."""
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
        """The search part of a (partial) combination of ``kind``."""
        lo, hi, limit = self.bounds(kind)
        if kind == "seq":
            suit = next((c.suit for c, _ in built if not is_wild(c)), "")
            return SeqPart(lo, hi, limit, suit, tuple(sorted((p, is_wild(c)) for c, p in built)))
        nat = [c for c, _ in built if not is_wild(c)]
        rank = POS_OF_RANK[nat[0].rank] if nat else 0
        return SetPart(lo, hi, rank, len(nat), len(built) - len(nat))

    def possible(self, hand: Sequence[Card], kinds: Sequence[str], building: tuple[str, Built] | None = None,
                 ) -> bool:
        """Whether ``hand`` can still form ``kinds`` (plus the partial ``building``)."""
        counts, wilds = counts_of(hand)
        if building is None and not self.opening and len(kinds) == 1:
            return _tierce_possible(counts, wilds, self.variant) if kinds[0] == "seq" \
                else _brelan_possible(counts, wilds)
        if building is None:
            key = (self, tuple(kinds))
            split = _SPLITS.get(key)
            if split is None:
                split = _SPLITS[key] = _split([self.part(k, ()) for k in kinds])
            return feasible(counts, wilds, *split, self.distinct)
        parts = [self.part(k, ()) for k in kinds]
        parts.insert(0, self.part(*building))
        return feasible(counts, wilds, *_split(parts), self.distinct)


def _split(parts: list[SeqPart | SetPart]) -> tuple[tuple[SeqPart, ...], tuple[SetPart, ...]]:
    """The runs and the sets among ``parts``, each in order."""
    return (tuple(p for p in parts if isinstance(p, SeqPart)), tuple(p for p in parts if isinstance(p, SetPart)))


_SPLITS: dict[tuple[Frame, tuple[str, ...]], tuple[tuple[SeqPart, ...], tuple[SetPart, ...]]] = {}


def _brelan_possible(counts: tuple[int, ...], wilds: int) -> bool:
    """Three of a rank, or two and a wild."""
    need = 2 if wilds else 3
    return any(counts[p] + counts[13 + p] + counts[26 + p] + counts[39 + p] >= need for p in range(13))


def _tierce_possible(counts: tuple[int, ...], wilds: int, variant: str) -> bool:
    """Three consecutive places of one suit, with one wild at most (École: two, not side by side)."""
    for base in (0, 13, 26, 39):
        row = 0  # bit p: a natural at run place p (the Ace at 1 and 14)
        for p in range(13):
            if counts[base + p]:
                row |= 16386 if p == 0 else 2 << p
        if not row:
            continue
        for lo in range(1, 13):
            window = row >> lo & 7
            held = window.bit_count()
            if held == 3 or (held == 2 and wilds >= 1):
                return True
            if variant == "ecole" and window == 2 and wilds >= 2:
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
    naturals = sorted({c for c in hand if not is_wild(c)}, key=lambda c: c.code)
    wild = next((c for c in hand if is_wild(c)), None)
    out: list[tuple[str, Card, int]] = []
    if kind != "seq":
        nat = [c for c, _ in built if not is_wild(c)]
        for c in naturals:
            if not nat or c.rank == nat[0].rank:
                out.append((c.code, c, 0))
        if wild is not None and nat and all(not is_wild(c) for c, _ in built):
            out.append((wild.code, wild, 0))
        return out
    taken = {p for _, p in built}
    suit = next((c.suit for c, _ in built if not is_wild(c)), "")
    lo = min(taken) if taken else 0
    hi = max(taken) if taken else 0
    for c in naturals:
        if suit and c.suit != suit:
            continue
        ps = [p for p in positions(c) if p not in taken and (not taken or max(hi, p) - min(lo, p) < hi_n)]
        for p in ps:
            arg = c.code if len(ps) == 1 else f"{c.code}={'low' if p == 1 else 'high'}"
            out.append((arg, c, p))
    if wild is not None and taken:
        spots = [p for p in range(lo - 1, hi + 2) if 1 <= p <= 14 and p not in taken]
        for p in spots:
            if (p < lo or p > hi) and hi - lo + 1 >= hi_n:
                continue
            if (p == 1 and hi >= 13) or (p == 14 and lo <= 1):
                continue  # an Ace at both ends, or a wild Ace beside the wild 2 of a 12-card run
            out.append((f"{wild.code}={card_at(p, suit).code}", wild, p))
    if limit != ADJACENCY:
        used = sum(is_wild(c) for c, _ in built)
        out = [x for x in out if not is_wild(x[1]) or used < limit]
    return out


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
    for arg, c, p in cands:
        if (("W", p) if is_wild(c) else (c, p)) in sure:
            out.append((arg, c, p))
            continue
        rest = list(hand)
        rest.remove(c)
        if frame.possible(rest, others, (kind, (*built, (c, p)))):
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
    wilds = sum(1 for c in hand if is_wild(c))
    lmin, _lmax, limit = frame.bounds(kind)
    if kind != "seq":
        nat = [c for c, _ in built if not is_wild(c)]
        has_wild = len(nat) < len(built)
        need = lmin - len(built) - 1
        by_rank: dict[str, int] = {}  # naturals of the hand per rank
        for h in hand:
            if h not in WILDS:
                by_rank[h.rank] = by_rank.get(h.rank, 0) + 1
        out = []
        for x in cands:
            c = x[1]
            if c in WILDS:
                w_left, wild_in = wilds - 1, True
                left = by_rank.get(nat[0].rank, 0)
            else:
                w_left, wild_in = wilds, has_wild
                left = by_rank.get(c.rank, 0) - 1
            if left + (1 if w_left > 0 and not wild_in else 0) >= need:
                out.append(x)
        return out
    fixed_mask = 0
    fixed_wilds = 0
    for c, p in built:
        fixed_mask |= 1 << p
        fixed_wilds += is_wild(c)
    present: dict[str, int] = {}
    copies: dict[Card, int] = {}
    for h in hand:
        if h not in WILDS:
            copies[h] = copies.get(h, 0) + 1
            p = POS_OF_RANK[h.rank]
            present[h.suit] = present.get(h.suit, 0) | (16386 if p == 1 else 1 << p)
    suit0 = next((c.suit for c, _ in built if not is_wild(c)), "")
    out = []
    for x in cands:
        c, p = x[1], x[2]
        wild = is_wild(c)
        suit = suit0 or c.suit
        fm = fixed_mask | 1 << p
        nw = fixed_wilds + wild
        w_left = wilds - wild
        budget = w_left if limit == ADJACENCY else min(w_left, limit - nw)
        if budget < 0:
            continue
        have = present.get(suit, 0)
        if not wild and copies[c] == 1:  # its only copy is the one being placed
            have &= ~(16386 if POS_OF_RANK[c.rank] == 1 else 1 << POS_OF_RANK[c.rank])
        lo_f = (fm & -fm).bit_length() - 1
        hi_f = fm.bit_length() - 1
        length = max(lmin, hi_f - lo_f + 1)
        full = have | fm
        span = (1 << length) - 1
        if any(length - (full & (span << lo)).bit_count() <= budget
               for lo in range(max(1, hi_f - length + 1), min(15 - length, lo_f) + 1)):
            out.append(x)
    return out


def build_plan(frame: Frame, kind: str, built: Built, hand: Sequence[Card], others: Sequence[str],
               ) -> Plan | None:
    """One way to finish ``built`` and the ``others`` kinds from ``hand`` (its first part is the
    combination being built), or ``None``."""
    counts, wilds = counts_of(hand)
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
    si = SUITS.index(c.suit)
    in_runs = sum(1 for suit, lo, mask in plan.runs if suit == c.suit
                  for i, wild in enumerate(mask) if not wild and slot(si, lo + i) == slot(si, rank))
    if sum(1 for h in hand if h == c) <= in_runs:
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
                left = list(counts_of(hand)[0])
                for suit, lo, mask in plan.runs:
                    si = SUITS.index(suit)
                    for i, wild in enumerate(mask):
                        if not wild:
                            left[slot(si, lo + i)] -= 1
            for si, suit in enumerate(SUITS):
                if left[slot(si, rank)] > 0:
                    sure.add((card_at(rank, suit), 0))
    return sure


def represented(kind: str, built: Built, suit_rank: int = 0) -> list[str]:
    """What each built card stands for: its own code, a rank for a wild in a set, a card in a run."""
    if kind != "seq":
        nat = next((c for c, _ in built if not is_wild(c)), None)
        rank = nat.rank if nat else ""
        return [rank if is_wild(c) else c.code for c, _ in built]
    suit = next(c.suit for c, _ in built if not is_wild(c))
    return [card_at(p, suit).code for _, p in sorted(built, key=lambda cp: cp[1])]
