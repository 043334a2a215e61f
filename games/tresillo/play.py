"""Trick play, the renounce and its defence, and the bola (docs/rules/tresillo.md, « Play and the matadors' privilege », « Bola », « Renounce and defence »).

Mano leads the first trick, the winner of a trick leads the next. The declarer of a Jeu or a
Retourne may ``renounce`` on any of his turns until he has played to the fourth trick: a Retourne
then ends as a puesta; in a Jeu the opponents, in turn from the declarer's right, ``accept`` or
``defend`` (the first who defends becomes the declarer and play goes on to the ninth trick).
A declarer who wins the first five tricks chooses ``bola:stop`` (won) or ``bola:continue``;
losing a later trick then ends the deal as a failed bola.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.base import Action
from games.tresillo.order import playable, trick_winner

if TYPE_CHECKING:
    from games.tresillo.position import Position

RENOUNCE = Action("renounce")
RESPONSES = [Action("accept"), Action("defend")]
BOLA_ACTIONS = [Action("bola", "continue"), Action("bola", "stop")]
RENOUNCEABLE = ("jeu", "jeu_favour", "retourne")


def start(st: Position) -> None:
    st.phase = st.PHASE.PLAY
    st.turn = st.active[0]
    st.push_event({"type": "sleeping", "count": st.sleeping})


def can_renounce(st: Position, seat: int) -> bool:
    """Jeu or Retourne, by the declarer, before he has played to the 4th trick, once (docs/rules/tresillo.md, « Renounce and defence »)."""
    return (seat == st.declarer and st.contract in RENOUNCEABLE and not st.renounced
            and st.tricks_done <= 3)


def legal_play(st: Position) -> list[Action]:
    """``play:<card>`` for each playable card (follow suit, matador privileges), then ``renounce``."""
    seat = st.turn
    assert seat is not None and st.order is not None
    led = st.trick[0][1] if st.trick else None
    act = st.PLAY
    out = [act[c] for c in playable(st.hands[seat], led, st.order)]
    if can_renounce(st, seat):
        out.append(RENOUNCE)
    return out


def advance_play(st: Position, seat: int, action: Action) -> None:
    if action.kind == "renounce":
        _renounce(st, seat)
        return
    c = st.CARD[action.arg]
    hand = st.hands[seat]
    i = hand.index(c)
    st.set_hand(seat, hand[:i] + hand[i + 1:], sort=False)
    trick = (*st.trick, (seat, c))
    if len(trick) < 3:
        st.trick = trick
        st.turn = st.next_active(seat)
        return
    assert st.order is not None
    winner = trick_winner(trick, st.order)
    won = list(st.tricks_won)
    won[winner] += 1
    st.tricks_won = tuple(won)
    st.tricks_done += 1
    st.done_tricks = (*st.done_tricks, (trick, winner))
    st.trick = ()
    st.push_event({"type": "trick", "cards": [[s, x.code] for s, x in trick], "winner": winner})
    declarer = st.declarer
    if st.bola and winner != declarer:
        st.end_deal(bola="failed")
    elif st.tricks_done == 9:
        st.end_deal(bola="made" if st.bola else None,
                    renounce="defended" if st.defender is not None else None)
    elif st.tricks_done == 5 and not st.renounced and won[declarer] == 5:
        st.phase = st.PHASE.BOLA
        st.turn = declarer
    else:
        st.turn = winner


def _renounce(st: Position, seat: int) -> None:
    st.renounced = True
    st.push_event({"type": "renounce", "seat": seat})
    if st.contract == "retourne":
        st.end_deal(renounce="accepted")
        return
    first = st.next_active(seat)
    st.phase = st.PHASE.RENOUNCE
    st.turn, st.queue = first, (st.next_active(first),)


def legal_response(st: Position) -> list[Action]:
    """After a renounced Jeu: ``accept`` or ``defend``."""
    return RESPONSES


def advance_response(st: Position, seat: int, action: Action) -> None:
    st.push_event({"type": action.kind, "seat": seat})
    if action.kind == "defend":
        st.first_declarer = st.declarer
        st.defender = st.declarer = seat
        st.phase = st.PHASE.PLAY
        st.turn = st.first_declarer
    elif st.queue:
        st.turn, st.queue = st.queue[0], ()
    else:
        st.end_deal(renounce="accepted")


def legal_bola(st: Position) -> list[Action]:
    """The declarer won the first five tricks: go on for the bola or stop."""
    return BOLA_ACTIONS


def advance_bola(st: Position, seat: int, action: Action) -> None:
    st.push_event({"type": "bola", "seat": seat, "choice": action.arg})
    if action.arg == "stop":
        st.end_deal()
    else:
        st.bola = True
        st.phase = st.PHASE.PLAY
        st.turn = seat
