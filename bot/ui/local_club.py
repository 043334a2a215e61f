"""The local mode's demo club: its simulated members play their own seats while nobody is
"Viewing as" them, so an organiser can rehearse a whole club night (twelve members over three
tables, the rotation, the standings) without holding every seat. Viewing the page as a member
hands their seat to the person at the page until the page views someone else.

A member's move is chosen as a normal computer chooses it, from that seat's own view, and played
through the table service like a member's click (:meth:`TableService.act`): saved, shown and
refused exactly like one.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable, Collection
from typing import Any

from bot.service.tables import TableService
from games.errors import GameError

log = logging.getLogger(__name__)
TICK = 0.2  # seconds between two looks at the tables
SHOWN_AFTER = 5.0  # seconds the page is shown the bot's posts after the club's last move


class DemoClub:
    """Plays the seats of ``members`` (user ids) that ``viewed()`` does not name, one move per table
    and look, ``pause`` seconds at least apart."""

    def __init__(self, service: TableService, members: Collection[int], viewed: Callable[[], set[int]],
                 pause: float = 0.0, seed: int = 46, shown: Callable[[], None] = lambda: None) -> None:
        self.service, self.members, self.viewed, self.shown = service, set(members), viewed, shown
        self.pause = max(pause, TICK)
        self.rng = random.Random(seed)
        self.moved = self.published = -SHOWN_AFTER  # when the club last played, when the page last showed it

    def turns(self) -> list[tuple[Any, int, int]]:
        """``(table, seat, member)`` of every table in play where a member nobody views is to act."""
        viewed = self.viewed()
        found = []
        for table in list(self.service.tables.values()):
            if table.status != "playing" or table.state is None:
                continue
            seat = table.to_act()
            if seat is None:
                continue
            user = table.seats[seat].user_id
            if user in self.members and user not in viewed:
                found.append((table, seat, user))
        return found

    async def play_once(self) -> int:
        """One move for each member to act; how many were played."""
        played = 0
        for table, seat, user in self.turns():
            state = table.state
            legal = state.legal_actions(seat)
            if not legal:
                continue
            action = table.game.computer_player("normal").choose(state.view(seat), legal, self.rng)
            try:
                await self.service.act(table.id, user, [action], table.rev)
                played += 1
            except GameError:  # the table moved on meanwhile (a click, an abandon): look again next time
                continue
        return played

    async def run(self) -> None:
        """Play, and have the page show it: each second while the club plays and for a few seconds
        after (the table messages, recaps and a club night's posts follow its moves)."""
        loop = asyncio.get_running_loop()
        while True:
            try:
                if await self.play_once():
                    self.moved = loop.time()
                now = loop.time()
                if now - self.moved < SHOWN_AFTER and now - self.published >= 1:
                    self.published = now
                    self.shown()
            except asyncio.CancelledError:
                raise
            except Exception:  # one bad look never stops the club (the log says it)
                log.exception("demo club: a move failed")
            await asyncio.sleep(self.pause)
