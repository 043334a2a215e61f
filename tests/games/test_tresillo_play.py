"""Tresillo trick play, renounce and defence, bola (docs/rules/tresillo.md, « Play and the matadors' privilege », « Bola », « Renounce and defence »); edge cases 10, 11, 15, 16."""

from __future__ import annotations

import pytest

from games.errors import IllegalAction
from games.tresillo import TRESILLO, settle_deal
from tests.games.test_tresillo_support import act, at_play, legal, play_first, plays, rig

BOLA_HAND = "1E 7O 1B 1O RO CO SO 2O 3O"  # nine top trumps of oros
FIVE_TOP = {1: "1E 7O 1B 1O RO 4C 5C 6C 7C", 2: "RC CC SC 1C 2C 3C CO SO 2O",
            0: "3O 4O 5O 6O RE CE SE 7E 6E"}


def lead(st, code: str):  # type: ignore[no-untyped-def]
    """The seat to act leads ``code``; the two others play their first legal card."""
    return play_first(act(st, f"play:{code}"), 2)


def test_mano_leads_and_the_trick_winner_leads_next() -> None:
    st = at_play(rig(hands={1: "4O RC RE 2C 3C 4C 5C 6C 7C", 2: "1E 2O CC SC 3E 4E 5E 6E 7E"}), 1, "jeu", "O")
    assert st.to_act() == 1
    st = act(st, "play:RC")
    assert set(plays(st)) == {"CC", "SC"}  # follow copas
    st = play_first(st, 2)
    last = st.view(None)["last_trick"]
    assert last["winner"] == 1 and st.to_act() == 1 and st.view(None)["tricks_won"] == [0, 1, 0]
    st = lead(st, "4O")  # seat 2 must answer the trump lead with the 2 of oros or the Espada
    assert st.view(None)["last_trick"]["cards"][1][1] in ("2O", "1E")


def test_renounce_offered_to_the_declarer_of_a_jeu_until_his_card_to_trick_4() -> None:
    st = at_play(rig(), 1, "jeu", "O")
    offered: list[tuple[int, bool]] = []
    late = None
    while st.deal_no == 0:
        if st.view(None)["phase"] == "bola":
            st = act(st, "bola:stop")
            continue
        if st.to_act() == 1:
            offered.append((st.tricks_done, "renounce" in legal(st)))
            if st.tricks_done >= 4 and late is None:
                late = st
        st = play_first(st, 1)
    assert offered and all(ok == (done <= 3) for done, ok in offered)
    assert {done for done, _ in offered} >= {0, 3, 4}  # he played to trick 4 with tricks_done == 3
    assert late is not None
    with pytest.raises(IllegalAction, match="fourth trick"):
        act(late, "renounce")


def test_edge_10_no_renounce_in_a_solo() -> None:
    st = at_play(rig(), 1, "solo", "O")
    assert "renounce" not in legal(st)
    with pytest.raises(IllegalAction, match="Solo"):
        act(st, "renounce")
    st = at_play(rig(), 2, "jeu", "O")
    assert "renounce" not in legal(st)  # only the declarer (seat 2) may renounce, mano is 1


def test_accepted_renounce_ends_the_deal_with_a_split_puesta() -> None:
    st = act(at_play(rig(), 1, "jeu", "O"), "renounce")
    assert st.view(None)["phase"] == "renounce" and st.to_act() == 2 and legal(st) == ["accept", "defend"]
    st = act(st, "accept")
    assert st.to_act() == 0
    st = act(st, "accept")
    last = st.view(None)["last_deal"]
    assert last["result"] == "renuncia" and last["deltas"] == [2, -4, 2] and st.ledger == (2, -4, 2)
    assert st.deal_no == 1


def test_edge_11_a_renounced_retourne_ends_at_once_and_cannot_be_defended() -> None:
    st = act(rig(talon="4C"), "bid:jeu", "pass", "pass", "declare:retourne", "exchange:1", "discard:4C",
             "order:me", "exchange:0", "exchange:0")
    assert st.view(None)["phase"] == "play" and "renounce" in legal(st)
    st = act(st, "renounce")
    last = st.view(None)["last_deal"]
    assert last["result"] == "renuncia" and last["deltas"] == [5, -10, 5] and last["contract"] == "retourne"
    assert st.deal_no == 1 and st.view(None)["phase"] == "bid"


def test_first_opponent_in_turn_order_who_defends_becomes_declarer() -> None:
    st = play_first(at_play(rig(), 1, "jeu", "O"), 3)  # one trick
    while st.to_act() != 1:
        st = play_first(st, 1)
    trick_so_far = list(st.trick)
    st = act(st, "renounce", "defend")  # seat 2 defends: seat 0 is not asked
    view = st.view(None)
    assert view["phase"] == "play" and view["defender"] == 2 and view["declarer"] == 2
    assert view["contract"]["first_declarer"] == 1 and st.to_act() == 1  # the renouncer still plays
    assert "renounce" not in legal(st) and list(st.trick) == trick_so_far
    while st.deal_no == 0:
        st = play_first(st, 1)
    last = st.view(None)["last_deal"]
    assert sum(last["tricks"]) == 9  # counted over all nine tricks, the first one included
    tricks = {s: last["tricks"][s] for s in (0, 1, 2)}
    expected = settle_deal(contract="jeu", declarer=1, tricks=tricks, renounce="defended", defender=2)
    assert last["deltas"] == [expected[s] for s in range(3)]
    assert last["result"] in ("defensa", "puesta_doble", "defensa_puesta", "defensa_codillo")
    assert last["declarer"] == 1 and last["defender"] == 2


def test_second_opponent_may_defend_after_the_first_accepts() -> None:
    st = act(at_play(rig(), 1, "jeu", "O"), "renounce", "accept", "defend")
    assert st.defender == 0 and st.declarer == 0 and st.to_act() == 1


def test_edge_15_bola_offered_after_five_straight_tricks_stop_is_a_win() -> None:
    st = at_play(rig(hands={1: BOLA_HAND}), 1, "jeu", "O")
    for code in ("1E", "7O", "1B", "1O"):
        st = lead(st, code)
        assert st.view(None)["phase"] == "play"
    st = lead(st, "RO")
    assert st.view(None)["phase"] == "bola" and st.to_act() == 1
    assert legal(st) == ["bola:continue", "bola:stop"]
    stopped = act(st, "bola:stop")
    last = stopped.view(None)["last_deal"]
    assert last["result"] == "sacada" and last["deltas"] == [-5, 10, -5] and last["tricks"] == [0, 5, 0]
    made = act(st, "bola:continue")
    for code in ("CO", "SO", "2O", "3O"):
        made = lead(made, code)
    last = made.view(None)["last_deal"]
    assert last["result"] == "bola" and last["deltas"] == [-70, 140, -70]


def test_edge_15_bola_failed_when_a_later_trick_is_lost() -> None:
    st = at_play(rig(hands=FIVE_TOP), 1, "jeu", "O")
    for code in ("1E", "7O", "1B", "1O", "RO"):
        st = lead(st, code)
    st = act(st, "bola:continue")
    st = lead(st, "4C")
    last = st.view(None)["last_deal"]
    assert last["result"] == "bola_fallida" and last["deltas"] == [70, -140, 70]
    assert last["tricks"][1] == 5 and sum(last["tricks"]) == 6  # the deal stopped at trick 6


def test_failed_bola_option_settles_as_a_win() -> None:
    st = at_play(rig(hands=FIVE_TOP, options={"failed_bola": "wins"}), 1, "jeu", "O")
    for code in ("1E", "7O", "1B", "1O", "RO"):
        st = lead(st, code)
    st = lead(act(st, "bola:continue"), "4C")
    assert st.view(None)["last_deal"]["deltas"] == [-5, 10, -5]


def test_edge_16_alcalde_bet_void_on_a_bola() -> None:
    st = rig(4, hands={1: BOLA_HAND})
    st = act(st, "bet:C")
    st = at_play(st, 1, "jeu", "O")
    for code in ("1E", "7O", "1B", "1O", "RO"):
        st = lead(st, code)
    st = act(st, "bola:continue")
    for code in ("CO", "SO", "2O", "3O"):
        st = lead(st, code)
    last = st.view(None)["last_deal"]
    assert last["result"] == "bola" and last["deltas"] == [0, 140, -70, -70]
    assert last["bet"] == "C" and last["bet_outcome"] is None and last["bet_won"] is None


def test_alcalde_bet_settled_with_the_deal() -> None:
    st = at_play(rig(4, hands={1: BOLA_HAND}), 1, "jeu", "O")  # no bet: bet:none
    for code in ("1E", "7O", "1B", "1O", "RO"):
        st = lead(st, code)
    assert act(st, "bola:stop").view(None)["last_deal"]["deltas"] == [0, 10, -5, -5]
    st = act(rig(4, hands={1: BOLA_HAND}), "bet:J")
    st = at_play(st, 1, "jeu", "O")
    for code in ("1E", "7O", "1B", "1O", "RO"):
        st = lead(st, code)
    last = act(st, "bola:stop").view(None)["last_deal"]
    assert last["deltas"] == [10, 10, -10, -10] and last["bet_won"] is True and last["bet_outcome"] == "J"


def test_legal_plays_follow_the_matador_privilege_in_the_engine() -> None:
    # trump oros; seat 2 holds only the Mala and the Basto as trumps: free on a low trump lead
    st = at_play(rig(hands={1: "4O RC RE 2C 3C 4C 5C 6C 7C", 2: "7O 1B CC SC 3E 4E 5E 6E 7E"}), 1, "jeu", "O")
    st = act(st, "play:4O")
    assert len(plays(st)) == 9
    with pytest.raises(IllegalAction):
        act(st, "play:RO")  # not in his hand
    st2 = at_play(rig(hands={1: "1E RC RE 2C 3C 4C 5C 6C 7C", 2: "7O 1B CC SC 3E 4E 5E 6E 7E"}), 1, "jeu", "O")
    st2 = act(st2, "play:1E")
    assert plays(st2) == ["7O", "1B"]  # the Espada led forces both
    with pytest.raises(IllegalAction, match="trump"):
        act(st2, "play:CC")


def test_must_follow_suit_message() -> None:
    st = at_play(rig(hands={1: "4O RC RE 2C 3C 4C 5C 6C 7C", 2: "1E 2O CC SC 3E 4E 5E 6E 7E"}), 1, "jeu", "O")
    st = act(st, "play:RC")
    with pytest.raises(IllegalAction, match="copas") as err:
        act(st, "play:3E")
    assert "fournir" in err.value.localized("fr")
    assert legal(st) == ["play:SC", "play:CC"] or set(legal(st)) == {"play:SC", "play:CC"}
    assert TRESILLO.parse_action("play:sc") in st.legal_actions(2)


def test_refusals_explain_themselves_in_both_languages() -> None:
    st = rig()
    with pytest.raises(IllegalAction) as err:
        act(st, "renounce")  # during the auction
    assert "bid" in str(err.value).lower() and "enchères" in err.value.localized("fr")
    st = act(rig(), "bid:jeu", "pass", "pass", "declare:jeu:O", "exchange:1")
    with pytest.raises(IllegalAction) as err:
        act(st, "discard:" + next(c.code for c in st.talon))
    assert "do not hold" in str(err.value) and "Vous n'avez pas" in err.value.localized("fr")


def test_stake_option_sets_the_alcalde_bet() -> None:
    st = act(rig(4, hands={1: BOLA_HAND}, options={"stake": 20}), "bet:J")
    st = at_play(st, 1, "jeu", "O")
    for code in ("1E", "7O", "1B", "1O", "RO"):
        st = lead(st, code)
    assert act(st, "bola:stop").view(None)["last_deal"]["deltas"] == [20, 10, -15, -15]
