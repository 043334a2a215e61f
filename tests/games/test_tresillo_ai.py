"""The Tresillo computer player: decisions from its own view only (the figures are in benchmarks/)."""

from __future__ import annotations

import random

from games.tresillo import TRESILLO
from games.tresillo.ai import TresilloPlayer, trick_estimate
from tests.games.test_tresillo_support import act, at_play, cs, rig

BOT = TresilloPlayer()
RNG = random.Random(0)
STRONG = "1E 7O 1B 1O RO CO 2O RC RE"
WEAK = "2C 3C 4C 5E 6E 3B 4B 5B 6O"


def choice(st) -> str:  # type: ignore[no-untyped-def]
    seat = st.to_act()
    return str(BOT.choose(st.view(seat), st.legal_actions(seat), RNG))


def test_trick_estimate_counts_matadors_and_length() -> None:
    assert trick_estimate(cs(STRONG), "O") > 6 > trick_estimate(cs(STRONG), "B")
    assert trick_estimate(cs(WEAK), "O") < 2


def test_bids_a_strong_hand_passes_a_weak_one() -> None:
    assert choice(rig(hands={1: STRONG})) == "bid:jeu"
    assert choice(rig(hands={1: WEAK})) == "pass"
    st = act(rig(hands={1: WEAK, 2: STRONG}), "bid:jeu")
    assert choice(st) == "bid:plus"


def test_declares_the_best_contract_for_its_hand() -> None:
    st = act(rig(hands={1: STRONG}), "bid:jeu", "pass", "pass")
    assert choice(st) == "declare:solo:O"  # seven oros with the three matadors: no exchange needed
    middling = "1E 1B 3O 4O 5O RC 2C 4E 7B"
    st = act(rig(hands={1: middling}), "bid:jeu", "pass", "pass")
    assert choice(st) == "declare:jeu:O"


def test_exchanges_junk_and_keeps_trumps_and_reyes() -> None:
    st = act(rig(hands={1: "1E 7O 1B 1O 3O RC 2C 4E 7B"}), "bid:jeu", "pass", "pass", "declare:jeu:O")
    discarded = []
    while st.to_act() == 1 and st.view(None)["phase"] == "exchange":
        text = choice(st)
        if text == "exchange:0":
            break
        if text.startswith("discard:"):
            discarded.append(text.split(":")[1])
        st = act(st, text)
    assert sorted(discarded) == sorted(["2C", "4E", "7B"])


def test_keeps_its_matadors_when_the_privilege_allows() -> None:
    # trump oros: the declarer leads a low trump, the partner takes it with the Espada; the last
    # player, whose only trumps are the Mala and the Basto, is not forced and keeps them
    st = at_play(rig(hands={1: "4O RC RE 2C 3C 4C 5C 6C 7C", 2: "1E CC SC 3E 4E 5E 6E 7E 2O",
                            0: "7O 1B RB CB SB 7B 6B 5B 4B"}), 1, "jeu", "O")
    st = act(st, "play:4O", "play:1E")
    assert len(st.legal_actions(0)) == 9
    assert choice(st) == "play:4B"


def test_wins_cheaply_and_lets_the_partner_win() -> None:
    # trump oros, declarer 1 leads the 2 of copas; seat 2 (opponent) wins with the Rey, seat 0 dumps
    st = at_play(rig(hands={1: "2C 1E 7O 1B 1O RO CO SO 2O", 2: "RC 5C 3E 4E 5E 6E 7E SE CE",
                            0: "1C 3C 4C 6C 7C RE RB CB SB"}), 1, "jeu", "O")
    st = act(st, "play:2C")
    assert choice(st) == "play:RC"
    st = act(st, "play:RC")
    assert choice(st) == "play:7C"  # the partner wins: the lowest copas


def test_renounces_a_hopeless_jeu_and_defends_a_strong_hand() -> None:
    st = at_play(rig(hands={1: WEAK}), 1, "jeu", "O")
    assert choice(st) == "renounce"
    st = at_play(rig(hands={1: STRONG}), 1, "jeu", "O")
    assert choice(st) != "renounce"
    st = act(at_play(rig(hands={1: WEAK, 2: STRONG}), 1, "jeu", "O"), "renounce")
    assert choice(st) == "defend"
    st = act(at_play(rig(hands={1: STRONG, 2: WEAK}), 1, "jeu", "O"), "renounce")
    assert choice(st) == "accept"


def test_goes_for_the_bola_only_with_sure_winners() -> None:
    def five_tricks(hand: str):  # type: ignore[no-untyped-def]
        st = at_play(rig(hands={1: hand}), 1, "jeu", "O")
        for code in ("1E", "7O", "1B", "1O", "RO"):
            st = act(st, f"play:{code}")
            for _ in range(2):
                seat = st.to_act()
                st = st.apply(seat, next(a for a in st.legal_actions(seat) if a.kind == "play"))
        assert st.view(None)["phase"] == "bola"
        return st

    assert choice(five_tricks("1E 7O 1B 1O RO CO SO 2O 3O")) == "bola:continue"
    assert choice(five_tricks("1E 7O 1B 1O RO 4C 5C 6C 7C")) == "bola:stop"


def test_alcalde_bets_from_the_results_seen() -> None:
    st = TRESILLO.new(4, 3)
    view = st.view(0)
    assert str(BOT.choose(view, st.legal_actions(0), RNG)) == "bet:none"  # nothing known yet
    view["results"] = ["codillo", "codillo", "sacada", "codillo"]
    assert str(BOT.choose(view, st.legal_actions(0), RNG)) == "bet:C"
    view["results"] = ["sacada"] * 3
    assert str(BOT.choose(view, st.legal_actions(0), RNG)) == "bet:J"


def test_beats_random_players_on_a_short_run() -> None:
    from benchmarks.tresillo_ai import run

    for seats in (3, 4):
        gains = run(90, seats, seed="test")["gains"]
        assert sum(gains) / len(gains) > 5  # type: ignore[arg-type]
