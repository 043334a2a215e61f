"""Tresillo: the alcalde's bets with their odds, payment lines in the recap, contract
names from the catalogues."""

from __future__ import annotations

import random

from games.tresillo import TRESILLO
from games.tresillo.scoring import settle
from rendering import recap_image
from rendering.layouts import layout_for
from tests.games.test_tresillo_support import act, rig

NAMES = ["Amélie", "Bruno", "Chloé", "Dmitri"]


def test_the_alcalde_reads_what_each_bet_wins_or_loses() -> None:
    st = TRESILLO.new(4, "bets", {"stake": 20})
    alcalde = st.view(None)["alcalde"]
    assert st.to_act() == alcalde and st.view(None)["phase"] == "bet"
    notes = TRESILLO.hand_notes(st.view(alcalde), "fr")
    assert notes[1:] == ["Mise J\u00a0: le Joueur gagne → +20 si juste, −20 sinon",
                         "Mise P\u00a0: Puesta → +20 si juste, −20 sinon",
                         "Mise C\u00a0: Codillo → +30 si juste, −20 sinon"]
    assert "20" in notes[0]
    assert TRESILLO.hand_notes(st.view((alcalde + 1) % 4), "fr") == []
    assert TRESILLO.hand_notes(st.view(None), "en") == []


def test_payments_explain_the_deltas() -> None:
    wrong = settle(contract="jeu", declarer=1, tricks={1: 5, 2: 3, 3: 1}, dealer=0, dealer_bet="C")
    assert wrong.payments == ((2, 1, 5, "sacada"), (3, 1, 5, "sacada"), (0, 1, 10, "bet"))
    right = settle(contract="solo", declarer=2, tricks={1: 5, 2: 3, 3: 1}, dealer=0, dealer_bet="C")
    assert right.payments == ((2, 1, 90, "codillo"), (2, 0, 15, "bet"))
    for r in (wrong, right):
        net = dict.fromkeys(range(4), 0)
        for src, dst, n, _ in r.payments:
            net[src] -= n
            net[dst] += n
        assert all(net[s] == r.deltas.get(s, 0) for s in range(4))


def test_every_recap_shows_its_payment_lines() -> None:
    rng = random.Random(4)
    st = TRESILLO.new(4, "payments")
    seen = 0
    while (seat := st.to_act()) is not None:
        legal = st.legal_actions(seat)
        st = st.apply(seat, legal[rng.randrange(len(legal))])
        last = st.view(None)["last_deal"]
        if last and last["deal_no"] == seen:
            seen += 1
            net = [0] * 4
            for src, dst, n, _ in last["payments"]:
                net[src] -= n
                net[dst] += n
            assert net == last["deltas"]
            lines = dict(layout_for(st.view(None)).recap_lines(st.view(None), NAMES, "fr"))
            for src, dst, n, _ in last["payments"]:
                assert lines[f"{NAMES[src]} → {NAMES[dst]}"].endswith(f" · {n}")
    assert seen == 4


def test_contract_names_come_from_the_catalogues() -> None:
    st = act(rig(seats=4, hands={2: "1E 7O 1B 2C 3C 4E 5E 6B 7B"}), "bet:none", "bid:jeu", "pass", "pass")
    st = act(st, "declare:jeu_favour")
    v = st.view(None)
    en = layout_for(v).info(v, NAMES, "en")
    assert en[0].startswith("Contract: Favour Jeu") and not any("favour (" in line for line in en)
    fr = layout_for(v).info(v, NAMES, "fr")
    assert fr[0].startswith("Contrat\u00a0: Jeu de faveur")
    assert recap_image(v, names=NAMES, locale="en")[:4] == b"\x89PNG"
