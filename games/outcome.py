"""The result of a whole match (:meth:`games.base.State.outcome`): each seat's score, the seats best
first and each seat's place, ties sharing one."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

JSON = dict[str, Any]


@dataclass(frozen=True)
class Outcome:
    """The result of a whole match.

    ``scores``: one number per seat; ``ranking``: seats best first; ``places``: each seat's place
    (0 = first; tied seats share a place).
    """

    scores: tuple[float, ...]
    ranking: tuple[int, ...]
    places: tuple[int, ...]

    @classmethod
    def from_scores(cls, scores: Sequence[float], *, higher_is_better: bool = True) -> Outcome:
        """Rank seats by score; equal scores share a place (ranking ties by seat number)."""
        sign = -1 if higher_is_better else 1
        ranking = tuple(sorted(range(len(scores)), key=lambda s: (sign * scores[s], s)))
        places = [0] * len(scores)
        for pos, seat in enumerate(ranking):
            prev = ranking[pos - 1] if pos else None
            places[seat] = places[prev] if prev is not None and scores[prev] == scores[seat] else pos
        return cls(tuple(scores), ranking, tuple(places))

    def to_json(self) -> JSON:
        return {"scores": list(self.scores), "ranking": list(self.ranking), "places": list(self.places)}

