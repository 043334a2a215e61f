"""The cards of a Le Trio / L'École combination picked in one menu, wilds included, and
laid by the bot as the engine's own steps (``bot/service/picks.py``). Checked against played matches: the
cards each player added, one step at a time, are accepted as one menu and lay the same cards."""

from __future__ import annotations

from collections import Counter

from bot.service import picks
from games.base import Action
from games.cards import card
from games.trio.game import ECOLE, TRIO, TrioGame
from games.trio.melds import is_wild
from games.trio.state import TrioState
from rendering.samples import playout


def _matches() -> list[tuple[TrioGame, list[TrioState]]]:
    return [(g, list(playout(g, n, seed, options={"contracts": 3})))  # type: ignore[misc]
            for g, n, seed in ((TRIO, 4, 5), (ECOLE, 5, 3), (TRIO, 3, 11), (ECOLE, 3, 7))]


def test_the_cards_added_step_by_step_are_one_menu() -> None:
    checked = wild = 0
    for game, states in _matches():
        log = states[-1].log
        for s in states:
            seat = s.to_act()
            menu = game.pick_menu(s, seat) if seat is not None else None
            if menu is None:
                continue
            assert seat == s.turn and s.phase == "meld" and menu.kind == "add"
            assert len(menu.items) <= 25 and Counter(menu.items) <= Counter(c.code for c in s.hands[seat])
            played = [Action(*x.split(":", 1)) for x in log[s.rev:s.rev + menu.n]]
            if any(a.kind != "add" for a in played):
                continue  # cancelled or closed early by the player
            chosen: list[int] = []
            for a in played:
                chosen.append(next(i for i, x in enumerate(menu.items) if x == game.pick_item(a) and i not in chosen))
            steps = picks.steps_for(game, s, seat, menu, chosen)
            assert steps is not None, (log[s.rev:s.rev + menu.n], menu.items)
            after = s
            for a in steps:
                after = after.apply(seat, a)
            assert Counter(after.hands[seat]) == Counter(states[s.rev + menu.n].hands[seat])
            checked += 1
            wild += any(is_wild(card(x)) for x in (game.pick_item(a) for a in played))
    assert checked >= 10 and wild >= 2, (checked, wild)


def test_a_wild_is_offered_from_the_start_but_laid_after_the_naturals() -> None:
    seen = 0
    for game, states in _matches():
        for s in states:
            seat = s.to_act()
            menu = game.pick_menu(s, seat) if seat is not None else None
            if menu is None or s.built or not any(is_wild(card(x)) for x in menu.items):
                continue
            assert not any(a.kind == "add" and is_wild(card(game.pick_item(a))) for a in s.legal_actions(seat))
            naturals = [i for i, x in enumerate(menu.items) if not is_wild(card(x))]
            w = next(i for i, x in enumerate(menu.items) if is_wild(card(x)))
            for first in naturals:  # the wild picked second in the menu: the bot lays it last
                others = [i for i in naturals if i != first]
                steps = picks.steps_for(game, s, seat, menu, [first, w, *others[:menu.n - 2]])
                if steps is not None:
                    assert [is_wild(card(game.pick_item(a))) for a in steps] == [False] * (menu.n - 1) + [True]
                    seen += 1
    assert seen >= 3


def test_a_malformed_choice_is_refused() -> None:
    for game, states in _matches()[:1]:
        s = next(s for s in states if s.to_act() is not None and game.pick_menu(s, s.to_act()))
        seat = s.to_act()
        menu = game.pick_menu(s, seat)
        assert menu is not None
        assert picks.steps_for(game, s, seat, menu, [0] * menu.n) is None
        assert picks.steps_for(game, s, seat, menu, list(range(menu.n - 1))) is None
        assert picks.steps_for(game, s, seat, menu, [len(menu.items), *range(menu.n - 1)]) is None
