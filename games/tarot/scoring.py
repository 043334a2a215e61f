"""Deal scoring (docs/rules/tarot.md, « Scoring », seed 001): the pure :func:`score_deal` and its detailed lines.

Points needed by the taker's side by bouts held: 0 -> 56, 1 -> 51, 2 -> 41, 3 -> 36. With
``d = points - needed`` (``d >= 0`` wins; a half point is rounded away from zero, toward the side
that is ahead), each defender pays the taker's side the unit::

    X = s*(25 + |d|)*mult  +/- 10*mult (petit au bout, for the side that took it)
        + s*(20|30|40 per poignée)  + chelem term (never multiplied)

4 players: taker +3X, defenders -X; 3: taker +2X; 5 with a partner: taker +2X, partner +X,
defenders -X; 5 alone: taker +4X.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.errors import GameError
from games.tarot.deck import CONTRACTS, MULTIPLIER, NEEDED, POIGNEE_VALUES

SIDES = ("attack", "defence")


def _check(cond: bool, what: str) -> None:
    if not cond:
        raise GameError.of("error.scoring", what=what)


def score_lines(*, players: int, contract: str, attack_points: float, attack_bouts: int,
                petit_au_bout: str | None = None, poignees: Sequence[tuple[str, str]] = (),
                chelem_announced: bool = False, chelem: str | None = None) -> dict[str, Any]:
    """Every line of a deal's score (the unit X paid by each defender, from the attack's side).

    :raises GameError: on an unknown contract, side or poignée, or impossible points or bouts.
    """
    _check(players in (3, 4, 5), f"players must be 3, 4 or 5, not {players}")
    _check(contract in CONTRACTS, f"unknown contract {contract!r}")
    _check(0 <= attack_bouts <= 3, f"attack_bouts must be 0 to 3, not {attack_bouts}")
    halves = round(attack_points * 2)
    _check(halves == attack_points * 2 and 0 <= halves <= 182, f"bad attack_points {attack_points}")
    _check(petit_au_bout in (None, *SIDES), f"bad petit_au_bout {petit_au_bout!r}")
    _check(chelem in (None, *SIDES), f"bad chelem {chelem!r}")
    for side, level in poignees:
        _check(side in SIDES and level in POIGNEE_VALUES, f"bad poignée {(side, level)!r}")
    mult = MULTIPLIER[contract]
    needed = NEEDED[attack_bouts]
    diff_halves = halves - 2 * needed
    won = diff_halves >= 0
    sign = 1 if won else -1
    margin = (abs(diff_halves) + 1) // 2  # half points go to the side that is ahead
    contract_part = sign * (25 + margin) * mult
    petit_part = 0 if petit_au_bout is None else (10 * mult if petit_au_bout == "attack" else -10 * mult)
    poignee_part = sign * sum(POIGNEE_VALUES[level] for _, level in poignees)
    chelem_part = 0
    if chelem_announced:
        chelem_part += 400 if chelem == "attack" else -200
    elif chelem == "attack":
        chelem_part += 200
    if chelem == "defence":
        chelem_part -= 200
    unit = contract_part + petit_part + poignee_part + chelem_part
    return {"contract": contract, "multiplier": mult, "points": attack_points, "bouts": attack_bouts,
            "needed": needed, "diff": sign * margin, "won": won, "base": contract_part,
            "petit_au_bout": petit_au_bout, "petit_points": petit_part,
            "poignees": [[side, level] for side, level in poignees], "poignee_points": poignee_part,
            "chelem_announced": chelem_announced, "chelem": chelem, "chelem_points": chelem_part,
            "unit": unit}


def settle(players: int, taker: int, partner: int | None, unit: int) -> list[int]:
    """Each seat's change for a unit ``unit`` paid by every defender (zero-sum).

    :raises GameError: when a seat is out of range or a partner is given outside 5 players.
    """
    _check(0 <= taker < players, f"taker {taker} out of range")
    if partner == taker:
        partner = None
    _check(partner is None or (players == 5 and 0 <= partner < players),
           "a partner exists only with 5 players")
    deltas = [-unit] * players
    if partner is None:
        deltas[taker] = (players - 1) * unit
    else:
        deltas[taker] = 2 * unit
        deltas[partner] = unit
    assert sum(deltas) == 0
    return deltas


def score_deal(*, players: int, contract: str, taker: int, partner: int | None = None,
               attack_points: float, attack_bouts: int, petit_au_bout: str | None = None,
               poignees: Sequence[tuple[str, str]] = (), chelem_announced: bool = False,
               chelem: str | None = None) -> list[int]:
    """Each seat's score change for one deal (zero-sum), FFT rules as docs/rules/tarot.md, « Scoring ».

    ``attack_points``: the attack's card points after the Excuse exchange (chien/écart included
    as the contract says); ``petit_au_bout`` / ``chelem``: ``"attack"``, ``"defence"`` or None;
    ``poignees``: ``(side, "simple"|"double"|"triple")`` for each poignée shown; ``partner``: the
    called partner's seat with 5 players (None, or the taker himself, when playing alone).

    :raises GameError: on inconsistent arguments.
    """
    lines = score_lines(players=players, contract=contract, attack_points=attack_points,
                        attack_bouts=attack_bouts, petit_au_bout=petit_au_bout, poignees=poignees,
                        chelem_announced=chelem_announced, chelem=chelem)
    return settle(players, taker, partner, lines["unit"])
