"""Discord faults under simcord: routes answering 500, 429 or timing out, and a driver
that plays whole matches through them like members do (retrying what got no answer), counting
what people saw: recaps, results, pings, hands, apologies after accepted moves.

simcord's router calls ``simcord.http.router._check_faults(backend, method, path)`` before each
request; :class:`Faults` wraps it. A 429 arrives at once as an error (simcord has no retry: read it
as "discord.py's retries used up"); a timeout is a :class:`TimeoutError` raised before Discord
handled the request (the request was lost).
"""

from __future__ import annotations

import fnmatch
import random
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from simcord.backend.errors import BackendError
from simcord.http import router

from bot.service.tables import Table
from bot.ui.ids import parse_id
from bot.ui.parts import ROUND_GAMES
from tests.bot.drive import components, find, member_of, open_table, tree

#: the routes faults are injected on: ``(method, path pattern)``
ROUTES: dict[str, tuple[tuple[str, str], ...]] = {
    "table_edit": (("PATCH", "/channels/*/messages/*"),),
    "channel_post": (("POST", "/channels/*/messages"),),
    "interaction_response": (("POST", "/interactions/*/*/callback"), ("POST", "/webhooks/*/*")),
    "hand_edit": (("PATCH", "/webhooks/*/*/messages/*"),),
    "thread_create": (("POST", "/channels/*/threads"),),
    "thread_member": (("PUT", "/channels/*/thread-members/*"),),
}
KINDS = ("500", "429", "timeout")
APOLOGY = "Sorry, something went wrong"


def route_of(method: str, path: str) -> str | None:
    for name, patterns in ROUTES.items():
        if any(m == method and fnmatch.fnmatch(path, p) for m, p in patterns):
            return name
    return None


def failure(kind: str) -> BaseException:
    if kind == "500":
        return BackendError(500, 0, "Internal Server Error (injected)")
    if kind == "429":
        return BackendError(429, 0, "You are being rate limited. (injected)")
    return TimeoutError("injected timeout")


@dataclass
class Faults:
    """Requests on ``routes`` fail with probability ``rate``, as ``kinds`` in turn (so any three
    random faults cover the three kinds);
    :meth:`once` queues single failures of a route. ``injected`` counts them by (route, kind)."""

    rng: random.Random
    rate: float = 0.0
    routes: tuple[str, ...] = tuple(ROUTES)
    kinds: tuple[str, ...] = KINDS
    on: bool = True
    queued: list[tuple[str, str]] = field(default_factory=list)
    injected: Counter[tuple[str, str]] = field(default_factory=Counter)
    requests: Counter[str] = field(default_factory=Counter)
    drawn: int = 0  # random faults so far

    def once(self, route: str, kind: str = "500") -> None:
        self.queued.append((route, kind))

    def check(self, method: str, path: str) -> None:
        route = route_of(method, path)
        if route is None:
            return
        self.requests[route] += 1
        if not self.on:
            return
        for i, (name, kind) in enumerate(self.queued):
            if name == route:
                del self.queued[i]
                self.injected[route, kind] += 1
                raise failure(kind)
        if route in self.routes and self.rate > 0 and self.rng.random() < self.rate:
            kind = self.kinds[self.drawn % len(self.kinds)]
            self.drawn += 1
            self.injected[route, kind] += 1
            raise failure(kind)


@contextmanager
def injected(faults: Faults) -> Iterator[Faults]:
    """Install ``faults`` in simcord's router for the block."""
    original = router._check_faults

    def check(backend: Any, method: str, path: str) -> None:
        original(backend, method, path)
        faults.check(method, path)

    router._check_faults = check
    try:
        yield faults
    finally:
        router._check_faults = original


@dataclass
class Seen:
    """What the members saw of one match."""

    turns: int = 0
    accepted: int = 0
    apologies_after_accept: int = 0  # a move that counted, answered "try again"
    unanswered_pings: int = 0  # a member's turn (Discord settled) neither pinged nor shown by their live console
    stale_hands: int = 0  # a live hand (bot says editable) not showing the member's turn
    recaps: Counter[str] = field(default_factory=Counter)
    results: int = 0
    final_buttons: int = 0
    over: bool = False


def said(res: Any) -> list[str]:
    out = []
    for msg in [res.response, *res.followups]:
        if msg is None:
            continue
        out.append(msg.content or "")
        out += [(e.description or "") for e in msg.embeds]
        out += [c["content"] for c in tree(msg) if c.get("type") == 10]  # a V2 message's texts
    return out


def count_public(w: Any, table: Table, seen: Seen) -> None:
    """Recaps (by title) and results messages of ``table`` in the channel; buttons left on its message."""
    for m in w.channel.history():
        title = (m.embeds[0].title or "") if m.embeds else ""
        if title.startswith(("Deal ", "Round ")) and title.endswith(" is over."):
            seen.recaps[title] += 1
        elif "final results" in title and table.id in title:
            seen.results += 1
    seen.final_buttons = len(components(find(w.channel, table.message_id)))


def pinged(w: Any, table: Table, member: Any) -> bool:
    mention = f"<@{member.id}>"
    return any(mention in (m.content or "") and "your turn" in (m.content or "") for m in w.channel.history())


async def settle(w: Any) -> None:
    """simcord settled, and the presenter done with every part (its retries too)."""
    await w.env.settle()
    if any(s.task is not None and not s.task.done() for s in w.bot.presenter.shown.values()):
        await w.bot.presenter.drain()
        await w.env.settle()


async def play_match(w: Any, game: str, humans: list[Any], computers: int, options: str, faults: Faults,
                     rng: random.Random, max_tries: int = 4000) -> tuple[Table, Seen]:
    """Open a table (no faults), then play it to its end with ``faults`` on: members act from their
    live hand when it shows their turn, else by ``/play``; what got no answer is tried again."""
    faults.on = False
    table, _msg = await open_table(w, game, humans, computers, options=options)
    faults.on = True
    seen = Seen()
    hands: dict[int, int] = {}  # member id -> their hand message
    last_turn: tuple[int, int] | None = None
    for _ in range(max_tries):
        await settle(w)
        if table.status != "playing":
            break
        seat = table.to_act()
        assert seat is not None
        member = member_of(w, table, seat)
        rev = table.rev
        turn = (seat, table.turn_start)
        console = w.bot.hands.consoles.get(table.id, {}).get(seat)
        shows_turn = False  # the member's live console shows the turn (then no ping at once)
        if console is not None and console.fresh() and console.message_id:
            live = find(w.channel, console.message_id, viewer=member)
            shows_turn = any(parse_id(c["custom_id"]).rev == rev for c in components(live))
            if not shows_turn:
                seen.stale_hands += 1
        if turn != last_turn:
            last_turn = turn
            seen.turns += 1
            if not pinged(w, table, member) and not shows_turn:
                seen.unanswered_pings += 1
        hand_id = hands.get(member.id)
        hand = find(w.channel, hand_id, viewer=member) if hand_id is not None else None
        direct = [c for c in components(hand) if c["type"] == 2 and not parse_id(c["custom_id"]).action.startswith("~")] \
            if hand is not None else []
        if direct and parse_id(direct[0]["custom_id"]).rev == rev and rng.random() < 0.6:
            res = await member.click(hand, custom_id=rng.choice(direct)["custom_id"])
        elif hand_id is None or rng.random() < 0.15:
            res = await member.click(find(w.channel, table.message_id), label="My hand")
            await settle(w)
            if res.response is not None and res.ephemeral and components(
                    find(w.channel, res.response.id, viewer=member)):  # not an apology: a hand
                hands[member.id] = res.response.id
            continue
        else:
            legal = table.state.legal_actions(seat)
            res = await member.slash(w.channel, "play", action=str(rng.choice(legal)))
        await settle(w)
        if table.rev > rev:
            seen.accepted += 1
            texts = said(res)
            if hand_id is not None:
                texts += said_in(find(w.channel, hand_id, viewer=member))
            if any(APOLOGY in s for s in texts):
                seen.apologies_after_accept += 1
    await settle(w)
    seen.over = table.status == "over"
    count_public(w, table, seen)
    return table, seen


def said_in(message: Any) -> list[str]:
    return [message.content or "", *[(e.description or "") for e in message.embeds],
            *[c["content"] for c in tree(message) if c.get("type") == 10]]


def expected_recaps(table: Any) -> set[str]:
    """The recap titles the match should have posted: one per deal ended (the log replayed)."""
    game, state = table.game, table.state
    data = state.to_json()
    replay = game.new(len(table.seats), table.seed, state.options)
    deals = set()
    word = "Round" if game.name in ROUND_GAMES else "Deal"  # Le Trio's and L'École's deals are rounds
    for action in data["log"]:
        replay = replay.apply(replay.to_act(), game.parse_action(action))
        last = replay.view(None).get("last_deal")
        if isinstance(last, dict) and last.get("deal_no") is not None:
            deals.add(f"{word} {int(last['deal_no']) + 1} is over.")
    return deals
