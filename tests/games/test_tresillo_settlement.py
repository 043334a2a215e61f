"""``settle_deal``: the seed's payments (docs/rules/tresillo.md, « Payments ») with the defaults of « Defaults and options »; edge cases 9 and 16.

Seats: 3-player tables use declarer 0 and opponents 1, 2; 4-player ones add the alcalde 3.
"""

from __future__ import annotations

import itertools

import pytest

from games.errors import GameError
from games.tresillo import settle_deal
from games.tresillo.scoring import settle


def tr(d: int, a: int, b: int) -> dict[int, int]:
    return {0: d, 1: a, 2: b}


def s(contract: str, d: int, a: int, b: int, **kw: object) -> dict[int, int]:
    out = settle_deal(contract=contract, declarer=0, tricks=tr(d, a, b), **kw)  # type: ignore[arg-type]
    assert sum(out.values()) == 0
    return out


@pytest.mark.parametrize(("contract", "value"), [("jeu", 5), ("jeu_favour", 5), ("retourne", 10),
                                                  ("solo", 30), ("solo_favour", 30)])
def test_win_each_opponent_pays_the_value(contract: str, value: int) -> None:
    assert s(contract, 5, 2, 2) == {0: 2 * value, 1: -value, 2: -value}
    assert s(contract, 9, 0, 0) == {0: 2 * value, 1: -value, 2: -value}  # nine tricks, no bola asked


def test_edge_09_win_puesta_and_codillo_shapes() -> None:
    assert s("jeu", 4, 3, 2) == {0: 10, 1: -5, 2: -5}  # 4-3-2 is a win
    assert s("jeu", 4, 4, 1) == {0: -5, 1: 5, 2: 0}  # puesta to the one who tied
    assert s("jeu", 4, 1, 4) == {0: -5, 1: 0, 2: 5}
    assert s("jeu", 3, 3, 3) == {0: -10, 1: 5, 2: 5}  # puesta to both
    assert s("jeu", 1, 4, 4) == {0: -30, 1: 15, 2: 15}  # codillo to both
    assert s("jeu", 2, 3, 4) == {0: -15, 1: 0, 2: 15}  # codillo only to the 4-trick player
    assert s("solo", 2, 4, 3) == {0: -90, 1: 90, 2: 0}
    assert s("retourne", 0, 5, 4) == {0: -30, 1: 30, 2: 0}


def test_accepted_renounce_splits_a_puesta_rounded_down() -> None:
    assert s("jeu", 1, 2, 0, renounce="accepted") == {0: -4, 1: 2, 2: 2}
    assert s("jeu_favour", 0, 0, 0, renounce="accepted") == {0: -4, 1: 2, 2: 2}
    assert s("retourne", 2, 1, 0, renounce="accepted") == {0: -10, 1: 5, 2: 5}
    with pytest.raises(GameError):
        s("solo", 0, 0, 0, renounce="accepted")


def defended(a: int, b: int, c: int, contract: str = "jeu") -> dict[int, int]:
    """First declarer 0 with ``a`` tricks, defender 1 with ``b``, third player 2 with ``c``."""
    return s(contract, a, b, c, renounce="defended", defender=1)


def test_defence_case_1_defender_best_collects_the_puesta() -> None:
    assert defended(1, 5, 3) == {0: -5, 1: 5, 2: 0}
    assert defended(4, 5, 0) == {0: -5, 1: 5, 2: 0}


def test_defence_case_2_puesta_doble() -> None:
    # first declarer pays 2 to each other player; the defender pays 5 to each player who tied him
    assert defended(3, 3, 3) == {0: 1, 1: -8, 2: 7}
    assert defended(4, 4, 1) == {0: 1, 1: -3, 2: 2}
    assert defended(1, 4, 4) == {0: -4, 1: -3, 2: 7}


def test_defence_case_3_first_declarer_saved() -> None:
    assert defended(5, 2, 2) == {0: 5, 1: -5, 2: 0}
    assert defended(4, 1, 4) == {0: 5, 1: -5, 2: 0}  # c ties a: still case 3


def test_defence_case_4_third_player_best() -> None:
    assert defended(2, 3, 4) == {0: -5, 1: -15, 2: 20}
    assert defended(3, 1, 5) == {0: -5, 1: -15, 2: 20}


def test_defended_renounce_needs_a_jeu_an_opponent_and_nine_tricks() -> None:
    with pytest.raises(GameError):
        defended(2, 3, 4, "retourne")
    with pytest.raises(GameError):
        s("jeu", 2, 3, 3, renounce="defended", defender=1)  # 8 tricks
    with pytest.raises(GameError):
        s("jeu", 2, 3, 4, renounce="defended", defender=0)


def test_every_defence_shape_is_settled_zero_sum() -> None:
    seen = set()
    for a, b in itertools.product(range(10), repeat=2):
        c = 9 - a - b
        if c >= 0:
            seen.add(settle(contract="jeu", declarer=0, tricks=tr(a, b, c), renounce="defended",
                            defender=1).result)
            assert sum(defended(a, b, c).values()) == 0
    assert seen == {"defensa", "puesta_doble", "defensa_puesta", "defensa_codillo"}


def test_bola_made_and_failed() -> None:
    assert s("jeu", 9, 0, 0, bola="made") == {0: 140, 1: -70, 2: -70}
    assert s("solo", 9, 0, 0, bola="made") == {0: 140, 1: -70, 2: -70}
    assert s("jeu", 5, 1, 0, bola="failed") == {0: -140, 1: 70, 2: 70}
    assert s("retourne", 7, 0, 1, bola="failed") == {0: -140, 1: 70, 2: 70}
    # table option: a failed bola settled as a normal win
    out = settle(contract="solo", declarer=0, tricks=tr(6, 1, 0), bola="failed", failed_bola_pays=False)
    assert out.deltas == {0: 60, 1: -30, 2: -30} and out.result == "bola_fallida"


def test_retourne_value_option() -> None:
    out = settle(contract="retourne", declarer=0, tricks=tr(5, 2, 2), retourne_value=30)
    assert out.deltas == {0: 60, 1: -30, 2: -30}
    out = settle(contract="retourne", declarer=0, tricks=tr(5, 2, 2), renounce="accepted", retourne_value=30)
    assert out.deltas == {0: -30, 1: 15, 2: 15}


# --- the alcalde's bet (4 players: dealer 3) -----------------------------------------------------

def b(d: int, a: int, x: int, bet: str | None, contract: str = "jeu", stake: int = 10,
      **kw: object) -> dict[int, int]:
    return s(contract, d, a, x, dealer=3, dealer_bet=bet, stake=stake, **kw)


def test_no_bet_the_alcalde_is_listed_with_zero() -> None:
    assert b(5, 2, 2, None) == {0: 10, 1: -5, 2: -5, 3: 0}


def test_correct_bets() -> None:
    assert b(5, 2, 2, "J") == {0: 10, 1: -10, 2: -10, 3: 10}  # 5 from each opponent
    assert b(4, 4, 1, "P") == {0: -15, 1: 5, 2: 0, 3: 10}  # 10 from the declarer
    assert b(2, 3, 4, "C") == {0: -30, 1: 0, 2: 15, 3: 15}  # 15 from the declarer
    assert b(1, 4, 4, "C", "solo") == {0: -180 - 15, 1: 90, 2: 90, 3: 15}
    assert b(5, 2, 2, "J", stake=20) == {0: 10, 1: -15, 2: -15, 3: 20}


def test_wrong_bet_pays_the_top_gainer() -> None:
    assert b(5, 2, 2, "P") == {0: 20, 1: -5, 2: -5, 3: -10}
    assert b(2, 3, 4, "J") == {0: -15, 1: 0, 2: 25, 3: -10}
    assert b(4, 4, 1, "C") == {0: -5, 1: 15, 2: 0, 3: -10}


def test_edge_16_wrong_bet_on_a_tie_splits_and_bola_voids() -> None:
    assert b(3, 3, 3, "J") == {0: -10, 1: 10, 2: 10, 3: -10}  # 5 / 5
    assert b(3, 3, 3, "C") == {0: -10, 1: 10, 2: 10, 3: -10}
    assert b(1, 4, 4, "P") == {0: -30, 1: 20, 2: 20, 3: -10}
    for bet in ("J", "P", "C"):
        assert b(9, 0, 0, bet, bola="made") == {0: 140, 1: -70, 2: -70, 3: 0}
        assert b(6, 1, 0, bet, bola="failed") == {0: -140, 1: 70, 2: 70, 3: 0}
    assert b(3, 3, 3, "J", stake=5) == {0: -10, 1: 8, 2: 7, 3: -5}  # odd stake: mano first


def test_bet_after_a_renounce_counts_as_puesta() -> None:
    assert b(0, 0, 0, "P", renounce="accepted") == {0: -14, 1: 2, 2: 2, 3: 10}
    assert b(0, 0, 0, "J", renounce="accepted") == {0: -4, 1: 7, 2: 7, 3: -10}
    assert b(2, 3, 4, "P", renounce="defended", defender=1) == {0: -15, 1: -15, 2: 20, 3: 10}
    assert b(2, 3, 4, "C", renounce="defended", defender=1) == {0: -5, 1: -15, 2: 30, 3: -10}


def test_bad_input_is_refused() -> None:
    with pytest.raises(GameError):
        settle_deal(contract="grand", declarer=0, tricks=tr(5, 2, 2))
    with pytest.raises(GameError):
        settle_deal(contract="jeu", declarer=5, tricks=tr(5, 2, 2))
    with pytest.raises(GameError):
        settle_deal(contract="jeu", declarer=0, tricks=tr(5, 2, 2), dealer_bet="J")  # no alcalde
    with pytest.raises(GameError):
        settle_deal(contract="jeu", declarer=0, tricks=tr(5, 2, 2), dealer=3, dealer_bet="X")
    with pytest.raises(GameError):
        settle_deal(contract="jeu", declarer=0, tricks=tr(5, 2, 2), bola="maybe")
    with pytest.raises(GameError):
        settle_deal(contract="jeu", declarer=0, tricks=tr(5, 2, 2), dealer=1)
