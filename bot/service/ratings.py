"""Skill ratings per server and game with openskill: changes that follow the game.

**Deals with sides** (Tarot, Tresillo): every finished deal is rated on its own, as the payments the
game's scoring makes between seats (:mod:`bot.service.rating_deals`: at 4-player Tarot each defender pays
the taker X, so the taker wins or loses three times what a defender does). Each payment is one
two-player comparison, payee over payer, computed by openskill's Plackett-Luce from the ratings
before the deal and weighted by its share of the deal (the seat moving most gets weight
:func:`importance`; a defender paying a third of it, a third). A seat's change is the weighted sum
of its comparisons: over equal players, exactly in proportion to what the scoring gave each seat.
This is Weng and Lin's "full pairing" (openskill's Bradley-Terry full) restricted to the pairs who
actually settled, with a per-pair weight, as the World Football Elo weights a match by its stakes.

A deal is not a fair coin: a taker chooses to bid and wins most deals (three in four among the
computer players). Each role therefore has an **advantage** (in the logit of a comparison's win
chance, learned per server, game, table size and **contract**, the defence's or others' role fixed
at 0), as Elo ratings learn a home advantage: after each comparison it moves by ``LEARN x weight x
(result - expected)``, the gradient of the same likelihood, so a role wins as often as expected.

The contract is part of it because a taker's chance depends on what they bid, and who bids what
depends on the players: in one server, easy players bid Prises at random and win a third of them
while normal players bid Gardes and win three in four. One advantage per role (model 2) averaged
the two, so equal normal takers won more than expected and gained as takers what they lost as
defenders (benchmark, one server: defenders -0.77 a deal [-1.32, -0.23]): a drift of the role. Per contract each kind of deal is expected
as it goes in that server, and the check that equal players do not drift holds in a mixed server
(``python -m benchmarks.ratings``, and ``test_weak_takers_do_not_make_equal_strong_takers_drift``).
An advantage growing with the taker's rating (``a + b x (mu_taker - mu_table) / beta``, the same
gradient) was tried first: it cannot tell equal normal players' Gardes from the easy players'
Prises (both takers sit near their table's mean); it learned ``b = -0.2`` and left the drift, and
beside per-contract advantages it took part of the levels' spread into ``b`` instead of ratings.

**Games without sides** (Le Trio, L'École, Piquet) rank the match by its final places (openskill's
Plackett-Luce over the seats).

Shown ratings (:func:`shown`) are ``1000 + 50 x (mu - 25)``: the estimate itself, so a won deal
always shows a gain and a lost one a loss (a new player shows 1000, never below 0). While the
estimate is unsure (``sigma`` above :data:`PROVISIONAL`) the rating is *provisional*, as Lichess and
Glicko mark a rating with few games: it moves fast, is called provisional in words wherever it is
shown and is listed apart from the leaderboard's ranks. Once settled, a match at normal stakes moves
it by at most :data:`SETTLED_STEP` (:func:`bounded`), and since ``sigma`` never grows from one match
to the next, no change grows as a member plays more. The change shown is the change of the shown
rating, rounded once (:func:`shown`); the explanation's parts are apportioned to add up to exactly
it (:func:`apportioned`). Computer players are rated under one key per level (``c:normal``);
a level's line counts every seat it held.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from openskill.models import PlackettLuce

from bot.service.rating_deals import Deal, finished_deals
from bot.storage import Rating
from games.base import Game, Outcome

MODEL = PlackettLuce()  # openskill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300
PAIRS = PlackettLuce(tau=0.0)  # one comparison of a deal (the dynamics are added once per match)
BASE, SCALE = 1000, 50  # shown rating = BASE + SCALE x (mu - MODEL.mu)
VERSION = 4  # of the model: stored ratings rated by an older one are recomputed (bot.service.rerate)
COMPUTER = "c:"
PROVISIONAL = 4.0  # sigma above which a rating is provisional (settled at or below)
#: most a settled rating moves in one match at normal stakes (shown points); a match whose deals
#: weigh more (a Garde sans, a chelem: :func:`importance` up to 2) may move it that many times more
SETTLED_STEP = 60
LEARN = 0.05  # step of a role's advantage per unit of comparison weight
IMPORTANCE = (0.5, 2.0)  # bounds of a deal's weight
#: a deal's points changing hands that weigh 1 (the median deal among the computer players);
#: a deal weighs sqrt(stake / reference) within IMPORTANCE
REFERENCE: dict[tuple[str, int], float] = {
    ("tarot", 3): 144.0, ("tarot", 4): 216.0, ("tarot", 5): 228.0, ("tresillo", 3): 10.0,
    ("tresillo", 4): 15.0}
#: starting advantage of a role (``role@seats``, measured among the normal computer players) and of
#: its contracts (``role@seats:contract``, learned in the benchmark's one server: 130 Tarot and 180
#: Tresillo matches of each pool); a contract without its own starts from its role's
PRIOR: dict[tuple[str, str], float] = {
    ("tarot", "taker@3"): 1.3, ("tarot", "taker@4"): 1.3, ("tarot", "taker@5"): 1.3,
    ("tarot", "taker@4:prise"): -0.1, ("tarot", "taker@4:garde"): 1.2, ("tarot", "taker@4:garde_sans"): 1.3,
    ("tresillo", "declarer@3"): 1.1, ("tresillo", "declarer@4"): 1.1,
    ("tresillo", "declarer@3:jeu"): 0.9, ("tresillo", "declarer@3:jeu_favour"): 0.3,
    ("tresillo", "declarer@3:solo"): 1.3, ("tresillo", "declarer@3:solo_favour"): 1.2}
BASE_ROLES = ("defender", "other")


@dataclass(frozen=True)
class Why:
    """Part of a rating change, as explanation lines name it: deals of one kind (role, contract,
    result), or the match's place. ``change`` is in shown points."""

    change: float
    n: int = 1
    role: str | None = None
    contract: str | None = None
    won: bool | None = None
    result: str | None = None
    place: int | None = None
    of: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if v is not None}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Why:
        return cls(**{k: data[k] for k in cls.__dataclass_fields__ if k in data})


class Rated(NamedTuple):
    """What rating a match gives: new ratings by key, each seat's rating before and why it moved
    (its parts add up to exactly the seat's change of shown rating, :func:`change`), and the roles'
    new advantages (``role@seats`` -> value, deals counted)."""

    ratings: dict[str, Rating]
    before: list[Rating]
    why: list[list[Why]]
    advantages: dict[str, tuple[float, int]]

    def change(self, seat: int, key: str) -> int:
        """The seat's change of shown rating: what results, ``/history`` and the explanation show."""
        return shown(value(self.ratings[key])) - shown(value(self.before[seat]))

    def stored_why(self, seat: int, key: str) -> str:
        """What a result line stores of why its rating moved: the parts, the change they add up to
        and whether the rating after is still provisional (:func:`bot.service.rating_words.parts_of`)."""
        return json.dumps({"parts": [w.to_json() for w in self.why[seat]], "change": self.change(seat, key),
                           "provisional": provisional(self.ratings[key])})


def player_key(user_id: int | None, level: str = "normal") -> str:
    """``u<id>`` for a member, ``c:<level>`` for a computer player of that level."""
    return f"u{user_id}" if user_id is not None else f"{COMPUTER}{level}"


def computer_level(key: str) -> str | None:
    """The level of a computer player's key (``c:normal`` -> ``normal``), ``None`` for a member."""
    return key[len(COMPUTER):] if key.startswith(COMPUTER) else None


def value(rating: Rating) -> float:
    """What :func:`shown` takes (and results store): the estimate, 0 for a new player."""
    return rating.mu - MODEL.mu


def shown(value: float) -> int:
    """The rating players see: ``1000 + 50 x value``, at least 0 (a new player shows 1000).

    The value is first rounded as match results store it (2 decimals), so a match's "before ->
    after" and the leaderboard always agree.
    """
    return max(0, round(BASE + SCALE * round(value, 2)))


def provisional(rating: Rating) -> bool:
    """Whether the estimate is still unsure (few matches): marked "provisional" in words wherever a
    rating is shown, and listed apart from the leaderboard's ranks."""
    return rating.sigma > PROVISIONAL


def apportioned(parts: list[Why], total: int) -> list[Why]:
    """``parts`` with whole changes adding up to exactly ``total`` (the change of shown rating):
    each part's share of the total, the remainders given by the largest fractions (one rounding,
    here, so the explanation line and ``/history`` agree)."""
    if not parts:
        return []
    raw = sum(p.change for p in parts)
    shares = [p.change * total / raw for p in parts] if raw else [total / len(parts)] * len(parts)
    whole = [math.floor(x) for x in shares]
    order = sorted(range(len(parts)), key=lambda i: whole[i] - shares[i])
    for i in order[:total - sum(whole)]:
        whole[i] += 1
    return [replace(p, change=w) for p, w in zip(parts, whole, strict=True)]


def bounded(old: Rating, mu: float, stake: float) -> float:
    """A settled rating's new ``mu`` moved by at most :data:`SETTLED_STEP` shown points times the
    match's stake (1 at normal stakes); a provisional rating's as rated."""
    if provisional(old):
        return mu
    step = SETTLED_STEP * max(1.0, stake) / SCALE
    return min(max(mu, old.mu - step), old.mu + step)


def importance(game: str, seats: int, stake: float) -> float:
    """A deal's weight: ``sqrt(stake / reference)`` within :data:`IMPORTANCE` (1 when unknown)."""
    reference = REFERENCE.get((game, seats))
    if not reference or stake <= 0:
        return 1.0
    return min(max(math.sqrt(stake / reference), IMPORTANCE[0]), IMPORTANCE[1])


def advantage_key(role: str, seats: int, contract: str | None = None) -> str | None:
    """Where a role's advantage is kept: ``taker@4:garde`` (``taker@4`` without a contract); the
    called partner shares the taker's (they win or lose together); ``None`` for the defence's or
    others' role (0)."""
    if role in BASE_ROLES:
        return None
    return f"{'taker' if role == 'partner' else role}@{seats}" + (f":{contract}" if contract else "")


def _learned(game: str, key: str, known: Mapping[str, tuple[float, int]]) -> float:
    if key in known:
        return known[key][0]
    return PRIOR.get((game, key), PRIOR.get((game, key.split(":")[0]), 0.0))


def advantage_of(game: str, role: str, seats: int, known: Mapping[str, tuple[float, int]],
                 contract: str | None = None) -> float:
    """A role's advantage in a deal of ``contract``: learned (``known``), else its prior (the
    contract's, else the role's); 0 for the defence's or others' role."""
    key = advantage_key(role, seats, contract)
    return 0.0 if key is None else _learned(game, key, known)


def rate_deal(game: str, deal: Deal, seats: list[Any], advantages: dict[str, tuple[float, int]]) -> list[float]:
    """Rate one deal: each seat's openskill rating replaced in ``seats``, the roles' advantages
    updated in ``advantages``; returns each seat's change of mu."""
    n = len(seats)
    sigma2 = [s.sigma ** 2 for s in seats]
    gross = [0.0] * n
    for p in deal.payments:
        gross[p.winner] += p.amount
        gross[p.loser] += p.amount
    top = max(gross)
    weight = importance(game, n, deal.stake) / top
    mu_change, log_shrink = [0.0] * n, [0.0] * n
    adv = {s: advantage_of(game, deal.roles[s], n, advantages, deal.contract) for s in range(n)}
    learned: dict[int, float] = {}
    for p in deal.payments:
        a, b, w = p.winner, p.loser, p.amount * weight
        c = math.sqrt(sigma2[a] + sigma2[b] + 2 * PAIRS.beta ** 2)
        shift = c * (adv[a] - adv[b])
        team_a = MODEL.rating(mu=seats[a].mu + shift, sigma=math.sqrt(sigma2[a]))
        team_b = MODEL.rating(mu=seats[b].mu, sigma=math.sqrt(sigma2[b]))
        [[new_a], [new_b]] = PAIRS.rate([[team_a], [team_b]], ranks=[0, 1])
        step_a, step_b = new_a.mu - team_a.mu, new_b.mu - team_b.mu
        mu_change[a] += w * step_a
        mu_change[b] += w * step_b
        log_shrink[a] += w * math.log(new_a.sigma ** 2 / team_a.sigma ** 2)
        log_shrink[b] += w * math.log(new_b.sigma ** 2 / team_b.sigma ** 2)
        surprise = step_a * c / team_a.sigma ** 2  # 1 - expected win chance of the payee
        learned[a] = learned.get(a, 0.0) + w * surprise
        learned[b] = learned.get(b, 0.0) - w * surprise
    for s, r in enumerate(seats):
        if gross[s]:
            seats[s] = MODEL.rating(mu=r.mu + mu_change[s], sigma=math.sqrt(sigma2[s] * math.exp(log_shrink[s])))
    moved: dict[str, float] = {}
    for s, step in learned.items():
        if (key := advantage_key(deal.roles[s], n, deal.contract)) is not None:
            moved[key] = moved.get(key, 0.0) + LEARN * step
    for key, step in moved.items():
        old, count = (advantages[key] if key in advantages else (_learned(game, key, advantages), 0))
        advantages[key] = (old + step, count + 1)
    return mu_change


def _deal_why(deal: Deal, seat: int, change: float) -> Why:
    return Why(change=round(SCALE * change, 2), role=deal.roles[seat], contract=deal.contract, won=deal.won,
               result=deal.result)


def _merged(parts: list[Why]) -> list[Why]:
    """Parts of one kind added up, largest change first."""
    out: dict[tuple[Any, ...], Why] = {}
    for p in parts:
        key = (p.role, p.contract, p.won, p.result, p.place, p.of)
        old = out.get(key)
        out[key] = p if old is None else replace(old, change=round(old.change + p.change, 2), n=old.n + p.n)
    return sorted(out.values(), key=lambda w: -abs(w.change))


def rate_match(game: Game, data: Mapping[str, Any], outcome: Outcome, keys: Sequence[str],
               names: Sequence[str], current: Mapping[str, Rating],
               advantages: Mapping[str, tuple[float, int]] | None = None) -> Rated:
    """New ratings after a match (:class:`Rated`).

    ``keys[seat]`` is the seat's player key; ``current`` the stored ratings (missing = new);
    ``advantages`` the roles' stored advantages of this server and game. Matches, wins (first
    place) and points are counted too, per seat: a computer level holding several seats counts one
    match (and its own win and points) for each.
    """
    seats = len(keys)
    before = [current.get(k) or Rating(k, _user(k), computer_level(k) or names[i], MODEL.mu, MODEL.sigma)
              for i, k in enumerate(keys)]
    per_seat = [MODEL.rating(mu=r.mu, sigma=r.sigma) for r in before]
    learned = dict(advantages or {})
    why: list[list[Why]] = [[] for _ in range(seats)]
    deals = [d for d in finished_deals(game, data) if d is not None] if seats > 1 else []
    stakes = [max((importance(game.name, seats, d.stake) for d in deals
                   if any(s in (p.winner, p.loser) for p in d.payments)), default=1.0) for s in range(seats)]
    if deals:
        # the dynamics (openskill's tau) once per match, as openskill's rate adds them
        per_seat = [MODEL.rating(mu=r.mu, sigma=math.sqrt(r.sigma ** 2 + MODEL.tau ** 2)) for r in per_seat]
        for deal in deals:
            changes = rate_deal(game.name, deal, per_seat, learned)
            for s in range(seats):
                if any(s in (p.winner, p.loser) for p in deal.payments):
                    why[s].append(_deal_why(deal, s, changes[s]))
    elif seats > 1:
        new = MODEL.rate([[r] for r in per_seat], ranks=list(outcome.places))
        for s, team in enumerate(new):
            change = round(SCALE * (team[0].mu - per_seat[s].mu), 2)
            why[s].append(Why(change=change, place=outcome.places[s] + 1, of=seats))
        per_seat = [team[0] for team in new]
    after: dict[str, list[int]] = {}
    for seat, key in enumerate(keys):
        after.setdefault(key, []).append(seat)
    result: dict[str, Rating] = {}
    for key, seat_list in after.items():
        old = before[seat_list[0]]
        mu = bounded(old, sum(per_seat[s].mu for s in seat_list) / len(seat_list), max(stakes[s] for s in seat_list))
        # the uncertainty never grows with matches played, so no change grows as a member plays more
        sigma = min(old.sigma, sum(per_seat[s].sigma for s in seat_list) / len(seat_list))
        result[key] = replace(old, name=computer_level(key) or names[seat_list[0]], mu=mu, sigma=sigma,
                              matches=old.matches + len(seat_list),
                              wins=old.wins + sum(outcome.places[s] == 0 for s in seat_list),
                              points=old.points + sum(outcome.scores[s] for s in seat_list))
    moved = {k: v for k, v in learned.items() if (advantages or {}).get(k) != v}
    totals = [shown(value(result[k])) - shown(value(before[s])) for s, k in enumerate(keys)]
    return Rated(result, before, [apportioned(_merged(w), totals[s]) for s, w in enumerate(why)], moved)


def _user(key: str) -> int | None:
    return int(key[1:]) if key.startswith("u") else None
