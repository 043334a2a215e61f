"""The Tarot computer player: legal, view-only, and better than random on a small fixed sample
(the full measurement is ``benchmarks/tarot_ai.py``)."""

from __future__ import annotations

import random

from games.base import Action, RandomPlayer
from games.cards import cards
from games.tarot import TAROT
from games.tarot.ai import TarotBot, hand_strength
from games.tarot.deck import BY_CODE


def test_strength_orders_hands() -> None:
    strong = cards("T21 EX T1 T20 T19 T18 T17 T16 T15 T14 T13 KS KH KD QS 2C 3C 4C")
    weak = cards("T2 T3 2S 3S 4S 5S 2H 3H 4H 5H 2D 3D 4D 5D 2C 3C 4C 5C")
    assert hand_strength(strong, 4) >= 72 > 20 > hand_strength(weak, 4)  # garde contre vs pass


def test_bids_by_strength() -> None:
    bot = TarotBot()
    legal = [Action("pass"), *(Action("bid", c) for c in ("prise", "garde", "garde_sans", "garde_contre"))]
    strong = cards("T21 EX T1 T20 T19 T18 T17 T16 T15 T14 T13 KS KH KD QS 2C 3C 4C")
    weak = cards("T2 T3 2S 3S 4S 5S 2H 3H 4H 5H 2D 3D 4D 5D 2C 3C 4C 5C")
    assert bot._bid(strong, 4, legal).kind == "bid"
    assert bot._bid(weak, 4, legal) == Action("pass")


def test_ecart_voids_short_suits_and_keeps_trumps() -> None:
    state = TAROT.new(4, 5, {"deals": 1})
    taker = state.to_act()
    state = state.apply(taker, Action("bid", "garde"))
    for _ in range(3):
        state = state.apply(state.to_act(), Action("pass"))
    bot = TarotBot()
    rng = random.Random(0)
    while state.pending_picks(taker):
        state = state.apply(taker, bot.choose(state.view(taker), state.legal_actions(taker), rng))
    assert not any(c.is_trump for c in state.ecart) or all(
        c.is_trump or c.value == 14 or c.code == "EX" for c in state.hands[taker])


def _match(players: int, deals: int, seed: str) -> float:
    rng = random.Random(seed)
    total = 0
    for d in range(deals):
        ai = d % players
        bots = [TarotBot() if s == ai else RandomPlayer() for s in range(players)]
        state = TAROT.new(players, f"{seed}{d}", {"deals": 1})
        while (seat := state.to_act()) is not None:
            legal = state.legal_actions(seat)
            action = bots[seat].choose(state.view(seat), legal, rng)
            assert action in legal
            state = state.apply(seat, action)
        total += state.last_deal["deltas"][ai]
    return total / deals


def test_beats_random_players_on_a_small_sample() -> None:
    for players in (3, 4, 5):
        assert _match(players, 40, "t") > 50


def test_plays_excuse_before_the_last_trick() -> None:
    bot = TarotBot()
    view = {"phase": "play", "seat": 0, "hand": ["EX", "2H"], "active": [0, 1, 2, 3], "deal_no": 0,
            "dealer": 3, "trick": [], "last_trick": None, "contract": {"taker": 1, "partner": 1},
            "role": "defence"}
    legal = [Action("play", "2H"), Action("play", "EX")]
    assert bot.choose(view, legal, random.Random(0)) == Action("play", "EX")


def test_protects_petit_and_takes_it_when_safe() -> None:
    bot = TarotBot()
    base = {"phase": "play", "seat": 3, "active": [0, 1, 2, 3], "deal_no": 0, "dealer": 3,
            "last_trick": None, "contract": {"taker": 3, "partner": 3}, "role": "taker"}
    # last to play on a suit the taker lacks: the Petit wins safely
    view = {**base, "hand": ["T1", "T12", "2S"], "trick": [[0, "KH"], [1, "3H"], [2, "4H"]]}
    legal = [Action("play", "T1"), Action("play", "T12")]
    assert bot.choose(view, legal, random.Random(0)) == Action("play", "T1")
    # a defender overtrumps after him: keep the Petit, play the 12? no: the 12 is not safe either;
    # with the 21 in hand the taker plays the sure winner
    view = {**base, "seat": 0, "hand": ["T1", "T21"], "trick": [], "role": "taker",
            "contract": {"taker": 0, "partner": 0}}
    choice = bot.choose(view, [Action("play", "T1"), Action("play", "T21")], random.Random(0))
    assert choice == Action("play", "T21")
    assert BY_CODE["T1"] in cards("T1")


def test_never_exposes_the_petit_to_an_overtrump() -> None:
    """Forced to trump a partner's winning King, with the taker still to play: the Petit would
    become the winning card and the taker may overtrump it, so a plain trump goes instead."""
    bot = TarotBot()
    view = {"phase": "play", "seat": 2, "active": [0, 1, 2, 3], "deal_no": 0, "dealer": 3,
            "last_trick": None, "contract": {"taker": 3, "partner": 3}, "role": "defence",
            "hand": ["T1", "T5", "2S"], "trick": [[0, "KH"], [1, "3H"]]}
    legal = [Action("play", "T1"), Action("play", "T5")]
    assert bot.choose(view, legal, random.Random(0)) == Action("play", "T5")
    # the taker is known to have no trump left: the Petit is safe and goes to the partners
    bot = TarotBot()
    bot.memory.update({**view, "trick": [[3, "2D"], [0, "3C"]]})
    assert "T" in bot.memory.void[0]
    bot.memory.void[3] = {"D", "T"}
    assert bot.choose(view, legal, random.Random(0)) == Action("play", "T1")
