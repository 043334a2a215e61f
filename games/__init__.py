"""Tapis game engines: pure rules, no Discord, no images.

``GAMES`` maps a game's name to its :class:`~games.base.Game`; :func:`find_game` looks one up.
Each game package registers itself here when it lands.
"""

from __future__ import annotations

from games.base import Game
from games.errors import GameError

GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add ``game`` to :data:`GAMES` under its name."""
    GAMES[game.name] = game
    return game


def find_game(name: str) -> Game:
    """The registered game called ``name`` (case-insensitive).

    :raises GameError: when no such game is registered.
    """
    game = GAMES.get(name.strip().lower())
    if game is None:
        known = ", ".join(sorted(GAMES)) or "-"
        raise GameError.of("error.unknown_game", name=repr(name), known=known)
    return game


def _register_builtin() -> None:
    import importlib

    for module in ("games.tarot", "games.tresillo", "games.trio", "games.piquet"):
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:  # a real import error inside an existing game
                raise


_register_builtin()
