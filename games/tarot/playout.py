"""A fast Tarot trick-play core for search: cards are ints, hands are bit masks (no views, no
``Action`` objects, no ``Card`` look-ups in the loop).

Card index ``i``: plain suits S, H, D, C take 14 slots each (``14 * suit + value - 1``, Ace 0 ..
King 13), trumps ``56 + value - 1`` (the Petit is 56, the 21 is 76), the Excuse 77. A hand is an
``int`` with bit ``i`` set for each card held, so the cards of a suit are one ``&`` away and the
lowest or highest card of a suit one ``bit_length`` away.

:class:`Deal` is the play phase of one deal seen from above (every hand known: a determinization).
Its :meth:`Deal.legal` and :meth:`Deal.play` follow the engine's rules (docs/rules/tarot.md, « Trick play », « Scoring »), checked
against :class:`games.tarot.state.TarotState` by ``tests/games/test_tarot_playout.py``: same legal
cards, same trick winners, same deal score. :meth:`Deal.rollout` plays the deal to its end with a
policy and returns every position's score change.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from games.cards import Card
from games.search import bits
from games.tarot.deck import DECK, HALVES, MULTIPLIER, NEEDED, POIGNEE_VALUES

if TYPE_CHECKING:
    from games.tarot.state import TarotState

N_CARDS = 78
PETIT_I, T21_I, EXC = 56, 76, 77
EXC_BIT = 1 << EXC
TRUMPS = ((1 << 21) - 1) << 56
PLAIN_SUITS = ("S", "H", "D", "C")
SUIT_MASK = (*(((1 << 14) - 1) << (14 * s) for s in range(4)), TRUMPS)
BOUT_MASK = (1 << PETIT_I) | (1 << T21_I) | EXC_BIT
KINGS_MASK = sum(1 << (14 * s + 13) for s in range(4))


def _index(c: Card) -> int:
    if c.suit == "T":
        return 55 + c.value
    if c.suit == "":
        return EXC
    return 14 * PLAIN_SUITS.index(c.suit) + c.value - 1


INDEX: dict[Card, int] = {c: _index(c) for c in DECK}
CARDS: tuple[Card, ...] = tuple(sorted(DECK, key=INDEX.__getitem__))
assert [INDEX[c] for c in CARDS] == list(range(N_CARDS))
HALF: tuple[int, ...] = tuple(HALVES[c] for c in CARDS)
#: suit of each index: 0-3 plain suits, 4 trumps, 5 the Excuse
SUIT: tuple[int, ...] = tuple(min(i // 14, 4) if i < EXC else 5 for i in range(N_CARDS))
#: trick strength inside its suit (trumps 100 + value), the Excuse 0
STRENGTH: tuple[int, ...] = tuple(
    (100 + i - 55) if 56 <= i < EXC else 0 if i == EXC else i % 14 + 1 for i in range(N_CARDS))


def mask_of(cards: Sequence[Card]) -> int:
    """The bit mask of ``cards``."""
    m = 0
    for c in cards:
        m |= 1 << INDEX[c]
    return m


cards_of = bits  # the card indices of a mask, lowest first


def halves_of_mask(mask: int) -> int:
    return sum(HALF[i] for i in cards_of(mask))


def bouts_of_mask(mask: int) -> int:
    return (mask & BOUT_MASK).bit_count()


def legal_mask(hand: int, trick: Sequence[int], first_trick_called: int = -1) -> int:
    """The cards of ``hand`` that may go on ``trick`` (card indices in play order).

    ``first_trick_called``: with 5 players, on the lead of the first trick, the called card's index
    (its suit may be led only with it); -1 otherwise.
    """
    lead = -1
    high = 0
    for c in trick:
        s = SUIT[c]
        if s == 5:
            continue
        if lead < 0:
            lead = s
        if s == 4 and c - 55 > high:
            high = c - 55
    if lead < 0:
        if first_trick_called >= 0:
            called = SUIT_MASK[SUIT[first_trick_called]]
            allowed = (hand & ~called) | (hand & (1 << first_trick_called))
            return allowed or hand
        return hand
    if lead != 4:
        follow = hand & SUIT_MASK[lead]
        if follow:
            return follow | (hand & EXC_BIT)
    trumps = hand & TRUMPS
    if not trumps:
        return hand
    if high:
        above = trumps >> (56 + high) << (56 + high)
        if above:
            trumps = above
    return trumps | (hand & EXC_BIT)


def trick_winner(trick: Sequence[int]) -> int:
    """Index in ``trick`` of the winning card (the Excuse never wins here)."""
    lead = -1
    best = -1
    best_i = 0
    for i, c in enumerate(trick):
        s = SUIT[c]
        if s == 5:
            continue
        if lead < 0:
            lead, best, best_i = s, STRENGTH[c], i
        elif s == 4 or s == lead:
            if STRENGTH[c] > best:
                best, best_i = STRENGTH[c], i
    return best_i


Policy = Callable[["Deal", int, int], int]


class Deal:
    """The play phase of one deal with every hand known. Positions ``0 .. k-1`` run in play order
    (position 0 is the first active seat after the dealer). Mutable: :meth:`copy` before a rollout.
    """

    __slots__ = (
        "att_h",
        "att_tricks",
        "attack",
        "best",
        "best_i",
        "bouts",
        "called",
        "chelem_announced",
        "contract",
        "def_h",
        "def_tricks",
        "excuse_last_changes",
        "extra_bouts",
        "extra_h",
        "hands",
        "high",
        "k",
        "lead",
        "leader",
        "partner",
        "petit_bout",
        "petit_pen",
        "poignee_sum",
        "pot",
        "taker",
        "total",
        "trick",
        "trick_no",
        "turn",
        "void",
    )

    def __init__(self, hands: Sequence[int], *, taker: int, partner: int | None, contract: str,
                 leader: int = 0, extra_h: int = 0, extra_bouts: int = 0, poignee_sum: int = 0,
                 chelem_announced: bool = False, called: int = -1, excuse_last_changes: bool = False,
                 trick_no: int = 0, total: int | None = None) -> None:
        self.k = len(hands)
        self.hands = list(hands)
        self.taker = taker
        self.partner = None if partner == taker else partner
        self.attack = (1 << taker) | (0 if self.partner is None else 1 << self.partner)
        self.contract = contract
        self.leader = self.turn = leader
        self.trick: list[int] = []
        # the trick so far: suit led (-1: none yet), highest trump, points, best strength and where
        self.lead, self.high, self.pot, self.best, self.best_i = -1, 0, 0, -1, 0
        self.trick_no = trick_no
        self.total = total if total is not None else trick_no + hands[leader].bit_count()
        self.att_h = self.def_h = 0
        self.att_tricks = self.def_tricks = 0
        self.bouts = 0
        self.extra_h, self.extra_bouts = extra_h, extra_bouts
        self.poignee_sum = poignee_sum
        self.chelem_announced = chelem_announced
        self.called = called
        self.excuse_last_changes = excuse_last_changes
        self.petit_bout = self.petit_pen = 0  # 0 none, 1 attack, 2 defence
        self.void = [0] * self.k  # suits (bits 0-4) each position showed it lacks (for policies)

    def copy(self) -> Deal:
        new = object.__new__(Deal)
        for name in Deal.__slots__:
            setattr(new, name, getattr(self, name))
        new.hands = list(self.hands)
        new.trick = list(self.trick)
        new.void = list(self.void)
        return new

    # -- rules --------------------------------------------------------------------------------

    def to_act(self) -> int:
        return self.turn

    def over(self) -> bool:
        return self.trick_no >= self.total

    def legal(self) -> int:
        """The legal cards (a mask) of the position to act (:func:`legal_mask`, from the suit led
        and the highest trump kept up to date by :meth:`play`)."""
        hand = self.hands[self.turn]
        lead = self.lead
        if lead < 0:
            if self.called >= 0 and self.trick_no == 0 and not self.trick:
                return legal_mask(hand, (), self.called)
            return hand
        if lead != 4:
            follow = hand & SUIT_MASK[lead]
            if follow:
                return follow | (hand & EXC_BIT)
        trumps = hand & TRUMPS
        if not trumps:
            return hand
        high = self.high
        if high:
            above = trumps >> (56 + high) << (56 + high)
            if above:
                trumps = above
        return trumps | (hand & EXC_BIT)

    def play(self, c: int) -> int | None:
        """Play card ``c`` for the position to act (assumed legal); returns the trick's winning
        position when this card ends a trick, else ``None``."""
        k = self.k
        trick = self.trick
        pos = self.turn
        self.hands[pos] &= ~(1 << c)
        s = SUIT[c]
        self.pot += HALF[c]
        if s != 5:
            lead = self.lead
            if lead < 0:
                self.lead = s
                self.best, self.best_i = STRENGTH[c], len(trick)
            else:
                if s != lead:
                    self.void[pos] |= (1 << lead) if s == 4 else (1 << lead) | 16
                if (s == 4 or s == lead) and STRENGTH[c] > self.best:
                    self.best, self.best_i = STRENGTH[c], len(trick)
            if s == 4 and c - 55 > self.high:
                self.high = c - 55
        trick.append(c)
        if len(trick) < k:
            self.turn = pos + 1 if pos + 1 < k else 0
            return None
        return self._end_trick()

    def _end_trick(self) -> int:
        trick = self.trick
        k = self.k
        leader = self.leader
        trick_no = self.trick_no
        last = trick_no == self.total - 1
        winner = (leader + self.best_i) % k
        attack = self.attack
        side = 0 if (attack >> winner) & 1 else 1
        gained = self.pot
        att_h, def_h = self.att_h, self.def_h
        if EXC in trick:
            gained -= 9
            i = trick.index(EXC)
            owner = (leader + i) % k
            owner_side = 0 if (attack >> owner) & 1 else 1
            owner_tricks = self.att_tricks if owner_side == 0 else self.def_tricks
            if last and i == 0 and owner_tricks == trick_no:
                winner, side, gets = owner, owner_side, owner_side  # chelem exception
            elif last:
                gets = 1 - owner_side if self.excuse_last_changes else side
            else:
                gets = owner_side
            if gets == side or last:
                if gets == 0:
                    att_h += 9
                else:
                    def_h += 9
            else:
                if owner_side == 0:
                    att_h += 8
                    def_h += 1
                else:
                    def_h += 8
                    att_h += 1
            if gets == 0:
                self.bouts += 1
        if side == 0:
            att_h += gained
            self.att_tricks += 1
        else:
            def_h += gained
            self.def_tricks += 1
        self.att_h, self.def_h = att_h, def_h
        if side == 0 and T21_I in trick:
            self.bouts += 1
        if PETIT_I in trick:
            if side == 0:
                self.bouts += 1
            if last:
                self.petit_bout = side + 1
            elif trick_no == self.total - 2:
                self.petit_pen = side + 1
        self.trick = []
        self.lead, self.high, self.pot, self.best, self.best_i = -1, 0, 0, -1, 0
        self.trick_no = trick_no + 1
        self.leader = self.turn = winner
        if last and trick[0] == EXC and winner == leader and not self.petit_bout \
                and self.petit_pen == side + 1:
            self.petit_bout = self.petit_pen
        return winner

    # -- scoring ------------------------------------------------------------------------------

    def unit(self) -> int:
        """What each defender pays the attack once the deal is over (``score_lines``'s unit)."""
        mult = MULTIPLIER[self.contract]
        halves = self.att_h + self.extra_h
        bouts = self.bouts + self.extra_bouts
        diff = halves - 2 * NEEDED[bouts]
        sign = 1 if diff >= 0 else -1
        unit = sign * (25 + (abs(diff) + 1) // 2) * mult + sign * self.poignee_sum
        if self.petit_bout:
            unit += 10 * mult if self.petit_bout == 1 else -10 * mult
        chelem = 1 if self.att_tricks == self.total else 2 if self.def_tricks == self.total else 0
        if self.chelem_announced:
            unit += 400 if chelem == 1 else -200
        elif chelem == 1:
            unit += 200
        if chelem == 2:
            unit -= 200
        return unit

    def won(self) -> bool:
        """Whether the attack made its contract (deal over)."""
        return self.att_h + self.extra_h >= 2 * NEEDED[self.bouts + self.extra_bouts]

    def deltas(self) -> list[int]:
        """Every position's score change once the deal is over (zero-sum, like ``settle``)."""
        u = self.unit()
        out = [-u] * self.k
        if self.partner is None:
            out[self.taker] = (self.k - 1) * u
        else:
            out[self.taker] = 2 * u
            out[self.partner] = u
        return out

    def rollout(self, policy: Policy, rng: random.Random) -> list[int]:
        """Play to the end with ``policy(deal, position, legal_mask) -> card`` for every position;
        returns :meth:`deltas`. Mutates this deal."""
        legal, play, total = self.legal, self.play, self.total
        while self.trick_no < total:
            play(policy(self, self.turn, legal()))
        return self.deltas()


def from_state(state: TarotState) -> Deal:
    """The play phase of an engine state (every hand known), for tests and full-information
    analysis. Positions follow ``state.active``."""
    from games.tarot.state import Phase

    assert state.phase is Phase.PLAY and state.taker is not None
    pos = {s: i for i, s in enumerate(state.active)}
    contract = state.contract or "prise"
    extra_h = extra_bouts = 0
    if contract in ("prise", "garde"):
        extra_h = halves_of_mask(mask_of(state.ecart))
    elif contract == "garde_sans":
        extra_h = halves_of_mask(mask_of(state.chien))
        extra_bouts = bouts_of_mask(mask_of(state.chien))
    deal = Deal([mask_of(state.hands[s]) for s in state.active], taker=pos[state.taker],
                partner=None if state.partner is None else pos[state.partner], contract=contract,
                leader=pos[state.leader], extra_h=extra_h, extra_bouts=extra_bouts,
                poignee_sum=poignee_sum([lv for _, lv, _ in state.poignees]),
                chelem_announced=state.chelem_announced,
                called=INDEX[state.called] if state.called is not None else -1,
                excuse_last_changes=bool(state.options.get("excuse_last_changes_camp")),
                trick_no=state.trick_no, total=state.total_tricks)
    for c in state.trick:
        deal.play(INDEX[c])
    deal.att_h, deal.def_h = state.side_halves
    deal.att_tricks, deal.def_tricks = state.side_tricks
    deal.bouts = state.attack_bouts
    label = {None: 0, "attack": 1, "defence": 2}
    deal.petit_bout, deal.petit_pen = label[state.petit_bout], label[state.petit_penultimate]
    return deal


def random_hands(rng: random.Random, k: int) -> tuple[list[int], int]:
    """A random deal for ``k`` players as masks: ``(hands, chien)`` (no packets, no petit sec
    check: for playouts and speed measurements)."""
    size = {3: 24, 4: 18, 5: 15}[k]
    keys = rng.randbytes(N_CARDS)
    order = sorted(range(N_CARDS), key=keys.__getitem__)
    hands = []
    for p in range(k):
        m = 0
        for c in order[p * size:(p + 1) * size]:
            m |= 1 << c
        hands.append(m)
    chien = 0
    for c in order[k * size:]:
        chien |= 1 << c
    return hands, chien


def poignee_sum(levels: Sequence[str]) -> int:
    """The poignée part of the unit before its sign (20/30/40 per poignée shown)."""
    return sum(POIGNEE_VALUES[lv] for lv in levels)


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


def _cheapest(mask: int) -> int:
    best, best_c = 999, -1
    while mask:
        low = mask & -mask
        c = low.bit_length() - 1
        if COST[c] < best:
            best, best_c = COST[c], c
        mask ^= low
    return best_c


def _richest_plain(mask: int) -> int:
    """The plain card with the most points (ties: the highest)."""
    best, best_c = -1, -1
    while mask:
        low = mask & -mask
        c = low.bit_length() - 1
        if HALF[c] >= best:
            best, best_c = HALF[c], c
        mask ^= low
    return best_c


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
            return _low(legal)
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
        for p, h in enumerate(d.hands):
            if p != pos:
                out |= h
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
        # following
        lead = -1
        best = -1
        best_i = 0
        pot = 0
        for i, c in enumerate(trick):
            pot += HALF[c]
            s = SUIT[c]
            if s == 5:
                continue
            if lead < 0:
                lead, best, best_i = s, STRENGTH[c], i
            elif (s == 4 or s == lead) and STRENGTH[c] > best:
                best, best_i = STRENGTH[c], i
        win_pos = (d.leader + best_i) % k
        n_after = k - 1 - len(trick)
        enemies_after = 0
        for j in range(1, n_after + 1):
            if ((attack >> ((pos + j) % k)) & 1) != mine:
                enemies_after += 1
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
