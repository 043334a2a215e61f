"""Tarot rules (docs/rules/tarot.md, « The deal », « Bidding », « Chien and écart », « Poignées », « Trick play ») and the edge cases of « Cases the tests pin », each in its own test."""

from __future__ import annotations

import random

import pytest

from games.base import Action
from games.cards import card, cards, sort_key
from games.errors import IllegalAction, InvalidAction, NotYourTurn
from games.rng import deal_rng
from games.tarot import TAROT
from games.tarot.announce import available_levels, shown_cards, thresholds, validate
from games.tarot.deal import deal_cards, is_petit_sec
from games.tarot.deck import DECK, TOTAL_HALVES
from games.tarot.play import playable
from games.tarot.state import Phase, TarotState
from tests.games.tarot_helpers import act, endgame, give, play_random, to_chien

PETIT_SEC_SEED = 234  # the first deal of this seed has a petit sec (found by search)


def fresh(players: int = 4, seed: int | str = 7, **options: object) -> TarotState:
    state = TAROT.new(players, seed, {"deals": 1, **options})
    assert state.phase is Phase.BIDDING
    return state


def codes(text: str) -> list[str]:
    return [c.code for c in cards(text)]


def plays(state: TarotState) -> list[str]:
    seat = state.to_act()
    assert seat is not None
    return [a.arg for a in state.legal_actions(seat) if a.kind == "play"]


# --- « Cards and their points » / « The deal » deck and deal -----------------------------------------------------------------------


def test_deck_has_78_cards_and_91_points() -> None:
    assert len(DECK) == 78 and len(set(DECK)) == 78 and TOTAL_HALVES == 182


@pytest.mark.parametrize(("players", "each", "chien"), [(3, 24, 6), (4, 18, 6), (5, 15, 3)])
def test_deal_sizes_and_chien_never_first_or_last_card(players: int, each: int, chien: int) -> None:
    for n in range(50):
        rng = deal_rng("d", n)
        hands, dog = deal_cards(rng, players)
        assert [len(h) for h in hands] == [each] * players and len(dog) == chien
        assert len({c for h in hands for c in h} | set(dog)) == 78
        # replay the same shuffle: the first card goes to the first player, the last to the dealer
        from games.tarot.deal import shuffled
        pack = shuffled(deal_rng("d", n))
        assert pack[0] in hands[0] and pack[-1] in hands[-1]


def test_hands_are_sorted_for_display() -> None:
    state = fresh()
    for hand in state.hands:
        assert list(hand) == sorted(hand, key=sort_key)


def test_play_runs_counter_clockwise_from_dealers_right() -> None:
    state = fresh()
    first = (state.dealer + 1) % 4
    assert state.to_act() == first
    state = act(state, "pass")
    assert state.to_act() == (first + 1) % 4


def test_same_seed_same_deal_and_dealer_rotates() -> None:
    a, b = fresh(seed="x"), fresh(seed="x")
    assert a.hands == b.hands and a.chien == b.chien
    state = TAROT.new(4, 3, {"deals": 2})
    dealer = state.dealer
    state = play_random(state, random.Random(0), until=lambda s: s.deal_no == 1)
    assert state.dealer != dealer


def test_edge_1_petit_sec_voids_the_deal_and_next_dealer_deals() -> None:
    """docs/rules/tarot.md, « Cases the tests pin » #1: Petit alone -> void deal, the next dealer deals; Petit + Excuse is not sec."""
    assert is_petit_sec(cards("T1 KH 2S"))
    assert not is_petit_sec(cards("T1 EX 2S"))
    assert not is_petit_sec(cards("T1 T2 2S"))
    state = TAROT.new(4, PETIT_SEC_SEED)
    events = [e for e in state.events if isinstance(e, dict)]
    sec = next(e for e in events if e["type"] == "petit_sec")
    first_dealer = events[0]["dealer"]
    assert sec["dealer"] == first_dealer and state.dealer == (first_dealer + 1) % 4
    assert state.deal_no == 0 and state.shuffle_no >= 2
    assert not any(is_petit_sec(h) for h in state.hands)


def test_edge_2_four_passes_next_dealer_redeals() -> None:
    """docs/rules/tarot.md, « Cases the tests pin » #2: all pass -> the player on the dealer's right deals; the deal does not count."""
    state = fresh()
    dealer, hands = state.dealer, state.hands
    state = act(state, "pass", "pass", "pass", "pass")
    assert state.dealer == (dealer + 1) % 4 and state.phase is Phase.BIDDING
    assert state.deal_no == 0 and state.hands != hands
    assert state.to_act() == (dealer + 2) % 4
    assert any(isinstance(e, dict) and e["type"] == "all_pass" for e in state.events)


# --- « Bidding » bidding ------------------------------------------------------------------------------------


def test_edge_3_bid_must_exceed_and_each_player_speaks_once() -> None:
    """docs/rules/tarot.md, « Cases the tests pin » #3."""
    state = fresh()
    first = state.to_act()
    state = act(state, "bid:garde")
    with pytest.raises(IllegalAction):
        act(state, "bid:prise")
    with pytest.raises(IllegalAction):
        act(state, "bid:garde")
    with pytest.raises(NotYourTurn):
        state.apply(first, Action("bid", "garde_sans"))  # second bid by the same player
    assert [a.arg for a in state.legal_actions(state.to_act())] == ["", "garde_sans", "garde_contre"]
    state = act(state, "bid:garde_sans", "pass", "pass")
    assert state.contract == "garde_sans" and state.taker == (first + 1) % 4
    assert state.phase is Phase.ANNOUNCE  # garde sans: no chien to take


def test_bid_aliases_parse() -> None:
    assert TAROT.parse_action("bid:Petite") == Action("bid", "prise")
    assert TAROT.parse_action("PASS") == Action("pass")
    with pytest.raises(InvalidAction):
        TAROT.parse_action("bid:misere")


# --- « Chien and écart » chien and écart ----------------------------------------------------------------------------


def test_prise_chien_shown_taken_and_ecart_one_by_one() -> None:
    state = act(fresh(), "bid:prise", "pass", "pass", "pass")
    taker = state.taker
    assert state.phase is Phase.ECART and state.pending_picks(taker) == 6
    assert len(state.hands[taker]) == 24
    assert state.view(None)["chien"] == [c.code for c in state.chien]
    for left in range(6, 0, -1):
        assert state.pending_picks(taker) == left
        legal = state.legal_actions(taker)
        assert legal and all(a.kind == "discard" for a in legal) and len(legal) <= 25
        state = state.apply(taker, legal[0])
    assert state.phase is Phase.ANNOUNCE and len(state.hands[taker]) == 18 and len(state.ecart) == 6
    assert state.pending_picks(taker) == 0


def test_edge_4_ecart_refuses_kings_and_bouts_trumps_only_when_forced() -> None:
    """docs/rules/tarot.md, « Cases the tests pin » #4."""
    state = fresh()
    taker = state.to_act()
    give(state, taker, "KS KH T21 EX T1 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 2S 3S")
    to_chien(state, "KD KC T16 T17 QH 4H")
    state = act(state, "bid:garde", "pass", "pass", "pass")
    trumps = {f"T{v}" for v in range(5, 18)}
    legal = {a.arg for a in state.legal_actions(taker)}
    assert legal == {"2S", "3S", "QH", "4H"} | trumps  # 4 plain cards for 6 places: 2 trumps needed
    for bad in ("KS", "KD", "T21", "EX", "T1"):
        with pytest.raises(IllegalAction, match="Kings and bouts"):
            act(state, f"discard:{bad}")
    state = act(state, "discard:T5", "discard:T6")
    legal = {a.arg for a in state.legal_actions(taker)}
    assert legal == {"2S", "3S", "QH", "4H"}  # now every plain card must go: no more trumps
    with pytest.raises(IllegalAction, match="Trumps"):
        act(state, "discard:T7")
    state = act(state, "discard:2S", "discard:3S", "discard:QH", "discard:4H")
    assert state.view(None)["ecart_trumps"] == ["T5", "T6"]
    ecart_event = next(e for e in state.events if isinstance(e, dict) and e["type"] == "ecart")
    assert ecart_event["trumps"] == ["T5", "T6"]


def test_trump_allowed_before_plain_cards_run_out_when_too_few() -> None:
    state = fresh()
    taker = state.to_act()
    give(state, taker, "KS KH KD KC T21 EX T1 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 2S")
    to_chien(state, "T15 T16 T17 T18 T19 T20")
    state = act(state, "bid:garde", "pass", "pass", "pass")
    state = act(state, "discard:T5")  # one plain card for six places: trumps are allowed now
    assert {a.arg for a in state.legal_actions(taker)} >= {"2S", "T6"}


def test_edge_5_garde_sans_21_in_chien_counts_for_taker() -> None:
    """docs/rules/tarot.md, « Cases the tests pin » #5: the taker counts a bout he never held."""
    state = fresh(seed=11)
    taker = state.to_act()
    to_chien(state, "T21")
    state = act(state, "bid:garde_sans", "pass", "pass", "pass", "no_chelem")
    assert "chien" not in state.view(taker) or state.view(taker)["chien"] is None
    final = play_random(state, random.Random(2))
    attack_bouts_in_tricks = final.attack_bouts
    assert final.last_deal["bouts"] == attack_bouts_in_tricks + 1


def test_garde_contre_chien_counts_for_defence() -> None:
    state = fresh(seed=12)
    state = act(state, "bid:garde_contre", "pass", "pass", "pass", "no_chelem")
    chien_halves = sum(h for h in (__import__("games.tarot.deck", fromlist=["HALVES"]).HALVES[c]
                                   for c in state.chien))
    final = play_random(state, random.Random(3))
    assert final.last_deal["points"] * 2 == final.side_halves[0]
    assert final.side_halves[0] + final.side_halves[1] + chien_halves == TOTAL_HALVES


# --- « Chien and écart » five players: the call --------------------------------------------------------------------


def test_five_players_call_a_king_and_partner_is_its_holder() -> None:
    state = fresh(players=5, seed=21)
    state = act(state, "bid:garde", "pass", "pass", "pass", "pass")
    assert state.phase is Phase.CALL
    assert [a.arg for a in state.legal_actions(state.taker)] == ["KS", "KH", "KC", "KD"]
    holder = next(s for s in range(5) if card("KH") in state.hands[s])
    state = act(state, "call:KH")
    assert state.called == card("KH")
    assert state.partner == (None if holder == state.taker else holder)


def test_edge_20_four_kings_call_a_dame_and_first_lead_restriction() -> None:
    """docs/rules/tarot.md, « Cases the tests pin » #20: holding the four Kings, call a Dame; trick 1 may not be led in the called
    suit except with the called card."""
    state = fresh(players=5, seed=22)
    leader = state.to_act()
    taker = (leader + 1) % 5
    give(state, taker, "KS KH KD KC")
    give(state, leader, [c for c in state.hands[leader] if c.suit != "H"][:13] + cards("2H 3H"))
    state = act(state, "pass", "bid:garde_sans", "pass", "pass", "pass")
    assert [a.arg for a in state.legal_actions(taker)] == ["QS", "QH", "QC", "QD"]
    state = act(state, "call:QH", "no_chelem")
    assert state.to_act() == leader and state.partner != leader
    legal = plays(state)
    assert "2H" not in legal and "3H" not in legal and legal
    with pytest.raises(IllegalAction, match="called suit"):
        act(state, "play:2H")


def test_called_card_may_lead_trick_one() -> None:
    state = fresh(players=5, seed=23)
    leader = (state.dealer + 1) % 5
    taker = (leader + 1) % 5
    give(state, leader, [c for c in state.hands[leader] if c.suit != "H"][:12] + cards("KH 2H 3H"))
    state = act(state, "pass", "bid:garde_sans", "pass", "pass", "pass", "call:KH", "no_chelem")
    assert state.taker == taker and state.partner == leader
    assert "KH" in plays(state) and "2H" not in plays(state)


def test_edge_19_called_king_in_chien_plays_alone() -> None:
    """docs/rules/tarot.md, « Cases the tests pin » #19: called King in the chien -> 1 against 4, taker x4; shown at once with a
    Garde, discovered at the end with a Garde sans."""
    for contract, seed in (("garde", 31), ("garde_sans", 32)):
        state = fresh(players=5, seed=seed)
        taker = state.to_act()
        to_chien(state, "KD")
        state = act(state, f"bid:{contract}", "pass", "pass", "pass", "pass", "call:KD")
        assert state.partner is None
        public = state.view(None)["contract"]
        if contract == "garde":
            assert public["partner"] == taker  # known: he plays alone
            state = play_random(state, random.Random(1), until=lambda s: s.phase is Phase.PLAY)
        else:
            assert public["partner"] is None  # nobody knows yet
        final = play_random(state, random.Random(1))
        last = final.last_deal
        assert last["partner"] is None and last["deltas"][taker] == 4 * last["unit"]
        assert all(last["deltas"][s] == -last["unit"] for s in range(5) if s != taker)


def test_self_call_plays_alone() -> None:
    state = fresh(players=5, seed=33)
    taker = state.to_act()
    give(state, taker, "KS")
    state = act(state, "bid:garde_sans", "pass", "pass", "pass", "pass", "call:KS")
    assert state.partner is None and state.view(None)["contract"]["partner"] is None
    final = play_random(state, random.Random(4))
    assert final.last_deal["deltas"][taker] == 4 * final.last_deal["unit"]


# --- « Poignées » announcements -------------------------------------------------------------------------------


def test_edge_11_chelem_announcer_leads_first_trick() -> None:
    """docs/rules/tarot.md, « Cases the tests pin » #11."""
    state = fresh()
    dealer = state.dealer
    state = act(state, "pass", "bid:garde_sans", "pass", "pass")
    taker = state.taker
    assert taker != (dealer + 1) % 4
    state = act(state, "chelem")
    assert state.chelem_announced and state.to_act() == taker and state.phase is Phase.PLAY


def test_without_chelem_dealers_right_leads() -> None:
    state = act(fresh(), "pass", "bid:garde_sans", "pass", "pass", "no_chelem")
    assert state.to_act() == (state.dealer + 1) % 4


@pytest.mark.parametrize(("players", "limits"), [(3, (13, 15, 18)), (4, (10, 13, 15)), (5, (8, 10, 13))])
def test_poignee_thresholds(players: int, limits: tuple[int, int, int]) -> None:
    assert thresholds(players) == limits
    assert thresholds(5, five_player_triple_15=True) == (8, 10, 15)


def test_edge_16_poignee_with_excuse_while_holding_another_trump_is_rejected() -> None:
    """docs/rules/tarot.md, « Cases the tests pin » #16."""
    held = cards("T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 EX")
    with pytest.raises(IllegalAction):
        validate(held, cards("T2 T3 T4 T5 T6 T7 T8 T9 T10 EX"), (10, 13, 15))
    assert validate(held, cards("T2 T3 T4 T5 T6 T7 T8 T9 T10 T11"), (10, 13, 15)) == "simple"
    assert validate(cards("T2 T3 T4 T5 T6 T7 T8 T9 T10 EX"), cards("T2 T3 T4 T5 T6 T7 T8 T9 T10 EX"),
                    (10, 13, 15)) == "simple"
    for bad in ("T2 T3", "T2 T3 T4 T5 T6 T7 T8 T9 T10 T10", "T2 T3 T4 T5 T6 T7 T8 T9 T10 T12"):
        with pytest.raises(IllegalAction):
            validate(held, [card(c) for c in bad.split()], (10, 13, 15))
    # the engine never shows the Excuse when a trump could be shown instead
    assert card("EX") not in shown_cards(held[:-1], [], True, 10)


def test_edge_17_eleven_trumps_simple_only_twelve_plus_excuse_double() -> None:
    """docs/rules/tarot.md, « Cases the tests pin » #17."""
    assert available_levels(11, False, (10, 13, 15)) == ("simple",)
    assert available_levels(11, True, (10, 13, 15)) == ("simple",)
    assert available_levels(12, True, (10, 13, 15)) == ("simple", "double")
    shown = shown_cards([card(f"T{v}") for v in range(2, 14)], [], True, 13)
    assert len(shown) == 13 and shown[-1] == card("EX")


def test_poignee_declared_just_before_first_card_shows_lowest_trumps() -> None:
    state = fresh()
    seat = (state.dealer + 1) % 4
    give(state, seat, "T1 T21 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 KS")
    state = act(state, "bid:garde_sans", "pass", "pass", "pass", "no_chelem")
    legal = state.legal_actions(seat)
    assert Action("poignee", "simple") in legal and Action("poignee", "double") not in legal
    state = act(state, "poignee:simple")
    shown = state.view(None)["poignees"][0]
    assert shown["seat"] == seat and shown["level"] == "simple"
    assert shown["cards"] == codes("T11 T10 T9 T8 T7 T6 T5 T4 T3 T2")  # 21 and Petit stay hidden
    assert state.to_act() == seat and all(a.kind == "play" for a in state.legal_actions(seat))
    state = act(state, f"play:{plays(state)[0]}")
    while state.to_act() != seat:
        state = act(state, f"play:{plays(state)[0]}")
    assert all(a.kind == "play" for a in state.legal_actions(seat))  # too late now


def test_taker_shows_ecart_trumps_again_in_poignee() -> None:
    state = fresh()
    taker = state.to_act()
    give(state, taker, "KS KH KD KC T21 EX T1 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 2S")
    to_chien(state, "T15 T16 T17 T18 T19 T20")
    state = act(state, "bid:garde", "pass", "pass", "pass", "discard:2S")
    for _ in range(5):
        state = act(state, f"discard:{state.legal_actions(taker)[0].arg}")
    ecart_trumps = [c for c in state.ecart if c.is_trump]
    assert len(ecart_trumps) == 5
    state = act(state, "no_chelem")
    state = play_random(state, random.Random(0), until=lambda s: s.to_act() == taker)
    assert Action("poignee", "triple") in state.legal_actions(taker)
    state = act(state, "poignee:triple")
    shown = cards(state.view(None)["poignees"][0]["cards"])
    assert set(ecart_trumps) <= set(shown) and len(shown) == 15


def test_poignee_5p_option_changes_triple() -> None:
    state = fresh(players=5, seed=41, poignee_5p_triple_15=True)
    assert state._limits() == (8, 10, 15)
    assert fresh(players=5, seed=41)._limits() == (8, 10, 13)


# --- « Trick play » trick play ------------------------------------------------------------------------------------


def test_follow_suit_else_trump_else_anything() -> None:
    hand = tuple(sorted(cards("2H 5H KS T3 T9 EX"), key=sort_key))
    assert {c.code for c in playable(hand, cards("7H"))} == {"2H", "5H", "EX"}
    assert {c.code for c in playable(hand, cards("7D"))} == {"T3", "T9", "EX"}
    no_trump = tuple(sorted(cards("2H 5H KS"), key=sort_key))
    assert {c.code for c in playable(no_trump, cards("7D"))} == {"2H", "5H", "KS"}


def test_edge_6_trump_lead_must_go_higher_if_able() -> None:
    """docs/rules/tarot.md, « Cases the tests pin » #6: trump 15 led; 12 and 18 -> must play 18; only 3 and 7 -> either."""
    assert {c.code for c in playable(tuple(cards("T12 T18")), cards("T15"))} == {"T18"}
    assert {c.code for c in playable(tuple(cards("T3 T7")), cards("T15"))} == {"T3", "T7"}
    state = endgame(4, {0: "T15 2S", 1: "T12 T18", 2: "3S 4S", 3: "5S 6S"}, taker=0, leader=0)
    state = act(state, "play:T15")
    assert plays(state) == ["T18"]
    with pytest.raises(IllegalAction, match="higher"):
        act(state, "play:T12")


def test_edge_7_void_must_overtrump_even_over_partner() -> None:
    """docs/rules/tarot.md, « Cases the tests pin » #7: suit led, void, 19 already played by a partner, holding 20 -> must play 20."""
    hand = tuple(sorted(cards("T5 T20 2C"), key=sort_key))
    assert {c.code for c in playable(hand, cards("KH T19"))} == {"T20"}
    state = endgame(5, {0: "KH 2S", 1: "T19 3S", 2: "T5 T20", 3: "4S 5S", 4: "6S 7S"}, taker=1, partner=2,
                    leader=0)
    state = act(state, "play:KH", "play:T19")
    assert plays(state) == ["T20"]


def test_undertrump_when_unable_to_overtrump() -> None:
    assert {c.code for c in playable(tuple(cards("T3 T5 2C")), cards("KH T19"))} == {"T3", "T5"}


def test_edge_8_excuse_led_then_trump_sets_trumps() -> None:
    """docs/rules/tarot.md, « Cases the tests pin » #8: the Excuse led, then a trump: everyone must trump and over-trump."""
    assert {c.code for c in playable(tuple(cards("T4 T10 2H")), cards("EX T8"))} == {"T10"}
    assert {c.code for c in playable(tuple(cards("2H 3H")), cards("EX"))} == {"2H", "3H"}
    state = endgame(4, {0: "EX 2S", 1: "T8 3S", 2: "T4 T10", 3: "4S KH"}, taker=0, leader=0)
    state = act(state, "play:EX", "play:T8")
    assert plays(state) == ["T10"]


def test_excuse_always_playable_and_never_wins() -> None:
    assert "EX" in {c.code for c in playable(tuple(sorted(cards("2H EX T5"), key=sort_key)), cards("KH"))}
    state = endgame(4, {0: "KH 2S", 1: "EX 3S", 2: "2H 4S", 3: "3H 5S"}, taker=1, leader=0)
    state = act(state, "play:KH", "play:EX", "play:2H", "play:3H")
    assert state.last_trick[2] == 0


def test_edge_9_excuse_on_last_trick_goes_to_trick_winner() -> None:
    """docs/rules/tarot.md, « Cases the tests pin » #9: a defender's Excuse on the last trick, won by the taker, counts for the taker."""
    state = endgame(4, {0: "T21", 1: "EX", 2: "2H", 3: "3H"}, taker=0, leader=0,
                    side_tricks=(10, 7), side_halves=(80, 84), attack_bouts=0)
    state = act(state, "play:T21", "play:EX", "play:2H", "play:3H")
    last = state.last_deal
    assert last["bouts"] == 2 and last["points"] == (80 + 9 + 9 + 1 + 1) / 2


def test_excuse_last_trick_option_changes_camp() -> None:
    """Default (seed 003): the Excuse on the last trick goes to the side winning it; with the FFT
    wording option it goes to the other side than its owner's."""
    hands = {0: "2H", 1: "EX", 2: "T21", 3: "3H"}  # defenders 1 and 2: the defence wins the last trick
    default = endgame(4, hands, taker=0, leader=0, side_tricks=(10, 7), side_halves=(80, 83))
    default = act(default, "play:2H", "play:EX", "play:T21", "play:3H")
    assert default.last_deal["bouts"] == 0 and default.last_deal["points"] == 40
    option = endgame(4, hands, taker=0, leader=0, side_tricks=(10, 7), side_halves=(80, 83),
                     options={"excuse_last_changes_camp": True})
    option = act(option, "play:2H", "play:EX", "play:T21", "play:3H")
    assert option.last_deal["bouts"] == 1 and option.last_deal["points"] == (80 + 9) / 2


def test_excuse_mid_deal_exchange_keeps_four_gives_half() -> None:
    state = endgame(4, {0: "KH 2S", 1: "EX 3S", 2: "2H 4S", 3: "3H 5S"}, taker=0, leader=0,
                    side_tricks=(3, 13), side_halves=(10, 20))
    state = act(state, "play:KH", "play:EX", "play:2H", "play:3H")
    assert state.side_halves == (10 + 9 + 1 + 1 + 1, 20 + 8)
    assert state.excuse_pending is None
    event = next(e for e in state.events if isinstance(e, dict) and e["type"] == "excuse_exchange")
    assert event == {"type": "excuse_exchange", "owner": 1, "to": 0, "deferred": False}


def test_edge_10_excuse_exchange_deferred_until_owner_side_wins_a_trick() -> None:
    """docs/rules/tarot.md, « Cases the tests pin » #10: the owner's side has no trick yet: the exchange waits for its first trick."""
    state = endgame(4, {0: "KH T21 2S", 1: "EX 3S 4D", 2: "2H 4S 5D", 3: "3H 5S 6D"}, taker=0, leader=0)
    state = act(state, "play:KH", "play:EX", "play:2H", "play:3H")
    assert state.excuse_pending == 1 and state.view(None)["excuse_pending"] == 1
    assert state.side_halves == (9 + 1 + 1 + 1, 8)
    state = act(state, "play:2S", "play:3S", "play:4S", "play:5S")  # 5S wins: the defence
    assert state.excuse_pending is None
    assert any(isinstance(e, dict) and e["type"] == "excuse_exchange" and e["deferred"] for e in state.events)


def test_excuse_from_ecart_option_settles_at_once() -> None:
    state = endgame(4, {0: "EX T21 2S", 1: "KH 3S 4D", 2: "2H 4S 5D", 3: "3H 5S 6D"}, taker=0, leader=1,
                    options={"excuse_from_ecart": True})
    state.ecart = tuple(cards("2D 3D 4C 5C 6C 7C"))
    state = act(state, "play:KH", "play:2H", "play:3H", "play:EX")
    assert state.excuse_pending is None
    plain = endgame(4, {0: "EX T21 2S", 1: "KH 3S 4D", 2: "2H 4S 5D", 3: "3H 5S 6D"}, taker=0, leader=1)
    plain.ecart = tuple(cards("2D 3D 4C 5C 6C 7C"))
    plain = act(plain, "play:KH", "play:2H", "play:3H", "play:EX")
    assert plain.excuse_pending == 0  # never from the écart by default


def test_edge_14_petit_au_bout_played_by_taker_won_by_defence() -> None:
    """docs/rules/tarot.md, « Cases the tests pin » #14: the defence takes the last trick holding the Petit: 10 x mult for it."""
    state = endgame(4, {0: "T1", 1: "T5", 2: "2H", 3: "3H"}, taker=0, contract="garde", leader=0,
                    side_tricks=(10, 7), side_halves=(100, 78))
    state = act(state, "play:T1", "play:T5", "play:2H", "play:3H")
    assert state.last_deal["petit_au_bout"] == "defence" and state.last_deal["petit_points"] == -20


def test_edge_15_chelem_excuse_led_last_petit_penultimate_counts_au_bout() -> None:
    """docs/rules/tarot.md, « Cases the tests pin » #15: the attack won every trick, plays the Petit on trick 17 and leads the Excuse
    to trick 18: the Excuse wins and the Petit counts au bout."""
    state = endgame(4, {0: "T1 EX", 1: "2H 3H", 2: "4H 5H", 3: "6H 7H"}, taker=0, contract="garde",
                    leader=0, side_tricks=(16, 0), side_halves=(182 - 9 - 9 - 6, 0), attack_bouts=1,
                    chelem_announced=True)
    state = act(state, "play:T1", "play:2H", "play:4H", "play:6H")
    assert state.last_trick[2] == 0
    state = act(state, "play:EX", "play:3H", "play:5H", "play:7H")
    last = state.last_deal
    assert last["chelem"] == "attack" and last["petit_au_bout"] == "attack"
    assert last["points"] == 91 and last["bouts"] == 3
    assert last["chelem_points"] == 400 and last["petit_points"] == 20


def test_chelem_without_excuse_leaves_it_to_defence_87() -> None:
    """The attack takes every trick but the defence played its Excuse earlier: the Excuse stays
    with the defence and counts 4, the attack 87 (exchange never possible)."""
    state = endgame(4, {0: "T20 T21", 1: "EX 4H", 2: "2H 5H", 3: "3H 6H"}, taker=0, leader=0,
                    side_tricks=(16, 0), side_halves=(182 - 9 - 9 - 1 - 1 - 1 - 1 - 1 - 1, 0), attack_bouts=0)
    state = act(state, "play:T20", "play:EX", "play:2H", "play:3H")
    assert state.excuse_pending == 1
    state = act(state, "play:T21", "play:4H", "play:5H", "play:6H")
    assert state.last_deal["chelem"] == "attack" and state.last_deal["points"] == 87
    assert state.last_deal["bouts"] == 1


def test_excuse_led_last_without_previous_tricks_does_not_win() -> None:
    state = endgame(4, {0: "EX", 1: "2H", 2: "4H", 3: "6H"}, taker=0, leader=0, side_tricks=(16, 1),
                    side_halves=(150, 20))
    state = act(state, "play:EX", "play:2H", "play:4H", "play:6H")
    assert state.last_trick[2] == 3


# --- match ------------------------------------------------------------------------------------------------


def test_default_deals_is_one_per_seat_and_option_overrides() -> None:
    assert TAROT.new(5, 1).deals == 5 and TAROT.new(3, 1).deals == 3
    state = play_random(TAROT.new(4, 2, {"deals": 2}), random.Random(9))
    assert state.deal_no == 2 and state.outcome() is not None


def test_five_seated_four_playing_dealer_sits_out() -> None:
    state = TAROT.new(5, 5, {"five_seated_four_playing": True, "deals": 2})
    assert len(state.active) == 4 and state.dealer not in state.active
    assert state.hands[state.dealer] == () and all(len(state.hands[s]) == 18 for s in state.active)
    dealer = state.dealer
    state = play_random(state, random.Random(5), until=lambda s: s.deal_no == 1)
    assert state.last_deal["deltas"][dealer] == 0 and sum(state.last_deal["deltas"]) == 0
    with pytest.raises(Exception, match="5"):
        TAROT.new(4, 5, {"five_seated_four_playing": True})


def test_replay_from_log_is_identical() -> None:
    state = play_random(TAROT.new(5, "replay"), random.Random(3),
                        until=lambda s: s.deal_no == 1 and s.phase is Phase.PLAY and s.trick_no == 4)
    loaded = TAROT.load(state.to_json())
    assert loaded.to_json() == state.to_json() and loaded.view(2) == state.view(2)


def test_fast_legal_plays_match_the_plain_rule() -> None:
    """The engine's bisection-based legal plays equal the plain statement of the rule."""
    from games.tarot.deck import PLAY, sort_hand
    from games.tarot.play import playable_actions

    rng = random.Random(0)
    for _ in range(20_000):
        dealt = rng.sample(DECK, 24)
        hand = sort_hand(dealt[:rng.randrange(1, 19)])
        trick = tuple(dealt[18:18 + rng.randrange(0, 5)])
        assert playable_actions(hand, trick, PLAY) == [PLAY[c] for c in playable(hand, trick)]


def test_excuse_led_last_wins_for_a_defence_that_took_everything() -> None:
    """docs/rules/tarot.md, « Defaults and options » #8: the Excuse-last exception holds for any side that won every trick so far."""
    state = endgame(4, {0: "2H", 1: "EX", 2: "4H", 3: "6H"}, taker=0, leader=1, side_tricks=(0, 17),
                    side_halves=(0, 182 - 9 - 3))
    state = act(state, "play:EX", "play:4H", "play:6H", "play:2H")
    assert state.last_trick[2] == 1
    assert state.last_deal["chelem"] == "defence" and state.last_deal["chelem_points"] == -200


@pytest.mark.parametrize(("players", "scores", "actions"), [
    (3, (24, -540, 516), 228), (4, (-2278, 1858, 1858, -1438), 308),
    (5, (1618, -1116, 488, 2558, -3548), 410)])
def test_golden_random_matches(players: int, scores: tuple[int, ...], actions: int) -> None:
    """Seeded random matches end with these exact scores: deals, rules and scoring are stable
    (update the figures only for a deliberate rule or dealing change)."""
    state = play_random(TAROT.new(players, "golden"), random.Random(players))
    assert state.scores == scores and state.rev == actions
    assert TAROT.load(state.to_json()).scores == scores


def test_ecart_multi_pick_in_display_order_applies_any_valid_ecart() -> None:
    """A whole écart picked at once applies in display order (plain cards, then trumps)."""
    state = fresh()
    taker = state.to_act()
    give(state, taker, "KS KH T21 EX T1 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 2S 3S")
    to_chien(state, "KD KC T16 T17 QH 4H")
    state = act(state, "bid:garde", "pass", "pass", "pass")
    picks = sorted((card(c) for c in ("T9", "4H", "2S", "T12", "QH", "3S")), key=sort_key)
    for c in picks:
        state = act(state, f"discard:{c.code}")
    assert state.phase is Phase.ANNOUNCE
    bad = act(fresh(), "bid:prise", "pass", "pass", "pass")
    before = bad.to_json()
    with pytest.raises(IllegalAction):
        tmp = bad
        for c in sorted(bad.hands[bad.taker], key=lambda c: -c.value)[:6]:  # kings first: refused
            tmp = act(tmp, f"discard:{c.code}")
    assert bad.to_json() == before
