"""The field on the same cards in words (:class:`bot.service.review_field.Field`), text first, a
line a phone reads at 390 px: the member's own result, place and match points, then everyone who
held those cards grouped by contract and by who took it ("5 ont pris Garde : 4 réussies, moyenne
+38"), the best result."""

from __future__ import annotations

from babel import Locale, UnknownLocaleError
from babel.numbers import format_decimal

from bot.service.i18n import t, tn
from bot.service.review_field import Entry, Field, mean
from games import GAMES

MINUS = "\u2212"


def decimal(value: float, locale: str = "en") -> str:
    """A number in the member's language, one decimal at most (CLDR's separators: ``9,3`` in
    French and Spanish, ``9.3`` in English), a true minus sign."""
    try:
        where = Locale.parse(locale.replace("-", "_"))
    except (ValueError, UnknownLocaleError):
        where = Locale.parse("en")
    text = format_decimal(abs(round(value, 1)), format="#,##0.#", locale=where)
    return MINUS + text if round(value, 1) < 0 else text


def signed(value: float, locale: str = "en") -> str:
    """A deal score as players read it: ``+38``, ``−20`` (a true minus sign), ``0``, ``+4,5``."""
    text = decimal(abs(value), locale)
    return "0" if text == "0" else ("+" if value > 0 else MINUS) + text


def contract_name(game: str, contract: str | None, locale: str) -> str:
    """The contract's name in the game's words ("Garde", "Solo")."""
    if contract is None:
        return ""
    label = GAMES[game].contract_label({"bid": contract, "name": contract}, locale) if game in GAMES else None
    return label or contract


def field_lines(field: Field, locale: str) -> tuple[str, list[str]]:
    """The title and lines of a field."""
    title = t(locale, "field_title", deal=field.deal_no + 1)
    count = len(field.entries)
    lines = [t(locale, "field_you", score=signed(field.mine.score, locale), what=_what(field, field.mine, locale),
               place=field.place, count=count, percent=round(field.percent))]
    if count == 1:
        lines.append(t(locale, "field_alone"))
    else:
        lines += [_group(field, contract, took, entries, locale) for contract, took, entries in field.groups()]
        best = field.best
        lines.append(t(locale, "field_best", name=best.name, score=signed(best.score, locale),
                       what=_what(field, best, locale)))
    if field.waiting:
        lines.append(tn(locale, "field_waiting", field.waiting))
    return title, lines


def _what(field: Field, entry: Entry, locale: str) -> str:
    """" (Garde, réussie)": the contract the holder took, or "" when another seat took or none."""
    if entry.contract is None or not entry.took:
        return ""
    made = t(locale, "field_made_one" if entry.made else "field_failed_one")
    return t(locale, "field_what", contract=contract_name(field.game, entry.contract, locale), made=made)


def _group(field: Field, contract: str | None, took: bool, entries: list[Entry], locale: str) -> str:
    n, average = len(entries), signed(mean([e.score for e in entries]), locale)
    if contract is None and not any(e.contract for e in field.entries):  # a game without contracts
        low, high = min(e.score for e in entries), max(e.score for e in entries)
        return tn(locale, "field_played", n, mean=average, low=signed(low, locale), high=signed(high, locale))
    if contract is None:
        return tn(locale, "field_nobody", n, mean=average)
    name = contract_name(field.game, contract, locale)
    if took:
        made = tn(locale, "field_made", sum(1 for e in entries if e.made))
        return tn(locale, "field_took", n, contract=name, made=made, mean=average)
    return tn(locale, "field_other", n, contract=name, mean=average)
