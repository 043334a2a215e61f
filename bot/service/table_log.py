"""The table's written record: a few localized lines on the last public moves.

Lines come only from public views (``view(None)``): the engines' public events (bids, calls,
tricks won, exchanges counted, cards drawn from the discard, melds laid...) and the cards that
appear on the trick. A discard into a hidden écart, a card drawn from the stock or a meld being
built is never described.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from bot.service.i18n import t, tn
from games.base import Game, State
from games.cards import card
from games.errors import GameError
from games.piquet import vocabulary as piquet_words

KEPT = 8  # lines shown under the table


def label(game: Game, texts: Sequence[str], locale: str) -> str:
    """The game's own label of the first action text it understands (else the raw value)."""
    for text in texts:
        try:
            return game.action_label(game.parse_action(text), locale)
        except (GameError, ValueError):
            continue
    return texts[-1].rpartition(":")[2]


def card_label(game: Game, code: str, locale: str) -> str:
    """A card's name as the game's play buttons say it (``Roi de pique``, ``8 de pique``)."""
    try:
        return game.action_label(game.parse_action(f"play:{code}"), locale)
    except (GameError, ValueError):
        pass
    try:
        return card(code).text(locale)
    except (GameError, ValueError):
        return code


def new_events(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events ``after`` adds to ``before`` (both are the engines' short lists of recent events)."""
    for overlap in range(min(len(before), len(after)), 0, -1):
        if before[len(before) - overlap:] == after[:overlap]:
            return after[overlap:]
    return list(after)


def event_line(game: Game, event: dict[str, Any], names: Sequence[str], locale: str) -> str | None:
    """One public event in words, or ``None`` for events the log leaves out."""
    kind = event.get("type")
    seat = event.get("seat")
    name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
    if kind == "bid":
        bid = str(event.get("bid"))
        return t(locale, "log_says", name=name, what=label(game, [f"bid:{bid}", bid], locale))
    if kind == "declare":
        # a favour-suit contract is declared without a suit (its trump is the favour suit)
        texts = [f"declare:{event.get('contract')}:{event.get('trump')}", f"declare:{event.get('contract')}"]
        return t(locale, "log_says", name=name, what=label(game, texts, locale))
    if kind == "call":
        return t(locale, "log_call", name=name, card=card_label(game, str(event.get("card")), locale))
    if kind == "partner":
        return t(locale, "log_partner", name=name)
    if kind == "chelem" and event.get("announced"):
        return t(locale, "log_chelem", name=name)
    if kind == "trick" and isinstance(event.get("winner"), int):
        return t(locale, "log_trick", name=names[event["winner"]])
    if kind == "exchange":
        count = event.get("count", event.get("drawn"))
        return tn(locale, "log_exchange", count, name=name) if isinstance(count, int) else None
    if kind == "draw":
        if event.get("source") == "discard" and event.get("card"):
            return t(locale, "log_take", name=name, card=card_label(game, str(event["card"]), locale))
        return t(locale, "log_draw", name=name)
    if kind == "discard" and event.get("card"):
        return t(locale, "log_discard", name=name, card=card_label(game, str(event["card"]), locale))
    if kind in ("open", "meld"):
        return t(locale, "log_meld", name=name)
    if kind == "layoff":
        return t(locale, "log_layoff", name=name, card=card_label(game, str(event.get("card")), locale))
    if kind == "out":
        return t(locale, "log_out", name=name)
    if kind == "look":
        return t(locale, "log_look" if event.get("looked") else "log_no_look", name=name)
    if kind == "reshuffle":
        return t(locale, "log_reshuffle")
    if kind == "all_pass" and isinstance(dealer := event.get("dealer"), int) and names:
        # everybody passed: the deal is void and the next dealer deals again (docs/rules/tarot.md and tresillo.md, « Bidding »)
        nxt = event.get("next_dealer")
        nxt = nxt if isinstance(nxt, int) and 0 <= nxt < len(names) else (dealer + 1) % len(names)
        return t(locale, "log_all_pass", name=names[nxt])
    return None


def step_lines(game: Game, before: dict[str, Any], after: dict[str, Any], seat: int, names: Sequence[str],
               locale: str) -> list[str]:
    """What one action showed the table, from the public views before and after it."""
    lines = []
    events = new_events(list(before.get("events") or []), list(after.get("events") or []))
    trick_before, trick_after = list(before.get("trick") or []), list(after.get("trick") or [])
    played = None
    if len(trick_after) > len(trick_before):
        played = trick_after[-1]
    else:
        done = next((e for e in events if e.get("type") == "trick"), None)
        if done is not None:
            played = next((c for c in done.get("cards") or [] if c[0] == seat), None)
    if played is not None:
        lines.append(t(locale, "log_play", name=names[played[0]], card=card_label(game, str(played[1]), locale)))
    for event in events:
        if event.get("type") == "declarations":  # Piquet: what each class scored
            lines += declaration_lines(after, names, locale)
            continue
        line = event_line(game, event, names, locale)
        if line:
            lines.append(line)
    return lines


def declaration_lines(view: dict[str, Any], names: Sequence[str], locale: str) -> list[str]:
    """Piquet's declarations as the table shows them (docs/rules/piquet.md, « Declarations »): point, séquence and
    brelans/quatorzes, each with who scored it, what was called, and the points."""
    out: list[str] = []
    for d in view.get("declarations") or []:
        head, *said = piquet_words.declaration_lines(d, names, view.get("elder"), locale)
        out.append(head + (f" ({' / '.join(s.lstrip('· ') for s in said)})" if said else ""))
    return out


class TableLog:
    """The last :data:`KEPT` lines of one table, caught up from the state's action log."""

    def __init__(self) -> None:
        self.lines: deque[str] = deque(maxlen=KEPT)
        self.state: State | None = None
        self.notes: list[tuple[int, str, dict[str, Any]]] = []  # (revision, text key, fields)
        self.placed: deque[tuple[int, str, dict[str, Any]]] = deque(maxlen=KEPT)  # notes written in lines
        self.locale: str | None = None  # the language of ``lines``
        self.view: dict[str, Any] | None = None  # the public view of ``state``
        # the public views saved with each revision since ``state`` (:meth:`saw`): (revision, view, seat to act)
        self.seen: deque[tuple[int, dict[str, Any], int | None]] = deque(maxlen=KEPT)
        self.resumed = False  # a restored table: the first call starts the record (:meth:`restored`)

    def restored(self) -> None:
        """The table was restored: the record starts at the state of the next :meth:`catch_up`
        (what its message showed before is not written again: its log is not replayed)."""
        self.resumed = True

    def note(self, rev: int, key: str, **fields: Any) -> None:
        """A line the actions do not say (a player asked for a hint), placed after the actions up
        to revision ``rev`` when the log catches up."""
        self.notes.append((rev, key, fields))

    def _notes_until(self, rev: int, locale: str) -> None:
        due = [n for n in self.notes if n[0] <= rev]
        if due:
            self.notes = [n for n in self.notes if n[0] > rev]
            self.lines.extend(t(locale, key, **fields) for _rev, key, fields in due)
            self.placed.extend(due)

    def saw(self, state: State, view: dict[str, Any]) -> None:
        """``view`` is ``state``'s public view, asked when it was saved: :meth:`catch_up` reads the
        actions up to it from these views rather than applying them again."""
        if not self.seen or self.seen[-1][0] < state.rev:
            self.seen.append((state.rev, view, state.to_act()))

    def _chain(self, state: State) -> list[tuple[int, dict[str, Any], int | None]] | None:
        """The views of every revision after :attr:`state` up to ``state`` (:meth:`saw`), each
        revision one action on; ``None`` when one is missing (the actions are then applied)."""
        if self.state is None or self.view is None or self.state.rev > state.rev \
                or state.log[: self.state.rev] != self.state.log:
            return None
        chain = [(self.state.rev, self.view, self.state.to_act())]
        chain += [seen for seen in self.seen if self.state.rev < seen[0] <= state.rev]
        if [rev for rev, _view, _seat in chain] != list(range(self.state.rev, state.rev + 1)):
            return None
        return chain

    def catch_up(self, game: Game, state: State, names: Sequence[str], locale: str) -> list[str]:
        """Describe the actions since the last call (at the first call: the last few actions, or
        none after :meth:`restored`). In another language than the lines so far (after
        ``/settings language:``), the last few actions and notes are written again in that language."""
        if self.locale is not None and locale != self.locale:
            self.notes = sorted([*self.placed, *self.notes], key=lambda n: n[0])
            self.placed.clear()
            self.lines.clear()
            self.state = None
        self.locale = locale
        chain = self._chain(state)
        self.seen.clear()
        if chain is not None:
            for (rev, view, seat), (_rev, after, _seat) in pairwise(chain):
                self._notes_until(rev, locale)
                if seat is None:
                    break
                self._describe(game, view, after, seat, names, locale)
            self._notes_until(state.rev, locale)
            self.state, self.view = state, chain[-1][1]
            return list(self.lines)
        seen = self.state
        if seen is None and self.resumed:
            self.resumed = False
            self._notes_until(state.rev, locale)
            self.state, self.view = state, None  # the next call applies the actions after it
            return list(self.lines)
        if seen is None or seen.rev > state.rev or state.log[: seen.rev] != seen.log:
            data = state.to_json()
            data["log"] = data["log"][: max(0, state.rev - KEPT)]
            seen = game.load(data)
        current, view = seen, seen.view(None)
        for text in state.log[seen.rev:]:
            self._notes_until(current.rev, locale)
            seat = current.to_act()
            if seat is None:
                break
            current = current.apply(seat, game.parse_action(text))
            after = current.view(None)
            self._describe(game, view, after, seat, names, locale)
            view = after
        self._notes_until(state.rev, locale)
        self.state, self.view = state, view if current.rev == state.rev else None
        return list(self.lines)

    def _describe(self, game: Game, view: dict[str, Any], after: dict[str, Any], seat: int, names: Sequence[str],
                  locale: str) -> None:
        """The lines of one action, from the public views before and after it."""
        if after.get("deal_no") != view.get("deal_no") and isinstance(view.get("deal_no"), int):
            # a new deal: the old deal's cards are dealt again, so its moves leave the record
            self.lines.clear()
            self.lines.append(t(locale, "log_deal_end", n=view["deal_no"] + 1))
        else:
            self.lines.extend(step_lines(game, view, after, seat, names, locale))
