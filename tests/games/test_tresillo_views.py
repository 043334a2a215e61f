"""Tresillo views and secrecy, the match ledger, labels and rules summary."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.base import Action
from games.cards import card
from games.tresillo import TRESILLO, TresilloState
from tests.games.test_tresillo_support import act, rig


def card_tokens(obj: Any) -> set[str]:
    """Every card code inside a JSON value."""
    found: set[str] = set()
    if isinstance(obj, str):
        try:
            found.add(card(obj, "spanish").code)
        except ValueError:
            pass
    elif isinstance(obj, dict):
        for v in obj.values():
            found |= card_tokens(v)
    elif isinstance(obj, list | tuple):
        for v in obj:
            found |= card_tokens(v)
    return found


def random_states(seats: int, seed: int) -> list[TresilloState]:
    rng = random.Random(seed)
    st = TRESILLO.new(seats, f"views{seed}")
    states = [st]
    while (seat := st.to_act()) is not None:
        legal = st.legal_actions(seat)
        st = st.apply(seat, legal[rng.randrange(len(legal))])
        states.append(st)
    return states


def check_secrecy(st: TresilloState, earlier: set[str]) -> None:
    """``earlier``: cards played or turned earlier in the match (events may recall them)."""
    public = st.view(None)
    earlier |= {text[5:] for text in st.log if text.startswith("play:")}  # every card played so far
    if st.turned:
        earlier.add(st.turned.code)
    shown = set(earlier)
    assert card_tokens(public) <= shown, "the public view shows unplayed cards"
    current = {c.code for t, _ in st.done_tricks for _, c in t} | {c.code for _, c in st.trick}
    current |= {st.turned.code} if st.turned else set()
    table = {k: v for k, v in public.items() if k != "events"}
    assert card_tokens(table) <= current, "the public table shows cards not played in this deal"
    assert "hand" not in public and "bet" not in public and "discarding" not in public
    for seat in range(st.seats):
        view = st.view(seat)
        own = set(view["hand"]) | set(view.get("discarding", []))
        assert card_tokens(view) <= shown | own, f"seat {seat} sees hidden cards"
        if seat != st.alcalde:
            assert "bet" not in view
    if st.alcalde is not None and st.turn is not None:
        assert st.view(st.alcalde)["bet"] == st.bet


@pytest.mark.parametrize("seats", [3, 4])
@pytest.mark.parametrize("seed", range(4))
def test_hands_talon_discards_and_bet_never_leak(seats: int, seed: int) -> None:
    earlier: set[str] = set()
    for st in random_states(seats, seed):
        check_secrecy(st, earlier)


def test_bet_hidden_until_the_deal_ends_then_revealed() -> None:
    st = act(rig(4), "bet:C", "bid:jeu")
    for seat in (None, 1, 2, 3):
        text = json.dumps(st.view(seat))
        assert '"bet"' not in text
    assert st.view(0)["bet"] == "C"
    st = act(st, "pass", "pass", "declare:jeu:O", "exchange:0", "order:me", "exchange:0",
             "exchange:0")
    assert '"bet"' not in json.dumps(st.view(None)) and st.view(0)["bet"] == "C"
    st = act(st, "renounce", "accept", "accept")
    last = st.view(None)["last_deal"]
    assert last["bet"] == "C" and last["bet_outcome"] == "P" and last["bet_won"] is False
    assert last["deltas"] == [-10, -4, 2 + 5, 2 + 5]


def test_views_carry_the_shared_and_tresillo_keys() -> None:
    st = act(rig(4), "bet:J", "bid:jeu", "pass", "pass", "declare:jeu:O", "exchange:2",
             "discard:" + rig(4).view(1)["hand"][0])
    view = st.view(1)
    for key in ("game", "seats", "seat", "rev", "to_act", "phase", "scores", "events", "deal_no", "deals",
                "dealer", "hand_counts", "trick", "last_trick", "tricks_won", "contract", "last_deal",
                "declarer", "trump", "favour", "exchanged", "sleeping", "talon", "ledger", "alcalde", "hand"):
        assert key in view, key
    assert view["contract"]["name"] == "jeu" and view["contract"]["trump"] == "O" and view["declarer"] == 1
    assert view["hand_counts"] == [0, 8, 9, 9] and view["discarding"] and view["favour"] == "E"
    assert view["events"][-1]["type"] == "declare"


@pytest.mark.parametrize("seats", [3, 4])
def test_match_is_a_series_of_deals_with_a_zero_sum_ledger(seats: int) -> None:
    rng = random.Random(seats)
    st = TRESILLO.new(seats, "ledger", {"rounds": 2})
    deltas: list[list[int]] = []
    dealers: list[int] = []
    seen = -1
    while (seat := st.to_act()) is not None:
        if st.shuffle_no != seen:  # every deal dealt, an annulled one too (docs/rules/tresillo.md, « Bidding »)
            seen = st.shuffle_no
            dealers.append(st.dealer)
        legal = st.legal_actions(seat)
        st = st.apply(seat, legal[rng.randrange(len(legal))])
        last = st.last_deal
        if last is not None and len(deltas) == last["deal_no"]:
            assert sum(last["deltas"]) == 0
            deltas.append(last["deltas"])
    assert len(deltas) == 2 * seats and dealers == [d % seats for d in range(st.shuffle_no)]
    assert st.shuffle_no >= 2 * seats  # annulled deals do not count: the match is 2 x seats deals played
    totals = [sum(d[s] for d in deltas) for s in range(seats)]
    assert list(st.ledger) == totals and st.view(None)["phase"] == "over"
    outcome = st.outcome()
    assert outcome is not None and list(outcome.scores) == totals
    assert len(st.view(None)["results"]) == 2 * seats


def test_legal_lists_stay_small_and_every_action_has_labels() -> None:
    biggest = 0
    for seats in (3, 4):
        for seed in range(6):
            for st in random_states(seats, seed):
                seat = st.to_act()
                if seat is None:
                    continue
                legal = st.legal_actions(seat)
                biggest = max(biggest, len(legal))
                picks = st.pending_picks(seat)
                assert picks == 0 or (0 < picks <= len(legal) and all(a.kind == "discard" for a in legal))
                for a in legal:
                    for locale in ("fr", "en"):
                        label = TRESILLO.action_label(a, locale)
                        assert label and label != str(a) and len(label) <= 80
                        assert TRESILLO.action_group(a, locale)
    assert 10 <= biggest <= 12


def test_labels_use_the_games_terms() -> None:
    label = TRESILLO.action_label
    assert label(Action("bid", "jeu"), "fr") == "Je joue" and label(Action("bid", "plus"), "fr") == "Plus !"
    assert label(Action("declare", "solo:O"), "fr") == "Solo en denier"
    assert label(Action("declare", "jeu:C"), "en") == "Jeu in copas"
    assert label(Action("declare", "retourne"), "en") == "Retourne"
    assert label(Action("play", "1E"), "fr") == "As d'épée"
    assert label(Action("discard", "RC"), "en") == "Discard Rey de copas"
    assert label(Action("renounce"), "fr") == "Je renonce" and label(Action("defend"), "en") == "I defend"
    assert TRESILLO.action_group(Action("play", "RC"), "fr") == "Coupe"
    assert TRESILLO.action_group(Action("bid", "plus"), "fr") == "Autres choix"


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_rules_summary_pages(locale: str) -> None:
    pages = TRESILLO.rules_summary(locale)
    assert 3 <= len(pages) <= 5 and all(0 < len(p) < 2000 for p in pages)
    text = "\n".join(pages)
    for term in ("Espada", "Mala", "Basto", "Punto", "Retourne", "Solo", "Puesta", "Codillo", "bola",
                 "alcalde"):
        assert term.lower() in text.lower(), term


def test_options_survive_save_and_replay() -> None:
    options = {"favour": "B", "stake": 20, "rounds": 1, "retourne_value": 30, "failed_bola": "wins",
               "open_any": True}
    rng = random.Random(9)
    st = TRESILLO.new(4, "opts", options)
    for _ in range(60):
        seat = st.to_act()
        if seat is None:
            break
        legal = st.legal_actions(seat)
        st = st.apply(seat, legal[rng.randrange(len(legal))])
    data = json.loads(json.dumps(st.to_json()))
    assert data["options"] == {**options, "open_any": True, "deals": 0}
    loaded = TRESILLO.load(data)
    assert loaded == st and loaded.view(None) == st.view(None)
    assert loaded.view(None)["values"]["retourne"] == 30
