"""The Tresillo expert's search before the play: bids, the contract and the exchange (docs/rules/tresillo.md,
« Bidding », « The exchange (descarte) », « Payments »).

Each decision is weighed on sampled deals (determinization): the cards this seat cannot see are
shuffled into the two other hands and the talon (the rest are dead discards). Every candidate (a
contract, or how many of its worst cards to exchange) is played out on the *same* sampled deals:
the exchanges still to come by the normal player's rule (its junk out, docs/rules/tresillo.md, « The exchange (descarte) » limits), the
nine tricks by the expert's fast card policy, and the deal settled by the rules' payments
(:func:`games.tresillo.scoring.settle`). The best mean gain wins. A bid is made when the best
contract it allows is expected to gain more than :data:`BID_MARGIN` (passing is worth about 0:
an annulled deal pays nothing, and the contracts others take are close to even for a defender).

Measured (``python -m benchmarks.tresillo_ai --expert 60``, 3 seats, duplicate deals, 60 samples a
decision): expert minus normal +2.56 ± 0.74 points per deal over 300 matches (2,700 expert
deals; +0.37 ± 0.26 when only the card play was searched); as declarer +7.4 a deal. With an
all-pass deal redealt (docs/rules/tresillo.md, « Bidding », since the merge of main): +3.9 ± « Result: sacada, puesta, codillo » over 60 matches.

Cards are in the expert's mask space (:class:`games.tresillo.expert.Cards`); renounces and the
bola are not simulated (the real play handles them).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.base import Action
from games.cards import Card, card
from games.search import Advice, Search, bits
from games.tresillo.ai import declare_options
from games.tresillo.auction import LEVEL_OF
from games.tresillo.order import SUITS
from games.tresillo.playout import DECK, SUIT_MASK, Cards, playout
from games.tresillo.scoring import settle

#: points a bid's best contract must be expected to gain (tuned on duplicate deals against normal)
BID_MARGIN = 0.0
SOLO_FREE_LIMIT = 7
_PLAIN: dict[str, tuple[dict[int, int], dict[int, int]]] = {}


def _kings(cs: Cards) -> tuple[dict[int, int], dict[int, int]]:
    """Index of the Rey and of the Caballo of every plain suit of ``cs``'s trump."""
    trump = cs.order.trump
    if trump not in _PLAIN:
        king = {SUITS.index(s): cs.index[card("R" + s, "spanish")] for s in SUITS if s != trump}
        cab = {SUITS.index(s): cs.index[card("C" + s, "spanish")] for s in SUITS if s != trump}
        _PLAIN[trump] = (king, cab)
    return _PLAIN[trump]


def worth(c: int, hand: int, cs: Cards) -> float:
    """The normal player's worth of card ``c`` in ``hand`` (:func:`games.tresillo.ai.card_value`
    for plain cards: Rey 0.85, Caballo with its Rey 0.5, guarded 0.2, else nothing); trumps 1+."""
    s = c >> 4
    if s == cs.trump:
        return 1.0 + (c & 15) / 100
    king, cab = _kings(cs)
    if c == king[s]:
        return 0.85
    if c == cab[s]:
        if hand >> king[s] & 1:
            return 0.5
        return 0.2 if (hand & SUIT_MASK[s]).bit_count() >= 2 else 0.05
    return 0.0


def discard_order(hand: int, cs: Cards) -> list[int]:
    """The cards of ``hand``, the first to discard first: by worth, then lowest."""
    return sorted(bits(hand), key=lambda c: (worth(c, hand, cs), c & 15))


def junk_count(hand: int, cs: Cards) -> int:
    """How many cards the normal player calls junk (worth under 0.3: ``ai.junk``)."""
    return sum(1 for c in bits(hand) if worth(c, hand, cs) < 0.3)


class Deal:
    """One sampled deal seen from ``me``: every active seat's hand and the talon, top first."""

    __slots__ = ("hands", "talon")

    def __init__(self, hands: dict[int, list[Card]], talon: list[Card]) -> None:
        self.hands = hands
        self.talon = talon


def sample(mine: Sequence[Card], me: int, counts: dict[int, int], talon: int, rng: random.Random,
           known: dict[int, list[Card]] | None = None) -> Deal:
    """The unseen cards shuffled: ``counts[seat]`` to each other seat (after its ``known`` cards),
    ``talon`` to the talon, the rest dead."""
    known = known or {}
    seen = set(mine).union(*known.values()) if known else set(mine)
    pool = [c for c in DECK if c not in seen]
    rng.shuffle(pool)
    hands: dict[int, list[Card]] = {me: list(mine)}
    pos = 0
    for s, n in counts.items():
        have = list(known.get(s, ()))
        take = n - len(have)
        hands[s] = have + pool[pos:pos + take]
        pos += take
    return Deal(hands, pool[pos:pos + talon])


def play_deal(deal: Deal, contract: str, trump: str | None, declarer: int, seats: list[int], me: int,
              order: list[int], plan: tuple[int, list[Card]] | None, rng: random.Random,
              retourne_value: int = 10, turned_done: bool = False) -> int:
    """``me``'s gain on ``deal``: the exchanges of ``order`` (``plan``: that seat discards those
    cards; the others their junk), nine tricks by the fast policy, the rules' payments. A
    Retourne not yet turned (``turned_done`` False) turns the talon's top card first."""
    talon = list(deal.talon)
    hands = {s: list(h) for s, h in deal.hands.items()}
    if contract == "retourne" and not turned_done:
        turned = talon.pop(0)
        trump = turned.suit
        hands[declarer].append(turned)
    assert trump is not None
    cs = Cards.of(trump)
    index = cs.index
    masks = {s: sum(1 << index[c] for c in h) for s, h in hands.items()}
    tal = [index[c] for c in talon]
    solo = contract.startswith("solo")
    for i, s in enumerate(order):
        if s == declarer:
            limit = min(10, len(tal) + 1) if contract == "retourne" else min(9, len(tal))
        else:
            limit = min(9, len(tal))
            if solo and i == 0:
                limit = min(limit, SOLO_FREE_LIMIT)
        hand = masks[s]
        if plan is not None and plan[0] == s:
            out = [index[c] for c in plan[1]]
        else:
            n = min(junk_count(hand, cs), limit)
            if s == declarer and contract == "retourne":
                n = max(n, 1)
            out = discard_order(hand, cs)[:n]
        for c in out:
            hand &= ~(1 << c)
        draw = len(out) - 1 if s == declarer and contract == "retourne" else len(out)
        for c in tal[:draw]:
            hand |= 1 << c
        tal = tal[draw:]
        masks[s] = hand
    won = playout([masks[s] for s in seats], [], 0, seats, declarer, dict.fromkeys(seats, 0), cs, rng)
    return settle(contract=contract, declarer=declarer, tricks=won, retourne_value=retourne_value).deltas[me]


def exchange_order(contract: str, declarer: int, seats: list[int]) -> list[int]:
    """Who exchanges, in order: the declarer (never in a Solo), then the opponents from his right."""
    i = seats.index(declarer)
    opps = [seats[(i + 1) % 3], seats[(i + 2) % 3]]
    return opps if contract.startswith("solo") else [declarer, *opps]


def contracts(view: dict[str, Any], level: int) -> list[tuple[str, str | None]]:
    """Every contract at ``level`` or above with its trump (:func:`~games.tresillo.ai.declare_options`)."""
    return declare_options(view["favour"], level)


def contract_gains(view: dict[str, Any], options: list[tuple[str, str | None]], rng: random.Random,
                   search: Search) -> dict[tuple[str, str | None], float]:
    """Mean gain of declaring each of ``options`` (this seat the declarer), on the same sampled deals."""
    me = view["seat"]
    seats = list(view["active"])
    mine = [card(c, "spanish") for c in view["hand"]]
    counts = {s: 9 for s in seats if s != me}
    rv = view["values"]["retourne"]
    totals = dict.fromkeys(options, 0.0)
    n = 0
    for _ in search.loop():
        deal = sample(mine, me, counts, 13, rng)
        for name, trump in options:
            totals[name, trump] += play_deal(deal, name, trump, me, seats, me, exchange_order(name, me, seats),
                                             None, rng, rv)
        n += 1
    return {k: v / max(n, 1) for k, v in totals.items()}


def _text(name: str, trump: str | None) -> str:
    return f"{name}:{trump}" if name in ("jeu", "solo") else name


def advise_bid(view: dict[str, Any], legal: Sequence[Action], rng: random.Random, search: Search) -> list[Advice]:
    """Bid (the lowest bid allowing it) when the best contract within reach gains more than
    :data:`BID_MARGIN`, else pass."""
    bids = [a for a in legal if a.kind == "bid"]
    level_of = {a: view["auction"]["level"] + 1 if a.arg == "plus" else LEVEL_OF[a.arg] for a in bids}
    if not bids:
        return [(legal[0], 0.0, None)]
    low = min(level_of.values())
    gains = contract_gains(view, contracts(view, low), rng, search)
    best = max(gains, key=lambda k: (gains[k], _text(*k)))
    ev = gains[best]
    bid = min((a for a in bids if level_of[a] <= LEVEL_OF[best[0]]), key=lambda a: level_of[a])
    passing = next(a for a in legal if a.kind == "pass")
    ranked = [(bid, ev - BID_MARGIN, None), (passing, 0.0, None)]
    return sorted(ranked, key=lambda t: -t[1])


def advise_declare(view: dict[str, Any], legal: Sequence[Action], rng: random.Random,
                   search: Search) -> list[Advice]:
    """The legal contract with the best mean gain."""
    by_text = {a.arg: a for a in legal if a.kind == "declare"}
    options = [k for k in contracts(view, view["auction"]["level"]) if _text(*k) in by_text]
    gains = contract_gains(view, options, rng, search)
    ranked = sorted(options, key=lambda k: (-gains[k], _text(*k)))
    return [(by_text[_text(*k)], gains[k], None) for k in ranked]


def exchange_plans(view: dict[str, Any], legal: Sequence[Action], rng: random.Random,
                   search: Search) -> list[tuple[Action, float, list[Card]]]:
    """Each ``exchange:N`` with the N cards it would discard (the worst first), by mean gain."""
    me = view["seat"]
    seats = list(view["active"])
    declarer = view["declarer"]
    contract = view["contract"]["name"]
    trump = view["trump"]
    cs = Cards.of(trump)
    mine = [card(c, "spanish") for c in view["hand"]]
    hand = cs.mask(mine)
    ordered = [cs.card[c] for c in discard_order(hand, cs)]
    counts_legal = [a for a in legal if a.kind == "exchange" and a.arg.isdigit()]
    order = exchange_order(contract, declarer, seats)
    exchanged = view["exchanged"]
    todo = [s for s in order if exchanged[s] is None and s != me]
    others = {s: 9 for s in seats if s != me}
    known: dict[int, list[Card]] = {}
    turned = view.get("turned")
    if turned and declarer != me:
        known[declarer] = [card(turned, "spanish")]
    rv = view["values"]["retourne"]
    totals = dict.fromkeys(counts_legal, 0.0)
    n = 0
    for _ in search.loop():
        deal = sample(mine, me, others, view["talon"], rng, known)
        for a in counts_legal:
            plan = (me, ordered[:int(a.arg)])
            totals[a] += play_deal(deal, contract, trump, declarer, seats, me, [me, *todo], plan, rng, rv,
                                   turned_done=True)
        n += 1
    usual = min(junk_count(hand, cs), max(int(a.arg) for a in counts_legal))
    if me == declarer and contract == "retourne":
        usual = max(usual, 1)
    # equal gains (a hand that wins every sample): the normal player's count, its junk
    ranked = sorted(counts_legal, key=lambda a: (-round(totals[a], 6), abs(int(a.arg) - usual), int(a.arg)))
    return [(a, totals[a] / max(n, 1), ordered[:int(a.arg)]) for a in ranked]
