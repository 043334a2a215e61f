"""Payments of one deal: the seed's simple scheme (docs/rules/tresillo.md, « Payments ») with the defaults of 1.11.

:func:`settle_deal` is the pure, public entry point; :func:`settle` also returns the result class
and the dealer bet's fate and takes the table options (Retourne value, failed bola).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from games.errors import GameError

CONTRACTS = ("jeu", "jeu_favour", "retourne", "solo", "solo_favour")
VALUES = {"jeu": 5, "jeu_favour": 5, "retourne": 10, "solo": 30, "solo_favour": 30}
BOLA_VALUE = 70
BETS = ("J", "P", "C")

# result classes, as shown in views (Spanish terms)
SACADA, PUESTA, CODILLO = "sacada", "puesta", "codillo"
BOLA, BOLA_FALLIDA, RENUNCIA = "bola", "bola_fallida", "renuncia"
DEFENSA, PUESTA_DOBLE, DEFENSA_PUESTA, DEFENSA_CODILLO = (
    "defensa", "puesta_doble", "defensa_puesta", "defensa_codillo")
ANULADA = "anulada"


@dataclass(frozen=True)
class Settlement:
    """``deltas`` per seat involved (zero-sum); ``result`` class; ``bet`` outcome letter or ``None``
    when void; ``bet_won`` whether the alcalde guessed right (``None`` without a bet or when void)."""

    deltas: dict[int, int]
    result: str
    bet_outcome: str | None
    bet_won: bool | None
    payments: tuple[tuple[int, int, int, str], ...] = ()
    """Each payment as (payer, payee, amount, why): the result class, or ``"bet"`` for the alcalde's."""


def _bad(what: str) -> GameError:
    return GameError.of("tresillo.error.settlement", what=what)


def settle(*, contract: str, declarer: int, tricks: Mapping[int, int], bola: str | None = None,
           renounce: str | None = None, defender: int | None = None, dealer: int | None = None,
           dealer_bet: str | None = None, stake: int = 10, retourne_value: int = 10,
           failed_bola_pays: bool = True) -> Settlement:
    """Settle a finished deal (docs/rules/tresillo.md, « Payments », defaults « Defaults and options » #6, #6b, #8-#11).

    :raises GameError: on inconsistent input (unknown contract, seats, bet...).
    """
    if contract not in VALUES:
        raise _bad(f"unknown contract {contract!r}")
    seats = sorted(tricks)
    if len(seats) != 3 or declarer not in tricks or any(t < 0 for t in tricks.values()):
        raise _bad("three active seats with the declarer are needed")
    if dealer_bet is not None and (dealer is None or dealer_bet not in BETS):
        raise _bad(f"dealer bet {dealer_bet!r}")
    if dealer is not None and dealer in tricks:
        raise _bad("the alcalde plays no cards")
    value = retourne_value if contract == "retourne" else VALUES[contract]
    d: dict[int, int] = dict.fromkeys(seats, 0)
    paid: list[tuple[int, int, int, str]] = []
    why = ""
    opponents = [s for s in seats if s != declarer]
    outcome: str | None  # the bet letter J/P/C, None when void

    def pay(src: int, dst: int, amount: int) -> None:
        d[src] -= amount
        d[dst] += amount
        if amount:
            paid.append((src, dst, amount, why))

    if bola is not None:
        if bola not in ("made", "failed") or renounce is not None:
            raise _bad(f"bola {bola!r}")
        if bola == "made" or not failed_bola_pays:
            amount = BOLA_VALUE if bola == "made" else value
            for o in opponents:
                pay(o, declarer, amount)
            result = BOLA if bola == "made" else BOLA_FALLIDA
        else:
            for o in opponents:
                pay(declarer, o, BOLA_VALUE)
            result = BOLA_FALLIDA
        outcome = None
    elif renounce == "accepted":
        if contract not in ("jeu", "jeu_favour", "retourne"):
            raise _bad("a Solo cannot be renounced")
        for o in opponents:
            pay(declarer, o, value // 2)
        result, outcome = RENUNCIA, "P"
    elif renounce == "defended":
        if contract not in ("jeu", "jeu_favour") or defender not in opponents or sum(tricks.values()) != 9:
            raise _bad("only a Jeu is defended, by an opponent, over nine tricks")
        assert defender is not None
        a, b = declarer, defender
        c = next(s for s in opponents if s != b)
        ta, tb, tc = tricks[a], tricks[b], tricks[c]
        if tb > ta and tb > tc:  # 1: the defender collects the first declarer's puesta
            pay(a, b, value)
            result = DEFENSA
        elif tb == max(ta, tc):  # 2: puesta doble
            pay(a, b, value // 2)
            pay(a, c, value // 2)
            for other, t in ((a, ta), (c, tc)):
                if t == tb:
                    pay(b, other, value)
            result = PUESTA_DOBLE
        elif ta >= tc:  # 3: first declarer saved, the defender takes the puesta
            pay(b, a, value)
            result = DEFENSA_PUESTA
        else:  # 4: third player best: puesta for the first declarer, codillo for the defender
            pay(a, c, value)
            pay(b, c, 3 * value)
            result = DEFENSA_CODILLO
        outcome = "P"
    elif renounce is None:
        td = tricks[declarer]
        best = max(tricks[o] for o in opponents)
        if td > best:
            for o in opponents:
                pay(o, declarer, value)
            result, outcome = SACADA, "J"
        elif td == best:
            for o in opponents:
                if tricks[o] == td:
                    pay(declarer, o, value)
            result, outcome = PUESTA, "P"
        else:
            for o in opponents:
                if tricks[o] == best:
                    pay(declarer, o, 3 * value)
            result, outcome = CODILLO, "C"
    else:
        raise _bad(f"renounce {renounce!r}")

    paid[:] = [(src, dst, n, result) for src, dst, n, _ in paid]
    why = "bet"
    if dealer is None:
        return Settlement(d, result, outcome, None, tuple(paid))
    gains = dict(d)
    d[dealer] = 0
    if dealer_bet is None or outcome is None:
        return Settlement(d, result, outcome, None, tuple(paid))
    if dealer_bet == outcome:
        if outcome == "J":
            for o in opponents:
                pay(o, dealer, stake // 2)
        else:
            pay(declarer, dealer, stake if outcome == "P" else stake * 3 // 2)
        return Settlement(d, result, outcome, True, tuple(paid))
    top = max(gains.values())
    winners = [s for s in _turn_order(seats, dealer) if gains[s] == top]
    share, extra = divmod(stake, len(winners))
    for i, s in enumerate(winners):
        pay(dealer, s, share + (1 if i < extra else 0))
    return Settlement(d, result, outcome, False, tuple(paid))


def bet_wins(stake: int) -> dict[str, int]:
    """What the alcalde wins with each right bet (docs/rules/tresillo.md, « The alcalde's bet »): J half the stake from each
    opponent, P the stake, C one and a half stakes from the declarer; a wrong bet loses ``stake``."""
    return {"J": stake // 2 * 2, "P": stake, "C": stake * 3 // 2}


def _turn_order(seats: list[int], dealer: int) -> list[int]:
    """Active seats from the one after the dealer (mano), counter-clockwise."""
    n = len(seats) + 1
    return sorted(seats, key=lambda s: (s - dealer) % n)


def settle_deal(*, contract: str, declarer: int, tricks: Mapping[int, int], bola: str | None = None,
                renounce: str | None = None, defender: int | None = None, dealer: int | None = None,
                dealer_bet: str | None = None, stake: int = 10) -> dict[int, int]:
    """Each seat's change for one deal, zero-sum (docs/rules/tresillo.md, « Payments » with the defaults of « Defaults and options »).

    ``contract``: ``jeu``, ``jeu_favour``, ``retourne``, ``solo``, ``solo_favour``; ``tricks``: tricks
    won by each active seat when play stopped; ``bola``: ``None``, ``made`` or ``failed``;
    ``renounce``: ``None``, ``accepted`` or ``defended`` (with ``defender``); ``dealer`` and
    ``dealer_bet`` (``J``, ``P``, ``C``) only at a four-player table.

    :raises GameError: on inconsistent input.
    """
    return settle(contract=contract, declarer=declarer, tricks=tricks, bola=bola, renounce=renounce,
                  defender=defender, dealer=dealer, dealer_bet=dealer_bet, stake=stake).deltas
