"""Layering: games/ and rendering/ never import discord, games/ never imports Pillow (DEVELOPERS.md);
bot/ in layers, ui > service > infra > storage, with no import circle."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def modules(package: str) -> list[str]:
    found = []
    for path in sorted((ROOT / package).rglob("*.py")):
        rel = path.relative_to(ROOT).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts.pop()
        found.append(".".join(parts))
    return found


def imported_after(mods: list[str]) -> set[str]:
    code = ("import importlib, sys\n"
            f"for m in {mods!r}: importlib.import_module(m)\n"
            "print('\\n'.join(sorted(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return {line.split(".")[0] for line in out.stdout.split()}


def test_games_import_neither_discord_nor_pillow() -> None:
    loaded = imported_after(modules("games"))
    assert "discord" not in loaded
    assert "PIL" not in loaded


def test_rendering_never_imports_discord() -> None:
    loaded = imported_after(modules("rendering"))
    assert "discord" not in loaded


# -- bot/ in layers ------------------------------------------------------------------

#: a layer may import only the layers listed after it (and itself); ``bot.app`` (the composition
#: root) builds everything, ``bot.__main__`` starts it
BELOW = {"app": {"ui", "service", "infra", "storage"}, "ui": {"service", "infra", "storage"}, "service": {"infra", "storage"},
         "infra": {"storage"}, "storage": set()}


def _runtime_imports(tree: ast.AST, module: str, is_package: bool) -> set[str]:
    """The ``bot`` modules ``tree`` imports, in functions and under ``TYPE_CHECKING`` too (a type is a dependency)."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = module.split(".")[: len(module.split(".")) - node.level + (1 if is_package else 0)]
                base = ".".join([*parts, base] if base else parts)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def bot_graph() -> dict[str, set[str]]:
    """``bot`` module -> the ``bot`` modules it imports at run time (``from bot import x`` counts as
    importing ``bot.x`` when that is a module)."""
    names = set(modules("bot"))
    graph: dict[str, set[str]] = {}
    for name in names:
        path = ROOT / Path(*name.split("."))
        is_package = path.is_dir()
        source = (path / "__init__.py") if is_package else path.with_suffix(".py")
        imported = _runtime_imports(ast.parse(source.read_text(encoding="utf-8")), name, is_package)
        graph[name] = {m for m in imported if m in names and m not in ("bot", name)}
    return graph


def layer(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in BELOW else None


def test_bot_layers_import_downwards_only() -> None:
    wrong = [f"{a} -> {b}" for a, targets in sorted(bot_graph().items()) for b in sorted(targets)
             if layer(a) is not None and layer(b) is not None and layer(b) != layer(a)
             and layer(b) not in BELOW[layer(a)]]  # type: ignore[index]
    assert wrong == []


def test_bot_has_no_import_circle() -> None:
    """Not even the storage factory's: the backends import the API they implement
    (:mod:`bot.storage.database`) and only :mod:`bot.storage.open` imports the backends."""
    assert circles(bot_graph()) == []


#: the UI modules that still import bot/storage, each with its reason; every other one reaches the
#: saved data through the services (:class:`bot.service.archive.Archive`, what Discord was shown through
#: :class:`bot.service.shown_records.ShownRecords`)
UI_INTO_STORAGE = {
    # the local mode's start-up, a composition root of its own: it opens the database it hands to bot.app.build
    "bot.ui.local": "open_database",
    # whether the shards are leased reads the database URL's scheme, no data (bot.storage.is_postgres)
    "bot.ui.client": "is_postgres",
}


def test_the_ui_reaches_data_through_the_services() -> None:
    """No ``bot.ui`` module imports ``bot.storage`` (at module level, in a function or for a type)
    but those of :data:`UI_INTO_STORAGE`."""
    into = {a for a, targets in bot_graph().items() if layer(a) == "ui" and any(layer(b) == "storage" for b in targets)}
    assert into == set(UI_INTO_STORAGE)


BLOCK_DISCORD = """
import importlib, sys

class NoDiscord:
    def find_spec(self, name, path=None, target=None):
        if name == "discord" or name.startswith("discord."):
            raise ImportError(f"{name} imported by bot.service")
        return None

sys.meta_path.insert(0, NoDiscord())
for m in MODULES:
    importlib.import_module(m)
print(sorted(m for m in sys.modules if m.split(".")[0] == "discord"))
"""


def test_bot_service_imports_without_discord() -> None:
    mods = [m for m in modules("bot/service")]
    code = BLOCK_DISCORD.replace("MODULES", repr(mods))
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["[]"]


# -- games/: no import circle inside a game package -------------------------------------------------

def _imports_of(tree: ast.AST, module: str, is_package: bool, names: set[str]) -> set[str]:
    """The modules of ``names`` that ``tree`` imports, in functions and under ``TYPE_CHECKING`` too:
    ``from p import m`` is an import of the module ``p.m`` when there is one (not of ``p``'s ``__init__``)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = module.split(".")[: len(module.split(".")) - node.level + (1 if is_package else 0)]
                base = ".".join([*parts, base] if base else parts)
            submodules = {f"{base}.{alias.name}" for alias in node.names} & names
            found.update(submodules)
            if len(submodules) < len(node.names):
                found.add(base)
    return found & names - {module}


def package_graph(package: str) -> dict[str, set[str]]:
    """Module of ``package`` -> the modules of ``package`` it imports (a type is a dependency)."""
    names = set(modules(package))
    graph: dict[str, set[str]] = {}
    for name in names:
        path = ROOT / Path(*name.split("."))
        is_package = (path / "__init__.py").is_file()  # rendering/assets/ is a folder beside rendering/assets.py
        source = (path / "__init__.py") if is_package else path.with_suffix(".py")
        graph[name] = _imports_of(ast.parse(source.read_text(encoding="utf-8")), name, is_package, names)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of ``graph``: its strongly connected components of more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def strong(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return found


GAME_PACKAGES = sorted(p.name for p in (ROOT / "games").iterdir() if (p / "__init__.py").is_file())


def test_there_are_game_packages_to_check() -> None:
    assert {"tarot", "tresillo", "trio", "piquet"} <= set(GAME_PACKAGES)


@pytest.mark.parametrize("package", GAME_PACKAGES)
def test_a_game_package_has_no_import_circle(package: str) -> None:
    """A state never imports its views or explanations (the game builds them), the rules' modules
    never import the state back: each game package reads from its state upwards to its game."""
    assert circles(package_graph(f"games/{package}")) == []


def test_games_has_no_import_circle() -> None:
    assert circles(package_graph("games")) == []


def test_rendering_has_no_import_circle() -> None:
    """The table's drawing reads a layout, the layouts never import it back (a trick game's layout
    draws the generic table through :mod:`rendering.layouts.trick`); the descriptions read the
    layouts, the layouts never read the descriptions."""
    assert circles(package_graph("rendering")) == []


# -- SQL lives in bot/storage ---------------------------------------------------------------

#: what only a statement reads like (upper case, as every statement of the project is written)
SQL = re.compile(r"\bSELECT\b[\s\S]*\bFROM\b|\bSELECT\s+pg_\w+\(|\bINSERT\s+INTO\b|\bUPDATE\s+\w+\s+SET\b"
                 r"|\bDELETE\s+FROM\b|\bON\s+CONFLICT\b|\b(?:CREATE|ALTER|DROP)\s+(?:TABLE|INDEX)\b|\bPRAGMA\s+\w+")


def sql_outside_storage(root: Path) -> list[str]:
    """``path:line`` of each string literal of ``root``'s ``bot/`` outside ``bot/storage`` that reads
    as SQL (f-strings' literal parts included; docstrings are prose and skipped)."""
    found = []
    for path in sorted((root / "bot").rglob("*.py")):
        rel = path.relative_to(root)
        if rel.parts[:2] == ("bot", "storage"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                      and node.body and isinstance(node.body[0], ast.Expr)
                      and isinstance(node.body[0].value, ast.Constant)}
        found += [f"{rel}:{node.lineno}" for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
                  and SQL.search(node.value)]
    return found


def test_sql_lives_in_bot_storage() -> None:
    """Every statement is written in bot/storage; the layers above call its typed functions."""
    assert sql_outside_storage(ROOT) == []


def test_the_sql_scan_finds_statements() -> None:
    assert all(SQL.search(s) for s in ("SELECT a FROM b", "INSERT INTO t (a) VALUES (?)",
                                       "UPDATE game_tables SET status = ?", "DELETE FROM seats",
                                       "SELECT pg_try_advisory_lock($1, $2)", "PRAGMA journal_mode"))
    assert not any(SQL.search(s) for s in ("Select a card from your hand", "update the table", "SELECT_MAX"))
