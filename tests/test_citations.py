"""Every rule or decision the code cites by title exists: ``docs/rules/<game>.md, « Title »`` names a
``## Title`` of that file, ``docs/decisions.md, « Title »`` one of the decisions, and a bare « Title »
one of the rules files' sections; no code or test cites an issue number or the old rules file, which is not in the repository."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CODE = ("bot", "games", "rendering", "tests", "benchmarks", "tools")
#: a cited file followed by its titles; titles may run over a comment's or docstring's line break
CITED = re.compile(r"docs/(rules/\w+|decisions)\.md((?:,\s*(?:#:\s*)?«[^»]+»)+)")
TITLE = re.compile(r"«([^»]+)»")


def _headings(path: Path) -> set[str]:
    """The ``## `` titles of ``path``, without a decision's date."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return {re.sub(r" \(\d{4}-\d\d-\d\d[^)]*\)$", "", line[3:].strip()) for line in lines if line.startswith("## ")}


def _norm(title: str) -> str:
    return " ".join(title.replace("#:", " ").replace("--", " ").split())


def _sources() -> list[Path]:
    return [p for d in CODE for p in sorted((ROOT / d).rglob("*")) if p.suffix in (".py", ".sql")]


def _citations(text: str, bare: bool = True) -> list[tuple[str, str]]:
    """``(doc, title)`` for each citation of ``text``; ``doc`` ``""`` for a bare « Title » (looked
    for when ``bare``: the tests quote French text in guillemets too)."""
    out: list[tuple[str, str]] = []
    for m in CITED.finditer(text):
        out += [(m.group(1), _norm(t)) for t in TITLE.findall(m.group(2))]
    if bare:
        out += [("", _norm(t)) for t in TITLE.findall(CITED.sub("", text))]
    return out


def test_every_cited_section_exists() -> None:
    docs = {f"rules/{p.stem}": _headings(p) for p in (ROOT / "docs" / "rules").glob("*.md")}
    docs["decisions"] = _headings(ROOT / "docs" / "decisions.md")
    rules_titles = set().union(*(v for k, v in docs.items() if k.startswith("rules/")))
    missing = []
    cited = 0
    this = Path(__file__).resolve()
    for path in _sources():
        if path == this:
            continue
        bare = path.relative_to(ROOT).parts[0] in ("bot", "games", "rendering")
        for doc, title in _citations(path.read_text(encoding="utf-8"), bare):
            cited += 1
            known = docs.get(doc, set()) if doc else rules_titles
            if title not in known and not (doc == "" and title in docs["decisions"]):
                missing.append(f"{path.relative_to(ROOT)}: {doc or '(bare)'} « {title} »")
    assert cited > 300, cited  # the code does cite the rules
    assert not missing, "\n".join(missing)


def test_a_wrong_title_is_caught() -> None:
    found = _citations("see (docs/rules/tarot.md, « Poignées », « No such rule ») and « Bidding »")
    assert found == [("rules/tarot", "Poignées"), ("rules/tarot", "No such rule"), ("", "Bidding")]
    assert "No such rule" not in _headings(ROOT / "docs" / "rules" / "tarot.md")


def test_no_issue_numbers_nor_rules_md() -> None:
    pattern = re.compile(r"\bissues?\s+(?:#\s*)?\d|RULES\.md", re.IGNORECASE)
    this = Path(__file__).resolve()
    found = [f"{p.relative_to(ROOT)}: {m.group(0)!r}" for p in _sources() if p != this
             for m in pattern.finditer(p.read_text(encoding="utf-8"))]
    assert not found, "\n".join(found)
