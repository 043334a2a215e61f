"""The exchange, *descarte* (docs/rules/tresillo.md, « The exchange (descarte) »).

The declarer exchanges first (never in a Solo; in a Retourne he took the turned card and draws one
fewer than he discards, so ``k >= 1``). Then the opponent on his right chooses who of the two
opponents exchanges first ("comment fait-on ?": ``order:me`` / ``order:partner``); in a Solo they
go in turn order and the first takes 8 or 9 cards only with the other's consent
(``exchange:ask`` then ``consent:yes|no``). The exchanger says how many cards he discards
(``exchange:N``, 0 allowed: nobody is forced to exchange), then picks them (``discard:RC`` N times,
``State.pending_picks`` telling how many remain, so the bot gathers them in one multi-select) and
draws as many (limited by the talon) after the last one. Discards are dead and never shown; cards
left in the talon sleep, only their number is told.

Logs written before ``exchange:N`` (discards one at a time, then ``exchange:done``) are rewritten
when loaded (:func:`upgrade_log`, through ``Game.upgrade_log``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.base import Action

if TYPE_CHECKING:
    from games.tresillo.position import Position

ASK = Action("exchange", "ask")
ORDER_ACTIONS = [Action("order", "me"), Action("order", "partner")]
CONSENT_ACTIONS = [Action("consent", "no"), Action("consent", "yes")]
SOLO_FREE_LIMIT = 7  # the first Solo exchanger needs consent for 8 or 9 cards
COUNTS = tuple(Action("exchange", str(n)) for n in range(11))


def start(st: Position) -> None:
    """After the declaration: the declarer exchanges, except in a Solo where the opponents go in turn."""
    st.phase = st.PHASE.EXCHANGE
    first = st.next_active(st.declarer)
    if st.contract in ("solo", "solo_favour"):
        st.first_exchanger = first
        st.queue = (st.next_active(first),)
        st.turn = first
    else:
        st.queue = ()
        st.turn = st.declarer


def discard_limit(st: Position, seat: int) -> int:
    """Most cards ``seat`` may discard now: what the talon can replace (9 at most; a Retourne
    declarer holds 10 and draws one fewer); 7 for the first Solo exchanger without consent."""
    talon = len(st.talon)
    if seat == st.declarer:
        if st.contract == "retourne":
            return min(10, talon + 1)
        return min(9, talon)
    limit = min(9, talon)
    if seat == st.first_exchanger and st.consent != "yes":
        limit = min(limit, SOLO_FREE_LIMIT)
    return limit


def count_range(st: Position, seat: int) -> range:
    """How many cards ``seat`` may say he discards: 0 (a Retourne declarer at least 1) up to
    :func:`discard_limit`."""
    low = 1 if seat == st.declarer and st.contract == "retourne" else 0
    return range(low, discard_limit(st, seat) + 1)


def may_ask(st: Position, seat: int) -> bool:
    """The first Solo exchanger may ask consent to take 8 or 9 cards, once, when the talon has them."""
    return seat == st.first_exchanger and st.consent is None and len(st.talon) > SOLO_FREE_LIMIT


def legal_exchange(st: Position) -> list[Action]:
    """No count chosen: ``exchange:N`` for each allowed count, and ``exchange:ask`` for the first
    Solo exchanger; a count chosen: ``discard:<card>`` for each card in hand."""
    seat = st.turn
    assert seat is not None
    if st.count is None:
        out = [COUNTS[n] for n in count_range(st, seat)]
        return [*out, ASK] if may_ask(st, seat) else out
    discard = st.DISCARD
    return [discard[c] for c in st.hands[seat]]


def advance_exchange(st: Position, seat: int, action: Action) -> None:
    if action.kind == "discard":
        c = st.CARD[action.arg]
        hand = st.hands[seat]
        i = hand.index(c)
        st.set_hand(seat, hand[:i] + hand[i + 1:], sort=False)
        st.pending = (*st.pending, c)
        if len(st.pending) == st.count:
            _draw(st, seat)
        return
    if action.arg == "ask":
        st.phase = st.PHASE.CONSENT
        st.turn = st.queue[0]
        return
    if action.arg.isascii() and action.arg.isdigit() and int(action.arg) > 0:
        st.count = int(action.arg)
        return
    _draw(st, seat)  # exchange:0


def _draw(st: Position, seat: int) -> None:
    """The exchanger draws as many cards as he discarded (a Retourne declarer one fewer); the
    next exchanger's turn, or the play."""
    st.count = None
    k = len(st.pending)
    draw = k - 1 if seat == st.declarer and st.contract == "retourne" else k
    st.set_hand(seat, (*st.hands[seat], *st.talon[:draw]))
    st.talon = st.talon[draw:]
    st.pending = ()
    exchanged = list(st.exchanged)
    exchanged[seat] = k
    st.exchanged = tuple(exchanged)
    st.push_event({"type": "exchange", "seat": seat, "discarded": k, "drawn": draw, "talon": len(st.talon)})
    if seat == st.declarer:
        st.phase = st.PHASE.ORDER
        st.turn = st.next_active(seat)
    elif st.queue:
        st.turn, st.queue = st.queue[0], st.queue[1:]
    else:
        st.sleeping = len(st.talon)
        st.start_play()


def legal_order(st: Position) -> list[Action]:
    """The opponent on the declarer's right decides who exchanges first."""
    return ORDER_ACTIONS


def advance_order(st: Position, seat: int, action: Action) -> None:
    partner = st.next_active(seat)
    first, second = (seat, partner) if action.arg == "me" else (partner, seat)
    st.exchange_order = (first, second)
    st.push_event({"type": "exchange_order", "seat": seat, "first": first})
    st.phase = st.PHASE.EXCHANGE
    st.turn, st.queue = first, (second,)


def legal_consent(st: Position) -> list[Action]:
    """The second Solo exchanger agrees or not to let the first take 8 or 9 cards."""
    return CONSENT_ACTIONS


def advance_consent(st: Position, seat: int, action: Action) -> None:
    st.consent = action.arg
    st.push_event({"type": "consent", "seat": seat, "answer": action.arg})
    st.phase = st.PHASE.EXCHANGE
    st.turn = st.first_exchanger



def upgrade_log(log: list[str]) -> list[str]:
    """An old log's exchanges in today's actions, same length: each ``discard:...`` run closed by
    ``exchange:done`` becomes ``exchange:N`` and the N discards; an ``exchange:ask`` made after 7
    discards moves before them (the consent does not depend on which cards go)."""
    out: list[str] = []
    run: list[str] = []
    asked: list[str] = []
    for i, text in enumerate(log):
        low = text.lower()
        if low.startswith("discard:"):
            run.append(text)
        elif low == "exchange:ask" and run:
            asked = [text, log[i + 1]] if i + 1 < len(log) else [text]
        elif asked and i > 0 and log[i - 1].lower() == "exchange:ask":
            continue  # the consent answer, moved with the request
        elif low == "exchange:done":
            out += [*asked, f"exchange:{len(run)}", *run]
            run, asked = [], []
        else:
            out += [*asked, *run, text]
            run, asked = [], []
    return out + asked + run
