"""Shared pieces of the computer players' levels: the search budget loop and the easy level.

Levels (``Game.computer_player(level)``): ``"easy"`` (a plausible beginner: each game's
``easy.Beginner``, bidding from a rule of thumb and playing legal, sensible cards with a beginner's
mistakes), ``"normal"`` (the heuristic player) and ``"expert"`` (determinized search, games with
an ``expert`` module). Expert players also offer ``advise(view, legal, rng, budget)``:
their options best first as ``(action, expected points, win chance or None)``.

The experts share one skeleton: :class:`Expert` (the budget, the normal player it falls
back on, ``choose`` and ``advise``) and :func:`determinized` (deal the hidden cards as this seat may
believe them, play every option out on that deal, keep the sums); each game supplies what differs:
what it remembers of a deal (:meth:`Expert.observe`), its decisions (:meth:`Expert.decide`), how it
deals the unseen cards and plays an option out.
"""

from __future__ import annotations

import hashlib
import json
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from games.base import JSON, Action, Player

LEVELS = ("easy", "normal", "expert")


def bits(mask: int) -> list[int]:
    """The set bit positions of ``mask``, lowest first (card indices of a hand's bit mask)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out

#: the expert's default thinking time per decision (seconds)
DEFAULT_BUDGET = 1.0
#: the load floor: the fewest samples an expert runs per searched decision under a time budget,
#: however loaded the machine: the smallest count measured where it clearly beats the normal level
#: on duplicate deals (``benchmarks/ai_levels.py --samples floor``). A fixed ``samples`` count is
#: run as given. L'École's expert was not shown clear of the normal level below its default-cpu
#: count (470 samples, about 1 CPU-s a decision): its floor keeps a loaded decision near 0.1 s.
#: Tarot at 3 or 5 seats (``tarot3``, ``tarot5``) has its own floor where given.
FLOOR_SAMPLES: dict[str, int] = {"tarot": 16, "tresillo": 100, "piquet": 64, "trio": 64, "ecole": 64}


class Search:
    """Counts samples while a time budget (seconds) or a sample count remains.

    The time of the slowest round so far is anticipated, so a decision rarely overruns its
    budget; ``min_samples`` rounds are always run. Without a budget or a count, 64 rounds.
    """

    #: decisions searched and samples run by every search of this process (for benchmarks)
    tally: ClassVar[dict[str, int]] = {"decisions": 0, "samples": 0}

    def __init__(self, budget: float | None, samples: int | None = None, min_samples: int = 4) -> None:
        self.budget = budget
        self.samples = samples
        self.min_samples = min_samples

    def loop(self) -> Iterator[int]:
        Search.tally["decisions"] += 1
        for n in self._loop():
            Search.tally["samples"] += 1
            yield n

    def _loop(self) -> Iterator[int]:
        start = last = time.perf_counter()
        worst = 0.0
        n = 0
        while True:
            if self.samples is not None and n >= self.samples:
                return
            now = time.perf_counter()
            worst = max(worst, now - last)
            last = now
            if self.budget is not None and self.samples is None and n >= self.min_samples \
                    and now - start + worst > self.budget:
                return
            if self.samples is None and self.budget is None and n >= 64:
                return
            yield n
            n += 1


Advice = tuple[Action, float, float | None]
Opt = TypeVar("Opt")
W = TypeVar("W")


@dataclass
class Tally:
    """What one option earned over the sampled deals: the sum of its results, how many deals, and
    how many of them it won (as the game counts a win)."""

    total: float = 0.0
    n: int = 0
    wins: int = 0

    def mean(self) -> float:
        return self.total / max(self.n, 1)


def determinized(search: Search, options: Sequence[Opt], deal: Callable[[], W | None],
                 outcome: Callable[[W, Opt], tuple[float, bool]]) -> tuple[dict[Opt, Tally], int]:
    """Determinized sampling: while ``search`` lasts, ``deal()`` the hidden cards once (``None``: no
    deal fits what this seat knows, stop) and play every option out on that deal (``outcome``:
    its result for this seat and whether it won), in ``options`` order. Returns each option's
    :class:`Tally` and the number of deals sampled."""
    tallies = {o: Tally() for o in options}
    count = 0
    for _ in search.loop():
        world = deal()
        if world is None:
            break
        for o in options:
            value, won = outcome(world, o)
            t = tallies[o]
            t.total += value
            t.n += 1
            t.wins += won
        count += 1
    return tallies, count


def information_rng(view: JSON, legal: Sequence[Action], rng: random.Random) -> random.Random:
    """The generator a search draws its samples from: seeded by what the seat knows (its view and
    its legal actions), so that asked twice from the same information with the same samples an
    expert gives the same answer, whoever asks (a table, a hint, a review). ``rng`` still gives
    its 64 bits, as before, so the caller's stream goes on the same."""
    rng.getrandbits(64)
    text = json.dumps([view, [str(a) for a in legal]], sort_keys=True, default=str)
    return random.Random(int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big"))


class Expert:
    """The skeleton of an expert player (one instance per seat; copyable and picklable, so the
    computer-player workers may hold it): a time ``budget`` per decision or a fixed number of
    ``samples`` (then deterministic from the ``rng``), and the game's normal player to fall back
    on. :meth:`advise` notes the view (:meth:`observe`), draws a fresh generator from ``rng``,
    answers a forced move at once (when :attr:`forced_at_once`), then asks :meth:`decide`; what
    it leaves (``[]``) the normal player chooses."""

    #: a single legal action is answered at once (the Tresillo expert lets the normal player see it)
    forced_at_once: ClassVar[bool] = True
    #: the game's name in :data:`FLOOR_SAMPLES`
    game: ClassVar[str] = ""

    def __init__(self, budget: float | None = DEFAULT_BUDGET, samples: int | None = None) -> None:
        self.budget = budget
        self.samples = samples
        self.normal = self.normal_player()

    def normal_player(self) -> Player:
        """The game's normal player, which decides what the search leaves."""
        raise NotImplementedError

    def choose(self, view: JSON, legal: Sequence[Action], rng: random.Random) -> Action:
        return self.advise(view, legal, rng)[0][0]

    def advise(self, view: JSON, legal: Sequence[Action], rng: random.Random,
               budget: float | None = None) -> list[Advice]:
        """Every considered option, best first: ``(action, expected points for this seat, win chance
        or None)``."""
        self.observe(view)
        search = Search(budget if budget is not None else self.budget, self.samples, self.floor(view))
        r = information_rng(view, legal, rng)
        if self.forced_at_once and len(legal) == 1:
            return [(legal[0], 0.0, None)]
        return self.decide(view, legal, r, search) or self.fallback(view, legal, r)

    def floor(self, view: JSON) -> int:
        """The fewest samples a searched decision runs under a time budget (:data:`FLOOR_SAMPLES`)."""
        return FLOOR_SAMPLES.get(self.game, 4)

    def observe(self, view: JSON) -> None:
        """Note what ``view`` tells (a new deal, cards seen) before any decision."""

    def decide(self, view: JSON, legal: Sequence[Action], rng: random.Random,
               search: Search) -> list[Advice]:
        """The searched options, best first, or ``[]`` to let the normal player choose."""
        return []

    def fallback(self, view: JSON, legal: Sequence[Action], rng: random.Random) -> list[Advice]:
        """The normal player's choice first, then the other legal actions (unweighed)."""
        choice = self.normal.choose(view, legal, rng)
        first: list[Advice] = [(choice, 0.0, None)]
        return first + [(a, 0.0, None) for a in legal if a != choice]


def make_player(level: str, normal: Callable[[], Player], expert: Callable[[], Player] | None = None,
                easy: Callable[[], Player] | None = None, **expert_args: Any) -> Player:
    """The player of ``level`` from the game's factories (``expert`` and ``easy`` fall back on
    normal when the game has none). :raises ValueError: on an unknown level."""
    if level == "normal":
        return normal()
    if level == "easy":
        return easy() if easy is not None else normal()
    if level == "expert":
        return expert(**expert_args) if expert is not None else normal()
    raise ValueError(f"unknown level {level!r} (expected one of {', '.join(LEVELS)})")
