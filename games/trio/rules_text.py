"""Players' rules summary of Le Trio and L'École, in our own words, a few short pages (catalogues)."""

from __future__ import annotations

from games.i18n import Msg
from games.trio.contracts import CONTRACTS, contract_name

_PAGES = (Msg("trio.rules.goal"), Msg("trio.rules.combos"), Msg("trio.rules.turn"), Msg("trio.rules.end"))
_WORDS = {  # variant -> (title, word, unit, packs, wild, wildrule)
    "trio": (Msg("trio.title"), Msg("trio.rules.word"), Msg("trio.rules.unit"), Msg("trio.rules.packs"),
             Msg("trio.rules.wild"), Msg("trio.rules.wildrule")),
    "ecole": (Msg("ecole.title"), Msg("ecole.rules.word"), Msg("ecole.rules.unit"), Msg("ecole.rules.packs"),
              Msg("ecole.rules.wild"), Msg("ecole.rules.wildrule")),
}


def rules_pages(variant: str, locale: str = "fr") -> list[str]:
    """The summary pages (markdown, each under 2,000 characters); the limits are the default
    options' (docs/rules/trio.md, « Defaults and options » #13-14)."""
    n = len(CONTRACTS[variant])
    title, word, unit, packs, wild, wildrule = (msg(locale) for msg in _WORDS[variant])
    table = "\n".join(f"{i}. {contract_name(i, variant, locale)}" for i in range(1, n + 1))
    fmt = {"title": title, "n": n, "word": word, "unit": unit, "packs": packs, "wild": wild,
           "wildrule": wildrule, "table": table, "limit": 3 * n}
    return [page(locale, **fmt) for page in _PAGES]
