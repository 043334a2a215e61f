"""Contracts and the packs of Le Trio and L'École (docs/rules/trio.md, « Cards and their points », « Contracts », « Defaults and options »); hand points are in
:mod:`games.trio.scoring`.

``contract_met`` is a pure rule check exported by :mod:`games.trio`.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.cards import Card, card
from games.i18n import Msg, t
from games.trio.feasibility import SeqPart, SetPart
from games.trio.melds import ADJACENCY, SEQ, SET, is_wild, parse_seq, parse_set

VARIANTS = ("trio", "ecole")

# Each contract: its combinations as (kind, exact size).
CONTRACTS: dict[str, tuple[tuple[tuple[str, int], ...], ...]] = {
    "trio": (
        ((SET, 3), (SET, 3)),
        ((SET, 3), (SET, 4)),
        ((SET, 4), (SET, 4)),
        ((SEQ, 4), (SET, 4)),
        ((SET, 3), (SET, 3), (SET, 3)),
        ((SEQ, 4), (SEQ, 4)),
        ((SEQ, 7), (SET, 3)),
    ),
    "ecole": (
        ((SET, 3), (SET, 3)),
        ((SEQ, 4),),
        ((SEQ, 4), (SET, 3)),
        ((SEQ, 4), (SEQ, 4)),
        ((SET, 3), (SET, 3), (SET, 3)),
        ((SEQ, 4), (SEQ, 4), (SET, 3)),
        ((SEQ, 10),),
        ((SEQ, 6), (SEQ, 6)),
        ((SEQ, 10), (SET, 3)),
        ((SEQ, 13),),
    ),
}

_NAMES = {(SET, 3): Msg("trio.part.set3"), (SET, 4): Msg("trio.part.set4"), (SEQ, 4): Msg("trio.part.seq4")}


def check_variant(variant: str) -> None:
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r} (trio or ecole)")


def contract_parts(contract: int, variant: str = "trio") -> tuple[tuple[str, int], ...]:
    """The combinations contract (or year) ``contract`` (1-based) asks for.

    :raises ValueError: on an unknown variant or contract number.
    """
    check_variant(variant)
    table = CONTRACTS[variant]
    if not 1 <= contract <= len(table):
        raise ValueError(f"no contract {contract} in {variant}")
    return table[contract - 1]


def run_wild_limit(variant: str, contract: int | None = None, length: int = 0) -> int:
    """Wild limit of a run: École any number but never adjacent; Trio one, two in the 7-card
    run of contract 7 (docs/rules/trio.md, « Combinations »)."""
    if variant == "ecole":
        return ADJACENCY
    return 2 if contract == 7 and length >= 7 else 1


def contract_name(contract: int, variant: str = "trio", locale: str = "fr") -> str:
    """``"deux Brelans"``-style description of a contract, e.g. ``"Brelan + Carré"``."""
    parts = []
    for kind, size in contract_parts(contract, variant):
        if (kind, size) in _NAMES:
            parts.append(_NAMES[kind, size](locale))
        else:
            parts.append(t(locale, "trio.part.seq", n=size))
    return " + ".join(parts)


def deck_count(seats: int, variant: str = "trio") -> int:
    """Standard packs used: Trio 2 (3-4 players) or 3 (5-6); École 2 (3), 3 (4-5), 4 (6-7)."""
    check_variant(variant)
    if variant == "trio":
        return 2 if seats <= 4 else 3
    return 2 if seats <= 3 else 3 if seats <= 5 else 4


def classify(cards: Sequence[Card], variant: str, contract: int | None = None,
             ) -> tuple[str, int] | None:
    """``(kind, size)`` of a valid combination listed as in :func:`contract_met`, else ``None``.
    Trio runs may hold two wilds only in contract 7 (its 7-card run)."""
    if parse_set(cards) is not None:
        return SET, len(cards)
    limit = run_wild_limit(variant, contract, len(cards))
    if parse_seq(cards, limit) is not None:
        return SEQ, len(cards)
    return None


def contract_met(melds: Sequence[Sequence[str | Card]], contract: int, *, variant: str = "trio",
                 longer: bool = False, same_rank_sets: bool = True, same_suit_runs: bool = True) -> bool:
    """Whether ``melds`` are exactly the combinations contract ``contract`` asks for, all valid.

    Each meld lists card codes; a run is listed lowest first, a wild standing for the card its
    position needs. Defaults follow docs/rules/trio.md, « Defaults and options »: exact sizes (``longer`` allows longer runs and
    a carré for a brelan), two brelans of one rank and two runs of one suit allowed.

    :raises ValueError: on an unknown variant or contract number, or an unknown card code.
    """
    parts = contract_parts(contract, variant)
    if len(melds) != len(parts):
        return False
    found: list[tuple[str, int, Sequence[Card]]] = []
    for meld in melds:
        cards = [card(c) for c in meld]
        if any(c.family != "french" or c.rank in ("C", "T", "EX") for c in cards):
            raise ValueError("not a card of Le Trio / L'École")
        if variant == "trio" and any(c.is_joker for c in cards):
            return False
        kind = classify(cards, variant, contract)
        if kind is None:
            return False
        found.append((*kind, cards))
    for part in (SET, SEQ):
        want = sorted((s for k, s in parts if k == part), reverse=True)
        have = sorted((s for k, s, _ in found if k == part), reverse=True)
        if len(want) != len(have):
            return False
        for w, h in zip(want, have, strict=True):
            if h < w or (h > w and not longer) or (part == SEQ and h > 13):
                return False
    if not same_rank_sets:
        ranks = [next(c.rank for c in cs if not is_wild(c)) for k, _, cs in found if k == SET]
        if len(set(ranks)) != len(ranks):
            return False
    if not same_suit_runs:
        suits = [next(c.suit for c in cs if not is_wild(c)) for k, _, cs in found if k == SEQ]
        if len(set(suits)) != len(suits):
            return False
    return True


def search_parts(contract: int, variant: str, longer: bool = False,
                 ) -> tuple[tuple[SeqPart, ...], tuple[SetPart, ...]]:
    """The contract as search parts for :func:`games.trio.feasibility.solve` (runs longest first)."""
    parts = contract_parts(contract, variant)
    runs = tuple(SeqPart(s, 13 if longer else s, run_wild_limit(variant, contract, s))
                 for k, s in sorted(parts, key=lambda p: -p[1]) if k == SEQ)
    sets = tuple(SetPart(s, 4 if longer else s) for k, s in sorted(parts, key=lambda p: -p[1]) if k == SET)
    return runs, sets
