"""The Tresillo match state: deals in sequence, phases, the running ledger (docs/rules/tresillo.md, « Cards, seats and direction », « The deal », « Payments »).

Seats are numbered counter-clockwise: the next player, on the right, is ``seat + 1``. The
``k``-th shuffle of the match (``shuffle_no``, every deal dealt, annulled or not) uses
``deal_rng(seed, k)`` and is dealt by seat ``k mod n``; mano is the seat after the dealer. At four
seats the dealer is the alcalde (no cards, a secret bet); at three he deals to himself too and speaks
last. A match is ``rounds x seats`` counted deals (``deal_no`` numbers them). When all three pass, the
deal is annulled and redealt by the next dealer and it does not count (docs/rules/tresillo.md, « Bidding », « Defaults and options » #3 and
#17): no payment, the bet is void, ``deal_no`` stays, an ``all_pass`` event tells the table.

Saves made before that rule (no ``"all_pass": "redeal"`` in :meth:`TresilloState.to_json`) replay
as they were played: there an annulled deal counted as one of the match's deals
(``all_pass_counts``). The shuffles are the same either way, so such a log replays action for
action and ends where it ended.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from games.base import JSON, Action, Game, Outcome, Phase, State
from games.cards import Card, sort_key, spanish_deck
from games.rng import deal_rng
from games.tresillo import auction, exchange, play
from games.tresillo.position import Position
from games.tresillo.scoring import ANULADA, settle

DECK = tuple(spanish_deck())
CARD = {c.code: c for c in DECK}
PLAY = {c: Action("play", c.code) for c in DECK}
DISCARD = {c: Action("discard", c.code) for c in DECK}

_LEGAL: dict[Phase, Callable[[Position], list[Action]]] = {
    Phase.BET: auction.legal_bet, Phase.BID: auction.legal_bid, Phase.DECLARE: auction.legal_declare,
    Phase.EXCHANGE: exchange.legal_exchange, Phase.ORDER: exchange.legal_order,
    Phase.CONSENT: exchange.legal_consent, Phase.PLAY: play.legal_play,
    Phase.RENOUNCE: play.legal_response, Phase.BOLA: play.legal_bola,
}
_ADVANCE: dict[Phase, Callable[[Position, int, Action], None]] = {
    Phase.BET: auction.advance_bet, Phase.BID: auction.advance_bid,
    Phase.DECLARE: auction.advance_declare, Phase.EXCHANGE: exchange.advance_exchange,
    Phase.ORDER: exchange.advance_order, Phase.CONSENT: exchange.advance_consent,
    Phase.PLAY: play.advance_play, Phase.RENOUNCE: play.advance_response, Phase.BOLA: play.advance_bola,
}


class TresilloState(State, Position):
    """A Tresillo match. Plain data (tuples, ints, cards); the phase modules mutate fresh copies. Its
    fields are declared once, in the :class:`Position` its phase modules read."""

    PHASE: ClassVar[type[Phase]] = Phase
    CARD: ClassVar[dict[str, Card]] = CARD
    PLAY: ClassVar[dict[Card, Action]] = PLAY
    DISCARD: ClassVar[dict[Card, Action]] = DISCARD

    RECENT_KEPT: ClassVar[int] = 8
    _next: dict[int, int]  # the next active seat of each (the fields: :class:`Position`)

    def _start_match(self) -> None:
        n = self.seats
        self.deal_no = 0
        self.shuffle_no = 0
        self.all_pass_counts = False
        self.total_deals = self.options.get("deals") or self.options["rounds"] * n
        self.ledger = (0,) * n
        self.last_deal = None
        self.results = ()
        self.recent = ()
        self._start_deal()

    def _start_deal(self) -> None:
        """Shuffle, deal 9 to each active seat by threes from mano, 13 to the talon (docs/rules/tresillo.md, « The deal »)."""
        n = self.seats
        d = self.dealer = self.shuffle_no % n
        if n == 4:
            self.alcalde = d
            self.active = ((d + 1) % 4, (d + 2) % 4, (d + 3) % 4)
        else:
            self.alcalde = None
            self.active = ((d + 1) % 3, (d + 2) % 3, d)
        a = self.active
        self._next = {a[0]: a[1], a[1]: a[2], a[2]: a[0]}
        deck = list(DECK)
        deal_rng(self.seed, self.shuffle_no).shuffle(deck)
        hands: list[list[Card]] = [[] for _ in range(n)]
        pos = 0
        for _ in range(3):
            for s in a:
                hands[s].extend(deck[pos:pos + 3])
                pos += 3
        self.hands = tuple(tuple(sorted(h, key=sort_key)) for h in hands)
        self.talon = tuple(deck[pos:])
        self.bet = None
        self.level, self.bidder, self.passed, self.bids = 0, None, (), ()
        self.declarer = -1
        self.contract = self.trump = self.order = self.turned = None
        self.queue, self.pending, self.count = (), (), None
        self.exchanged = (None,) * n
        self.exchange_order = self.first_exchanger = self.consent = self.sleeping = None
        self.trick, self.done_tricks, self.tricks_won, self.tricks_done = (), (), (0,) * n, 0
        self.renounced, self.first_declarer, self.defender, self.bola = False, None, None, False
        if self.alcalde is not None:
            self.phase, self.turn = Phase.BET, self.alcalde
        else:
            self.phase, self.turn = Phase.BID, a[0]

    # -- helpers for the phase modules -------------------------------------------------------

    def next_active(self, seat: int) -> int:
        """The active seat on ``seat``'s right (counter-clockwise, skipping the alcalde)."""
        return self._next[seat]

    def set_hand(self, seat: int, hand: tuple[Card, ...], sort: bool = True) -> None:
        hands = list(self.hands)
        hands[seat] = tuple(sorted(hand, key=sort_key)) if sort else hand
        self.hands = tuple(hands)

    def push_event(self, event: JSON) -> None:
        self.remember(event)

    def start_exchange(self) -> None:
        exchange.start(self)

    def start_play(self) -> None:
        play.start(self)

    def end_deal_annulled(self) -> None:
        """All three passed: the deal is annulled and redealt by the next dealer, and it does not
        count (docs/rules/tresillo.md, « Bidding », « Defaults and options » #3 and #17): no payment, the bet is void, ``deal_no`` stays.

        The ``all_pass`` event says so (``deal_no``: the deal being redealt, ``dealer``: who had
        dealt it, ``next_dealer``: who deals it again). A save from before the rule
        (``all_pass_counts``) records the deal as an ``anulada`` result that counts, as it did."""
        if self.all_pass_counts:
            self._record(ANULADA, dict.fromkeys(range(self.seats), 0), None, None)
            return
        self.shuffle_no += 1
        self.push_event({"type": "all_pass", "deal_no": self.deal_no, "dealer": self.dealer,
                         "next_dealer": self.shuffle_no % self.seats})
        self._start_deal()

    def end_deal(self, bola: str | None = None, renounce: str | None = None) -> None:
        """Settle the deal (docs/rules/tresillo.md, « Payments ») and move on to the next deal or the end of the match."""
        declarer = self.first_declarer if self.defender is not None else self.declarer
        assert declarer is not None and self.contract is not None
        result = settle(
            contract=self.contract, declarer=declarer,
            tricks={s: self.tricks_won[s] for s in self.active}, bola=bola, renounce=renounce,
            defender=self.defender, dealer=self.alcalde, dealer_bet=self.bet,
            stake=self.options["stake"], retourne_value=self.options["retourne_value"],
            failed_bola_pays=self.options["failed_bola"] == "pays")
        self._record(result.result, result.deltas, result.bet_outcome, result.bet_won, result.payments)

    def _record(self, result: str, deltas: dict[int, int], bet_outcome: str | None,
                bet_won: bool | None, payments: tuple[tuple[int, int, int, str], ...] = ()) -> None:
        changes = [deltas.get(s, 0) for s in range(self.seats)]
        self.ledger = tuple(x + c for x, c in zip(self.ledger, changes, strict=True))
        self.results = (*self.results, result)
        self.last_deal = {
            "deal_no": self.deal_no, "dealer": self.dealer, "alcalde": self.alcalde,
            "contract": self.contract, "trump": self.trump,
            "declarer": self.first_declarer if self.defender is not None else
            (self.declarer if self.declarer >= 0 else None),
            "defender": self.defender, "result": result,
            "tricks": list(self.tricks_won), "deltas": changes, "scores": list(self.ledger),
            "bet": self.bet, "bet_outcome": bet_outcome, "bet_won": bet_won,
            "payments": [list(p) for p in payments],
        }
        self.push_event({"type": "deal_end", "deal_no": self.deal_no, "result": result,
                         "deltas": changes})
        self.deal_no += 1
        self.shuffle_no += 1
        if self.deal_no < self.total_deals:
            self._start_deal()
        else:
            self.phase, self.turn = Phase.OVER, None

    # -- contract ----------------------------------------------------------------------------

    def to_act(self) -> int | None:
        return self.turn

    def pending_picks(self, seat: int) -> int:
        """Cards still to discard after ``exchange:N`` (docs/rules/tresillo.md, « The exchange (descarte) »)."""
        if self.phase is Phase.EXCHANGE and seat == self.turn and self.count is not None and self.count > 0:
            return self.count - len(self.pending)
        return 0

    def _legal(self) -> list[Action]:
        return _LEGAL[self.phase](self)

    def _advance(self, seat: int, action: Action) -> None:
        _ADVANCE[self.phase](self, seat, action)

    def deal_index(self) -> int:
        return self.deal_no

    def shown_hand(self, seat: int) -> tuple[tuple[str, ...], int]:
        """The seat's cards and the view's deal (the last one once the match is over)."""
        return tuple(c.code for c in self.hands[seat]), min(self.deal_no, self.total_deals - 1)

    def to_json(self) -> JSON:
        """The base save plus ``"all_pass": "redeal"``: this match follows docs/rules/tresillo.md, « Bidding » (an annulled
        deal does not count). A save without it predates the rule and replays by the old one."""
        data = super().to_json()
        if not self.all_pass_counts:
            data["all_pass"] = "redeal"
        return data


    def outcome(self) -> Outcome | None:
        return Outcome.from_scores(self.ledger) if self.turn is None else None


def new_state(game: Game, seats: int, seed: int | str, options: dict[str, Any]) -> TresilloState:
    """A fresh match (options already resolved), its first deal dealt."""
    state = object.__new__(TresilloState)
    state._init_base(game, seats, seed, options)
    state._start_match()
    return state
