"""A message that tells a member to type a command names it as Discord shows it to them: the
command's, subcommand's and option's names in the member's language (the ``command`` context of
the catalogue, the names the slash commands are registered with), never the English ones."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

LOCALES = Path(__file__).resolve().parent.parent / "games" / "locales"
TYPED = re.compile(r"(?<![\w<:/])/([a-z_]+)((?: [a-z_]+(?::|(?= |\.|,|$)))*)")


def _catalogue(locale: str) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """The command words (English name -> this language's), and every other message by key."""
    with (LOCALES / f"{locale}.po").open("rb") as f:
        catalogue = read_po(f)
    names, messages = {}, []
    for m in catalogue:
        if not m.id:
            continue
        string = m.string if isinstance(m.string, str) else " ".join(m.string)
        key = m.id if isinstance(m.id, str) else m.id[0]
        if m.context == "command":
            if re.fullmatch(r"[a-z_]+", key):
                names[key] = string or key
        elif string:
            messages.append((key, string))
    return names, messages


def _english(string: str, names: dict[str, str]) -> list[str]:
    """The words of the commands typed in ``string`` that are English names, not this language's."""
    mine = set(names.values())
    out = []
    for command, rest in TYPED.findall(string):
        out += [w for w in (command, *(w.rstrip(":") for w in rest.split())) if w in names and w not in mine]
    return out


@pytest.mark.parametrize("locale", ["fr", "es"])
def test_messages_name_commands_in_the_members_language(locale: str) -> None:
    names, messages = _catalogue(locale)
    wrong = [(key, w, names[w]) for key, string in messages for w in _english(string, names)]
    assert not wrong, wrong[:8]


def test_the_check_sees_an_english_command() -> None:
    names, _ = _catalogue("fr")
    assert _english("Utilisez /privacy me ou /revoir table: pour voir.", names) == ["privacy", "me"]
    assert _english("Utilisez /confidentialite moi ou /revoir table: pour voir.", names) == []
