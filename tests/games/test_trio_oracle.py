"""The legal-step lists of Le Trio / L'École against a plain oracle, and the contract search
against a brute force.

The oracle below is the straightforward definition the engine's legal steps must match exactly
(docs/rules/trio.md, « The round »: only steps that can be finished): every candidate add is checked with the contract
search :func:`games.trio.feasibility.feasible`, itself checked against a brute force that tries every
way (every run window and wild mask, every set rank) with none of its dominance rules. It is
compared with ``state.legal_actions`` on every position of computer-played, mixed and random
matches, under default and alternative options.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence

import pytest

from games.base import Action, RandomPlayer
from games.cards import Card, card
from games.trio.ai import BaselinePlayer, TrioPlayer, usefulness
from games.trio.building import Built, Frame, is_complete
from games.trio.contracts import run_wild_limit
from games.trio.feasibility import (
    EVERY,
    Distinct,
    SeqPart,
    SetPart,
    abstract,
    can_go_out,
    counts_of,
    feasible,
    run_ways,
)
from games.trio.game import ECOLE, TRIO, TrioGame
from games.trio.melds import ADJACENCY, POS_OF_RANK, SUITS, card_at, is_wild, positions
from games.trio.state import TrioState
from games.trio.steps import ORDER, keeps_out

# -- the plain oracle -----------------------------------------------------------------------------


def plain_candidates(frame: Frame, kind: str, built: Built, hand: Sequence[Card]) -> list[tuple[str, Card, int]]:
    _lo, hi_n, limit = frame.bounds(kind)
    if len(built) >= hi_n:
        return []
    naturals = sorted({c for c in hand if not is_wild(c)}, key=lambda c: c.code)
    wild = next((c for c in hand if is_wild(c)), None)
    out: list[tuple[str, Card, int]] = []
    if kind != "seq":
        nat = [c for c, _ in built if not is_wild(c)]
        out = [(c.code, c, 0) for c in naturals if not nat or c.rank == nat[0].rank]
        if wild is not None and nat and all(not is_wild(c) for c, _ in built):
            out.append((wild.code, wild, 0))
        return out
    taken = {p for _, p in built}
    suit = next((c.suit for c, _ in built if not is_wild(c)), "")
    lo, hi = (min(taken), max(taken)) if taken else (0, 0)
    for c in naturals:
        if suit and c.suit != suit:
            continue
        ps = [p for p in positions(c) if p not in taken and (not taken or max(hi, p) - min(lo, p) < hi_n)]
        for p in ps:
            out.append((c.code if len(ps) == 1 else f"{c.code}={'low' if p == 1 else 'high'}", c, p))
    if wild is not None and taken:
        for p in range(lo - 1, hi + 2):
            if not 1 <= p <= 14 or p in taken or ((p < lo or p > hi) and hi - lo + 1 >= hi_n):
                continue
            if (p == 1 and hi >= 13) or (p == 14 and lo <= 1):
                continue
            out.append((f"{wild.code}={card_at(p, suit).code}", wild, p))
    if limit != ADJACENCY:
        used = sum(is_wild(c) for c, _ in built)
        out = [x for x in out if not is_wild(x[1]) or used < limit]
    return out


def plain_part(frame: Frame, kind: str, built: Built) -> SeqPart | SetPart:
    lo, hi, limit = frame.bounds(kind)
    if kind == "seq":
        suit = next((c.suit for c, _ in built if not is_wild(c)), "")
        return SeqPart(lo, hi, limit, suit, tuple(sorted((p, is_wild(c)) for c, p in built)))
    nat = [c for c, _ in built if not is_wild(c)]
    return SetPart(lo, hi, POS_OF_RANK[nat[0].rank] if nat else 0, len(nat), len(built) - len(nat))


def plain_possible(frame: Frame, hand: Sequence[Card], kinds: Sequence[str],
                   building: tuple[str, Built] | None = None) -> bool:
    counts, wilds = counts_of(hand)
    parts = [plain_part(frame, k, ()) for k in kinds]
    if building is not None:
        parts.insert(0, plain_part(frame, *building))
    runs = tuple(p for p in parts if isinstance(p, SeqPart))
    sets = tuple(p for p in parts if isinstance(p, SetPart))
    return feasible(counts, wilds, runs, sets, frame.distinct)


def plain_legal(s: TrioState) -> list[Action]:
    seat, hand = s.turn, s.hands[s.turn]
    acts: list[Action] = []
    if s.phase == "draw":
        if s.stock:
            acts.append(Action("draw", "stock"))
        if s.pile:
            counts, wilds = counts_of([*hand, s.pile[-1]])
            if not s.opened[seat] or can_go_out(counts, wilds, [abstract(m) for m in s.melds], discard=True,
                                                run_wilds=run_wild_limit(s.variant)):
                acts.append(Action("draw", "discard"))
    elif s.phase == "play":
        if not s.must_out or len(hand) == 1:
            acts += [Action("discard", c.code) for c in set(hand)]
        frame = s.frame()
        if frame.opening:
            kinds = frame.kinds_needed(())
            if plain_possible(frame, hand, kinds):
                acts += [Action("meld", k) for k in set(kinds)]
        elif not s.opened_now:
            acts += [Action("meld", k) for k in ("brelan", "seq") if plain_possible(frame, hand, [k])]
        if s.opened[seat] and (not s.opened_now or s.options["layoff_on_opening"]):
            seen = set()
            for c in hand:
                key = "W" if is_wild(c) else c
                if key not in seen and any(m.layoff_ends(c) for m in s.melds):
                    seen.add(key)
                    acts.append(Action("layoff", c.code))
    elif s.phase == "meld":
        frame = s.frame()
        staged = [k for k, _ in s.staged]
        if not s.kind:
            acts += [Action("meld", k) for k in set(frame.kinds_needed(staged))]
        else:
            others = frame.kinds_needed(staged) if frame.opening else []
            if frame.opening:
                others.remove(s.kind)
            for arg, c, p in plain_candidates(frame, s.kind, s.built, hand):
                rest = list(hand)
                rest.remove(c)
                if plain_possible(frame, rest, others, (s.kind, (*s.built, (c, p)))):
                    acts.append(Action("add", arg))
            if len(s.built) < frame.bounds(s.kind)[1] and is_complete(frame, s.kind, s.built):
                acts.append(Action("done"))
        acts.append(Action("cancel"))
    elif s.phase == "layoff":
        assert s.layoff_card is not None
        for m in s.melds:
            acts += [Action("onto", f"{m.id}:{e}" if e else str(m.id)) for e in m.layoff_ends(s.layoff_card)]
        acts.append(Action("cancel"))
    if s.must_out:
        acts = [a for a in acts if a.kind in ("cancel", "discard") or keeps_out(s, a)]
    return sorted(set(acts), key=lambda a: (ORDER[a.kind], a.arg))


_SET_VALUE = {1: 0.0, 2: 2.0, 3: 4.5, 4: 5.0}


def plain_usefulness(hand: Sequence[Card], sets: Sequence[int], run_len: int) -> dict[Card, float]:
    """How much each card of ``hand`` helps toward the combinations (higher: keep it)."""
    by_rank: Counter[str] = Counter()
    copies = Counter(hand)
    present = {s: [0] * 16 for s in SUITS}
    for c in copies:
        if not is_wild(c):
            by_rank[c.rank] += copies[c]
            p = POS_OF_RANK[c.rank]
            present[c.suit][p] = 1
            if p == 1:
                present[c.suit][14] = 1
    windows: dict[str, list[int]] = {}  # per suit: cards held in the run starting at each place
    if run_len:
        last = 15 - run_len
        for s, row in present.items():
            acc = [0] * 16
            total = 0
            for i in range(1, 16):
                total += row[i]
                acc[i] = total
            windows[s] = [0] + [acc[lo + run_len - 1] - acc[lo - 1] for lo in range(1, last + 1)]
    need = max(sets) if sets else 0
    out: dict[Card, float] = {}
    for c in copies:
        if is_wild(c):
            out[c] = 100.0
            continue
        value = 0.0
        if sets:
            n = by_rank[c.rank]
            if n > need:  # copies beyond the largest set wanted are spare
                value = 0.2
            else:
                value = _SET_VALUE[n] * (1.0 if need == 3 or n >= 2 else 0.5) * (0.6 if run_len else 1.0)
        if run_len:
            wins = windows[c.suit]
            best = 0
            for p in ((1, 14) if c.rank == "A" else (POS_OF_RANK[c.rank],)):
                lo, hi = max(1, p - run_len + 1), min(p, 15 - run_len)
                if lo <= hi:
                    best = max(best, max(wins[lo:hi + 1]))
            run_value = 5.0 * (best - 1) / max(run_len - 1, 1) + (0.5 if best >= 2 else 0.0)
            if copies[c] > 1:
                run_value = 0.0  # a second copy never helps a run (throwing it keeps the first)
            value = max(value, run_value)
        out[c] = value
    return out


# -- the comparison -------------------------------------------------------------------------------

VARIANTS = {"rules": {}, "alternatives": {"longer_melds": True, "same_rank_brelans": False,
                                          "same_suit_runs": False, "layoff_on_opening": True}}


@pytest.mark.parametrize("game", [TRIO, ECOLE], ids=lambda g: g.name)
@pytest.mark.parametrize("options", list(VARIANTS), ids=str)
@pytest.mark.parametrize("mode", ["computer", "mixed", "random"])
def test_legal_steps_match_the_plain_oracle(game: TrioGame, options: str, mode: str) -> None:
    """Every position of a few matches: the engine's steps are exactly the oracle's."""
    checked = 0
    for i in range(2):
        seats = 3 + (i + len(mode)) % 3
        rng = random.Random(f"oracle{i}{mode}")
        opts = dict(VARIANTS[options], max_rounds=2 if mode == "computer" else 3)
        state = game.new(seats, f"oracle{i}{mode}{options}", opts)
        players = [TrioPlayer() if mode == "computer" or (mode == "mixed" and s % 2) else
                   BaselinePlayer() if mode == "mixed" else RandomPlayer() for s in range(seats)]
        for _ in range(1500):
            seat = state.to_act()
            if seat is None:
                break
            legal = state.legal_actions(seat)
            assert legal == plain_legal(state), (state.log, state.phase)
            checked += 1
            state = state.apply(seat, players[seat].choose(state.view(seat), legal, rng))
    assert checked > 200


def test_oracle_is_not_vacuous() -> None:
    """The oracle refuses an add that cannot be finished (a lone card for a brelan)."""
    state = TRIO.new(4, "oracle-vacuous")
    assert any(a.kind == "draw" for a in plain_legal(state))
    frame = Frame("trio", 1, True)
    cards = [card(c) for c in ("5H", "5S", "5D", "9C", "9S", "KD")]
    assert not plain_possible(frame, cards, ["brelan", "brelan"])
    cards.append(card("9H"))
    assert plain_possible(frame, cards, ["brelan", "brelan"])


def test_usefulness_matches_the_plain_version() -> None:
    """The player's card values (bit masks, memoized windows) equal the plain computation."""
    from games.cards import standard_decks

    deck = standard_decks(2, 2)
    rng = random.Random("usefulness")
    for _ in range(3000):
        hand = rng.sample(deck, rng.randint(1, 15))
        sets = rng.choice([[], [3], [3, 3], [4], [3, 4], [4, 4], [3, 3, 3]])
        run_len = rng.choice([0, 3, 4, 6, 7, 10, 13]) if sets else rng.choice([3, 4, 6, 7, 10, 13])
        assert usefulness(hand, sets, run_len) == plain_usefulness(hand, sets, run_len), (hand, sets, run_len)


def plain_windows(counts: tuple[int, ...], wilds: int, part: SeqPart, substitute: bool,
                  ) -> list[tuple[str, int, tuple[bool, ...], tuple[int, ...], int]]:
    """Every way to lay the run ``part`` at its shortest: every suit, start and wild mask tried."""
    fixed = dict(part.fixed)
    length = max(part.lmin, max(fixed) - min(fixed) + 1 if fixed else 0)
    out = []
    if length > part.lmax:
        return out
    for si, suit in enumerate(SUITS):
        if part.suit and suit != part.suit:
            continue
        for lo in range(1, 16 - length):
            places = range(lo, lo + length)
            if any(p not in places for p in fixed):
                continue
            for mask in itertools.product((False, True), repeat=length):
                if any(mask[p - lo] != w for p, w in fixed.items()):
                    continue
                if part.max_wilds == ADJACENCY:
                    if any(a and b for a, b in itertools.pairwise(mask)):
                        continue
                elif sum(mask) > part.max_wilds:
                    continue
                left, used = list(counts), 0
                ok = True
                for p, w in zip(places, mask, strict=True):
                    if p in fixed:
                        continue
                    s = si * 13 + (0 if p == 14 else p - 1)
                    if w:
                        used += 1
                        ok = ok and (substitute or left[s] == 0)
                    elif left[s]:
                        left[s] -= 1
                    else:
                        ok = False
                if ok and used <= wilds:
                    out.append((suit, lo, mask, tuple(left), wilds - used))
    return out


def test_run_windows_match_the_plain_enumeration() -> None:
    """The run search's windows (with its quick filters: too few cards, École wilds side by side)
    are exactly every suit, start and wild mask that fits."""
    from games.cards import standard_decks

    rng = random.Random(7)
    deck = standard_decks(2, 2)
    for _ in range(400):
        hand = rng.sample(deck, rng.randint(6, 14))
        counts, wilds = counts_of(hand)
        limit = rng.choice([1, 2, ADJACENCY])
        lmin = rng.choice([3, 4, 6, 7, 10])
        fixed: tuple[tuple[int, bool], ...] = ()
        suit = ""
        if rng.random() < 0.3:
            suit = rng.choice(SUITS)
            start = rng.randint(1, 12)
            fixed = tuple((p, rng.random() < 0.2) for p in range(start, min(start + rng.randint(1, 3), 15)))
        part = SeqPart(lmin, max(lmin, 13), limit, suit, fixed)
        for substitute in (False, True):
            got = sorted(run_ways(counts, wilds, part, EVERY if substitute else None))
            assert got == sorted(plain_windows(counts, wilds, part, substitute)), (hand, part, substitute)


def brute_feasible(counts: tuple[int, ...], wilds: int, runs: Sequence[SeqPart], sets: Sequence[SetPart],
                   distinct: Distinct, suits: tuple[str, ...] = (), ranks: tuple[int, ...] = ()) -> bool:
    """Every way to lay each run (every suit, start and wild mask: :func:`plain_windows`), then every
    rank and wild count of each set: no dominance rule, no ordering of alike parts."""
    if runs:
        return any(brute_feasible(left, wleft, runs[1:], sets, distinct, (*suits, suit), ranks)
                   for suit, _, _, left, wleft in plain_windows(counts, wilds, runs[0], True)
                   if not (distinct.runs and suit in (*distinct.suits, *suits)))
    if not sets:
        return True
    part = sets[0]
    for rank in [part.rank] if part.rank else [r for r in range(1, 14) if r != 2]:
        if distinct.sets and rank in (*distinct.ranks, *ranks):
            continue
        held = sum(counts[s * 13 + rank - 1] for s in range(4))
        for add_wild in (0, 1):
            for size in range(max(part.smin, part.have_nat + part.have_wild), part.smax + 1):
                naturals = size - part.have_nat - part.have_wild - add_wild
                if (0 <= naturals <= held and add_wild <= wilds and part.have_wild + add_wild <= 1
                        and part.have_nat + naturals >= 1):
                    left = list(counts)
                    for s in range(4):  # which suits give the naturals does not matter to sets
                        take = min(naturals, left[s * 13 + rank - 1])
                        left[s * 13 + rank - 1] -= take
                        naturals -= take
                    if brute_feasible(tuple(left), wilds - add_wild, runs, sets[1:], distinct, suits, (*ranks, rank)):
                        return True
    return False


def test_feasible_matches_a_brute_force_search() -> None:
    """The contract search (runs first, a wild standing in for a natural only where a later part may
    want it, alike sets in rank order) answers as trying every way, on random hands, contracts with
    runs of up to 7 cards, partly built parts and the distinct-ranks and -suits options."""
    from games.cards import standard_decks

    rng = random.Random("brute")
    deck = standard_decks(3, 2)
    contracts = [(v, n) for v, n in [("trio", n) for n in range(1, 8)] + [("ecole", n) for n in range(1, 9)]
                 if n not in (7,) or v == "trio"]
    agree = {True: 0, False: 0}
    for trial in range(1500):
        variant, contract = contracts[trial % len(contracts)]
        frame = Frame(variant, contract, True, longer=rng.random() < 0.2)
        if trial % 2:  # a dense hand: few ranks and suits, several wilds (parts compete for cards)
            low = rng.randint(1, 8)
            suits = rng.sample(SUITS, 2)
            pool = [c for c in deck if is_wild(c) or (c.suit in suits and low <= POS_OF_RANK[c.rank] < low + 6)]
            hand = rng.sample(pool, rng.randint(9, 15))
        else:
            hand = rng.sample(deck, rng.randint(9, 15))
        kinds = frame.kinds_needed(())
        building = None
        if rng.random() < 0.3:
            legal = [x for x in plain_candidates(frame, kinds[0], (), hand) if x[1] in hand]
            if legal:
                _, c, p = rng.choice(legal)
                hand.remove(c)
                building = (kinds[0], ((c, p),))
                kinds = kinds[1:]
        parts = [plain_part(frame, k, ()) for k in kinds]
        if building is not None:
            parts.insert(0, plain_part(frame, *building))
        runs = tuple(p for p in parts if isinstance(p, SeqPart))
        sets = tuple(p for p in parts if isinstance(p, SetPart))
        distinct = Distinct(rng.random() < 0.3, rng.random() < 0.3, frozenset(), frozenset())
        counts, wilds = counts_of(hand)
        found = feasible(counts, wilds, runs, sets, distinct)
        assert found == brute_feasible(counts, wilds, runs, sets, distinct), (variant, contract, hand, parts)
        agree[found] += 1
    assert min(agree.values()) > 150, agree
