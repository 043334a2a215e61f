"""A heuristic computer player for Tresillo. It sees only its own view (``Player`` protocol).

Bids from a trick estimate (matadors, trump length, guarded Reyes, voids) turned into an expected
gain per contract; exchanges trumps and masters in, junk out; wins tricks cheaply, lets a winning
partner take them and keeps its matadors when the privilege lets it; renounces a hopeless Jeu,
defends a strong hand, goes for the bola only with sure winners; bets as alcalde from the
results seen so far at the table.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from games.base import Action
from games.cards import Card, card, spanish_deck
from games.tresillo.auction import LEVELS
from games.tresillo.order import ORDERS, SUITS, Order, plain_order
from games.tresillo.scoring import VALUES

DECK = tuple(spanish_deck())
_BET_OF = {"sacada": "J", "puesta": "P", "renuncia": "P", "defensa": "P", "puesta_doble": "P",
           "defensa_puesta": "P", "defensa_codillo": "P", "codillo": "C"}
SOLO_PENALTY = 0.7
_BET_PRIOR = {"J": 2.0, "P": 1.2, "C": 1.2}
_PLAIN_POS = {s: {c: i for i, c in enumerate(plain_order(s))} for s in SUITS}
_TRUMP_POS = {t: {c: i for i, c in enumerate(ORDERS[t].trumps)} for t in SUITS}


def _cards(codes: Sequence[str]) -> list[Card]:
    return [card(c, "spanish") for c in codes]


def card_value(c: Card, hand: Sequence[Card], order: Order) -> float:
    """Expected tricks ``c`` brings in ``hand`` with ``order``'s trump."""
    if order.suit_of[c] == order.trump:
        i = _TRUMP_POS[order.trump][c]
        return 1.0 if i <= 2 else 0.75 if i <= 4 else 0.55 if i <= 6 else 0.4
    suit = order.suit_of[c]
    pos = _PLAIN_POS[suit][c]
    same = [x for x in hand if order.suit_of[x] == suit]
    if pos == 0:
        return 0.85
    if pos == 1:
        has_king = any(_PLAIN_POS[suit][x] == 0 for x in same)
        return 0.5 if has_king else 0.2 if len(same) >= 2 else 0.05
    return 0.0


def trick_estimate(hand: Sequence[Card], trump: str) -> float:
    """Rough number of tricks ``hand`` takes with ``trump`` (matadors, length, Reyes, voids)."""
    order = ORDERS[trump]
    est = sum(card_value(c, hand, order) for c in hand)
    n = sum(1 for c in hand if order.suit_of[c] == trump)
    if n >= 5:
        est += 0.35 * (n - 4)
    if n >= 2:
        est += 0.3 * sum(1 for s in SUITS if s != trump and not any(order.suit_of[c] == s for c in hand))
    return est


def junk(hand: Sequence[Card], trump: str) -> list[Card]:
    """Cards worth discarding, worst first: plain cards that are neither Reyes nor guarded Caballos."""
    order = ORDERS[trump]
    scored = [(card_value(c, hand, order), order.power[c], c) for c in hand]
    return [c for v, _, c in sorted(scored, key=lambda t: (t[0], t[1])) if v < 0.3]


#: The declarer's chance of a sacada given his trick estimate: a logistic curve fitted (maximum
#: likelihood) on 3,000 simulated deals where mano declared and normal players played
#: (``benchmarks/tresillo_bid_calibration.py``): 23% at 3.0, 41% at 4.0, 61% at 5.0, 87% at 6.0.
WIN_CENTER, WIN_SLOPE = 4.4, 1.0
#: What a lost contract costs on average, in contract values (puestas cost 1 or 2, codillos 3):
#: fitted on the same deals, where taking pays off from an estimate of about docs/rules/piquet.md, « Play » tricks.
LOSS_FACTOR = 2.25


def win_chance(est: float) -> float:
    return 1 / (1 + math.exp(-(est - WIN_CENTER) * WIN_SLOPE))


def contract_ev(hand: Sequence[Card], name: str, trump: str | None, retourne_value: int = 10) -> float:
    """Expected gain of declaring ``name`` (trump ``trump``; ``None`` for a Retourne)."""
    value = retourne_value if name == "retourne" else VALUES[name]
    if name == "retourne":
        est = sum(trick_estimate(hand, t) + 0.2 * len(junk(hand, t)) for t in SUITS) / 4 - 0.2
    else:
        assert trump is not None
        est = trick_estimate(hand, trump)
        if name.startswith("jeu"):
            est += min(0.22 * len(junk(hand, trump)), 1.5)
        else:
            est -= SOLO_PENALTY  # no exchange, and both opponents may renew most of their hands
    p = win_chance(est)
    return value * (2 * p - LOSS_FACTOR * (1 - p))


def declare_options(favour: str, level: int) -> list[tuple[str, str | None]]:
    """Every contract at ``level`` or above with its trump (``None``: a Retourne's turned card;
    never a plain Jeu or Solo in the favour suit, docs/rules/tresillo.md, « Bidding »)."""
    out: list[tuple[str, str | None]] = []
    for name in LEVELS[max(level, 1):]:
        if name in ("jeu", "solo"):
            out.extend((name, s) for s in SUITS if s != favour)
        elif name == "retourne":
            out.append((name, None))
        else:
            out.append((name, favour))
    return out


class TresilloPlayer:
    """The computer player (``Game.computer_player``)."""

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        texts = {str(a): a for a in legal}
        phase = view["phase"]
        handler = getattr(self, f"_{phase}", None)
        choice = handler(view, legal, texts) if handler else None
        return choice if choice is not None and choice in legal else legal[0]

    # -- bet, auction, declaration ----------------------------------------------------------

    def _bet(self, view: dict[str, Any], legal: Sequence[Action], texts: dict[str, Action]) -> Action:
        counts = dict(_BET_PRIOR)
        for result in view["results"]:
            letter = _BET_OF.get(result)
            if letter:
                counts[letter] += 1
        total = sum(counts.values())
        p = {k: v / total for k, v in counts.items()}
        ev = {"J": 2 * p["J"] - 1, "P": 2 * p["P"] - 1, "C": 1.5 * p["C"] - (1 - p["C"])}
        best = max(ev, key=lambda k: ev[k])
        return texts[f"bet:{best}"] if ev[best] > 0.05 else texts["bet:none"]

    def _best_contract(self, view: dict[str, Any], level: int) -> tuple[float, str]:
        hand = _cards(view["hand"])
        rv = view["values"]["retourne"]
        best = (-1e9, "")
        for name, trump in declare_options(view["favour"], level):
            ev = contract_ev(hand, name, trump, rv)
            text = f"{name}:{trump}" if name in ("jeu", "solo") else name
            best = max(best, (ev, text))
        return best

    def _bid(self, view: dict[str, Any], legal: Sequence[Action], texts: dict[str, Action]) -> Action:
        level = view["auction"]["level"] + 1
        ev, text = self._best_contract(view, level)
        if ev <= 0.5:
            return texts["pass"]
        if "bid:plus" in texts:
            return texts["bid:plus"]
        name = text.split(":")[0]
        return texts.get(f"bid:{name}", texts.get("bid:jeu", texts["pass"]))

    def _declare(self, view: dict[str, Any], legal: Sequence[Action], texts: dict[str, Action]) -> Action:
        level = view["auction"]["level"]
        _, text = self._best_contract(view, level)
        return texts.get(f"declare:{text}", legal[0])

    # -- exchange ----------------------------------------------------------------------------

    def _exchange(self, view: dict[str, Any], legal: Sequence[Action], texts: dict[str, Action]) -> Action:
        hand = _cards(view["hand"])
        trump = view["trump"]
        bad = junk(hand, trump)
        me = view["seat"]
        if me == view["declarer"] and view["contract"]["name"] == "retourne" and not view.get("discarding"):
            order = ORDERS[trump]
            bad = bad or sorted(hand, key=lambda c: card_value(c, hand, order))
        counts = [int(a.arg) for a in legal if a.kind == "exchange" and a.arg.isdigit()]
        if counts:  # say how many: the junk cards (at least one in a Retourne), within the limit
            n = max(min(counts), min(len(junk(hand, trump)), max(counts)))
            return texts[f"exchange:{n}"]
        for c in bad:
            a = texts.get(f"discard:{c.code}")
            if a is not None:
                return a
        if view.get("pending_picks"):  # the count outran the junk: the least useful card
            return texts[f"discard:{min(hand, key=lambda c: card_value(c, hand, ORDERS[trump])).code}"]
        return texts.get("exchange:done", legal[-1])

    def _order(self, view: dict[str, Any], legal: Sequence[Action], texts: dict[str, Action]) -> Action:
        est = trick_estimate(_cards(view["hand"]), view["trump"])
        return texts["order:me" if est >= 2.0 else "order:partner"]

    def _consent(self, view: dict[str, Any], legal: Sequence[Action], texts: dict[str, Action]) -> Action:
        mine = len(junk(_cards(view["hand"]), view["trump"]))
        return texts["consent:yes" if mine <= 3 else "consent:no"]

    # -- renounce, defence, bola -------------------------------------------------------------

    def _renounce(self, view: dict[str, Any], legal: Sequence[Action], texts: dict[str, Action]) -> Action:
        me = view["seat"]
        total = view["tricks_won"][me] + trick_estimate(_cards(view["hand"]), view["trump"])
        return texts["defend" if total >= 4.8 else "accept"]

    def _bola(self, view: dict[str, Any], legal: Sequence[Action], texts: dict[str, Action]) -> Action:
        hand = _cards(view["hand"])
        order = ORDERS[view["trump"]]
        unseen = _unseen(view, hand)
        trumps_out = [c for c in unseen if order.suit_of[c] == order.trump]
        top_out = max((order.power[c] for c in trumps_out), default=0)
        top_mine = [c for c in hand if order.suit_of[c] == order.trump and order.power[c] > top_out]
        sure = all(
            (order.suit_of[c] == order.trump and order.power[c] > top_out)
            or (_is_master(c, unseen, order) and len(top_mine) >= len(trumps_out))
            for c in hand)
        return texts["bola:continue" if sure else "bola:stop"]

    # -- trick play --------------------------------------------------------------------------

    def _play(self, view: dict[str, Any], legal: Sequence[Action], texts: dict[str, Action]) -> Action:
        hand = _cards(view["hand"])
        order = ORDERS[view["trump"]]
        me = view["seat"]
        declarer = view["declarer"]
        if "renounce" in texts and view["contract"]["name"] in ("jeu", "jeu_favour", "retourne"):
            total = view["tricks_won"][me] + trick_estimate(hand, order.trump)
            if total < 2.6:
                return texts["renounce"]
        playable = [card(a.arg, "spanish") for a in legal if a.kind == "play"]
        unseen = _unseen(view, hand)
        trick = [(s, card(c, "spanish")) for s, c in view["trick"]]
        chosen = self._lead(hand, playable, order, unseen, me == declarer) if not trick else \
            self._follow(playable, trick, order, unseen, me, declarer)
        return texts[f"play:{chosen.code}"]

    @staticmethod
    def _lead(hand: list[Card], playable: list[Card], order: Order, unseen: set[Card],
              declarer: bool) -> Card:
        trumps = sorted((c for c in playable if order.is_trump(c)), key=lambda c: -order.power[c])
        plain = [c for c in playable if not order.is_trump(c)]
        trumps_out = any(order.is_trump(c) for c in unseen)
        masters = [c for c in plain if _is_master(c, unseen, order)]
        if declarer:
            if trumps and trumps_out and _is_master(trumps[0], unseen, order):
                return trumps[0]
            if masters:
                return masters[0]
            if len(trumps) >= 4 and trumps_out:
                return trumps[-1]
        elif masters:
            return masters[0]
        pool = plain or trumps
        return min(pool, key=lambda c: _keep(c, hand, order, unseen))

    @staticmethod
    def _follow(playable: list[Card], trick: list[tuple[int, Card]], order: Order, unseen: set[Card],
                me: int, declarer: int) -> Card:
        led_suit = order.suit_of[trick[0][1]]
        best_seat, best = trick[0]
        for s, c in trick[1:]:
            if order.key(c, led_suit) > order.key(best, led_suit):
                best_seat, best = s, c
        last = len(trick) == 2
        partner_wins = me != declarer and best_seat != declarer
        dump = min(playable, key=lambda c: _keep(c, playable, order, unseen))
        if partner_wins and (last or _is_master(best, unseen, order)):
            return dump
        winners = sorted((c for c in playable if order.key(c, led_suit) > order.key(best, led_suit)),
                         key=lambda c: order.key(c, led_suit))
        if not winners:
            return dump
        if last:
            return winners[0]
        sure = [c for c in winners if _is_master(c, unseen, order)]
        return sure[0] if sure else winners[0]


def _unseen(view: dict[str, Any], hand: Sequence[Card]) -> set[Card]:
    """Cards neither in ``hand`` nor played this deal (opponents' hands, talon, discards)."""
    seen = set(hand)
    for t in view["tricks"]:
        seen.update(card(c, "spanish") for _, c in t["cards"])
    seen.update(card(c, "spanish") for _, c in view["trick"])
    return {c for c in DECK if c not in seen}


def _is_master(c: Card, unseen: set[Card], order: Order) -> bool:
    """No unseen card of ``c``'s suit is higher (trumps may still beat a plain master)."""
    suit = order.suit_of[c]
    power = order.power[c]
    return not any(order.suit_of[x] == suit and order.power[x] > power for x in unseen)


def _keep(c: Card, hand: Sequence[Card], order: Order, unseen: set[Card]) -> float:
    """How much we want to keep ``c``: low plain cards first out, trumps and masters last."""
    if order.is_trump(c):
        return 50 + order.power[c]
    return order.power[c] + (20 if _is_master(c, unseen, order) else 0)
