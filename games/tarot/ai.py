"""A computer Tarot player that sees only its own view (docs/rules/tarot.md; common club heuristics).

* Bids the contract with the best expected result, a linear model of the hand fitted on
  simulated deals, capped by trump length and bouts (:data:`BID_MODEL`).
* Écart: voids short suits, saves Dames and Cavaliers there, never a trump unless forced.
* Poignée: declared by the attack, and by a defender (many trumps in defence usually sink the taker).
* Play: takes tricks with the cheapest sure winner, gives points to a partner who wins, sheds low
  cards on lost tricks, keeps its Petit for a safe trick and hunts the opponents' Petit with high
  trumps, plays the Excuse to save points and never keeps it for the last trick.
It remembers the cards seen during a deal (every trick passes through its views).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from games.base import Action
from games.cards import Card
from games.tarot.deck import BY_CODE, EXCUSE, HALVES, KING, PETIT, T21
from games.tarot.play import trick_winner

_LADDER = ("prise", "garde", "garde_sans", "garde_contre")

#: Expected result of taking each contract (points for the taker, per deal) as a linear function
#: of :func:`bid_features`, fitted by least squares on 3,000 simulated deals per player count where
#: the first speaker took each contract in turn and normal players played the deal
#: (``benchmarks/tarot_bid_calibration.py``).
BID_MODEL: dict[int, dict[str, tuple[float, ...]]] = {
    3: {
        "prise": (-225.52, 18.21, 2.97, 55.48, 45.7, 46.96, 18.46, 9.22, 4.42, 10.15, 3.62, 4.39, 3.93),
        "garde": (-444.9, 35.39, 5.72, 110.82, 91.55, 93.01, 36.92, 18.43, 8.55, 18.13, 7.03, 8.51, 7.06),
        "garde_sans": (-807.29, 45.56, 16.88, 184.73, 91.06, 153.48, 71.2, 42.94, 11.04, 84.69, 39.13, 5.16, -26.54),
        "garde_contre": (-1209.57, 55.27, 16.57, 194.84, 106.88, 177.69, 85.11, 50.45, 16.55, 18.55, 28.91, 8.75, -35.52),
    },
    4: {
        "prise": (-288.48, 21.73, 4.93, 79.82, 64.69, 63.96, 25.12, 10.9, 3.31, 8.07, 2.13, 6.74, -18.87),
        "garde": (-563.17, 41.23, 9.67, 155.95, 127.3, 124.13, 49.55, 21.12, 6.74, 14.23, 4.59, 13.2, -36.44),
        "garde_sans": (-1092.26, 47.69, 26.48, 179.6, 56.05, 173.34, 87.15, 40.28, 13.8, 114.98, 28.26, 11.46, -57.67),
        "garde_contre": (-1648.73, 49.65, 32.95, 214.99, 73.99, 209.65, 109.13, 55.01, 19.56, 168.23, 36.35, 7.27, -53.48),
    },
    5: {
        "prise": (-134.62, 13.94, 3.62, 45.68, 17.46, 40.41, 20.06, 8.45, 1.6, 12.87, 4.51, -1.47, -3.45),
        "garde": (-253.92, 25.45, 6.69, 88.52, 32.84, 77.66, 39.25, 16.34, 3.28, 23.85, 7.28, -1.99, -4.27),
        "garde_sans": (-555.58, 39.23, 21.31, 163.84, 42.32, 123.82, 91.05, 34.62, -0.82, 59.63, 16.6, -0.15, -12.25),
        "garde_contre": (-898.19, 52.07, 30.52, 251.08, 57.4, 176.89, 131.36, 52.54, -1.38, 89.99, 23.68, -8.12, -11.27),
    },
}
#: A contract also needs this many trumps (Excuse included, per 18 cards) and bouts.
BID_CAPS = {"prise": (4.5, 0), "garde": (4.5, 0), "garde_sans": (8, 2), "garde_contre": (10, 2)}
#: Bid only when the expected result beats passing by this much.
BID_MARGIN = 5.0


def bid_features(hand: Sequence[Card]) -> tuple[float, ...]:
    """Features of :data:`BID_MODEL`: 1, trumps and high trumps (per 18 cards), the 21, the Petit,
    the Excuse, Kings, Dames, Cavaliers, voids, singletons, long-suit cards (per 18 cards), and a
    Petit with fewer than six trumps."""
    scale = 18 / max(len(hand), 1)
    trumps = [c.value for c in hand if c.is_trump]
    excuse = EXCUSE in hand
    lengths = [sum(1 for c in hand if c.suit == s) for s in "SHDC"]
    values = [c.value for c in hand if not c.is_trump and c is not EXCUSE]
    petit = PETIT in hand
    return (1.0, len(trumps) * scale, sum(1 for v in trumps if v >= 16) * scale, float(T21 in hand),
            float(petit), float(excuse), float(values.count(KING)), float(values.count(13)),
            float(values.count(12)), float(lengths.count(0)), float(lengths.count(1)),
            sum(max(0, n - 4) for n in lengths) * scale, float(petit and len(trumps) + excuse < 6))


def expected_results(hand: Sequence[Card], players: int) -> dict[str, float]:
    """The calibrated expected result of each contract the caps allow with ``hand``."""
    x = bid_features(hand)
    trumps = sum(1 for c in hand if c.is_trump) + (1 if EXCUSE in hand else 0)
    bouts = sum(1 for c in hand if c is EXCUSE or c is PETIT or c is T21)
    out = {}
    for contract, coefs in BID_MODEL[players].items():
        need_t, need_b = BID_CAPS[contract]
        if trumps >= need_t * len(hand) / 18 - 0.5 and bouts >= need_b:
            out[contract] = sum(a * b for a, b in zip(coefs, x, strict=True))
    return out


def hand_strength(hand: Sequence[Card], players: int) -> float:
    """A point count of a hand, scaled to an 18-card hand (4 players)."""
    trumps = [c for c in hand if c.is_trump]
    n_trumps = len(trumps) + (1 if EXCUSE in hand else 0)
    score = 0.0
    if T21 in hand:
        score += 10
    if EXCUSE in hand:
        score += 8
    if PETIT in hand:
        score += 8 if n_trumps >= 6 else 3
    score += 2 * len(trumps) + sum(1 for c in trumps if c.value >= 16)
    for suit in "SHDC":
        cards = [c for c in hand if c.suit == suit]
        values = {c.value for c in cards}
        score += 6 * (KING in values) + 3 * (13 in values) + 2 * (12 in values) + (11 in values)
        if KING in values and 13 in values:
            score += 1
        if len(cards) >= 5:
            score += 2 * (len(cards) - 4)
        if not cards:
            score += 3 if n_trumps >= 6 else 0
        elif len(cards) == 1:
            score += 1 if n_trumps >= 6 else 0
    score *= 18 / max(len(hand), 1)
    return score + (5 if players == 5 else 0)


class Memory(Protocol):
    """What the computer player reads of its memory of the deal."""

    seen: set[Card]
    void: dict[int, set[str]]

    def update(self, view: dict[str, Any]) -> None: ...


class _Memory:
    """Cards seen during the current deal (tricks, chien shown, poignées)."""

    def __init__(self) -> None:
        self.key: tuple[int, int] | None = None
        self.seen: set[Card] = set()
        self.void: dict[int, set[str]] = {}

    def update(self, view: dict[str, Any]) -> None:
        key = (view["deal_no"], view["dealer"])
        if key != self.key:
            self.key, self.seen, self.void = key, set(), {}
        for trick in ([view["last_trick"]["cards"]] if view.get("last_trick") else []) + [view["trick"]]:
            self.note(trick)

    def note(self, trick: list[tuple[int, str]]) -> None:
        """Remember a trick's cards, and the suits (and trumps) a seat showed it lacks (FFT rules:
        follow, else trump)."""
        lead = None
        for seat, code in trick:
            c = BY_CODE[code]
            self.seen.add(c)
            if c is EXCUSE:
                continue
            if lead is None:
                lead = c.suit
            elif c.suit != lead:
                self.void.setdefault(seat, set()).add(lead)
                if not c.is_trump:
                    self.void[seat].add("T")


class TarotBot:
    """The computer player (``Game.computer_player()``); one instance per seat."""

    def __init__(self) -> None:
        self.memory: Memory = _Memory()

    # -- entry point -------------------------------------------------------------------------

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        """A legal action for the seat whose view this is."""
        if len(legal) == 1:
            if view["phase"] == "play":
                self.memory.update(view)
            return legal[0]
        kinds = {a.kind for a in legal}
        hand = [BY_CODE[c] for c in view["hand"]]
        players = len(view["active"])
        if "bid" in kinds or "pass" in kinds:
            return self._bid(hand, players, legal)
        if "call" in kinds:
            return self._call(hand, legal)
        if "discard" in kinds:
            return self._discard(hand, legal)
        if "chelem" in kinds:
            return Action("chelem") if self._chelem_ready(hand) else Action("no_chelem")
        self.memory.update(view)
        poignees = [a for a in legal if a.kind == "poignee"]
        if poignees and view.get("role") in ("taker", "partner", "defence"):
            return poignees[-1]
        plays = [BY_CODE[a.arg] for a in legal if a.kind == "play"]
        return Action("play", self._play(view, hand, plays).code)

    # -- bidding, call, écart ----------------------------------------------------------------

    def _bid(self, hand: list[Card], players: int, legal: Sequence[Action]) -> Action:
        """The allowed contract with the best calibrated expected result, when it is worth it."""
        allowed = {a.arg for a in legal if a.kind == "bid"}
        ev = {c: v for c, v in expected_results(hand, players).items() if c in allowed}
        best = max(ev, key=ev.__getitem__, default=None)
        if best is None or ev[best] <= BID_MARGIN:
            return Action("pass")
        return Action("bid", best)

    def _call(self, hand: list[Card], legal: Sequence[Action]) -> Action:
        """Call a card not held, in the suit where the hand is longest (a partner who can ruff
        the others)."""
        def key(a: Action) -> tuple[int, int]:
            c = BY_CODE[a.arg]
            return (c not in hand, sum(1 for h in hand if h.suit == c.suit))
        return max(legal, key=key)

    def _discard(self, hand: list[Card], legal: Sequence[Action]) -> Action:
        """Empty the shortest suits first, keeping their valuable cards in the écart."""
        lengths = {s: sum(1 for c in hand if c.suit == s and c.value != KING) for s in "SHDC"}

        def key(a: Action) -> tuple[int, int, int]:
            c = BY_CODE[a.arg]
            if c.is_trump:
                return (1, 0, c.value)
            return (0, lengths[c.suit], -HALVES[c])
        return min(legal, key=key)

    def _chelem_ready(self, hand: list[Card]) -> bool:
        trumps = [c for c in hand if c.is_trump]
        losers = [c for c in hand if not c.is_trump and c is not EXCUSE and c.value != KING]
        return T21 in trumps and len(trumps) >= len(hand) - 2 and not losers

    # -- trick play --------------------------------------------------------------------------

    def _sides(self, view: dict[str, Any]) -> tuple[set[int], set[int]]:
        """(friends, enemies) as far as this seat knows; unknown seats are in neither."""
        me = view["seat"]
        contract = view["contract"] or {}
        taker: int | None = contract.get("taker")
        partner: int | None = contract.get("partner")
        role = view.get("role")
        active: set[int] = set(view["active"])
        attack = {s for s in (taker, partner) if s is not None}
        if role == "partner":
            attack.add(me)
        if len(active) != 5 or partner is not None or role == "partner":
            defence = active - attack
        else:
            defence = set()  # the secret partner hides among the others
        if role in ("taker", "partner"):
            return attack, defence
        return (defence | {me}) - attack, attack

    def _outstanding_trumps(self, hand: list[Card]) -> list[int]:
        mine = set(hand)
        return [v for v in range(1, 22) if BY_CODE[f"T{v}"] not in self.memory.seen
                and BY_CODE[f"T{v}"] not in mine]

    def _play(self, view: dict[str, Any], hand: list[Card], plays: list[Card]) -> Card:
        friends, _ = self._sides(view)
        trick_seats = [s for s, _ in view["trick"]]
        trick = [BY_CODE[c] for _, c in view["trick"]]
        order = self._order(view, trick_seats)
        after = [s for s in order[len(trick) + 1:] if s not in friends]
        if len(plays) == 1:
            return plays[0]
        if EXCUSE in plays and len(hand) <= 2:
            return EXCUSE  # never keep it for the last trick
        real = [c for c in plays if c is not EXCUSE]
        if not trick:
            return self._lead(view, hand, real, friends)
        win_i = trick_winner(trick)
        outstanding = self._outstanding_trumps(hand)
        friend_wins = trick_seats[win_i] in friends
        if friend_wins and self._holds(trick[win_i], hand, outstanding, after):
            return self._give(real, trick[win_i], after)
        winning = [c for c in real if trick_winner([*trick, c]) == len(trick)]
        if winning:
            sure = [c for c in winning if self._holds(c, hand, outstanding, after)]
            if sure:
                if any(c is PETIT for c in sure):
                    return PETIT  # the Petit is safe here: bring it home
                plain = [c for c in sure if not c.is_trump]
                if plain:
                    return max(plain, key=lambda c: (HALVES[c], c.value))
                return min(sure, key=lambda c: c.value)
            pot = sum(HALVES[c] for c in trick)
            if pot >= 7 or any(c is PETIT for c in trick):
                return max(winning, key=lambda c: c.value if c.is_trump else 0)
        if EXCUSE in plays and min(self._cost(c) for c in real) >= 5 and not friend_wins:
            return EXCUSE
        return min(real, key=self._cost)

    def _holds(self, c: Card, hand: list[Card], outstanding: list[int], enemies_after: list[int]) -> bool:
        """Whether ``c``, winning the trick now, stays the winner: no enemy after it, or it is the
        master of its suit (higher cards seen or held) and no enemy after is known to be void."""
        if c is EXCUSE:
            return False
        if not enemies_after:
            return True
        if c.is_trump:
            return not any(v > c.value for v in outstanding)
        gone = self.memory.seen | set(hand)
        higher = [x for x in (BY_CODE[f"{r}{c.suit}"] for r in ("K", "Q", "C", "J")) if x.value > c.value]
        if c.value < 11 or any(x not in gone for x in higher):
            return False
        return not any(c.suit in self.memory.void.get(s, ()) for s in enemies_after)

    @staticmethod
    def _order(view: dict[str, Any], trick_seats: list[int]) -> list[int]:
        active = view["active"]
        leader = trick_seats[0] if trick_seats else view["seat"]
        i = active.index(leader)
        return [active[(i + j) % len(active)] for j in range(len(active))]

    @staticmethod
    def _cost(c: Card) -> int:
        """What losing ``c`` costs: its points, the Petit most of all, high trumps a little."""
        if c is PETIT:
            return 40
        if c.is_trump:
            return 1 + c.value // 4
        return HALVES[c] * 2 + (8 if c.value == KING else 0)

    def _give(self, real: list[Card], winning: Card, enemies_after: list[int]) -> Card:
        """Load a trick the partner side surely wins: the most valuable plain card; with trumps
        only, the Petit when it stays safe, or else the lowest trump. The Petit is safe under a
        partner's winning trump; over a partner's plain card it becomes the winning card itself,
        so only when no enemy still to play may hold a trump."""
        plain = [c for c in real if not c.is_trump]
        if plain:
            return max(plain, key=lambda c: (HALVES[c], c.value))
        if any(c is PETIT for c in real):
            void = self.memory.void
            if winning.is_trump or all("T" in void.get(s, ()) for s in enemies_after):
                return PETIT
            others = [c for c in real if c is not PETIT]
            if others:
                return min(others, key=lambda c: c.value)
        return min(real, key=lambda c: c.value)

    def _lead(self, view: dict[str, Any], hand: list[Card], real: list[Card], friends: set[int]) -> Card:
        """Attack with long trumps draws trumps (hunting the Petit); otherwise a King in a fresh
        suit, else a low card of the longest suit; never the Petit if avoidable."""
        if not real:
            return EXCUSE
        role = view.get("role")
        trumps = [c for c in real if c.is_trump]
        outstanding = self._outstanding_trumps(hand)
        safe = [c for c in real if c is not PETIT] or real
        if role in ("taker", "partner") and trumps and (len(trumps) >= 7 or (PETIT.value in outstanding
                                                          and len(trumps) >= 5)):
            masters = [c for c in trumps if not any(v > c.value for v in outstanding)]
            if masters and outstanding:
                return max(masters, key=lambda c: c.value)
            low = [c for c in trumps if c is not PETIT]
            if low and outstanding:
                return min(low, key=lambda c: c.value)
        for c in safe:
            if not c.is_trump and self._holds(c, hand, outstanding, [s for s in view["active"] if s not in friends]):
                played = sum(1 for s in self.memory.seen if s.suit == c.suit)
                if played < 6:
                    return c
        plain = [c for c in safe if not c.is_trump]
        if plain:
            by_suit: dict[str, list[Card]] = {}
            for c in plain:
                by_suit.setdefault(c.suit, []).append(c)
            longest = max(by_suit.values(), key=len)
            return min(longest, key=lambda c: (HALVES[c], c.value))
        return min(safe, key=lambda c: c.value)

