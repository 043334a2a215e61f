"""Le Trio / L'École screens: combinations named alike on the table and on the lay-off
buttons, the hand's notes (why "Take the discard" is missing), the cards of a combination picked
in one menu, and the round's last table kept for the recap."""

from __future__ import annotations

import functools
from itertools import pairwise

import pytest

from games.base import Action
from games.errors import GameError
from games.trio.contracts import contract_name
from games.trio.game import ECOLE, TRIO, TrioGame, owned_meld_name
from games.trio.labels import meld_name
from games.trio.melds import is_wild
from games.trio.state import TrioState
from rendering.layouts import layout_for
from rendering.samples import playout

NAMES = ["Amélie", "Pablo", "Jeanne", "Marc", "Zoé"]


@functools.lru_cache(maxsize=4)
def _states(game: TrioGame, seats: int, seed: int) -> tuple[TrioState, ...]:
    return tuple(playout(game, seats, seed, options={"contracts": 2}))  # type: ignore[misc]


def _all_states() -> list[TrioState]:
    return [s for g, n, seed in ((TRIO, 4, 5), (ECOLE, 5, 3), (TRIO, 3, 11)) for s in _states(g, n, seed)]


def test_meld_names() -> None:
    assert meld_name("set", ["4H", "4S", "4"], "fr") == "brelan de 4"
    assert meld_name("set", ["QH", "Q", "QS", "QD"], "fr") == "carré de Dames", "the rank in words, never its code"
    assert meld_name("set", ["Q", "Q", "Q"], "en") == "three Queens", "wilds standing for a rank"
    assert meld_name("set", ["7H", "7S", "2C"], "en") == "three 7s"
    assert meld_name("set", ["QH", "Q", "QS", "QD"], "en") == "four Queens"
    assert meld_name("seq", ["5H", "6H", "7H", "8H"], "fr") == "séquence 5 de cœur–8 de cœur"
    assert meld_name("seq", ["10C", "JC", "QC", "KC", "AC"], "en") == "run 10 of Clubs–Ace of Clubs"
    assert meld_name("seq", ["10C", "JC", "QC", "KC", "AC"], "en", glyphs=True) == "run 10♣–A♣"  # the images
    assert meld_name("seq", ["5H", "6H", "7H"], "fr", short=True, glyphs=True) == "5♥–7♥"
    assert meld_name("set", ["4H", "4S", "4"], "fr", short=True) == "brelan 4"
    assert owned_meld_name(1, "set", ["4H", "4S", "4C"], NAMES, "fr") == "Pablo · brelan de 4"


def test_layoff_buttons_name_the_combination_as_the_table_does() -> None:
    seen = 0
    for s in _all_states():
        if s.phase != "layoff":
            continue
        seat = s.to_act()
        assert seat is not None
        for a in s.legal_actions(seat):
            if a.kind != "onto":
                continue
            mid, _, end = a.arg.partition(":")
            meld = next(m for m in s.view(None)["melds"] if m["id"] == int(mid))
            named = f"{NAMES[meld['owner']]} · {meld_name(meld['kind'], meld['as'], 'fr')}"
            label = TRIO.state_action_label(s, a, NAMES, "fr")
            assert label == {"": f"Sur {named}", "lo": f"Sur {named} (bas)", "hi": f"Sur {named} (haut)"}[end]
            assert "n°" not in label and "#" not in TRIO.state_action_label(s, a, NAMES, "en")
            seen += 1
    assert seen >= 3
    # other steps keep their plain labels
    s = _all_states()[0]
    a = s.legal_actions(s.to_act())[0]
    assert TRIO.state_action_label(s, a, NAMES, "fr") == TRIO.action_label(a, "fr")


def test_table_image_names_every_combination(monkeypatch: pytest.MonkeyPatch) -> None:
    import rendering.layouts.trio as layout_module

    drawn: list[str] = []
    real = layout_module.text

    def spy(d: object, xy: object, s: str, *args: object, **kwargs: object) -> float:
        drawn.append(s)
        return real(d, xy, s, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(layout_module, "text", spy)
    s = next(s for s in _states(TRIO, 4, 5) if len(s.melds) >= 3)
    view = s.view(None)
    layout_for(view).draw_table(view, NAMES[:4], "fr")
    for m in view["melds"]:
        assert meld_name(m["kind"], m["as"], "fr") in drawn or meld_name(m["kind"], m["as"], "fr", short=True) in drawn


def test_hand_notes_say_why_the_discard_cannot_be_taken() -> None:
    opened_draws = unopened_draws = 0
    for s in _all_states():
        seat = s.to_act()
        if seat is None or s.phase != "draw" or not s.pile:
            continue
        view = s.view(seat)
        notes = TRIO.hand_notes(view, "fr")
        take = Action("draw", "discard") in s.legal_actions(seat)
        if s.opened[seat]:
            opened_draws += 1
            assert any("défausse que si elle vous permet de finir" in n for n in notes)
        else:
            unopened_draws += 1
            assert take and [n for n in notes if "défausse" in n] == []
            mine = view["contracts"][seat]
            assert notes[:2] == [f"Votre contrat à remplir\u00a0: {contract_name(mine, s.variant, 'fr')} "
                                 f"(contrat {mine} sur {view['last_contract']}).",
                                 "Les 2 et les Fous sont passe-partout." if s.variant == "ecole"
                                 else "Les 2 sont passe-partout."], "the contract to fill and the wild cards"
        others = [o for o in range(s.seats) if o != seat]
        assert TRIO.hand_notes(s.view(others[0]), "fr") == []  # only the seat to act is told
    assert opened_draws and unopened_draws


def test_hand_notes_list_the_opening_combinations_ready() -> None:
    found = 0
    for s in _all_states():
        if s.phase == "meld" and s.staged:
            notes = TRIO.hand_notes(s.view(s.turn), "fr")
            staged = [meld_name("seq" if k == "seq" else "set", [c.code for c, _ in sorted(b, key=lambda x: x[1])]
                                if k == "seq" else [c.code if not is_wild(c) else next(
                                    x.rank for x, _ in b if not is_wild(x)) for c, _ in b], "fr") for k, b in s.staged]
            assert any(all(name in n for name in staged) and "Prêt pour l'ouverture" in n for n in notes)
            found += 1
    assert found


def test_pending_picks_offer_the_cards_of_a_combination_at_once() -> None:
    """A kind chosen with no wild in hand: the cards up to the smallest size in one menu (a set
    leaves out one per card held twice), applied in order as the bot does; at most two menus
    finish any combination of the opening (the old flow took one click per card)."""
    checked = 0
    for s in _all_states():
        seat = s.to_act()
        if seat is None or s.phase != "play" or s.opened[seat] or any(is_wild(c) for c in s.hands[seat]):
            continue
        for a in s.legal_actions(seat):
            if a.kind != "meld":
                continue
            t = s.apply(seat, a)
            lo = t.frame().bounds(a.arg)[0]
            doubles = a.arg != "seq" and len(set(t.hands[seat])) < len(t.hands[seat])
            assert t.pending_picks(seat) == lo or (doubles and 0 <= t.pending_picks(seat) < lo)
            assert t.legal_actions(seat)[0].kind == "add" and Action("cancel") in t.legal_actions(seat)
            clicks = _fewest_clicks(t, seat, 2)
            assert clicks is not None and clicks <= 2, (a, [c.code for c in t.hands[seat]])
            if not doubles:
                assert clicks == 1
            checked += 1
    assert checked >= 2


def _fewest_clicks(t: TrioState, seat: int, budget: int) -> int | None:
    """The fewest menu submissions or clicks (as the bot offers them) that close the combination
    being built, within ``budget``; ``None`` if none does."""
    from itertools import combinations

    if t.kind == "":
        return 0
    if budget == 0:
        return None
    adds = [x for x in t.legal_actions(seat) if x.kind in ("add", "done")]
    n = t.pending_picks(seat)
    choices = combinations([x for x in adds if x.kind == "add"], n) if n > 1 else ((x,) for x in adds)
    best = None
    for combo in choices:
        u = t
        try:
            for x in combo:
                u = u.apply(seat, x)
        except GameError:
            continue
        rest = _fewest_clicks(u, seat, budget - 1)
        if rest is not None and (best is None or rest + 1 < best):
            best = rest + 1
            if best == 1:
                break
    return best


def test_no_multi_pick_when_a_wild_may_be_wanted() -> None:
    for s in _all_states():
        seat = s.to_act()
        if seat is None or s.phase != "meld" or not s.kind:
            assert seat is None or s.pending_picks(seat) == 0
            continue
        wild = any(is_wild(c) for c in s.hands[seat])
        if wild and (s.kind == "seq" or not s.built):
            assert s.pending_picks(seat) == 0


def test_last_deal_keeps_the_round_last_table() -> None:
    states = _states(TRIO, 4, 5)
    ends = [(a, b) for a, b in pairwise(states) if b.last_deal is not a.last_deal]
    assert ends
    for before, after in ends:
        last = after.view(None)["last_deal"]
        ids = {m["id"] for m in last["melds"]}
        assert {m.id for m in before.melds} <= ids  # everything on the table before the last step
        assert after.view(None)["deal_no"] != last["deal_no"] or after.phase == "over"
        rows = layout_for(after.view(None)).recap_cards(after.view(None), NAMES[:4], "fr")
        for m in last["melds"]:
            assert any(label.startswith(f"{NAMES[m['owner']]} · posé") and all(c in codes for c in m["cards"])
                       for label, codes in rows)
        out = last["out"]
        hand_rows = [label for label, _ in rows if " · main · " in label]
        assert len(hand_rows) == len(last["hands"]) == 4 - (out is not None)
