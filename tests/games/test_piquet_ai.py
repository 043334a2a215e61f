"""The Piquet computer player: sound exchanges and play, from its own view only.

The win-rate figure over 1,000 parties is measured by ``benchmarks/piquet_ai.py``; here a short
run checks that it beats a random player clearly.
"""

from __future__ import annotations

import json
import random

from games.base import Action, RandomPlayer
from games.cards import cards
from games.piquet import PIQUET
from games.piquet.ai import PiquetPlayer, choose_card, exchange_count, hand_value, plan_discards
from tests.games.test_piquet_helpers import act, rig

E27 = "AS KS QS JS 10S 10H 9H 8H 7H AD 7D AC"
Y0 = "KD QD JD 10D 9D KC QC JC 10C 9C KH QH"


def test_exchange_keeps_point_sequences_and_sets() -> None:
    hand = cards("AS KS QS JS 10S AH AD 8H 7D 9C 7C 8D")  # quint major, three aces, five odd cards
    out = plan_discards(hand, 5)
    assert len(out) == 5 and len(set(out)) == 5
    kept = [c for c in hand if c not in out]
    for code in ("AS", "KS", "QS", "JS", "10S", "AH", "AD"):
        assert cards(code)[0] not in out, code
    assert hand_value(kept) > hand_value([c for c in hand if c not in cards("AS KS QS JS 10S")])


def test_exchange_keeps_a_guarded_king() -> None:
    hand = cards("AS KS QS JS 9S 7S KH 8H AD 10D 9D 8D")
    out = plan_discards(hand, 3)
    assert cards("8H")[0] not in out and cards("KH")[0] not in out


def test_elder_takes_all_five_younger_at_least_one() -> None:
    hand = cards("AS KS QS JS 10S AH AD AC 8H 7D 9C 7C")
    assert exchange_count(hand, range(1, 6), elder=True) == 5
    n = exchange_count(hand, range(1, 4), elder=False)
    assert 1 <= n <= 3
    weak = cards("7S 8S 9H 7H 8D 7D 8C 7C 9D 10H JD QC")
    assert exchange_count(weak, range(1, 4), elder=False) == 3


def test_play_leads_masters_and_wins_cheaply() -> None:
    s = rig(E27, Y0)
    view = s.view(s.elder)
    hand = cards(" ".join(view["hand"]))
    playable = [c for c in hand]
    lead = choose_card(view, hand, playable)
    assert lead.code in ("AS", "KS", "QS", "JS", "10S", "AD", "AC")  # a sure winner
    s = act(s, "play:7D", "talon:leave")
    view = s.view(s.dealer)
    hand = cards(" ".join(view["hand"]))
    playable = [c for c in hand if c.suit == "D"]
    assert choose_card(view, hand, playable).code == "9D"  # the cheapest card that wins


def test_ai_uses_only_its_view_and_always_plays_legally() -> None:
    ai = PiquetPlayer()
    rng = random.Random(0)
    for seed in range(3):
        s = PIQUET.new(2, f"ai{seed}", {"sinking": seed == 1, "younger_stand_pat": seed == 2})
        while (seat := s.to_act()) is not None:
            legal = s.legal_actions(seat)
            view = json.loads(json.dumps(s.view(seat)))  # plain data, nothing else
            action = ai.choose(view, legal, rng)
            assert isinstance(action, Action) and action in legal
            s = s.apply(seat, action)


def test_ai_beats_a_random_player() -> None:
    wins = 0
    parties = 16
    for i in range(parties):
        players = {i % 2: PiquetPlayer(), 1 - i % 2: RandomPlayer()}
        rng = random.Random(i)
        s = PIQUET.new(2, f"duel{i}")
        while (seat := s.to_act()) is not None:
            s = s.apply(seat, players[seat].choose(s.view(seat), s.legal_actions(seat), rng))
        out = s.outcome()
        assert out is not None
        wins += out.scores[i % 2] > 0
    assert wins >= 14
