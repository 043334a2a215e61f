"""How players change tables between the rounds of a club night (docs/rules/club.md, « Club nights »): the plans that
:func:`games.events.movement` chooses from. Pure, standard library only.

A plan is ``plan[round][table]``: a table's seats in seat order, a player index or ``None`` for a
computer. A **repeated meeting** is a second (third...) round two players share a table: a pair
that meets ``c`` times counts ``c - 1``; computers do not count.

Three kinds of movement, all from round 1's random seating (a seeded shuffle of the players):

* ``cyclic``: the player first at table ``t``, seat ``s`` sits at table ``t + m[s] * r`` (mod the
  number of tables) in round ``r``. The FFT rotation is the case ``m`` = North 0, East +2,
  South +1, West -2 (seats in the order North, East, South, West). Two players of seats ``i`` and
  ``j`` meet again after ``T / gcd(m[i] - m[j], T)`` rounds, so with ``T`` tables the rotation is
  free of repeats for ``min T / gcd(d, T)`` rounds (FFT: none at 4 tables, where East +2 and West -2
  are the same table; 5 rounds at 5 tables); other multipliers may do better.
* ``field``: the same with the arithmetic of the finite field of ``T`` elements when ``T`` is a prime
  power (4, 8, 9, 16...): ``T`` rounds without a repeat, and one more at 4 tables of 4 (the affine
  plane of order 4: 16 players, 5 rounds).
* ``search``: a seeded greedy start and a tabu local search swapping two players of a round
  (the social golfer problem's usual method), deterministic: it counts iterations, not seconds.
  It is the only one when computers complete the last table (they stay there every round).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from itertools import combinations

Table = tuple[int | None, ...]
Plan = tuple[tuple[Table, ...], ...]

FFT_MULTIPLIERS = (0, 2, 1, -2)  # North stays, East two tables up, South one up, West two down
# irreducible polynomials (coefficients, constant first) for GF(p^m), p^m a table count that is not prime
_IRREDUCIBLE = {4: (2, (1, 1, 1)), 8: (2, (1, 1, 0, 1)), 16: (2, (1, 1, 0, 0, 1)), 32: (2, (1, 0, 1, 0, 0, 1)),
                64: (2, (1, 1, 0, 0, 0, 0, 1)), 9: (3, (1, 0, 1)), 27: (3, (1, 2, 0, 1)), 25: (5, (2, 0, 1)),
                49: (7, (1, 0, 1)), 81: (3, (2, 1, 0, 0, 1)), 121: (11, (1, 0, 1))}


def repeated_meetings(plan: Sequence[Sequence[Sequence[int | None]]]) -> int:
    """The repeated meetings of a plan: a pair of players at one table in ``c`` rounds counts
    ``c - 1`` (« Club nights »: "show how many remain"); computer seats (``None``) count for nothing."""
    met: dict[tuple[int, int], int] = {}
    for tables in plan:
        for table in tables:
            humans = sorted(p for p in table if p is not None)
            for pair in combinations(humans, 2):
                met[pair] = met.get(pair, 0) + 1
    return sum(c - 1 for c in met.values())


def lower_bound(players: int, rounds: int, table_size: int) -> int:
    """No plan has fewer repeated meetings: each round seats the same number of pairs at tables,
    and at most ``players (players - 1) / 2`` of all those pairs can be different."""
    tables = -(-players // table_size)
    last = players - (tables - 1) * table_size
    pairs = (tables - 1) * math.comb(table_size, 2) + math.comb(last, 2)
    return max(0, rounds * pairs - math.comb(players, 2))


# -- designs: plans of positions (table t, seat s) -> position t * size + s -------------------------

def _cyclic(tables: int, size: int, rounds: int, mult: Sequence[int]) -> list[list[list[int]]]:
    return [[[((t - mult[s] * r) % tables) * size + s for s in range(size)] for t in range(tables)]
            for r in range(rounds)]


def free_rounds(tables: int, mult: Sequence[int]) -> int:
    """Rounds a cyclic movement with these seat multipliers runs before two players meet again."""
    return min(tables // math.gcd(a - b, tables) for a, b in combinations(mult, 2))


def best_multipliers(tables: int, size: int, rounds: int, limit: int = 20_000) -> tuple[int, ...] | None:
    """Seat multipliers (0 first) giving the most repeat-free rounds, at least ``rounds`` if some
    do (the first found); ``None`` when there are fewer tables than seats."""
    if tables < size:
        return None
    best: tuple[int, ...] = tuple(range(size))
    score = free_rounds(tables, best)
    for i, rest in enumerate(combinations(range(1, tables), size - 1)):
        if score >= rounds or i >= limit:
            break
        cand = (0, *rest)
        if (s := free_rounds(tables, cand)) > score:
            best, score = cand, s
    return best


class _Field:
    """GF(p^m): elements are the integers 0..q-1, base-p digits the polynomial's coefficients."""

    def __init__(self, q: int) -> None:
        self.p, self.poly = _IRREDUCIBLE[q]
        self.m = len(self.poly) - 1
        self.q = q

    def _digits(self, x: int) -> list[int]:
        return [(x // self.p ** i) % self.p for i in range(self.m)]

    def _number(self, d: Sequence[int]) -> int:
        return sum(c * self.p ** i for i, c in enumerate(d))

    def add(self, x: int, y: int) -> int:
        return self._number([(a + b) % self.p for a, b in zip(self._digits(x), self._digits(y), strict=True)])

    def neg(self, x: int) -> int:
        return self._number([(-a) % self.p for a in self._digits(x)])

    def mul(self, x: int, y: int) -> int:
        p, m = self.p, self.m
        prod = [0] * (2 * m - 1)
        for i, a in enumerate(self._digits(x)):
            for j, b in enumerate(self._digits(y)):
                prod[i + j] = (prod[i + j] + a * b) % p
        for k in range(len(prod) - 1, m - 1, -1):  # reduce by the monic polynomial of degree m
            c = prod[k]
            if c:
                for i, pc in enumerate(self.poly):
                    prod[k - m + i] = (prod[k - m + i] - c * pc) % p
        return self._number(prod[:m])


def _field(tables: int, size: int, rounds: int) -> list[list[list[int]]] | None:
    """The affine design over GF(tables): in round r (a field element), position (t, s) sits at
    table t + s r; at 4 tables of 4 a fifth round seats each seat's four players together. Rounds
    past those repeat the earliest ones."""
    if tables not in _IRREDUCIBLE or size > tables:
        return None
    f = _Field(tables)
    classes = []
    for r in range(min(rounds, tables)):
        tabs = [[0] * size for _ in range(tables)]
        for t in range(tables):
            for s in range(size):
                tabs[f.add(t, f.mul(s, r))][s] = t * size + s
        classes.append(tabs)
    if size == tables and rounds > tables:
        classes.append([[t * size + s for t in range(tables)] for s in range(size)])
    return [classes[r % len(classes)] for r in range(rounds)]


# -- the local search -------------------------------------------------------------------------------

class _Search:
    """Swaps of two players of one round, chosen to lower the repeated meetings (a pair meeting c
    times costs c (c - 1) / 2, which steers away from triple meetings) and, with computers, how often
    a player sits at their table; tabu tenure and restarts from the best plan when stuck."""

    def __init__(self, plan: list[list[list[int]]], players: int, last_size: int, rng: random.Random) -> None:
        self.rng = rng
        self.n = players
        self.rounds = len(plan)
        self.tables = len(plan[0])
        self.last = self.tables - 1 if last_size < len(plan[0][0]) else -1  # the computers' table
        self.load(plan)

    def load(self, plan: list[list[list[int]]]) -> None:
        n = self.n
        self.plan = [[list(t) for t in rnd] for rnd in plan]
        self.meet = [[0] * n for _ in range(n)]
        self.where = [[0] * n for _ in range(self.rounds)]
        self.visits = [0] * n
        for r, rnd in enumerate(self.plan):
            for t, table in enumerate(rnd):
                for p in table:
                    self.where[r][p] = t
                    if t == self.last:
                        self.visits[p] += 1
                for a, b in combinations(table, 2):
                    self.meet[a][b] += 1
                    self.meet[b][a] += 1
        self.bad = {(a, b) for a in range(n) for b in range(a + 1, n) if self.meet[a][b] > 1}
        self.quad = sum(c * (c - 1) // 2 for row in self.meet for c in row) // 2
        self.lin = sum(c - 1 for row in self.meet for c in row if c > 1) // 2
        self.comp = sum(v * (v - 1) // 2 for v in self.visits) if self.last >= 0 else 0

    def key(self) -> tuple[int, int, int]:
        return (self.lin, self.comp, self.quad)

    def conflict(self) -> tuple[int, int] | None:
        """A random (round, player) in a repeated meeting, or at the computers' table again."""
        rng = self.rng
        if self.bad:
            pairs = sorted(self.bad)
            a, b = pairs[rng.randrange(len(pairs))]
            rounds = [r for r in range(self.rounds) if self.where[r][a] == self.where[r][b]]
            return rounds[rng.randrange(len(rounds))], (a, b)[rng.randrange(2)]
        if self.last >= 0:
            returns = [(r, p) for r in range(self.rounds) for p in self.plan[r][self.last] if self.visits[p] > 1]
            if returns:
                return returns[rng.randrange(len(returns))]
        return None

    def delta(self, r: int, a: int, b: int) -> tuple[int, int, int]:
        """(quadratic, computers, linear) change of swapping a and b in round r."""
        ta, tb = self.where[r][a], self.where[r][b]
        rnd = self.plan[r]
        ma, mb = self.meet[a], self.meet[b]
        dq = dl = 0
        for x in rnd[tb]:
            if x != b:
                c = ma[x]
                dq += c
                dl += c >= 1
                c = mb[x]
                dq -= c - 1
                dl -= c >= 2
        for x in rnd[ta]:
            if x != a:
                c = mb[x]
                dq += c
                dl += c >= 1
                c = ma[x]
                dq -= c - 1
                dl -= c >= 2
        dc = 0
        if self.last in (ta, tb):
            va, vb = self.visits[a], self.visits[b]
            dc = (vb - (va - 1)) if ta == self.last else (va - (vb - 1))
        return dq, dc, dl

    def _change(self, a: int, b: int, step: int) -> None:
        c = self.meet[a][b] + step
        self.meet[a][b] = self.meet[b][a] = c
        pair = (a, b) if a < b else (b, a)
        if c > 1:
            self.bad.add(pair)
        else:
            self.bad.discard(pair)

    def swap(self, r: int, a: int, b: int) -> None:
        dq, dc, dl = self.delta(r, a, b)
        ta, tb = self.where[r][a], self.where[r][b]
        rnd = self.plan[r]
        for x in rnd[ta]:
            if x != a:
                self._change(a, x, -1)
                self._change(b, x, 1)
        for x in rnd[tb]:
            if x != b:
                self._change(b, x, -1)
                self._change(a, x, 1)
        rnd[ta][rnd[ta].index(a)] = b
        rnd[tb][rnd[tb].index(b)] = a
        self.where[r][a], self.where[r][b] = tb, ta
        if self.last == ta:
            self.visits[a] -= 1
            self.visits[b] += 1
        elif self.last == tb:
            self.visits[b] -= 1
            self.visits[a] += 1
        self.quad += dq
        self.comp += dc
        self.lin += dl

    def run(self, iterations: int, target: tuple[int, int]) -> list[list[list[int]]]:
        """The best plan found in ``iterations`` steps (stops early on reaching ``target``, the
        least repeated meetings and computer-table returns possible)."""
        rng = self.rng
        best, best_key = [[list(t) for t in rnd] for rnd in self.plan], self.key()
        tabu: dict[tuple[int, int], int] = {}
        stall = 0
        patience = 60 + 4 * self.n
        for it in range(iterations):
            if (self.lin, self.comp) <= target:
                break
            picked = self.conflict()
            if picked is None:
                break
            r, a = picked
            ta = self.where[r][a]
            choice: tuple[int, int, float] | None = None
            chosen = -1
            for b in range(self.n):
                if self.where[r][b] == ta:
                    continue
                dq, dc, dl = self.delta(r, a, b)
                aspired = (self.lin + dl, self.comp + dc, self.quad + dq) < best_key
                if not aspired and (tabu.get((r, a), -1) >= it or tabu.get((r, b), -1) >= it):
                    continue
                cand = (dq, dc, rng.random())
                if choice is None or cand < choice:
                    choice, chosen = cand, b
            if chosen < 0:
                continue
            self.swap(r, a, chosen)
            tenure = 4 + rng.randrange(6)
            tabu[(r, a)] = tabu[(r, chosen)] = it + tenure
            if self.key() < best_key:
                best, best_key, stall = [[list(t) for t in rnd] for rnd in self.plan], self.key(), 0
            else:
                stall += 1
            if stall > patience:  # stuck: back to the best plan, shaken by a few random swaps
                self.load(best)
                for _ in range(1 + self.n // 8):
                    r = rng.randrange(self.rounds)
                    a, b = rng.randrange(self.n), rng.randrange(self.n)
                    if self.where[r][a] != self.where[r][b]:
                        self.swap(r, a, b)
                stall = 0
                tabu.clear()
        return best


def _greedy(players: int, tables: int, size: int, last_size: int, rounds: int,
            rng: random.Random, prefix: Sequence[Sequence[Sequence[int]]] = ()) -> list[list[list[int]]]:
    """The rounds of ``prefix``, then: round 1 at random; each later round seats the players one by
    one (in a random order) at the table where they meet the fewest players already met (then, the
    computers' table the fewest times)."""
    cap = [size] * (tables - 1) + [last_size]
    meet = [[0] * players for _ in range(players)]
    visits = [0] * players
    plan = []
    for r in range(rounds):
        order = list(range(players))
        rng.shuffle(order)
        seated: list[list[int]] = [[] for _ in range(tables)]
        if r < len(prefix):
            seated = [list(table) for table in prefix[r]]
            order = []
        for p in order:
            if r == 0:
                t = next(t for t in range(tables) if len(seated[t]) < cap[t])
            else:
                row = meet[p]
                t = min((t for t in range(tables) if len(seated[t]) < cap[t]),
                        key=lambda t: (sum(row[x] for x in seated[t]),
                                       visits[p] if t == tables - 1 and last_size < size else 0, rng.random()))
            seated[t].append(p)
        for t, table in enumerate(seated):
            for a, b in combinations(table, 2):
                meet[a][b] += 1
                meet[b][a] += 1
            if t == tables - 1:
                for p in table:
                    visits[p] += 1
        plan.append(seated)
    return plan


def _least_returns(players: int, rounds: int, last_size: int) -> int:
    """The fewest pairs of visits to the computers' table: ``rounds x last_size`` visits spread as
    evenly as possible over the players."""
    visits = rounds * last_size
    each, extra = divmod(visits, players)
    return (players - extra) * math.comb(each, 2) + extra * math.comb(each + 1, 2)


def search(players: int, rounds: int, size: int, rng: random.Random, iterations: int,
           start: Sequence[Sequence[Sequence[int]]] = ()) -> list[list[list[int]]]:
    """A plan of player indices by local search from the rounds of ``start`` completed greedily,
    computers' seats left out of the last table's list."""
    tables = -(-players // size)
    last_size = players - (tables - 1) * size
    plan = _greedy(players, tables, size, last_size, rounds, rng, start)
    if tables == 1:
        return plan
    target = (lower_bound(players, rounds, size), _least_returns(players, rounds, last_size) if last_size < size else 0)
    return _Search(plan, players, last_size, rng).run(iterations, target)


def repeat_free_prefix(plan: Sequence[Sequence[Sequence[int | None]]]) -> int:
    """How many first rounds of ``plan`` have no repeated meeting."""
    return next((r for r in range(1, len(plan) + 1) if repeated_meetings(plan[:r])), len(plan) + 1) - 1


def designs(tables: int, size: int, rounds: int) -> Iterator[tuple[str, list[list[list[int]]]]]:
    """The movements of full tables by formula, FFT rotation first: plans of positions."""
    if size == 4 and tables > 1:
        yield "fft", _cyclic(tables, size, rounds, FFT_MULTIPLIERS)
    mult = best_multipliers(tables, size, rounds)
    if mult is not None:
        yield "cyclic", _cyclic(tables, size, rounds, mult)
    field = _field(tables, size, rounds)
    if field is not None:
        yield "field", field
