"""Tresillo deal, rotation, alcalde, auction and declaration (docs/rules/tresillo.md, « Cards, seats and direction », « The deal », « Bidding »); edge cases 17, 19."""

from __future__ import annotations

import pytest

from games.cards import spanish_deck
from games.errors import GameError, IllegalAction, NotYourTurn
from games.rng import deal_rng
from games.tresillo import TRESILLO
from tests.games.test_tresillo_support import act, legal, rig


@pytest.mark.parametrize("seats", [3, 4])
def test_deal_nine_each_by_threes_from_mano_and_thirteen_in_the_talon(seats: int) -> None:
    st = TRESILLO.new(seats, 42)
    deck = spanish_deck()
    deal_rng(42, 0).shuffle(deck)
    assert st.active[0] == 1  # mano is on the dealer's (seat 0) right
    for i, seat in enumerate(st.active):
        packets = deck[3 * i:3 * i + 3] + deck[9 + 3 * i:12 + 3 * i] + deck[18 + 3 * i:21 + 3 * i]
        assert sorted(st.view(seat)["hand"]) == sorted(c.code for c in packets)
    assert list(st.talon) == deck[27:] and len(st.talon) == 13
    view = st.view(None)
    assert view["dealer"] == 0 and view["mano"] == 1 and view["talon"] == 13
    if seats == 4:
        assert st.view(0)["hand"] == [] and view["alcalde"] == 0 and st.active == (1, 2, 3)
        assert view["phase"] == "bet" and st.to_act() == 0
    else:
        assert st.active == (1, 2, 0) and view["alcalde"] is None  # the dealer plays, speaking last
        assert view["phase"] == "bid" and st.to_act() == 1


def test_edge_17_all_pass_annuls_the_deal_and_the_next_dealer_deals() -> None:
    """docs/rules/tresillo.md, « Bidding », « Defaults and options » #3 and #17: no payment, no bet settlement, the next dealer redeals and
    the annulled deal is not one of the match's deals (more in test_tresillo_all_pass.py)."""
    st = TRESILLO.new(4, 7)
    st = act(st, "bet:J", "pass", "pass", "pass")
    view = st.view(None)
    assert view["last_deal"] is None and view["results"] == [] and st.ledger == (0, 0, 0, 0)
    assert view["events"][-1] == {"type": "all_pass", "deal_no": 0, "dealer": 0, "next_dealer": 1}
    # the alcalde role rotates counter-clockwise: seat 1 deals, seat 2 is mano; the deal keeps its number
    assert st.deal_no == 0 and st.shuffle_no == 1 and view["deal_no"] == 0 and view["shuffle_no"] == 1
    assert st.dealer == 1 and st.alcalde == 1 and st.active == (2, 3, 0)
    assert st.to_act() == 1 and view["phase"] == "bet" and st.view(1)["hand"] == []
    three = act(TRESILLO.new(3, 7), "pass", "pass", "pass")
    assert three.dealer == 1 and three.active == (2, 0, 1) and three.to_act() == 2 and three.deal_no == 0


def test_je_joue_opens_and_plus_climbs_one_level_at_a_time() -> None:
    st = rig()
    assert legal(st) == ["pass", "bid:jeu"]
    with pytest.raises(IllegalAction):
        act(st, "bid:plus")
    st = act(st, "bid:jeu")
    assert legal(st) == ["pass", "bid:plus"]
    with pytest.raises(IllegalAction, match="Plus"):
        act(st, "bid:jeu")  # "Je joue" only while nobody has bid
    st = act(st, "bid:plus", "bid:plus", "bid:plus", "bid:plus")
    assert st.level == 5 and st.bidder == 2 and legal(st) == ["pass"]
    st = act(st, "pass", "pass")
    assert st.view(None)["phase"] == "declare" and st.to_act() == 2
    assert legal(st) == ["declare:solo_favour"]


def test_a_pass_is_final_and_the_auction_ends_when_the_others_have_passed() -> None:
    st = act(rig(), "pass", "bid:jeu", "bid:plus")  # mano passes; 2 opens; 0 outbids
    assert st.to_act() == 2  # mano is skipped
    st = act(st, "bid:plus")
    assert st.to_act() == 0 and st.level == 3
    st = act(st, "pass")
    assert st.view(None)["phase"] == "declare" and st.declarer == 2 and st.level == 3
    assert legal(st)[0] == "declare:retourne"  # at or above his winning level
    assert st.view(None)["auction"]["bids"] == [[1, "pass"], [2, "jeu"], [0, "jeu_favour"],
                                                 [2, "retourne"], [0, "pass"]]


def test_je_joue_possible_for_the_last_speaker_of_the_first_round() -> None:
    st = act(rig(), "pass", "pass")
    assert legal(st) == ["pass", "bid:jeu"]
    st = act(st, "bid:jeu")
    assert st.view(None)["phase"] == "declare" and st.declarer == 0


def test_edge_19_unopposed_je_joue_declares_any_contract_but_no_plain_favour() -> None:
    st = act(rig(), "bid:jeu", "pass", "pass")
    assert legal(st) == ["declare:jeu:O", "declare:jeu:C", "declare:jeu:B", "declare:jeu_favour",
                         "declare:retourne", "declare:solo:O", "declare:solo:C", "declare:solo:B",
                         "declare:solo_favour"]
    for text in ("declare:jeu:E", "declare:solo:E"):  # espadas is the favour suit by default
        with pytest.raises(IllegalAction, match="favour"):
            act(st, text)
    assert act(st, "declare:jeu_favour").trump == "E"
    assert act(st, "declare:solo:C").trump == "C"
    other = act(rig(options={"favour": "O"}), "bid:jeu", "pass", "pass")
    assert "declare:jeu:E" in legal(other) and "declare:jeu:O" not in legal(other)
    assert act(other, "declare:solo_favour").trump == "O"


def test_open_any_option_opens_at_any_level() -> None:
    st = rig(options={"open_any": True})
    assert legal(st) == ["pass", "bid:jeu", "bid:jeu_favour", "bid:retourne", "bid:solo", "bid:solo_favour"]
    st = act(st, "bid:solo")
    assert st.level == 4 and legal(st) == ["pass", "bid:plus"]
    assert legal(rig()) == ["pass", "bid:jeu"]  # off by default


def test_alcalde_bets_first_and_only_he_may() -> None:
    st = rig(4)
    assert legal(st) == ["bet:J", "bet:P", "bet:C", "bet:none"]
    with pytest.raises(NotYourTurn):
        st.apply(1, TRESILLO.parse_action("pass"))
    st = act(st, "bet:P")
    assert st.to_act() == 1 and st.bet == "P"


def test_retourne_turns_the_top_card_which_sets_trump_and_goes_to_the_declarer() -> None:
    st = act(rig(talon="4C RO"), "bid:jeu", "pass", "pass", "declare:retourne")
    view = st.view(None)
    assert view["turned"] == "4C" and view["trump"] == "C" and view["contract"]["name"] == "retourne"
    assert "4C" in st.view(1)["hand"] and len(st.view(1)["hand"]) == 10 and view["talon"] == 12


def test_parse_action_round_trips_and_rejects_garbage() -> None:
    for text in ("pass", "bid:jeu", "bid:plus", "declare:jeu:O", "declare:solo_favour", "discard:RC",
                 "exchange:0", "exchange:9", "exchange:ask", "consent:yes", "order:partner", "play:1E",
                 "renounce", "accept", "defend", "bola:continue", "bet:J", "bet:none"):
        action = TRESILLO.parse_action(text)
        assert str(action) == text and TRESILLO.parse_action(text.upper()) == action
    assert str(TRESILLO.parse_action(" Play: rc ")) == "play:RC"
    for bad in ("play:9O", "declare:jeu", "declare:grand:O", "bet:X", "bid:more", "order:you", "fold", "exchange:done"):
        with pytest.raises(GameError):
            TRESILLO.parse_action(bad)


def test_options_are_validated() -> None:
    with pytest.raises(GameError):
        TRESILLO.new(3, 1, {"favour": "X"})
    with pytest.raises(GameError):
        TRESILLO.new(3, 1, {"stake": 7})
    with pytest.raises(GameError):
        TRESILLO.new(2, 1)
    st = TRESILLO.new(4, 1, {"rounds": 2, "favour": "B", "stake": 20})
    assert st.view(None)["deals"] == 8 and st.view(None)["favour"] == "B" and st.view(None)["stake"] == 20
    assert TRESILLO.new(3, 1).view(None)["deals"] == 3  # default: every seat deals once
