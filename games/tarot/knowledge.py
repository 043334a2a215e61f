"""What one Tarot seat knows about a deal, gathered from its own views, and hidden cards dealt
consistently with it (determinizations for the expert's search).

A seat knows its hand, every trick played (who played what, in order), the voids and trump caps
those tricks show (a player who cannot follow and does not trump has no trump; a trump played
under the highest one has none above it), the chien when it was shown, its own écart as taker,
the trumps shown in the écart and the poignées shown.
"""

from __future__ import annotations

import random
from typing import Any

from games.tarot.deck import BY_CODE
from games.tarot.playout import (
    BOUT_MASK,
    INDEX,
    N_CARDS,
    SUIT,
    Deal,
    bouts_of_mask,
    cards_of,
    halves_of_mask,
    mask_of,
    poignee_sum,
)

ALL = (1 << N_CARDS) - 1
_PLAIN_KINGS = sum(1 << (14 * s + 13) for s in range(4))
_NO_ECART = _PLAIN_KINGS | BOUT_MASK  # never in an écart
PILE = -1  # location of the chien / écart in samples


class Knowledge:
    """The deal as seat ``seat`` knows it; :meth:`update` reads each new view."""

    def __init__(self) -> None:
        self.key: tuple[int, int] | None = None
        self.tricks: dict[int, list[tuple[int, int]]] = {}  # trick number -> [(seat, card)]
        self.void: dict[int, int] = {}  # seat -> suit bits (0-3 plain, 4 trumps)
        self.cap: dict[int, int] = {}  # seat -> highest trump value it may still hold

    def update(self, view: dict[str, Any]) -> None:
        key = (view["deal_no"], view["dealer"])
        if key != self.key or view["phase"] == "bidding":
            self.key, self.tricks, self.void, self.cap = key, {}, {}, {}
        if view["phase"] != "play":
            return
        done = view["trick_no"]
        found = [e["cards"] for e in view.get("events", []) if e.get("type") == "trick"]
        for back, cards in enumerate(reversed(found)):
            no = done - 1 - back
            if no >= 0 and no not in self.tricks:
                self._read(no, cards)
        if view.get("last_trick") and done - 1 not in self.tricks:
            self._read(done - 1, view["last_trick"]["cards"])
        if view["trick"]:
            self._read(done, view["trick"], partial=True)

    def _read(self, no: int, cards: list[list[Any]], partial: bool = False) -> None:
        trick = [(int(s), INDEX[BY_CODE[c]]) for s, c in cards]
        if not partial:
            self.tricks[no] = trick
        lead = -1
        high = 0
        for seat, c in trick:
            s = SUIT[c]
            if s == 5:
                continue
            if lead < 0:
                lead = s
            elif s != lead:
                self.void[seat] = self.void.get(seat, 0) | (1 << lead)
                if s != 4:
                    self.void[seat] |= 16
            if s == 4 and lead >= 0 and (lead == 4 or s != lead):
                v = c - 55
                if v < high:
                    self.cap[seat] = min(self.cap.get(seat, 21), high)
                high = max(high, v)

    def history(self, upto: int) -> list[tuple[int, int]] | None:
        """Every card of tricks ``0 .. upto-1`` in play order, or ``None`` when one is missing."""
        out: list[tuple[int, int]] = []
        for no in range(upto):
            if no not in self.tricks:
                return None
            out.extend(self.tricks[no])
        return out


class Situation:
    """A seat's view of the play phase, ready to deal determinizations (:meth:`sample`)."""

    def __init__(self, view: dict[str, Any], know: Knowledge) -> None:
        self.view = view
        self.know = know
        self.me = view["seat"]
        self.active: list[int] = list(view["active"])
        self.k = len(self.active)
        self.pos = {s: i for i, s in enumerate(self.active)}
        contract = view["contract"]
        self.contract: str = contract["bid"]
        self.taker: int = contract["taker"]
        self.called = INDEX[BY_CODE[contract["called"]]] if contract.get("called") else -1
        self.hand = mask_of([BY_CODE[c] for c in view["hand"]])
        trick_cards = [INDEX[BY_CODE[c]] for _, c in view["trick"]]
        self.trick = trick_cards
        self.trick_no: int = view["trick_no"]
        history = know.history(self.trick_no)
        self.history = history
        played = 0
        for _, c in history or ():
            played |= 1 << c
        for c in trick_cards:
            played |= 1 << c
        self.played = played
        counts = view["hand_counts"]
        self.counts = {s: counts[s] for s in self.active if s != self.me}
        chien_size = view["chien_size"]
        self.pile_known = 0  # cards known to lie in the chien / écart
        self.pile_size = chien_size
        shown = view.get("chien")
        self.chien_shown = mask_of([BY_CODE[c] for c in shown]) if shown else 0
        if self.contract in ("prise", "garde"):
            if self.me == self.taker and view.get("ecart") is not None:
                self.pile_known = mask_of([BY_CODE[c] for c in view["ecart"]])
            else:
                self.pile_known = mask_of([BY_CODE[c] for c in view.get("ecart_trumps", [])])
        self.poignee_cards: dict[int, int] = {}
        levels = []
        for p in view.get("poignees", []):
            levels.append(p["level"])
            self.poignee_cards[p["seat"]] = mask_of([BY_CODE[c] for c in p["cards"] if c != "EX"]) & ~played
        self.poignee_sum = poignee_sum(levels)
        self.unknown = ALL & ~self.hand & ~played & ~self.pile_known
        # a position's own base for samples: tricks replayed once per partner guess
        self._replays: dict[int | None, Deal] = {}
        self._where: dict[int, list[int]] | None = None  # each unknown card's possible places

    # -- sampling -----------------------------------------------------------------------------

    def _allowed(self, c: int) -> list[int]:
        """Seats (or PILE) that may hold unknown card ``c``."""
        know = self.know
        s = SUIT[c]
        out = []
        for seat in self.counts:
            if s < 5 and (know.void.get(seat, 0) >> s) & 1:
                continue
            if s == 4 and c - 55 > know.cap.get(seat, 21):
                continue
            out.append(seat)
        pile_ok = True
        if self.contract in ("prise", "garde"):
            pile_ok = not (_NO_ECART >> c) & 1 and s != 4  # trumps in the écart are shown
            if self.chien_shown >> c & 1:
                out = [x for x in out if x == self.taker]
        if pile_ok and self.pile_size - self.pile_known.bit_count() > 0:
            out.append(PILE)
        for seat, shown in self.poignee_cards.items():
            if shown >> c & 1:
                out = [seat] if seat in self.counts else out
        return out

    def sample(self, rng: random.Random, tries: int = 30) -> dict[int, int] | None:
        """Hidden cards dealt at random consistently with the knowledge: location -> mask
        (seats, and PILE for the chien or écart); ``None`` when it keeps failing."""
        if self._where is None:
            self._where = {c: self._allowed(c) for c in cards_of(self.unknown)}
        allowed = self._where
        cards = list(allowed)
        cap0 = dict(self.counts)
        cap0[PILE] = self.pile_size - self.pile_known.bit_count()
        rand = rng.random
        for attempt in range(tries):
            relax = attempt >= tries - 5
            order = sorted(cards, key=lambda c: (len(allowed[c]), rand()))
            cap = dict(cap0)
            out = dict.fromkeys(cap, 0)
            ok = True
            for c in order:
                where = allowed[c] if not relax else list(cap)
                room = [w for w in where if cap[w] > 0]
                if not room:
                    ok = False
                    break
                total = sum(cap[w] for w in room)
                r = rand() * total
                for w in room:
                    r -= cap[w]
                    if r < 0:
                        break
                cap[w] -= 1
                out[w] |= 1 << c
            if ok:
                out[PILE] |= self.pile_known
                return out
        return None

    def deal(self, hidden: dict[int, int]) -> Deal:
        """The determinized deal, at the current trick, from a sample of :meth:`sample`."""
        pos = self.pos
        hands = [0] * self.k
        for seat, m in hidden.items():
            if seat != PILE:
                hands[pos[seat]] = m
        hands[pos[self.me]] = self.hand
        holder = None
        if self.called >= 0:
            for seat in self.active:
                h = self.hand if seat == self.me else hidden.get(seat, 0)
                if h >> self.called & 1:
                    holder = pos[seat]
            if holder is None:  # played already: who played it
                for seat, c in self.history or ():
                    if c == self.called:
                        holder = pos[seat]
                for i, c in enumerate(self.trick):
                    if c == self.called:
                        holder = (pos[self._leader_seat()] + i) % self.k
        partner = None if holder == pos[self.taker] else holder
        base = self._replays.get(partner)
        if base is None:
            base = self._replays[partner] = self._replay(partner)
        d = base.copy()
        d.hands = hands
        pile = hidden.get(PILE, 0)
        if self.contract in ("prise", "garde"):
            d.extra_h = halves_of_mask(pile)
        elif self.contract == "garde_sans":
            d.extra_h, d.extra_bouts = halves_of_mask(pile), bouts_of_mask(pile)
        return d

    def _leader_seat(self) -> int:
        return int(self.view["leader"])

    def _replay(self, partner: int | None) -> Deal:
        """The deal's counters (points, tricks, bouts, Petit) after the tricks already played,
        with this partner; hands are filled by :meth:`deal`."""
        k = self.k
        size = self.view["hand_counts"][self.me] + self.trick_no + (1 if self._i_played() else 0)
        d = Deal([0] * k, taker=self.pos[self.taker], partner=partner, contract=self.contract,
                 leader=self.pos[self.active[0]], poignee_sum=self.poignee_sum,
                 chelem_announced=bool(self.view["contract"].get("chelem_announced")),
                 called=self.called if self.k == 5 else -1,
                 excuse_last_changes=False, total=size)
        if self.view["contract"].get("chelem_announced"):
            d.leader = d.turn = self.pos[self.taker]
        if self.history is not None:
            for _, c in self.history:
                d.play(c)
        else:  # a trick missed (should not happen): start from the current trick, scores unknown
            d.trick_no = self.trick_no
        d.leader = d.turn = self.pos[self._leader_seat()]
        for c in self.trick:
            d.play(c)
        return d

    def _i_played(self) -> bool:
        """Whether this seat has already played to the current trick."""
        return any(s == self.me for s, _ in self.view["trick"])

