"""Legal steps and their effects (RULES.md 3.4; grammar in the package docstring).

Speed (the issue asks for 20+ computer games a second): steps are built already sorted; a state
keeps small caches in its ``__dict__`` that its successors inherit and check by identity before
use: lay-off fits per table (``_lay``), and the plan that finished the combination being built
(``_plan_used``), which an ``add:`` of one of its cards hands on (``_plan``) so the next step needs
no new search. The plain definition of every list is the oracle in ``tests/games/test_trio_oracle.py``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from games.base import Action
from games.cards import Card, card
from games.trio.building import (
    Built,
    Frame,
    candidates,
    is_complete,
    legal_adds,
    legal_adds_planned,
    plan_after_add,
)
from games.trio.contracts import run_wild_limit
from games.trio.melds import ADJACENCY, POS_OF_RANK, SUITS, WILDS, is_wild
from games.trio.search import (
    SLOTS,
    SeqPart,
    TableMeld,
    _windows,
    abstract,
    counts_of,
    go_out_slots,
    open_table,
    slots_of,
)

if TYPE_CHECKING:
    from games.trio.state import TrioState

ORDER = {"draw": 0, "meld": 1, "add": 2, "done": 3, "layoff": 4, "onto": 5, "discard": 6, "cancel": 7}


def layoff_targets(s: TrioState, c: Card) -> list[Action]:
    return [Action("onto", arg) for arg in _onto_args(s, c)]


def _onto_args(s: TrioState, c: Card) -> list[str]:
    """The ``onto`` arguments of ``c``: ``id`` (a set) or ``id:lo``/``id:hi`` (a run)."""
    out = []
    for m in s.melds:
        for end in m.layoff_ends(c):
            out.append(f"{m.id}:{end}" if end else str(m.id))
    return out


def legal_steps(s: TrioState) -> list[Action]:
    """Every legal next step of the seat to act, sorted."""
    seat = s.turn
    hand = s.hands[seat]
    acts: list[Action] = []
    # Each phase builds its steps in the sorted order (ORDER, then the argument).
    if s.phase == "draw":
        if s._can_take_discard():
            acts.append(_DRAW_DISCARD)
        if s.stock:
            acts.append(_DRAW_STOCK)
    elif s.phase == "play":
        frame = s.frame()
        if frame.opening:
            kinds = frame.kinds_needed(())
            if frame.possible(hand, kinds):
                acts += [Action("meld", k) for k in sorted(set(kinds))]
        elif not s.opened_now:
            acts += _lone_melds(hand, s.variant)
        if s.opened[seat] and (not s.opened_now or s.options["layoff_on_opening"]):
            acts += _steps("layoff", sorted(_layable_codes(s, hand)))
        if not s.must_out or len(hand) == 1:
            acts += _steps("discard", sorted({c.code for c in hand}))
        if s.must_out:
            acts = [a for a in acts if a.kind in ("cancel", "discard") or _keeps_out(s, a)]
        return acts
    elif s.phase == "meld":
        frame = s.frame()
        if not s.kind:
            acts += [Action("meld", k) for k in sorted(set(frame.kinds_needed([k for k, _ in s.staged])))]
        else:
            others = _others(s, frame)
            hint = s.__dict__.get("_plan")
            plan = hint[2] if hint is not None and hint[0] is hand and hint[1] is s.built else None
            adds, plan = legal_adds_planned(frame, s.kind, s.built, hand, others, plan)
            s._plan_used = (hand, s.built, plan)  # type: ignore[attr-defined]
            acts += _steps("add", sorted([arg for arg, _, _ in adds]))
            _lo, hi, _ = frame.bounds(s.kind)
            if len(s.built) < hi and is_complete(frame, s.kind, s.built):
                acts.append(_DONE)
        acts.append(_CANCEL)
    elif s.phase == "layoff":
        assert s.layoff_card is not None
        acts += _steps("onto", sorted(_onto_args(s, s.layoff_card)))
        acts.append(_CANCEL)
    if s.must_out:
        acts = [a for a in acts if a.kind in ("cancel", "discard") or _keeps_out(s, a)]
    return acts


_DRAW_DISCARD, _DRAW_STOCK = Action("draw", "discard"), Action("draw", "stock")
_DONE, _CANCEL = Action("done"), Action("cancel")


class _KindSteps(dict[str, Action]):
    """The steps of one kind by argument, made on first use (bounded: the arguments are card
    codes and meld ends)."""

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind

    def __missing__(self, arg: str) -> Action:
        found = self[arg] = Action(self.kind, arg)
        return found


_KIND_STEPS: dict[str, _KindSteps] = {}


def _steps(kind: str, args: Iterable[str]) -> list[Action]:
    """``[Action(kind, arg) for arg in args]``, shared (the engine makes the same ones often;
    looked up at C speed)."""
    made = _KIND_STEPS.get(kind)
    if made is None:
        made = _KIND_STEPS[kind] = _KindSteps(kind)
    return [*map(made.__getitem__, args)]


# A natural card: (rank place 0..12, suit index, its run places as bits: bit p for place p, the Ace
# at 1 and 14), for the lone combination checks below.
_NATURALS = {c: (i % 13, i // 13, 16386 if i % 13 == 0 else 2 << i % 13) for c, i in SLOTS.items()}
_ROWS: dict[int, tuple[int, bool]] = {}  # a suit's places held (bits) -> (most in 3 places, a lone middle)
_MELD_BRELAN, _MELD_SEQ = Action("meld", "brelan"), Action("meld", "seq")


def _lone_melds(hand: Sequence[Card], variant: str) -> list[Action]:
    """The ``meld`` steps of a player who has opened: a brelan when three of a rank, or two and a
    wild, are held; a run when three places in a row of one suit can be filled (one wild at most;
    École: two, not side by side). ``Frame.possible(hand, [kind])`` of a later combination, in one
    pass over the hand."""
    wilds = 0
    ranks = [0] * 13
    rows = [0, 0, 0, 0]
    naturals = _NATURALS
    for c in hand:
        info = naturals.get(c)
        if info is None:
            wilds += 1
            continue
        r, si, bits = info
        ranks[r] += 1
        rows[si] |= bits
    out = []
    if max(ranks) >= (2 if wilds else 3):
        out.append(_MELD_BRELAN)
    for row in rows:
        if row:
            best, middle = _row_windows(row)
            if best == 3 or (best == 2 and wilds) or (variant == "ecole" and middle and wilds >= 2):
                out.append(_MELD_SEQ)
                break
    return out


def _row_windows(row: int) -> tuple[int, bool]:
    """For a suit's places held (bits), over the windows of three places: the most held, and
    whether one holds only its middle place (memoized: at most 2**15 rows)."""
    found = _ROWS.get(row)
    if found is None:
        windows = [row >> lo & 7 for lo in range(1, 13)]
        found = _ROWS[row] = (max(w.bit_count() for w in windows), 2 in windows)
    return found


_CODES: dict[str, Card] = {}


def _code_card(code: str) -> Card:
    """``card(code)`` for the canonical codes of legal steps, memoized."""
    found = _CODES.get(code)
    if found is None:
        found = _CODES[code] = card(code)
    return found


def _layable_codes(s: TrioState, hand: Sequence[Card]) -> list[str]:
    """Codes of the distinct cards of ``hand`` (all wilds alike: the first one's) that can be laid
    off on some combination of the table. Memoized per card while the table does not change
    (states made from one another share the memo, checked by identity)."""
    cached = s.__dict__.get("_lay")
    if cached is None or cached[0] is not s.melds:
        cached = s._lay = (s.melds, {})  # type: ignore[attr-defined]
    memo: dict[Card, bool] = cached[1]
    melds = s.melds
    out = []
    wild = False
    for c in dict.fromkeys(hand):
        if c in WILDS:
            if wild:
                continue
            wild = True
        found = memo.get(c)
        if found is None:
            found = memo[c] = any(m.layoff_ends(c) for m in melds)
        if found:
            out.append(c.code)
    return out


def _others(s: TrioState, frame: Frame) -> list[str]:
    """The opening's kinds still needed besides the one being built (``frame``: the seat's)."""
    if not frame.opening:
        return []
    need = frame.kinds_needed([k for k, _ in s.staged])
    need.remove(s.kind)
    return need


# -- effects ----------------------------------------------------------------------------------


def advance(s: TrioState, a: Action) -> None:
    """Apply a legal step to the fresh copy ``s``."""
    seat = s.turn
    kind = a.kind
    if kind == "draw":
        if a.arg == "stock":
            c, s.stock = s.stock[-1], s.stock[:-1]
            s._event({"type": "draw", "seat": seat, "source": "stock"})
        else:
            c, s.pile = s.pile[-1], s.pile[:-1]
            s.must_out = s.opened[seat]
            s._event({"type": "draw", "seat": seat, "source": "discard", "card": c.code})
        s.give(seat, [c])
        s.phase = "play"
    elif kind == "discard":
        c = _code_card(a.arg)
        s.remove_from_hand(seat, c)
        s.pile = (*s.pile, c)
        s._event({"type": "discard", "seat": seat, "card": c.code})
        if not s.hands[seat]:
            s._event({"type": "out", "seat": seat})
            s._end_round(seat)
        else:
            s.end_turn()
    elif kind == "meld":
        s.phase, s.kind, s.built = "meld", a.arg, ()
    elif kind == "add":
        c, p = _add_target(s, a.arg)
        used = s.__dict__.get("_plan_used")
        plan = None
        if used is not None and used[0] is s.hands[seat] and used[1] is s.built and used[2] is not None:
            plan = plan_after_add(used[2], s.kind, s.hands[seat], c, p)
        s.remove_from_hand(seat, c)
        s.built = (*s.built, (c, p))
        s._plan = None if plan is None else (s.hands[seat], s.built, plan)  # type: ignore[attr-defined]
        if len(s.built) >= s.frame().bounds(s.kind)[1]:
            _close(s)
    elif kind == "done":
        _close(s)
    elif kind == "cancel":
        back = [c for c, _ in s.built] + [c for _, b in s.staged for c, _ in b]
        s.give(seat, back)
        s.phase, s.kind, s.built, s.staged, s.layoff_card = "play", "", (), (), None
    elif kind == "layoff":
        s.phase, s.layoff_card = "layoff", _code_card(a.arg)
    elif kind == "onto":
        c = s.layoff_card
        assert c is not None
        mid, _, end = a.arg.partition(":")
        s.melds = tuple(m.laid_off(c, end) if m.id == int(mid) else m for m in s.melds)
        s.remove_from_hand(seat, c)
        s.phase, s.layoff_card = "play", None
        s._event({"type": "layoff", "seat": seat, "card": c.code, "meld": int(mid)})
        _maybe_out(s)


def _add_target(s: TrioState, arg: str) -> tuple[Card, int]:
    """The card and run position of a legal ``add:`` step (read from its text; an Ace's place
    may need the candidates' rule)."""
    code, _, rep = arg.partition("=")
    c = _code_card(code)
    if s.kind != "seq":
        return c, 0
    if rep in ("low", "high"):
        return c, 1 if rep == "low" else 14
    rank = _code_card(rep).rank if rep else c.rank
    if rank != "A":
        return c, POS_OF_RANK[rank]
    _, c, p = next(x for x in candidates(s.frame(), s.kind, s.built, s.hands[s.turn]) if x[0] == arg)
    return c, p


def _close(s: TrioState) -> None:
    seat = s.turn
    frame = s.frame()
    if not frame.opening:
        limit = run_wild_limit(s.variant)
        m = s.new_meld(seat, s.kind, s.built, limit if s.kind == "seq" else 1)
        s.phase, s.kind, s.built = "play", "", ()
        s._event({"type": "meld", "seat": seat, "meld": m.id})
        _maybe_out(s)
        return
    s.staged = (*s.staged, (s.kind, s.built))
    s.kind, s.built = "", ()
    if frame.kinds_needed([k for k, _ in s.staged]):
        return
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
    s.staged, s.phase, s.opened_now = (), "play", True
    s._event({"type": "open", "seat": seat, "contract": s.contract[seat], "melds": ids})
    _maybe_out(s)  # longer combinations may use all 14 cards


def _maybe_out(s: TrioState) -> None:
    seat = s.turn
    if not s.hands[seat]:
        s._event({"type": "out", "seat": seat})
        s._end_round(seat)


# -- the "must go out" turn (took the discard after opening) ------------------------------------


def _keeps_out(s: TrioState, a: Action) -> bool:
    """After ``a``, the player can still empty his hand this turn (RULES.md 3.4). The usual steps
    (lay-off, choosing a kind, an add that does not close the combination) are answered from ``s``
    itself; the others are played on a copy."""
    seat = s.turn
    hand = s.hands[seat]
    kind = a.kind
    rw = run_wild_limit(s.variant)
    if kind == "layoff":
        c = _code_card(a.arg)
        rest = _without(hand, c)
        return any(_out_after_layoff(s, rest, c, m.id, end, rw) for m in s.melds for end in m.layoff_ends(c))
    if kind == "onto":
        c = s.layoff_card
        assert c is not None
        mid, _, end = a.arg.partition(":")
        return _out_after_layoff(s, _without(hand, c), c, int(mid), end, rw)
    if kind == "meld" and s.phase == "play":  # a kind chosen: some first card must keep going out possible
        adds = legal_adds(s.frame(), a.arg, (), hand, [])
        return any(_out_after_add(s, a.arg, (), hand, c, p, rw) for _, c, p in adds)
    if kind == "add" and len(s.built) + 1 < s.frame().bounds(s.kind)[1]:
        c, p = _add_target(s, a.arg)
        return _out_after_add(s, s.kind, s.built, hand, c, p, rw)
    return _keeps_out_played(s, a)


def _without(hand: tuple[Card, ...], c: Card) -> list[Card]:
    rest = list(hand)
    rest.remove(c)
    return rest


def _hand_slots(cards: Iterable[Card]) -> tuple[tuple[int, ...], int]:
    """``(ascending count-vector slots of the naturals, wild count)``: the going-out search's hand."""
    slots = [SLOTS.get(c, -1) for c in cards]
    naturals = sorted(i for i in slots if i >= 0)
    return tuple(naturals), len(slots) - len(naturals)


def _goes_out(cards: Iterable[Card], table: Iterable[TableMeld | None], rw: int) -> bool:
    slots, wilds = _hand_slots(cards)
    return go_out_slots(slots, wilds, open_table(table), True, rw)


def _out_after_layoff(s: TrioState, rest: list[Card], c: Card, mid: int, end: str, rw: int) -> bool:
    """Going out is still possible once ``c`` is laid off on meld ``mid`` at ``end`` (``rest``: the
    hand left)."""
    if not rest:
        return True
    table = [abstract(m.laid_off(c, end) if m.id == mid else m) for m in s.melds]
    return _goes_out(rest, table, rw)


def _out_after_add(s: TrioState, kind: str, built: Built, hand: tuple[Card, ...], c: Card, p: int,
                   rw: int) -> bool:
    """Going out is still possible once ``c`` is added at ``p`` to the combination ``kind`` being
    built (``built`` before it; the add does not close it)."""
    rest = _without(hand, c)
    table = list(s.table())
    return any(go_out_slots(left, w, open_table([*table, extra]), True, rw)
               for left, w, extra in _completions(rest, (*built, (c, p)), kind, s.variant))


def _keeps_out_played(s: TrioState, a: Action) -> bool:
    """:func:`_keeps_out`, by playing ``a`` on a copy of ``s``."""
    t = s._clone()
    advance(t, a)
    if t.phase == "over" or t.round_no != s.round_no:
        return True
    seat = s.turn
    hand = t.hands[seat]
    rw = run_wild_limit(s.variant)
    if t.phase == "play":
        return _goes_out(hand, t.table(), rw)
    if t.phase == "layoff":
        c = t.layoff_card
        assert c is not None
        rest = _without(hand, c)
        return any(_out_after_layoff(t, rest, c, m.id, end, rw) for m in t.melds for end in m.layoff_ends(c))
    if not t.built:  # a kind just chosen: some first card must keep going out possible
        adds = legal_adds(t.frame(), t.kind, (), hand, [])
        return any(_keeps_out(t, Action("add", arg)) for arg, _, _ in adds)
    table = list(t.table())
    return any(go_out_slots(left, w, open_table([*table, extra]), True, rw)
               for left, w, extra in _completions(hand, t.built, t.kind, t.variant))


def _completions(hand: Sequence[Card], built: Built, kind: str, variant: str,
                 ) -> list[tuple[tuple[int, ...], int, tuple[object, ...]]]:
    """Minimal ways to finish the combination being built: ``(slots left, wilds left, meld)``."""
    out: list[tuple[tuple[int, ...], int, tuple[object, ...]]] = []
    if not built:
        return out
    if kind != "seq":
        nat = [c for c, _ in built if not is_wild(c)]
        rank = POS_OF_RANK[nat[0].rank]
        have_w = len(built) - len(nat)
        pool = [c for c in hand if not is_wild(c) and c.rank == nat[0].rank]
        need = max(0, 3 - len(built))
        size = len(built) + need
        if size >= 4:
            return out
        wilds = sum(1 for c in hand if is_wild(c))
        for w_add in (0, 1):
            if w_add > wilds or have_w + w_add > 1 or w_add > need:
                continue
            for combo in set(combinations(pool, need - w_add)):
                rest = list(hand)
                for c in combo:
                    rest.remove(c)
                cl, wl = _hand_slots(rest)
                out.append((cl, wl - w_add, ("s", rank, size, have_w + w_add)))
        return out
    counts, wilds = counts_of(hand)
    ps = [p for _, p in built]
    span = max(ps) - min(ps) + 1
    limit = run_wild_limit(variant)
    suit = next(c.suit for c, _ in built if not is_wild(c))
    part = SeqPart(max(3, span), max(3, span), limit, suit, tuple(sorted((p, is_wild(c)) for c, p in built)))
    for _, lo, mask, left, wleft in _windows(counts, wilds, part, True):
        hi = lo + len(mask) - 1
        out.append((slots_of(left), wleft, ("q", SUITS.index(suit), lo, hi, sum(mask), limit, mask[0], mask[-1])))
    return out


def why_illegal(s: TrioState, a: Action) -> tuple[str, str]:
    """A player-readable reason for refusing ``a``."""
    seat = s.turn
    if s.phase == "draw" and a.kind != "draw":
        return ("Draw first: from the stock or the discard pile.",
                "Piochez d'abord : au talon ou à la défausse.")
    if a == Action("draw", "discard") and s.opened[seat]:
        return ("Having opened, you may take the discard only if it lets you go out this turn.",
                "Ayant ouvert, vous ne pouvez prendre la défausse que si elle vous permet de finir ce tour.")
    if a.kind == "layoff" and not s.opened[seat]:
        return ("You may lay off cards only after opening.",
                "Vous ne pouvez poser sur les combinaisons qu'après avoir ouvert.")
    if a.kind in ("layoff", "meld") and s.opened_now:
        return ("On the turn you open you may lay nothing else.",
                "Au tour de l'ouverture, on ne pose rien d'autre.")
    if a.kind == "meld" and s.phase == "play" and not s.opened[seat]:
        return ("Your hand cannot make your contract now: open with exactly its combinations.",
                "Votre main ne permet pas de remplir votre contrat : ouvrez avec exactement ses combinaisons.")
    if s.must_out:
        return ("You took the discard after opening: this turn you must go out.",
                "Vous avez pris la défausse après avoir ouvert : vous devez finir ce tour.")
    if a.kind in ("add", "onto"):
        return (f"{a.arg} does not fit there (combination rules or wild limit).",
                f"{a.arg} ne convient pas ici (règles des combinaisons ou limite de passe-partout).")
    return (f"{a} is not allowed now.", f"{a} n'est pas permis maintenant.")


__all__ = ["ADJACENCY", "advance", "layoff_targets", "legal_steps", "why_illegal"]
