"""``METRICS_PORT`` serves ``/metrics`` and ``/healthz`` over real HTTP from the
bot's process. A match under simcord moves the counters by exactly what happened (checked against
the saved actions); ``/healthz`` says 503 until the tables are restored and the gateway is up, 200
then; a port already taken stops ``python -m bot`` with one line."""

from __future__ import annotations

import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import simcord
from prometheus_client.parser import text_string_to_metric_families

from bot.service.settings import Settings
from bot.ui.discord_errors import component_kind
from bot.ui.ids import build_id
from tests.bot.drive import find, open_table, play_turn

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return settings.with_(metrics_port=free_port())


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


async def get(settings: Settings, path: str) -> tuple[int, str]:
    """``GET path`` from the bot's metrics port, over a real socket (from a thread: the server runs
    on this event loop)."""
    return await asyncio.to_thread(_get, f"http://127.0.0.1:{settings.metrics_port}{path}")


async def scrape(settings: Settings) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    """Every sample of ``/metrics``: ``(name, labels) -> value``."""
    status, text = await get(settings, "/metrics")
    assert status == 200
    return {(s.name, frozenset(s.labels.items())): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def value(samples: dict[tuple[str, frozenset[tuple[str, str]]], float], name: str, **labels: str) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


def member_of(w: Any, table: Any, seat: int) -> Any:
    return next(m for m in w.members if m.id == table.seats[seat].user_id)


async def test_a_match_moves_the_counters(world: Any, settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    w = world
    first = await scrape(settings)
    assert value(first, "tapis_tables_in_play", game="toy") == 0
    assert value(first, "tapis_tables_in_play", game="tarot") == 0  # every game is listed
    assert value(first, "tapis_errors_total", kind="refused") == 0
    # every series is there from the start, at 0 (so rates and alerts see it), and only those
    assert ("tapis_actions_total", frozenset({"game": "tarot", "by": "human"}.items())) in first
    assert ("tapis_interaction_seconds_count", frozenset({"kind": "select"}.items())) in first
    assert not [key for key in first if key[0].endswith("_created")]

    table, msg = await open_table(w, "toy", [w.alice, w.bob], 1, options="deals=2")
    clicks, commands = 3, 1  # bob joins, a computer is added, alice starts; /table new
    playing = await scrape(settings)
    assert value(playing, "tapis_tables_in_play", game="toy") == 1

    # a seated member who is not to act: the move is refused, and counted
    waiting = next(m for m in (w.alice, w.bob) if table.seats[table.to_act()].user_id != m.id)
    res = await waiting.slash(w.channel, "play", action="play:7S")
    commands += 1
    assert res.ephemeral

    # the computer's thinking fails once per decision: it plays at random, each failure counted
    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a computer player's bug")

    monkeypatch.setattr(w.bot.service.computers.thinker, "decide", broken)
    rng, turns = random.Random(5), 0
    while table.status == "playing":
        await play_turn(member_of(w, table, table.to_act()), w.channel, msg, rng)
        await w.bot.service.computers.idle()
        clicks, turns = clicks + 2, turns + 1  # "My hand", then a card
    failures = [e for e in w.bot.unexpected if isinstance(e, RuntimeError)]
    w.bot.unexpected.clear()

    rows = await w.bot.db.actions(table.id)
    by_computer = sum(bool(r["by_computer"]) for r in rows)
    assert len(rows) == 18 and turns == 18 - by_computer > 0 and by_computer == len(failures) > 0
    after = await scrape(settings)
    assert value(after, "tapis_actions_total", game="toy", by="human") == turns
    assert value(after, "tapis_actions_total", game="toy", by="computer") == by_computer
    assert value(after, "tapis_tables_in_play", game="toy") == 0
    assert value(after, "tapis_errors_total", kind="refused") == 1
    assert value(after, "tapis_errors_total", kind="internal") == len(failures)
    assert value(after, "tapis_errors_total", kind="discord_http") == 0
    assert value(after, "tapis_interaction_seconds_count", kind="button") == clicks
    assert value(after, "tapis_interaction_seconds_count", kind="command") == commands
    assert value(after, "tapis_interaction_seconds_sum", kind="button") > 0
    assert value(after, "tapis_database_seconds_count", transaction="actions") == 18  # one decision each
    assert value(after, "tapis_database_seconds_count", transaction="lobby") >= 2


async def test_discord_http_errors_are_counted(world: Any, settings: Settings) -> None:
    """A Discord failure is counted (``discord_http``, and by kind), not taken for a bug, and the
    presenter tries again: the lobby shows the new seat."""
    w = world
    await w.alice.slash(w.channel, "table new", game="toy")
    table = next(iter(w.bot.service.tables.values()))
    w.env.inject_error("PATCH", "/channels/*/messages/*", status=500, times=1)  # the lobby's redraw
    w.bot.presenter.retry_delays = (0.001,)
    await w.bob.click(find(w.channel, table.message_id), custom_id=build_id(table.id, 0, "~j"))
    await w.bot.presenter.drain()
    assert not w.bot.unexpected, "Discord failing is not an internal error"
    assert "bob" in find(w.channel, table.message_id).embeds[0].fields[0].value, "the edit was made again"
    samples = await scrape(settings)
    assert value(samples, "tapis_errors_total", kind="discord_http") == 1
    assert value(samples, "tapis_discord_failures_total", kind="server_error") == 1
    assert value(samples, "tapis_errors_total", kind="internal") == 0


async def test_healthz_503_until_ready_then_200(make_bot: Any, settings: Settings) -> None:
    bot = await make_bot()
    await bot.open_health()
    try:
        status, body = await get(settings, "/healthz")
        assert (status, json.loads(body)) == (503, {"status": "unavailable",
                                                   "reason": "open tables not restored yet"})
        assert (await get(settings, "/metrics"))[0] == 200  # metrics are served while starting
        async with simcord.run(bot):
            status, body = await get(settings, "/healthz")
            assert (status, json.loads(body)) == (200, {"status": "ok", "tables_in_play": 0, "shards": []})
            bot.dispatch("disconnect")  # the gateway connection drops...
            await asyncio.sleep(0)
            status, body = await get(settings, "/healthz")
            assert (status, json.loads(body)["reason"]) == (503, "gateway disconnected")
            bot.dispatch("resumed")  # ...and comes back
            await asyncio.sleep(0)
            assert (await get(settings, "/healthz"))[0] == 200
            bot.dispatch("shard_disconnect", 3)
            await asyncio.sleep(0)
            status, body = await get(settings, "/healthz")
            assert (status, json.loads(body)["reason"]) == (503, "gateway disconnected (shards 3)")
            bot.dispatch("shard_ready", 3)
            await asyncio.sleep(0)
            assert (await get(settings, "/healthz"))[0] == 200
            await bot.db.close()  # the database goes away
            status, body = await get(settings, "/healthz")
            assert status == 503 and json.loads(body)["reason"].startswith("database unreachable"), body
    finally:
        assert bot.health is not None
        await bot.health.stop()
    with pytest.raises(OSError):  # stopped: nothing listens any more
        await asyncio.to_thread(socket.create_connection, ("127.0.0.1", settings.metrics_port), 2)


def test_component_kinds() -> None:
    """Discord's component types: 2 is a button, 3 and 5 to 8 the select menus."""
    kinds = [component_kind(SimpleNamespace(data={"component_type": n})) for n in (2, 3, 5, 6, 7, 8)]
    assert kinds == ["button"] + ["select"] * 5


def test_settings() -> None:
    assert Settings.from_env({}).metrics_port is None
    assert Settings.from_env({"METRICS_PORT": " "}).metrics_port is None
    loaded = Settings.from_env({"METRICS_PORT": "9108", "METRICS_HOST": "0.0.0.0"})
    assert (loaded.metrics_port, loaded.metrics_host) == (9108, "0.0.0.0")
    assert Settings.from_env({"METRICS_PORT": "9108"}).metrics_host == "127.0.0.1"
    for bad in ("http", "0", "70000", "-1"):
        with pytest.raises(ValueError, match="METRICS_PORT"):
            Settings.from_env({"METRICS_PORT": bad})


@pytest.fixture
def taken() -> Iterator[int]:
    """A port something else listens on."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        yield int(s.getsockname()[1])


def test_port_in_use_stops_the_start_with_one_line(tmp_path: Path, taken: int) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_PATH", "METRICS_HOST")}
    env.update(DISCORD_TOKEN="fake-token", METRICS_PORT=str(taken), PYTHONDONTWRITEBYTECODE="1")
    done = subprocess.run([sys.executable, "-m", "bot", "--database", str(tmp_path / "t.sqlite3")], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=30)
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    *before, last = lines  # only discord.py's usual warnings (no voice libraries) come before it
    assert all(" WARNING discord.client: " in line for line in before), done.stderr
    assert last == (f"Tapis cannot start: METRICS_PORT {taken}: cannot listen on 127.0.0.1:{taken} "
                    f"(Address already in use); choose another port or stop what uses it"), last


def test_requests_are_counted_by_route_and_global_limit() -> None:
    """Every request to Discord by route, those against the global limit apart."""
    from bot.infra.metrics import Metrics

    metrics = Metrics(lambda: [])
    metrics.request("channel.edit", True)
    metrics.request("interaction.edit", False)
    metrics.request("interaction.edit", False)
    text = metrics.exposition().decode()
    assert 'tapis_discord_requests_total{global_limit="yes",route="channel.edit"} 1.0' in text
    assert 'tapis_discord_requests_total{global_limit="no",route="interaction.edit"} 2.0' in text


def test_a_failure_reported_by_two_layers_is_counted_once() -> None:
    """A click's deferral that fails is counted where it ran and reported again by whoever awaited
    it: one failure, one count; a second failure of the same kind counts again."""
    from bot.infra.metrics import Metrics

    metrics = Metrics(list)
    metrics.discord_kind = lambda exc: "timeout" if isinstance(exc, TimeoutError) else None
    first, second = TimeoutError("deferral"), TimeoutError("edit")
    metrics.failed(first)
    metrics.failed(first)
    assert 'tapis_discord_failures_total{kind="timeout"} 1.0' in metrics.exposition().decode()
    metrics.failed(second)
    assert 'tapis_discord_failures_total{kind="timeout"} 2.0' in metrics.exposition().decode()
