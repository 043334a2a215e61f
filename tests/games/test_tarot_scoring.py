"""Tarot scoring: seed 001's five worked examples, docs/rules/tarot.md, « Scoring » and the scoring edge cases of « Cases the tests pin »,
and the engine's card counting checked against an independent reference counter."""

from __future__ import annotations

import random

import pytest

from games.errors import GameError
from games.tarot import TAROT, score_deal, score_lines
from tests.games.tarot_helpers import play_random, reference_count

# --- seed 001: "Exemples de marque de points" (4 players, taker seat 0) ----------------------------


def test_seed_example_1_garde_poignee_petit_au_bout() -> None:
    """Garde, poignée of 10 by the taker, Petit au bout by him, 49 points with two bouts:
    (25 + 8) x 2 = 66, + 20 poignée + 20 petit = 106; taker +318."""
    deltas = score_deal(players=4, contract="garde", taker=0, attack_points=49, attack_bouts=2,
                        petit_au_bout="attack", poignees=[("attack", "simple")])
    assert deltas == [318, -106, -106, -106]


def test_seed_example_2_garde_sans_petit_to_defence() -> None:
    """Garde sans made by 4, the defence takes the Petit au bout: (25 + 4) x 4 - 40 = 76."""
    deltas = score_deal(players=4, contract="garde_sans", taker=2, attack_points=55, attack_bouts=1,
                        petit_au_bout="defence")
    assert deltas == [-76, -76, 228, -76]


def test_seed_example_3_prise_lost_with_poignee_and_petit() -> None:
    """Prise lost by 7, taker's poignée, taker's Petit au bout: each defender +32 +20 -10 = +42."""
    deltas = score_deal(players=4, contract="prise", taker=1, attack_points=34, attack_bouts=2,
                        petit_au_bout="attack", poignees=[("attack", "simple")])
    assert deltas == [42, -126, 42, 42]


def test_seed_example_4_garde_won_defence_poignee() -> None:
    """Garde made by 11, a defender showed a poignée: (25 + 11) x 2 + 20 = 92; taker +276."""
    deltas = score_deal(players=4, contract="garde", taker=3, attack_points=52, attack_bouts=2,
                        poignees=[("defence", "simple")])
    assert deltas == [-92, -92, -92, 276]


def test_seed_example_5_garde_contre_lost() -> None:
    """Garde contre lost by 12, defence poignée and Petit au bout: 222 + 20 + 60 = 302 each;
    the same if the taker had shown the poignée."""
    deltas = score_deal(players=4, contract="garde_contre", taker=0, attack_points=39, attack_bouts=1,
                        petit_au_bout="defence", poignees=[("defence", "simple")])
    assert deltas == [-906, 302, 302, 302]
    same = score_deal(players=4, contract="garde_contre", taker=0, attack_points=39, attack_bouts=1,
                      petit_au_bout="defence", poignees=[("attack", "simple")])
    assert same == deltas


# --- docs/rules/tarot.md, « Scoring » ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("bouts", "needed"), [(0, 56), (1, 51), (2, 41), (3, 36)])
def test_points_needed_by_bouts(bouts: int, needed: int) -> None:
    assert score_lines(players=4, contract="prise", attack_points=needed, attack_bouts=bouts)["diff"] == 0
    assert score_deal(players=4, contract="prise", taker=0, attack_points=needed, attack_bouts=bouts) == \
        [75, -25, -25, -25]  # juste fait wins 25
    assert score_deal(players=4, contract="prise", taker=0, attack_points=needed - 1,
                      attack_bouts=bouts) == [-78, 26, 26, 26]


@pytest.mark.parametrize(("contract", "mult"), [("prise", 1), ("garde", 2), ("garde_sans", 4),
                                                ("garde_contre", 6)])
def test_multipliers_apply_to_contract_and_petit_not_poignee(contract: str, mult: int) -> None:
    lines = score_lines(players=4, contract=contract, attack_points=46, attack_bouts=2,
                        petit_au_bout="attack", poignees=[("defence", "double")])
    assert lines["base"] == 30 * mult and lines["petit_points"] == 10 * mult
    assert lines["poignee_points"] == 30 and lines["unit"] == 40 * mult + 30


def test_settlement_by_player_count() -> None:
    common = {"contract": "garde", "attack_points": 51, "attack_bouts": 1}  # unit 50
    assert score_deal(players=3, taker=1, **common) == [-50, 100, -50]
    assert score_deal(players=4, taker=1, **common) == [-50, 150, -50, -50]
    assert score_deal(players=5, taker=1, partner=3, **common) == [-50, 100, -50, 50, -50]
    assert score_deal(players=5, taker=1, partner=None, **common) == [-50, 200, -50, -50, -50]
    assert score_deal(players=5, taker=1, partner=1, **common) == [-50, 200, -50, -50, -50]


def test_chelem_values_are_not_multiplied() -> None:
    base = {"players": 4, "contract": "garde_sans", "taker": 0, "attack_points": 91, "attack_bouts": 3}
    plain = score_lines(players=4, contract="garde_sans", attack_points=91, attack_bouts=3)["unit"]
    assert plain == (25 + 55) * 4
    assert score_deal(**base, chelem_announced=True, chelem="attack")[1] == -(plain + 400)
    assert score_deal(**base, chelem="attack")[1] == -(plain + 200)


def test_edge_12_announced_chelem_failed_contract_won_goes_negative() -> None:
    """docs/rules/tarot.md, « Cases the tests pin » #12: garde made by 19 but the announced chelem fails: (44 x 2) - 200 = -112."""
    lines = score_lines(players=4, contract="garde", attack_points=60, attack_bouts=2, chelem_announced=True)
    assert lines["won"] and lines["unit"] == 88 - 200
    assert score_deal(players=4, contract="garde", taker=0, attack_points=60, attack_bouts=2,
                      chelem_announced=True) == [-336, 112, 112, 112]


def test_edge_13_defence_takes_every_trick() -> None:
    """docs/rules/tarot.md, « Cases the tests pin » #13: the defence makes the chelem: each defender gets 200 on top."""
    deltas = score_deal(players=4, contract="prise", taker=0, attack_points=0, attack_bouts=0,
                        chelem="defence")
    assert deltas == [-3 * (25 + 56 + 200), 281, 281, 281]


def test_edge_18_half_points_go_to_the_side_ahead() -> None:
    """docs/rules/tarot.md, « Cases the tests pin » #18: 3 players, two bouts: 40.5 loses by 1, 41.5 wins by 1."""
    assert score_lines(players=3, contract="prise", attack_points=40.5, attack_bouts=2)["diff"] == -1
    assert score_lines(players=3, contract="prise", attack_points=41.5, attack_bouts=2)["diff"] == 1
    assert score_deal(players=3, contract="prise", taker=0, attack_points=40.5, attack_bouts=2) == [-52, 26, 26]
    assert score_deal(players=3, contract="prise", taker=0, attack_points=41.5, attack_bouts=2) == [52, -26, -26]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_edge_21_every_settlement_is_zero_sum(players: int) -> None:
    """docs/rules/tarot.md, « Cases the tests pin » #21: random arguments, every seat count: the deltas sum to zero."""
    rng = random.Random(players)
    for _ in range(500):
        taker = rng.randrange(players)
        partner = rng.choice([None, *range(players)]) if players == 5 else None
        deltas = score_deal(
            players=players, contract=rng.choice(["prise", "garde", "garde_sans", "garde_contre"]),
            taker=taker, partner=partner, attack_points=rng.randrange(183) / 2,
            attack_bouts=rng.randrange(4), petit_au_bout=rng.choice([None, "attack", "defence"]),
            poignees=[(rng.choice(["attack", "defence"]), rng.choice(["simple", "double", "triple"]))
                      for _ in range(rng.randrange(3))],
            chelem_announced=rng.random() < 0.2, chelem=rng.choice([None, "attack", "defence"]))
        assert sum(deltas) == 0 and len(deltas) == players


def test_bad_arguments_are_refused() -> None:
    ok = {"players": 4, "contract": "garde", "taker": 0, "attack_points": 50, "attack_bouts": 1}
    for bad in [{"contract": "misere"}, {"players": 6}, {"attack_bouts": 4}, {"attack_points": 50.25},
                {"taker": 4}, {"petit_au_bout": "nobody"}, {"partner": 2},
                {"poignees": [("attack", "quadruple")]}]:
        with pytest.raises(GameError):
            score_deal(**{**ok, **bad})


# --- the engine's counting against the reference counter -----------------------------------------


def _tricks_of(state, rng):  # type: ignore[no-untyped-def]
    tricks = []
    seen = 0
    while state.to_act() is not None:
        seat = state.to_act()
        legal = state.legal_actions(seat)
        state = state.apply(seat, legal[rng.randrange(len(legal))])
        if state.last_trick is not None and state.trick_no != seen:
            seats, cards, _ = state.last_trick
            tricks.append(list(zip(seats, cards, strict=True)))
            seen = state.trick_no
        if state.to_act() is not None and state.trick_no == 0 and state.trick == () and tricks \
                and state.phase.value == "bidding":
            tricks, seen = [], 0  # a void deal: start over
    return state, tricks


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("camp", [False, True])
def test_engine_counting_matches_reference(players: int, camp: bool) -> None:
    """Points, bouts, petit au bout and chelem of random deals agree with a counter written
    independently from the rules (Excuse exchange, last trick, chien and écart by contract)."""
    rng = random.Random(f"{players}{camp}")
    for deal in range(40):
        state = TAROT.new(players, f"ref{deal}", {"deals": 1, "excuse_last_changes_camp": camp})
        state, tricks = _tricks_of(state, rng)
        last = state.last_deal
        attack = {last["taker"]} | ({last["partner"]} if last["partner"] is not None else set())
        ref = reference_count(tricks, attack, last["contract"], state.chien, state.ecart, camp)
        for key in ("points", "bouts", "petit_au_bout", "chelem"):
            assert last[key] == ref[key], (deal, key)
        expected = score_deal(players=players, contract=last["contract"], taker=last["taker"],
                              partner=last["partner"], attack_points=ref["points"], attack_bouts=ref["bouts"],
                              petit_au_bout=ref["petit_au_bout"], poignees=[
                                  ("attack" if s in attack else "defence", lv) for s, lv in last["poignees"]],
                              chelem_announced=last["chelem_announced"], chelem=ref["chelem"])
        assert last["deltas"] == expected and sum(expected) == 0


def test_play_random_helper_finishes() -> None:
    state = play_random(TAROT.new(4, 1, {"deals": 1}), random.Random(1))
    assert state.outcome() is not None
