"""A match read back from its saved action log: deals, score sheet, replay steps, text record.

Everything here starts from a saved state ``{"v": 1, "game", "seats", "seed", "options", "log"}``
and replays it one action at a time with the engine, exactly as ``Game.load`` does (the initial
state comes from ``Game.load`` with an empty log, so the same checks apply, and any action that
does not replay raises :class:`~games.errors.CorruptState`). Only what the engine shows is read:
public views for the table and the scores, and each seat's own view for the hands, which a replay
shows only once the match is over (the bot refuses a replay before). No Discord objects here.

Steps of a replay: for trick games (views with a ``trick`` key), one step when the play of a deal
begins (after the bidding, the exchanges and the declarations) and one per trick; for the other
games (Le Trio, L'École), one step when a deal begins and one per turn; and a last step with the
final table. When a trick or a turn ends a deal, the engine's next view is already the next deal:
that step shows the table as the move left it (the completed trick with its winner, from the
engine's ``trick`` event) and the hands before the next deal.
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.service.i18n import N_, t
from bot.service.table_log import card_label, step_lines
from games import find_game
from games.base import JSON, Game, State
from games.errors import CorruptState, GameError

CACHE_SIZE = 8


@dataclass(frozen=True)
class Move:
    """One replayed action: who played it, and the states and public views around it."""

    seat: int
    text: str
    before: State
    after: State
    before_view: JSON
    after_view: JSON


@dataclass
class Step:
    """One picture of a replay: the public view to draw and every hand at that moment."""

    deal_no: int
    kind: str  # "start" (a deal's play begins), "trick", "turn", "end" (the final table)
    number: int  # the trick's or turn's number in the deal, from 1 (0 for "start" and "end")
    view: JSON
    hands: list[list[str]]
    lines: list[str]  # what happened since the previous step, in words
    rev: int  # actions applied at this step
    result: JSON | None = None  # the deal's score lines when this step ends a deal


@dataclass
class Deal:
    """One deal: its hands as dealt, its steps and, once finished, its ``last_deal`` lines."""

    deal_no: int
    hands: list[list[str]]
    steps: list[Step] = field(default_factory=list)
    result: JSON | None = None
    lines: list[str] = field(default_factory=list)  # every move of the deal, in words


@dataclass
class Match:
    """A whole match replayed: its deals in order and its final state."""

    game: Game
    data: JSON
    deals: list[Deal]
    final: State

    @property
    def over(self) -> bool:
        return self.final.to_act() is None

    @property
    def steps(self) -> list[Step]:
        return [s for d in self.deals for s in d.steps]


def initial_state(data: JSON) -> State:
    """The match's first state (``Game.load`` of the data with an empty log).

    :raises CorruptState: on data that is not a saved match.
    """
    try:
        game = find_game(str(data["game"]))
    except (GameError, KeyError, TypeError) as exc:
        raise CorruptState(f"Saved match unreadable: {exc}", f"Partie illisible : {exc}") from exc
    return game.load({**data, "log": []})


def moves(data: JSON) -> Iterator[Move]:
    """Every action of ``data["log"]`` applied in turn, with the public views around it.

    :raises CorruptState: when an action does not replay (as ``Game.load`` would).
    """
    state = initial_state(data)
    view = state.view(None)
    for step in state.game.replay({**data, "log": list(data.get("log") or [])}):
        after_view = step.after.view(None)
        yield Move(step.seat, step.text, step.before, step.after, view, after_view)
        view = after_view


def hands_of(state: State) -> list[list[str]]:
    """Every seat's cards (from each seat's own view)."""
    return [list(state.view(s).get("hand") or []) for s in range(state.seats)]


def _deal_key(view: JSON) -> Any:
    last = view.get("last_deal")
    return last.get("deal_no") if isinstance(last, dict) else None


def deal_result(move: Move) -> JSON:
    """The ``last_deal`` lines a move produced, with Le Trio's contracts played in that deal."""
    result: JSON = copy.deepcopy(move.after_view["last_deal"])
    if isinstance(move.before_view.get("contracts"), list):
        result.setdefault("contracts", list(move.before_view["contracts"]))
    return result


def finished_trick(move: Move) -> JSON:
    """The public table as the last card of a trick left it, when the engine's next view already
    shows the next deal (or the end): the view before that card, the trick (as the engine's
    ``trick`` event gives it) turned into the last trick with its winner, one card fewer in hand."""
    view = copy.deepcopy(move.before_view)
    cards = [*(view.get("trick") or []), [move.seat, move.text.partition(":")[2]]]
    winner = None
    for event in reversed(move.after_view.get("events") or []):
        if isinstance(event, dict) and event.get("type") == "trick":
            cards, winner = [list(c) for c in event.get("cards") or cards], event.get("winner")
            break
    view["trick"] = []
    view["last_trick"] = {"cards": cards, "winner": winner}
    counts = view.get("hand_counts")
    if isinstance(counts, list) and 0 <= move.seat < len(counts) and counts[move.seat]:
        counts[move.seat] -= 1
    won = view.get("tricks_won")
    if isinstance(won, list) and isinstance(winner, int) and 0 <= winner < len(won):
        won[winner] += 1
    view["to_act"] = winner
    return view


def _without(hands: list[list[str]], seat: int, code: str) -> list[list[str]]:
    out = [list(h) for h in hands]
    if code in out[seat]:
        out[seat].remove(code)
    return out


def read_match(data: JSON, names: Sequence[str], locale: str = "fr") -> Match:
    """The whole match replayed: deals, steps (with their lines in ``locale``) and final state.

    :raises CorruptState: when the log does not replay.
    """
    state = initial_state(data)
    game = state.game
    first = state.view(None)
    trick_game = "trick" in first
    deals = [Deal(int(first.get("deal_no") or 0), hands_of(state))]
    pending: list[str] = []
    playing = False  # trick games: the current deal's play has begun
    number = 0
    final = state
    for move in moves(data):
        deal = deals[-1]
        before, after = move.before_view, move.after_view
        ended = _deal_key(after) != _deal_key(before) and _deal_key(after) is not None
        over = move.after.to_act() is None
        if (trick_game and not playing and move.text.startswith("play:")) or (not trick_game and not playing):
            deal.steps.append(Step(deal.deal_no, "start", 0, before, hands_of(move.before), pending, move.before.rev))
            pending, playing, number = [], True, 0
        lines = step_lines(game, before, after, move.seat, names, locale)
        if trick_game and not playing and not ended and not over and after.get("dealer") != before.get("dealer"):
            # a void deal (all passed) before any card is played: the cards are dealt again by the
            # next dealer, the deal keeps its number
            lines.append(t(locale, "rec_redeal"))
            deal.hands, playing = hands_of(move.after), False
        pending += lines
        deal.lines += lines
        if trick_game:
            done = bool(before.get("trick")) and (not after.get("trick") or ended or over)
        else:
            done = move.after.to_act() != move.seat or ended or over
        if done:
            number += 1
            if ended or over:
                view = finished_trick(move) if trick_game else before
                hands = hands_of(move.before)
                if trick_game:
                    hands = _without(hands, move.seat, move.text.partition(":")[2])
            else:
                view, hands = after, hands_of(move.after)
            deal.steps.append(Step(deal.deal_no, "trick" if trick_game else "turn", number, view, hands, pending,
                                   move.after.rev))
            pending = []
        if ended:
            if not deal.steps:
                deal.steps.append(Step(deal.deal_no, "end", 0, before, hands_of(move.before), pending,
                                       move.after.rev))
                pending = []
            deal.result = deal.steps[-1].result = deal_result(move)
            if not over:
                deals.append(Deal(int(after.get("deal_no") or 0), hands_of(move.after)))
                playing, number = False, 0
        final = move.after
    if final.to_act() is None:
        deals[-1].steps.append(Step(deals[-1].deal_no, "end", 0, final.view(None), hands_of(final), pending,
                                    final.rev))
    return Match(game, data, deals, final)


# -- the score sheet -------------------------------------------------------------------------


def score_sheet(match: Match, upto: int | None = None) -> JSON:
    """The data of :func:`rendering.scoresheet_image`: each finished deal's ``last_deal`` lines
    (up to deal ``upto`` when given), the totals, and the outcome once the match is over."""
    rows = [d.result for d in match.deals if d.result is not None
            and (upto is None or int(d.result.get("deal_no", d.deal_no)) <= upto)]
    view = match.final.view(None)
    outcome = match.final.outcome() if upto is None else None
    scores = list(rows[-1].get("scores") or []) if rows and upto is not None else list(view.get("scores") or [])
    return {"game": match.game.name, "seats": match.final.seats, "variant": view.get("variant"),
            "deals": view.get("deals"), "rows": copy.deepcopy(rows), "scores": scores,
            "over": outcome is not None, "outcome": outcome.to_json() if outcome is not None else None}


# -- the matches kept read (a replay is clicked through step by step) ------------------------


class MatchCache:
    """:func:`read_match`, remembered for the last ``size`` (table, revision, names, locale); safe to
    call from worker threads. One per service (a member's erasure empties it: a kept match holds the
    names it changed)."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self.size = size
        self._kept: OrderedDict[tuple[str, int, tuple[str, ...], str], Match] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        with self._lock:
            return len(self._kept)

    def forget(self) -> None:
        """Drop every match kept."""
        with self._lock:
            self._kept.clear()

    def match(self, key: str, data: JSON, names: Sequence[str], locale: str) -> Match:
        """The match ``data`` of table ``key`` read with these names in ``locale``."""
        full = (key, len(data.get("log") or []), tuple(names), locale)
        with self._lock:
            found = self._kept.get(full)
            if found is not None:
                self._kept.move_to_end(full)
                return found
        match = read_match(data, names, locale)
        with self._lock:
            self._kept[full] = match
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return match


# -- the readable record ---------------------------------------------------------------------


def _hand_text(game: Game, codes: Sequence[str], locale: str) -> str:
    return ", ".join(card_label(game, c, locale) for c in codes) or "-"


def record_text(match: Match, names: Sequence[str], locale: str, *, title: str = "",
                recap: Any = None) -> str:
    """The match deal by deal in words: the hands dealt, every move (bids, cards, tricks), the
    deal's score lines and each seat's change and total; then the final result.

    ``recap(view, names, locale)`` gives a finished deal's (label, value) lines (the rendering
    layout's ``recap_lines``); without it only the changes and totals are written.
    """
    game = match.game
    sep = "\u00a0: " if locale.startswith("fr") else ": "  # French: a no-break space before the colon
    out = [title] if title else []
    out.append(t(locale, "rec_players", names=", ".join(f"{i + 1}. {n}" for i, n in enumerate(names))))
    options = match.data.get("options") or {}
    if options:
        out.append(t(locale, "rec_options"))
        out += [f"  {line}" for line in option_lines(game, options, locale)]
    out.append(t(locale, "rec_seed", seed=match.data.get("seed")))
    for deal in match.deals:
        out += ["", f"== {t(locale, 'rec_deal', n=deal.deal_no + 1)} =="]
        out.append(t(locale, "rec_hands"))
        out += [f"  {names[s]}{sep}{_hand_text(game, h, locale)}" for s, h in enumerate(deal.hands)]
        start = next((s for s in deal.steps if s.kind == "start"), None)
        if start is not None and start.lines:
            changed = [s for s, h in enumerate(start.hands) if sorted(h) != sorted(deal.hands[s])]
            if changed:  # an exchange, a chien or a talon changed some hands before the play
                out.append(t(locale, "rec_hands_play"))
                out += [f"  {names[s]}{sep}{_hand_text(game, start.hands[s], locale)}" for s in changed]
        out.append(t(locale, "rec_moves"))
        for step in deal.steps:
            if not step.lines:
                continue
            if step.kind in ("trick", "turn"):
                word = N_("rec_trick") if step.kind == "trick" else N_("rec_turn")
                out.append(f"  {t(locale, word, n=step.number)}{sep}" + "; ".join(step.lines))
            else:
                out += [f"  {line}" for line in step.lines]
        if deal.result is not None:
            out.append(t(locale, "rec_result"))
            if recap is not None:
                view = {"game": game.name, "seats": len(names), "last_deal": deal.result,
                        "variant": match.final.view(None).get("variant")}
                out += [f"  {label}{sep}{value}" for label, value in recap(view, list(names), locale)]
            deltas, totals = deal.result.get("deltas") or [], deal.result.get("scores") or []
            out += [f"  {names[s]}{sep}{num(deltas[s], True)} → {num(totals[s])}"
                    for s in range(min(len(names), len(deltas), len(totals)))]
    outcome = match.final.outcome()
    if outcome is not None:
        out += ["", f"== {t(locale, 'rec_final')} =="]
        out += [f"{outcome.places[s] + 1}. {names[s]}{sep}{num(outcome.scores[s])}" for s in outcome.ranking]
    return "\n".join(out) + "\n"


def option_lines(game: Game, options: dict[str, Any], locale: str) -> list[str]:
    """Each option of a record as the lobby shows it, in ``locale``: "Nombre de donnes : 2", "Excuse
    jouée au dernier pli : ... : Non" (never ``excuse_last_changes_camp=False``)."""
    known = {o.name: o for o in game.options()}
    sep = "\u00a0: " if locale.startswith("fr") else ": "  # French: a no-break space before the colon
    return [f"{known[k].describe(locale)}{sep}{known[k].label(v, locale)}" if k in known else f"{k}{sep}{v}"
            for k, v in options.items()]


def num(value: Any, sign: bool = False) -> str:
    """A score as text: ``12``, ``45.5``, ``−3`` (a true minus sign, as the images write it),
    ``+12`` with ``sign``."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if not isinstance(value, int | float):
        return str(value)
    text = f"{value:+g}" if sign and value else f"{value:g}"
    return text.replace("-", "\u2212")


# -- the README's pictures ---------------------------------------------------------------------


def write_samples(folder: str = "docs/images") -> list[str]:
    """Draw the README's score sheets and replay step from computer-played matches (fixed seeds)."""
    import random
    from pathlib import Path

    import rendering
    from games import GAMES

    names = ["Amélie", "Bertrand", "Chloé", "Dominique"]
    written = []
    for game, seats, options in (("tarot", 4, {"deals": 4}), ("piquet", 2, {})):
        g = GAMES[game]
        state = g.new(seats, f"sample-{game}", options)
        rng = random.Random(game)
        players = [g.computer_player() for _ in range(seats)]
        while (seat := state.to_act()) is not None:
            state = state.apply(seat, players[seat].choose(state.view(seat), state.legal_actions(seat), rng))
        match = read_match(state.to_json(), names[:seats], "fr")
        path = Path(folder) / f"scoresheet_{game}.png"
        path.write_bytes(rendering.scoresheet_image(score_sheet(match), names[:seats], "fr"))
        written.append(str(path))
        if game == "tarot":
            step = next(s for s in match.deals[1].steps if s.kind == "trick" and s.number == 5)
            path = Path(folder) / "replay_step.png"
            path.write_bytes(rendering.replay_image(step.view, step.hands, names[:seats], "fr"))
            written.append(str(path))
    return written


if __name__ == "__main__":
    print("\n".join(write_samples()))
