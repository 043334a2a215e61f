"""The expert Tresillo player: determinized search over the trick play.

Cards are re-indexed once the trump is known: ``16 * suit + strength`` (the trump suit's matadors
on top), so a hand is an ``int`` mask, a suit one ``&`` away and "higher in the suit" a shift. For
each card decision the two other hands are dealt from the unseen cards consistently with what
this seat knows (the tricks, suits a player failed to follow, its own discards), each playable
card is played out to the ninth trick with a fast policy, and the deal is settled by the rules'
payments (:func:`games.tresillo.scoring.settle`). The bids, the contract and the exchange are
searched the same way by :mod:`games.tresillo.planning`; the alcalde's bet, who exchanges first,
the consent, renounces and the bola follow the normal player.

Deterministic from the ``rng`` when ``samples`` is fixed; with a time ``budget`` the sample count
depends on the machine's speed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.base import Action
from games.cards import Card, card
from games.search import DEFAULT_BUDGET, Advice, Expert, Search, bits, determinized
from games.tresillo import playout as fast
from games.tresillo.ai import TresilloPlayer
from games.tresillo.playout import DECK, SUIT_MASK, Cards, playout
from games.tresillo.scoring import settle

#: the playout's card rules (:mod:`games.tresillo.playout`), also read here by the expert's tests
legal, winner_index = fast.legal, fast.winner_index


class TresilloExpert(Expert):
    """The expert level (``TRESILLO.computer_player("expert")``); one instance per seat. Its
    advice's win chance is the chance of not losing; a forced move is the normal player's too (it
    keeps its own notes)."""

    game = "tresillo"

    forced_at_once = False

    def __init__(self, budget: float | None = DEFAULT_BUDGET, samples: int | None = None) -> None:
        super().__init__(budget, samples)
        self.deal_key: tuple[int, int] | None = None
        self.held: set[Card] = set()
        self.plan: list[Card] = []  # the cards chosen at ``exchange:N``, discarded one by one

    def normal_player(self) -> TresilloPlayer:
        return TresilloPlayer()

    def observe(self, view: dict[str, Any]) -> None:
        key = (view.get("shuffle_no", view["deal_no"]), view["dealer"])  # a redealt deal is new
        if key != self.deal_key:
            self.deal_key, self.held, self.plan = key, set(), []
        self.held.update(card(c, "spanish") for c in view.get("hand", ()))

    def decide(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random,
               search: Search) -> list[Advice]:
        phase = view["phase"]
        if phase in ("bid", "declare", "exchange") and len(legal) > 1:
            advice = self._before_play(view, legal, rng, search)
            if advice:
                return advice
        plays = [a for a in legal if a.kind == "play"]
        contract = view.get("contract") or {}
        if view["phase"] != "play" or len(plays) < 2 or contract.get("renounced") or view.get("bola"):
            return []
        if any(a.kind == "renounce" for a in legal):
            normal = self.normal.choose(view, legal, rng)
            if normal.kind == "renounce":
                return [(normal, 0.0, None)]
        return self._play(view, plays, rng, search)

    def _before_play(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random,
                     search: Search) -> list[Advice]:
        """The searched bid, contract or exchange (:mod:`games.tresillo.planning`); ``[]`` when the
        normal player decides (the Solo consent request, a discard outside the plan)."""
        from games.tresillo import planning

        phase = view["phase"]
        if phase == "bid":
            return planning.advise_bid(view, legal, rng, search)
        if phase == "declare":
            return planning.advise_declare(view, legal, rng, search)
        if any(a.kind == "exchange" and a.arg.isdigit() for a in legal):
            plans = planning.exchange_plans(view, legal, rng, search)
            self.plan = list(plans[0][2])
            return [(a, ev, None) for a, ev, _ in plans]
        for c in self.plan:
            a = Action("discard", c.code)
            if a in legal:
                self.plan.remove(c)
                return [(a, 0.0, None)]
        return []

    def _play(self, view: dict[str, Any], plays: list[Action], rng: random.Random,
              search: Search) -> list[Advice]:
        cs = Cards.of(view["trump"])
        me = view["seat"]
        seats: list[int] = list(view["active"])
        hand_cards = [card(c, "spanish") for c in view["hand"]]
        hand = cs.mask(hand_cards)
        seen = 0
        void: dict[int, int] = {s: 0 for s in seats}
        tricks = [t["cards"] for t in view["tricks"]]
        if view["trick"]:
            tricks.append(view["trick"])
        played_by_me = set()
        for t in tricks:
            led = -1
            for s, code in t:
                c = cs.index[card(code, "spanish")]
                seen |= 1 << c
                if s == me:
                    played_by_me.add(card(code, "spanish"))
                if led < 0:
                    led = c
                elif (c >> 4) != (led >> 4):
                    if (led >> 4) == cs.trump:  # no trump he had to play: only exempt matadors
                        void[s] |= SUIT_MASK[cs.trump] & ~sum(1 << m for m in cs.matador)
                    else:
                        void[s] |= SUIT_MASK[led >> 4]
        dead = cs.mask([c for c in self.held if c not in hand_cards and c not in played_by_me])
        unknown = sum(1 << cs.index[c] for c in DECK) & ~hand & ~seen & ~dead
        others = [s for s in seats if s != me]
        counts = {s: view["hand_counts"][s] for s in others}
        pos = {s: i for i, s in enumerate(seats)}
        declarer = view["declarer"]
        contract = view["contract"]["name"]
        won = {s: view["tricks_won"][s] for s in seats}
        trick = [cs.index[card(code, "spanish")] for _, code in view["trick"]]
        leader = view["trick"][0][0] if view["trick"] else me
        options = [cs.index[card(a.arg, "spanish")] for a in plays]
        pay: dict[tuple[int, int, int], int] = {}
        pool = bits(unknown)

        def outcome(hidden: dict[int, int], c: int) -> tuple[float, bool]:
            hands = [0, 0, 0]
            for s in others:
                hands[pos[s]] = hidden[s]
            hands[pos[me]] = hand & ~(1 << c)
            got = playout(hands, [*trick, c], pos[leader], seats, declarer, dict(won), cs, rng)
            key = (got[seats[0]], got[seats[1]], got[seats[2]])
            if key not in pay:
                pay[key] = settle(contract=contract, declarer=declarer, tricks=got).deltas[me]
            return pay[key], pay[key] >= 0

        tallies, count = determinized(search, options, lambda: _deal(pool, others, counts, void, rng), outcome)
        if not count:
            choice = self.normal.choose(view, plays, rng)
            return [(choice, 0.0, None)]
        ranked = sorted(options, key=lambda c: (-tallies[c].total, c))
        return [(Action("play", cs.card[c].code), tallies[c].total / count, tallies[c].wins / count)
                for c in ranked]


def _deal(pool: list[int], others: list[int], counts: dict[int, int], void: dict[int, int],
          rng: random.Random, tries: int = 20) -> dict[int, int] | None:
    """The two other hands from the unknown cards, each avoiding its voids (the rest is dead)."""
    for attempt in range(tries):
        cards = list(pool)
        rng.shuffle(cards)
        out = dict.fromkeys(others, 0)
        need = dict(counts)
        ok = True
        # cards one player cannot hold go to the other (or stay dead); then the rest at random
        for i, c in enumerate(cards):
            room = [s for s in others if need[s] > 0 and (attempt == tries - 1 or not (void[s] >> c) & 1)]
            spare = len(cards) - i - sum(need.values())
            if not room:
                if spare > 0:
                    continue
                ok = False
                break
            total = sum(need[s] for s in room) + max(spare, 0)
            r = rng.random() * total
            for s in room:
                r -= need[s]
                if r < 0:
                    out[s] |= 1 << c
                    need[s] -= 1
                    break
        if ok and not any(need.values()):
            return out
    return None
