"""What each image shows, in words: the attachment description Discord gives screen readers
(at most :data:`LIMIT` characters). Pure functions of the same arguments as the
images of :mod:`rendering`, in the reader's language from the catalogues (context ``image``).

Cards are written in words by :mod:`rendering.layouts.words`, as the messages write them.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from games.cards import Family
from rendering.canvas import number, seat_names, signed
from rendering.hand import HandPlan, hand_plan
from rendering.i18n import colon, tr, trn
from rendering.layouts import layout_for
from rendering.layouts.base import Layout
from rendering.layouts.words import card_words, cards_words
from rendering.replay import sorted_hand
from rendering.table import final_ranking

LIMIT = 1024  # Discord's attachment description limit
Names = Sequence[str] | Mapping[int, str] | None
JSON = dict[str, Any]


def clip(sentences: Sequence[str], limit: int = LIMIT) -> str:
    """The sentences joined, cut after the last one that fits (a word cut with "…" if the first
    does not): a description never goes over Discord's limit."""
    out = ""
    for s in (s.strip() for s in sentences):
        if not s:
            continue
        trial = f"{out} {s}" if out else s
        if len(trial) > limit:
            if not out:
                out = s[:limit - 1].rsplit(" ", 1)[0] + "…"
            elif len(out) + 2 <= limit:
                out += " …"
            break
        out = trial
    return out


def _sentence(s: str) -> str:
    s = s.strip()
    return s if not s or s[-1] in ".!?…:" else s + "."


def _seat(layout: Layout, view: JSON, seat: int, name: str, locale: str) -> str:
    parts = [p for p in (layout.seat_detail(view, seat, locale),) if p]
    count = layout.hand_count(view, seat)
    if count:
        parts.append(trn("alt.in_hand", count, locale))
    parts += [label for label, _ in layout.badges(view, seat, locale)]
    if view.get("to_act") == seat:
        parts.append(tr("alt.to_act", locale))
    return name + (colon(locale) + ", ".join(parts) if parts else "")


def _played(cards: Sequence[Sequence[Any]], family: Family, names: Sequence[str], locale: str) -> str:
    return ", ".join(f"{card_words(str(code), family, locale)} ({names[int(seat)]})" for seat, code in cards)


def table_alt(view: JSON, names: Names = None, locale: str = "fr") -> str:
    """The table image in words: title and deal, each seat (detail, cards in hand, badges), the
    trick with who played each card, the last trick, the contract lines and the public cards."""
    layout = layout_for(view)
    shown = seat_names(names, int(view["seats"]), locale)
    family = layout.pack(view)
    head = layout.title(view, locale)
    deal = layout.deal_text(view, locale)
    over = view.get("phase") == "over"
    out = [tr("alt.table", locale, title=f"{head} · {deal}" if deal and not over else head)]
    if over:
        ranking = final_ranking(layout, view, shown, locale)
        return clip([*out, _sentence(ranking[0]), *(_sentence(line) for line in ranking[1:])])
    phase = layout.phase_text(view, locale)
    if phase:
        out.append(_sentence(phase))
    out += [_sentence(_seat(layout, view, s, shown[s], locale)) for s in range(len(shown))]
    trick = view.get("trick") or []
    if trick:
        out.append(_sentence(tr("alt.trick", locale, cards=_played(trick, family, shown, locale))))
    last = view.get("last_trick")
    if isinstance(last, dict) and last.get("cards"):
        won = last.get("winner")
        line = tr("last_trick", locale) + colon(locale) + _played(last["cards"], family, shown, locale)
        if isinstance(won, int) and 0 <= won < len(shown):
            line += " · " + tr("won", locale, name=shown[won])
        out.append(_sentence(line))
    out += [_sentence(line) for line in layout.info(view, shown, locale)]
    centre = layout.centre(view, shown, locale) if not trick else None
    rows = [*layout.card_rows(view, shown, locale), *([centre] if centre else [])]
    out += [_sentence(label + colon(locale) + cards_words(codes, family, locale)) for label, codes in rows]
    out += [_sentence(line) for line in layout.alt_lines(view, shown, locale)]
    return clip(out)


def hand_alt(view: JSON, locale: str = "fr", legal: Sequence[str] | None = None) -> str:
    """The hand image in words: the cards numbered as on the image, then those playable now and
    the cards set aside."""
    return plan_alt(hand_plan(view, locale, None if legal is None else list(legal)))


@functools.lru_cache(maxsize=1024)
def plan_alt(plan: HandPlan) -> str:
    """:func:`hand_alt` of the hand's plan (:func:`rendering.hand_key`): the image's own key, so the
    words are made once per picture (a move redraws one hand but describes two)."""
    family, locale = plan.family, plan.locale
    order = [c for row in plan.grouped for group in row for c in group]
    out = [trn("alt.hand", len(order), locale, cards=", ".join(
        f"({i}) {card_words(c, family, locale)}" for i, c in enumerate(order, 1)))]
    if not order:
        out = [tr("empty_hand", locale)]
    if plan.playable is not None:  # some cards lit, not all (the plan lights none otherwise)
        playable = [c for c in order if c.upper() in plan.playable]
        out.append(tr("alt.playable", locale, cards=cards_words(playable, family, locale)))
    if plan.joined:  # the cards that just joined the hand (the chien), their numbers in violet
        out.append(plan.joined[0] + colon(locale) + cards_words(plan.joined[1], family, locale))
    out += [_sentence(label + colon(locale) + cards_words(codes, family, locale)) for label, codes in plan.aside]
    return clip([_sentence(s) for s in out])


def recap_alt(view: JSON, locale: str = "fr", names: Names = None) -> str:
    """The recap image in words: title, the contract and points lines, the public cards, then each
    seat's change and total."""
    layout = layout_for(view)
    shown = seat_names(names, int(view["seats"]), locale)
    deal = view.get("last_deal") or None
    if not deal:
        return clip([f"{layout.title(view, locale)} · {tr('no_deal', locale)}"])
    family = layout.pack(view)
    out = [_sentence(layout.recap_title(view, locale))]
    out += [_sentence(f"{label}{colon(locale)}{value}") for label, value in layout.recap_text(view, shown, locale)]
    out += [_sentence(label + colon(locale) + cards_words(codes, family, locale))
            for label, codes in layout.recap_cards(view, shown, locale)]
    deltas, totals = list(deal.get("deltas") or []), list(deal.get("scores") or view.get("scores") or [])
    for s, name in enumerate(shown):
        if s < len(deltas) and s < len(totals):
            change = signed(deltas[s]) if isinstance(deltas[s], int | float) else str(deltas[s])
            out.append(_sentence(tr("alt.change", locale, name=name, change=change, total=number(totals[s]))))
    return clip(out)


def recap_alts(view: JSON, locale: str = "fr", names: Names = None, count: int = 1) -> list[str]:
    """The descriptions of the recap's ``count`` images (:func:`rendering.recap_images`): one
    image, :func:`recap_alt`; pages, the first with the deal's lines and public cards, each later
    one with its page, the last with the seats' changes and totals."""
    whole = recap_alt(view, locale, names)
    if count <= 1 or not view.get("last_deal"):
        return [whole] * max(1, count)
    layout = layout_for(view)
    shown = seat_names(names, int(view["seats"]), locale)
    deal = view["last_deal"]
    title = layout.recap_title(view, locale)
    changes = []
    deltas, totals = list(deal.get("deltas") or []), list(deal.get("scores") or view.get("scores") or [])
    for s, name in enumerate(shown):
        if s < len(deltas) and s < len(totals):
            change = signed(deltas[s]) if isinstance(deltas[s], int | float) else str(deltas[s])
            changes.append(_sentence(tr("alt.change", locale, name=name, change=change, total=number(totals[s]))))
    first = whole
    for sentence in changes:  # the first page's words stop before the changes, shown last
        first = first.replace(" " + sentence, "")
    return [first, *(clip([_sentence(f"{title} · {n}/{count}"), *(changes if n == count else [])])
                     for n in range(2, count + 1))]


def replay_hands_alt(view: JSON, hands: Sequence[Sequence[str]], names: Names = None, locale: str = "fr") -> str:
    """The replay's hands image in words: each seat's cards, sorted as on the image."""
    layout = layout_for(view)
    shown = seat_names(names, int(view["seats"]), locale)
    family = layout.pack({**view, "hand": [c for h in hands for c in h]})
    out = [_sentence(tr("replay.hands", locale))]
    budget = (LIMIT - len(out[0])) // max(1, len(hands)) - 2  # each seat its share, names kept
    for s, codes in enumerate(hands):
        line = _sentence(shown[s] + colon(locale) + cards_words(sorted_hand(view, codes), family, locale))
        out.append(line if len(line) <= budget else clip([line], budget))
    return clip(out)


def replay_alts(view: JSON, hands: Sequence[Sequence[str]], names: Names = None, locale: str = "fr") -> list[str]:
    """The descriptions of :func:`rendering.replay_images`, image by image."""
    return [table_alt(view, names, locale), replay_hands_alt(view, hands, names, locale)]


def sheet_alt(sheet: JSON, names: Names = None, locale: str = "fr") -> str:
    """The score sheet in words: its title, each deal with its note and every seat's change and
    total, then the totals (the same words as :func:`rendering.scoresheet_image`)."""
    from rendering.scoresheet import deal_note

    game = str(sheet.get("game", ""))
    shown = seat_names(names, int(sheet.get("seats") or 0), locale)
    title = f"{tr('sheet.title', locale)} · {layout_for({'game': game}).title({'game': game}, locale)}"
    out = [_sentence(title)]
    for i, row in enumerate(sheet.get("rows") or []):
        deltas, totals = list(row.get("deltas") or []), list(row.get("scores") or [])
        seats = [f"{name} {signed(deltas[s]) if isinstance(deltas[s], int | float) else deltas[s]} → {number(totals[s])}"
                 for s, name in enumerate(shown) if s < len(deltas) and s < len(totals)]
        notes = " · ".join(deal_note(game, row, shown, locale))
        head = tr("deal", locale, n=int(row.get("deal_no", i)) + 1) + (f" ({notes})" if notes else "")
        out.append(_sentence(head + colon(locale) + ", ".join(seats)))
    totals = list(sheet.get("scores") or [])
    if totals:
        out.append(_sentence(tr("total", locale) + colon(locale) + ", ".join(
            f"{name} {number(totals[s])}" for s, name in enumerate(shown) if s < len(totals))))
    if len(out) > 2 and len(" ".join(out)) > LIMIT:  # the totals kept: the earliest deals give way
        out = [out[0], *_latest(out[1:-1], LIMIT - len(out[0]) - len(out[-1]) - 6), out[-1]]
    return clip(out)


def _latest(sentences: Sequence[str], room: int) -> list[str]:
    """The last of ``sentences`` that fit in ``room`` characters, in order, after "…"."""
    kept: list[str] = []
    for s in reversed(sentences):
        if sum(len(k) + 1 for k in kept) + len(s) + 1 > room:
            break
        kept.insert(0, s)
    return ["…", *kept] if len(kept) < len(sentences) else kept
