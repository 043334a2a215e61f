"""Helpers for the Tarot tests: rigged positions and an independent reference card counter."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.cards import Card, card, cards
from games.tarot import TAROT
from games.tarot.deck import sort_hand
from games.tarot.state import Phase, TarotState


def play_random(state: TarotState, rng: random.Random, until: Any = None) -> TarotState:
    """Apply random legal actions until the match is over (or ``until(state)`` is true)."""
    while state.to_act() is not None and not (until and until(state)):
        seat = state.to_act()
        assert seat is not None
        legal = state.legal_actions(seat)
        state = state.apply(seat, legal[rng.randrange(len(legal))])
    return state


def act(state: TarotState, *texts: str) -> TarotState:
    """Apply actions (by text) for whoever is to act."""
    for text in texts:
        seat = state.to_act()
        assert seat is not None
        state = state.apply(seat, TAROT.parse_action(text))
    return state


def give(state: TarotState, seat: int, wanted: str | Sequence[Card]) -> TarotState:
    """Swap ``wanted`` cards into ``seat``'s hand (from other hands or the chien), sending back
    cards of that hand not wanted: the 78 cards stay a valid deal. Only before the bidding ends."""
    want = cards(wanted) if isinstance(wanted, str) else list(wanted)
    hands = [list(h) for h in state.hands]
    chien = list(state.chien)
    spare = [c for c in hands[seat] if c not in want]
    for c in want:
        if c in hands[seat]:
            continue
        holder = next((h for h in hands if c in h), None)
        giveback = spare.pop()
        hands[seat].remove(giveback)
        hands[seat].append(c)
        if holder is not None:
            holder[holder.index(c)] = giveback
        else:
            chien[chien.index(c)] = giveback
    state.hands = tuple(sort_hand(h) for h in hands)
    state.chien = tuple(chien)
    state._legal_cache = None
    return state


def to_chien(state: TarotState, wanted: str) -> TarotState:
    """Swap ``wanted`` cards into the chien."""
    for c in cards(wanted):
        if c in state.chien:
            continue
        hands = [list(h) for h in state.hands]
        holder = next(h for h in hands if c in h)
        out = next(x for x in state.chien if x not in cards(wanted))
        holder[holder.index(c)] = out
        chien = list(state.chien)
        chien[chien.index(out)] = c
        state.hands = tuple(sort_hand(h) for h in hands)
        state.chien = tuple(chien)
    state._legal_cache = None
    return state


def endgame(players: int, hands: dict[int, str], *, taker: int, contract: str = "garde", leader: int,
            partner: int | None = None, side_tricks: tuple[int, int] = (0, 0),
            side_halves: tuple[int, int] = (0, 0), attack_bouts: int = 0, dealer: int | None = None,
            options: dict[str, Any] | None = None, chelem_announced: bool = False) -> TarotState:
    """A play-phase position with the given (short) hands: the last tricks of a deal."""
    state = TAROT.new(players, "endgame", {"deals": 1, **(options or {})})
    state.dealer = (players - 1) if dealer is None else dealer
    state._start_deal()
    hand_cards = {s: sort_hand(cards(h)) for s, h in hands.items()}
    state.hands = tuple(hand_cards.get(s, ()) for s in range(players))
    state.contract, state.taker, state.partner = contract, taker, partner
    state.partner_known = True
    state.phase = Phase.PLAY
    state.leader = state.turn = leader
    size = len(next(iter(hand_cards.values())))
    state.trick_no = state.total_tricks - size
    state.side_tricks, state.side_halves, state.attack_bouts = side_tricks, side_halves, attack_bouts
    state.started = (1 << players) - 1
    state.chelem_announced = chelem_announced
    state.chien = ()
    state._legal_cache = None
    return state


# --- an independent reference counter --------------------------------------------------------

_FACE = {"K": 9, "Q": 7, "C": 5, "J": 3}


def ref_halves(c: Card) -> int:
    if c.code in ("T21", "T1", "EX"):
        return 9
    if c.is_trump:
        return 1
    return _FACE.get(c.rank, 1)


def ref_winner(trick: Sequence[tuple[int, Card]]) -> int:
    """Seat winning ``trick`` (Excuse never wins): highest trump, else highest of the suit led."""
    plays = [(s, c) for s, c in trick if c.code != "EX"]
    trumps = [(s, c) for s, c in plays if c.is_trump]
    if trumps:
        return max(trumps, key=lambda sc: sc[1].value)[0]
    lead = plays[0][1].suit
    return max(((s, c) for s, c in plays if c.suit == lead), key=lambda sc: sc[1].value)[0]


def reference_count(tricks: Sequence[Sequence[tuple[int, Card]]], attack: set[int], contract: str,
                    chien: Sequence[Card], ecart: Sequence[Card],
                    excuse_changes_camp: bool = False) -> dict[str, Any]:
    """Attack points, bouts, petit au bout and chelem from the tricks, written from the rules."""
    halves = {"attack": 0, "defence": 0}
    bouts = {"attack": 0, "defence": 0}
    won = {"attack": 0, "defence": 0}
    petit_side_at: dict[int, str] = {}
    excuse_wins_last = False
    n = len(tricks)

    def side(seat: int) -> str:
        return "attack" if seat in attack else "defence"

    for i, trick in enumerate(tricks):
        winner = ref_winner(trick)
        ex = next((s for s, c in trick if c.code == "EX"), None)
        if i == n - 1 and ex is not None and trick[0][0] == ex and won[side(ex)] == n - 1:
            winner = ex
            excuse_wins_last = True
        wside = side(winner)
        won[wside] += 1
        for seat, c in trick:
            if c.code == "EX":
                owner = side(seat)
                if i == n - 1:
                    gets = wside if not excuse_changes_camp or excuse_wins_last else (
                        "defence" if owner == "attack" else "attack")
                    halves[gets] += 9
                    bouts[gets] += 1
                else:
                    bouts[owner] += 1
                    if owner == wside:
                        halves[owner] += 9
                    else:
                        halves[owner] += 8
                        halves[wside] += 1
                continue
            halves[wside] += ref_halves(c)
            if c.code in ("T1", "T21"):
                bouts[wside] += 1
            if c.code == "T1":
                petit_side_at[i] = wside
    if contract in ("prise", "garde"):
        halves["attack"] += sum(ref_halves(c) for c in ecart)
    else:
        owner = "attack" if contract == "garde_sans" else "defence"
        halves[owner] += sum(ref_halves(c) for c in chien)
        bouts[owner] += sum(1 for c in chien if c.code in ("T1", "T21", "EX"))
    petit = petit_side_at.get(n - 1)
    if petit is None and excuse_wins_last:
        petit = petit_side_at.get(n - 2)
    chelem = "attack" if won["attack"] == n else "defence" if won["defence"] == n else None
    assert halves["attack"] + halves["defence"] == 182
    return {"points": halves["attack"] / 2, "bouts": bouts["attack"], "petit_au_bout": petit,
            "chelem": chelem}


def card_list(text: str) -> list[Card]:
    return [card(t) for t in text.split()]
