"""Tarot's trick play played out fast for the expert's search: the policies that pick a card in a
:class:`~games.tarot.fast_deal.Deal` (uniformly random, or the quick heuristic the rollouts use),
with the fast deal and its cards as :mod:`games.tarot.card_masks` indexes them.

This module hands on the names of :mod:`games.tarot.fast_deal` and :mod:`games.tarot.card_masks`
that the expert, its knowledge and the tests read here.
"""

from __future__ import annotations

import random

from games.tarot.card_masks import (
    BOUT_MASK,
    CARDS,
    EXC,
    EXC_BIT,
    HALF,
    INDEX,
    KINGS_MASK,
    N_CARDS,
    PETIT_I,
    PLAIN_SUITS,
    STRENGTH,
    SUIT,
    SUIT_MASK,
    T21_I,
    TRUMPS,
    bouts_of_mask,
    cards_of,
    halves_of_mask,
    legal_mask,
    mask_of,
    poignee_sum,
    random_hands,
    trick_winner,
)
from games.tarot.fast_deal import Deal, Policy, from_state

#: the names read here by the expert, its knowledge and the tests, wherever they are defined
__all__ = [
    "BOUT_MASK", "CARDS", "EXC", "EXC_BIT", "HALF", "INDEX", "KINGS_MASK", "N_CARDS", "PETIT_I",
    "PLAIN_SUITS", "STRENGTH", "SUIT", "SUIT_MASK", "T21_I", "TRUMPS", "Deal", "Policy",
    "bouts_of_mask", "cards_of", "from_state", "halves_of_mask", "heuristic_policy", "legal_mask",
    "mask_of", "poignee_sum", "random_hands", "random_policy", "trick_winner",
]

# -- policies -----------------------------------------------------------------------------------


def random_policy(rng: random.Random) -> Policy:
    """Uniformly random legal cards (for speed measurements and tests)."""
    rand = rng.random

    def choose(deal: Deal, pos: int, legal: int) -> int:
        n = legal.bit_count()
        k = int(rand() * n)
        while k:
            legal &= legal - 1
            k -= 1
        return (legal & -legal).bit_length() - 1

    return choose


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _high(mask: int) -> int:
    return mask.bit_length() - 1


#: what losing a card costs a side (discard choice): points first, the Petit most of all
COST: tuple[int, ...] = tuple(
    40 if i == PETIT_I else 30 if i == T21_I else 0 if i == EXC else
    (1 + (i - 55) // 4) if i > 55 else HALF[i] * 2 + (8 if i % 14 == 13 else 0) for i in range(N_CARDS))


def _classes(value: tuple[int, ...], descending: bool) -> tuple[int, ...]:
    """The cards as masks of equal ``value``, the lowest value first (or the highest)."""
    masks: dict[int, int] = {}
    for c, v in enumerate(value):
        masks[v] = masks.get(v, 0) | 1 << c
    return tuple(masks[v] for v in sorted(masks, reverse=descending))


_BY_COST = _classes(COST, descending=False)
_BY_POINTS = _classes(HALF, descending=True)


def _cheapest(mask: int) -> int:
    """The card of ``mask`` that costs least to lose (ties: the lowest)."""
    for cls in _BY_COST:
        m = mask & cls
        if m:
            return (m & -m).bit_length() - 1
    return -1


def _richest_plain(mask: int) -> int:
    """The plain card with the most points (ties: the highest)."""
    for cls in _BY_POINTS:
        m = mask & cls
        if m:
            return m.bit_length() - 1
    return -1


def heuristic_policy(rng: random.Random, noise: float = 0.1) -> Policy:
    """A fast club-style card player on masks (used inside playouts): wins tricks worth it with
    the cheapest sure card, loads a trick its side wins, sheds cheap cards, keeps the Petit for a
    safe trick, leads masters and long suits. ``noise``: chance of a random lead.

    The Petit (docs/rules/tarot.md, « Trick play »: a bout, and the deal's count depends on who takes it): it trumps with
    it as soon as no enemy still to play can overtrump (each follows suit or has no trump), and an
    attacker holding it draws trumps with a master trump. Without these the policy kept the Petit
    until it was forced under a higher trump, so the search, comparing "the Petit now" with "keep
    it for the playout", gambled it early (1.3 % of the expert's deals)."""
    rand = rng.random

    def choose(d: Deal, pos: int, legal: int) -> int:
        if not legal & (legal - 1):
            return legal.bit_length() - 1
        hand = d.hands[pos]
        trick = d.trick
        attack = d.attack
        mine = (attack >> pos) & 1
        real = legal & ~EXC_BIT
        if not real:
            return EXC
        if hand.bit_count() <= 2 and legal & EXC_BIT:
            return EXC
        k = d.k
        out = 0  # cards the others hold (the deal is a determinization: every hand is known)
        for h in d.hands:
            out |= h
        out ^= hand
        if not trick:
            if rand() < noise:
                pick = real & ~(1 << PETIT_I) or real
                n = int(rand() * pick.bit_count())
                while n:
                    pick &= pick - 1
                    n -= 1
                return _low(pick)
            trumps = real & TRUMPS
            outside_trumps = out & TRUMPS
            if mine and trumps and outside_trumps and (trumps.bit_count() >= 5 or (
                    trumps >> PETIT_I & 1 and _high(trumps) > _high(outside_trumps))):
                top = _high(trumps)
                if top > _high(outside_trumps):
                    return top
                low_t = trumps & ~(1 << PETIT_I)
                if low_t:
                    return _low(low_t)
            # a master plain card (king, or all higher cards gone)
            for s in range(4):
                suit = real & SUIT_MASK[s]
                if suit:
                    top = _high(suit)
                    if not (out & SUIT_MASK[s]) >> top:
                        enemies_void = False
                        for p in range(k):
                            if ((attack >> p) & 1) != mine and (d.void[p] >> s) & 1:
                                enemies_void = True
                        if not enemies_void:
                            return top
            plain = real & ~TRUMPS
            if plain:
                # low card of the longest plain suit
                best_s, best_n = -1, -1
                for s in range(4):
                    n = (plain & SUIT_MASK[s]).bit_count()
                    if n > best_n:
                        best_s, best_n = s, n
                return _low(plain & SUIT_MASK[best_s])
            return _low(real & ~(1 << PETIT_I) or real)
        # following: the suit led, the best card so far and the points, as the deal keeps them
        lead, best, pot = d.lead, d.best, d.pot
        win_pos = (d.leader + d.best_i) % k
        n_after = k - 1 - len(trick)
        enemies_after = _ENEMIES_AFTER[k][(attack << 3 | pos) << 3 | n_after]
        if lead < 0:  # only the Excuse so far: lead-like
            return _cheapest(real)
        mate_wins = ((attack >> win_pos) & 1) == mine
        if mate_wins:
            safe = enemies_after == 0
            if not safe:
                if best >= 100:
                    safe = not ((out & TRUMPS) >> (55 + best - 100 + 1))
                elif not _enemy_ruffs(d, pos, mine, lead, n_after):
                    safe = not ((out & SUIT_MASK[lead]) >> (14 * lead + best))
            if safe:
                plain = real & ~TRUMPS
                if plain:
                    return _richest_plain(plain)
                if real >> PETIT_I & 1:
                    return PETIT_I
                return _low(real)
        # can we win?
        if lead == 4 or not real & SUIT_MASK[lead]:
            winners = real & TRUMPS
            if best >= 100:
                winners = winners >> (56 + best - 100) << (56 + best - 100)
        else:
            suit = real & SUIT_MASK[lead]
            winners = suit >> (14 * lead + best) << (14 * lead + best) if best < 100 else 0
        if winners:
            if winners >> PETIT_I & 1 and enemies_after and _petit_safe(d, pos, mine, lead, n_after):
                return PETIT_I  # no enemy after can overtrump: bring the Petit home now
            if enemies_after == 0:
                if winners >> PETIT_I & 1 and winners & TRUMPS:
                    return PETIT_I
                plain_w = winners & ~TRUMPS
                return _high(plain_w) if plain_w else _low(winners)
            top = _high(winners)
            top_safe = (not ((out & TRUMPS) >> (top + 1))) if top >= 56 else \
                (not ((out & SUIT_MASK[lead]) >> (top + 1)) and not _enemy_ruffs(d, pos, mine, lead, n_after))
            if top_safe:
                if top < 56:
                    return top
                # cheapest trump that is still above every outside trump
                higher_out = _high(out & TRUMPS) if out & TRUMPS else 55
                sure = winners >> (higher_out + 1) << (higher_out + 1)
                return _low(sure or winners)
            if pot >= 7 or PETIT_I in trick:
                return top
            cheap = winners & ~(1 << PETIT_I)
            if cheap and winners & TRUMPS == winners and pot < 4:
                return _low(cheap)
        if legal & EXC_BIT and COST[_cheapest(real)] >= 5 and not mate_wins:
            return EXC
        return _cheapest(real)

    return choose


def _enemies_after(k: int) -> tuple[int, ...]:
    """For ``k`` positions, how many enemies of ``pos`` play in the ``n_after`` turns after it,
    indexed by ``(attack << 3 | pos) << 3 | n_after`` (``attack``: the attack's positions as bits)."""
    table = [0] * ((1 << k) << 6)
    for attack in range(1 << k):
        for pos in range(k):
            mine = attack >> pos & 1
            for n_after in range(k):
                table[(attack << 3 | pos) << 3 | n_after] = sum(
                    1 for j in range(1, n_after + 1) if (attack >> (pos + j) % k & 1) != mine)
    return tuple(table)


_ENEMIES_AFTER = {k: _enemies_after(k) for k in (3, 4, 5)}


def _petit_safe(d: Deal, pos: int, mine: int, suit: int, n_after: int) -> bool:
    """Whether the Petit, winning a trick led in plain ``suit`` now, stays the winner: every enemy
    still to play follows suit or has no trump (hands are known in a determinization)."""
    return suit != 4 and not _enemy_ruffs(d, pos, mine, suit, n_after)


def _enemy_ruffs(d: Deal, pos: int, mine: int, suit: int, n_after: int) -> bool:
    """Whether an enemy still to play after ``pos`` lacks ``suit`` and holds a trump."""
    k = d.k
    for j in range(1, n_after + 1):
        p = (pos + j) % k
        if ((d.attack >> p) & 1) != mine:
            h = d.hands[p]
            if not h & SUIT_MASK[suit] and h & TRUMPS:
                return True
    return False
