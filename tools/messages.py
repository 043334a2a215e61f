"""Message extraction and catalogue upkeep with Babel (``make messages``; checked by the tests).

``python -m tools.messages``: extract every message key from the code (Babel's Python extractor),
write ``games/locales/messages.pot`` and bring each language's ``.po`` in step: new keys are added
untranslated, keys no longer used are dropped, and the ``Plural-Forms`` header is taken from
Babel's locale data. ``python -m tools.messages --check`` only reports what is wrong (the test
suite runs the same :func:`problems`).

After merging a branch that still added texts the old way (a ``TEXT`` dict in ``bot/i18n.py``),
``python -m tools.messages --import-legacy theirs.py --base base.py`` moves its new and changed
texts into the catalogues (``git show BRANCH:bot/i18n.py > theirs.py``; ``base.py`` is the file
at the merge base).

Keywords: ``t(locale, KEY)``, ``tn(locale, KEY, n)``, ``pt(locale, CONTEXT, KEY)``,
``ptn(locale, CONTEXT, KEY, n)``, ``N_(KEY)``, ``Msg(KEY)`` and ``BotError.of(KEY)`` everywhere;
``W_(KEY)`` (a game's vocabulary) in both contexts, ``I_(KEY)`` (its words of the images) in ``image``; ``tr(KEY)``, ``trn(KEY, n)`` and ``N_(KEY)`` in ``rendering/`` (context ``image``); ``_(TEXT)`` in ``bot/ui/cogs/``
(the slash commands' ``locale_str``, context ``command``); ``choice(TEXT)`` there: a fixed choice's
name (context ``choice``).
"""

from __future__ import annotations

import argparse
import ast
import functools
import gettext
import io
import itertools
import re
import string
import sys
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po

from games import i18n
from games.i18n import CHOICE, COMMAND, FALLBACK, IMAGE

ROOT = Path(__file__).resolve().parent.parent
LOCALE_DIR = ROOT / "games" / "locales"
TEMPLATE = LOCALE_DIR / "messages.pot"
PACKAGES = ("games", "rendering", "bot")

# keyword -> Babel's spec (1-based argument positions, "c" for the context)
_EVERYWHERE: dict[str, object] = {"t": (2,), "tn": (2,), "pt": ((2, "c"), 3), "ptn": ((2, "c"), 3), "N_": None,
                                  "Msg": None, "of": None, "W_": None, "I_": None}
_IN_RENDERING: dict[str, object] = {"tr": None, "trn": None}
_IN_COGS: dict[str, object] = {"_": None, "choice": None}
_PLURAL = {"tn", "ptn", "trn"}
_KEY_ARG = {"t": 1, "tn": 1, "pt": 2, "ptn": 2, "N_": 0, "W_": 0, "I_": 0, "Msg": 0, "of": 0, "tr": 0, "trn": 0, "_": 0, "choice": 0}

Key = tuple[str | None, str]  # (context, key)


@dataclass
class Use:
    """Where a key is used and whether as a plural message."""

    plural: bool = False
    places: list[tuple[str, int]] = field(default_factory=list)


def _keywords(rel: Path) -> tuple[dict[str, object], str | None]:
    keywords: dict[str, object] = dict(_EVERYWHERE)
    context = None
    if rel.parts[0] == "rendering":
        keywords.update(_IN_RENDERING)
        context = IMAGE
    if rel.parts[:3] == ("bot", "ui", "cogs"):
        keywords.update(_IN_COGS)
    return keywords, context


def extracted(root: Path = ROOT) -> dict[Key, Use]:
    """Every message key the code uses, with its places (Babel's extraction, method :func:`extract_ast`)."""
    found: dict[Key, Use] = {}
    for rel, source, keywords in _sources(root):
        for name, spec in keywords.items():
            for lineno, message, _comments, context in extract(extract_ast, io.BytesIO(source), {name: spec}):
                if name in ("tr", "trn", "I_") or (name == "N_" and rel.parts[0] == "rendering"):
                    context = IMAGE
                elif name == "_":
                    context = COMMAND
                elif name == "choice":
                    context = CHOICE
                # W_: a game's vocabulary, said by the engine and the images alike (games/vocabulary.py)
                for each in (context, IMAGE) if name == "W_" else (context,):
                    use = found.setdefault((each, message), Use())
                    use.plural = use.plural or name in _PLURAL
                    use.places.append((rel.as_posix(), lineno))
    return found


def _sources(root: Path) -> Iterator[tuple[Path, bytes, dict[str, object]]]:
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            rel = path.relative_to(root)
            keywords = dict(_EVERYWHERE)
            if rel.parts[0] == "rendering":
                keywords.update(_IN_RENDERING)
            if rel.parts[:3] == ("bot", "ui", "cogs"):
                keywords.update(_IN_COGS)
            yield rel, path.read_bytes(), keywords


def extract_ast(fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str],
                options: dict[str, Any]) -> Iterator[tuple[int, str | None, tuple[str | None, ...], list[str]]]:
    """A Babel extraction method reading Python's syntax tree, so that keys inside f-strings and
    both branches of ``"a" if c else "b"`` are found (Python 3.11 tokenizes an f-string whole)."""
    for lineno, name, args in _calls(fileobj.read()):
        if name in keywords:
            yield lineno, name, args, []


@functools.lru_cache(maxsize=1024)
def _calls(source: bytes) -> tuple[tuple[int, str, tuple[str | None, ...]], ...]:
    """Every call in ``source`` by a name, with each choice of its string arguments: the file
    parsed once for all the keywords (Babel asks for each keyword apart)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        name = _name(node) if isinstance(node, ast.Call) else None
        if name is not None:
            assert isinstance(node, ast.Call)
            found.extend((node.lineno, name, tuple(args)) for args in itertools.product(*map(_strings, node.args)))
    return tuple(found)


def _name(call: ast.Call) -> str | None:
    func = call.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def _strings(node: ast.expr) -> list[str | None]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _strings(node.body) + _strings(node.orelse)
    return [None]


def dynamic_keys(root: Path = ROOT) -> list[str]:
    """Calls whose key is built from pieces (``f"tarot.phase.{p}"``, ``"a." + b``): no extraction
    can check those; write every key whole with :func:`~games.i18n.N_` or :class:`~games.i18n.Msg`
    and pass it around (a variable holding a key is fine)."""
    out = []
    for rel, source, keywords in _sources(root):
        for call in ast.walk(ast.parse(source)):
            if not isinstance(call, ast.Call):
                continue
            name = _name(call)
            if name not in keywords or len(call.args) <= _KEY_ARG[name]:
                continue
            if isinstance(call.args[_KEY_ARG[name]], ast.JoinedStr | ast.BinOp | ast.Call):
                out.append(f"{rel.as_posix()}:{call.lineno}: {name}() with a key built from pieces")
    return out


def read(locale: str, directory: Path = LOCALE_DIR) -> Catalog:
    """The ``.po`` catalogue of ``locale`` as Babel reads it."""
    with (directory / f"{locale}.po").open("rb") as fp:
        return read_po(fp, locale=locale)


def _fields(text: str) -> set[str]:
    try:
        return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text) if name}
    except ValueError:
        return {"<unbalanced braces>"}


def _forms(message: object) -> list[str]:
    return [s for s in message] if isinstance(message, tuple | list) else [str(message)]  # type: ignore[union-attr]


def problems(root: Path = ROOT, directory: Path = LOCALE_DIR) -> list[str]:
    """What is wrong with the catalogues in ``directory`` for the code under ``root``: keys built
    from pieces; missing, untranslated, unused or fuzzy keys; plural mismatches; placeholders a
    translation uses that English does not; a Plural-Forms header other than Babel's."""
    used = extracted(root)
    out: list[str] = dynamic_keys(root)
    english = read(FALLBACK, directory)
    for locale in i18n.LOCALES:
        path = directory / f"{locale}.po"
        if not path.exists():
            out.append(f"{locale}: no catalogue {path.name}")
            continue
        catalog = read(locale, directory)
        expected = get_plural(locale)
        if catalog.plural_forms != expected.plural_forms:
            out.append(f"{locale}: Plural-Forms is {catalog.plural_forms!r}, Babel says {expected.plural_forms!r}")
        have: dict[Key, object] = {}
        for message in catalog:
            if not message.id:
                continue
            key = message.id[0] if isinstance(message.id, tuple) else message.id
            have[(message.context, key)] = message
            if message.fuzzy:
                out.append(f"{locale}: fuzzy entry {key!r}")
        for key, use in sorted(used.items(), key=lambda kv: (kv[0][0] or "", kv[0][1])):
            message = have.get(key)
            where = "{}:{}".format(*use.places[0])
            if message is None:
                out.append(f"{locale}: missing {_show(key)} (used at {where})")
                continue
            if message.pluralizable != use.plural:  # type: ignore[attr-defined]
                kind = "a plural" if use.plural else "a simple"
                out.append(f"{locale}: {_show(key)} is used as {kind} message at {where}")
            forms = _forms(message.string)  # type: ignore[attr-defined]
            if not all(forms) or (use.plural and len(forms) != expected.num_plurals):
                out.append(f"{locale}: untranslated {_show(key)}")
            if any(typeset(locale, key[0], f) != f for f in forms):
                out.append(f"{locale}: {_show(key)} sets a colon without a no-break space before it"
                           " (python -m tools.messages sets it)")
            source = english.get(key[1], context=key[0])
            allowed = set().union(*(_fields(s) for s in _forms(source.string))) if source else set()
            if use.plural:
                allowed.add("n")
            for text in forms:
                extra = _fields(text) - allowed
                if extra:
                    out.append(f"{locale}: {_show(key)} uses {sorted(extra)} that English does not")
        for key in sorted(set(have) - set(used), key=lambda k: (k[0] or "", k[1])):
            out.append(f"{locale}: {_show(key)} is in the catalogue but no code uses it")
    return out


def _show(key: Key) -> str:
    return f"{key[0]}|{key[1]!r}" if key[0] else repr(key[1])


def template() -> Catalog:
    """The ``.pot`` template: every key the code uses, with its places."""
    catalog = Catalog(project="Tapis", fuzzy=False)
    for (context, key), use in sorted(extracted().items(), key=lambda kv: (kv[0][0] or "", kv[0][1])):
        msgid = (key, key) if use.plural else key
        catalog.add(msgid, locations=use.places, context=context)
    return catalog


def write(catalog: Catalog, path: Path) -> None:
    """``catalog`` to ``path``, sorted by key, lines unwrapped (stable diffs)."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=0, sort_output=True, ignore_obsolete=True, include_lineno=False)
    path.write_bytes(buffer.getvalue())


#: French typography: a no-break space before a colon (so a phone never starts a line with it); a
#: space or a narrow no-break space there becomes one. A colon with no space before it is syntax
#: (``table:``, ``<t:1:F>``, URLs) and stays as it is.
FRENCH_COLON = re.compile(r"(?:(?<=\S)|^)[ \u202f]:")
NBSP = "\u00a0"


def typeset(locale: str, context: str | None, text: str) -> str:
    """``text`` as ``locale`` sets its punctuation: in French, a no-break space before ":"."""
    if locale != "fr" or context == COMMAND or not text:
        return text
    return FRENCH_COLON.sub(lambda m: NBSP + ":", text)


def update() -> None:
    """Write the template and bring every language's catalogue in step with it."""
    pot = template()
    write(pot, TEMPLATE)
    for locale in i18n.LOCALES:
        path = LOCALE_DIR / f"{locale}.po"
        old = read(locale) if path.exists() else Catalog(locale=locale)
        catalog = fresh(locale, old.creation_date)  # Plural-Forms from Babel's locale data
        remap = plural_remap(old.plural_expr, old.num_plurals, catalog.plural_expr, catalog.num_plurals)
        for message in old:
            if message.id:
                string = message.string
                string = tuple(typeset(locale, message.context, f) for f in string) \
                    if isinstance(string, tuple | list) else typeset(locale, message.context, string)
                if message.pluralizable and remap is not None:
                    string = tuple(_forms(string)[i] if i is not None and i < len(_forms(string)) else ""
                                   for i in remap)
                catalog.add(message.id, string, context=message.context, flags=message.flags,
                            user_comments=message.user_comments)
        catalog.update(pot, no_fuzzy_matching=True, update_creation_date=False)
        catalog.obsolete.clear()
        write(catalog, path)


#: counts a plural rule is tried on to tell its forms apart (CLDR's categories show on these)
_SAMPLES = (*range(0, 200), 1000, 1001, 10_000, 100_000, 1_000_000, 1_000_001, 2_000_000, 10_000_000)


def plural_remap(old_expr: str, old_count: int, new_expr: str, new_count: int) -> tuple[int | None, ...] | None:
    """For each form of a new plural rule, the old form that carries over, or ``None`` for a form the
    new rule splits off (CLDR 46's French and Spanish "many", for millions: "1 000 000 de points").

    Each new form is tried on :data:`_SAMPLES`; it takes the old form its counts all had under the old
    rule. When several new forms fall in one old form, the one holding the smallest count keeps its text
    ("other" keeps "{n} points"), the others are left empty for a translator (the catalogue test then
    names them). ``None`` when the rule did not change.
    """
    if (old_expr, old_count) == (new_expr, new_count):
        return None
    old, new = gettext.c2py(old_expr), gettext.c2py(new_expr)
    firsts: dict[int, tuple[int, int | None]] = {}  # new form -> (its smallest count, old form)
    for n in _SAMPLES:
        j = new(n)
        if j not in firsts:
            firsts[j] = (n, old(n))
        elif firsts[j][1] != old(n):
            firsts[j] = (firsts[j][0], None)  # counts of this new form came from different old forms
    keeper: dict[int, int] = {}  # old form -> the new form that keeps its text
    for j, (_smallest, i) in sorted(firsts.items(), key=lambda item: item[1][0]):
        if i is not None and i not in keeper:
            keeper[i] = j
    return tuple(next((i for i, kept in keeper.items() if kept == j), None) for j in range(new_count))


def fresh(locale: str, created: object = None) -> Catalog:
    """An empty catalogue of ``locale`` with Babel's header (its Plural-Forms included)."""
    return Catalog(locale=locale, project="Tapis", version="1", fuzzy=False, creation_date=created,  # type: ignore[arg-type]
                   revision_date=created, last_translator="Tapis", language_team=f"Tapis {locale}",
                   msgid_bugs_address="-", header_comment=f"# Tapis messages: {locale}.")


# -- moving texts written the old way (dicts in bot/i18n.py, rendering/i18n.py) ----------------

#: name of the dict -> (context, position of the French text, position of the English text)
_LEGACY = {"TEXT": (None, 1, 0), "_WORDS": (IMAGE, 0, 1), "FRENCH": (COMMAND, None, None)}


def legacy_texts(path: Path) -> dict[Key, tuple[str, str]]:
    """``{(context, key): (fr, en)}`` from the old text dicts of a module's source (``TEXT`` of
    ``bot/i18n.py``: key -> (en, fr); ``_WORDS`` of ``rendering/i18n.py``: key -> (fr, en);
    ``FRENCH``: English command text -> French)."""
    out: dict[Key, tuple[str, str]] = {}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        target = node.target if isinstance(node, ast.AnnAssign) else \
            node.targets[0] if isinstance(node, ast.Assign) else None
        if not isinstance(target, ast.Name) or target.id not in _LEGACY or node.value is None:
            continue
        context, fr, en = _LEGACY[target.id]
        for key, value in ast.literal_eval(node.value).items():
            out[(context, key)] = (value, key) if fr is None else (value[fr], value[en])
    return out


def import_legacy(path: Path, base: Path | None = None, directory: Path = LOCALE_DIR) -> list[str]:
    """Put the texts of an old-style module (see :func:`legacy_texts`) into the catalogues: the keys
    it adds, and with ``base`` (the same file before that branch) only what it added or changed.
    For merging a branch written before the catalogues; returns the keys written."""
    texts = legacy_texts(path)
    if base is not None:
        before = legacy_texts(base)
        texts = {k: v for k, v in texts.items() if before.get(k) != v}
    catalogs = {locale: read(locale, directory) for locale in ("fr", "en")}
    written = []
    for (context, key), (fr, en) in sorted(texts.items(), key=lambda kv: (kv[0][0] or "", kv[0][1])):
        existing = catalogs["en"].get(key, context=context)
        if existing is not None and existing.pluralizable:
            continue  # made plural since: keep the catalogue's forms
        if base is None and existing is not None:
            continue
        for locale, text in (("fr", fr), ("en", en)):
            if existing is not None:
                catalogs[locale].delete(key, context=context)
            catalogs[locale].add(key, text, context=context)
        written.append(_show((context, key)))
    for locale, catalog in catalogs.items():
        write(catalog, directory / f"{locale}.po")
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="report problems, change nothing")
    parser.add_argument("--import-legacy", type=Path, metavar="FILE",
                        help="add the texts of an old-style bot/i18n.py or rendering/i18n.py (after a merge)")
    parser.add_argument("--base", type=Path, metavar="FILE", help="with --import-legacy: that file before the branch")
    args = parser.parse_args(argv)
    if args.import_legacy:
        for key in import_legacy(args.import_legacy, args.base):
            print("imported", key)
    if not args.check:
        update()
    found = problems()
    for line in found:
        print(line, file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
