"""Engine snapshots: a state's fields as JSON, so start-up restores a table from
its latest snapshot plus the few actions after it instead of replaying its whole log.

The log stays the truth (STYLE §2: a cached snapshot is never trusted over the log). A snapshot
names the engine's source it was taken by (:func:`fingerprint`); :func:`thaw` refuses one taken by
other rules, of another game, with other fields or anything it cannot read, by raising
:class:`SnapshotError`, and the caller replays the whole log instead.

Encoding: JSON scalars as they are; every container is a list tagged by its first item:
``["t", ...]`` tuple, ``["l", ...]`` list, ``["d", k, v, ...]`` dict, ``["f", ...]`` frozenset,
``["s", ...]`` set, ``["k", family, code, ...]`` tuple of cards, ``["c", code, family]`` card,
``["e", "module:Enum", name]`` enum member, ``["n", "module:Class", ...]`` named tuple,
``["r", "module:Class", ...]`` an object its ``__reduce__`` rebuilds from arguments,
``["o", "module:Class", {field: value}]`` any other object of a ``games`` module.
"""

from __future__ import annotations

import enum
import hashlib
import importlib
import logging
import sys
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, cast

from games.base import Game, State
from games.cards import _CACHE as _CARDS
from games.cards import Card, card
from games.errors import GameError

JSON = Any
_SKIPPED = frozenset({"game", "_log", "_legal_cache", "_legal_set", "rev"})
log = logging.getLogger(__name__)
_intern = sys.intern
_PACKAGE = Path(__file__).resolve().parent


class SnapshotError(ValueError):
    """A snapshot that cannot be taken or must not be used (the log is replayed instead)."""


@cache
def fingerprint() -> str:
    """A digest of the engines' source: a snapshot taken by other rules is never used."""
    digest = hashlib.sha256()
    for path in sorted(_PACKAGE.rglob("*.py")):
        digest.update(path.relative_to(_PACKAGE).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def freeze(state: State) -> dict[str, JSON]:
    """``state``'s fields as JSON (:func:`thaw` rebuilds it). :raises SnapshotError: a field of a
    type this encoding does not know."""
    fields = {k: _encode(v) for k, v in vars(state).items() if k not in _SKIPPED}
    return {"rev": state.rev, "engine": fingerprint(), "type": _path(type(state)), "fields": fields}


def saved(state: State) -> dict[str, JSON]:
    """``state``'s save (:meth:`State.to_json`) with its snapshot under ``"snap"``; the save alone
    when a field cannot be encoded (it is then replayed, as before snapshots)."""
    data = state.to_json()
    try:
        data["snap"] = freeze(state)
    except SnapshotError as exc:
        log.warning("%s: no snapshot (%s)", state.game.name, exc)
    return data


def load(game: Game, data: Mapping[str, Any]) -> State:
    """The state of a save: from its snapshot (``data["snap"]``) and the actions after it when the
    snapshot is usable, else its whole log replayed (:meth:`Game.load`), so nothing is lost.

    :raises CorruptState: the log itself does not replay."""
    snap = data.get("snap")
    if isinstance(snap, Mapping):
        try:
            return thaw(game, data, snap)
        except (SnapshotError, GameError) as exc:
            _refused(game.name, str(exc) if isinstance(exc, SnapshotError) else "its tail does not replay")
    return game.load(data)


_TOLD: set[tuple[str, str]] = set()


def _refused(game: str, reason: str) -> None:
    """Log a refused snapshot once per game and reason (after an engine update, every snapshot
    taken before it is refused: one line, not one per table)."""
    if (game, reason) not in _TOLD:
        _TOLD.add((game, reason))
        log.warning("%s: a snapshot is not used (%s); its whole log is replayed", game, reason)


def thaw(game: Game, data: Mapping[str, Any], snap: Mapping[str, Any]) -> State:
    """The state of ``snap`` (:func:`freeze`) with the actions of the save ``data``'s log after it
    applied, through :meth:`State.apply` as a replay does.

    :raises SnapshotError: the snapshot is unusable (other engine, game or fields, unreadable).
    :raises CorruptState: an action after it does not replay (as :meth:`Game.load`)."""
    state = _thawed(game, data, snap)
    tail = {**data, "log": list(data["log"])[state.rev:]}
    for step in game._replayed(state, tail):
        state = step.after
    return state


def _thawed(game: Game, data: Mapping[str, Any], snap: Mapping[str, Any]) -> State:
    try:
        if snap.get("engine") != fingerprint():
            raise SnapshotError("taken by other rules")
        cls = _resolve(snap["type"])
        if not (isinstance(cls, type) and issubclass(cls, State)):
            raise SnapshotError("not a state")
        rev, log = snap["rev"], data["log"]
        if type(rev) is not int or not 0 <= rev <= len(log):
            raise SnapshotError("its revision is not in the log")
        fields = {_intern(k): _decode(v) for k, v in snap["fields"].items()}
        if fields.get("seats") != data.get("seats") or fields.get("seed") != data.get("seed"):
            raise SnapshotError("another match")
        expected = _fields(game, cls)  # and, set on the way, fields with a class default (Le Trio's ``drawn``)
        if not expected <= fields.keys() or any(not hasattr(cls, k) for k in fields.keys() - expected):
            raise SnapshotError("other fields")
        state = object.__new__(cls)
        state.__dict__.update(fields)
        state.game, state.rev, state._log = game, rev, [_intern(text) for text in log[:rev]]
        state._legal_cache = state._legal_set = None
    except SnapshotError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, ImportError) as exc:
        raise SnapshotError(f"unreadable: {exc!r}") from exc
    return state


@cache
def _fields(game: Game, cls: type) -> frozenset[str]:
    """The fields a state of ``game`` has (those of a new match), without the rebuilt ones."""
    fresh = game.new(game.min_seats, "fields")
    if type(fresh) is not cls:
        raise SnapshotError("another game's state")
    return frozenset(vars(fresh)) - _SKIPPED


def _path(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def _resolve(path: str) -> Any:
    module, _, name = path.partition(":")
    if not (module == "games" or module.startswith("games.")):
        raise SnapshotError(f"{module} is not an engine module")
    found: Any = importlib.import_module(module)
    for part in name.split("."):
        found = getattr(found, part)
    return found


def _encode(v: Any) -> JSON:
    if v is None or type(v) in (bool, int, float, str):
        return v
    if type(v) is Card:
        return ["c", v.code, v.family]
    if type(v) is tuple:
        if v and all(type(x) is Card for x in v) and len({x.family for x in v}) == 1:
            return ["k", v[0].family, *(x.code for x in v)]
        return ["t", *map(_encode, v)]
    if type(v) is list:
        return ["l", *map(_encode, v)]
    if type(v) is dict:
        out: list[JSON] = ["d"]
        for k, x in v.items():
            out += (_encode(k), _encode(x))
        return out
    if type(v) in (frozenset, set):
        items = sorted((_encode(x) for x in v), key=repr)
        return ["f" if type(v) is frozenset else "s", *items]
    cls = type(v)
    if not cls.__module__.startswith("games"):
        raise SnapshotError(f"cannot snapshot a {cls.__module__}.{cls.__qualname__}")
    if isinstance(v, enum.Enum):
        return ["e", _path(cls), v.name]
    if isinstance(v, tuple) and hasattr(cls, "_fields"):
        return ["n", _path(cls), *map(_encode, v)]
    if cast(object, cls.__reduce__) is not object.__reduce__:  # rebuilt from a few arguments (a trump's order)
        build, args = v.__reduce__()[:2]
        return ["r", _path(build), *map(_encode, args)]
    return ["o", _path(cls), {k: _encode(x) for k, x in _attributes(v).items()}]


def _attributes(v: object) -> dict[str, Any]:
    names = [s for c in type(v).__mro__ for s in getattr(c, "__slots__", ()) if s not in ("__dict__", "__weakref__")]
    found = {s: getattr(v, s) for s in names if hasattr(v, s)}
    found.update(getattr(v, "__dict__", {}))
    return found


def _decode(v: JSON) -> Any:
    """The value :func:`_encode` gave ``v``; texts interned (the same few words in every table)."""
    if type(v) is not list:
        if type(v) is dict:
            raise SnapshotError("an untagged object")
        return _intern(v) if type(v) is str else v
    tag = v[0]
    if tag == "k":
        family = v[1]
        return tuple([_CARDS.get((code, family)) or card(code, family) for code in v[2:]])
    if tag == "t":
        return tuple([_decode(x) if type(x) is list else _intern(x) if type(x) is str else x for x in v[1:]])
    if tag == "l":
        return [_decode(x) if type(x) is list else _intern(x) if type(x) is str else x for x in v[1:]]
    if tag == "d":
        items = [_decode(x) if type(x) is list else _intern(x) if type(x) is str else x for x in v[1:]]
        return dict(zip(items[::2], items[1::2], strict=True))
    if tag == "c":
        return _CARDS.get((v[1], v[2])) or card(v[1], v[2])
    if tag in ("f", "s"):
        return (frozenset if tag == "f" else set)(map(_decode, v[1:]))
    cls = _resolve(v[1])
    if tag == "e":
        return cls[v[2]]
    if tag in ("n", "r"):
        return cls(*map(_decode, v[2:]))
    if tag == "o":
        obj = object.__new__(cls)
        for k, x in v[2].items():
            object.__setattr__(obj, _intern(k), _decode(x))
        return obj
    raise SnapshotError(f"unknown tag {tag!r}")
