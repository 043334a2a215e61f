"""The Piquet partie as an engine state: cut, deals, exchange, declarations, play, rubicon.

docs/rules/piquet.md. The flow of one deal: carte blanche is scored at once (« Carte blanche »); elder then
younger choose how many cards to exchange and discard them one at a time (« The exchange »); declarations are
compared (automatically, or call by call when the ``sinking`` option is on, « Declarations ») and repique is
reckoned (« Pique and repique »); twelve tricks are played without trumps with the play points and pique (« Pique and repique », « Play »);
the cards and capot close the deal. Six deals make the partie (two more on a tie, « The partie and the rubicon »); the
``deals`` option plays fewer for practice.
"""

from __future__ import annotations

from typing import Any

from games.base import JSON, Action, Game, Outcome, Phase, State
from games.cards import Card, piquet_deck, sort_key
from games.piquet import declarations as dc
from games.piquet import scoring as sc
from games.rng import deal_rng

DEALS = 6
EXTRA_DEALS = 2
LINES = ("blanche", "point", "sequence", "sets", "repique", "pique", "play", "cards")
PACK = tuple(piquet_deck())
POS = {c: i for i, c in enumerate(sorted(PACK, key=sort_key))}  # hands are kept in display order
PLAY = {c: Action("play", c.code) for c in piquet_deck()}
DISCARD = {c: Action("discard", c.code) for c in piquet_deck()}
EXCHANGE = tuple(Action("exchange", str(n)) for n in range(9))
LOOK, LEAVE = Action("talon", "look"), Action("talon", "leave")
RANK = dc.RANK_INDEX


def rules_of(options: dict[str, Any]) -> dc.Rules:
    return dc.Rules(sets_by_rank=options["sets_by_rank"])


class PiquetState(State):
    """A partie of Rubicon Piquet; see the package docstring for actions and view keys."""

    # the partie
    first_dealer: int
    cut: tuple[Card, Card]
    deal_no: int
    planned: int
    totals: tuple[int, int]
    history: tuple[JSON, ...]
    # the deal
    phase: Phase
    dealer: int
    elder: int
    turn: int | None
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    stock: tuple[Card, ...]
    picking: int | None
    discards: tuple[tuple[Card, ...], tuple[Card, ...]]
    counts: tuple[int | None, int | None]
    elder_left: tuple[Card, ...]
    leftover: tuple[Card, ...] | None
    looked: bool | None
    blanche: tuple[int, int]
    blanche_cards: tuple[tuple[Card, ...], tuple[Card, ...]]
    blanche_shown: tuple[bool, bool]
    steps: tuple[tuple[int, str], ...]
    choices: tuple[tuple[int, str, bool], ...]
    decl: tuple[JSON, ...]
    decl_lines: tuple[tuple[int, int], ...]
    bonus: tuple[str | None, str | None]
    pts: tuple[int, int]
    play_pts: tuple[int, int]
    pique: tuple[int, int]
    trick: tuple[tuple[int, Card], ...]
    tricks_won: tuple[int, int]
    played: tuple[Card, ...]
    last_trick: JSON | None

    # -- setting up ------------------------------------------------------------------------------

    def _start(self) -> None:
        """Cut for deal (docs/rules/piquet.md, « Cards and the deal »): the higher card chooses, and chooses to deal first."""
        rng = deal_rng(self.seed, 0, "cut")
        pack = piquet_deck()
        while True:
            a, b = rng.sample(pack, 2)
            if a.rank != b.rank:
                break
        self.cut = (a, b)
        self.first_dealer = 0 if RANK[a.rank] > RANK[b.rank] else 1
        self.deal_no, self.planned, self.totals = 0, self.options["deals"], (0, 0)
        self.history, self.recent = (), ({"type": "cut", "cards": [a.code, b.code],
                                          "dealer": self.first_dealer},)
        self._deal()

    def _deal(self) -> None:
        """Deal 12 each by packets of 2 or 3, elder first; the talon of 8 remains (docs/rules/piquet.md, « Cards and the deal »)."""
        deck = list(PACK)
        deal_rng(self.seed, self.deal_no).shuffle(deck)
        self.dealer = (self.first_dealer + self.deal_no) % 2
        self.elder = 1 - self.dealer
        size = self.options["packets"]
        hands: list[list[Card]] = [[], []]
        for i in range(0, 24, 2 * size):
            hands[self.elder] += deck[i:i + size]
            hands[self.dealer] += deck[i + size:i + 2 * size]
        self.hands = (tuple(sorted(hands[0], key=POS.__getitem__)),
                      tuple(sorted(hands[1], key=POS.__getitem__)))
        self.stock = tuple(deck[24:])
        self.phase, self.turn, self.picking = Phase.EXCHANGE, self.elder, None
        self.discards, self.counts = ((), ()), (None, None)
        self.elder_left, self.leftover, self.looked = (), None, None
        self.steps, self.choices, self.decl, self.decl_lines = (), (), (), ()
        self.bonus, self.pts, self.play_pts, self.pique = (None, None), (0, 0), (0, 0), (0, 0)
        self.trick, self.tricks_won, self.played, self.last_trick = (), (0, 0), (), None
        self._event({"type": "deal", "deal_no": self.deal_no, "dealer": self.dealer})
        self._announce_blanche()

    def _announce_blanche(self) -> None:
        """A dealt hand without K, Q, J scores 10 at once, announced now (docs/rules/piquet.md, « Carte blanche »)."""
        blanche = tuple(dc.is_blanche(h) for h in self.hands)
        self.blanche = (dc.BLANCHE_POINTS * blanche[0], dc.BLANCHE_POINTS * blanche[1])
        self.blanche_cards = (self.hands[0] if blanche[0] else (), self.hands[1] if blanche[1] else ())
        self.blanche_shown = (False, False)
        for seat in (self.elder, self.dealer):
            if blanche[seat]:
                self._event({"type": "blanche", "seat": seat})

    def _event(self, event: JSON) -> None:
        self.remember(event)

    # -- contract --------------------------------------------------------------------------------

    def to_act(self) -> int | None:
        return self.turn

    def pending_picks(self, seat: int) -> int:
        """Cards still to discard one by one after ``exchange:N`` (docs/rules/piquet.md, « The exchange »)."""
        if self.phase is Phase.EXCHANGE and seat == self.turn and self.picking:
            return self.picking
        return 0

    def look_pending(self) -> bool:
        """Younger decides whether to look at the cards left in the talon after elder's first lead
        and before playing to it (Law 36)."""
        return (self.phase is Phase.PLAY and self.looked is None and bool(self.leftover)
                and len(self.trick) == 1 and not self.played)

    def exchange_range(self) -> range:
        """How many cards the exchanger may take: elder 1-5, younger 1 (or 0) to all that remain."""
        if self.turn == self.elder:
            return range(1, min(5, len(self.stock)) + 1)
        low = 0 if self.options["younger_stand_pat"] else 1
        return range(low, len(self.stock) + 1)

    def _legal(self) -> list[Action]:
        seat = self.turn
        assert seat is not None
        if self.phase is Phase.EXCHANGE:
            if self.picking is None:
                return [EXCHANGE[n] for n in self.exchange_range()]
            return [DISCARD[c] for c in self.hands[seat]]
        if self.phase is Phase.DECLARE:
            kind = self.steps[len(self.choices)][1]
            return [Action("declare", kind), Action("sink", kind)]
        if self.look_pending():
            return [LEAVE, LOOK]
        hand = self.hands[seat]
        if self.trick:
            led = self.trick[0][1].suit
            follow = [PLAY[c] for c in hand if c.suit == led]
            if follow:
                return follow
        return [PLAY[c] for c in hand]

    # -- applying --------------------------------------------------------------------------------

    def _advance(self, seat: int, action: Action) -> None:
        kind = action.kind
        if kind == "play":
            self._play(seat, PLAY_CARD[action.arg])
        elif kind == "discard":
            self._discard(seat, PLAY_CARD[action.arg])
        elif kind == "exchange":
            n = int(action.arg)
            counts = list(self.counts)
            counts[seat] = n
            self.counts = (counts[0], counts[1])
            self._event({"type": "exchange", "seat": seat, "count": n})
            if n == 0:
                self._exchanged(seat)
            else:
                self.picking = n
        elif kind == "talon":
            self.looked = action.arg == "look"
            self._event({"type": "look", "seat": seat, "looked": self.looked})
        else:  # declare / sink
            self.choices = (*self.choices, (seat, action.arg, kind == "declare"))
            if len(self.choices) == len(self.steps):
                self._reckon()
            else:
                self.turn = self.steps[len(self.choices)][0]

    def _discard(self, seat: int, c: Card) -> None:
        hands = list(self.hands)
        hands[seat] = tuple(x for x in hands[seat] if x is not c)
        discards = list(self.discards)
        discards[seat] = (*discards[seat], c)
        self.discards = (discards[0], discards[1])
        assert self.picking is not None
        self.picking -= 1
        if self.picking == 0:
            n = self.counts[seat] or 0
            hands[seat] = tuple(sorted(hands[seat] + self.stock[:n], key=POS.__getitem__))
            self.stock = self.stock[n:]
            self.hands = (hands[0], hands[1])
            self._exchanged(seat)
        else:
            self.hands = (hands[0], hands[1])

    def _exchanged(self, seat: int) -> None:
        """End of one exchange: elder's leftovers are set, the adversary's carte blanche is shown
        (Law 20), the seed's second blanche is scored: a dealt carte blanche still without court
        cards after the exchange (option, docs/rules/piquet.md, « Defaults and options » #5)."""
        self.picking = None
        other = 1 - seat
        if self.blanche[other]:
            shown = list(self.blanche_shown)
            shown[other] = True
            self.blanche_shown = (shown[0], shown[1])
            self._event({"type": "blanche_shown", "seat": other,
                         "cards": [c.code for c in self.blanche_cards[other]]})
        if self.options["second_blanche"] and self.blanche[seat] and dc.is_blanche(self.hands[seat]):
            blanche = list(self.blanche)
            blanche[seat] += dc.BLANCHE_POINTS
            self.blanche = (blanche[0], blanche[1])
            self._event({"type": "blanche", "seat": seat, "second": True})
        if seat == self.elder:
            self.elder_left = self.stock[:5 - (self.counts[seat] or 0)]
            self.turn = self.dealer
            return
        self.leftover = self.stock
        if self.options["sinking"]:
            rules = rules_of(self.options)
            self.steps = tuple((s, kind) for kind in dc.CLASSES for s in (self.elder, self.dealer)
                               if dc.holding(self.hands[s], kind, rules) is not None)
            if self.steps:
                self.phase, self.turn = Phase.DECLARE, self.steps[0][0]
                return
        self._reckon()

    def _reckon(self) -> None:
        """Declarations compared and scored, repique reckoned (docs/rules/piquet.md, « Declarations », « Pique and repique »); elder leads."""
        e, y = self.elder, self.dealer
        declared = None
        if self.options["sinking"]:
            sets: dict[int, set[str]] = {e: set(dc.CLASSES), y: set(dc.CLASSES)}
            for s, kind, yes in self.choices:
                if not yes:
                    sets[s].discard(kind)
            declared = (frozenset(sets[e]), frozenset(sets[y]))
        r = dc.reckon((self.hands[e], self.hands[y]), (self.blanche[e], self.blanche[y]), declared,
                      rules_of(self.options))
        roles = (e, y)
        self.decl = tuple(dc.describe(x, roles) for x in r.results)
        lines = []
        for name in LINES[:5]:
            by_role = r.line(name)
            line = [0, 0]
            line[e], line[y] = by_role
            lines.append((line[0], line[1]))
        self.decl_lines = tuple(lines)
        pts = [0, 0]
        pts[e], pts[y] = r.totals
        self.pts = (pts[0], pts[1])
        bonus: list[str | None] = [None, None]
        for role, flag in enumerate(r.repique):
            if flag:
                bonus[roles[role]] = "repique"
                self._event({"type": "repique", "seat": roles[role]})
        self.bonus = (bonus[0], bonus[1])
        self._event({"type": "declarations", "points": list(self.pts)})
        self.phase, self.turn = Phase.PLAY, e

    def _score(self, seat: int, n: int) -> None:
        """Play points, and pique when they bring the player to 30 while the opponent has nothing
        (elder only, or younger too under the old French count; docs/rules/piquet.md, « Pique and repique », « Defaults and options » #2)."""
        if not n:
            return
        pts = list(self.pts)
        pts[seat] += n
        play = self.play_pts
        self.play_pts = (play[0] + n, play[1]) if seat == 0 else (play[0], play[1] + n)
        if (self.bonus[seat] is None and pts[seat] >= sc.PIQUE_AT and pts[1 - seat] == 0
                and (seat == self.elder or self.options["old_french"])):
            bonus = sc.SEED_PIQUE_BONUS if self.options["pique_90"] else sc.PIQUE_BONUS
            pts[seat] += bonus
            pique = list(self.pique)
            pique[seat] = bonus
            self.pique = (pique[0], pique[1])
            b = list(self.bonus)
            b[seat] = "pique"
            self.bonus = (b[0], b[1])
            self._event({"type": "pique", "seat": seat})
        self.pts = (pts[0], pts[1])

    def _play(self, seat: int, c: Card) -> None:
        """Follow suit, no trumps; 1 per lead, 1 for winning the opponent's lead, 1 more for the
        last trick (docs/rules/piquet.md, « Play »)."""
        hand = self.hands[seat]
        i = hand.index(c)
        hand = hand[:i] + hand[i + 1:]
        self.hands = (hand, self.hands[1]) if seat == 0 else (self.hands[0], hand)
        old = self.options["old_french"]
        if not self.trick:
            self.trick = ((seat, c),)
            if sc.counts_in_play(c, old):
                self._score(seat, 1)
            self.turn = 1 - seat
            return
        leader, led = self.trick[0]
        win_card = c if c.suit == led.suit and RANK[c.rank] > RANK[led.rank] else led
        winner = seat if win_card is c else leader
        if winner != leader and sc.counts_in_play(win_card, old):
            self._score(winner, 1)
        last = not self.hands[0] and not self.hands[1]
        if last:
            self._score(winner, 1)
        won = list(self.tricks_won)
        won[winner] += 1
        self.tricks_won = (won[0], won[1])
        cards = [[leader, led.code], [seat, c.code]]
        self.last_trick = {"cards": cards, "winner": winner}
        self._event({"type": "trick", "cards": cards, "winner": winner})
        self.played = (*self.played, led, c)
        self.trick = ()
        self.turn = winner
        if last:
            self._end_deal()

    def _end_deal(self) -> None:
        """The cards (10, capot 40), the deal's lines added to the partie; next deal, the tie
        break of two more deals, or the end (docs/rules/piquet.md, « Play », « The partie and the rubicon »)."""
        cards = sc.cards_bonus(self.tricks_won)
        deltas = (self.pts[0] + cards[0], self.pts[1] + cards[1])
        self.totals = (self.totals[0] + deltas[0], self.totals[1] + deltas[1])
        lines = dict(zip(LINES[:5], (list(x) for x in self.decl_lines), strict=True))
        lines["pique"] = list(self.pique)
        lines["play"] = list(self.play_pts)
        lines["cards"] = list(cards)
        capot = next((s for s in (0, 1) if self.tricks_won[s] == 12), None)
        record = {"deal_no": self.deal_no, "dealer": self.dealer, "elder": self.elder, "lines": lines,
                  "deltas": list(deltas), "scores": list(self.totals), "capot": capot,
                  "tricks_won": list(self.tricks_won),
                  "declarations": [{k: v for k, v in d.items() if k != "shown"} for d in self.decl]}
        self.history = (*self.history, record)
        self._event({"type": "deal_end", "deal_no": self.deal_no, "deltas": list(deltas)})
        self.deal_no += 1
        if self.deal_no >= self.planned:
            if self.totals[0] == self.totals[1] and self.planned == self.options["deals"]:
                self.planned += EXTRA_DEALS
                self._event({"type": "tie", "deals": self.planned})
            else:
                self.phase, self.turn = Phase.OVER, None
                winner, score = sc.partie_result(*self.totals)
                self._event({"type": "partie_end", "winner": winner, "score": score})
                return
        self._deal()

    # -- results and views -----------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        """Rubicon result: the winner gets ``partie_result``'s score, the loser its opposite."""
        if self.phase is not Phase.OVER:
            return None
        winner, score = sc.partie_result(*self.totals)
        scores = (0.0, 0.0) if winner is None else (float(score), -float(score)) if winner == 0 \
            else (-float(score), float(score))
        return Outcome.from_scores(scores)

    def deal_index(self) -> int:
        return self.deal_no

    def shown_hand(self, seat: int) -> tuple[tuple[str, ...], int]:
        """The seat's cards sorted as its view shows them, and the view's deal (the last one once over)."""
        return (tuple(c.code for c in sorted(self.hands[seat], key=sort_key)),
                self.deal_no if self.turn is not None else self.deal_no - 1)



PLAY_CARD = {c.code: c for c in piquet_deck()}


def new_state(game: Game, seats: int, seed: int | str, options: dict[str, Any]) -> PiquetState:
    """A fresh match (options already resolved), its first deal dealt."""
    state = object.__new__(PiquetState)
    state._init_base(game, seats, seed, options)
    state._start()
    return state
