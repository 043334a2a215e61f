"""The Piquet engine: deal, exchange, repique/pique in play, the cards, the partie (docs/rules/piquet.md).

Tests named ``test_edge_NN_...`` are the numbered edge cases of docs/rules/piquet.md, « Cases the tests pin » that need the engine
(the others are in ``test_piquet_declarations.py``).
"""

from __future__ import annotations

import random

import pytest

from games import find_game
from games.base import Action
from games.cards import cards, piquet_deck
from games.errors import GameError, IllegalAction
from games.piquet import PIQUET
from games.piquet.state import Phase, PiquetState
from games.rng import deal_rng
from tests.games.test_piquet_helpers import act, finish_deal, finish_step, rig, rig_dealt

E27 = "AS KS QS JS 10S 10H 9H 8H 7H AD 7D AC"  # quint major, quart minor, point 5, three aces: 27
Y0 = "KD QD JD 10D 9D KC QC JC 10C 9C KH QH"  # beaten in every class: 0


def random_partie(seed: int, options: dict | None = None) -> list[PiquetState]:
    rng = random.Random(seed)
    s = PIQUET.new(2, seed, options)
    states = [s]
    while (seat := s.to_act()) is not None:
        legal = s.legal_actions(seat)
        s = s.apply(seat, legal[rng.randrange(len(legal))])
        states.append(s)
    return states


# -- registration, options ---------------------------------------------------------------------------

def test_registered_for_two_seats_only() -> None:
    game = find_game("piquet")
    assert game is PIQUET and game.min_seats == game.max_seats == 2
    with pytest.raises(GameError):
        game.new(3, 1)
    with pytest.raises(GameError):
        game.new(2, 1, {"packets": 4})
    opts = game.resolve_options({})
    assert opts["packets"] == 2 and opts["deals"] == 6
    assert not any(v for k, v in opts.items() if k not in ("packets", "deals"))


# -- docs/rules/piquet.md, « Cards and the deal »: cut, deal, alternation ------------------------------------------------------------

def test_cut_higher_card_deals_first_and_deals_alternate() -> None:
    for seed in range(20):
        states = random_partie(seed)
        first = states[0]
        a, b = (cards(" ".join(first.view(None)["cut"])))
        order = ("7", "8", "9", "10", "J", "Q", "K", "A")
        assert a.rank != b.rank
        assert first.dealer == (0 if order.index(a.rank) > order.index(b.rank) else 1)
        dealers = [h["dealer"] for h in states[-1].history]
        assert dealers[:6] == [first.dealer, 1 - first.dealer] * 3
        assert all(h["elder"] == 1 - h["dealer"] for h in states[-1].history)


def test_deal_twelve_each_talon_eight() -> None:
    s = PIQUET.new(2, "deal")
    assert [len(h) for h in s.hands] == [12, 12] and len(s.stock) == 8
    assert len({*s.hands[0], *s.hands[1], *s.stock}) == 32
    assert s.to_act() == s.elder == 1 - s.dealer


@pytest.mark.parametrize("packets", [2, 3])
def test_edge_16_deal_mode_fixed_for_the_whole_partie(packets: int) -> None:
    seed = 77
    checked = set()
    for s in random_partie(seed, {"packets": packets}):
        if s.phase is Phase.EXCHANGE and s.counts == (None, None) and s.deal_no not in checked:
            deck = piquet_deck()
            deal_rng(seed, s.deal_no).shuffle(deck)
            elder = [c for i in range(0, 24, 2 * packets) for c in deck[i:i + packets]]
            younger = [c for i in range(packets, 24, 2 * packets) for c in deck[i:i + packets]]
            assert set(s.hands[s.elder]) == set(elder) and set(s.hands[s.dealer]) == set(younger)
            assert list(s.stock) == deck[24:]
            checked.add(s.deal_no)
    assert checked >= set(range(6))
    assert PIQUET.new(2, seed, {"packets": 2}).hands != PIQUET.new(2, seed, {"packets": 3}).hands


# -- docs/rules/piquet.md, « The exchange »: exchange ---------------------------------------------------------------------------

def test_elder_takes_from_the_top_younger_the_rest() -> None:
    s = PIQUET.new(2, 5)
    stock = s.stock
    assert [str(a) for a in s.legal_actions(s.elder)] == [f"exchange:{n}" for n in range(1, 6)]
    s = act(s, "exchange:5")
    assert s.pending_picks(s.elder) == 5
    for n in range(5):
        assert s.pending_picks(s.elder) == 5 - n
        s = s.apply(s.elder, s.legal_actions(s.elder)[0])
    assert set(stock[:5]) <= set(s.hands[s.elder]) and len(s.hands[s.elder]) == 12
    assert [str(a) for a in s.legal_actions(s.dealer)] == ["exchange:1", "exchange:2", "exchange:3"]
    s = act(s, "exchange:3")
    for _ in range(3):
        s = s.apply(s.dealer, s.legal_actions(s.dealer)[-1])
    assert set(stock[5:]) <= set(s.hands[s.dealer]) and s.phase is Phase.PLAY


def test_exchange_of_nothing_refused_unless_younger_may_stand_pat() -> None:
    s = PIQUET.new(2, 6)
    with pytest.raises(IllegalAction):
        act(s, "exchange:0")
    with pytest.raises(IllegalAction):
        act(s, "exchange:6")
    s = act(s, "exchange:2", f"discard:{s.hands[s.elder][0].code}", f"discard:{s.hands[s.elder][1].code}")
    with pytest.raises(IllegalAction):
        act(s, "exchange:0")
    assert [a.arg for a in s.legal_actions(s.dealer)] == ["1", "2", "3", "4", "5", "6"]
    pat = PIQUET.new(2, 6, {"younger_stand_pat": True})
    pat = act(pat, "exchange:5", *[f"discard:{c.code}" for c in pat.hands[pat.elder][:5]])
    hand = pat.hands[pat.dealer]
    pat = act(pat, "exchange:0")
    assert pat.hands[pat.dealer] == hand and pat.phase is Phase.PLAY


def test_discard_refused_when_not_in_hand_and_state_unchanged() -> None:
    s = act(PIQUET.new(2, 8), "exchange:2")
    foreign = s.hands[s.dealer][0]
    with pytest.raises(IllegalAction):
        act(s, f"discard:{foreign.code}")
    with pytest.raises(IllegalAction):
        act(s, "play:" + s.hands[s.elder][0].code)
    assert s.pending_picks(s.elder) == 2 and s.pending_picks(s.dealer) == 0


def test_edge_12_elder_leaves_two_younger_may_take_five_elder_sees_his_two() -> None:
    s = PIQUET.new(2, 12)
    stock = s.stock
    s = act(s, "exchange:3", *[f"discard:{c.code}" for c in s.hands[s.elder][:3]])
    left = {c.code for c in stock[3:5]}
    assert set(s.view(s.elder)["talon_seen"]) == left
    assert s.view(s.dealer)["talon_seen"] == [] and not left & set(str(s.view(None)))
    assert [a.arg for a in s.legal_actions(s.dealer)] == ["1", "2", "3", "4", "5"]
    took_all = act(s, "exchange:5", *[f"discard:{c.code}" for c in s.hands[s.dealer][:5]])
    assert left <= {c.code for c in took_all.hands[took_all.dealer]}
    assert took_all.view(took_all.elder)["talon_seen"] == []  # now in younger's hand: not shown
    took_one = act(s, "exchange:1", f"discard:{s.hands[s.dealer][0].code}")
    assert took_one.view(took_one.elder)["talon_seen"] == [stock[4].code]


@pytest.mark.parametrize("look", [True, False])
def test_younger_leftovers_seen_by_both_only_if_he_looks(look: bool) -> None:
    s = PIQUET.new(2, 21)
    s = act(s, "exchange:5", *[f"discard:{c.code}" for c in s.hands[s.elder][:5]])
    s = act(s, "exchange:1", f"discard:{s.hands[s.dealer][0].code}")
    leftover = {c.code for c in s.leftover or ()}
    assert len(leftover) == 2
    s = s.apply(s.elder, s.legal_actions(s.elder)[0])  # elder leads
    assert [str(a) for a in s.legal_actions(s.dealer)] == ["talon:leave", "talon:look"]
    assert s.view(s.dealer)["talon_seen"] == []
    s = act(s, "talon:look" if look else "talon:leave")
    for seat in (0, 1):
        assert (set(s.view(seat)["talon_seen"]) == leftover) is look
        assert (set(s.view(seat)["talon_seen"]) == set()) is not look
    assert not leftover & set(str(s.view(None)))
    assert s.legal_actions(s.dealer)[0].kind == "play"


# -- docs/rules/piquet.md, « Carte blanche »: carte blanche ----------------------------------------------------------------------

def test_carte_blanche_scored_first_and_shown_after_the_adversary_discards() -> None:
    blanche = cards("AS 10S 8S 7S AH 9H 7H 10D 8D 7D 9C 7C")
    others = [c for c in piquet_deck() if c not in blanche]
    s = rig_dealt(others[:12], blanche, others[12:])
    assert s.view(None)["blanche"][s.dealer] and s.blanche[s.dealer] == 10
    assert s.view(s.elder)["blanche_shown"] == [None, None]
    assert {"type": "blanche", "seat": s.dealer} in s.events
    s = act(s, "exchange:5", *[f"discard:{c.code}" for c in s.hands[s.elder][:5]])
    shown = s.view(None)["blanche_shown"][s.dealer]
    assert sorted(shown) == sorted(c.code for c in blanche)
    s = act(s, "exchange:3", *[f"discard:{c.code}" for c in s.hands[s.dealer][:3]])
    lines = s.view(None)["deal_lines"]
    assert lines["blanche"][s.dealer] == 10 and s.pts[s.dealer] >= 10


def test_second_blanche_is_an_option() -> None:
    blanche = cards("AS 10S 8S 7S AH 9H 7H 10D 8D 7D 9C 7C")
    others = [c for c in piquet_deck() if c not in blanche]
    talon = [c for c in others if c.rank not in ("K", "Q", "J")][:5]
    rest = [c for c in others if c not in talon]
    for opt, expected in ((False, 10), (True, 20)):
        s = rig_dealt(blanche, rest[:12], [*talon, *rest[12:]], {"second_blanche": opt})
        s = act(s, "exchange:5", *[f"discard:{c.code}" for c in blanche[:5]])
        assert s.blanche[s.elder] == expected
    # a hand that becomes blanche only by the exchange scores nothing
    king = cards("KS")[0]
    dealt = [*blanche[:11], king]
    talon2 = [blanche[11], *talon[:4]]
    rest2 = [c for c in piquet_deck() if c not in dealt and c not in talon2]
    s = rig_dealt(dealt, rest2[:12], [*talon2, *rest2[12:]], {"second_blanche": True})
    s = act(s, "exchange:1", "discard:KS")
    assert s.blanche[s.elder] == 0 and not any(c.rank in "KQJ" for c in s.hands[s.elder])


# -- docs/rules/piquet.md, « Pique and repique », « Play »: pique, play points, the cards --------------------------------------------------

def test_edge_06_younger_blanche_prevents_elder_repique_and_pique() -> None:
    e = cards("KH QH JH 10H KD QD JD 9D KC QC JC KS")
    y = cards("AS 10S 8S 7S AH 9H 7H 10D 8D 7D 9C 7C")
    others = [c for c in piquet_deck() if c not in e and c not in y]  # QS JS 9S 8H AD AC 10C 8C
    s = rig_dealt(e, y, others)
    s = act(s, "exchange:1", "discard:KS", "exchange:1", "discard:AS")  # both draw a plain card
    assert s.pts[s.elder] == 34 - 14 + 3 and s.pts[s.dealer] == 10  # kings now a trio
    s = finish_deal(s)
    last = s.history[-1]["lines"]
    assert last["repique"] == [0, 0] and last["pique"] == [0, 0]
    assert s.history[-1]["deltas"][s.history[-1]["elder"]] >= 30


def test_edge_07_pique_on_elders_third_lead_after_27() -> None:
    s = rig(E27, Y0)
    e, y = s.elder, s.dealer
    assert s.pts[e] == 27 and s.pts[y] == 0 and s.bonus == (None, None)
    s = act(s, "play:AS", "talon:leave", "play:9C", "play:KS", "play:9D")
    assert s.pts[e] == 29 and s.bonus[e] is None
    s = act(s, "play:QS")
    assert s.bonus[e] == "pique" and s.pts[e] == 30 + 30 and s.pique[e] == 30
    assert {"type": "pique", "seat": e} in s.events
    pique_90 = act(rig(E27, Y0, {"pique_90": True}), "play:AS", "talon:leave", "play:9C", "play:KS",
                   "play:9D", "play:QS")
    assert pique_90.pts[e] == 90


def test_edge_08_elder_16_and_capot_scores_69_without_pique() -> None:
    s = rig("AS KS QS JS 9S 7S AH KH QH 9H 8H 7H", "10S 8S JH 10H AD KD QD 9D AC KC QC 9C")
    e = s.elder
    assert s.pts == ((16, 0) if e == 0 else (0, 16))
    leads = iter("AS KS QS JS 9S 7S AH KH QH 9H 8H 7H".split())
    while s.deal_no == 0:
        s = act(s, f"play:{next(leads)}") if s.to_act() == e else finish_step(s)
    last = s.history[-1]
    assert last["tricks_won"][e] == 12 and last["capot"] == e
    assert last["lines"]["play"][e] == 12 + 1 and last["lines"]["pique"] == [0, 0]
    assert last["lines"]["cards"][e] == 40
    assert last["deltas"][e] == 16 + 13 + 40 == 69 and last["deltas"][1 - e] == 0


def test_edge_09_younger_wins_trick_one_no_pique_for_elder() -> None:
    s = rig(E27, Y0)
    e, y = s.elder, s.dealer
    s = act(s, "play:7D", "talon:leave", "play:9D")
    assert s.pts[y] == 1 and s.tricks_won[y] == 1
    s = finish_deal(s)
    last = s.history[-1]
    assert last["lines"]["pique"] == [0, 0] and last["deltas"][e] > 30


def test_edge_10_repique_and_pique_never_both() -> None:
    e = cards("KH QH JH 10H KD QD JD 9D KC QC JC KS")
    y = cards("AS 10S 8S 7S AH 9H 7H 10D 8D 7D 9C 7C")
    others = [c for c in piquet_deck() if c not in e and c not in y]
    s = rig_dealt(e, [*y[1:], cards("QS")[0]], [cards("8H")[0], y[0], *[c for c in others
                                                                         if c.code not in ("QS", "8H")]])
    s = act(s, "exchange:1", "discard:9D", "exchange:1", "discard:QS")
    assert s.bonus[s.elder] == "repique" and s.pts[s.elder] >= 90
    s = finish_deal(s)
    assert s.history[-1]["lines"]["repique"][s.history[-1]["elder"]] == 60
    assert s.history[-1]["lines"]["pique"] == [0, 0]
    for seed in range(25):
        for deal in random_partie(seed)[-1].history:
            lines = deal["lines"]
            assert sum(1 for k in ("repique", "pique") for v in lines[k] if v) <= 1


def test_play_points_cards_and_capot_match_the_tricks() -> None:
    for seed in range(12):
        s = PIQUET.new(2, seed)
        rng = random.Random(seed)
        tricks: list[dict] = []
        elder, declared = None, None
        while s.deal_no == 0:
            seat = s.to_act()
            assert seat is not None
            if s.phase is Phase.PLAY and declared is None:
                declared, elder = list(s.pts), s.elder
            legal = s.legal_actions(seat)
            assert len(legal) <= 12
            before = s.events
            s = s.apply(seat, legal[rng.randrange(len(legal))])
            tricks += [x for x in s.events if x["type"] == "trick" and not any(x is y for y in before)]
        assert len(tricks) == 12 and elder is not None
        play = [0, 0]
        won = [0, 0]
        for i, t in enumerate(tricks):
            (leader, led), (other, answer) = t["cards"]
            a, b = cards(f"{led} {answer}")
            order = ("7", "8", "9", "10", "J", "Q", "K", "A")
            winner = other if a.suit == b.suit and order.index(b.rank) > order.index(a.rank) else leader
            assert t["winner"] == winner
            play[leader] += 1
            play[winner] += winner != leader
            play[winner] += i == 11
            won[winner] += 1
        last = s.history[0]
        assert last["lines"]["play"] == play and last["tricks_won"] == won
        expected_cards = [40 if w == 12 else 10 if w > 6 else 0 for w in won]
        assert last["lines"]["cards"] == expected_cards


def test_edge_11_six_tricks_each_in_play_scores_nothing_for_the_cards() -> None:
    found = 0
    for seed in range(40):
        for deal in random_partie(seed)[-1].history:
            if deal["tricks_won"] == [6, 6]:
                assert deal["lines"]["cards"] == [0, 0]
                found += 1
            else:
                assert sum(deal["lines"]["cards"]) in (10, 40)
    assert found > 0


def test_must_follow_suit_when_able() -> None:
    s = rig(E27, Y0)
    led = act(s, "play:7D", "talon:leave")
    legal = {a.arg for a in led.legal_actions(led.dealer)}
    assert legal == {"KD", "QD", "JD", "10D", "9D"}
    with pytest.raises(IllegalAction) as err:
        act(led, "play:KC")
    assert "follow suit (Diamonds)" in str(err.value) and "fournir" in err.value.localized("fr")
    void = act(s, "play:AS", "talon:leave")  # younger void in spades: anything goes
    assert len(void.legal_actions(void.dealer)) == 12


def test_old_french_count_lets_younger_pique() -> None:
    e = "QC JS 10S 9S 8S QS 8D 7D AC KC JC 10C"
    y = "AH KH QH JH 10H 9H 7H AS AD KS KD 7S"  # point 7, sixieme, trios A and K: 29
    standard = rig(e, y)
    assert standard.pts[standard.dealer] == 29 and standard.pts[standard.elder] == 0
    standard = act(standard, "play:7D", "talon:leave", "play:AD")
    assert standard.pts[standard.elder] == 1 and standard.bonus == (None, None)
    old = act(rig(e, y, {"old_french": True}), "play:7D", "talon:leave", "play:AD")
    assert old.pts[old.elder] == 0 and old.bonus[old.dealer] == "pique"
    assert old.pts[old.dealer] == 30 + 30


def test_sinking_option_declarations_called_one_by_one() -> None:
    s = rig(E27, Y0, {"sinking": True})
    e, y = s.elder, s.dealer
    assert s.phase is Phase.DECLARE and s.to_act() == e
    assert [str(a) for a in s.legal_actions(e)] == ["declare:point", "sink:point"]
    s = act(s, "sink:point")
    assert s.to_act() == y and s.view(None)["calls"] == [{"seat": e, "kind": "point", "call": None}]
    s = act(s, "declare:point", "declare:sequence", "declare:sequence", "declare:sets", "declare:sets")
    assert s.phase is Phase.PLAY
    lines = s.view(None)["deal_lines"]
    assert lines["point"][y] == 5 and lines["point"][e] == 0  # younger's unopposed point scores
    assert s.pts[e] == 27 - 5 and s.pts[y] == 5


def test_sinking_younger_may_concede() -> None:
    s = rig(E27, Y0, {"sinking": True})
    s = act(s, "declare:point", "sink:point", "sink:sequence", "sink:sequence", "declare:sets", "sink:sets")
    assert s.pts[s.elder] == 5 + 3 and s.pts[s.dealer] == 0


def test_sets_by_rank_option_reaches_the_engine() -> None:
    e = "AS 10S 8S 7S AH 9H 7H AD 9D 8D 8C 7C"  # three aces
    y = "KS KH KD KC QS QH JD JC 9S 8H 7D 9C"  # four kings
    standard = rig(e, y)
    assert standard.view(None)["deal_lines"]["sets"][standard.dealer] == 14
    by_rank = rig(e, y, {"sets_by_rank": True})
    lines = by_rank.view(None)["deal_lines"]["sets"]
    assert lines[by_rank.elder] == 3 and lines[by_rank.dealer] == 0


# -- docs/rules/piquet.md, « The partie and the rubicon »: partie, rubicon, ties --------------------------------------------------------------

def _force_last_trick_totals(s: PiquetState, total: int) -> PiquetState:
    """Play to the last action of the current deal, then set totals so both end at ``total``."""
    deal = s.deal_no
    while True:
        seat = s.to_act()
        assert seat is not None
        nxt = s.apply(seat, s.legal_actions(seat)[0])
        if nxt.deal_no != deal or nxt.to_act() is None:
            break
        s = nxt
    deltas = nxt.history[-1]["deltas"]
    patched = s._clone()
    patched.totals = (total - deltas[0], total - deltas[1])
    return patched.apply(seat, s.legal_actions(seat)[0])


def test_edge_15_tie_after_six_deals_two_more_then_draw() -> None:
    s = PIQUET.new(2, 15)
    while s.deal_no < 5:
        s = finish_deal(s)
    s = _force_last_trick_totals(s, 150)
    assert s.totals == (150, 150) and s.planned == 8 and s.deal_no == 6 and s.to_act() is not None
    assert s.view(None)["deals"] == 8 and {"type": "tie", "deals": 8} in s.events
    assert s.dealer == s.history[0]["dealer"]  # each deals once more, in turn
    s = finish_deal(s)
    assert s.deal_no == 7 and s.to_act() is not None
    s = _force_last_trick_totals(s, 300)
    assert s.to_act() is None and s.phase is Phase.OVER
    out = s.outcome()
    assert out is not None and out.scores == (0.0, 0.0) and out.places == (0, 0)


def test_partie_ends_after_six_deals_with_rubicon_scores() -> None:
    s = random_partie(3)[-1]
    assert len(s.history) in (6, 8) and s.phase is Phase.OVER
    a, b = s.totals
    assert (a, b) == tuple(s.history[-1]["scores"])
    out = s.outcome()
    assert out is not None
    win = max(out.scores)
    low = min(a, b)
    assert win == (100 + abs(a - b) if low >= 100 else 100 + a + b)
    assert sum(out.scores) == 0 and out.scores[0 if a > b else 1] == win


# -- labels, summary, parsing -------------------------------------------------------------------------

def test_parse_labels_groups_and_summary() -> None:
    assert PIQUET.parse_action("Play: qh") == Action("play", "QH")
    assert PIQUET.parse_action("DISCARD:10s") == Action("discard", "10S")
    assert PIQUET.parse_action("talon:LOOK") == Action("talon", "look")
    for bad in ("play:2S", "play:T21", "exchange:x", "exchange:10", "talon:maybe", "declare:quint", "bid:1"):
        with pytest.raises(GameError):
            PIQUET.parse_action(bad)
    assert PIQUET.action_label(Action("play", "QH"), "fr") == "Dame de cœur"  # suits in words
    assert PIQUET.action_label(Action("exchange", "5"), "en") == "Exchange 5 cards"
    assert PIQUET.action_label(Action("sink", "point"), "fr") == "Taire le point"
    assert PIQUET.action_group(Action("discard", "QH"), "fr") == "Cœur"
    assert PIQUET.action_group(Action("exchange", "5")) == "Autres choix"
    for locale in ("fr", "en"):
        pages = PIQUET.rules_summary(locale)
        assert 3 <= len(pages) <= 5 and all(len(p) < 2000 for p in pages)
    assert "rubicon" in " ".join(PIQUET.rules_summary("fr")).lower()
