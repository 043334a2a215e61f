"""One term per thing in each language (games/locales/glossary.json): each language's terms are the
ones its catalogue uses, the variants it replaced appear nowhere, and no English word appears in
French or Spanish messages outside the words the games keep."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

LOCALES = Path(__file__).resolve().parent.parent / "games" / "locales"
GLOSSARY = json.loads((LOCALES / "glossary.json").read_text(encoding="utf-8"))


def texts(locale: str) -> dict[str, str]:
    """Every message of a catalogue, its forms joined, by key."""
    with (LOCALES / f"{locale}.po").open("rb") as f:
        catalogue = read_po(f)
    out = {}
    for m in catalogue:
        if not m.id:
            continue
        key = m.id if isinstance(m.id, str) else m.id[0]
        out[f"{m.context or ''}|{key}"] = m.string if isinstance(m.string, str) else " | ".join(m.string)
    return out


@pytest.mark.parametrize("locale", ["fr", "en", "es"])
def test_each_term_is_used_and_its_variants_are_gone(locale: str) -> None:
    found = texts(locale)
    joined = "\n".join(found.values())
    for concept, term in GLOSSARY[locale]["terms"].items():
        assert term.casefold() in joined.casefold(), (locale, concept, term)
    for variant in GLOSSARY[locale]["forbidden"]:
        assert variant not in joined, (locale, variant, [k for k, v in found.items() if variant in v][:5])


@pytest.mark.parametrize("locale", ["fr", "es"])
def test_no_english_word_in_french_or_spanish(locale: str) -> None:
    kept = {w.casefold() for w in GLOSSARY[locale]["kept"]}
    english = [w for w in GLOSSARY["english_words"] if w not in kept]
    pattern = re.compile(r"(?<![\w{])(" + "|".join(map(re.escape, english)) + r")(?![\w}])", re.I)
    wrong = {}
    for key, text in texts(locale).items():
        if key.startswith("command|") and text == key.split("|", 1)[1]:
            continue  # an untranslated command name is caught by test_i18n
        plain = re.sub(r"\{[^}]*\}|`[^`]*`|https?://\S+|/\w+", "", text)  # placeholders, code, commands
        if hit := pattern.search(plain):
            wrong[key] = hit.group(1)
    assert not wrong, wrong


def english_texts() -> dict[str, list[str]]:
    with (LOCALES / "en.po").open("rb") as f:
        catalogue = read_po(f)
    return {f"{m.context or ''}|{m.id if isinstance(m.id, str) else m.id[0]}":
            list(m.string) if isinstance(m.string, tuple) else [m.string] for m in catalogue if m.id}


@pytest.mark.parametrize("locale", ["fr", "es"])
def test_no_message_is_left_in_english(locale: str) -> None:
    """A French or Spanish message written exactly as its English text is left untranslated,
    unless every word of it is one the languages share (a game's own terms, names: the glossary's
    ``same`` and ``kept``): "Garde", "Carte blanche", "{name} · {game}" pass, "Options" in Spanish would not."""
    english = english_texts()
    shared = {w.casefold() for w in GLOSSARY[locale]["same"] + GLOSSARY[locale]["kept"]}
    with (LOCALES / f"{locale}.po").open("rb") as f:
        catalogue = read_po(f)
    left = {}
    for m in catalogue:
        if not m.id or m.context == "command":  # commands: tests/test_i18n.py
            continue
        key = f"{m.context or ''}|{m.id if isinstance(m.id, str) else m.id[0]}"
        forms = list(m.string) if isinstance(m.string, tuple) else [m.string]
        if forms != english.get(key):
            continue
        words = re.findall(r"[^\W\d_]+(?:'[^\W\d_]+)?", re.sub(r"\{[^}]*\}", " ", " ".join(forms)))
        if unshared := [w for w in words if w.casefold() not in shared]:
            left[key] = unshared
    assert not left, left


def test_french_sets_a_no_break_space_before_a_colon() -> None:
    """French typography, one way everywhere: a no-break space (U+00A0) before ":" in every French
    message, so that a phone never starts a line with the colon; never a plain or a narrow one
    (``python -m tools.messages`` sets it). The lines the code joins itself follow it too."""
    from bot.service.i18n import t
    from bot.service.records import option_lines
    from games import GAMES

    wrong = {k: v for k, v in texts("fr").items() if not k.startswith("command|") and re.search(r"(\S|^)[ \u202f]:", v)}
    assert not wrong, list(wrong.items())[:10]
    assert t("fr", "log_says", name="Marie", what="Garde") == "Marie\u00a0: Garde"
    assert all("\u00a0: " in line for line in option_lines(GAMES["tarot"], {"deals": 2}, "fr"))


def test_dates_are_written_as_each_language_writes_them() -> None:
    """Dates through CLDR (Babel), never ISO in a message: the day alone and with its time."""
    from games.i18n import date_text, day_text

    assert [date_text("2026-11-27 03:24:00", loc) for loc in ("fr", "en", "es")] == \
        ["27 nov. 2026, 03:24 UTC", "Nov 27, 2026, 03:24 UTC", "27 nov 2026, 03:24 UTC"]
    assert [day_text("2026-03-01", loc) for loc in ("fr", "en", "es")] == \
        ["1 mars 2026", "March 1, 2026", "1 de marzo de 2026"]
