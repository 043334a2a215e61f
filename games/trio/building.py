"""Building one combination card by card (docs/rules/trio.md, « Combinations », « Contracts », « The round »): which cards may be added so the
combination, and the rest of the opening, can still be finished from the hand.

A build is ``(kind, cards)``: ``kind`` is ``brelan``, ``carre`` or ``seq``; ``cards`` holds
``(card, place)`` pairs (place 0 in sets, the run place in runs). An opening also carries its
finished parts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.cards import Card
from games.trio.contracts import contract_parts, run_wild_limit
from games.trio.feasibility import NO_DISTINCT, Distinct, SeqPart, SetPart, counts_of, feasible
from games.trio.melds import ADJACENCY, POS_OF_RANK, SEQ, card_at, is_wild, positions, wilds_ok

Built = tuple[tuple[Card, int], ...]
Candidate = tuple[str, Card, int]  # the ``add:`` argument, the card, its place
SET_SIZE = {"brelan": 3, "carre": 4}


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
        """``(min size, max size, run wild limit)`` of a combination of ``kind``: the contract's
        exact size when opening (longer with ``longer``, docs/rules/trio.md, « Defaults and options » #1); after opening a brelan
        or carré, or a run of 3 to 13 cards (« The round », « Defaults and options » #9 and #12)."""
        if kind == "seq":
            if not self.opening:
                return 3, 13, run_wild_limit(self.variant)
            length = next(s for k, s in contract_parts(self.contract, self.variant) if k == SEQ)
            return length, 13 if self.longer else length, run_wild_limit(self.variant, self.contract, length)
        if not self.opening:
            return 3, 4, 1
        size = SET_SIZE[kind]
        return size, 4 if self.longer else size, 1

    def part(self, kind: str, built: Built) -> SeqPart | SetPart:
        """The search part of a (partial) combination of ``kind``."""
        lo, hi, limit = self.bounds(kind)
        if kind == "seq":
            suit = next((c.suit for c, _ in built if not is_wild(c)), "")
            return SeqPart(lo, hi, limit, suit, tuple(sorted((p, is_wild(c)) for c, p in built)))
        naturals = [c for c, _ in built if not is_wild(c)]
        rank = POS_OF_RANK[naturals[0].rank] if naturals else 0
        return SetPart(lo, hi, rank, len(naturals), len(built) - len(naturals))

    def possible(self, hand: Sequence[Card], kinds: Sequence[str], building: tuple[str, Built] | None = None,
                 ) -> bool:
        """Whether ``hand`` can still form ``kinds`` (plus the partial ``building``, formed first)."""
        counts, wilds = counts_of(hand)
        parts = [self.part(k, ()) for k in kinds]
        if building is not None:
            parts.insert(0, self.part(*building))
        runs = tuple(p for p in parts if isinstance(p, SeqPart))
        sets = tuple(p for p in parts if isinstance(p, SetPart))
        return feasible(counts, wilds, runs, sets, self.distinct)


def is_complete(frame: Frame, kind: str, built: Built) -> bool:
    """``built`` is a valid combination of ``kind`` at an allowed size."""
    lo, hi, limit = frame.bounds(kind)
    if not lo <= len(built) <= hi:
        return False
    if kind != "seq":
        return sum(is_wild(c) for c, _ in built) <= 1 and any(not is_wild(c) for c, _ in built)
    ordered = sorted(built, key=lambda cp: cp[1])
    if ordered[-1][1] - ordered[0][1] + 1 != len(built):
        return False
    return wilds_ok([is_wild(c) for c, _ in ordered], limit)


def candidates(frame: Frame, kind: str, built: Built, hand: Sequence[Card]) -> list[Candidate]:
    """Cards that could be added, before the feasibility filter. A wild is offered once (all
    wilds are alike), never first."""
    if len(built) >= frame.bounds(kind)[1]:
        return []
    naturals = sorted({c for c in hand if not is_wild(c)}, key=lambda c: c.code)
    wild = next((c for c in hand if is_wild(c)), None)
    if kind == "seq":
        return _run_candidates(frame, built, naturals, wild)
    first = next((c for c, _ in built if not is_wild(c)), None)
    if first is None:
        return [(c.code, c, 0) for c in naturals]
    out = [(c.code, c, 0) for c in naturals if c.rank == first.rank]
    if wild is not None and all(not is_wild(c) for c, _ in built):
        out.append((wild.code, wild, 0))
    return out


def _run_candidates(frame: Frame, built: Built, naturals: list[Card], wild: Card | None) -> list[Candidate]:
    """A run's candidates: the naturals of its suit at a free place within its longest length (an
    Ace that could go low or high names its end), and a wild standing for a card beside or
    between those placed (within the wild limit; never a second Ace place)."""
    _, longest, limit = frame.bounds("seq")
    taken = {p for _, p in built}
    suit = next((c.suit for c, _ in built if not is_wild(c)), "")
    lo, hi = (min(taken), max(taken)) if taken else (0, 0)
    out: list[Candidate] = []
    for c in naturals:
        if suit and c.suit != suit:
            continue
        free = [p for p in positions(c) if p not in taken and (not taken or max(hi, p) - min(lo, p) < longest)]
        for p in free:
            out.append((c.code if len(free) == 1 else f"{c.code}={'low' if p == 1 else 'high'}", c, p))
    if wild is None or not built or (limit != ADJACENCY and sum(is_wild(c) for c, _ in built) >= limit):
        return out
    for p in range(lo - 1, hi + 2):
        if not 1 <= p <= 14 or p in taken or ((p < lo or p > hi) and hi - lo + 1 >= longest):
            continue
        if (p == 1 and hi >= 13) or (p == 14 and lo <= 1):
            continue  # an Ace at both ends, or a wild Ace beside the wild 2 of a 12-card run
        out.append((f"{wild.code}={card_at(p, suit).code}", wild, p))
    return out


def legal_adds(frame: Frame, kind: str, built: Built, hand: Sequence[Card], others: Sequence[str],
               ) -> list[Candidate]:
    """The adds after which ``built`` and the ``others`` still-needed kinds can be finished
    (docs/rules/trio.md, « The round »: the engine offers only steps that can be finished)."""
    out = []
    for arg, c, p in candidates(frame, kind, built, hand):
        rest = list(hand)
        rest.remove(c)
        if frame.possible(rest, others, (kind, (*built, (c, p)))):
            out.append((arg, c, p))
    return out


def represented(kind: str, built: Built) -> list[str]:
    """What each built card stands for: its own code, a rank for a wild in a set, a card in a run
    (docs/rules/trio.md, « Combinations »: each wild is fixed to the card it represents)."""
    if kind != "seq":
        natural = next((c for c, _ in built if not is_wild(c)), None)
        rank = natural.rank if natural else ""
        return [rank if is_wild(c) else c.code for c, _ in built]
    suit = next(c.suit for c, _ in built if not is_wild(c))
    return [card_at(p, suit).code for _, p in sorted(built, key=lambda cp: cp[1])]
