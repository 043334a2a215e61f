"""End of a trick and of a deal (docs/rules/tarot.md, « Trick play », « Scoring »): trick winner, card points per side in half
points, the Excuse (exchange, deferred exchange, last trick, chelem exception), bouts, petit au bout,
chelem, and the deal's score lines and settlement.

A mixin of :class:`games.tarot.state.TarotState`, kept apart so each module stays short.
"""

from __future__ import annotations

from typing import Any, Protocol

from games.base import JSON, Phase
from games.cards import Card
from games.tarot.deck import BOUTS, DEAL_SIZES, EXCUSE, HALVES, PETIT, bouts_in, halves_of
from games.tarot.play import trick_winner
from games.tarot.scoring import score_lines, settle


class Dealt(Protocol):
    """What the accounting reads and writes of :class:`~games.tarot.state.TarotState` (its fields)."""

    seats: int
    options: dict[str, Any]
    k: int
    deals: int
    deal_no: int
    dealer: int
    scores: tuple[int, ...]
    last_deal: JSON | None
    recent: tuple[Any, ...]
    phase: Phase
    turn: int | None
    active: tuple[int, ...]
    nxt: tuple[int, ...]
    chien: tuple[Card, ...]
    contract: str | None
    taker: int | None
    called: Card | None
    partner: int | None
    ecart: tuple[Card, ...]
    chelem_announced: bool
    poignees: tuple[tuple[int, str, tuple[Card, ...]], ...]
    trick: tuple[Card, ...]
    leader: int
    trick_no: int
    tricks_won: tuple[int, ...]
    last_trick: tuple[tuple[int, ...], tuple[Card, ...], int] | None
    total_tricks: int
    side_tricks: tuple[int, int]
    side_halves: tuple[int, int]
    attack_bouts: int
    excuse_pending: int | None
    petit_bout: str | None
    petit_penultimate: str | None

    def remember(self, event: Any) -> None: ...
    def is_attack(self, seat: int) -> bool: ...
    def sides_public(self) -> bool: ...
    def _event(self, event: JSON) -> None: ...
    def _start_deal(self) -> None: ...
    def _excuse(self, trick: tuple[Card, ...], seats: list[int], winner: int, side: int, last: bool,
                att_h: int, def_h: int) -> tuple[int, int, int, int]: ...
    def _exchange(self, owner: int, owner_side: int, winner: int) -> None: ...
    def _score_deal(self) -> None: ...


class DealAccounting:
    """Trick resolution and deal scoring for :class:`~games.tarot.state.TarotState`."""

    # the fields it sets that may be empty (the others are typed by the assignments)
    last_deal: JSON | None
    turn: int | None
    trick: tuple[Card, ...]
    last_trick: tuple[tuple[int, ...], tuple[Card, ...], int] | None
    excuse_pending: int | None
    petit_bout: str | None
    petit_penultimate: str | None

    def _end_trick(self: Dealt, trick: tuple[Card, ...]) -> None:
        nxt = self.nxt
        leader = self.leader
        seats = [leader]
        s = leader
        for _ in range(self.k - 1):
            s = nxt[s]
            seats.append(s)
        trick_no = self.trick_no
        total = self.total_tricks
        last = trick_no == total - 1
        winner = seats[trick_winner(trick)]
        side = 0 if winner == self.taker or winner == self.partner else 1
        halves = self.side_halves
        tricks = self.side_tricks
        att_h, def_h = halves
        gained = 0
        bouts = []  # Cards define __lt__, so == between them is slow: look bouts up by hash
        for x in trick:
            gained += HALVES[x]
            if x in BOUTS:
                bouts.append(x)
        if bouts and any(b is EXCUSE for b in bouts):
            gained -= HALVES[EXCUSE]
            att_h, def_h, winner, side = self._excuse(trick, seats, winner, side, last, att_h, def_h)
        if side == 0:
            att_h += gained
            tricks = (tricks[0] + 1, tricks[1])
        else:
            def_h += gained
            tricks = (tricks[0], tricks[1] + 1)
        self.side_halves = (att_h, def_h)
        self.side_tricks = tricks
        for bout in bouts:
            if bout is EXCUSE:
                continue
            if side == 0:
                self.attack_bouts += 1
            if bout is PETIT:
                label = "attack" if side == 0 else "defence"
                if last:
                    self.petit_bout = label
                elif trick_no == total - 2:
                    self.petit_penultimate = label
        if self.excuse_pending is not None and self.is_attack(self.excuse_pending) == (side == 0):
            owner, self.excuse_pending = self.excuse_pending, None
            if self.sides_public():
                self._event({"type": "excuse_exchange", "owner": owner, "deferred": True})
        won = list(self.tricks_won)
        won[winner] += 1
        self.tricks_won = tuple(won)
        self.last_trick = played = (tuple(seats), trick, winner)
        self.remember(played)  # rendered by the view
        self.trick = ()
        self.trick_no = trick_no + 1
        self.leader = self.turn = winner
        if last:
            if (trick[0] is EXCUSE and winner == leader and self.petit_bout is None
                    and self.petit_penultimate == ("attack" if side == 0 else "defence")):
                self.petit_bout = self.petit_penultimate  # chelem: Petit on the trick before counts
            self._score_deal()

    def _excuse(self: Dealt, trick: tuple[Card, ...], seats: list[int], winner: int, side: int, last: bool,
                att_h: int, def_h: int) -> tuple[int, int, int, int]:
        """Where the Excuse's points go (docs/rules/tarot.md, « The Excuse »): its owner's side keeps it and gives a
        half-point card to the trick's winners (4 + 0.5); on the last trick it goes to the side
        winning it (option: to the other side); led to the last trick by a side that won every
        trick so far, it wins the trick. Returns the updated halves, winner and winning side."""
        owner = next(seat for seat, c in zip(seats, trick, strict=True) if c is EXCUSE)
        owner_side = 0 if self.is_attack(owner) else 1
        if last and trick[0] is EXCUSE and self.side_tricks[owner_side] == self.trick_no:
            winner, side, gets = owner, owner_side, owner_side  # chelem exception
        elif last:
            gets = 1 - owner_side if self.options.get("excuse_last_changes_camp") else side
        else:
            gets = owner_side
        pts = [att_h, def_h]
        if gets == side or last:
            pts[gets] += HALVES[EXCUSE]
        else:
            pts[owner_side] += HALVES[EXCUSE] - 1
            pts[side] += 1
            self._exchange(owner, owner_side, winner)
        if gets == 0:
            self.attack_bouts += 1
        return pts[0], pts[1], winner, side

    def _exchange(self: Dealt, owner: int, owner_side: int, winner: int) -> None:
        """The Excuse's owner gives a half-point card from his side's tricks (never the écart unless
        the option allows it); with no trick yet, the exchange waits (docs/rules/tarot.md, « Trick play »)."""
        has_cards = self.side_tricks[owner_side] > 0 or (
            owner_side == 0 and bool(self.ecart) and self.options.get("excuse_from_ecart", False))
        if not has_cards:
            self.excuse_pending = owner
        if self.sides_public():
            self._event({"type": "excuse_exchange", "owner": owner, "to": winner,
                         "deferred": not has_cards})

    def _score_deal(self: Dealt) -> None:
        contract, taker = self.contract, self.taker
        assert contract is not None and taker is not None
        halves = self.side_halves[0]
        bouts = self.attack_bouts
        if contract in ("prise", "garde"):
            halves += halves_of(self.ecart)
        elif contract == "garde_sans":
            halves += halves_of(self.chien)
            bouts += bouts_in(self.chien)
        total = DEAL_SIZES[self.k][0]
        chelem = "attack" if self.side_tricks[0] == total else "defence" if self.side_tricks[1] == total else None
        poignees = [("attack" if self.is_attack(s) else "defence", lv) for s, lv, _ in self.poignees]
        lines = score_lines(players=self.k, contract=contract, attack_points=halves / 2, attack_bouts=bouts,
                            petit_au_bout=self.petit_bout, poignees=poignees,
                            chelem_announced=self.chelem_announced, chelem=chelem)
        pos = {s: i for i, s in enumerate(self.active)}
        partner = pos[self.partner] if self.partner is not None else None
        by_pos = settle(self.k, pos[taker], partner, lines["unit"])
        deltas = [0] * self.seats
        for i, s in enumerate(self.active):
            deltas[s] = by_pos[i]
        self.scores = tuple(a + b for a, b in zip(self.scores, deltas, strict=True))
        lines.update(deal_no=self.deal_no, deltas=deltas, scores=list(self.scores), taker=taker,
                     partner=self.partner, called=self.called.code if self.called else None,
                     chien=[c.code for c in self.chien], dealer=self.dealer,
                     poignees=[[s, lv] for s, lv, _ in self.poignees])
        self.last_deal = lines
        self._event({"type": "deal_end", "deal_no": self.deal_no})
        self.deal_no += 1
        self.dealer = (self.dealer + 1) % self.seats
        if self.deal_no >= self.deals:
            self.phase, self.turn = Phase.OVER, None
        else:
            self._start_deal()
