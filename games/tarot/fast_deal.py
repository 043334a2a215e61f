"""A fast Tarot trick-play core for search: cards are ints, hands are bit masks (no views, no
``Action`` objects, no ``Card`` look-ups in the loop; cards and hands as :mod:`games.tarot.card_masks`
indexes them).

:class:`Deal` is the play phase of one deal seen from above (every hand known: a determinization).
Its :meth:`Deal.legal` and :meth:`Deal.play` follow the engine's rules (docs/rules/tarot.md, « Trick play », « Scoring »), checked
against :class:`games.tarot.state.TarotState` by ``tests/games/test_tarot_playout.py``: same legal
cards, same trick winners, same deal score. :meth:`Deal.rollout` plays the deal to its end with a
policy (:mod:`games.tarot.playout`) and returns every position's score change.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from games.base import Phase
from games.tarot.card_masks import (
    EXC,
    EXC_BIT,
    HALF,
    INDEX,
    PETIT_I,
    STRENGTH,
    SUIT,
    SUIT_MASK,
    T21_I,
    TRUMPS,
    bouts_of_mask,
    halves_of_mask,
    legal_mask,
    mask_of,
    poignee_sum,
)
from games.tarot.deck import MULTIPLIER, NEEDED

if TYPE_CHECKING:
    from games.tarot.state import TarotState

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
        """Play to the end with ``policy(deal, position, legal_mask) -> card`` for every position
        (a forced card is played without asking it); returns :meth:`deltas`. Mutates this deal."""
        legal, play, total = self.legal, self.play, self.total
        while self.trick_no < total:
            cards = legal()
            play(cards.bit_length() - 1 if not cards & (cards - 1) else policy(self, self.turn, cards))
        return self.deltas()


def from_state(state: TarotState) -> Deal:
    """The play phase of an engine state (every hand known), for tests and full-information
    analysis. Positions follow ``state.active``."""
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
