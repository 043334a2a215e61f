"""The review of a finished deal: each of one seat's decisions weighed by the expert from that
seat's information at that moment.

For every decision of the seat in the deal, the state before it is rebuilt from the saved log and
the expert (:mod:`games.search`, a fixed number of samples, its draws fixed by the seat's
information) is asked for its options from the seat's own view (``view(seat)``: its hand and what
it had seen, never the other hands), as it is asked when it plays. The expected deal score of the
move played and of the best move found give the loss; a move the expert did not weigh among its
options is weighed against the best one alone, on the same sampled deals. A forced move is not
graded; neither is one the expert leaves to the normal player (no estimate).

The loss becomes a grade on thresholds scaled to the deal's stakes (:data:`GRADES`); the deal's
accuracy is the mean of each graded move's accuracy, from its loss as a share of the stakes, in the
spirit of Lichess's accuracy (:func:`move_accuracy`). The same deal, seat and samples always give
the same review.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from games.base import Action, Game, Step
from games.search import Advice, Expert

__all__ = ["GRADES", "SAMPLES", "Decision", "Review", "Reviewer", "grade", "move_accuracy", "review_deal"]

#: samples per weighed decision: the review's fixed budget
SAMPLES = 200
#: (grade, the largest loss it allows as a share of the deal's stakes), best first
GRADES: tuple[tuple[str, float], ...] = (
    ("excellent", 0.02), ("good", 0.06), ("inaccuracy", 0.15), ("mistake", 0.30), ("blunder", math.inf))
#: a deal's least stakes per game (points a seat can commonly win or lose on one deal): a quiet deal's
#: small expected scores do not make every small loss a blunder
LEAST_STAKES: Mapping[str, float] = {"tarot": 40.0, "tresillo": 4.0, "piquet": 20.0, "trio": 40.0, "ecole": 40.0}


def grade(loss: float, stakes: float) -> str:
    """The grade of a move that lost ``loss`` expected points on a deal of ``stakes``."""
    share = max(0.0, loss) / stakes
    return next(name for name, most in GRADES if share <= most)


def move_accuracy(loss: float, stakes: float) -> float:
    """A move's accuracy in percent: Lichess's curve ``103.1668 e^(-0.04354 d) - 3.1669`` of the
    loss ``d`` counted in percent of the deal's stakes (Lichess counts it in winning chances)."""
    lost = 100.0 * max(0.0, loss) / stakes
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * lost) - 3.1669))


@dataclass(frozen=True)
class Decision:
    """One weighed decision: where it is in the log, the move played and the best found, with their
    expected deal scores for the seat (``None``: not graded; ``forced`` a single legal move)."""

    index: int
    played: str
    best: str
    played_value: float | None
    best_value: float | None
    forced: bool = False
    why: tuple[str, ...] = ()  # what the deal did with the move, in no language (:func:`captures`)

    @property
    def loss(self) -> float | None:
        if self.played_value is None or self.best_value is None:
            return None
        return max(0.0, self.best_value - self.played_value)

    def to_json(self) -> dict[str, Any]:
        out = {"i": self.index, "played": self.played, "best": self.best, "pv": self.played_value,
               "bv": self.best_value, "forced": self.forced}
        return {**out, "why": list(self.why)} if self.why else out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Decision:
        return cls(int(data["i"]), str(data["played"]), str(data["best"]), data["pv"], data["bv"],
                   bool(data["forced"]), tuple(str(w) for w in data.get("why") or ()))


@dataclass(frozen=True)
class Review:
    """A seat's decisions in one deal, weighed; :attr:`stakes` scales the grades."""

    game: str
    seat: int
    deal_no: int
    samples: int
    decisions: tuple[Decision, ...]
    stakes: float

    def graded(self) -> list[tuple[Decision, str]]:
        """Each graded decision with its grade, in the order played."""
        return [(d, grade(d.loss, self.stakes)) for d in self.decisions if d.loss is not None]

    def accuracy(self) -> float | None:
        """The mean accuracy of the graded decisions, in percent (``None``: none graded)."""
        losses = [d.loss for d in self.decisions if d.loss is not None]
        if not losses:
            return None
        return sum(move_accuracy(loss, self.stakes) for loss in losses) / len(losses)

    def key_moments(self, count: int = 3) -> list[Decision]:
        """The ``count`` costliest decisions graded below "good", in the order played."""
        good = dict(GRADES)["good"] * self.stakes
        costly = sorted((d for d in self.decisions if d.loss is not None and d.loss > good),
                        key=lambda d: (-(d.loss or 0.0), d.index))[:count]
        return sorted(costly, key=lambda d: d.index)

    def to_json(self) -> dict[str, Any]:
        return {"v": 1, "game": self.game, "seat": self.seat, "deal": self.deal_no, "samples": self.samples,
                "stakes": self.stakes, "decisions": [d.to_json() for d in self.decisions]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Review:
        return cls(str(data["game"]), int(data["seat"]), int(data["deal"]), int(data["samples"]),
                   tuple(Decision.from_json(d) for d in data["decisions"]), float(data["stakes"]))


def review_deal(game: Game, saved: Mapping[str, Any], seat: int, deal_no: int,
                samples: int = SAMPLES) -> Review:
    """Weigh ``seat``'s decisions in deal ``deal_no`` (0-based) of the saved match ``saved``
    (:meth:`games.base.State.to_json`, finished or not past that deal): :class:`Reviewer` to the end.

    :raises CorruptState: when the log does not replay; :raises ValueError: when the game has no
        expert, or the seat made no decision in that deal.
    """
    reviewer = Reviewer(game, saved, seat, deal_no, samples)
    while reviewer.step():
        pass
    return reviewer.review()


class Reviewer:
    """A review made one decision at a time (:meth:`step`), so each step can be a short job of a
    worker; it pickles between steps with the expert's memory of the deal. The steps' results are
    those of :func:`review_deal` whatever the process each runs in."""

    def __init__(self, game: Game, saved: Mapping[str, Any], seat: int, deal_no: int,
                 samples: int = SAMPLES) -> None:
        self.game, self.saved, self.seat, self.deal_no, self.samples = game, dict(saved), seat, deal_no, samples
        self.expert = _expert(game, samples)
        self.points = [i for i, _ in self._steps()]
        if not self.points:
            raise ValueError(f"seat {seat} made no decision in deal {deal_no + 1}")
        self.decisions: list[Decision] = []
        self.captured = captures(game, saved, seat, deal_no)

    def step(self) -> bool:
        """Weigh the next decision; ``True`` while decisions remain after it."""
        if len(self.decisions) < len(self.points):
            index = self.points[len(self.decisions)]
            step = next(step for i, step in self._steps() if i == index)
            key = f"{self.saved.get('seed')}:{self.deal_no}:{self.seat}"
            decision = _weigh(self.game, self.expert, step, index, key)
            if index in self.captured:
                decision = replace(decision, why=("captured", self.captured[index]))
            self.decisions.append(decision)
        return len(self.decisions) < len(self.points)

    def review(self) -> Review:
        """The review of the decisions weighed so far (all of them once :meth:`step` said so)."""
        weighed = [abs(d.best_value) for d in self.decisions if d.best_value is not None and not d.forced]
        least = LEAST_STAKES.get(self.game.name, 1.0)
        stakes = max(least, sum(weighed) / len(weighed)) if weighed else least
        return Review(self.game.name, self.seat, self.deal_no, self.samples, tuple(self.decisions), stakes)

    def _steps(self) -> list[tuple[int, Step]]:
        return [(i, step) for i, step in enumerate(self.game.replay(self.saved))
                if step.seat == self.seat and step.before.deal_index() == self.deal_no]

    def __getstate__(self) -> dict[str, Any]:
        return {**self.__dict__, "game": self.game.name}

    def __setstate__(self, data: dict[str, Any]) -> None:
        from games import GAMES

        self.__dict__.update({**data, "game": GAMES[data["game"]]})


def captures(game: Game, saved: Mapping[str, Any], seat: int, deal_no: int) -> dict[int, str]:
    """Tarot: the seat's Petit and Kings the other camp won in deal ``deal_no`` (docs/rules/tarot.md,
    « Cards and their points »), by the log index of the move that played each (the deal is over: the camps are
    known). Empty for the other games."""
    if game.name != "tarot":
        return {}
    played: dict[str, int] = {}
    winners: dict[str, int] = {}
    camp: tuple[Any, Any] = (None, None)
    for i, step in enumerate(game.replay(saved)):
        if step.before.deal_index() != deal_no:
            if played:
                break
            continue
        kind, _, card = step.text.partition(":")
        if kind == "play":
            camp = (getattr(step.before, "taker", None), getattr(step.before, "partner", None))
            if step.seat == seat and (card == "T1" or card.startswith("K")):
                played[card] = i
        for event in step.after.view(None).get("events") or ():  # the trick this card completed
            if kind == "play" and isinstance(event, dict) and event.get("type") == "trick" \
                    and isinstance(event.get("winner"), int) and [step.seat, card] in event.get("cards", []):
                for _, code in event["cards"]:
                    winners[str(code)] = int(event["winner"])
    if camp[0] is None:
        return {}
    attack = {s for s in camp if isinstance(s, int)}
    return {i: card for card, i in played.items()
            if card in winners and (winners[card] in attack) != (seat in attack)}


def _expert(game: Game, samples: int) -> Expert:
    # every game with an expert takes ``samples`` (the base signature names only the level)
    expert = game.computer_player("expert", samples=samples)  # type: ignore[call-arg]  # the base signature names only the level
    if not isinstance(expert, Expert):
        raise ValueError(f"{game.name} has no expert to review with")
    return expert


def _weigh(game: Game, expert: Expert, step: Step, index: int, key: str) -> Decision:
    """One decision weighed (:func:`review_deal`); the expert notes the view once."""
    state, seat = step.before, step.seat
    legal = state.legal_actions(seat)
    played = game.parse_action(step.text)
    view = state.view(seat)
    if len(legal) <= 1:
        expert.observe(view)  # as the live expert sees a forced move's view with its next decision
        return Decision(index, step.text, step.text, None, None, forced=True)
    advice = expert.advise(view, legal, random.Random(f"review:{key}:{index}"))
    values = _estimates(advice)
    if not values:
        return Decision(index, step.text, str(advice[0][0]), None, None)
    best = max(values, key=lambda a: (values[a], -legal.index(a) if a in legal else 0))
    if played not in values:  # pruned from its options (a card worth another): weighed beside the best
        pair = _estimates(expert.advise(view, [played, best], random.Random(f"review:{key}:{index}:pair")))
        if played not in pair or best not in pair:
            return Decision(index, step.text, str(best), None, values[best])
        return Decision(index, step.text, str(best), pair[played], pair[best])
    return Decision(index, step.text, str(best), values[played], values[best])


def _estimates(advice: Sequence[Advice]) -> dict[Action, float]:
    """The options the expert weighed: an option it left unweighed (the normal player's choice,
    0 points and no win chance) has no estimate."""
    return {action: value for action, value, win in advice if win is not None or value != 0.0}
