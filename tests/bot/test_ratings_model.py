"""Ratings that follow the game: over equal players a deal moves each seat in proportion
to what the game's scoring gave it; games without sides rank by places; the explanation line."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.service import ratings
from bot.service.rating_deals import Deal, Payment
from bot.service.rating_words import why_line
from bot.service.ratings import SCALE, Why, rate_match
from games import GAMES
from games.base import State


def played(game: str, seats: int, seed: str, options: dict[str, Any] | None = None) -> State:
    """A match played out by normal computer players."""
    g = GAMES[game]
    state = g.new(seats, seed, options or {})
    bots = [g.computer_player("normal") for _ in range(seats)]
    rng = random.Random(seed)
    while (seat := state.to_act()) is not None:
        state = state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat), rng))
    return state


def one_deal(seats: int, taker_wins: bool) -> tuple[State, dict[str, Any]]:
    """A one-deal Tarot match whose taker won (or lost), and its score lines."""
    for n in range(60):
        state = played("tarot", seats, f"deal{seats}:{n}", {"deals": 1})
        last = state.view(None)["last_deal"]
        if last.get("taker") is not None and last["won"] is taker_wins:
            return state, last
    raise AssertionError("no such deal in 60 seeds")


def changes(state: State) -> tuple[list[float], Any]:
    """Each seat's change of shown rating, every player new (equal)."""
    keys = [f"u{s + 1}" for s in range(state.seats)]
    rated = rate_match(state.game, state.to_json(), state.outcome(), keys, keys, {})
    return [SCALE * (rated.ratings[k].mu - rated.before[s].mu) for s, k in enumerate(keys)], rated


@pytest.mark.parametrize(("seats", "taker_wins"), [(4, True), (4, False), (3, True), (5, False), (5, True)])
def test_a_deal_moves_equal_players_by_their_share_of_the_points(seats: int, taker_wins: bool) -> None:
    state, last = one_deal(seats, taker_wins)
    moved, _ = changes(state)
    taker, deltas = last["taker"], last["deltas"]
    sign = 1 if taker_wins else -1
    assert sign * moved[taker] > 0, "the taker's rating follows the deal"
    for seat in range(seats):
        if seat == taker or deltas[seat] == 0:
            continue
        assert abs(moved[seat]) < abs(moved[taker]), "a defender (or the partner) moves less than the taker"
        assert moved[seat] * deltas[seat] > 0, "each seat moves the way its points went"
        share = deltas[seat] / deltas[taker]
        assert moved[seat] / moved[taker] == pytest.approx(share, rel=0.02), "by its share of the points"


def test_a_defence_win_and_loss_mirror_each_other() -> None:
    won, _ = changes(one_deal(4, False)[0])  # the defence won
    lost, _ = changes(one_deal(4, True)[0])  # the defence lost
    for moved, defence_won in ((won, True), (lost, False)):
        taker = max(range(4), key=lambda s: abs(moved[s]))
        defenders = [m for s, m in enumerate(moved) if s != taker]
        assert all((m > 0) is defence_won for m in defenders)
        assert sum(defenders) == pytest.approx(-moved[taker], rel=0.01), "what the defence wins the taker loses"


def test_the_taker_is_expected_to_win_so_a_lost_deal_costs_more_than_a_won_one_brings() -> None:
    """Takers win most deals: a role advantage makes a win worth less than a loss costs, and the
    advantage of the deal's contract learns from the deals (a taker winning more than expected
    raises it)."""
    state, last = one_deal(4, True)
    won, rated = changes(state)
    lost, _ = changes(one_deal(4, False)[0])
    assert max(won) < -min(lost)
    key = f"taker@4:{last['contract']}"
    assert list(rated.advantages) == [key], "only the deal's contract's advantage learns"
    assert rated.advantages[key][0] > ratings.advantage_of("tarot", "taker", 4, {}, last["contract"])


@pytest.mark.parametrize(("game", "seats"), [("trio", 3), ("piquet", 2)])
def test_games_without_sides_rank_the_match_by_places(game: str, seats: int) -> None:
    state = played(game, seats, f"places:{game}")
    outcome = state.outcome()
    assert outcome is not None
    moved, rated = changes(state)
    by_place = sorted(range(seats), key=lambda s: outcome.places[s])
    assert moved[by_place[0]] > 0 > moved[by_place[-1]], "first gains, last loses"
    assert [moved[s] for s in by_place] == sorted(moved, reverse=True), "the better place, the higher"
    for s in range(seats):
        assert [(w.place, w.of) for w in rated.why[s]] == [(outcome.places[s] + 1, seats)]


def test_a_new_player_shows_1000_and_never_below_0() -> None:
    keys = ["u1", "u2"]
    state = played("piquet", 2, "scale")
    rated = rate_match(state.game, state.to_json(), state.outcome(), keys, keys, {})
    assert [ratings.shown(ratings.value(r)) for r in rated.before] == [1000, 1000]
    assert ratings.shown(-1000.0) == 0


def test_why_a_rating_moved_in_one_line() -> None:
    parts = [Why(change=-8.4, n=2, role="defender", contract="garde", won=True).to_json(),
             Why(change=12.2, role="taker", contract="garde_sans", won=True).to_json()]
    tarot = GAMES["tarot"]
    assert why_line(tarot, parts, "fr") == \
        "défense perdue contre une Garde ×2\u00a0: −8 · Garde sans le chien gagnée\u00a0: +12"
    assert why_line(tarot, parts, "en").startswith("defence lost against a Garde ×2: −8 · Garde sans")
    assert why_line(GAMES["piquet"], [Why(change=-14.0, place=2, of=2).to_json()], "fr") == "place 2 sur 2\u00a0: −14"
    assert why_line(None, None, "fr") == ""


def _deal(n: int, taker: int, won: bool, contract: str, amount: float) -> Deal:
    """A four-player deal: each defender pays the taker ``amount`` (or the taker each defender)."""
    payments = tuple(Payment(taker, s, amount) if won else Payment(s, taker, amount) for s in range(4) if s != taker)
    return Deal(n, tuple("taker" if s == taker else "defender" for s in range(4)), payments, contract, won, None)


def _server_drift(monkeypatch: pytest.MonkeyPatch, one_advantage: bool) -> float:
    """A small simulated server: four weak players who take Prises and win a third of them and, at
    tables of their own, four equal strong players who take Gardes and win three in four. Returns
    what a strong taker then gains per deal on average (three in four won): 0 without drift.
    ``one_advantage``: one advantage for every contract, as model 2 learned it."""
    if one_advantage:
        keyed = ratings.advantage_key
        monkeypatch.setattr(ratings, "advantage_key", lambda role, seats, contract=None: keyed(role, seats))
    rng = random.Random("drift")
    players = {f"{kind}{i}": ratings.MODEL.rating() for kind in "ws" for i in range(4)}
    learned: dict[str, tuple[float, int]] = {}
    gains = []
    for n in range(2400):
        kind = "w" if n % 3 else "s"  # twice as many weak deals
        table = [f"{kind}{i}" for i in range(4)]
        won = rng.random() < (0.75 if kind == "s" else 1 / 3)
        deal = _deal(n, rng.randrange(4), won, *(("garde", 60.0) if kind == "s" else ("prise", 30.0)))
        seats = [players[k] for k in table]
        ratings.rate_deal("tarot", deal, seats, learned)
        players.update(zip(table, seats, strict=True))
        if n >= 600 and n % 60 == 0:  # once the advantages have settled, averaged over their noise
            equal = ratings.MODEL.rating(mu=ratings.MODEL.mu, sigma=players["s0"].sigma)
            win, loss = (ratings.rate_deal("tarot", _deal(0, 0, won, "garde", 60.0), [equal] * 4, dict(learned))[0]
                         for won in (True, False))
            gains.append(SCALE * (0.75 * win + 0.25 * loss))
    return sum(gains) / len(gains)


def test_weak_takers_do_not_make_equal_strong_takers_drift(monkeypatch: pytest.MonkeyPatch) -> None:
    """A role's advantage is learned per contract, so a server's weak players losing their
    Prises do not lower what equal strong players' Gardes are expected to win (the drift that made
    identical normal takers gain in the benchmark's one server; here model 2 gives them about +5 a deal)."""
    assert abs(_server_drift(monkeypatch, one_advantage=False)) < 1.5
    assert _server_drift(monkeypatch, one_advantage=True) > 3.0, "one advantage for all contracts drifts"
