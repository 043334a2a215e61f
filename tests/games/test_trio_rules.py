"""Le Trio / L'École rules: every edge case of docs/rules/trio.md, « Cases the tests pin » (numbered) and the rules of « Cards and their points »-3.5."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from games.base import Action
from games.cards import card, cards, sort_cards
from games.errors import GameError, IllegalAction
from games.rng import deal_rng
from games.trio import contract_met, hand_points
from games.trio.contracts import deck_count
from games.trio.game import ECOLE, TRIO, TrioGame
from games.trio.melds import SEQ, SET, Meld, card_at, parse_seq, parse_set
from games.trio.state import TrioState

# -- helpers ---------------------------------------------------------------------------------


def meld(mid: int, owner: int, codes: str, max_wilds: int = 1) -> Meld:
    """A laid combination from codes listed lowest first (a set when its naturals share a rank)."""
    cs = tuple(cards(codes))
    rank = parse_set(cs)
    if rank is not None:
        reps = tuple(c.code if c.rank != "2" and c.rank != "JK" else next(
            x.rank for x in cs if x.rank not in ("2", "JK")) for c in cs)
        return Meld(mid, owner, SET, cs, reps, rank=rank, closed=len(cs) >= 4)
    found = parse_seq(cs, max_wilds)
    assert found is not None, codes
    suit, lo = found
    reps = tuple(card_at(lo + i, suit).code for i in range(len(cs)))
    return Meld(mid, owner, SEQ, cs, reps, suit=suit, lo=lo, max_wilds=max_wilds)


def craft(game: TrioGame = TRIO, seats: int = 3, *, hands: dict[int, str], turn: int = 0,
          phase: str = "draw", opened: Sequence[bool] | None = None, contract: Sequence[int] | None = None,
          melds: Sequence[Meld] = (), pile: str = "KC", stock: str | None = None,
          options: dict[str, Any] | None = None) -> TrioState:
    """A position built by hand (not replayable from its log: for rule checks only)."""
    s = game.new(seats, "craft", options)
    s.hands = tuple(tuple(sort_cards(cards(hands.get(i, "3S 4S")))) for i in range(seats))
    s.turn, s.phase = turn, phase
    s.opened = tuple(opened) if opened is not None else (False,) * seats
    s.contract = tuple(contract) if contract is not None else (1,) * seats
    s.melds = tuple(melds)
    s.next_id = max((m.id for m in melds), default=0) + 1
    s.pile = tuple(cards(pile))
    s.stock = tuple(cards(stock)) if stock is not None else tuple(cards("5D 6D 7D 8D 9D 10D JD QD"))
    s._legal_cache = None
    s._legal_set = None
    return s


def acts(s: TrioState) -> list[str]:
    return [str(a) for a in s.legal_actions(s.turn)]


def play(s: TrioState, *texts: str) -> TrioState:
    for t in texts:
        s = s.apply(s.turn, s.game.parse_action(t))
    return s


# -- docs/rules/trio.md, « Cases the tests pin », one test per case -----------------------------------------------------------


def test_36_01_two_brelans_and_two_wild_brelan() -> None:
    assert contract_met([["7H", "7S", "7D"], ["QC", "QH", "2D"]], 1)
    assert not contract_met([["7H", "7S", "7D"], ["9D", "2H", "2S"]], 1)


def test_36_02_contract_4_run_with_wild_and_carre() -> None:
    carre = ["4S", "4H", "4D", "4C"]
    assert contract_met([["6H", "7H", "2C", "9H"], carre], 4)
    assert not contract_met([["6H", "7S", "8H", "9H"], carre], 4)


def test_36_03_seven_card_run_wild_limits() -> None:
    brelan = ["KS", "KH", "KD"]
    assert contract_met([["3H", "4H", "2C", "6H", "7H", "2D", "9H"], brelan], 7)
    assert not contract_met([["3H", "2S", "2C", "6H", "7H", "2D", "9H"], brelan], 7)
    adjacent = ["3H", "4H", "2C", "2D", "7H", "8H", "9H"]
    assert contract_met([adjacent, brelan], 7)  # Trio: adjacent wilds are fine
    ecole_adjacent = ["3H", "4H", "2C", "2D", "7H", "8H", "9H", "10H", "JH", "QH"]
    ecole_spread = ["3H", "4H", "2C", "6H", "JK", "8H", "9H", "10H", "JH", "QH"]
    assert not contract_met([ecole_adjacent], 7, variant="ecole")
    assert contract_met([ecole_spread], 7, variant="ecole")


def test_36_04_ecole_thirteen_card_run() -> None:
    spread = ["AD", "2S", "3D", "JK", "5D", "2H", "7D", "2C", "9D", "JK", "JD", "2D", "KD"]
    assert contract_met([spread], 10, variant="ecole")
    adjacent = ["AD", "2S", "JK", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD"]
    assert not contract_met([adjacent], 10, variant="ecole")


def test_36_05_ace_low_or_high_no_wrap() -> None:
    high = ["JS", "QS", "KS", "AS"]
    assert contract_met([["AH", "2C", "3H", "4H"], high], 6)
    assert not contract_met([["QH", "KH", "AH", "2C"], high], 6)
    assert not contract_met([["KH", "AH", "2C"]], 1)
    assert parse_seq(cards("KH AH 2C"), 1) is None


def _opening_position() -> TrioState:
    return craft(hands={0: "7H 7S 7D QC QH 2D 9S 9H 9D 5C 6C KD 3S"}, pile="KC")


def test_36_06_nothing_else_on_the_opening_turn() -> None:
    s = play(_opening_position(), "draw:stock")  # draws 8D
    s = play(s, "meld:brelan", "add:7D", "add:7H", "add:7S", "meld:brelan", "add:QC", "add:QH", "add:2D")
    assert s.opened[0] and s.phase == "play"
    assert {a.split(":")[0] for a in acts(s)} == {"discard"}  # the 9s wait for the next turn
    with pytest.raises(IllegalAction):
        play(s, "meld:brelan")
    s = play(s, "discard:KD")
    for seat in (1, 2):
        s = play(s, "draw:stock", f"discard:{s.hands[seat][0].code}")
    s = play(s, "draw:stock")
    assert "meld:brelan" in acts(s)
    s = play(s, "meld:brelan", "add:9S", "add:9H", "add:9D", "done")
    assert [len(m.cards) for m in s.melds] == [3, 3, 3]


def test_36_07_no_layoff_before_opening() -> None:
    table = [meld(1, 1, "8S 8H 8D")]
    s = craft(hands={0: "8C 3S 5S 9D 10D JC QC KC 4H 5H 6C 6D AS"}, melds=table, phase="play",
              opened=(False, True, False))
    assert not any(a.startswith("layoff") for a in acts(s))
    with pytest.raises(IllegalAction) as err:
        play(s, "layoff:8C")
    assert "after opening" in str(err.value)


def _olivier(hand: str) -> TrioState:
    # Olivier (seat 0) opened with two brelans; the discard is the 8 of hearts.
    table = [meld(1, 0, "4S 4H 4D"), meld(2, 0, "JS JH JD")]
    return craft(hands={0: hand}, melds=table, opened=(True, False, False), pile="3C 8H")


def test_36_08_discard_after_opening_only_to_go_out() -> None:
    s = _olivier("9H 10H 9S QC")  # tierce 8-9-10, then two cards left: cannot go out
    assert acts(s) == ["draw:stock"]
    with pytest.raises(IllegalAction):
        play(s, "draw:discard")
    s = _olivier("9H 10H QC")  # tierce, then discard the Queen: out
    assert "draw:discard" in acts(s)
    s = play(s, "draw:discard")
    assert s.must_out and acts(s) == ["meld:seq"]  # no discard while cards would remain
    s = play(s, "meld:seq", "add:8H", "add:9H", "add:10H", "done", "discard:QC")
    assert s.last_deal is not None and s.last_deal["out"] == 0
    s = _olivier("9H 10H")  # the tierce alone empties the hand
    s = play(s, "draw:discard", "meld:seq", "add:8H", "add:9H", "add:10H", "done")
    assert s.last_deal is not None and s.last_deal["out"] == 0 and s.last_deal["deltas"][0] == 0


def test_36_09_fourth_card_closes_the_carre() -> None:
    table = [meld(1, 1, "9S 9H 9D")]
    s = craft(hands={0: "9C 9C 5S 6H"}, melds=table, opened=(True, True, False), phase="play")
    s = play(s, "layoff:9C", "onto:1")
    assert s.melds[0].closed and len(s.melds[0].cards) == 4
    assert "layoff:9C" not in acts(s)
    with pytest.raises(IllegalAction):
        play(s, "layoff:9C")


def test_36_10_one_wild_per_brelan() -> None:
    table = [meld(1, 1, "9S 9H 2D")]
    s = craft(hands={0: "2C 5S 6H 7D"}, melds=table, opened=(True, True, False), phase="play")
    assert "layoff:2C" not in acts(s)
    with pytest.raises(IllegalAction):
        play(s, "layoff:2C")


def test_36_11_going_out_without_discard_scores_zero() -> None:
    table = [meld(1, 1, "9S 9H 9D")]
    s = craft(hands={0: "5H 6H 7H", 1: "AS KS", 2: "2C 3D"}, melds=table, opened=(True, True, False),
              stock="4C")
    s = play(s, "draw:stock", "meld:seq", "add:5H", "add:6H", "add:7H", "done")
    assert s.hands[0] == (card("4C"),) and s.last_deal is None  # one card left: not out yet
    table = [meld(1, 1, "9S 9H 9D"), meld(2, 1, "4S 4H 4D")]
    s = craft(hands={0: "5H 6H 7H", 1: "AS KS", 2: "2C 3D"}, melds=table, opened=(True, True, False),
              stock="4C")
    s = play(s, "draw:stock", "layoff:4C", "onto:2", "meld:seq", "add:5H", "add:6H", "add:7H", "done")
    assert s.last_deal is not None
    assert s.last_deal["out"] == 0 and s.last_deal["deltas"] == [0, 20, 25]
    assert s.round_no == 1 and s.scores == (0, 20, 25)


def test_36_12_openers_advance_others_repeat() -> None:
    table = [meld(1, 1, "9S 9H 9D"), meld(2, 1, "4S 4H 4D")]
    s = craft(hands={0: "5H 6H", 1: "AS KS", 2: "2C 3D"}, melds=table, opened=(True, True, False),
              contract=(1, 1, 1), pile="7H")
    s = play(s, "draw:discard", "meld:seq", "add:5H", "add:6H", "add:7H", "done")
    assert s.contract == (2, 2, 1)  # seat 1 opened but still held cards: advances anyway
    assert s.opened == (False, False, False)


def test_36_13_hand_points() -> None:
    assert hand_points(["2C", "2H"]) == 40
    assert hand_points(["JK", "2S"], variant="ecole") == 40
    assert hand_points(["AS", "KD", "QH", "JC", "10S"]) == 50
    assert hand_points(["9S", "8H", "7D", "6C", "5S", "4H", "3D"]) == 35
    assert hand_points([]) == 0
    with pytest.raises(ValueError):
        hand_points(["JK"], variant="trio")


def _last_round(opened: tuple[bool, ...], scores: tuple[int, ...], out_seat: int,
                options: dict[str, Any] | None = None, contract: tuple[int, ...] = (7, 7, 7),
                opened_at: tuple[int, ...] = (-1, -1, -1)) -> TrioState:
    """Seat ``out_seat`` is about to go out by discarding its last card (hands worth 20 each)."""
    hands = {0: "KS QS", 1: "AH KH", 2: "10D JD"}
    hands[out_seat] = "5C"
    s = craft(hands=hands, turn=out_seat, phase="play", opened=opened, contract=contract, options=options)
    s.scores = scores
    s.opened_last_at = opened_at
    return play(s, "discard:5C")


def test_36_14_lone_finisher_wins_whoever_went_out() -> None:
    s = _last_round((True, False, True), (100, 0, 0), out_seat=2, contract=(7, 7, 6))
    assert s.phase == "over" and s.winners == (0,)
    assert s.contract == (7, 7, 7)
    assert s.outcome() is not None and s.outcome().ranking[0] == 0  # type: ignore[union-attr]


def test_36_15_stock_exhaustion_reshuffles_all_but_top_discard() -> None:
    s = craft(hands={0: "5H 6H 9S", 1: "AS KS 4C"}, stock="4H", pile="3C 7S 8D JC")
    s = play(s, "draw:stock", "discard:9S")  # the stock is empty when seat 1 starts
    assert s.pile == (card("9S"),)
    assert sorted(c.code for c in s.stock) == ["3C", "7S", "8D", "JC"]
    assert any(e["type"] == "reshuffle" for e in s.events)
    again = craft(hands={0: "5H 6H 9S", 1: "AS KS 4C"}, stock="4H", pile="3C 7S 8D JC")
    assert play(again, "draw:stock", "discard:9S").stock == s.stock  # seeded
    assert s.view(None)["stock_pass"] == 2 and s.view(None)["stock_passes"] == 3


def _third_pass(opened: Sequence[bool] = (True, False, True), options: dict[str, Any] | None = None) -> TrioState:
    """Seat 0 to draw the last card of the stock on its third pass (two reshuffles this round)."""
    s = craft(hands={0: "5H 6H 9S", 1: "AS KS 4C", 2: "3D 3H"}, stock="4H", pile="3C 7S 8D JC",
              opened=opened, contract=(2, 1, 3), options=options)
    s.reshuffles = 2
    s.scores = (10, 20, 30)
    return s


def test_36_16_third_stock_exhaustion_blocks_the_round() -> None:
    s = _third_pass()
    assert s.view(0)["stock_pass"] == 3
    s = play(s, "draw:stock")
    assert s.turn == 0 and s.last_deal is None  # the drawer of the last card plays his turn out
    s = play(s, "discard:9S")  # seat 1's turn starts on an empty stock: no third reshuffle
    last = s.last_deal
    assert last is not None and last["out"] is None and last["blocked"] and not last["match_limit"]
    assert last["deltas"] == [15, 25, 10]  # 4H 5H 6H / A K 4C / 3D 3H: every hand counted
    assert last["scores"] == [25, 45, 40] and s.scores == (25, 45, 40)
    assert last["hands"] == {"0": ["4H", "5H", "6H"], "1": ["AS", "KS", "4C"], "2": ["3H", "3D"]}
    assert last["opened"] == [True, False, True] and last["finishers"] == []
    assert s.contract == (3, 1, 4)  # the openers advance, the other repeats
    assert s.round_no == 1 and s.phase == "draw" and s.reshuffles == 0 and s.opened == (False,) * 3
    types = [e["type"] for e in s.events]
    assert types[-3:] == ["blocked", "deal_end", "deal"]
    assert s.events[-3] == {"type": "blocked", "deal_no": 0, "passes": 3}
    assert s.events[-2] == {"type": "deal_end", "deal_no": 0, "out": None, "blocked": True, "deltas": [15, 25, 10]}
    view = s.view(None)
    assert view["last_deal"]["blocked"] and view["stock_pass"] == 1 and view["deal_no"] == 1


def test_36_16_going_out_on_the_last_stock_card_is_not_blocked() -> None:
    table = [meld(1, 1, "9S 9H 9D")]
    s = craft(hands={0: "5H 6H 9C", 1: "AS KS", 2: "2C 3D"}, melds=table, opened=(True, True, False),
              stock="7H")
    s.reshuffles = 2
    s = play(s, "draw:stock", "layoff:9C", "onto:1", "meld:seq", "add:5H", "add:6H", "add:7H", "done")
    assert s.last_deal is not None and s.last_deal["out"] == 0 and not s.last_deal["blocked"]
    assert not any(e["type"] == "blocked" for e in s.events)


def test_blocked_round_before_the_third_pass_reshuffles() -> None:
    s = _third_pass()
    s.reshuffles = 1  # second pass: this exhaustion is the second, the stock is remade
    s = play(s, "draw:stock", "discard:9S")
    assert s.last_deal is None and s.reshuffles == 2 and len(s.stock) == 4
    assert s.events[-1] == {"type": "reshuffle", "cards": 4, "pass": 3}


def test_stock_passes_option() -> None:
    s = craft(hands={0: "5H 6H 9S", 1: "AS KS 4C"}, stock="4H", pile="3C 7S", options={"stock_passes": 1})
    s = play(s, "draw:stock", "discard:9S")
    assert s.last_deal is not None and s.last_deal["blocked"] and s.round_no == 1
    s = _third_pass(options={"stock_passes": 4})
    s = play(s, "draw:stock", "discard:9S")
    assert s.last_deal is None and s.reshuffles == 3


@pytest.mark.parametrize(("game", "rounds", "stock"), [(TRIO, 21, 51), (ECOLE, 30, 109)], ids=["trio", "ecole"])
def test_36_17_never_melding_players_still_end_the_match(game: TrioGame, rounds: int, stock: int) -> None:
    """Four players always draw from the stock and discard any card: every round is blocked after
    three passes through the stock, and the match ends at the match limit. Nobody melds, so each
    pass has as many cards as the first (``stock``: 2 packs, or 3 with 6 jokers, less 4 x 13 and
    the first discard): exactly ``rounds x 3 x stock`` turns of two actions."""
    rng = random.Random(17)
    s = game.new(4, "never-meld")
    ends = []
    actions = 0
    bound = rounds * 3 * stock * 2
    while s.to_act() is not None and actions <= bound:
        legal = s.legal_actions(s.turn)
        choices = [a for a in legal if a == Action("draw", "stock") or a.kind == "discard"]
        before = s.round_no
        s = s.apply(s.turn, choices[rng.randrange(len(choices))])
        actions += 1
        if s.round_no != before or s.phase == "over":
            ends.append((s.last_deal, [e for e in s.events if e["type"] in ("blocked", "match_limit")]))
    assert s.to_act() is None and actions == bound
    assert len(ends) == rounds == s.round_no + 1
    for i, (last, evs) in enumerate(ends):
        assert last["deal_no"] == i and last["out"] is None and last["blocked"]
        assert last["match_limit"] == (i == rounds - 1)
        assert {"type": "blocked", "deal_no": i, "passes": 3} in evs
    assert ends[-1][1][-1] == {"type": "match_limit", "rounds": rounds}
    assert s.contract == (1, 1, 1, 1) and s.phase == "over"
    low = min(s.scores)
    assert s.winners == tuple(seat for seat in range(4) if s.scores[seat] == low)  # fewest points
    out = s.outcome()
    assert out is not None and all(out.places[w] == 0 for w in s.winners)
    assert s.view(None)["winners"] == list(s.winners)


# -- further rules (« Cards and their points », « Combinations », « Contracts », « The round », « Defaults and options ») ------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "seats", "packs"), [
    ("trio", 3, 2), ("trio", 4, 2), ("trio", 5, 3), ("trio", 6, 3),
    ("ecole", 3, 2), ("ecole", 4, 3), ("ecole", 5, 3), ("ecole", 6, 4), ("ecole", 7, 4)])
def test_packs_by_player_count(variant: str, seats: int, packs: int) -> None:
    assert deck_count(seats, variant) == packs
    game = TRIO if variant == "trio" else ECOLE
    s = game.new(seats, 5)
    total = sum(len(h) for h in s.hands) + len(s.stock) + len(s.pile)
    jokers = 2 * packs if variant == "ecole" else 0
    assert total == 52 * packs + jokers
    everything = [c for h in s.hands for c in h] + list(s.stock) + list(s.pile)
    assert sum(c.is_joker for c in everything) == jokers


def test_deal_first_dealer_and_rotation() -> None:
    s = TRIO.new(4, 11)
    deck = s._deck()
    deal_rng(11, 0, "jack").shuffle(deck)
    first_jack = next(i for i, c in enumerate(deck) if c.rank == "J")
    assert s.first_dealer == first_jack % 4 and s.jack_cards[-1].startswith("J")
    assert all(len(h) == 13 for h in s.hands) and len(s.pile) == 1
    assert s.dealer == s.first_dealer and s.turn == (s.dealer + 1) % 4
    assert s.legal_actions(s.turn) == [Action("draw", "stock"), Action("draw", "discard")] or \
        acts(s) == ["draw:discard", "draw:stock"]
    # clockwise: after a discard the next seat plays
    seat = s.turn
    s2 = play(s, "draw:stock", f"discard:{s.hands[seat][0].code}")
    assert s2.turn == (seat + 1) % 4
    s.round_no = 1
    s._deal()
    assert s.dealer == (s.first_dealer + 1) % 4


def test_ecole_wild_never_beside_a_wild_on_layoff() -> None:
    run = meld(1, 1, "5H 6H 2C", max_wilds=99)
    s = craft(ECOLE, hands={0: "JK 9S 9D"}, melds=[run], opened=(True, True, False), phase="play",
              contract=(2, 2, 1))
    assert "layoff:JK" in acts(s)  # only the low end (4H) is allowed: 7H would touch the wild
    s = play(s, "layoff:JK")
    assert acts(s) == ["onto:1:lo", "cancel"]


def test_contract_7_run_keeps_two_wilds_for_life_and_wild_is_fixed() -> None:
    run = meld(1, 1, "3H 4H 2C 6H 7H 2D 9H", max_wilds=2)
    assert run.reps == ("3H", "4H", "5H", "6H", "7H", "8H", "9H")
    s = craft(hands={0: "2S 10H 5C"}, melds=[run], opened=(True, True, False), phase="play",
              contract=(7, 7, 7))
    assert "layoff:2S" not in acts(s) and "layoff:10H" in acts(s)
    s = play(s, "layoff:10H", "onto:1:hi")
    assert s.melds[0].reps[-1] == "10H" and s.melds[0].to_json()["as"][2] == "5H"


def test_seed_example_layoffs_on_each_other() -> None:
    # Olivier (0) and Mélanie (1) both opened with two brelans; Olivier's run is laid later.
    table = [meld(1, 1, "9S 9D 9C"), meld(2, 1, "KS KH KD"), meld(3, 0, "6H 7H 8H")]
    s = craft(hands={0: "9H 4C 5D"}, melds=table, opened=(True, True, False), phase="play")
    s = play(s, "layoff:9H", "onto:1")
    assert s.melds[0].closed
    s = play(s, "discard:4C")
    s.turn, s.phase = 1, "play"
    s.hands = (s.hands[0], tuple(cards("9H 10H QC")), s.hands[2])
    s._legal_cache = s._legal_set = None
    s = play(s, "layoff:9H", "onto:3:hi", "layoff:10H", "onto:3:hi")
    assert [c.code for c in s.melds[2].cards] == ["6H", "7H", "8H", "9H", "10H"]


def test_two_finishers_the_one_who_went_out_wins() -> None:
    s = _last_round((True, True, False), (0, 100, 0), out_seat=1)
    assert s.winners == (1,)


def test_two_finishers_third_went_out_fewest_points_wins() -> None:
    s = _last_round((True, True, True), (200, 100, 0), out_seat=2, contract=(7, 7, 5))
    assert s.scores == (220, 120, 0) and s.winners == (1,)


def test_exact_tie_shared_or_first_opener_option() -> None:
    s = _last_round((True, True, True), (100, 100, 0), out_seat=2, contract=(7, 7, 5))
    assert s.scores[0] == s.scores[1] and s.winners == (0, 1)
    out = s.outcome()
    assert out is not None and out.places[0] == out.places[1] == 0 and out.places[2] == 2
    s = _last_round((True, True, True), (100, 100, 0), out_seat=2, contract=(7, 7, 5),
                    options={"tie_first_opener": True}, opened_at=(50, 20, -1))
    assert s.winners == (1,)


def test_options_and_parse_round_trip() -> None:
    names = {o.name for o in TRIO.options()}
    assert {"contracts", "max_rounds", "longer_melds", "layoff_on_opening"} <= names
    assert "jokers" in {o.name for o in ECOLE.options()}
    for text in ["draw:stock", "add:2C=8H", "add:AH=low", "onto:3:hi", "onto:4", "meld:carre", "done",
                 "cancel", "layoff:JK", "discard:10H"]:
        assert str(TRIO.parse_action(text.upper())) == text


def test_longer_melds_option() -> None:
    assert not contract_met([["7H", "7S", "7D", "7C"], ["QC", "QH", "QD"]], 1)
    assert contract_met([["7H", "7S", "7D", "7C"], ["QC", "QH", "QD"]], 1, longer=True)
    assert not contract_met([["7H", "7S", "7D"], ["7C", "7H", "2D"]], 1, same_rank_sets=False)


# -- player-facing text ------------------------------------------------------------------------


@pytest.mark.parametrize("game", [TRIO, ECOLE], ids=["trio", "ecole"])
@pytest.mark.parametrize("locale", ["fr", "en-US"])
def test_rules_summary_pages(game: TrioGame, locale: str) -> None:
    pages = game.rules_summary(locale)
    assert 3 <= len(pages) <= 5 and all(0 < len(p) < 2000 for p in pages)
    text = "\n".join(pages)
    n = 10 if game is ECOLE else 7
    assert f"{n}. " in text and ("Séquence à 13" in text or "13-card sequence" in text) == (game is ECOLE)
    assert ("Brelan" in text) and ("passe-partout" in text or "wild" in text.lower())


def test_action_labels_and_groups() -> None:
    assert TRIO.action_label(Action("draw", "stock")) == "Piocher au talon"
    assert TRIO.action_label(Action("draw", "discard"), "en") == "Take the discard"
    assert TRIO.action_label(Action("add", "2C=8H")) == "2 de trèfle (= 8 de cœur)"
    assert TRIO.action_label(Action("add", "AH=low"), "en") == "Ace of Hearts (low)"
    assert TRIO.action_label(Action("discard", "QS")) == "Défausser Dame de pique"
    assert TRIO.action_label(Action("onto", "3:hi"), "en") == "Combination #3 (high end)"
    assert TRIO.action_label(Action("meld", "carre")) == "Former\u00a0: Carré"
    assert ECOLE.action_label(Action("layoff", "JK"), "en") == "Lay off Joker on…"
    groups = {TRIO.action_group(TRIO.parse_action(t), "en") for t in ("add:7H", "done", "cancel", "meld:seq")}
    assert groups == {"Combinations"}
    assert TRIO.action_group(Action("discard", "7H")) == "Défausser"
    assert TRIO.action_group(Action("onto", "2")) == TRIO.action_group(Action("layoff", "7H"))


def test_everyone_opened_does_not_shorten_the_round() -> None:
    """The blocked round replaced the old rule "once everyone has opened, the second exhaustion
    ends the round": the second exhaustion reshuffles whoever has opened."""
    s = _third_pass(opened=(True, True, True))
    s.reshuffles = 0
    for _ in range(5):  # the last card of the first stock, then the 4 cards of the second
        s = s.apply(s.turn, Action("draw", "stock"))
        s = s.apply(s.turn, next(a for a in s.legal_actions(s.turn) if a.kind == "discard"))
    assert s.last_deal is None and s.reshuffles == 2 and s.stock


def test_round_limit_ranks_by_contract_then_points() -> None:
    s = craft(hands={0: "5C", 1: "AH KH", 2: "10D JD"}, phase="play", opened=(True, False, True),
              contract=(3, 5, 2), options={"max_rounds": 1})
    s = play(s, "discard:5C")
    assert s.phase == "over" and s.contract == (4, 5, 3)
    assert s.winners == (1,)  # furthest contract, though seat 0 went out
    out = s.outcome()
    assert out is not None and out.ranking == (1, 0, 2)
    assert s.last_deal is not None and s.last_deal["match_limit"] and not s.last_deal["blocked"]
    assert s.events[-1] == {"type": "match_limit", "rounds": 1}


def test_match_limit_after_a_blocked_round_exact_tie_shared() -> None:
    s = _third_pass(options={"max_rounds": 5})
    s.round_no = 4  # the fifth round: the last one
    s.contract = (3, 3, 2)
    s.scores = (20, 10, 0)
    s = play(s, "draw:stock", "discard:9S")  # blocked: 15, 25 and 10 points
    assert s.phase == "over" and s.to_act() is None and s.contract == (4, 3, 3)
    assert s.winners == (0,)  # furthest: seat 0, alone at contract 4 although it has most points but one
    s = _third_pass(options={"max_rounds": 5})
    s.round_no, s.contract, s.scores = 4, (3, 4, 2), (20, 10, 0)
    s = play(s, "draw:stock", "discard:9S")
    assert s.contract == (4, 4, 3) and s.scores == (35, 35, 10)
    assert s.winners == (0, 1)  # seat 2 has fewest points but stays behind; 0 and 1 tie exactly
    out = s.outcome()
    assert out is not None and out.places == (0, 0, 2)
    last = s.last_deal
    assert last is not None and last["blocked"] and last["match_limit"]
    assert [e["type"] for e in s.events[-3:]] == ["blocked", "deal_end", "match_limit"]
    view = s.view(1)
    assert view["phase"] == "over" and view["winners"] == [0, 1] and view["max_rounds"] == 5


def test_the_last_contract_ends_the_match_before_the_limit() -> None:
    s = _last_round((True, False, True), (100, 0, 0), out_seat=2, contract=(7, 7, 6), options={"max_rounds": 1})
    assert s.phase == "over" and s.winners == (0,)  # a finisher: the limit is not what ended it
    assert s.last_deal is not None and not s.last_deal["match_limit"]
    assert not any(e["type"] == "match_limit" for e in s.events)


def test_limits_default_to_the_rules() -> None:
    assert TRIO.resolve_options()["max_rounds"] == 21 and ECOLE.resolve_options()["max_rounds"] == 30
    assert TRIO.resolve_options()["stock_passes"] == 3 == ECOLE.resolve_options()["stock_passes"]
    view = ECOLE.new(5, 1).view(None)
    assert view["max_rounds"] == 30 and view["stock_passes"] == 3 and view["stock_pass"] == 1
    with pytest.raises(GameError):
        TRIO.new(3, 1, {"stock_passes": 0})
    with pytest.raises(GameError):
        TRIO.new(3, 1, {"stock_exhausted": "end_round", "max_rounds": -1})


def test_matches_saved_with_the_former_options_still_load() -> None:
    """Saves from before the blocked round carry ``stock_exhausted`` and ``max_rounds`` 0 ("no
    limit"): they load, under today's rules."""
    state = TRIO.new(4, "legacy", {"contracts": 3})
    rng = random.Random(2)
    for _ in range(30):
        legal = state.legal_actions(state.turn)
        state = state.apply(state.turn, legal[rng.randrange(len(legal))])
    data = state.to_json()
    old = {k: v for k, v in data["options"].items() if k != "stock_passes"}
    for legacy, passes in (({"stock_exhausted": "reshuffle", "max_rounds": 0}, 3),
                           ({"stock_exhausted": "end_round", "max_rounds": 0}, 1)):
        loaded = TRIO.load({**data, "options": {**old, **legacy}})
        assert loaded.log == state.log
        assert loaded.options["max_rounds"] == 21 and loaded.options["stock_passes"] == passes
        assert "stock_exhausted" not in loaded.to_json()["options"]


def test_short_game_option() -> None:
    s = craft(hands={0: "5C", 1: "AH KH", 2: "10D JD"}, phase="play", opened=(True, True, False),
              contract=(2, 2, 1), options={"contracts": 2})
    s = play(s, "discard:5C")
    assert s.phase == "over" and s.winners == (0,)


def test_distinct_brelans_option_in_the_engine() -> None:
    sevens = "7H 7S 7D 7C 7H 7S 4C 5D 9S JH QC KD AS"
    s = craft(hands={0: sevens}, phase="play")
    assert "meld:brelan" in acts(s)  # default: two brelans of 7s are fine
    s = craft(hands={0: sevens}, phase="play", options={"same_rank_brelans": False})
    assert "meld:brelan" not in acts(s)
    s = craft(hands={0: "7H 7S 7D 7C 9S 9H 9D 4C 5D JH QC KD AS"}, phase="play",
              options={"same_rank_brelans": False})
    s = play(s, "meld:brelan", "add:7H", "add:7S", "add:7D", "meld:brelan")
    assert "add:7C" not in acts(s) and "add:9S" in acts(s)


def test_going_out_on_the_opening_turn_with_longer_combinations() -> None:
    hand = "3H 4H 5H 6H 7H 8H 9S 10S JS QS KS AS 2C"
    s = craft(ECOLE, hands={0: hand}, contract=(8, 1, 1), options={"longer_melds": True}, stock="9H")
    s = play(s, "draw:stock", "meld:seq", "add:3H", "add:4H", "add:5H", "add:6H", "add:7H", "add:8H",
              "add:9H", "done", "meld:seq", "add:9S", "add:10S", "add:JS", "add:QS", "add:KS", "add:AS=high",
              "add:2C=8S", "done")
    assert s.last_deal is not None and s.last_deal["out"] == 0 and s.contract[0] == 9


def test_offered_adds_are_exactly_the_finishable_ones() -> None:
    """The shortcut in ``legal_adds`` agrees with a plain search on random hands and contracts."""
    import random

    from games.cards import standard_decks
    from games.trio.building import Frame, candidates, legal_adds

    rng = random.Random(4)
    checked = 0
    for trial in range(300):
        variant = "ecole" if trial % 2 else "trio"
        deck = standard_decks(3, 2 if variant == "ecole" else 0)
        rng.shuffle(deck)
        hand = deck[:14]
        frame = Frame(variant, rng.randint(1, 7 if variant == "trio" else 10), True)
        kinds = frame.kinds_needed(())
        if not frame.possible(hand, kinds):
            continue
        kind = kinds[0]
        built: tuple = ()
        rest = list(hand)
        for _ in range(3):
            others = list(kinds)
            others.remove(kind)
            fast = legal_adds(frame, kind, built, rest, others)
            slow = []
            for arg, c, p in candidates(frame, kind, built, rest):
                left = list(rest)
                left.remove(c)
                if frame.possible(left, others, (kind, (*built, (c, p)))):
                    slow.append((arg, c, p))
            assert fast == slow
            checked += 1
            if not fast:
                break
            arg, c, p = fast[rng.randrange(len(fast))]
            rest.remove(c)
            built = (*built, (c, p))
    assert checked > 30
