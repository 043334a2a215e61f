"""The README's table of each game's table options, generated from the games' own definitions
(``Game.options()``): ``python -m tools.options_table`` rewrites it between its two markers,
``--check`` only says whether it is up to date (``tests/test_readme.py`` runs the check)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from games import GAMES
from games.base import Option

README = Path(__file__).resolve().parent.parent / "README.md"
BEGIN = "<!-- options table: python -m tools.options_table -->"
END = "<!-- end of options table -->"
ORDER = ("tarot", "tresillo", "trio", "ecole", "piquet")


def _value(option: Option, value: Any) -> str:
    """A value as typed in ``/table new options:`` and, when it has one, its English label."""
    typed = ("yes" if value else "no") if isinstance(value, bool) else str(value)  # also oui/non, sí/no
    label = option.label(value, "en")
    return f"`{typed}`" if label in (typed, str(value)) or isinstance(value, bool) else f"`{typed}` ({label})"


def _values(option: Option) -> str:
    if option.choices is not None:
        return ", ".join(_value(option, v) for v in option.choices)
    if option.kind is bool:
        return "`yes`, `no`"
    return f"`{option.minimum}` to `{option.maximum}`"


def table() -> str:
    """The markdown table: one row per option of each game (name, values, default, meaning)."""
    rows = ["| Game | Option | Values | Default | Meaning |", "|---|---|---|---|---|"]
    for name in [*ORDER, *sorted(set(GAMES) - set(ORDER))]:
        game = GAMES.get(name)
        if game is None:
            continue
        for option in game.options():
            meaning = option.describe("en").replace("|", "\\|")
            rows.append(f"| {game.title('en')} | `{option.name}` | {_values(option)} | "
                        f"{_value(option, option.default)} | {meaning} |")
    return "\n".join(rows)


def rewritten(text: str) -> str:
    """``text`` (the README) with the table between the markers replaced by :func:`table`."""
    head, begin, rest = text.partition(BEGIN)
    _, end, tail = rest.partition(END)
    if not begin or not end:
        raise ValueError(f"README.md lacks the markers {BEGIN!r} ... {END!r}")
    return f"{head}{BEGIN}\n{table()}\n{END}{tail}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="report whether README.md is up to date")
    args = parser.parse_args(argv)
    text = README.read_text(encoding="utf-8")
    new = rewritten(text)
    if args.check:
        if new != text:
            print("README.md: the options table is out of date: python -m tools.options_table", file=sys.stderr)
            return 1
        return 0
    README.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
