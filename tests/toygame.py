"""A tiny trick game that proves the engine contract suite before the real games land.

2 to 4 seats, 3 cards each from a Piquet pack, two deals; follow suit, the highest card of the led
suit wins; each trick pays its winner ``seats - 1`` and costs every other seat 1 (zero-sum).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.base import JSON, Action, Game, Option, Outcome, State
from games.cards import Card, card, piquet_deck, sort_cards
from games.errors import InvalidAction
from games.rng import deal_rng

ORDER = {r: i for i, r in enumerate(("7", "8", "9", "10", "J", "Q", "K", "A"))}


class ToyState(State):
    hands: tuple[tuple[Card, ...], ...]
    trick: tuple[tuple[int, Card], ...]
    leader: int
    deal_no: int
    scores: tuple[int, ...]
    last_trick: tuple[tuple[int, Card], ...]

    def _deal(self) -> None:
        deck = piquet_deck()
        deal_rng(self.seed, self.deal_no).shuffle(deck)
        self.hands = tuple(tuple(deck[i * 3:(i + 1) * 3]) for i in range(self.seats))
        self.trick = ()
        self.leader = self.deal_no % self.seats

    def to_act(self) -> int | None:
        if self.deal_no >= self.options["deals"]:
            return None
        return (self.leader + len(self.trick)) % self.seats

    def _legal(self) -> list[Action]:
        hand = self.hands[self.to_act() or 0]
        playable = hand
        if self.trick:
            led = self.trick[0][1].suit
            follow = tuple(c for c in hand if c.suit == led)
            playable = follow or hand
        return [Action("play", c.code) for c in sort_cards(playable)]

    def _advance(self, seat: int, action: Action) -> None:
        played = card(action.arg)
        hands = list(self.hands)
        hands[seat] = tuple(c for c in hands[seat] if c is not played)
        self.hands = tuple(hands)
        self.trick = (*self.trick, (seat, played))
        if len(self.trick) < self.seats:
            return
        led = self.trick[0][1].suit
        winner = max((p for p in self.trick if p[1].suit == led), key=lambda p: ORDER[p[1].rank])[0]
        self.scores = tuple(s + (self.seats - 1 if i == winner else -1) for i, s in enumerate(self.scores))
        self.last_trick, self.trick, self.leader = self.trick, (), winner
        if not self.hands[0]:
            self.deal_no += 1
            if self.deal_no < self.options["deals"]:
                self._deal()

    def view(self, seat: int | None) -> JSON:
        v: JSON = {"game": "toy", "seats": self.seats, "seat": seat, "rev": self.rev,
                   "to_act": self.to_act(), "phase": "play" if self.to_act() is not None else "over",
                   "deal_no": self.deal_no, "deals": self.options["deals"], "dealer": self.leader,
                   "hand_counts": [len(h) for h in self.hands], "tricks_won": [0] * self.seats,
                   "last_trick": None, "contract": None, "last_deal": None,
                   "scores": list(self.scores),
                   "trick": [[s, c.code] for s, c in self.trick],
                   "events": [{"type": "trick", "cards": [[s, c.code] for s, c in self.last_trick]}]}
        if seat is not None:
            v["hand"] = [c.code for c in self.hands[seat]]
        return v

    def outcome(self) -> Outcome | None:
        return Outcome.from_scores(self.scores) if self.to_act() is None else None


class ToyGame(Game):
    name = "toy"
    titles = {"fr": "Jeu d'essai", "en": "Toy game"}
    min_seats = 2
    max_seats = 4
    zero_sum = True

    def options(self) -> list[Option]:
        return [Option("deals", 2, {"fr": "Nombre de donnes", "en": "Number of deals"}, minimum=1, maximum=5)]

    def new(self, seats: int, seed: int | str, options: Mapping[str, Any] | None = None) -> ToyState:
        self.check_seats(seats)
        s = object.__new__(ToyState)
        s._init_base(self, seats, seed, self.resolve_options(options))
        s.deal_no, s.scores, s.last_trick = 0, (0,) * seats, ()
        s._deal()
        return s

    def parse_action(self, text: str) -> Action:
        kind, arg = Action.split(text)
        if kind != "play":
            raise InvalidAction(f"Unknown action {text!r}.", f"Action inconnue {text!r}.")
        try:
            return Action("play", card(arg).code)
        except ValueError as exc:
            raise InvalidAction(str(exc)) from exc


TOY = ToyGame()
