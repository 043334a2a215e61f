"""A test game whose decisions exercise every hand layout: a 3-card multi-pick (``pending_picks``),
22 choices (one menu), 40 choices (step by step, grouped by tens) and 4 choices (buttons).

2 seats; each seat makes the four decisions in turn; the highest total of taken numbers wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.base import JSON, Action, Game, Outcome, State
from games.errors import InvalidAction

SIZES = (8, 22, 40, 4)  # choices offered at each step; step 0 is three picks among 8


class WideState(State):
    step: int
    picked: tuple[int, ...]
    totals: tuple[int, ...]

    def to_act(self) -> int | None:
        return None if self.step >= 2 * len(SIZES) else self.step % 2

    def _stage(self) -> int:
        return self.step // 2

    def _legal(self) -> list[Action]:
        if self._stage() == 0:
            return [Action("drop", str(n)) for n in range(8) if n not in self.picked]
        return [Action("take", str(n)) for n in range(SIZES[self._stage()])]

    def pending_picks(self, seat: int) -> int:
        return 3 - len(self.picked) if self.to_act() == seat and self._stage() == 0 else 0

    def _advance(self, seat: int, action: Action) -> None:
        totals = list(self.totals)
        totals[seat] += int(action.arg)
        self.totals = tuple(totals)
        if action.kind == "drop":
            self.picked = (*self.picked, int(action.arg))
            if len(self.picked) < 3:
                return
            self.picked = ()
        self.step += 1

    def view(self, seat: int | None) -> JSON:
        v: JSON = {"game": "wide", "seats": 2, "seat": seat, "rev": self.rev, "to_act": self.to_act(),
                   "phase": "play" if self.to_act() is not None else "over", "scores": list(self.totals),
                   "events": []}
        if seat is not None:
            v["hand"] = []
        return v

    def outcome(self) -> Outcome | None:
        return Outcome.from_scores(self.totals) if self.to_act() is None else None


class WideGame(Game):
    name = "wide"
    titles = {"fr": "Grand choix", "en": "Wide choice"}
    min_seats = 2
    max_seats = 2
    zero_sum = False

    def new(self, seats: int, seed: int | str, options: Mapping[str, Any] | None = None) -> WideState:
        self.check_seats(seats)
        s = object.__new__(WideState)
        s._init_base(self, seats, seed, self.resolve_options(options))
        s.step, s.picked, s.totals = 0, (), (0, 0)
        return s

    def parse_action(self, text: str) -> Action:
        kind, arg = Action.split(text)
        if kind not in ("drop", "take") or not arg.isdigit():
            raise InvalidAction(f"Unknown action {text!r}.", f"Action inconnue {text!r}.")
        return Action(kind, str(int(arg)))

    def action_label(self, action: Action, locale: str = "fr") -> str:
        return f"{'Jeter' if locale == 'fr' and action.kind == 'drop' else action.kind.title()} {action.arg}"

    def action_group(self, action: Action, locale: str = "fr") -> str:
        low = int(action.arg) // 10 * 10
        return f"{low}-{low + 9}"


WIDE = WideGame()
