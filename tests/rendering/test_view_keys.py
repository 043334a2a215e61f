"""The layouts read of a view only the keys its game's view type declares (``TarotView``,
``TresilloView``, ``PiquetView``, ``TrioView`` in ``games/<game>/views.py``, checked by mypy where the
view is built): a key renamed or dropped by a game is caught here, not on a player's table image."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from games.piquet.views import PiquetView
from games.tarot.views import TarotView
from games.tresillo.views import TresilloView
from games.trio.views import TrioView

LAYOUTS = Path(__file__).resolve().parents[2] / "rendering" / "layouts"
VIEWS: dict[str, Any] = {"tarot": TarotView, "tresillo": TresilloView, "piquet": PiquetView, "trio": TrioView}
TRICK_GAMES = ("tarot", "tresillo", "piquet")  # drawn by rendering.layouts.trick.TrickLayout


def declared(view: Any) -> set[str]:
    """A TypedDict's keys, required or not."""
    return set(view.__required_keys__ | view.__optional_keys__)


def read_keys(module: str) -> set[str]:
    """The keys ``module`` reads of a name ``view``: ``view["k"]``, ``view.get("k")``, ``"k" in view``."""
    keys: set[str] = set()
    for node in ast.walk(ast.parse((LAYOUTS / f"{module}.py").read_text(encoding="utf-8"))):
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == "view":
            if isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str):
                keys.add(node.slice.value)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
            target, args = node.func.value, node.args
            if isinstance(target, ast.Name) and target.id == "view" and args and isinstance(args[0], ast.Constant):
                keys.add(str(args[0].value))
        elif isinstance(node, ast.Compare) and isinstance(node.left, ast.Constant) and isinstance(node.left.value, str):
            if any(isinstance(c, ast.Name) and c.id == "view" for c in node.comparators):
                keys.add(node.left.value)
    return keys


def test_the_reader_finds_the_keys() -> None:
    assert {"contract", "chien", "trick_no", "ecart"} <= read_keys("tarot")


@pytest.mark.parametrize("game", sorted(VIEWS))
def test_a_layout_reads_only_its_views_keys(game: str) -> None:
    assert read_keys(game) - declared(VIEWS[game]) == set()


@pytest.mark.parametrize("game", TRICK_GAMES)
def test_the_generic_layout_reads_only_keys_every_trick_game_has(game: str) -> None:
    assert (read_keys("base") | read_keys("trick")) - declared(VIEWS[game]) == set()
