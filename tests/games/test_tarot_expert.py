"""The expert Tarot level: legal, deterministic with a fixed sample count, consistent samples."""

from __future__ import annotations

import random

from games.base import Action
from games.tarot import TAROT
from games.tarot.deck import BY_CODE
from games.tarot.knowledge import PILE, Knowledge, Situation
from games.tarot.playout import INDEX, SUIT, cards_of, mask_of
from games.tarot.state import Phase


def _play_match(players: int, seed: str, levels: list[str]) -> tuple[list[str], object]:
    bots = [TAROT.computer_player(lv, samples=3) if lv == "expert" else TAROT.computer_player(lv)
            for lv in levels]
    state = TAROT.new(players, seed, {"deals": 1})
    rng = random.Random(seed)
    while (seat := state.to_act()) is not None:
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state.view(seat), legal, rng)
        assert action in legal
        state = state.apply(seat, action)
    return state.log, state


def test_levels_play_legal_deterministic_matches() -> None:
    for players in (3, 4, 5):
        levels = ["expert", "normal", "easy", "expert", "normal"][:players]
        log1, _ = _play_match(players, f"x{players}", levels)
        log2, _ = _play_match(players, f"x{players}", levels)
        assert log1 == log2


def test_default_level_is_normal_and_unknown_level_refused() -> None:
    from games.tarot.ai import TarotBot

    assert isinstance(TAROT.computer_player(), TarotBot)
    try:
        TAROT.computer_player("grandmaster")
    except ValueError:
        pass
    else:
        raise AssertionError("an unknown level must be refused")


def test_samples_respect_what_the_seat_knows() -> None:
    """Mid-deal, every sample gives each seat its hand size, no card of a suit it showed void in,
    and keeps the seen cards out of the hidden hands."""
    rng = random.Random(4)
    for seed in range(6):
        state = TAROT.new(4, f"k{seed}", {"deals": 1})
        bots = [TAROT.computer_player() for _ in range(4)]
        know = {s: Knowledge() for s in range(4)}
        steps = 0
        while state.to_act() is not None and (state.phase is not Phase.PLAY or steps < 30 + seed * 5):
            seat = state.to_act()
            view = state.view(seat)
            know[seat].update(view)
            if state.phase is Phase.PLAY:
                steps += 1
            state = state.apply(seat, bots[seat].choose(view, state.legal_actions(seat), rng))
        if state.to_act() is None:
            continue
        seat = state.to_act()
        view = state.view(seat)
        know[seat].update(view)
        sit = Situation(view, know[seat])
        for _ in range(20):
            hidden = sit.sample(rng)
            assert hidden is not None
            for s, mask in hidden.items():
                if s == PILE:
                    assert mask.bit_count() == view["chien_size"]
                    continue
                assert mask.bit_count() == len(state.hands[s])
                for suit in range(5):
                    if know[seat].void.get(s, 0) >> suit & 1:
                        assert not [c for c in cards_of(mask) if SUIT[c] == suit]
            truth = mask_of(state.hands[seat])
            assert all(not (m & truth) for m in hidden.values())


def test_advice_lists_options_best_first() -> None:
    state = TAROT.new(4, "adv", {"deals": 1})
    seat = state.to_act()
    expert = TAROT.computer_player("expert", samples=4)
    advice = expert.advise(state.view(seat), state.legal_actions(seat), random.Random(1))
    assert {a for a, _, _ in advice} <= set(state.legal_actions(seat))
    assert Action("pass") in [a for a, _, _ in advice]
    values = [v for _, v, _ in advice]
    assert values == sorted(values, reverse=True)
    assert INDEX[BY_CODE["EX"]] == 77


def test_a_fresh_expert_advises_in_the_middle_of_an_ecart() -> None:
    """Asked after some cards are already in the écart (a hint, or a seat taken over), the expert
    keeps its own écart out of the hidden cards it deals (it dealt them out and crashed before)."""
    game = TAROT
    state = game.new(4, "hint-demo", {})
    normal = game.computer_player("normal")
    rng = random.Random(1)
    # three cards or fewer left to lay: more unseen cards than the other hands hold (4 players)
    while not (state.view(None)["phase"] == "ecart" and state.view(state.to_act())["pending_picks"] <= 3):
        seat = state.to_act()
        state = state.apply(seat, normal.choose(state.view(seat), state.legal_actions(seat), rng))
    seat = state.to_act()
    legal = state.legal_actions(seat)
    advice = game.computer_player("expert", samples=4).advise(state.view(seat), legal, random.Random(2), 0.2)
    assert advice and advice[0][0] in legal
