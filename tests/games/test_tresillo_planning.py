"""The Tresillo expert's search before the play: bids, contract and exchange (figures in
``benchmarks/tresillo_ai.py --expert``)."""

from __future__ import annotations

import copy
import pickle
import random

from games.cards import spanish_deck
from games.search import Search
from games.tresillo import TRESILLO
from games.tresillo.ai import junk
from games.tresillo.expert import Cards, TresilloExpert
from games.tresillo.order import SUITS
from games.tresillo.planning import contract_gains, junk_count, worth
from tests.games.test_tresillo_support import act, rig

STRONG = "1E 7O 1B 1O RO CO 2O RC RE"
WEAK = "2C 3C 4C 5E 6E 3B 4B 5B 6O"
DECK = list(spanish_deck())


def expert_choice(st, samples: int = 40, seed: int = 0) -> str:  # type: ignore[no-untyped-def]
    seat = st.to_act()
    bot = TresilloExpert(samples=samples)
    return str(bot.choose(st.view(seat), st.legal_actions(seat), random.Random(seed)))


def test_worth_agrees_with_the_normal_players_junk() -> None:
    rng = random.Random(3)
    for _ in range(300):
        trump = rng.choice(SUITS)
        hand = rng.sample(DECK, 9)
        c = Cards.of(trump)
        mask = c.mask(hand)
        mine = {c.card[i] for i in range(64) if mask >> i & 1 and worth(i, mask, c) < 0.3}
        assert mine == set(junk(hand, trump))
        assert junk_count(mask, c) == len(mine)


def test_bids_a_strong_hand_and_passes_a_weak_one() -> None:
    assert expert_choice(rig(hands={1: STRONG})) == "bid:jeu"
    assert expert_choice(rig(hands={1: WEAK})) == "pass"


def test_declares_a_solo_with_seven_oros_and_the_matadors() -> None:
    st = act(rig(hands={1: STRONG}), "bid:jeu", "pass", "pass")
    assert expert_choice(st) == "declare:solo:O"
    view = st.view(1)
    gains = contract_gains(view, [("solo", "O"), ("jeu", "B")], random.Random(1), Search(None, 60))
    assert gains["solo", "O"] > 20 > gains["jeu", "B"]  # a Solo pays 30 a head; bastos would be lost


def test_exchange_plan_discards_junk_then_follows_it() -> None:
    st = act(rig(hands={1: "1E 7O 1B 1O 3O RC 2C 4E 7B"}), "bid:jeu", "pass", "pass", "declare:jeu:O")
    bot = TresilloExpert(samples=40)
    rng = random.Random(2)
    discarded: list[str] = []
    while st.to_act() == 1 and st.view(None)["phase"] == "exchange":
        legal = st.legal_actions(1)
        action = bot.choose(st.view(1), legal, rng)
        assert action in legal
        if action.kind == "discard":
            discarded.append(action.arg)
        st = st.apply(1, action)
    assert discarded and set(discarded) <= {"2C", "4E", "7B"}  # never a trump nor the Rey


def test_expert_is_copyable_and_deterministic_from_its_rng() -> None:
    def run(copied: bool) -> list[str]:
        bots = [TresilloExpert(samples=4), TRESILLO.computer_player("normal"), TresilloExpert(samples=4)]
        state = TRESILLO.new(3, "plan", {})
        rng = random.Random(5)
        n = 0
        while (seat := state.to_act()) is not None:
            if copied and n % 7 == 0:
                bots[seat] = pickle.loads(pickle.dumps(copy.deepcopy(bots[seat])))
            legal = state.legal_actions(seat)
            action = bots[seat].choose(state.view(seat), legal, rng)
            assert action in legal
            state = state.apply(seat, action)
            n += 1
        return state.log

    assert run(False) == run(True)
