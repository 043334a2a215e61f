"""Tarot views: shared keys, and hidden information (hands, écart, unseen chien, the secret partner)
never leaks; labels, groups and the rules summary."""

from __future__ import annotations

import json
import random

import pytest

from games.base import Action
from games.cards import card
from games.tarot import TAROT
from games.tarot.state import Phase, TarotState
from tests.games.tarot_helpers import act, give, play_random

SHARED_KEYS = ("game", "seats", "seat", "rev", "to_act", "phase", "scores", "events", "deal_no", "deals",
               "dealer", "hand_counts", "trick", "last_trick", "tricks_won", "contract", "last_deal")


def tokens(obj: object) -> set[str]:
    if isinstance(obj, str):
        return {obj}
    if isinstance(obj, dict):
        return set().union(*(tokens(v) for v in obj.values())) if obj else set()
    if isinstance(obj, list | tuple):
        return set().union(*(tokens(v) for v in obj)) if obj else set()
    return set()


def walk(players: int, seed: int, options: dict | None = None):  # type: ignore[no-untyped-def]
    """Every state of a random one-deal match."""
    rng = random.Random(seed)
    state = TAROT.new(players, seed, {"deals": 1, **(options or {})})
    yield state
    while state.to_act() is not None:
        seat = state.to_act()
        legal = state.legal_actions(seat)
        state = state.apply(seat, legal[rng.randrange(len(legal))])
        yield state


@pytest.mark.parametrize("players", [3, 4, 5])
def test_views_have_shared_keys_and_are_json(players: int) -> None:
    for state in walk(players, 1):
        for seat in (None, *range(players)):
            view = state.view(seat)
            json.dumps(view)
            assert all(k in view for k in SHARED_KEYS)
            assert ("hand" in view) == (seat is not None)
    assert view["phase"] == "over" and view["last_deal"]["deltas"] and "points" in view["last_deal"]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_hands_and_ecart_never_leak(players: int) -> None:
    for seed in range(6):
        for state in walk(players, seed):
            public = state.view(None)
            chien_was_shown = state.contract in ("prise", "garde") and state.phase is not Phase.BIDDING
            shown = ({c.code for c in state.chien} if chien_was_shown else set()) | set(public["ecart_trumps"])
            hidden_ecart = {c.code for c in state.ecart} - shown
            assert not tokens(public) & hidden_ecart
            for seat in range(players):
                view = state.view(seat)
                others = {c.code for s, h in enumerate(state.hands) if s != seat for c in h}
                assert not (tokens(view) - tokens(public)) & others
                if seat != state.taker:
                    assert not tokens(view) & hidden_ecart and "ecart" not in view
                elif state.phase is not Phase.OVER:
                    assert set(view.get("ecart", [])) == {c.code for c in state.ecart}


@pytest.mark.parametrize("contract", ["garde_sans", "garde_contre"])
def test_unseen_chien_stays_hidden_until_the_deal_ends(contract: str) -> None:
    state = TAROT.new(4, 8, {"deals": 1})
    state = act(state, f"bid:{contract}", "pass", "pass", "pass", "no_chelem")
    chien = {c.code for c in state.chien}
    rng = random.Random(8)
    while state.to_act() is not None:
        for seat in (None, 0, 1, 2, 3):
            assert not tokens(state.view(seat)) & chien, seat
        seat = state.to_act()
        legal = state.legal_actions(seat)
        state = state.apply(seat, legal[rng.randrange(len(legal))])
    assert set(state.view(None)["last_deal"]["chien"]) == chien  # turned over at the end


def test_shown_chien_is_public_with_prise() -> None:
    state = act(TAROT.new(4, 8, {"deals": 1}), "bid:prise", "pass", "pass", "pass")
    assert state.view(None)["chien"] == [c.code for c in state.chien]
    assert any(isinstance(e, dict) and e["type"] == "chien" for e in state.events)


def _five_player_start(seed: int) -> TarotState:
    state = TAROT.new(5, seed, {"deals": 1})
    leader = state.to_act()
    taker = (leader + 1) % 5
    give(state, taker, [c for c in state.hands[taker] if c.code != "KH"][:15])
    state = act(state, "pass", "bid:garde_sans", "pass", "pass", "pass", "call:KH", "no_chelem")
    assert state.partner is not None and state.partner != taker
    return state


@pytest.mark.parametrize("seed", range(5))
def test_secret_partner_stays_secret_until_called_card_is_played(seed: int) -> None:
    state = _five_player_start(seed)
    partner, taker = state.partner, state.taker
    rng = random.Random(seed)
    revealed = False
    while state.to_act() is not None:
        revealed = revealed or card("KH") not in state.hands[partner]
        public = state.view(None)
        for seat in (None, *range(5)):
            view = state.view(seat)
            if not revealed:
                assert view["contract"]["partner"] is None
                assert view["side_tricks"] is None and view["excuse_pending"] is None
                assert not any(e["type"] in ("partner", "excuse_exchange") for e in view["events"])
                if seat is not None and seat not in (partner, taker):
                    assert view["role"] == "defence"
                    assert {k: v for k, v in view.items() if k not in ("seat", "hand", "role", "pending_picks")} \
                        == {k: v for k, v in public.items() if k != "seat"}
        if not revealed:
            assert state.view(partner)["role"] == "partner"  # the partner knows he holds the card
            assert state.view(taker)["role"] == "taker"
        seat = state.to_act()
        legal = state.legal_actions(seat)
        state = state.apply(seat, legal[rng.randrange(len(legal))])
        if state.phase is Phase.OVER:
            break
        if revealed:
            assert state.view(None)["contract"]["partner"] == partner
    assert state.last_deal["partner"] == partner


def test_partner_identity_does_not_change_a_third_seats_view() -> None:
    """Swap the called King between two defenders: the public view and a third defender's view
    are the same, so nothing in them tells who the partner is."""
    a = _five_player_start(3)
    others = [s for s in range(5) if s not in (a.taker, a.partner)]
    other = others[0]
    b = TAROT.new(5, 3, {"deals": 1})
    leader = b.to_act()
    give(b, (leader + 1) % 5, [c for c in b.hands[(leader + 1) % 5] if c.code != "KH"][:15])
    give(b, other, [card("KH"), *[c for c in b.hands[other] if c.code != "KH"][:14]])
    b = act(b, "pass", "bid:garde_sans", "pass", "pass", "pass", "call:KH", "no_chelem")
    assert b.partner == other != a.partner
    third = next(s for s in others if s != other and s != b.partner)
    strip = lambda v: {k: x for k, x in v.items() if k not in ("hand",)}  # noqa: E731
    assert strip(a.view(None)) == strip(b.view(None))
    assert {k: v for k, v in a.view(third).items() if k != "hand"} == \
        {k: v for k, v in b.view(third).items() if k != "hand"}


# --- labels, groups, rules summary -----------------------------------------------------------------


def test_action_labels_fr_en() -> None:
    label = TAROT.action_label
    assert label(Action("bid", "garde"), "fr") == "Garde"
    assert label(Action("pass"), "fr") == "Passe" and label(Action("pass"), "en") == "Pass"
    assert label(Action("call", "KH"), "fr") == "Appeler le Roi de cœur"
    assert label(Action("call", "KH"), "en") == "Call the King of Hearts"
    assert label(Action("play", "QH"), "fr") == "Dame de cœur"
    assert label(Action("play", "T1"), "fr") == "Le Petit"
    assert label(Action("play", "EX"), "en") == "The Excuse"
    assert label(Action("discard", "7S"), "en") == "7 of Spades"
    assert "chelem" in label(Action("chelem"), "fr")
    assert label(Action("poignee", "double"), "fr") == "Double poignée"
    assert label(Action("bid", "garde_contre"), "fr") == "Garde contre le chien"


def test_action_groups_put_plays_by_suit() -> None:
    group = TAROT.action_group
    assert group(Action("play", "QH"), "fr") == "Cœur"
    assert group(Action("play", "T5"), "fr") == group(Action("play", "EX"), "fr") == "Atout"
    assert group(Action("discard", "2C"), "en") == "Clubs"
    assert group(Action("bid", "garde"), "en") == group(Action("pass"), "en")


def test_every_decision_list_stays_small() -> None:
    """Every legal list of random 4- and 5-player matches fits a 25-option menu."""
    for players in (4, 5):
        for state in walk(players, 4):
            if state.to_act() is not None:
                assert len(state.legal_actions(state.to_act())) <= 25


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_rules_summary_pages(locale: str) -> None:
    pages = TAROT.rules_summary(locale)
    assert 3 <= len(pages) <= 5 and all(0 < len(p) < 2000 for p in pages)
    text = " ".join(pages)
    for word in ("Garde", "Excuse", "Petit", "56", "poignée", "chelem"):
        assert word in text
    assert TAROT.rules_summary("fr") != TAROT.rules_summary("en")


def test_bad_option_values_are_refused() -> None:
    with pytest.raises(Exception, match="deals"):
        TAROT.new(4, 1, {"deals": -1})


def test_play_random_to_the_end_each_seat_count() -> None:
    for players in (3, 4, 5):
        final = play_random(TAROT.new(players, 99), random.Random(players))
        assert final.outcome() is not None and sum(final.scores) == 0
