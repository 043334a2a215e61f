"""Scale: thousands of busy tables held by one bot process, with a light stand-in for Discord.

simcord costs more per table than the bot does (its settling walks every task at each step), so it
cannot say what one process holds at 2,000 tables. Here the bot is the production one
(:func:`bot.app.build`, its cogs, presenter, hands, budget, database, image and computer workers)
and only Discord is replaced, at the two places discord.py sends from: :meth:`HTTPClient.request`
(channel routes, counted against the global limit) and the webhook adapter's ``request`` (the
interaction callback and the edits through an interaction token). The stand-in answers at once with
what Discord would (the message as sent, with ids) and keeps each message's components, so members
click what they see. Interactions come in through discord.py's own gateway parser
(``INTERACTION_CREATE``), as the gateway would feed them. Real time, no simulated clock.

Each table is opened through the table service (its lobby message posted by the presenter, as a
``/table new`` would), its members open their hand console ("My hand"); then each member thinks
``--think`` seconds (±50 %) from the moment their console shows their turn, and clicks one of the
things it offers (a card, a bid, the cards of a pick menu). Every other table seats one member
and normal computers in its other seats (three at Tarot); ``--computers 0``: members only.

Printed, over the measured ``--seconds`` after ``--warmup``: the moves per second, the requests per
second and per move by route (those under Discord's global limit apart) against the bot's budget
(:data:`bot.ui.budget.GLOBAL_RATE`), the budget's longest queue, the click → answer times (from the
interaction handed to discord.py until its callback reaches Discord: the event loop's queueing is
in it), the event loop's lag (a 50 ms ticker's lateness), the CPU of the process (its share of one
core: the loop thread binds) and of the workers.

Run: ``.venv/bin/python -m benchmarks.scale --tables 2000 [--think 5] [--computers 0] [--seconds 60]``.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import discord
from discord.webhook.async_ import AsyncWebhookAdapter

import games
from benchmarks.real_load import Tally
from benchmarks.serve import pct
from bot.app import build
from bot.service.settings import Settings
from bot.storage import open_database
from bot.ui.budget import GLOBAL_RATE
from bot.ui.ids import build_id, parse_id

GUILD = 1_000_000_000_000_000_001
APP = 1_000_000_000_000_000_002
BOT_USER = {"id": str(APP), "username": "Tapis", "discriminator": "0", "global_name": "Tapis", "avatar": None,
            "bot": True, "flags": 0}
#: verbs never clicked by a member here: give up, back, "Analyse" and the like
SKIPPED = ("~g", "~k", "~u")
EPHEMERAL = 64


def children_cpu() -> float:
    """CPU seconds used so far by this process's child processes (the image and computer workers; Linux)."""
    total, me = 0.0, str(os.getpid())
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue
        if fields[1] == me:
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime
    return total


def user(uid: int) -> dict[str, Any]:
    return {"id": str(uid), "username": f"m{uid}", "discriminator": "0", "global_name": f"M{uid}", "avatar": None}


def walk(items: Any) -> list[dict[str, Any]]:
    """Every component of a message's component list, nested ones included."""
    out: list[dict[str, Any]] = []
    for item in items or ():
        out.append(item)
        out += walk(item.get("components"))
        if isinstance(item.get("accessory"), dict):
            out += walk([item["accessory"]])
    return out


class Discord:
    """The stand-in: message ids, the messages as last sent (their components), and the tokens'
    original messages."""

    def __init__(self) -> None:
        self.ids = itertools.count(2_000_000_000_000_000_000)
        self.messages: dict[int, dict[str, Any]] = {}
        self.original: dict[str, int] = {}  # interaction token -> its response's message
        self.answered: dict[int, asyncio.Future[None]] = {}  # interaction id -> its callback came
        self.pending: dict[int, tuple[int, int | None]] = {}  # interaction id -> (channel, clicked message)
        self.channel_of: dict[str, int] = {}  # interaction token -> its channel
        self.counts = Tally()  # what the stand-in received

    def snowflake(self) -> int:
        return next(self.ids)

    def message(self, channel_id: int, body: dict[str, Any], message_id: int | None = None,
                flags: int = 0) -> dict[str, Any]:
        """The message Discord keeps and answers with: ``body`` over what it held."""
        mid = message_id if message_id is not None else self.snowflake()
        old = self.messages.get(mid, {})
        msg = {"id": str(mid), "channel_id": str(channel_id), "author": BOT_USER, "content": "", "embeds": [],
               "components": [], "attachments": [], "timestamp": "2026-12-03T12:00:00+00:00",
               "edited_timestamp": None, "tts": False, "mention_everyone": False, "mentions": [],
               "mention_roles": [], "pinned": False, "type": 0, "flags": flags, **old}
        for key in ("content", "embeds", "components"):
            if key in body and body[key] is not None:
                msg[key] = body[key]
        if body.get("flags") is not None:  # an ephemeral message stays so whatever an edit says
            msg["flags"] = int(body["flags"]) | (int(msg["flags"]) & EPHEMERAL)
        msg["attachments"] = [{"id": str(i), "filename": a.get("filename", "f.png"), "size": 1, "url": "https://x/a",
                               "proxy_url": "https://x/a"} for i, a in enumerate(body.get("attachments") or [])]
        self.messages[mid] = msg
        return msg

    @staticmethod
    def body(payload: dict[str, Any] | None, form: Any) -> dict[str, Any]:
        if payload is not None:
            return payload
        for part in form or ():
            if part.get("name") == "payload_json":
                return json.loads(part["value"])
        return {}

    async def http(self, route: discord.http.Route, *, files: Any = None, form: Any = None, **kw: Any) -> Any:
        """discord.py's :meth:`HTTPClient.request`: the channel routes, login's two."""
        path = route.url.split("/api/v10", 1)[-1]
        self.counts.count(route.method, path)
        words = path.split("?")[0].strip("/").split("/")
        if words == ["users", "@me"]:
            return BOT_USER
        if words == ["oauth2", "applications", "@me"]:
            return {"id": str(APP), "name": "Tapis", "icon": None, "description": "", "bot_public": True,
                    "bot_require_code_grant": False, "owner": user(1), "verify_key": "0" * 64, "flags": 0,
                    "summary": "", "rpc_origins": [], "team": None}
        if words[0] == "channels" and len(words) >= 3 and words[2] == "messages":
            channel = int(words[1])
            if route.method == "POST":
                return self.message(channel, self.body(kw.get("json"), form))
            if route.method == "PATCH":
                return self.message(channel, self.body(kw.get("json"), form), int(words[3]))
            if route.method == "DELETE":
                self.messages.pop(int(words[3]), None)
                return None
        if words[0] == "applications":  # commands (never synced here)
            return []
        if words == ["gateway", "bot"]:
            return {"url": "wss://gateway.invalid", "shards": 1,
                    "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0,
                                            "max_concurrency": 1}}
        raise AssertionError(f"the stand-in does not answer {route.method} {path}")

    async def webhook(self, route: discord.http.Route, session: Any = None, *, payload: Any = None,
                      multipart: Any = None, files: Any = None, params: Any = None, **kw: Any) -> Any:
        """The webhook adapter's ``request``: the interaction callback, the token's messages."""
        path = route.url.split("/api/v10", 1)[-1]
        self.counts.count(route.method, path)
        words = path.split("?")[0].strip("/").split("/")
        body = self.body(payload, multipart)
        if words[0] == "interactions":
            interaction, token = int(words[1]), words[2]
            kind = body.get("type")
            data = body.get("data") or {}
            answered = self.answered.pop(interaction, None)
            if answered is not None and not answered.done():
                answered.set_result(None)
            state = self.pending.pop(interaction)
            channel, clicked = state
            msg: dict[str, Any] | None = None
            if kind == 4:  # a new message (a hand console, ephemeral)
                msg = self.message(channel, data, flags=int(data.get("flags") or 0))
                self.original[token] = int(msg["id"])
            elif kind == 5:  # thinking: an empty original to edit
                msg = self.message(channel, {"flags": int(data.get("flags") or 0)})
                self.original[token] = int(msg["id"])
            elif kind in (6, 7) and clicked is not None:  # the clicked message (updated at once for 7)
                self.original[token] = clicked
                if kind == 7:
                    msg = self.message(channel, data, clicked)
            return {"interaction": {"id": str(interaction), "type": 3, "response_message_id":
                                    msg["id"] if msg else None, "response_message_loading": kind == 5,
                                    "response_message_ephemeral": bool((data.get("flags") or 0) & EPHEMERAL)},
                    "resource": {"type": kind, "message": msg} if msg else None}
        if words[0] == "webhooks":
            token = words[2]
            channel = self.channel_of.get(token, 0)
            if len(words) == 3 and route.method == "POST":  # a follow-up
                return self.message(channel, body, flags=int(body.get("flags") or 0))
            target = words[4] if len(words) > 4 else "@original"
            mid = self.original.get(token) if target == "@original" else int(target)
            if mid is None:
                raise AssertionError(f"no message for {route.method} {path}")
            if route.method == "PATCH":
                return self.message(int(self.messages.get(mid, {}).get("channel_id", channel)), body, mid)
            if route.method == "GET":
                return self.messages[mid]
            if route.method == "DELETE":
                self.messages.pop(mid, None)
                return None
        raise AssertionError(f"the stand-in does not answer {route.method} {path}")


def install(bot: Any, fake: Discord) -> None:
    """Discord replaced at discord.py's two transports (before the login)."""
    bot.http.request = fake.http

    async def request(self: AsyncWebhookAdapter, route: discord.http.Route, session: Any = None,
                      **kw: Any) -> Any:
        return await fake.webhook(route, session, **kw)

    AsyncWebhookAdapter.request = request  # type: ignore[method-assign]


@dataclass
class Member:
    uid: int
    table_id: str
    channel: int
    hand: int | None = None  # their console's message id
    clicks: list[float] = field(default_factory=list)


class Clicks:
    """Members' clicks as the gateway feeds them to discord.py."""

    def __init__(self, bot: Any, fake: Discord) -> None:
        self.bot, self.fake = bot, fake
        self.ids = itertools.count(3_000_000_000_000_000_000)
        self.parse = bot._connection.parsers["INTERACTION_CREATE"]
        self.times: list[float] = []
        self.member_moves = 0  # clicks that moved their table on (while timing)
        self.timing = False

    async def click(self, member: Member, message_id: int, custom_id: str, kind: int = 2,
                    values: list[str] | None = None) -> None:
        """``member`` clicks ``custom_id`` on message ``message_id``; returns when the callback came."""
        iid, token = next(self.ids), f"tok{next(self.ids)}"
        msg = self.fake.messages.get(message_id)
        if msg is None:
            return
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
        if values is not None:
            data["values"] = values
        payload = {"id": str(iid), "application_id": str(APP), "type": 3, "token": token, "version": 1,
                   "data": data, "channel_id": str(member.channel), "guild_id": str(GUILD),
                   "channel": {"id": str(member.channel), "type": 0, "guild_id": str(GUILD), "name": "cartes",
                               "position": 0, "permission_overwrites": [], "nsfw": False, "parent_id": None},
                   "member": {"user": user(member.uid), "roles": [], "joined_at": "2026-01-01T00:00:00+00:00",
                              "deaf": False, "mute": False, "flags": 0, "permissions": "2251799813685247"},
                   "locale": "fr", "guild_locale": "fr", "app_permissions": "2251799813685247",
                   "entitlements": [], "authorizing_integration_owners": {"0": str(GUILD)}, "context": 0,
                   "message": msg, "attachment_size_limit": 26214400}
        done = asyncio.get_running_loop().create_future()
        self.fake.answered[iid] = done
        self.fake.pending[iid] = (member.channel, message_id)
        self.fake.channel_of[token] = member.channel
        began = time.perf_counter()
        self.parse(payload)
        try:
            await asyncio.wait_for(done, 30)
        except TimeoutError:
            self.fake.answered.pop(iid, None)
            return
        if self.timing:
            self.times.append(time.perf_counter() - began)
        if kind in (2, 3) and msg.get("flags", 0) & EPHEMERAL == 0 and parse_id(custom_id).action == "~h":
            member.hand = self.fake.original.get(token)


async def play(member: Member, clicks: Clicks, fake: Discord, bot: Any, think: float, rng: random.Random,
               stop: asyncio.Event) -> None:
    """A member at their console: when it shows their turn, they think, then click one offered thing."""
    while not stop.is_set():
        table = bot.service.tables.get(member.table_id)
        if table is None or table.status != "playing":
            return
        seat = table.to_act()
        if seat is None or table.seats[seat].user_id != member.uid or member.hand is None:
            await asyncio.sleep(0.25)
            continue
        await asyncio.sleep(think * rng.uniform(0.5, 1.5))
        msg = fake.messages.get(member.hand)
        items = [c for c in walk(msg.get("components") if msg else []) if c.get("type") in (2, 3)
                 and c.get("custom_id") and not c.get("disabled")]
        selects = [c for c in items if c["type"] == 3]
        buttons = [c for c in items if c["type"] == 2 and parse_id(c["custom_id"]).action[:2] not in SKIPPED]
        before = table.rev
        if selects:
            menu = selects[0]
            values = [o["value"] for o in menu["options"]]
            await clicks.click(member, member.hand, menu["custom_id"], 3, rng.sample(values, menu.get("min_values", 1)))
        elif buttons:
            await clicks.click(member, member.hand, rng.choice(buttons)["custom_id"])
        else:
            await asyncio.sleep(0.25)
        if clicks.timing and table.rev > before:
            clicks.member_moves += 1


async def open_tables(bot: Any, clicks: Clicks, count: int, computers: int) -> list[Member]:
    """``count`` tables in play, the games in turn; every other one (``computers`` above 0) one member
    and normal computers in its other seats."""
    service = bot.service
    budget = bot.presenter.budget
    budget.rate = 0  # the opening is not measured: its posts go unpaced
    names = sorted(n for n in games.GAMES if n != "ecole")
    members: list[Member] = []
    uid = itertools.count(10_000)
    for i in range(count):
        game = games.GAMES[names[i % len(names)]]
        channel = 5_000_000 + i
        seats = 4 if game.name == "tarot" else game.min_seats
        humans = 1 if computers and i % 2 else seats
        ids = [next(uid) for _ in range(humans)]
        table = await service.create(guild_id=GUILD, channel_id=channel, thread_id=None, host_id=ids[0],
                                     host_name=f"M{ids[0]}", game=game.name, seats=seats)
        for other in ids[1:]:
            await service.join(table.id, other, f"M{other}")
        for _ in range(seats - humans):
            await service.add_computer(table.id, ids[0], "normal")
        await service.start(table.id, ids[0])
        members += [Member(u, table.id, channel) for u in ids]
    for _ in range(600):  # every table message posted (the budget paces them)
        if all(t.message_id is not None for t in service.tables.values()):
            break
        await asyncio.sleep(0.1)
    for m in members:  # "My hand"
        table = service.tables[m.table_id]
        await clicks.click(m, table.message_id, build_id(table.id, 0, "~h"))
    await asyncio.sleep(2)  # the first turns' pings, posted before the consoles, deleted
    budget.rate = budget.tokens = GLOBAL_RATE
    budget.stamp = None
    return members


async def lag_ticker(lags: list[float], stop: asyncio.Event, period: float = 0.05) -> None:
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        t = loop.time()
        await asyncio.sleep(period)
        lags.append(loop.time() - t - period)


@dataclass
class Result:
    """What a scale run measured (:func:`report` prints it)."""

    tables: int
    members: int
    opened_in: float
    wall: float
    moves: int  # every action, computers' included
    member_moves: int
    counts: Tally
    longest_queue: int
    clicks: list[float]
    lags: list[float]
    cpu: float  # the bot's process
    workers_cpu: float
    unexpected: list[BaseException]


async def measure(tables: int, think: float = 5.0, computers: int = 3, seconds: float = 60.0,
                  warmup: float = 15.0, pause: float = 1.0, workers: int = 2, seed: int = 0) -> Result:
    """``tables`` tables played for ``warmup`` then ``seconds`` (measured), then the bot closed."""
    folder = Path(tempfile.mkdtemp(prefix="tapis-scale-"))
    settings = Settings(database_path=folder / "tapis.db", token="scale", sync_commands=False,
                        computer_pause=pause, default_locale="fr", image_workers=workers,
                        computer_workers=workers)
    db = await open_database(settings.database_path)
    bot = build(settings, db)
    fake = Discord()
    real_adapter = AsyncWebhookAdapter.request
    install(bot, fake)
    try:
        await bot.login("scale")
        clicks = Clicks(bot, fake)
        rng = random.Random(seed)
        began = time.perf_counter()
        members = await open_tables(bot, clicks, tables, computers)
        opened_in = time.perf_counter() - began
        stop = asyncio.Event()
        lags: list[float] = []
        tasks = [asyncio.create_task(play(m, clicks, fake, bot, think, random.Random(rng.random()), stop))
                 for m in members]
        ticker = asyncio.create_task(lag_ticker(lags, stop))
        await asyncio.sleep(warmup)
        moves0 = sum(t.rev for t in bot.service.tables.values())
        fake.counts.on, clicks.timing = True, True
        lags.clear()
        cpu0, wall0, workers0 = time.process_time(), time.perf_counter(), children_cpu()
        longest = 0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            await asyncio.sleep(0.5)
            longest = max(longest, bot.presenter.budget.waiting())
        cpu, wall, work = time.process_time() - cpu0, time.perf_counter() - wall0, children_cpu() - workers0
        fake.counts.on, clicks.timing = False, False
        moves = sum(t.rev for t in bot.service.tables.values()) - moves0
        result = Result(tables, len(members), opened_in, wall, moves, clicks.member_moves, fake.counts, longest,
                        list(clicks.times), list(lags), cpu, work, list(bot.unexpected))
        stop.set()
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, ticker, return_exceptions=True)
        await bot.close()
        rest = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for t in rest:  # the presenter's redraws still under way: the process would stop here
            t.cancel()
        await asyncio.gather(*rest, return_exceptions=True)
    finally:
        AsyncWebhookAdapter.request = real_adapter  # type: ignore[method-assign]
        await db.close()
    return result


def report(r: Result) -> dict[str, float]:
    """Print the figures of ``r``; returns the main ones."""
    c, wall, member = r.counts, r.wall, max(r.member_moves, 1)
    print(f"{r.tables} tables open, {r.members} members at their consoles in {r.opened_in:.1f} s")
    print(f"{r.moves} moves in {wall:.0f} s: {r.moves / wall:.1f} moves/s, {r.member_moves / wall:.1f} of them "
          f"members' ({len(r.clicks)} member clicks)")
    print(f"requests: {(c.global_limit + c.other) / wall:.1f}/s, {c.global_limit / wall:.1f}/s under the global "
          f"limit (the bot's budget {GLOBAL_RATE:g}/s; longest queue {r.longest_queue}); per member move "
          f"{(c.global_limit + c.other) / member:.2f} ({c.global_limit / member:.2f} global)")
    for route, n in c.routes.most_common():
        print(f"    {n / member:5.2f}  {route}")
    figures = {"member_moves_per_s": r.member_moves / wall, "global_per_s": c.global_limit / wall,
               "per_member_move": (c.global_limit + c.other) / member, "cpu_share": r.cpu / wall}
    if r.clicks:
        figures["p99"] = pct(r.clicks, 99)
        print(f"click -> answer: p50 {pct(r.clicks, 50) * 1000:.0f} ms, p99 {figures['p99'] * 1000:.0f} ms "
              f"({len(r.clicks)} clicks)")
    if r.lags:
        print(f"event loop lag: median {statistics.median(r.lags) * 1000:.1f} ms, p99 {pct(r.lags, 99) * 1000:.0f} ms")
    print(f"CPU: bot process {r.cpu / wall * 100:.0f} % of a core ({r.cpu / max(r.moves, 1) * 1000:.2f} ms a move, "
          f"{r.cpu / member * 1000:.2f} ms a member move), workers {r.workers_cpu / wall * 100:.0f} %")
    if r.unexpected:
        print(f"unexpected failures: {len(r.unexpected)} (first: {r.unexpected[0]!r})")
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=2000)
    parser.add_argument("--think", type=float, default=5.0)
    parser.add_argument("--computers", type=int, default=3, help="0: members only; else every other table one member and computers")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--warmup", type=float, default=15.0)
    parser.add_argument("--pause", type=float, default=1.0, help="the computers' pause before a move")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2, help="image and computer worker processes (each)")
    a = parser.parse_args()
    report(asyncio.run(measure(a.tables, a.think, a.computers, a.seconds, a.warmup, a.pause, a.workers, a.seed)))


if __name__ == "__main__":
    main()
