"""Piquet: both sides' declarations on the table and in the recap, the talon explained,
a shorter partie (``deals``)."""

from __future__ import annotations

import random

import pytest

from games.errors import GameError
from games.piquet import PIQUET
from games.piquet.state import PiquetState
from rendering import recap_image, table_image
from rendering.layouts import layout_for
from tests.games.test_piquet_helpers import act, finish_step, rig

NAMES = ["Amélie", "Bruno"]
# both hold five cards worth 50 and a quart to the Ace: point and sequence are equal
EQUAL = ("AS KS QS JS 9S AD KD 10D AC KC 10C 7C", "AH KH QH JH 9H QD JD 9D 8D QC JC 9C")


def names_by_role(s: PiquetState) -> tuple[str, str]:
    return NAMES[s.elder], NAMES[s.dealer]


def test_equal_point_shows_both_calls_and_nobody_scores() -> None:
    s = rig(*EQUAL)
    elder, younger = names_by_role(s)
    lines = layout_for(s.view(None)).info(s.view(None), NAMES, "fr")
    point = lines.index("Point\u00a0: égal · 0")
    assert lines[point + 1:point + 3] == [f"· {elder}\u00a0: 5 cartes (50)", f"· {younger}\u00a0: 5 cartes (50)"]
    assert f"Brelans\u00a0: {elder} +6" in lines  # brelans of Aces and Kings beat Queens and Jacks
    en = layout_for(s.view(None)).info(s.view(None), NAMES, "en")
    assert "Point: equal · 0" in en and "Sequence: equal · 0" in en


def test_good_answer_and_winner_shown_for_each_class() -> None:
    s = rig("AS KS QS JS 10S 10H 9H 8H 7H AD 7D AC", "KD QD JD 10D 9D KC QC JC 10C 9C KH QH")
    elder, younger = names_by_role(s)
    lines = layout_for(s.view(None)).info(s.view(None), NAMES, "fr")
    point = lines.index(f"Point\u00a0: {elder} +5")
    assert lines[point + 1:point + 3] == [f"· {elder}\u00a0: 5 cartes (51)", f"· {younger}\u00a0: bon"]


def played_out(s: PiquetState) -> PiquetState:
    deal = s.deal_no
    while s.deal_no == deal and s.to_act() is not None:
        s = finish_step(s)
    return s


def test_recap_has_a_point_row_with_both_sides_in_reckoning_order() -> None:
    s = rig(*EQUAL)
    elder_seat = s.elder
    v = played_out(s).view(None)
    last = v["last_deal"]
    assert [d["kind"] for d in last["declarations"]] == ["point", "sequence", "sets"]
    assert all("shown" not in d for d in last["declarations"])  # no card of the old deal kept
    grid = layout_for(v).recap_grid(v, NAMES, "fr")
    labels = [label for label, _ in grid]
    assert labels[:3] == ["Point", "Séquences", "Quatorzes et brelans"]
    assert labels.index("Jeu de la carte") < labels.index("Les cartes (ou capot)") < labels.index("Plis")
    point = dict(grid)["Point"]
    assert point[elder_seat] == "5 cartes (50) · 0" and point[1 - elder_seat] == "5 cartes (50), égal · 0"
    assert all(len(cells) == 2 for _, cells in grid)
    text = dict(layout_for(v).recap_text(v, NAMES, "fr"))
    assert text["Point"] == "Amélie\u00a0: 5 cartes (50)" + (" · 0" if elder_seat == 0 else ", égal · 0") + \
        " · Bruno\u00a0: 5 cartes (50)" + (", égal · 0" if elder_seat == 0 else " · 0")
    assert recap_image(v, names=NAMES, locale="fr")[:4] == b"\x89PNG"
    assert table_image(s.view(None), NAMES)[:4] == b"\x89PNG"


def test_younger_is_told_what_the_talon_holds() -> None:
    s = rig(*EQUAL)
    s = act(s, f"play:{s.legal_actions(s.elder)[0].arg}")
    assert s.look_pending() and s.to_act() == s.dealer
    note = PIQUET.hand_notes(s.view(s.dealer), "fr")
    assert len(note) == 1 and "6 cartes que ni le premier ni vous n'avez prises" in note[0]
    assert PIQUET.hand_notes(s.view(s.elder), "fr") == [] and PIQUET.hand_notes(s.view(None), "fr") == []
    look = next(a for a in s.legal_actions(s.dealer) if a.arg == "look")
    assert PIQUET.action_label(look, "fr") == "Regarder le talon (cartes non prises)"


@pytest.mark.parametrize("deals", [1, 2])
def test_a_short_partie_ends_after_its_deals(deals: int) -> None:
    rng = random.Random(deals)
    s = PIQUET.new(2, f"short{deals}", {"deals": deals})
    assert s.view(None)["deals"] == deals
    while (seat := s.to_act()) is not None:
        legal = s.legal_actions(seat)
        s = s.apply(seat, legal[rng.randrange(len(legal))])
    tie = s.totals[0] == s.totals[1] or len(s.history) > deals
    assert len(s.history) == (deals + 2 if tie else deals)
    assert s.outcome() is not None
    for bad in (0, 7):
        with pytest.raises(GameError):
            PIQUET.new(2, 1, {"deals": bad})
    assert PIQUET.resolve_options({})["deals"] == 6
