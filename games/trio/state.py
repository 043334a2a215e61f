"""The state of a Le Trio / L'École match: deal, turns, melding steps, round end (docs/rules/trio.md, « The round »).

See the package docstring for the action grammar. The engine lists only steps that can be
finished: a combination is offered only when the hand can complete it (and, in an opening, the
whole contract), so a build in progress is always completable and can always be cancelled.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from games.base import JSON, Action, Game, Outcome, Phase, State
from games.cards import Card, card, sort_key, standard_decks
from games.rng import deal_rng
from games.trio.building import Built, Frame, is_complete, legal_adds, represented
from games.trio.contracts import contract_met, deck_count
from games.trio.feasibility import NO_DISTINCT, Distinct, TableMeld, abstract
from games.trio.melds import POS_OF_RANK, SEQ, SET, Meld, is_wild
from games.trio.position import Position
from games.trio.scoring import hand_points
from games.trio.steps import advance, legal_steps

HAND_SIZE = 13


def _sorted_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in display order (by suit, then rank)."""
    return tuple(sorted(cards, key=sort_key))


class TrioState(State, Position):
    """A match of Le Trio (``variant`` "trio") or L'École ("ecole"); its fields are declared once,
    in the :class:`Position` its steps read."""

    # -- setup --------------------------------------------------------------------------------

    @property
    def last(self) -> int:
        return int(self.options["contracts"])

    def _deck(self) -> list[Card]:
        """The match's cards, unshuffled: 2 to 4 packs (docs/rules/trio.md, « Cards and their points »), with the École jokers."""
        jokers = int(self.options.get("jokers", 0)) if self.variant == "ecole" else 0
        return standard_decks(deck_count(self.seats, self.variant), jokers)

    def _choose_first_dealer(self) -> None:
        """Cards dealt face up one by one, from seat 0 clockwise, until a Jack (docs/rules/trio.md, « The round »)."""
        deck = self._deck()
        deal_rng(self.seed, 0, "jack").shuffle(deck)
        shown = []
        for i, c in enumerate(deck):
            shown.append(c.code)
            if c.rank == "J":
                self.first_dealer = i % self.seats
                break
        self.jack_cards = tuple(shown)

    def _deal(self) -> None:
        """13 cards each, one at a time from the dealer's left; the next card starts the pile."""
        self.dealer = (self.first_dealer + self.round_no) % self.seats
        deck = self._deck()
        deal_rng(self.seed, self.round_no).shuffle(deck)
        n = self.seats
        hands: list[list[Card]] = [[] for _ in range(n)]
        for i in range(HAND_SIZE * n):
            hands[(self.dealer + 1 + i) % n].append(deck.pop())
        self.hands = tuple(_sorted_cards(h) for h in hands)
        self.pile = (deck.pop(),)
        self.stock = tuple(deck)
        self.melds, self.next_id = (), 1
        self.opened = (False,) * n
        self.reshuffles = 0
        self.turn = (self.dealer + 1) % n
        self._event({"type": "deal", "deal_no": self.round_no, "dealer": self.dealer})
        self._start_turn()

    def _start_turn(self) -> None:
        """A new turn; when the stock has run out, the discards but the top one become a new stock,
        except the ``stock_passes``-th time (3 by default) in a round: the round is **blocked**, it
        ends at once with nobody out (docs/rules/trio.md, « Defaults and options » #7 and #13)."""
        self.phase, self.opened_now, self.must_out = Phase.DRAW, False, False
        self.kind, self.built, self.staged, self.layoff_card = "", (), (), None
        if self.stock:
            return
        passes = self.reshuffles + 1  # the pass through the stock that just ended
        # A pile of one card cannot make a stock (never seen with 13-card hands: each pass ends
        # with at least as many discards as it had cards); blocked too, so no turn lacks a move.
        if passes >= int(self.options["stock_passes"]) or len(self.pile) < 2:
            self._event({"type": "blocked", "deal_no": self.round_no, "passes": passes})
            self._end_round(None)
            return
        fresh = list(self.pile[:-1])
        self.reshuffles = passes
        deal_rng(self.seed, self.round_no, f"reshuffle{passes}").shuffle(fresh)
        self.stock, self.pile = tuple(fresh), self.pile[-1:]
        self._event({"type": "reshuffle", "cards": len(fresh), "pass": passes + 1})

    def _event(self, ev: JSON) -> None:
        self.remember(ev)

    # -- contract -----------------------------------------------------------------------------

    def to_act(self) -> int | None:
        return None if self.phase == "over" else self.turn

    def frame(self, seat: int | None = None) -> Frame:
        """What ``seat`` (default: the seat to act) builds now: its opening (its contract, with the
        options of docs/rules/trio.md, « Defaults and options » #1-3) or, once opened, later combinations."""
        s = self.turn if seat is None else seat
        opening = not self.opened[s]
        distinct = NO_DISTINCT
        if opening and not (self.options["same_rank_brelans"] and self.options["same_suit_runs"]):
            staged = self.staged if s == self.turn else ()
            naturals = [(k, next(c for c, _ in b if not is_wild(c))) for k, b in staged]
            distinct = Distinct(not self.options["same_rank_brelans"], not self.options["same_suit_runs"],
                                frozenset(POS_OF_RANK[c.rank] for k, c in naturals if k != "seq"),
                                frozenset(c.suit for k, c in naturals if k == "seq"))
        return Frame(self.variant, self.contract[s], opening, bool(self.options["longer_melds"]), distinct)

    def held(self, seat: int) -> tuple[Card, ...]:
        """Every card ``seat`` holds, including those of a combination being built (sorted)."""
        if seat != self.turn or not (self.built or self.staged):
            return self.hands[seat]
        building = [c for c, _ in self.built] + [c for _, b in self.staged for c, _ in b]
        return _sorted_cards([*self.hands[seat], *building])

    def table(self) -> tuple[TableMeld | None, ...]:
        """The laid combinations as the going-out search sees them."""
        return tuple(abstract(m) for m in self.melds)

    def _legal(self) -> list[Action]:
        return legal_steps(self)

    def pending_picks(self, seat: int) -> int:
        """The cards still needed to reach the smallest size of the combination being built, so
        the bot offers them in one multi-select (choose the kind, pick the cards; each
        pick is still one ``add:`` step, applied all or none). 0 (card by card) when a wild may
        be wanted but is not offered yet: a wild never starts a combination, and a run's wild is
        offered only beside the cards already placed. A set leaves out one pick per card held
        twice (a menu lists each card once): those come after, one by one or in the next menu."""
        if seat != self.turn or self.phase != "meld" or not self.kind:
            return 0
        hand = self.hands[seat]
        need = self.frame().bounds(self.kind)[0] - len(self.built)
        wilds = sum(1 for c in hand if is_wild(c))
        if wilds and (self.kind == "seq" or not self.built):
            return 0
        if self.kind != "seq":  # a set may hold both copies of a card (two packs): a menu offers one
            ranks = Counter(c.rank for c, n in Counter(hand).items() if n > 1 and not is_wild(c))
            need -= max(ranks.values(), default=0)
        return need if need > 1 else 0

    def _advance(self, seat: int, action: Action) -> None:
        advance(self, action)

    # -- melding helpers used by the steps ------------------------------------------------------

    def remove_from_hand(self, seat: int, c: Card) -> None:
        hand = list(self.hands[seat])
        hand.remove(c)  # the hand stays sorted
        self._set_hand(seat, hand)

    def give(self, seat: int, cards: list[Card]) -> None:
        self._set_hand(seat, _sorted_cards([*self.hands[seat], *cards]))

    def _set_hand(self, seat: int, hand: Iterable[Card]) -> None:
        hands = list(self.hands)
        hands[seat] = tuple(hand)
        self.hands = tuple(hands)

    def new_meld(self, seat: int, kind: str, built: Built, max_wilds: int) -> Meld:
        ordered = sorted(built, key=lambda cp: cp[1]) if kind == "seq" else list(built)
        cards = tuple(c for c, _ in ordered)
        reps = tuple(represented(kind, tuple(ordered)))
        if kind == "seq":
            suit = next(c.suit for c in cards if not is_wild(c))
            m = Meld(self.next_id, seat, SEQ, cards, reps, suit=suit, lo=ordered[0][1], max_wilds=max_wilds)
        else:
            rank = POS_OF_RANK[next(c.rank for c in cards if not is_wild(c))]
            m = Meld(self.next_id, seat, SET, cards, reps, rank=rank, closed=len(cards) >= 4)
        self.next_id += 1
        self.melds = (*self.melds, m)
        return m

    def opening_ok(self, seat: int) -> bool:
        """The staged combinations are exactly the contract (validated as a whole)."""
        melds = [[c for c, _ in sorted(b, key=lambda cp: cp[1])] for _, b in self.staged]
        return contract_met(melds, self.contract[seat], variant=self.variant,
                            longer=bool(self.options["longer_melds"]),
                            same_rank_sets=bool(self.options["same_rank_brelans"]),
                            same_suit_runs=bool(self.options["same_suit_runs"]))

    def end_turn(self) -> None:
        if self.phase == "over":
            return
        self.turn = (self.turn + 1) % self.seats
        self._start_turn()

    def _end_round(self, out: int | None) -> None:
        """Hand points for everyone still holding cards; openers advance (docs/rules/trio.md, « The round »). ``out``:
        the seat that went out, ``None`` for a blocked round (« Defaults and options » #13). The round that completes the
        last contract is the last, and so is round ``max_rounds`` (the match limit, « Defaults and options » #14)."""
        n = self.seats
        deltas = [0 if s == out else hand_points(self.held(s), variant=self.variant) for s in range(n)]
        self.scores = tuple(a + b for a, b in zip(self.scores, deltas, strict=True))
        finishers = [s for s in range(n) if self.opened[s] and self.contract[s] == self.last]
        self.contract = tuple(c + 1 if self.opened[s] and c < self.last else c for s, c in enumerate(self.contract))
        cap = int(self.options["max_rounds"])
        limit = not finishers and self.round_no + 1 >= cap
        self.last_deal = {"deal_no": self.round_no, "deltas": deltas, "scores": list(self.scores),
                          "out": out, "blocked": out is None, "match_limit": limit,
                          "opened": list(self.opened), "finishers": finishers,
                          "hands": {str(s): [c.code for c in self.held(s)] for s in range(n) if s != out},
                          "melds": [m.to_json() for m in self.melds]}
        self._event({"type": "deal_end", "deal_no": self.round_no, "out": out, "blocked": out is None,
                     "deltas": deltas})
        if limit:
            self._event({"type": "match_limit", "rounds": cap})
        if finishers or limit:
            self._finish(finishers, out)
            return
        self.round_no += 1
        self._deal()

    def _finish(self, finishers: list[int], out: int | None) -> None:
        """Winner: a lone finisher of the last contract; else the finisher who went out; else the
        finisher with fewest points; exact tie shared (option: first to open it). With no finisher
        (the match limit): the furthest in the contracts, then fewest points; exact tie shared.
        docs/rules/trio.md, « The round », « Defaults and options »."""
        self.phase = Phase.OVER
        pool = finishers
        if not pool:  # round limit reached: furthest contract, then fewest points
            best = max(self.contract)
            pool = [s for s in range(self.seats) if self.contract[s] == best]
        if out in pool and finishers:
            self.winners = (out,)
            return
        low = min(self.scores[s] for s in pool)
        tied = [s for s in pool if self.scores[s] == low]
        if len(tied) > 1 and self.options["tie_first_opener"] and finishers:
            tied = [min(tied, key=lambda s: self.opened_last_at[s])]
        self.winners = tuple(tied)

    # -- views ----------------------------------------------------------------------------------

    def deal_index(self) -> int:
        return self.round_no

    def shown_hand(self, seat: int) -> tuple[tuple[str, ...], int]:
        return tuple(c.code for c in self.held(seat)), self.round_no


    def outcome(self) -> Outcome | None:
        """Scores are penalty points (lower is better); the winners come first, then the others by
        contracts completed and fewest points."""
        if self.phase != "over":
            return None
        key = {s: (0 if s in self.winners else 1, -self.contract[s], self.scores[s]) for s in range(self.seats)}
        ranking = tuple(sorted(range(self.seats), key=lambda s: (key[s], s)))
        places = [0] * self.seats
        for pos, s in enumerate(ranking):
            prev = ranking[pos - 1] if pos else None
            same = prev is not None and (key[prev] == key[s] or (s in self.winners and prev in self.winners))
            places[s] = places[prev] if same and prev is not None else pos
        return Outcome(tuple(float(x) for x in self.scores), ranking, tuple(places))


def new_state(game: Game, variant: str, seats: int, seed: int | str, options: dict[str, Any]) -> TrioState:
    """A fresh match (options already resolved): the first dealer chosen, the first round dealt."""
    s = object.__new__(TrioState)
    s._init_base(game, seats, seed, options)
    s.variant = variant
    s.round_no, s.scores, s.contract = 0, (0,) * seats, (1,) * seats
    s.last_deal, s.recent, s.winners = None, (), ()
    s.opened_last_at = (-1,) * seats
    s._choose_first_dealer()
    s._deal()
    return s


__all__ = ["TrioState", "card", "is_complete", "legal_adds", "new_state"]
