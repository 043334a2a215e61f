"""discord.py's private internals are reached from one module (bot/ui/discord_private.py), read
against one pinned release: another release fails here before it fails in production."""

from __future__ import annotations

import ast
from pathlib import Path

import discord

from bot.ui import discord_private

ROOT = Path(__file__).resolve().parents[2]
#: discord.py's private attributes Tapis reaches (every one in discord_private)
PRIVATE = {"_state", "_session", "_connection", "_http", "_get_all_commands", "_response_type", "_view_store",
           "_views"}


def test_discord_py_is_the_release_the_private_reaches_were_read_against() -> None:
    assert discord.__version__ == discord_private.DISCORD_VERSION


def test_no_other_module_reaches_discord_py_s_privates() -> None:
    found = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        if path.name == "discord_private.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [node.attr] if isinstance(node, ast.Attribute) else \
                [node.args[1].value] if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id == "getattr" and len(node.args) > 1 and isinstance(node.args[1], ast.Constant) else []
            found += [f"{path.relative_to(ROOT)}:{node.lineno} {n}" for n in names if n in PRIVATE]
    assert found == []
