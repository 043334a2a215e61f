"""games/ and rendering/ never import discord; games/ never imports Pillow (DEVELOPERS.md)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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
