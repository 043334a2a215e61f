"""Piquet declarations: carte blanche, point, sequences and sets, reckoned with repique.

docs/rules/piquet.md, « Carte blanche » (carte blanche), « Declarations » (the three classes, elder calls and younger answers) and « Pique and repique »
(repique: 30 from declarations alone, counted in the order blanche -> point -> sequences -> sets,
before the opponent has scored anything, adds 60). Roles here are ``0`` = elder, ``1`` = younger;
the engine maps them to seats.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from games.cards import FRENCH_SUITS, Card, card

RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
RANK_INDEX = {r: i for i, r in enumerate(RANKS)}
PIPS = {"7": 7, "8": 8, "9": 9, "10": 10, "J": 10, "Q": 10, "K": 10, "A": 11}
FACES = frozenset(("K", "Q", "J"))
SET_MIN = RANK_INDEX["10"]  # only A K Q J 10 make sets
SEQUENCE_VALUES = {3: 3, 4: 4, 5: 15, 6: 16, 7: 17, 8: 18}
BLANCHE_POINTS = 10
REPIQUE_BONUS = 60
REPIQUE_AT = 30

POINT, SEQUENCE, SETS = "point", "sequence", "sets"
CLASSES = (POINT, SEQUENCE, SETS)
GOOD, NOT_GOOD, EQUAL = "good", "not_good", "equal"

# What each class discloses, in comparison order (standard rules).
_FIELDS = {POINT: ("cards", "pips"), SEQUENCE: ("length", "top"), SETS: ("count", "rank")}


@dataclass(frozen=True)
class Rules:
    """Seed variants of docs/rules/piquet.md, « Defaults and options » that change declarations (all off = Portland Club laws)."""

    sets_by_rank: bool = False  # « Defaults and options » #4: the highest rank wins, a trio of aces beats four kings


STANDARD = Rules()


class Holding(NamedTuple):
    """A player's best combination of one class and what it scores if good.

    ``key`` compares holdings (higher is better); ``fields`` are the disclosed values in calling
    order (numbers compared, e.g. ``(("cards", 5), ("pips", 48))``); ``score`` counts every
    combination of the class he holds; ``cards`` are the cards he shows when good.
    """

    kind: str
    key: tuple[int, ...]
    fields: tuple[tuple[str, int], ...]
    score: int
    cards: tuple[Card, ...]


def is_blanche(hand: Sequence[Card]) -> bool:
    """A hand with no king, queen or jack (carte blanche, docs/rules/piquet.md, « Carte blanche »)."""
    return not any(c.rank in FACES for c in hand)


def by_suit(hand: Sequence[Card]) -> dict[str, list[Card]]:
    """The hand's cards per suit, each list from highest to lowest."""
    suits: dict[str, list[Card]] = {s: [] for s in FRENCH_SUITS}
    for c in hand:
        suits[c.suit].append(c)
    for cs in suits.values():
        cs.sort(key=lambda c: -RANK_INDEX[c.rank])
    return suits


def point_of(hand: Sequence[Card], rules: Rules = STANDARD) -> Holding | None:
    """The point: longest suit, ties broken by pip total (A 11, K Q J 10, others face value).

    The seed's "greatest value" (docs/rules/piquet.md, « Defaults and options » #3) ranks suits the same way in a 32-card pack: any
    n cards of a suit total more pips than any n - 1 (7+8+9+10 = 34 > A+K+Q = 31, and so on), so
    it needs no option.
    """
    best: Holding | None = None
    for cs in by_suit(hand).values():
        if not cs:
            continue
        n, pips = len(cs), sum(PIPS[c.rank] for c in cs)
        if best is None or (n, pips) > best.key:
            best = Holding(POINT, (n, pips), (("cards", n), ("pips", pips)), n, tuple(cs))
    return best


def runs_of(hand: Sequence[Card]) -> list[tuple[int, int, tuple[Card, ...]]]:
    """Every maximal sequence of 3 or more cards: ``(length, top rank index, cards)``."""
    runs = []
    for cs in by_suit(hand).values():
        i = 0
        while i < len(cs):
            j = i
            while j + 1 < len(cs) and RANK_INDEX[cs[j].rank] - RANK_INDEX[cs[j + 1].rank] == 1:
                j += 1
            if j - i + 1 >= 3:
                runs.append((j - i + 1, RANK_INDEX[cs[i].rank], tuple(cs[i:j + 1])))
            i = j + 1
    return runs


def sequences_of(hand: Sequence[Card], rules: Rules = STANDARD) -> Holding | None:
    """Sequences: the best is the longest, then the highest; its holder scores all of his."""
    runs = runs_of(hand)
    if not runs:
        return None
    length, top, _ = max(runs, key=lambda r: (r[0], r[1]))
    score = sum(SEQUENCE_VALUES[r[0]] for r in runs)
    shown = tuple(c for r in runs for c in r[2])
    return Holding(SEQUENCE, (length, top), (("length", length), ("top", top)), score, shown)


def sets_of(hand: Sequence[Card], rules: Rules = STANDARD) -> Holding | None:
    """Sets of A K Q J 10: any quatorze (14) beats any trio (3); within a type the higher rank."""
    counts: dict[int, list[Card]] = {}
    for c in hand:
        r = RANK_INDEX[c.rank]
        if r >= SET_MIN:
            counts.setdefault(r, []).append(c)
    found = [(len(cs), r, cs) for r, cs in counts.items() if len(cs) >= 3]
    if not found:
        return None
    if rules.sets_by_rank:
        count, rank, _ = max(found, key=lambda f: (f[1], f[0]))
        key, fields = (rank, count), (("rank", rank), ("count", count))
    else:
        count, rank, _ = max(found, key=lambda f: (f[0], f[1]))
        key, fields = (count, rank), (("count", count), ("rank", rank))
    score = sum(14 if f[0] == 4 else 3 for f in found)
    shown = tuple(c for f in sorted(found, key=lambda f: -f[1]) for c in f[2])
    return Holding(SETS, key, fields, score, shown)


HOLDERS = {POINT: point_of, SEQUENCE: sequences_of, SETS: sets_of}


def holding(hand: Sequence[Card], kind: str, rules: Rules = STANDARD) -> Holding | None:
    """The best combination of class ``kind`` in ``hand`` (``None`` when there is none)."""
    return HOLDERS[kind](hand, rules)


@dataclass(frozen=True)
class ClassResult:
    """One class compared (docs/rules/piquet.md, « Declarations »): elder's call, younger's answer, who scores what.

    ``calls[role]`` holds what that role disclosed (field -> number); ``answer`` is younger's reply
    to elder's call (``None`` when elder called nothing); ``winner`` is a role or ``None``;
    ``points`` per role; ``shown`` the winner's scoring cards.
    """

    kind: str
    calls: tuple[dict[str, int] | None, dict[str, int] | None]
    answer: str | None
    winner: int | None
    points: tuple[int, int]
    shown: tuple[Card, ...]


def compare(kind: str, elder: Holding | None, younger: Holding | None) -> ClassResult:
    """Elder calls his best, younger answers good / not good / equal; the better holding scores.

    Elder discloses the first field, then the next while younger says equal; younger discloses
    his fields up to the first that differs when his is not worse. The winner's call is given in
    full (his cards are shown). A missing (or sunk) holding is no call.
    """
    fields = _FIELDS[kind]
    if elder is None and younger is None:
        return ClassResult(kind, (None, None), None, None, (0, 0), ())
    if elder is None or younger is None:
        role = 0 if younger is None else 1
        h = elder if younger is None else younger
        assert h is not None
        calls: list[dict[str, int] | None] = [None, None]
        calls[role] = dict(h.fields)
        points = (h.score, 0) if role == 0 else (0, h.score)
        return ClassResult(kind, (calls[0], calls[1]), GOOD if role == 0 else None, role, points, h.cards)
    e_call: dict[str, int] = {}
    y_call: dict[str, int] = {}
    answer = EQUAL
    for (name, ev), (_, yv) in zip(elder.fields, younger.fields, strict=True):
        e_call[name] = ev
        if yv < ev:
            answer = GOOD
            break
        y_call[name] = yv
        if yv > ev:
            answer = NOT_GOOD
            break
    assert set(e_call) <= set(fields)
    if answer == GOOD:
        return ClassResult(kind, (dict(elder.fields), None), GOOD, 0, (elder.score, 0), elder.cards)
    if answer == NOT_GOOD:
        return ClassResult(kind, (e_call, dict(younger.fields)), NOT_GOOD, 1, (0, younger.score),
                           younger.cards)
    return ClassResult(kind, (e_call, y_call), EQUAL, None, (0, 0), ())


@dataclass(frozen=True)
class Reckoning:
    """Everything scored before the first lead, per role: lines and totals, repique included."""

    blanche: tuple[int, int]
    results: tuple[ClassResult, ...]
    repique: tuple[bool, bool]
    totals: tuple[int, int]

    def line(self, kind: str) -> tuple[int, int]:
        """The points of one class (``blanche``, ``point``, ``sequence``, ``sets``, ``repique``)."""
        if kind == "blanche":
            return self.blanche
        if kind == "repique":
            return (REPIQUE_BONUS * self.repique[0], REPIQUE_BONUS * self.repique[1])
        for r in self.results:
            if r.kind == kind:
                return r.points
        raise KeyError(kind)


def repique_flags(steps: Sequence[tuple[int, int]]) -> tuple[bool, bool]:
    """Who reaches 30 before the other has scored anything, scores taken in reckoning order.

    ``steps`` are ``(role, points)`` in the order of docs/rules/piquet.md, « Declarations »; zero steps ("equal") count for
    nothing and prevent nothing.
    """
    totals = [0, 0]
    flags = [False, False]
    for role, pts in steps:
        if pts <= 0:
            continue
        totals[role] += pts
        if not flags[role] and totals[role] >= REPIQUE_AT and totals[1 - role] == 0:
            flags[role] = True
    return flags[0], flags[1]


def reckon(hands: tuple[Sequence[Card], Sequence[Card]], blanche: tuple[int, int] = (0, 0),
           declared: tuple[frozenset[str], frozenset[str]] | None = None,
           rules: Rules = STANDARD) -> Reckoning:
    """Compare the three classes and reckon repique (docs/rules/piquet.md, « Declarations », « Pique and repique »).

    ``hands``: elder's and younger's 12 cards after the exchange; ``blanche``: carte blanche
    points per role (scored first); ``declared``: the classes each role declares (default all;
    a sunk class is simply not called).
    """
    results = []
    for kind in CLASSES:
        hs = [holding(hands[r], kind, rules) if declared is None or kind in declared[r] else None
              for r in (0, 1)]
        results.append(compare(kind, hs[0], hs[1]))
    steps = [(0, blanche[0]), (1, blanche[1])]
    steps += [(r.winner, r.points[r.winner]) for r in results if r.winner is not None]
    flags = repique_flags(steps)
    totals = tuple(blanche[r] + sum(x.points[r] for x in results) + REPIQUE_BONUS * flags[r]
                   for r in (0, 1))
    return Reckoning(blanche, tuple(results), flags, (totals[0], totals[1]))


def score_declarations(elder: Sequence[str], younger: Sequence[str], *, elder_blanche: bool = False,
                       younger_blanche: bool = False) -> tuple[int, int]:
    """What elder and younger score before the first lead, everything declared in full.

    ``elder``/``younger``: the 12 card codes each holds after the exchange; ``*_blanche``: whether
    that hand was a carte blanche when dealt. Carte blanche, point, sequences, sets and repique
    (docs/rules/piquet.md, « Carte blanche », « Declarations », « Pique and repique »).

    :raises ValueError: on a card code that is not a Piquet card.
    """
    hands = ([_piquet_card(c) for c in elder], [_piquet_card(c) for c in younger])
    blanche = (BLANCHE_POINTS * elder_blanche, BLANCHE_POINTS * younger_blanche)
    return reckon((hands[0], hands[1]), (blanche[0], blanche[1])).totals


def _piquet_card(text: str | Card) -> Card:
    c = card(text)
    if c.rank not in RANK_INDEX or c.suit not in FRENCH_SUITS:
        raise ValueError(f"{text!r} is not a Piquet card")
    return c


def describe(result: ClassResult, seat_of_role: tuple[int, int]) -> dict[str, Any]:
    """A class result as view data, roles turned into seats (see the package docstring)."""
    calls: list[dict[str, Any] | None] = [None, None]
    for role, call in enumerate(result.calls):
        if call is not None:
            calls[seat_of_role[role]] = {k: (RANKS[v] if k in ("top", "rank") else v)
                                         for k, v in call.items()}
    points = [0, 0]
    for role in (0, 1):
        points[seat_of_role[role]] = result.points[role]
    return {"kind": result.kind, "calls": calls, "answer": result.answer,
            "winner": None if result.winner is None else seat_of_role[result.winner],
            "points": points, "shown": [c.code for c in result.shown]}
