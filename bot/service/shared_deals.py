"""One rule of visibility for every shared deal (docs/rules/club.md, « Duplicate deals »): the daily challenge's deals, a
duplicate group's, a duplicate club night's rounds. A member sees a shared deal (its replay, its
export, its history line, its results and standings) only once they have played it or can no
longer play it:

* **a challenge deal**: to the member who played it, to the others once they finished that day's
  challenge or once the day is over (:meth:`ChallengeService.visible`);
* **a group's deal or a duplicate night's round**: to a member who holds a seat of it once their
  own table of it is over (or cancelled); to anyone else (a member who left, another member of the
  server) once every table dealing it is over or cancelled.

A practice table replaying a deal from one of its moments ("Rejouer d'ici", :mod:`bot.service.replay_from`)
holds that deal's cards under another table's id: it is its member's alone (opened only once they
could see the deal), never anyone else's.

Any other table is a match of its own: shown once over (:func:`bot.ui.replay.finished`). Every way in
(``/replay``, ``/export``, ``/history``, ``/duplicate results``, the Replay and Export buttons, a
code typed by hand) asks :meth:`SharedDeals.visible` or :meth:`SharedDeals.check`; a table of
another server is refused as unknown before that.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from bot.service.challenge_scores import parse_seed
from bot.service.table import PRACTICE_SEED, BotError
from bot.storage import shared_deals as rows

if TYPE_CHECKING:
    from bot.service.challenges import ChallengeService
    from bot.storage.database import Database

__all__ = ["SharedDeals"]
DONE = ("over", "cancelled")


class SharedDeals:
    """The visibility check, over the challenge service and the shared tables' rows."""

    def __init__(self, db: Database, challenges: ChallengeService) -> None:
        self.db = db
        self.challenges = challenges

    async def visible(self, guild_id: int, viewer: int, table_id: str, seed: str,
                      players: Collection[int | None]) -> bool:
        """Whether ``viewer`` may see the finished table ``table_id`` of ``guild_id`` (dealt from
        ``seed``, ``players`` its members): see the module's rule."""
        opened = await rows.table_seed(self.db, table_id)
        if opened is not None and opened.startswith(PRACTICE_SEED):
            return viewer in players
        if parse_seed(seed) is not None:
            return await self.challenges.visible(guild_id, viewer, seed, players)
        found = await rows.sharing(self.db, table_id)
        if found is None:
            return True
        if found.guild_id != guild_id:
            return False
        mine = [status for _, status, seated in found.tables if viewer in seated]
        if mine or viewer in found.players:
            return bool(mine) and all(status in DONE for status in mine)
        return len(found.tables) >= found.expected and all(status in DONE for _, status, _ in found.tables)

    async def check(self, guild_id: int, viewer: int, table_id: str, seed: str,
                    players: Collection[int | None]) -> None:
        """:raises BotError: ``viewer`` may not see that table yet (:meth:`visible`)."""
        if not await self.visible(guild_id, viewer, table_id, seed, players):
            raise BotError.of("challenge_finish_first" if parse_seed(seed) else "shared_play_first")

    async def group_deals(self, group_id: str, guild_id: int, viewer: int) -> set[int] | None:
        """The deals of a group ``viewer`` may see the results of (``None``: no such group here)."""
        found = await rows.group_deal(self.db, group_id)
        if found is None or found[1] != guild_id:
            return None
        tables, _, slots = found
        mine = [slot for slot, members in enumerate(slots) if viewer in members]
        out = set()
        for deal_no in {k for _, k, _, _ in tables}:
            done = {slot for slot, k, _, status in tables if k == deal_no and status in DONE}
            if (mine and all(s in done for s in mine)) or (not mine and len(done) == len(slots)):
                out.add(deal_no)
        return out
