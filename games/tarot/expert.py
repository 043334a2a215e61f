"""The expert Tarot player: determinized search on the fast playout core.

For each decision it deals the hidden cards many times consistently with what its seat knows
(:mod:`games.tarot.knowledge`), plays every candidate out to the end of the deal with a fast
heuristic policy (:mod:`games.tarot.playout`) and keeps the best mean score. Bids and the called
King are chosen the same way (the chien dealt at random, the écart made by the heuristic); the
écart, the chelem and the poignée follow the normal player's rules or the search's win chance.

Deterministic from the ``rng`` it is given when ``samples`` is fixed; with a time ``budget`` (the
default, 1 s per decision) the number of samples depends on the machine's speed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.base import Action
from games.cards import Card
from games.search import DEFAULT_BUDGET, FLOOR_SAMPLES, Advice, Expert, Search, Tally, determinized
from games.tarot.ai import Memory, TarotBot
from games.tarot.deck import BY_CODE
from games.tarot.knowledge import Knowledge, Situation
from games.tarot.playout import (
    CARDS,
    EXC,
    HALF,
    INDEX,
    KINGS_MASK,
    N_CARDS,
    PETIT_I,
    SUIT,
    SUIT_MASK,
    T21_I,
    TRUMPS,
    Deal,
    bouts_of_mask,
    cards_of,
    halves_of_mask,
    heuristic_policy,
    mask_of,
)

ALL = (1 << N_CARDS) - 1
#: a bid is made only when its mean result beats passing by this margin (points per deal)
BID_MARGIN = 4.0


class TarotExpert(Expert):
    """The expert level (``TAROT.computer_player("expert")``); one instance per seat. Its advice's
    win chance is that of this seat's side winning the contract."""

    game = "tarot"

    normal: TarotBot
    #: what passing is worth to the search (points a deal): :data:`BID_MARGIN`
    bid_margin: float = BID_MARGIN

    def __init__(self, budget: float | None = DEFAULT_BUDGET, samples: int | None = None) -> None:
        super().__init__(budget, samples)
        self.know = Knowledge()
        self._plan: list[int] = []

    def floor(self, view: dict[str, Any]) -> int:
        """The load floor of this table's size (:data:`games.search.FLOOR_SAMPLES`: ``tarot3``,
        ``tarot5`` where given, else ``tarot``)."""
        k = len(view.get("active") or ())
        return FLOOR_SAMPLES.get(f"tarot{k}" if k != 4 else "tarot", FLOOR_SAMPLES["tarot"])

    def normal_player(self) -> TarotBot:
        normal = TarotBot()
        normal.memory = _SharedMemory(normal.memory)
        return normal

    # -- the expert skeleton (games.search.Expert) --------------------------------------------

    def observe(self, view: dict[str, Any]) -> None:
        self.know.update(view)
        if view["phase"] == "play":
            self.normal.memory.update(view)

    def decide(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random,
               search: Search) -> list[Advice]:
        kinds = {a.kind for a in legal}
        if "bid" in kinds:
            return self._bid(view, legal, rng, search)
        if "call" in kinds:
            return self._call(view, legal, rng, search)
        if "play" in kinds:
            return self._play(view, legal, rng, search)
        if "discard" in kinds:
            return self._discard(view, legal, rng, search)
        return []

    # -- bidding and the call -----------------------------------------------------------------

    def _bid(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random,
             search: Search) -> list[Advice]:
        bids = [a.arg for a in legal if a.kind == "bid"]
        return self._simulate_taking(view, [(Action("bid", b), b, None) for b in bids], rng, search,
                                     with_pass=True)

    def _call(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random,
              search: Search) -> list[Advice]:
        contract = view["contract"]["bid"]
        options: list[tuple[Action, str, int | None]] = [(a, contract, INDEX[BY_CODE[a.arg]]) for a in legal]
        return self._simulate_taking(view, options, rng, search, with_pass=False)

    def _simulate_taking(self, view: dict[str, Any], options: list[tuple[Action, str, int | None]],
                         rng: random.Random, search: Search, with_pass: bool) -> list[Advice]:
        """Mean result of taking each ``(action, contract, called card)`` on deals of the hidden
        cards at random (no other bid assumed)."""
        me = view["seat"]
        active = list(view["active"])
        k = len(active)
        mypos = active.index(me)
        hand = mask_of([BY_CODE[c] for c in view["hand"]])
        hidden = cards_of(ALL & ~hand)
        size = len(view["hand"])
        chien_size = view["chien_size"]
        policy = heuristic_policy(rng)

        def deal() -> tuple[list[int], int]:
            rng.shuffle(hidden)
            hands = [0] * k
            at = 0
            for p in range(k):
                if p == mypos:
                    hands[p] = hand
                    continue
                for c in hidden[at:at + size]:
                    hands[p] |= 1 << c
                at += size
            chien = 0
            for c in hidden[at:at + chien_size]:
                chien |= 1 << c
            return hands, chien

        def outcome(world: tuple[list[int], int], i: int) -> tuple[float, bool]:
            _, contract, called = options[i]
            if k == 5 and called is None:
                called = _default_call(hand)
            d = _taking_deal(world[0], world[1], mypos, contract, called if k == 5 and called is not None else -1)
            return d.rollout(policy, rng)[mypos], d.won()

        totals = determinized(search, range(len(options)), deal, outcome)[0]
        out: list[Advice] = []
        for i, (action, _, _) in enumerate(options):
            t = totals[i]
            out.append((action, t.mean(), t.wins / max(t.n, 1)))
        if with_pass:
            out.append((Action("pass"), self.bid_margin, None))
        out.sort(key=lambda t: -t[1])
        return out

    # -- the écart -----------------------------------------------------------------------------

    def _discard(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random,
                 search: Search) -> list[Advice]:
        """Plans the whole écart at its first step (candidate écarts played out on deals of the
        unseen cards), then discards the plan's cards one by one."""
        allowed = mask_of([BY_CODE[a.arg] for a in legal])
        first = view["pending_picks"] >= view["chien_size"]
        plan = [] if first else [c for c in self._plan if allowed >> c & 1]
        if not plan:
            plan = cards_of(self._plan_ecart(view, allowed, rng, search))
        self._plan = plan
        c = next((x for x in plan if allowed >> x & 1), None)
        if c is None:
            choice = self.normal.choose(view, legal, rng)
            return [(choice, 0.0, None)]
        return [(Action("discard", CARDS[c].code), 0.0, None)]

    def _plan_ecart(self, view: dict[str, Any], allowed: int, rng: random.Random, search: Search) -> int:
        me = view["seat"]
        active = list(view["active"])
        k = len(active)
        mypos = active.index(me)
        hand = mask_of([BY_CODE[c] for c in view["hand"]])
        size = view["pending_picks"] or view["chien_size"]
        cands = _ecart_candidates(hand, allowed, size)
        if len(cands) == 1:
            return cands[0]
        laid = mask_of([BY_CODE[c] for c in view.get("ecart") or []])  # its own écart so far: known
        others = cards_of(ALL & ~hand & ~laid)
        per = (len(others) - 0) // (k - 1)
        contract = view["contract"]["bid"]
        called = INDEX[BY_CODE[view["contract"]["called"]]] if view["contract"].get("called") else -1
        policy = heuristic_policy(rng)

        def deal() -> tuple[list[int], int | None]:
            rng.shuffle(others)
            hands = [0] * k
            at = 0
            for p in range(k):
                if p == mypos:
                    continue
                for c in others[at:at + per]:
                    hands[p] |= 1 << c
                at += per
            partner = None
            if called >= 0:
                partner = next((p for p, h in enumerate(hands) if h >> called & 1), None)
            return hands, partner

        def outcome(world: tuple[list[int], int | None], i: int) -> tuple[float, bool]:
            hands, partner = world
            hands[mypos] = hand & ~cands[i]
            d = Deal(list(hands), taker=mypos, partner=partner, contract=contract, leader=0,
                     extra_h=halves_of_mask(cands[i]), called=called)
            return d.rollout(policy, rng)[mypos], False

        totals = determinized(search, range(len(cands)), deal, outcome)[0]
        return cands[max(range(len(cands)), key=lambda i: (totals[i].total, -i))]

    # -- trick play ---------------------------------------------------------------------------

    def _play(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random,
              search: Search) -> list[Advice]:
        sit = Situation(view, self.know)
        plays = [a for a in legal if a.kind == "play"]
        legal_mask = mask_of([BY_CODE[a.arg] for a in plays])
        cands = _candidates(legal_mask, sit.unknown)
        poignees = [a for a in legal if a.kind == "poignee"]
        mypos = sit.pos[sit.me]
        policy = heuristic_policy(rng)

        def deal() -> Deal | None:
            hidden = sit.sample(rng)
            return None if hidden is None else sit.deal(hidden)

        def outcome(base: Deal, c: int) -> tuple[float, bool]:
            d = base.copy()
            d.play(c)
            deltas = d.rollout(policy, rng)
            return deltas[mypos], d.won() == bool((d.attack >> mypos) & 1)

        stats = determinized(search, cands, deal, outcome)[0] if len(cands) > 1 or poignees \
            else {c: Tally() for c in cands}
        ranked = sorted(cands, key=lambda c: (-stats[c].mean(), c))
        if not stats[ranked[0]].n:  # no sample could be dealt: the normal player decides
            choice = self.normal.choose(view, legal, rng)
            return [(choice, 0.0, None)]
        out: list[Advice] = []
        best = stats[ranked[0]]
        if poignees:
            win = best.wins / best.n
            if win > 0.5 or view.get("role") in ("taker", "partner"):
                out.append((poignees[-1], best.total / best.n, win))
        for c in ranked:
            t = stats[c]
            out.append((Action("play", CARDS[c].code), t.total / t.n, t.wins / t.n))
        return out


def _candidates(legal: int, unknown: int) -> list[int]:
    """Legal cards, one per class of equivalent cards: same suit, same points, and no card that
    another seat may hold between them."""
    out: list[int] = []
    prev = -1
    for c in cards_of(legal):
        if prev >= 0 and SUIT[c] == SUIT[prev] and SUIT[c] < 5 and HALF[c] == HALF[prev] \
                and c not in (PETIT_I, T21_I) and prev not in (PETIT_I, T21_I):
            between = unknown & (((1 << c) - 1) ^ ((1 << (prev + 1)) - 1))
            if not between:
                prev = c
                continue
        out.append(c)
        prev = c
    return out


def _default_call(hand: int) -> int:
    """The King (or lower face) of the suit where the hand is longest, not held."""
    for face in (13, 12, 11, 10):
        options = [14 * s + face for s in range(4) if not hand >> (14 * s + face) & 1]
        if options:
            return max(options, key=lambda c: (hand & SUIT_MASK[SUIT[c]]).bit_count())
    return 13


def heuristic_ecart(hand: int, size: int) -> int:
    """The écart the normal player makes (shortest suits emptied, valuable cards saved), as a
    mask: never a King or a bout; trumps only when nothing else is left."""
    out = 0
    for _ in range(size):
        plain = hand & ~TRUMPS & ~KINGS_MASK & ~(1 << EXC)
        if plain:
            lengths = [(hand & SUIT_MASK[s] & ~KINGS_MASK).bit_count() for s in range(4)]
            c = min(cards_of(plain), key=lambda x: (lengths[SUIT[x]], -HALF[x]))
        else:
            trumps = hand & TRUMPS & ~(1 << PETIT_I) & ~(1 << T21_I)
            c = (trumps & -trumps).bit_length() - 1
        hand &= ~(1 << c)
        out |= 1 << c
    return out


def _ecart_candidates(hand: int, allowed: int, size: int) -> list[int]:
    """Écarts worth comparing: the normal player's, and for each plain suit the one that empties
    it first (then the normal player's choice), and the one saving the most points."""
    out = [heuristic_ecart(hand, size)]
    plain = allowed & ~TRUMPS
    for s in range(4):
        suit = plain & SUIT_MASK[s]
        if suit and suit.bit_count() <= size and (hand & SUIT_MASK[s] & ~suit) == 0:
            rest = heuristic_ecart(hand & ~suit, size - suit.bit_count()) if suit.bit_count() < size else 0
            out.append(suit | rest)
    if plain.bit_count() >= size:
        rich = sorted(cards_of(plain), key=lambda c: (-HALF[c], c))[:size]
        out.append(mask_of([CARDS[c] for c in rich]))
    unique: list[int] = []
    for e in out:
        if e not in unique and e.bit_count() == size and not e & ~allowed:
            unique.append(e)
    return unique or out[:1]


def _taking_deal(hands: list[int], chien: int, taker: int, contract: str, called: int) -> Deal:
    """A fresh deal where ``taker`` plays ``contract`` (the chien taken and the écart made by
    :func:`heuristic_ecart` for a Prise or Garde)."""
    hands = list(hands)
    extra_h = extra_bouts = 0
    if contract in ("prise", "garde"):
        full = hands[taker] | chien
        ecart = heuristic_ecart(full, chien.bit_count())
        hands[taker] = full & ~ecart
        extra_h = halves_of_mask(ecart)
    elif contract == "garde_sans":
        extra_h, extra_bouts = halves_of_mask(chien), bouts_of_mask(chien)
    partner = None
    if called >= 0:
        partner = next((p for p, h in enumerate(hands) if h >> called & 1), None)
    return Deal(hands, taker=taker, partner=partner, contract=contract, leader=0, extra_h=extra_h,
                extra_bouts=extra_bouts, called=called)


class _SharedMemory:
    """The normal player's memory, updated by the expert only once per view (it falls back on the
    normal player for the écart, the chelem and rare cases)."""

    seen: set[Card]  # the inner memory's, through __getattr__
    void: dict[int, set[str]]

    def __init__(self, inner: Memory) -> None:
        self.inner = inner
        self._rev = -1

    def update(self, view: dict[str, Any]) -> None:
        if view["rev"] != self._rev:
            self._rev = view["rev"]
            self.inner.update(view)

    def __getattr__(self, name: str) -> Any:
        # only for the normal memory's fields: not while a copy or unpickling has no ``inner`` yet
        inner = vars(self).get("inner")
        if inner is None or name.startswith("__"):
            raise AttributeError(name)
        return getattr(inner, name)

