"""The services keep their state in objects the composition root builds (``bot/app.py``), never in a
module: no module of bot/service binds a container at module level that a function then changes
(a cache shared by every service built in the process, which a restart in a test, or a second
service, would find full)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHANGING = {"append", "add", "clear", "discard", "extend", "insert", "move_to_end", "pop", "popitem", "remove",
            "setdefault", "update"}
CONTAINERS = {"dict", "list", "set", "OrderedDict", "defaultdict", "deque", "Counter", "WeakKeyDictionary",
              "WeakValueDictionary", "WeakSet"}


def _container(value: ast.expr | None) -> bool:
    if isinstance(value, ast.Dict | ast.List | ast.Set | ast.DictComp | ast.ListComp | ast.SetComp):
        return True
    if isinstance(value, ast.Call):
        func = value.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        return name in CONTAINERS
    return False


def module_containers(tree: ast.Module) -> set[str]:
    """Names a module binds to a mutable container at its top level."""
    names = set()
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] \
            if isinstance(node, ast.AnnAssign) else []
        value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
        if _container(value):
            names |= {t.id for t in targets if isinstance(t, ast.Name)}
    return names


def changed_in_functions(tree: ast.Module, names: set[str]) -> set[str]:
    """Which of ``names`` a function changes: an item set or deleted, a changing method called, a ``global``."""
    found = set()
    for fn in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)):
        for node in ast.walk(fn):
            if isinstance(node, ast.Global):
                found |= names & set(node.names)
            elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store | ast.Del) \
                    and isinstance(node.value, ast.Name) and node.value.id in names:
                found.add(node.value.id)
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr in CHANGING and isinstance(node.func.value, ast.Name) \
                    and node.func.value.id in names:
                found.add(node.func.value.id)
    return found


def changed_module_state(source: str) -> set[str]:
    tree = ast.parse(source)
    return changed_in_functions(tree, module_containers(tree))


def test_the_check_finds_a_module_cache() -> None:
    assert changed_module_state("_KEPT = {}\ndef keep(k, v):\n    _KEPT[k] = v\n") == {"_KEPT"}
    assert changed_module_state("import collections\n_KEPT = collections.OrderedDict()\n"
                                "def drop():\n    _KEPT.popitem()\n") == {"_KEPT"}
    assert changed_module_state("SEATS = {'tarot': 4}\ndef seats(g):\n    return SEATS[g]\n") == set()


def test_no_module_of_the_services_keeps_state() -> None:
    found = {str(path.relative_to(ROOT)): names for path in sorted((ROOT / "bot" / "service").rglob("*.py"))
             if (names := changed_module_state(path.read_text()))}
    assert found == {}
