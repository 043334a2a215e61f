"""One computer decision as plain data, and the loop of a thinking worker process.

A :class:`Job` carries everything a decision needs: the game, the level, the seat's view, the legal
actions, a seed, the expert's budget, and the seat's player itself, pickled (engine players remember
what they saw during the deal: tricks, voids, an écart planned; their views show only the last few
tricks). :func:`run` unpickles the player, lets it first see the views of the forced moves decided
without it (:class:`Job.seen`), decides, and returns the player pickled again with the answer. So no
worker keeps anything between jobs: any worker can take any job, a job whose worker died is sent
again as it was, and a decision is the same in a thread or in a process (and, where the player is
deterministic, every level but a time-limited expert, the same from the same seed).

This module imports only :mod:`games` (a spawned worker loads nothing from Discord).
"""

from __future__ import annotations

import logging
import pickle
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any, Protocol, runtime_checkable

from games import GAMES
from games.base import Action, Player
from games.search import Search

log = logging.getLogger(__name__)
Advice = tuple[Action, float, "float | None"]
#: a forced move decided without a worker: its view, its one legal action and its seed
Seen = tuple[dict[str, Any], list[Action], str]


@runtime_checkable
class Advisor(Protocol):
    """An expert that explains itself (Tarot, Tresillo, Piquet)."""

    def advise(self, view: dict[str, Any], legal: list[Action], rng: random.Random,
               budget: float | None = None) -> list[tuple[Action, float, float | None]]: ...


def player(game: str, level: str, budget: float, samples: int | None = None) -> Player:
    """The engine's player of ``level``; an expert gets ``budget`` seconds per decision when its
    game's factory takes it, or ``samples`` per decision when given (then the same from a seed)."""
    g = GAMES[game]
    if level == "expert":
        try:
            factory: Callable[..., Player] = g.computer_player  # the experts' take budget or samples
            if samples is not None:
                return factory(level, samples=samples)
            return factory(level, budget=budget)
        except TypeError:  # a game whose factory takes no expert arguments
            pass
    return g.computer_player(level)


@dataclass
class Job:
    """A decision (``kind`` ``"decide"``) or the expert's options (``"advise"``) for one seat, or
    the next step of a deal's review (``"review"``: ``state`` the pickled :class:`games.review.Reviewer`)."""

    kind: str
    game: str
    level: str
    view: dict[str, Any]
    legal: list[Action]
    seed: str
    budget: float = 1.0  # seconds, for an expert: set when a worker takes the job
    samples: int | None = None  # the expert's budget in samples instead (a challenge's table)
    state: bytes | None = None  # the seat's player, pickled (None: a new player)
    seen: list[bytes] = field(default_factory=list)  # forced moves since, each a pickled :data:`Seen`


@dataclass
class Reply:
    """A job's answer: the action (or the advice), and the player pickled after it decided;
    ``samples``: those an expert's search ran (``None``: it did not search), ``floor``: the fewest
    its game's search runs under a time budget (:data:`games.search.FLOOR_SAMPLES`)."""

    result: Action | list[Advice] | None
    state: bytes | None
    samples: int | None = None
    floor: int | None = None


def _restore(job: Job) -> Player:
    """The seat's player as the job carries it (a new one the first time)."""
    found: Player | None = None
    if job.state is not None:
        try:
            found = pickle.loads(job.state)
        except Exception:  # a player saved by another version of the engine: a new one
            log.warning("a %s player could not be restored: a new one decides", job.game, exc_info=True)
    return found if found is not None else player(job.game, job.level, job.budget, job.samples)


def _save(found: Player) -> bytes | None:
    try:
        return pickle.dumps(found, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # an engine player that cannot be pickled: the next decision starts afresh
        log.warning("a %s cannot be pickled: its memory of the deal is lost", type(found).__name__)
        return None


def run(job: Job) -> Reply:
    """The job's answer (runs in a worker process, or in a thread when there are none)."""
    if job.kind == "review":  # one decision of a review weighed; the reviewer goes back with it
        assert job.state is not None
        reviewer = pickle.loads(job.state)
        reviewer.step()
        return Reply(None, pickle.dumps(reviewer, protocol=pickle.HIGHEST_PROTOCOL))
    found = _restore(job)
    for entry in job.seen:  # forced moves: the player sees them as if it had decided them
        view, legal, seed = pickle.loads(entry)
        found.choose(view, legal, random.Random(seed))
    rng = random.Random(job.seed)
    explain = found if job.level == "expert" and isinstance(found, Advisor) else None
    result: Action | list[Advice] | None
    if explain is None:  # not an expert, or one that cannot explain (nor take a budget per decision)
        result = None if job.kind == "advise" else found.choose(job.view, list(job.legal), rng)
    else:  # the expert's choice is its best option, searched for this job's budget
        searches, samples = Search.tally["decisions"], Search.tally["samples"]
        options = [(a, float(points), None if chance is None else float(chance))
                   for a, points, chance in explain.advise(job.view, list(job.legal), rng, job.budget)]
        result = options if job.kind == "advise" else options[0][0]
        if Search.tally["decisions"] > searches:  # per search, when a decision runs several
            ran = (Search.tally["samples"] - samples) // (Search.tally["decisions"] - searches)
            floor = getattr(found, "floor", None)
            least = job.samples if job.samples is not None else floor(job.view) if callable(floor) else None
            return Reply(result, _save(found), ran, least)
    return Reply(result, _save(found))


def can_advise(game: str) -> bool:
    """Whether the game's expert explains its options (Tarot, Tresillo, Piquet)."""
    try:
        expert = player(game, "expert", 0.01)
        return hasattr(expert, "advise") and getattr(expert, "hints", True)
    except Exception:  # an engine without levels: no hints
        return False


def serve(conn: Connection) -> None:
    """A worker's loop: a :class:`Job` in, a :class:`Reply` (or the exception it raised) out.
    ``"ready"`` is sent once the engines are imported."""
    conn.send("ready")
    while True:
        try:
            job: Any = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):  # the bot closed the pipe or stops
            return
        try:
            answer: Reply | BaseException = run(job)
        except Exception as exc:  # an engine fault: the bot decides what to do with it
            answer = exc
        try:
            conn.send(answer)
        except (OSError, EOFError):
            return
        except Exception as exc:  # an exception that cannot be pickled
            conn.send(RuntimeError(f"{type(exc).__name__}: {exc}"))
