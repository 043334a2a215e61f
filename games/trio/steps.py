"""Legal steps and their effects (docs/rules/trio.md, « The round »; grammar in the package docstring).

Each phase lists its steps already sorted (:data:`ORDER`, then the argument). The plain
definition of every list is also the oracle in ``tests/games/test_trio_oracle.py``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from games.base import Action, Phase
from games.cards import Card, card
from games.trio.building import Built, Frame, candidates, is_complete, legal_adds
from games.trio.contracts import run_wild_limit
from games.trio.feasibility import EVERY, SeqPart, TableMeld, can_go_out, counts_of, run_ways
from games.trio.melds import POS_OF_RANK, SUITS, is_wild

if TYPE_CHECKING:
    from games.trio.position import Position

ORDER = {"draw": 0, "meld": 1, "add": 2, "done": 3, "layoff": 4, "onto": 5, "discard": 6, "cancel": 7}


def _steps(kind: str, args: Iterable[str]) -> list[Action]:
    return [Action(kind, arg) for arg in sorted(args)]


def legal_steps(s: Position) -> list[Action]:
    """Every legal next step of the seat to act, sorted. After taking the discard having opened,
    only the steps that keep going out this turn possible (docs/rules/trio.md, « The round »)."""
    if s.phase == "draw":
        acts = _draw_steps(s)
    elif s.phase == "play":
        acts = _play_steps(s)
    elif s.phase == "meld":
        acts = [*_meld_steps(s), Action("cancel")]
    else:  # layoff: choose the combination
        assert s.layoff_card is not None
        acts = [*_steps("onto", onto_args(s, s.layoff_card)), Action("cancel")]
    if s.must_out:
        acts = [a for a in acts if a.kind in ("cancel", "discard") or keeps_out(s, a)]
    return acts


def _draw_steps(s: Position) -> list[Action]:
    """The discard (having opened, only when it lets the player go out), then the stock."""
    acts = []
    if s.pile and (not s.opened[s.turn] or _discard_goes_out(s)):
        acts.append(Action("draw", "discard"))
    if s.stock:
        acts.append(Action("draw", "stock"))
    return acts


def _discard_goes_out(s: Position) -> bool:
    counts, wilds = counts_of([*s.hands[s.turn], s.pile[-1]])
    return can_go_out(counts, wilds, s.table(), discard=True, run_wilds=run_wild_limit(s.variant))


def _play_steps(s: Position) -> list[Action]:
    """Start a combination (the whole contract when opening; after opening, not on the opening
    turn), lay off (after opening), discard (not while bound to go out, but the last card)."""
    seat, hand = s.turn, s.hands[s.turn]
    frame = s.frame()
    acts = []
    if frame.opening:
        kinds = frame.kinds_needed(())
        if frame.possible(hand, kinds):
            acts += _steps("meld", set(kinds))
    elif not s.opened_now:
        acts += [Action("meld", k) for k in ("brelan", "seq") if frame.possible(hand, [k])]
    if s.opened[seat] and (not s.opened_now or s.options["layoff_on_opening"]):
        acts += _steps("layoff", _layable(s, hand))
    if not s.must_out or len(hand) == 1:
        acts += _steps("discard", {c.code for c in hand})
    return acts


def _layable(s: Position, hand: Sequence[Card]) -> list[str]:
    """The distinct cards of ``hand`` that fit some laid combination (all wilds alike: the first)."""
    wilds = [c for c in hand if is_wild(c)][:1]
    cards = [c for c in dict.fromkeys(hand) if not is_wild(c)] + wilds
    return [c.code for c in cards if any(m.layoff_ends(c) for m in s.melds)]


def _meld_steps(s: Position) -> list[Action]:
    """Choose the opening's next kind, or add a card that keeps the build finishable, or close it."""
    frame = s.frame()
    if not s.kind:
        return _steps("meld", set(frame.kinds_needed([k for k, _ in s.staged])))
    adds = legal_adds(frame, s.kind, s.built, s.hands[s.turn], _others(s, frame))
    acts = _steps("add", [arg for arg, _, _ in adds])
    if len(s.built) < frame.bounds(s.kind)[1] and is_complete(frame, s.kind, s.built):
        acts.append(Action("done"))
    return acts


def onto_args(s: Position, c: Card) -> list[str]:
    """The ``onto`` arguments of ``c``: ``id`` (a set) or ``id:lo``/``id:hi`` (a run)."""
    return [f"{m.id}:{end}" if end else str(m.id) for m in s.melds for end in m.layoff_ends(c)]


def layoff_targets(s: Position, c: Card) -> list[Action]:
    return [Action("onto", arg) for arg in onto_args(s, c)]


def _others(s: Position, frame: Frame) -> list[str]:
    """The opening's kinds still needed besides the one being built."""
    if not frame.opening:
        return []
    need = frame.kinds_needed([k for k, _ in s.staged])
    need.remove(s.kind)
    return need


# -- effects ----------------------------------------------------------------------------------


def advance(s: Position, a: Action) -> None:
    """Apply a legal step to the fresh copy ``s``."""
    EFFECTS[a.kind](s, a.arg)


def _draw(s: Position, source: str) -> None:
    """Take the top of the stock, or of the discard pile (having opened: then go out, docs/rules/trio.md, « The round »)."""
    seat = s.turn
    if source == "stock":
        c, s.stock = s.stock[-1], s.stock[:-1]
        s._event({"type": "draw", "seat": seat, "source": "stock"})
    else:
        c, s.pile = s.pile[-1], s.pile[:-1]
        s.must_out = s.opened[seat]
        s._event({"type": "draw", "seat": seat, "source": "discard", "card": c.code})
    s.give(seat, [c])
    s.drawn = c.code  # told to the seat's own view until its turn ends
    s.phase = Phase.PLAY


def _discard(s: Position, code: str) -> None:
    """End the turn; throwing one's last card goes out."""
    seat, c = s.turn, card(code)
    s.remove_from_hand(seat, c)
    s.pile = (*s.pile, c)
    s._event({"type": "discard", "seat": seat, "card": c.code})
    if s.hands[seat]:
        s.end_turn()
    else:
        _maybe_out(s)


def _meld(s: Position, kind: str) -> None:
    s.phase, s.kind, s.built = Phase.MELD, kind, ()


def _add(s: Position, arg: str) -> None:
    """Put a card in the combination being built; at its largest size it closes by itself."""
    c, p = _add_target(s, arg)
    s.remove_from_hand(s.turn, c)
    s.built = (*s.built, (c, p))
    if len(s.built) >= s.frame().bounds(s.kind)[1]:
        _close(s)


def _done(s: Position, _: str) -> None:
    _close(s)


def _cancel(s: Position, _: str) -> None:
    """Take back the combination being built and the opening's staged ones."""
    s.give(s.turn, [c for c, _ in s.built] + [c for _, b in s.staged for c, _ in b])
    s.phase, s.kind, s.built, s.staged, s.layoff_card = Phase.PLAY, "", (), (), None


def _layoff(s: Position, code: str) -> None:
    s.phase, s.layoff_card = Phase.LAYOFF, card(code)


def _onto(s: Position, arg: str) -> None:
    """Lay the chosen card off on a combination (at a run's end); emptying the hand goes out."""
    c = s.layoff_card
    assert c is not None
    mid, _, end = arg.partition(":")
    s.melds = tuple(m.laid_off(c, end) if m.id == int(mid) else m for m in s.melds)
    s.remove_from_hand(s.turn, c)
    s.phase, s.layoff_card = Phase.PLAY, None
    s._event({"type": "layoff", "seat": s.turn, "card": c.code, "meld": int(mid)})
    _maybe_out(s)


EFFECTS = {"draw": _draw, "discard": _discard, "meld": _meld, "add": _add, "done": _done, "cancel": _cancel,
           "layoff": _layoff, "onto": _onto}


def _add_target(s: Position, arg: str) -> tuple[Card, int]:
    """The card and run position of a legal ``add:`` step (read from its text; an Ace's place
    may need the candidates' rule)."""
    code, _, rep = arg.partition("=")
    c = card(code)
    if s.kind != "seq":
        return c, 0
    if rep in ("low", "high"):
        return c, 1 if rep == "low" else 14
    rank = card(rep).rank if rep else c.rank
    if rank != "A":
        return c, POS_OF_RANK[rank]
    _, c, p = next(x for x in candidates(s.frame(), s.kind, s.built, s.hands[s.turn]) if x[0] == arg)
    return c, p


def _close(s: Position) -> None:
    """Close the combination being built: after opening it is laid at once; in an opening it is
    staged, and the last one of the contract lays them all (docs/rules/trio.md, « The round »)."""
    frame = s.frame()
    if not frame.opening:
        limit = run_wild_limit(s.variant)
        m = s.new_meld(s.turn, s.kind, s.built, limit if s.kind == "seq" else 1)
        s.phase, s.kind, s.built = Phase.PLAY, "", ()
        s._event({"type": "meld", "seat": s.turn, "meld": m.id})
        _maybe_out(s)
        return
    s.staged = (*s.staged, (s.kind, s.built))
    s.kind, s.built = "", ()
    if not frame.kinds_needed([k for k, _ in s.staged]):
        _open(s, frame)


def _open(s: Position, frame: Frame) -> None:
    """Lay the staged combinations, exactly the contract, all at once (docs/rules/trio.md, « The round »)."""
    seat = s.turn
    if not s.opening_ok(seat):  # every add was checked, so this is an engine bug: make it loud
        raise RuntimeError(f"opening does not meet the contract: {s.staged}")
    ids = []
    for k, b in s.staged:
        limit = frame.bounds("seq")[2] if k == "seq" else 1
        ids.append(s.new_meld(seat, k, b, limit).id)
    opened = list(s.opened)
    opened[seat] = True
    s.opened = tuple(opened)
    if s.contract[seat] == s.last:
        at = list(s.opened_last_at)
        at[seat] = s.rev
        s.opened_last_at = tuple(at)
    s.staged, s.phase, s.opened_now = (), Phase.PLAY, True
    s._event({"type": "open", "seat": seat, "contract": s.contract[seat], "melds": ids})
    _maybe_out(s)  # longer combinations may use all 14 cards


def _maybe_out(s: Position) -> None:
    seat = s.turn
    if not s.hands[seat]:
        s._event({"type": "out", "seat": seat})
        s._end_round(seat)


# -- the "must go out" turn (took the discard after opening) ------------------------------------


def keeps_out(s: Position, a: Action) -> bool:
    """After ``a``, the player can still empty his hand this turn (docs/rules/trio.md, « The round »): ``a`` is played
    on a copy and the rest of the turn searched."""
    t = s._clone()
    advance(t, a)
    if t.phase == "over" or t.round_no != s.round_no:
        return True
    hand = t.hands[s.turn]
    if t.phase == "play":
        return _goes_out(hand, t.table(), t.variant)
    if t.phase == "layoff":  # some combination must take the card
        c = t.layoff_card
        assert c is not None
        return any(keeps_out(t, Action("onto", arg)) for arg in onto_args(t, c))
    if not t.built:  # a kind just chosen: some first card must keep going out possible
        return any(keeps_out(t, Action("add", arg)) for arg, _, _ in legal_adds(t.frame(), t.kind, (), hand, []))
    table = list(t.table())
    return any(can_go_out(counts, wilds, [*table, meld], discard=True, run_wilds=run_wild_limit(t.variant))
               for counts, wilds, meld in _completions(hand, t.built, t.kind, t.variant))


def _goes_out(cards: Sequence[Card], table: Sequence[TableMeld | None], variant: str) -> bool:
    counts, wilds = counts_of(cards)
    return can_go_out(counts, wilds, table, discard=True, run_wilds=run_wild_limit(variant))


def _completions(hand: Sequence[Card], built: Built, kind: str, variant: str,
                 ) -> list[tuple[tuple[int, ...], int, TableMeld]]:
    """The smallest ways to finish the combination being built: ``(counts left, wilds left, meld)``."""
    if kind == "seq":
        counts, wilds = counts_of(hand)
        ps = [p for _, p in built]
        length = max(3, max(ps) - min(ps) + 1)
        limit = run_wild_limit(variant)
        suit = next(c.suit for c, _ in built if not is_wild(c))
        part = SeqPart(length, length, limit, suit, tuple(sorted((p, is_wild(c)) for c, p in built)))
        return [(left, wleft, ("q", SUITS.index(suit), lo, lo + len(mask) - 1, sum(mask), limit, mask[0], mask[-1]))
                for _, lo, mask, left, wleft in run_ways(counts, wilds, part, EVERY)]
    naturals = [c for c, _ in built if not is_wild(c)]
    have_wild = len(built) - len(naturals)
    need = max(0, 3 - len(built))
    if len(built) + need >= 4:
        return []
    pool = [c for c in hand if not is_wild(c) and c.rank == naturals[0].rank]
    out: list[tuple[tuple[int, ...], int, tuple[object, ...]]] = []
    for add_wild in (0, 1):
        if add_wild > sum(map(is_wild, hand)) or have_wild + add_wild > 1 or add_wild > need:
            continue
        for combo in set(combinations(pool, need - add_wild)):
            rest = list(hand)
            for c in combo:
                rest.remove(c)
            counts, wilds = counts_of(rest)
            out.append((counts, wilds - add_wild, ("s", POS_OF_RANK[naturals[0].rank], len(built) + need,
                                                   have_wild + add_wild)))
    return out


__all__ = ["advance", "layoff_targets", "legal_steps"]
