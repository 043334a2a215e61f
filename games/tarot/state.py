"""The Tarot match state: bidding, call, chien and écart, announcements, trick play, deal scoring.

Seats are numbered counter-clockwise: the player on seat ``s``'s right is seat ``s + 1``, so every
turn order (deal, bidding, play, dealer rotation) runs ``0 -> 1 -> 2 ...`` (docs/rules/tarot.md, « The deal »).

A match is ``deals`` scored deals (default: one per seat, so every seat deals once when no deal is
void). A void deal (all pass or petit sec) does not count: the next dealer deals again. Every
shuffle, void or not, draws from ``deal_rng(seed, shuffle_no)`` with a fresh ``shuffle_no``; the first
dealer comes from ``deal_rng(seed, 0, "dealer")`` (lowest card drawn).

Card points are kept per side in half points; the side of every seat is fixed when the contract is
known (5 players: the holder of the called card), but it is shown only once public.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any

from games.base import JSON, Action, Game, Outcome, Phase, State
from games.cards import Card, card
from games.rng import deal_rng
from games.tarot import announce
from games.tarot.accounting import DealAccounting
from games.tarot.actions import BIDS, CHELEM, NO_CHELEM, PASS, POIGNEES
from games.tarot.deal import deal_cards, draw_first_dealer, is_petit_sec
from games.tarot.deck import (
    BY_CODE,
    CALL,
    CONTRACTS,
    DEAL_SIZES,
    DISCARD,
    EXCUSE,
    KING,
    ORDER,
    PETIT,
    PLAY,
    T21,
    sort_hand,
)
from games.tarot.play import playable_actions


class TarotState(DealAccounting, State):
    """A Tarot match (see the module docstring); views are built by :mod:`games.tarot.views`."""

    # match
    k: int                                   # active players per deal (3, 4 or 5)
    deals: int
    deal_no: int
    shuffle_no: int
    dealer: int
    scores: tuple[int, ...]
    last_deal: JSON | None
    recent: tuple[Any, ...]                  # dicts, or (seats, cards, winner) for a trick
    # deal
    phase: Phase
    turn: int | None
    active: tuple[int, ...]                  # seats in play order from the dealer's right
    nxt: tuple[int, ...]                     # next active seat of every seat
    hands: tuple[tuple[Card, ...], ...]
    chien: tuple[Card, ...]
    bids: tuple[tuple[int, str], ...]
    contract: str | None
    taker: int | None
    called: Card | None
    partner: int | None                      # 5 players: holder of the called card (None: alone)
    partner_known: bool                      # public: the called card was played or seen in the chien
    ecart: tuple[Card, ...]
    ecart_left: int
    chelem_announced: bool
    poignees: tuple[tuple[int, str, tuple[Card, ...]], ...]
    started: int                             # bit mask of seats that played a card this deal
    trick: tuple[Card, ...]
    leader: int
    trick_no: int
    tricks_won: tuple[int, ...]
    last_trick: tuple[tuple[int, ...], tuple[Card, ...], int] | None
    total_tricks: int
    side_tricks: tuple[int, int]             # (attack, defence)
    side_halves: tuple[int, int]
    attack_bouts: int
    excuse_pending: int | None               # owner whose exchange waits for a won trick
    petit_bout: str | None                   # side that took the Petit on the last trick
    petit_penultimate: str | None            # side that took the Petit on the trick before last

    # -- setup -------------------------------------------------------------------------------

    def _setup(self) -> None:
        five_four = self.seats == 5 and self.options.get("five_seated_four_playing", False)
        self.k = 4 if five_four else self.seats
        self.deals = self.options.get("deals", 0) or self.seats
        self.deal_no = 0
        self.shuffle_no = 0
        self.scores = (0,) * self.seats
        self.last_deal = None
        dealer, drawn = draw_first_dealer(deal_rng(self.seed, 0, "dealer"), self.seats)
        self.dealer = dealer
        self.recent = ({"type": "first_dealer", "dealer": dealer,
                        "drawn": [[s, c.code] for s, c in drawn]},)
        self._start_deal()

    def _event(self, event: JSON) -> None:
        self.remember(event)

    def _start_deal(self) -> None:
        """Deal until no hand is petit sec (a petit sec voids the deal; the next dealer deals)."""
        n = self.seats
        while True:
            if self.k == n:
                self.active = tuple((self.dealer + 1 + i) % n for i in range(n))
            else:
                self.active = tuple((self.dealer + 1 + i) % n for i in range(n - 1))
            rng = deal_rng(self.seed, self.shuffle_no)
            self.shuffle_no += 1
            dealt, self.chien = deal_cards(rng, self.k)
            hands: list[tuple[Card, ...]] = [()] * n
            for pos, seat in enumerate(self.active):
                hands[seat] = dealt[pos]
            self.hands = tuple(hands)
            sec = next((s for s in self.active if is_petit_sec(self.hands[s])), None)
            if sec is None:
                break
            self._event({"type": "petit_sec", "seat": sec, "dealer": self.dealer})
            self.dealer = (self.dealer + 1) % n
        nxt = list(range(n))
        for i, seat in enumerate(self.active):
            nxt[seat] = self.active[(i + 1) % self.k]
        self.nxt = tuple(nxt)
        self.phase = Phase.BIDDING
        self.turn = self.active[0]
        self.bids = ()
        self.contract = self.taker = self.called = self.partner = None
        self.partner_known = False
        self.ecart = ()
        self.ecart_left = 0
        self.chelem_announced = False
        self.poignees = ()
        self.started = 0
        self.trick = ()
        self.leader = self.active[0]
        self.trick_no = 0
        self.tricks_won = (0,) * n
        self.last_trick = None
        self.total_tricks = DEAL_SIZES[self.k][0]
        self.side_tricks = (0, 0)
        self.side_halves = (0, 0)
        self.attack_bouts = 0
        self.excuse_pending = None
        self.petit_bout = self.petit_penultimate = None

    # -- contract ----------------------------------------------------------------------------

    def to_act(self) -> int | None:
        return self.turn

    def pending_picks(self, seat: int) -> int:
        """Écart cards still to discard by the taker. The bot may gather them in one multi-select
        and apply them in display order (plain cards before trumps): any valid écart then applies
        step by step, and an invalid one raises on a copy, leaving the table unchanged."""
        return self.ecart_left if self.phase is Phase.ECART and seat == self.turn else 0

    def is_attack(self, seat: int) -> bool:
        """Whether ``seat`` plays for the taker this deal (engine knowledge, maybe secret)."""
        return seat == self.taker or seat == self.partner

    def sides_public(self) -> bool:
        """Whether everyone knows who plays with whom (always except 5 players before the reveal)."""
        return self.k != 5 or self.partner_known

    def _legal(self) -> list[Action]:
        phase = self.phase
        if phase is Phase.PLAY:
            seat = self.turn
            assert seat is not None
            hand = self.hands[seat]
            trick = self.trick
            if trick or self.called is None or self.trick_no:
                legal = playable_actions(hand, trick, PLAY)
            else:  # 5 players, leading trick 1: not the called suit, except the called card
                called = self.called
                legal = [PLAY[c] for c in hand if c.suit != called.suit or c is called] or \
                    [PLAY[c] for c in hand]
            if not (self.started >> seat) & 1:
                legal.extend(POIGNEES[lv] for lv in self._poignee_levels(seat))
            return legal
        if phase is Phase.BIDDING:
            above = CONTRACTS.index(self.contract) + 1 if self.contract else 0
            return [PASS, *(BIDS[c] for c in CONTRACTS[above:])]
        if phase is Phase.ECART:
            return [DISCARD[c] for c in self._ecart_choices()]
        if phase is Phase.ANNOUNCE:
            return [CHELEM, NO_CHELEM]
        if phase is Phase.CALL:
            return [CALL[c] for c in self._callable()]
        return []

    def _callable(self) -> list[Card]:
        """King of each suit; a Dame when holding the four Kings, and so on (docs/rules/tarot.md, « Calling a king »)."""
        assert self.taker is not None
        hand = self.hands[self.taker]
        for rank in ("K", "Q", "C", "J"):
            cards = [card(rank + s) for s in ("S", "H", "C", "D")]
            if not all(c in hand for c in cards):
                return cards
        raise AssertionError("a hand cannot hold every face card")

    def _ecart_choices(self) -> tuple[Card, ...]:
        """Never a King or a bout; trumps only when too few other cards remain (docs/rules/tarot.md, « Calling a king »)."""
        assert self.taker is not None
        hand = self.hands[self.taker]
        plain = tuple(c for c in hand if not c.is_trump and c.value != KING and c is not EXCUSE)
        if len(plain) >= self.ecart_left:
            return plain
        return plain + tuple(c for c in hand if c.is_trump and c is not PETIT and c is not T21)

    def _poignee_trumps(self, seat: int) -> tuple[list[Card], list[Card], bool]:
        hand = self.hands[seat]
        ecart_trumps = [c for c in self.ecart if c.is_trump] if seat == self.taker else []
        return [c for c in hand if c.is_trump], ecart_trumps, EXCUSE in hand

    def _limits(self) -> tuple[int, int, int]:
        return announce.thresholds(self.k, self.options.get("poignee_5p_triple_15", False))

    def _poignee_levels(self, seat: int) -> tuple[str, ...]:
        if any(p[0] == seat for p in self.poignees):
            return ()
        trumps, ecart_trumps, excuse = self._poignee_trumps(seat)
        return announce.available_levels(len(trumps) + len(ecart_trumps), excuse, self._limits())

    # -- transitions -------------------------------------------------------------------------

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat``, sorted; empty when it is not that seat's turn."""
        if seat != self.turn:
            return []
        legal = self._legal_cache
        if legal is None:
            legal = self._legal_cache = self._legal()
        return list(legal)

    def _advance(self, seat: int, action: Action) -> None:
        kind = action.kind
        if kind == "play":  # the hot path, inlined
            c = BY_CODE[action.arg]
            hands = list(self.hands)
            hand = hands[seat]
            i = bisect_left(hand, ORDER[c], key=ORDER.__getitem__)  # hands are kept sorted
            hands[seat] = hand[:i] + hand[i + 1:]
            self.hands = tuple(hands)
            self.started |= 1 << seat
            if c is self.called:
                self.partner_known = True
                self._event({"type": "partner", "seat": seat, "card": c.code})
            trick = self.trick = (*self.trick, c)
            if len(trick) < self.k:
                self.turn = self.nxt[seat]
            else:
                self._end_trick(trick)
        elif kind == "poignee":
            self._poignee(seat, action.arg)
        elif kind in ("pass", "bid"):
            self._bid(seat, action.arg or "pass")
        elif kind == "discard":
            self._discard(card(action.arg))
        elif kind == "call":
            self._call(card(action.arg))
        else:
            self.chelem_announced = kind == "chelem"
            self._event({"type": "chelem", "seat": seat, "announced": self.chelem_announced})
            self.phase = Phase.PLAY
            self.leader = self.turn = seat if self.chelem_announced else self.active[0]

    def _bid(self, seat: int, bid: str) -> None:
        self.bids = (*self.bids, (seat, bid))
        self._event({"type": "bid", "seat": seat, "bid": bid})
        if bid != "pass":
            self.contract, self.taker = bid, seat
        if len(self.bids) < self.k:
            self.turn = self.nxt[seat]
            return
        if self.contract is None:  # all pass: the next dealer deals
            self._event({"type": "all_pass", "dealer": self.dealer})
            self.dealer = (self.dealer + 1) % self.seats
            self._start_deal()
        elif self.k == 5:
            self.phase = Phase.CALL
            self.turn = self.taker
        else:
            self._turn_chien()

    def _call(self, called: Card) -> None:
        self.called = called
        self._event({"type": "call", "seat": self.taker, "card": called.code})
        holder = next((s for s in self.active if called in self.hands[s]), None)
        self.partner = None if holder == self.taker else holder
        if holder is None and self.contract in ("prise", "garde"):
            self.partner_known = True  # seen in the chien: the taker plays alone
        self._turn_chien()

    def _turn_chien(self) -> None:
        """Prise/Garde: the chien is shown and taken, then the écart; otherwise announcements."""
        taker = self.taker
        assert taker is not None
        self.turn = taker
        if self.contract in ("prise", "garde"):
            self._event({"type": "chien", "cards": [c.code for c in self.chien]})
            hands = list(self.hands)
            hands[taker] = sort_hand(hands[taker] + self.chien)
            self.hands = tuple(hands)
            self.phase = Phase.ECART
            self.ecart_left = len(self.chien)
        else:
            self.phase = Phase.ANNOUNCE

    def _discard(self, c: Card) -> None:
        taker = self.taker
        assert taker is not None
        hands = list(self.hands)
        hands[taker] = tuple(x for x in hands[taker] if x is not c)
        self.hands = tuple(hands)
        self.ecart = (*self.ecart, c)
        self.ecart_left -= 1
        if not self.ecart_left:
            self._event({"type": "ecart", "seat": taker,
                         "trumps": [x.code for x in self.ecart if x.is_trump]})
            self.phase = Phase.ANNOUNCE

    def _poignee(self, seat: int, level: str) -> None:
        trumps, ecart_trumps, excuse = self._poignee_trumps(seat)
        limits = self._limits()
        count = limits[("simple", "double", "triple").index(level)]
        shown = announce.shown_cards(trumps, ecart_trumps, excuse, count)
        held = [*trumps, *ecart_trumps, *([EXCUSE] if excuse else [])]
        assert announce.validate(held, shown, limits) == level
        self.poignees = (*self.poignees, (seat, level, shown))
        self._event({"type": "poignee", "seat": seat, "level": level, "cards": [c.code for c in shown]})

    # -- views and results -------------------------------------------------------------------

    def deal_index(self) -> int:
        return self.deal_no

    def shown_hand(self, seat: int) -> tuple[tuple[str, ...], int]:
        return tuple(c.code for c in self.hands[seat]), self.deal_no

    def outcome(self) -> Outcome | None:
        return Outcome.from_scores(self.scores) if self.phase is Phase.OVER else None

    def _clone(self) -> TarotState:
        new = object.__new__(TarotState)
        new.__dict__.update(self.__dict__)
        return new


def new_state(game: Game, seats: int, seed: int | str, options: dict[str, Any]) -> TarotState:
    """A fresh match (the first deal dealt, bidding open)."""
    state = object.__new__(TarotState)
    state._init_base(game, seats, seed, options)
    state._setup()
    return state
