"""The state of a Le Trio / L'École match: deal, turns, melding steps, round end (RULES.md 3.4).

See the package docstring for the action grammar. The engine lists only steps that can be
finished: a combination is offered only when the hand can complete it (and, in an opening, the
whole contract), so a build in progress is always completable and can always be cancelled.
"""

from __future__ import annotations

from bisect import insort
from collections import Counter
from collections.abc import Iterable
from typing import Any

from games.base import JSON, Action, Outcome, State
from games.cards import Card, card, sort_key, standard_decks
from games.rng import deal_rng
from games.trio.building import Built, Frame, is_complete, legal_adds, represented
from games.trio.contracts import contract_met, deck_count, hand_points, run_wild_limit
from games.trio.melds import POS_OF_RANK, SEQ, SET, Meld, is_wild
from games.trio.search import NO_DISTINCT, Distinct, TableMeld, abstract, can_go_out, counts_of
from games.trio.steps import advance, legal_steps, why_illegal  # steps imports this module only to type

HAND_SIZE = 13
EVENTS_KEPT = 10
# Frames are immutable (their memos depend on their fields alone): shared by every state (bounded).
_FRAMES: dict[tuple[str, int, bool, bool, Distinct], Frame] = {}
_DECKS: dict[tuple[int, int], tuple[Card, ...]] = {}  # (packs, jokers per pack) -> the unshuffled cards


class _SortKeys(dict[Card, tuple[int, int]]):
    """``sort_key`` of each card, memoized (at most one entry per card): ``_KEY_OF.__getitem__``
    is a sort key that runs at C speed."""

    def __missing__(self, c: Card) -> tuple[int, int]:
        found = self[c] = sort_key(c)
        return found


_KEY_OF = _SortKeys()
_KEY = _KEY_OF.__getitem__


def _sorted_cards(cards: Iterable[Card]) -> list[Card]:
    """``sort_cards(cards)``, with the memoized keys."""
    return sorted(cards, key=_KEY)


class TrioState(State):
    """A match of Le Trio (``variant`` "trio") or L'École ("ecole")."""

    variant: str
    first_dealer: int
    jack_cards: tuple[str, ...]
    round_no: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    pile: tuple[Card, ...]
    melds: tuple[Meld, ...]
    next_id: int
    contract: tuple[int, ...]
    opened: tuple[bool, ...]
    turn: int
    phase: str  # draw | play | meld | layoff | over
    opened_now: bool
    must_out: bool
    kind: str  # combination being built ("" while choosing the next one of an opening)
    built: Built
    staged: tuple[tuple[str, Built], ...]
    layoff_card: Card | None
    scores: tuple[int, ...]
    last_deal: JSON | None
    events: tuple[JSON, ...]
    reshuffles: int  # this round's reshuffles: the stock is on its pass number reshuffles + 1
    opened_last_at: tuple[int, ...]  # rev at which each seat opened the last contract (-1: not)
    winners: tuple[int, ...]

    # -- setup --------------------------------------------------------------------------------

    @property
    def last(self) -> int:
        return int(self.options["contracts"])

    def _deck(self) -> list[Card]:
        """A fresh list of the match's unshuffled cards (memoized per pack count and jokers: cards
        are flyweights, so the cached tuple is only copied)."""
        jokers = int(self.options.get("jokers", 0)) if self.variant == "ecole" else 0
        key = (deck_count(self.seats, self.variant), jokers)
        deck = _DECKS.get(key)
        if deck is None:
            deck = _DECKS[key] = tuple(standard_decks(*key))
        return list(deck)

    def _choose_first_dealer(self) -> None:
        """Cards dealt face up one by one, from seat 0 clockwise, until a Jack (RULES.md 3.4)."""
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
        self.hands = tuple([tuple(_sorted_cards(h)) for h in hands])
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
        ends at once with nobody out (RULES.md 3.5 #7 and #13)."""
        self.phase, self.opened_now, self.must_out = "draw", False, False
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
        self.events = (*self.events, ev)[-EVENTS_KEPT:]

    # -- contract -----------------------------------------------------------------------------

    def to_act(self) -> int | None:
        return None if self.phase == "over" else self.turn

    def frame(self, seat: int | None = None) -> Frame:
        """What ``seat`` builds now: its opening (contract, options 3.5 #1-3) or later combinations.

        Each seat's last answer is kept, with the turn and the tuples it depends on (checked by
        identity; the options never change during a match), in a dict shared by the states of the
        match (made from one another): one entry per seat."""
        s = self.turn if seat is None else seat
        memo = self.__dict__.get("_frames")
        if memo is None:
            memo = self._frames = {}
        cached = memo.get(s)
        if (cached is not None and cached[0] is self.opened and cached[1] is self.contract
                and cached[2] is self.staged and cached[3] == self.turn):
            return cached[4]
        frame = self._frame(s)
        memo[s] = (self.opened, self.contract, self.staged, self.turn, frame)
        return frame

    def _frame(self, s: int) -> Frame:
        """:meth:`frame` of seat ``s``, made."""
        opening = not self.opened[s]
        distinct = NO_DISTINCT
        if opening and not (self.options["same_rank_brelans"] and self.options["same_suit_runs"]):
            ranks: set[int] = set()
            suits: set[str] = set()
            for k, b in self.staged if s == self.turn else ():
                nat = next(c for c, _ in b if not is_wild(c))
                if k == "seq":
                    suits.add(nat.suit)
                else:
                    ranks.add(POS_OF_RANK[nat.rank])
            distinct = Distinct(not self.options["same_rank_brelans"], not self.options["same_suit_runs"],
                                frozenset(ranks), frozenset(suits))
        key = (self.variant, self.contract[s], opening, bool(self.options["longer_melds"]), distinct)
        frame = _FRAMES.get(key)
        if frame is None:
            if len(_FRAMES) > 4096:
                _FRAMES.clear()
            frame = _FRAMES[key] = Frame(*key)
        return frame

    def held(self, seat: int) -> tuple[Card, ...]:
        """Every card ``seat`` holds, including those of a combination being built."""
        if seat != self.turn or not (self.built or self.staged):
            return self.hands[seat]
        return self._held_now()[0]

    def _held_now(self) -> tuple[tuple[Card, ...], tuple[str, ...]]:
        """The cards (sorted) and their codes that the seat to act holds while it builds.

        Moving a card from the hand to the build, or the build to the staged parts, changes
        nothing held, so the answer is kept on the state (successors inherit it) with the hand,
        build and staged parts it was made from, and reused after such a move."""
        hand, built, staged = self.hands[self.turn], self.built, self.staged
        memo = self._view_memo()
        hand0, built0, staged0, found = memo.held
        if not _same_held(hand0, built0, staged0, hand, built, staged):
            extra = [c for c, _ in built] + [c for _, b in staged for c, _ in b]
            cards = tuple(_sorted_cards([*hand, *extra]))
            found = (cards, tuple(c.code for c in cards))
        memo.held = (hand, built, staged, found)
        return found

    def _can_take_discard(self) -> bool:
        if not self.pile:
            return False
        seat = self.turn
        if not self.opened[seat]:
            return True
        counts, wilds = counts_of([*self.hands[seat], self.pile[-1]])
        return can_go_out(counts, wilds, self.table(), discard=True, run_wilds=run_wild_limit(self.variant))

    def table(self) -> tuple[TableMeld | None, ...]:
        """The laid combinations as the going-out search sees them, cached while they do not
        change (states made from one another share it)."""
        cached = self.__dict__.get("_table")
        if cached is None or cached[0] is not self.melds:
            cached = self._table = (self.melds, tuple(abstract(m) for m in self.melds))
        return cached[1]

    def _legal(self) -> list[Action]:
        return legal_steps(self)

    def _why_illegal(self, seat: int, action: Action) -> tuple[str, str]:
        return why_illegal(self, action)

    def pending_picks(self, seat: int) -> int:
        """The cards still needed to reach the smallest size of the combination being built, so
        the bot offers them in one multi-select (issue 19: choose the kind, pick the cards; each
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
        hands = list(self.hands)
        hands[seat] = tuple(hand)
        self.hands = tuple(hands)

    def _set_hand(self, seat: int, hand: list[Card]) -> None:
        hands = list(self.hands)
        hands[seat] = tuple(_sorted_cards(hand))
        self.hands = tuple(hands)

    def give(self, seat: int, cards: list[Card]) -> None:
        if len(cards) == 1:  # one drawn card: inserted in place, as sorting would (stable) put it
            hand = list(self.hands[seat])
            insort(hand, cards[0], key=_KEY)
            hands = list(self.hands)
            hands[seat] = tuple(hand)
            self.hands = tuple(hands)
            return
        self._set_hand(seat, [*self.hands[seat], *cards])

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
        """Hand points for everyone still holding cards; openers advance (RULES.md 3.4). ``out``:
        the seat that went out, ``None`` for a blocked round (3.5 #13). The round that completes the
        last contract is the last, and so is round ``max_rounds`` (the match limit, 3.5 #14)."""
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
        RULES.md 3.4-3.5."""
        self.phase = "over"
        pool = finishers
        if not pool:  # round limit reached: furthest contract, then fewest points
            best = max(self.contract)
            pool = [s for s in range(self.seats) if self.contract[s] == best]
        if out in pool and finishers:
            self.winners = (out,)  # type: ignore[assignment]
            return
        low = min(self.scores[s] for s in pool)
        tied = [s for s in pool if self.scores[s] == low]
        if len(tied) > 1 and self.options["tie_first_opener"] and finishers:
            tied = [min(tied, key=lambda s: self.opened_last_at[s])]
        self.winners = tuple(tied)

    # -- views ----------------------------------------------------------------------------------

    def view(self, seat: int | None) -> JSON:
        """Shared keys plus: ``variant``, ``contracts`` (each seat's current contract number),
        ``last_contract``, ``opened``, ``melds`` (``{"id", "owner", "kind": "set"|"seq", "cards",
        "as" (what each card stands for), "closed"}``), ``stock_count``, ``discard_top``,
        ``discard_count``, ``must_go_out`` (the seat to act took the discard after opening and
        must go out this turn), ``stock_pass`` (this round's pass through the stock, from 1) and
        ``stock_passes`` (the round is blocked when the last one runs out), ``max_rounds`` (the
        match limit), ``first_dealer`` and ``first_dealer_cards`` (the cards dealt face up until
        the first Jack), ``winners`` (once over). ``last_deal`` adds ``out`` (the seat that went
        out, ``None`` for a blocked round), ``blocked`` (the stock ran out for the last time: nobody
        went out), ``match_limit`` (the match ended because it reached ``max_rounds``), ``opened``,
        ``finishers`` (who completed the last contract), ``hands`` (the cards counted) and ``melds``
        (the table as the round ended, rows as in ``melds``). Events
        besides ``deal`` / ``draw`` / ``discard`` / ``meld`` / ``open`` / ``layoff`` / ``out``:
        ``reshuffle`` (``cards``, ``pass``), ``blocked`` (``deal_no``, ``passes``), ``deal_end``
        (``deal_no``, ``out``, ``blocked``, ``deltas``) and ``match_limit`` (``rounds``). Privately: ``hand``
        (every held card), ``building`` (``{"kind", "cards": ["7H", "2C=8H"], "staged": [...]}``
        or ``None``) and ``layoff_card``.

        Every call builds fresh dicts and lists (callers may change them, nothing is shared with
        the state), the view dict from a copy of a template with every key in order (see
        :class:`_ViewMemo`); only immutable parts (tuples, strings) are cached."""
        memo = self._view_memo()
        phase, turn, pile = self.phase, self.turn, self.pile
        busy = self.built or self.staged
        v = (memo.public if seat is None else memo.private).copy()
        v["seat"] = seat
        v["rev"] = self.rev
        v["to_act"] = None if phase == "over" else turn
        v["phase"] = phase
        v["deal_no"] = self.round_no
        v["dealer"] = self.dealer
        v["first_dealer_cards"] = [*self.jack_cards]
        v["hand_counts"] = counts = [*map(len, self.hands)]
        v["scores"] = [*self.scores]
        v["contracts"] = [*self.contract]
        v["opened"] = [*self.opened]
        v["melds"] = self._melds_json(memo)
        v["stock_count"] = len(self.stock)
        v["stock_pass"] = self.reshuffles + 1
        if pile:
            v["discard_top"] = pile[-1].code
        v["discard_count"] = len(pile)
        v["must_go_out"] = self.must_out
        last = self.last_deal
        v["last_deal"] = None if last is None else _last_deal_json(last)
        v["events"] = _events_json(self.events)
        if phase == "over":
            v["winners"] = [*self.winners]
        if busy:
            held, codes = self._held_now()
            counts[turn] = len(held)
        if seat is None:
            return v
        if seat != turn:
            v["hand"] = [c.code for c in self.hands[seat]]
        elif busy:
            v["hand"] = [*codes]
        else:
            hand = self.hands[seat]
            v["hand"] = codes = [c.code for c in hand]
            if phase == "meld":  # a kind was just chosen: the adds to come keep these cards held
                memo.held = (hand, (), (), (hand, tuple(codes)))
        if seat == turn and phase in ("meld", "layoff"):
            v["building"] = self._building_json(memo)
            if self.layoff_card:
                v["layoff_card"] = self.layoff_card.code
        return v

    def _view_memo(self) -> _ViewMemo:
        """The view caches, made at the first view and shared with successor states."""
        memo = self.__dict__.get("_vm")
        if memo is None:
            memo = self._vm = _ViewMemo(self)
        return memo

    def _building_json(self, memo: _ViewMemo) -> JSON:
        """The ``building`` entry of the view of the seat to act (the staged parts' texts are
        cached while they do not change)."""
        staged = self.staged
        cached = memo.staged
        if cached[0] is not staged:
            cached = memo.staged = (staged, tuple((k, _texts(k, b)) for k, b in staged))
        return {"kind": self.kind, "cards": [*_texts(self.kind, self.built)],
                "staged": [{"kind": k, "cards": [*t]} for k, t in cached[1]]}

    def _melds_json(self, memo: _ViewMemo) -> list[dict[str, object]]:
        """The laid combinations as JSON: copies of per-meld templates (their card lists fresh),
        cached while the table does not change."""
        melds = self.melds
        cached = memo.melds
        if cached[0] is not melds:
            rows = []
            for m in melds:
                codes = tuple(c.code for c in m.cards)
                row = {"id": m.id, "owner": m.owner, "kind": m.kind, "cards": codes, "as": m.reps, "closed": m.closed}
                rows.append((row, codes, m.reps))
            cached = memo.melds = (melds, rows)
        out = []
        for row, codes, reps in cached[1]:
            d = row.copy()
            d["cards"] = [*codes]
            d["as"] = [*reps]
            out.append(d)
        return out

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

    def _clone(self) -> TrioState:
        new = object.__new__(TrioState)
        new.__dict__ = self.__dict__.copy()  # one copy of the whole table, no insertions
        return new


_VIEW_KEYS = ("game", "seats", "seat", "rev", "to_act", "phase", "variant", "deal_no", "deals", "dealer",
              "first_dealer", "first_dealer_cards", "hand_counts", "scores", "contracts", "last_contract", "opened",
              "melds", "stock_count", "stock_pass", "stock_passes", "discard_top", "discard_count", "must_go_out",
              "max_rounds", "last_deal", "events", "winners")


class _ViewMemo:
    """What views reuse, shared by a state and the states made from it (one attribute keeps the
    states' dicts small, so cloning stays cheap). ``public``/``private``: the view dicts with every
    key in order and the values fixed for the match. The other entries are tuples (replaced whole,
    so a reader never mixes two) whose first items are checked by identity against the state asking
    before use, so any state of the match may refresh them: ``melds`` (the table, its JSON rows),
    ``held`` (hand, build, staged parts, (held cards, their codes)), ``staged`` (staged parts, texts)."""

    __slots__ = ("held", "melds", "private", "public", "staged")

    def __init__(self, s: TrioState) -> None:
        self.public: JSON = dict.fromkeys(_VIEW_KEYS)
        self.public.update(game=s.game.name, seats=s.seats, variant=s.variant, first_dealer=s.first_dealer,
                           last_contract=s.last, stock_passes=int(s.options["stock_passes"]),
                           max_rounds=int(s.options["max_rounds"]))
        self.private: JSON = {**self.public, "hand": None, "building": None, "layoff_card": None}
        self.melds: tuple[Any, list[tuple[JSON, tuple[str, ...], tuple[str, ...]]]] = (None, [])
        self.held: tuple[tuple[Card, ...], Built, tuple[tuple[str, Built], ...],
                         tuple[tuple[Card, ...], tuple[str, ...]]] = ((), (), (), ((), ()))  # nothing held
        self.staged: tuple[Any, tuple[tuple[str, tuple[str, ...]], ...]] = (None, ())


def _same_held(hand0: tuple[Card, ...], built0: Built, staged0: tuple[tuple[str, Built], ...],
               hand: tuple[Card, ...], built: Built, staged: tuple[tuple[str, Built], ...]) -> bool:
    """Whether (``hand``, ``built``, ``staged``) holds the same cards as (``hand0``, ``built0``,
    ``staged0``) because it is the same, or one card went from the hand to the build, or the
    build became the last staged part (cards are flyweights: ``==`` on them is identity)."""
    if staged is staged0:
        if built is built0:
            return hand is hand0
        if len(built) != len(built0) + 1 or built[:-1] != built0:
            return False
        c = built[-1][0]
        if c not in hand0:
            return False
        i = hand0.index(c)
        return hand == hand0[:i] + hand0[i + 1:]
    return (not built and len(staged) == len(staged0) + 1 and staged[:-1] == staged0
            and staged[-1][1] == built0 and hand == hand0)


# Events whose values include a list (copied for each view: a view never shares a list with the state).
_NESTED_EVENTS = {"deal_end": ("deltas",), "open": ("melds",)}


def _events_json(events: tuple[JSON, ...]) -> list[JSON]:
    """Fresh copies of the events (flat dicts, but for the lists of :data:`_NESTED_EVENTS`)."""
    out = [*map(dict.copy, events)]
    nested = _NESTED_EVENTS
    for e in out:
        if e["type"] in nested:
            for k in nested[e["type"]]:
                e[k] = [*e[k]]
    return out


def _last_deal_json(last: JSON) -> JSON:
    """A fresh copy of the ``last_deal`` record (its lists and the hands' lists copied)."""
    d = last.copy()
    d["deltas"], d["scores"], d["opened"], d["finishers"] = (
        [*last["deltas"]], [*last["scores"]], [*last["opened"]], [*last["finishers"]])
    d["hands"] = {k: [*v] for k, v in last["hands"].items()}
    d["melds"] = [{**m, "cards": [*m["cards"]], "as": [*m["as"]]} for m in last.get("melds", ())]
    return d


_TEXTS: dict[tuple[str, Built], tuple[str, ...]] = {}


def _texts(kind: str, built: Built) -> tuple[str, ...]:
    """The codes of a build, a wild written with what it stands for (``"2C=8H"``); memoized
    (bounded: cleared when large)."""
    key = (kind, built)
    found = _TEXTS.get(key)
    if found is None:
        reps = represented(kind, built) if built else []
        ordered = sorted(built, key=lambda cp: cp[1]) if kind == "seq" else list(built)
        found = tuple(f"{c.code}={r}" if is_wild(c) else c.code for (c, _), r in zip(ordered, reps, strict=True))
        if len(_TEXTS) > 20_000:
            _TEXTS.clear()
        _TEXTS[key] = found
    return found


def new_state(game: Any, variant: str, seats: int, seed: int | str, options: dict[str, Any]) -> TrioState:
    s = object.__new__(TrioState)
    s._init_base(game, seats, seed, options)
    s.variant = variant
    s.round_no, s.scores, s.contract = 0, (0,) * seats, (1,) * seats
    s.last_deal, s.events, s.winners = None, (), ()
    s.opened_last_at = (-1,) * seats
    s._choose_first_dealer()
    s._deal()
    return s


__all__ = ["TrioState", "card", "is_complete", "legal_adds", "new_state"]
