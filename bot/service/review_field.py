"""The field on the same cards (docs/rules/club.md, « Duplicate deals », « Match points »): how every
member who held a member's cards of a shared deal did with them. No Discord here.

A shared deal is a daily challenge's deal, a duplicate group's or a duplicate club night's round
(:mod:`bot.service.shared_deals`). For the seat a member held there, :meth:`FieldService.field`
gathers each finished table dealing the same cards: who held that seat (members only: computers
fill seats but are never compared), their deal score, the contract of the deal and who took it
(the holder, another seat, or nobody), and whether it was made. The member's match points and
place are those of that comparison group (:func:`games.duplicate.match_points`).

What a member may see follows the one rule of :meth:`bot.service.shared_deals.SharedDeals.check`,
asked as for anyone who did not sit at the other tables: a challenge's field once the member
finished the day's challenge (or the day is over), a group's or a night's once their own table
of it is over. A table of another server is unknown; a member who did not sit at the table has
no seat to compare.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.service.challenge_scores import parse_seed
from bot.service.table import BotError
from bot.storage import shared_deals as sharing_rows
from games import GAMES
from games.duplicate import deal_records, deal_score, match_points

if TYPE_CHECKING:
    from bot.service.challenges import ChallengeService
    from bot.service.shared_deals import SharedDeals
    from bot.storage.database import Database

__all__ = ["Entry", "Field", "FieldService", "deal_facts"]

#: finished tables whose deals are kept replayed (a finished table never changes)
CACHED = 4096
#: Tresillo's results where the declarer made the contract
MADE = frozenset({"sacada", "bola"})


@dataclass(frozen=True)
class Facts:
    """One scored deal of a table: its number there, the contract (``None``: none, or a game
    without one), the seat that took it, whether it was made (``None``: no contract)."""

    deal_no: int
    shuffle: int
    deltas: tuple[float, ...]
    contract: str | None
    taker: int | None
    made: bool | None


def deal_facts(game: str, record: Mapping[str, Any], shuffle: int = 0) -> Facts:
    """A deal's facts from its ``last_deal`` lines (:func:`games.duplicate.deal_records`): Tarot's
    contract, taker and result; Tresillo's contract, declarer and result; none for the others."""
    deltas = tuple(float(d) for d in record.get("deltas") or ())
    if game in ("trio", "ecole"):
        deltas = tuple(-d for d in deltas)
    contract, taker, made = record.get("contract") or None, None, None
    if game == "tarot" and contract:
        taker, made = record.get("taker"), bool(record.get("won"))
    elif game == "tresillo" and contract:
        taker, made = record.get("declarer"), str(record.get("result") or "") in MADE
    else:
        contract = None
    return Facts(int(record.get("deal_no") or 0), shuffle, deltas, None if contract is None else str(contract),
                 taker if isinstance(taker, int) else None, made)


@dataclass(frozen=True)
class Entry:
    """A member who held the cards: their table, deal score and what happened on the deal."""

    user_id: int
    name: str
    table_id: str
    score: float
    contract: str | None
    took: bool  # the holder of the cards took the contract
    made: bool | None


@dataclass(frozen=True)
class Field:
    """The field of one seat of a shared deal, for ``mine`` (the member asking): everyone who
    held those cards at a finished table, their own match points (``percent``) and ``place``
    (1 for the best; tied members share it), ``waiting`` the tables dealing it still in play."""

    game: str
    table_id: str
    deal_no: int
    seat: int
    entries: tuple[Entry, ...]
    mine: Entry
    percent: float
    place: int
    waiting: int

    @property
    def best(self) -> Entry:
        """The best result (the earliest listed among equals: the member's own first)."""
        return max(self.entries, key=lambda e: e.score)

    def groups(self) -> list[tuple[str | None, bool, list[Entry]]]:
        """The entries by contract and by who took it (``(contract, took, entries)``; a contract
        taken by another seat has ``took`` false, a deal nobody took ``contract`` ``None``), the
        largest group first."""
        found: dict[tuple[str | None, bool], list[Entry]] = {}
        for e in self.entries:
            found.setdefault((e.contract, e.took), []).append(e)
        return [(c, took, es) for (c, took), es in sorted(found.items(), key=lambda kv: (-len(kv[1]), not kv[0][1],
                                                                                          str(kv[0][0])))]


class FieldService:
    """The field on the same cards, over the database, the one rule of who may see a shared deal
    (``shared``) and the challenge's rows."""

    def __init__(self, db: Database, shared: SharedDeals, challenges: ChallengeService) -> None:
        self.db = db
        self.shared = shared
        self.challenges = challenges
        self._facts: OrderedDict[str, list[Facts]] = OrderedDict()  # finished tables' deals

    async def field(self, guild_id: int, viewer: int, table_id: str, deal_no: int) -> Field:
        """The field of ``viewer``'s seat in deal ``deal_no`` of their table ``table_id``.

        :raises BotError: the table is unknown here or not over, ``viewer`` held no seat there, the
            deal is not shared, or ``viewer`` may not see the other tables yet (the rule's line)."""
        code = table_id.strip().lower()
        row = await self.db.table(code) if code else None
        if row is None or row["guild_id"] != guild_id or row["game"] not in GAMES:
            raise BotError.of("unknown_table", table=code or "?")
        if row["status"] != "over":
            raise BotError.of("field_not_over", table=code)
        seed = str(row["seed"])
        challenge = parse_seed(seed) is not None
        sharing = None if challenge else await sharing_rows.sharing(self.db, code)
        if not challenge and sharing is None:
            raise BotError.of("field_not_shared", table=code)
        facts, users, _names = await self._table(code, row)
        if viewer not in users:
            raise BotError.of("field_not_yours")
        # the rule, asked as for a member who sat at none of the other tables
        await self.shared.check(guild_id, viewer, code, seed, ())
        seat = users.index(viewer)
        game = str(row["game"])
        own = next((f for f in facts if f.deal_no == deal_no), None)
        if own is None:
            raise BotError.of("field_not_over", table=code)
        if challenge:
            entries, waiting = await self._challenge(code, seat, row)
        else:
            assert sharing is not None
            entries, waiting = await self._shared(sharing, seat, own, game)
        mine = next(e for e in entries if e.table_id == code)
        ordered = [mine, *(e for e in entries if e is not mine)]
        percents = match_points([e.score for e in ordered])
        place = 1 + sum(e.score > mine.score for e in ordered)
        return Field(game, code, deal_no, seat, tuple(ordered), mine, percents[0], place, waiting)

    async def _challenge(self, table_id: str, seat: int, row: Mapping[str, Any]) -> tuple[list[Entry], int]:
        """Every member's finished play of a challenge deal (the score each one's day counts)."""
        mine = await self.challenges.store.by_table(table_id)
        if mine is None:
            raise BotError.of("field_not_shared", table=table_id)
        same = [r for r in await self.challenges.store.day(mine.guild_id, mine.game, mine.day)
                if r.deal_no == mine.deal_no]
        out = []
        for r in same:
            if r.score is None:
                continue
            facts = await self._deals(r.table_id)
            if facts:
                out.append(self._entry(mine.game, r.user_id, r.name, r.table_id, r.score, facts[-1], r.seat))
        return out, sum(r.score is None for r in same)

    async def _shared(self, sharing: sharing_rows.Sharing, seat: int, own: Facts,
                      game: str) -> tuple[list[Entry], int]:
        """The holders of ``seat`` at each finished table of a group's deal or a night's round: a
        group's table is one deal (its score the deal score); a night's table plays several,
        matched by the shuffle they were drawn from ("Duplicate deals")."""
        out, waiting = [], 0
        for table_id, status, _ in sharing.tables:
            if status != "over":
                waiting += status != "cancelled"
                continue
            facts, users, names = await self._table(table_id)
            if seat >= len(users) or users[seat] is None:
                continue  # a computer held the cards: never compared
            if len(facts) == 1 or all(f.shuffle == facts[0].shuffle for f in facts):
                fact = facts[-1]
                score = await self._one_deal_score(table_id, game, seat)
            else:
                found = next((f for f in facts if f.shuffle == own.shuffle), None)
                if found is None:
                    continue
                fact, score = found, found.deltas[seat] if seat < len(found.deltas) else 0.0
            user = users[seat]
            assert user is not None
            out.append(self._entry(game, user, names[seat], table_id, score, fact, seat))
        return out, waiting + max(0, sharing.expected - len(sharing.tables))

    async def _one_deal_score(self, table_id: str, game: str, seat: int) -> float:
        row = await self.db.table(table_id)
        data = await self.db.saved_state(row) if row is not None else None
        if data is None:
            return 0.0
        state = await asyncio.to_thread(GAMES[game].load, data)
        return deal_score(game, state, seat)

    @staticmethod
    def _entry(game: str, user: int, name: str, table_id: str, score: float, fact: Facts, seat: int) -> Entry:
        return Entry(user, name, table_id, float(score), fact.contract, fact.taker == seat, fact.made)

    async def _table(self, table_id: str, row: Mapping[str, Any] | None = None,
                     ) -> tuple[list[Facts], list[int | None], list[str]]:
        """A finished table's scored deals (replayed once, then kept: no member's id or name is
        kept, an erasure shows at once), members and names (read each time)."""
        seats = await self.db.seats(table_id)
        return await self._deals(table_id, row), [s["user_id"] for s in seats], [s["name"] for s in seats]

    async def _deals(self, table_id: str, row: Mapping[str, Any] | None = None) -> list[Facts]:
        kept = self._facts.get(table_id)
        if kept is not None:
            self._facts.move_to_end(table_id)
            return kept
        row = row or await self.db.table(table_id)
        data = await self.db.saved_state(dict(row)) if row is not None else None
        if row is None or data is None:
            return []
        game = str(data["game"])
        found = [deal_facts(game, last, shuffle) for shuffle, last in await asyncio.to_thread(deal_records, data)]
        if row["status"] == "over":
            self._facts[table_id] = found
            while len(self._facts) > CACHED:
                self._facts.popitem(last=False)
        return found


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0
