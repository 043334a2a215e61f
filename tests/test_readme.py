"""The README's table of game options matches the games' own option definitions."""

from __future__ import annotations

from tools import options_table


def test_the_options_table_matches_the_code() -> None:
    text = options_table.README.read_text(encoding="utf-8")
    assert options_table.rewritten(text) == text, "README.md is out of date: python -m tools.options_table"
    table = options_table.table()
    assert "| French Tarot | `excuse_last_changes_camp` | `yes`, `no` | `no` |" in table
    assert "| Piquet | `deals` | `1` to `6` | `6` |" in table and "None" not in table


def test_a_changed_option_makes_the_check_fail() -> None:
    text = options_table.README.read_text(encoding="utf-8")
    stale = text.replace("| `deals` | `1` to `6` |", "| `deals` | `1` to `9` |")
    assert stale != text and options_table.rewritten(stale) == text


def test_every_setting_is_documented(capsys: object) -> None:
    """Each variable ``bot/service/settings.py`` reads is in ``.env.example``, ``--help`` and the README; the
    languages offered for DEFAULT_LOCALE are every language Tapis speaks."""
    import re

    import pytest

    from bot.__main__ import parse_args
    from games.i18n import LOCALES

    root = options_table.README.parent
    read = set(re.findall(r'env\.get\("([A-Z_]+)"\)', (root / "bot" / "service" / "settings.py").read_text(encoding="utf-8")))
    assert {"DEFAULT_LOCALE", "COMPUTER_PAUSE", "IMAGE_WORKERS", "COMPUTER_WORKERS", "EXPERT_BUDGET"} <= read
    example = (root / ".env.example").read_text(encoding="utf-8")
    readme = options_table.README.read_text(encoding="utf-8")
    with pytest.raises(SystemExit):
        parse_args(["--help"])
    shown = capsys.readouterr().out  # type: ignore[attr-defined]
    for name in sorted(read):
        assert re.search(rf"^{name}=", example, re.M), f".env.example lacks {name}"
        assert name in shown, f"--help lacks {name}"
        assert f"`{name}`" in readme, f"README lacks {name}"
    locales = ", ".join(LOCALES)
    assert f"DEFAULT_LOCALE         language of a new server: {locales}" in shown
    assert "fr, en or es" in example
