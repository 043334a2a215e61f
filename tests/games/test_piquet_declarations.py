"""Piquet declarations and partie scoring as pure functions (docs/rules/piquet.md, « Carte blanche », « Declarations », « Pique and repique », « The partie and the rubicon »).

Tests named ``test_edge_NN_...`` are the numbered edge cases of docs/rules/piquet.md, « Cases the tests pin ».
"""

from __future__ import annotations

import pytest

from games.cards import cards, piquet_deck
from games.piquet import declarations as dc
from games.piquet import partie_result, score_declarations
from games.piquet.scoring import cards_bonus


def split(text: str) -> list[str]:
    return text.split()


def rest_of(*hands: str) -> list[str]:
    used = {c for h in hands for c in h.split()}
    return [c.code for c in piquet_deck() if c.code not in used]


# -- the pure functions: signatures and basics -------------------------------------------------------

def test_score_declarations_accepts_codes_and_rejects_other_cards() -> None:
    e = "AS KS QS JS 10S 9S 8S 7S AH KH QH JH"
    y = " ".join(rest_of(e)[:12])
    assert isinstance(score_declarations(split(e), split(y)), tuple)
    with pytest.raises(ValueError):
        score_declarations(["2S", *split(e)[1:]], split(y))
    with pytest.raises(ValueError):
        score_declarations(["T21", *split(e)[1:]], split(y))


def test_everything_equal_scores_nothing() -> None:
    e = "AS KS QS JS 10S 9S 8S 7S AH KH QH JH"
    y = "10H 9H 8H 7H AD KD QD JD 10D 9D 8D 7D"
    # point: 8 cards of 75 each: equal. Sequences: two huitiemes to the ace: equal, so neither
    # scores his quart either. Sets: no trio on either side.
    assert score_declarations(split(e), split(y)) == (0, 0)


# -- docs/rules/piquet.md, « Cases the tests pin » edge cases 1-5, 13, 14 -----------------------------------------------------------------

def test_edge_01_point_equal_length_higher_pips_then_nobody() -> None:
    e = "AS KS JS 9S 8S QC 10C 8C QD 10D 8D 7D"  # spades 5 cards, 48
    y47 = "AH KH JH 9H 7H KC JC 9C 7C QS 10S 7S"  # hearts 5 cards, 47
    y48 = "AH KH JH 9H 8H KC JC 9C 7C QS 10S 7S"  # hearts 5 cards, 48
    assert dc.point_of(cards(e)).fields == (("cards", 5), ("pips", 48))
    assert dc.point_of(cards(y47)).fields == (("cards", 5), ("pips", 47))
    assert score_declarations(split(e), split(y47)) == (5, 0)
    assert score_declarations(split(e), split(y48)) == (0, 0)
    r = dc.compare(dc.POINT, dc.point_of(cards(e)), dc.point_of(cards(y48)))
    assert r.answer == dc.EQUAL and r.winner is None and r.points == (0, 0)
    assert r.calls == ({"cards": 5, "pips": 48}, {"cards": 5, "pips": 48})


def test_edge_02_quart_minor_beats_tierce_major_and_equal_tierces_cancel() -> None:
    quart_minor = dc.sequences_of(cards("10S 9S 8S 7S AH QH 9H KD 9D JC 9C 7C"))
    tierce_major = dc.sequences_of(cards("AH KH QH 10H 8H JS AD QD 10D KC 10C 8C"))
    assert quart_minor is not None and tierce_major is not None
    r = dc.compare(dc.SEQUENCE, quart_minor, tierce_major)
    assert r.winner == 0 and r.points == (4, 0) and r.answer == dc.GOOD
    # two tierces major: neither side scores any sequence, not even elder's extra tierce minor
    e = "AS KS QS 9C 8C 7C JH 9H 7H JD 9D 7D"
    y = "AH KH QH JS 10S 8S 7S AD 10D 8D KC 10C"
    r2 = dc.reckon((cards(e), cards(y)))
    assert r2.line("sequence") == (0, 0)
    assert r2.results[1].answer == dc.EQUAL


def test_edge_03_quatorze_of_tens_beats_three_aces_and_brings_lower_trios() -> None:
    e = "10S 10H 10D 10C JS JH JD 7S 8H 7D 9C 8C"  # four 10s + three jacks
    y = "AS AH AD KS QH 9S 7H 9D 7C QD KC 9H"  # three aces
    r = dc.reckon((cards(e), cards(y)))
    assert r.line("sets") == (14 + 3, 0)
    assert r.results[2].calls[0] == {"count": 4, "rank": dc.RANK_INDEX["10"]}


def test_edge_04_trio_of_nines_is_worthless() -> None:
    hand = cards("9S 9H 9D AS KH QD JC 7S 8H 7D 8C 7H")
    assert dc.sets_of(hand) is None


def test_edge_05_repique_by_younger_when_elder_only_scores_sets() -> None:
    y = "AH KH QH JH 10H 9H 8H 7H JC 10C 9C 8C"  # point 8 + huitieme 18 + quart 4 = 30
    e = "AS KS QS AD KD QD AC KC QC 7S 7D 7C"  # three trios (9), after the sequences
    assert score_declarations(split(e), split(y)) == (9, 30 + 60)
    r = dc.reckon((cards(e), cards(y)))
    assert r.repique == (False, True)


def test_edge_13_rubicon_only_when_the_loser_is_under_100() -> None:
    assert partie_result(100, 99) == (0, 100 + 100 + 99)  # 299
    assert partie_result(99, 100) == (1, 299)
    assert partie_result(250, 100) == (0, 100 + 150)  # 250


def test_edge_14_both_under_100_winner_still_scores_100_plus_both() -> None:
    assert partie_result(80, 60) == (0, 100 + 80 + 60)
    assert partie_result(0, 5) == (1, 105)


def test_partie_tie_has_no_winner() -> None:
    assert partie_result(120, 120) == (None, 0)


# -- other declaration rules -----------------------------------------------------------------------------

def test_edge_06_younger_blanche_prevents_elder_repique() -> None:
    e = "KH QH JH 10H KD QD JD 9D KC QC JC KS"  # point 4 (40), quart + 2 tierces, 4 K 3 Q 3 J = 34
    y = "AS 10S 8S 7S AH 9H 7H 10D 8D 7D 9C 7C"  # no court card: carte blanche, nothing else
    assert dc.is_blanche(cards(y))
    assert score_declarations(split(e), split(y)) == (34 + 60, 0)
    assert score_declarations(split(e), split(y), younger_blanche=True) == (34, 10)


def test_elder_blanche_counts_toward_repique() -> None:
    e = "AS 10S 9S 8S 7S AH 10H 9H AD 10D AC 10C"  # carte blanche, point 5 (45)
    y = "KS QS JS KH QH JH 8H KD QD JD 9D 7C"  # tierces to the king, trios K Q J
    r = dc.reckon((cards(e), cards(y)), (10, 0))
    # elder: blanche 10, point 5 (beats younger's 4), sequences: 10-9-8-7 of spades + A? A-10 gap:
    # quart (4) vs younger's tierces: elder; sets: 4 aces 14 + 4 tens 14 -> 10+5+4+28 = 47 -> repique
    assert r.line("point") == (5, 0) and r.line("sequence") == (4, 0) and r.line("sets") == (28, 0)
    assert r.repique == (True, False) and r.totals == (47 + 60, 0)
    assert score_declarations(split(e), split(y), elder_blanche=True) == (107, 0)


def test_equal_answer_scores_nothing_and_does_not_prevent_repique() -> None:
    e = "AS KS 9S 8S 7S AH KH AD KD AC KC 10C"  # point 5, tierce to the 9, quatorzes A and K
    y = "9H 8H 7H QH 9D 8D 7D QD QS JS QC JC"  # tierces to the 9 (equal), quatorze of queens
    r = dc.reckon((cards(e), cards(y)))
    assert r.results[1].answer == dc.EQUAL and r.line("sequence") == (0, 0)
    assert r.line("point") == (5, 0) and r.line("sets") == (28, 0)
    assert r.repique == (True, False)
    assert score_declarations(split(e), split(y)) == (5 + 28 + 60, 0)
    assert dc.repique_flags([(0, 0), (1, 0), (0, 15), (0, 16)]) == (True, False)
    assert dc.repique_flags([(0, 0), (1, 1), (0, 15), (0, 16)]) == (False, False)


def test_point_sequences_sets_values() -> None:
    assert dc.SEQUENCE_VALUES == {3: 3, 4: 4, 5: 15, 6: 16, 7: 17, 8: 18}
    for n, top in ((3, "A"), (4, "K"), (5, "A"), (6, "A"), (7, "A"), (8, "A")):
        ranks = dc.RANKS[dc.RANK_INDEX[top] - n + 1: dc.RANK_INDEX[top] + 1]
        hand = cards(" ".join(r + "S" for r in ranks))
        h = dc.sequences_of(hand)
        assert h is not None and h.score == dc.SEQUENCE_VALUES[n] and h.key == (n, dc.RANK_INDEX[top])
    four_aces = dc.sets_of(cards("AS AH AD AC 7S"))
    assert four_aces is not None and four_aces.score == 14
    assert dc.sets_of(cards("KS KH KD")).score == 3  # type: ignore[union-attr]
    assert dc.point_of(cards("AS KS 7S 8H")).score == 3


def test_best_sequence_holder_scores_all_his_sequences() -> None:
    e = "AS KS QS JS 9H 8H 7H 10D 9D 8D 7C 8C"  # quart major + 2 tierces = 10
    y = "KH QH JH 10H AD KD QD 10S 9S 8S AC KC"  # quart to the king + tierces
    r = dc.reckon((cards(e), cards(y)))
    assert r.line("sequence") == (4 + 3 + 3, 0)


def test_seed_worked_examples_of_sequences() -> None:
    """The seed's three examples (004: "Les suites")."""
    # 1) a quart to the 10 beats a tierce to the king
    q10 = dc.sequences_of(cards("10S 9S 8S 7S"))
    tk = dc.sequences_of(cards("KH QH JH"))
    assert dc.compare(dc.SEQUENCE, q10, tk).winner == 0
    assert dc.compare(dc.SEQUENCE, tk, q10).winner == 1
    # 2) quint to the king + tierce to the ace vs quint major + tierce to the 9: the second scores 15+3
    first = dc.sequences_of(cards("KS QS JS 10S 9S AH KH QH"))
    second = dc.sequences_of(cards("AD KD QD JD 10D 9C 8C 7C"))
    r = dc.compare(dc.SEQUENCE, first, second)
    assert r.winner == 1 and r.points == (0, 15 + 3)
    # 3) equal best sequences: neither scores his lesser ones
    a = dc.sequences_of(cards("AS KS QS JS 9H 8H 7H"))
    b = dc.sequences_of(cards("AD KD QD JD 9C 8C 7C"))
    assert dc.compare(dc.SEQUENCE, a, b).points == (0, 0)


def test_calls_disclose_only_what_the_answer_needs() -> None:
    e = dc.point_of(cards("AS KS QS 9S 8S"))
    y_short = dc.point_of(cards("AH KH QH 9H"))
    y_long = dc.point_of(cards("AH KH QH 9H 8H 7H"))
    good = dc.compare(dc.POINT, e, y_short)
    assert good.calls == ({"cards": 5, "pips": 48}, None) and good.answer == dc.GOOD
    not_good = dc.compare(dc.POINT, e, y_long)
    assert not_good.calls == ({"cards": 5}, {"cards": 6, "pips": 55}) and not_good.answer == dc.NOT_GOOD
    assert not_good.points == (0, 6) and len(not_good.shown) == 6


def test_seed_point_by_greatest_value_ranks_suits_like_the_laws() -> None:
    """docs/rules/piquet.md, « Defaults and options » #3: in a 32-card pack more cards always means more pips, so the seed's
    "greatest value" and the laws' "length, then pips" agree on every pair of suits."""
    from itertools import combinations

    ranks = dc.RANKS
    totals: dict[int, list[int]] = {}
    for n in range(1, 9):
        totals[n] = [sum(dc.PIPS[r] for r in combo) for combo in combinations(ranks, n)]
    for n in range(2, 9):
        assert min(totals[n]) > max(totals[n - 1])


def test_seed_variant_sets_by_rank() -> None:
    three_aces = dc.sets_of(cards("AS AH AD"), dc.Rules(sets_by_rank=True))
    four_kings = dc.sets_of(cards("KS KH KD KC"), dc.Rules(sets_by_rank=True))
    assert dc.compare(dc.SETS, three_aces, four_kings).winner == 0
    assert dc.compare(dc.SETS, dc.sets_of(cards("AS AH AD")), dc.sets_of(cards("KS KH KD KC"))).winner == 1


def test_edge_11_six_tricks_each_no_bonus_for_the_cards() -> None:
    assert cards_bonus((6, 6)) == (0, 0)
    assert cards_bonus((7, 5)) == (10, 0)
    assert cards_bonus((1, 11)) == (0, 10)
    assert cards_bonus((12, 0)) == (40, 0)  # capot: 40 instead of 10
