"""The Tarot expert keeps its Petit: its playout policy brings the Petit home when no
enemy can overtrump, so the search no longer cashes it early at the risk of an overtrump."""

from __future__ import annotations

import random

from games.base import Action
from games.tarot import TAROT
from games.tarot.deck import BY_CODE
from games.tarot.expert import TarotExpert
from games.tarot.playout import INDEX, PETIT_I, Deal, heuristic_policy, mask_of


def _mask(codes: str) -> int:
    return mask_of([BY_CODE[c] for c in codes.split()])


def _deal(hands: list[str]) -> Deal:
    """A four-player deal at its first trick, position 1 the taker; position 0 leads the 2 of hearts."""
    d = Deal([_mask(h) for h in hands], taker=1, partner=None, contract="garde", leader=0)
    d.play(INDEX[BY_CODE["2H"]])
    return d


def test_policy_trumps_with_the_petit_only_when_no_enemy_can_overtrump() -> None:
    policy = heuristic_policy(random.Random(0), noise=0.0)
    taker = "T1 T8 T10 AS 2S 3S"
    follow = _deal(["2H 4S 5S T2 T3 T4", taker, "3H 6S 7S T5 T6 T7", "4H 8S 9S T9 T11 T12"])
    assert policy(follow, 1, follow.legal()) == PETIT_I  # both defenders after must follow hearts
    ruff = _deal(["2H 4S 5S T2 T3 T4", taker, "3H 6S 7S T5 T6 T7", "4S 8S 9S T9 T11 T12"])
    assert policy(ruff, 1, ruff.legal()) != PETIT_I  # the last defender has no heart: he overtrumps


def _position(seed: str, seat: int, trick_no: int) -> tuple[TarotExpert, dict, list[Action]]:
    """Normal players play ``seed`` (one deal, four players) to ``seat``'s turn at ``trick_no``;
    an expert on that seat has read every view of its seat."""
    state = TAROT.new(4, seed, {"deals": 1})
    bots = [TAROT.computer_player("normal") for _ in range(4)]
    expert = TarotExpert(samples=200)
    rng = random.Random(seed)
    while (s := state.to_act()) is not None:
        view, legal = state.view(s), state.legal_actions(s)
        if s == seat:
            expert.know.update(view)
            if view["phase"] == "play" and view["trick_no"] == trick_no:
                return expert, view, legal
        state = state.apply(s, bots[s].choose(view, legal, rng))
    raise AssertionError("position not reached")


def test_expert_keeps_the_petit_with_high_trumps_when_a_defender_may_overtrump() -> None:
    """Seed ``petit:10``, trick 7: the taker (T1 T2 T9 T16 T17 T21) is void in clubs on the 4 of
    clubs, the next defender has no club and trumps. The expert trumped with the Petit (-144
    against -181 for the 2); its model now keeps it and plays a small trump."""
    expert, view, legal = _position("petit:10", 1, 7)
    assert view["contract"]["taker"] == 1 and [c for _, c in view["trick"]] == ["4C"]
    assert {"T1", "T2", "T21"} <= set(view["hand"])
    best = expert.advise(view, legal, random.Random(10))[0][0]
    assert best.kind == "play" and best.arg != "T1" and BY_CODE[best.arg].is_trump
