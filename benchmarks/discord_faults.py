"""Whole matches under Discord faults: what members see when Discord fails.

For each route (table edits, channel posts, interaction responses, hand edits) and each kind of
failure (500, 429, timeout), one match of every game is played under simcord through the real bot
with that route failing at ``--rate`` (25% by default), members acting from their live hand or by
``/play`` and trying again when they got no answer (:mod:`tests.bot.faults`). Then the same with
every route and kind at once, and with a non-zero computer pause and no faults.

Figures per run: matches that did not end, recaps and results missing or posted twice, finished
tables keeping buttons, members' turns without a ping, live hands not redrawn, accepted moves
answered with an apology, errors escaping the bot's handlers, faults injected.

Figures (5 matches per run, SQLite, 2026-11-27), before the reconciling presenter -> after: table edits failing:
results missing 3 -> 0, recaps missing 4 -> 0, finished tables keeping buttons 4 -> 0, live hands
not redrawn 26 -> 0; channel posts failing: turns without a ping 31 -> 0, results missing 1 -> 0;
interaction responses failing: accepted moves answered "try again" 19 -> 0, errors escaping the
handlers 5 -> 0; hand edits failing: apologies after an accepted move 19 -> 0; every route and
kind at once: 24 apologies, 19 unpinged turns, 2 results and 3 recaps missing -> 0; no fault but
a 0.02 s computer pause: results posted twice in 4 of 5 matches -> 0. Failures logged with a
traceback as internal errors: 604 -> 0 (each is now one WARNING line, counted ``discord_http``).

Run: ``.venv/bin/python -m benchmarks.discord_faults`` (``--quick``: two games; exit status 1 if
anything went missing or was posted twice).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import simcord

from benchmarks import scratch_folder
from bot.app import build
from bot.service.settings import Settings
from bot.storage import open_database
from tests.bot.conftest import World
from tests.bot.faults import KINDS, ROUTES, Faults, Seen, expected_recaps, injected, play_match

#: the presenter's pauses between tries (seconds; 0.5 s to 30 s on Discord)
RETRY_DELAYS = tuple(float(x) for x in __import__("os").environ.get("FAULTS_DELAYS", "0.01,0.02,0.05").split(","))
#: small matches of every game: (game, computers, options)
MATCHES = (("piquet", 1, "deals=1"), ("tarot", 2, "deals=1"), ("tresillo", 2, "rounds=1"),
           ("trio", 2, "contracts=1, max_rounds=1, stock_passes=1"),
           ("ecole", 2, "contracts=1, max_rounds=1, stock_passes=1"))


async def run(label: str, faults: Faults, settings: Settings, matches: tuple[Any, ...], seed: int) -> Counter[str]:
    out: Counter[str] = Counter()
    for n, (game, computers, options) in enumerate(matches):
        folder = Path(scratch_folder("tapis-faults-"))
        db = await open_database(folder / "bot.sqlite3")
        bot = build(replace(settings, database_path=folder / "bot.sqlite3"), db)
        bot.presenter.retry_delays = RETRY_DELAYS  # simulated time does not cover the presenter's pauses
        try:
            async with simcord.run(bot) as env:
                guild = env.create_guild(name="faults")
                channel = guild.create_text_channel("cartes")
                alice = guild.add_member(env.create_user("alice"))
                w = World(env, guild, channel, alice, alice, alice, alice)
                rng = random.Random(f"{seed}:{label}:{n}")
                with injected(faults):
                    table, seen = await play_match(w, game, [alice], computers, options, faults, rng)
                add(out, seen, expected_recaps(table) if seen.over else set())
                out["escaped errors"] += len(env.errors)
                out["unexpected (logged with traceback)"] += len(bot.unexpected)
                env.raise_errors = lambda: None  # type: ignore[method-assign]
                env._errors.clear()
                bot.unexpected.clear()
        finally:
            await bot.service.close()
            await db.close()
    return out


def add(out: Counter[str], seen: Seen, expected: set[str]) -> None:
    out["matches"] += 1
    out["not ended"] += not seen.over
    out["accepted moves"] += seen.accepted
    out["apologies after an accepted move"] += seen.apologies_after_accept
    out["turns without a ping"] += seen.unanswered_pings
    out["live hands not redrawn"] += seen.stale_hands
    out["results missing"] += seen.results == 0
    out["results twice or more"] += seen.results > 1
    out["recaps missing"] += len(expected - set(seen.recaps))
    out["recaps twice or more"] += sum(c > 1 for c in seen.recaps.values())
    out["finished tables with buttons"] += seen.final_buttons > 0


BAD = ("not ended", "apologies after an accepted move", "turns without a ping", "live hands not redrawn",
       "results missing", "results twice or more", "recaps missing", "recaps twice or more",
       "finished tables with buttons", "escaped errors", "unexpected (logged with traceback)")


async def main_async(args: argparse.Namespace) -> int:
    matches = MATCHES[:2] if args.quick else MATCHES
    base = Settings(token=None, database_path=Path("unused"), computer_pause=0, edit_interval=0, turn_timer=0,
                    default_locale="en", expert_budget=0.05)
    runs: list[tuple[str, Faults, Settings]] = []
    for route in ROUTES:
        for kind in KINDS:
            runs.append((f"{route} {kind}", Faults(random.Random(0), args.rate, (route,), (kind,)), base))
    runs.append(("every route and kind", Faults(random.Random(0), args.rate), base))
    runs.append(("no fault, computer pause 0.02 s", Faults(random.Random(0), 0.0), replace(base, computer_pause=0.02)))
    bad = 0
    print(f"{len(matches)} match(es) per run, faults at {args.rate:.0%}")
    for label, faults, settings in runs:
        if args.only and args.only not in label:
            continue
        out = await run(label, faults, settings, matches, args.seed)
        problems = {k: out[k] for k in BAD if out[k]}
        bad += sum(problems.values())
        injected_n = sum(faults.injected.values())
        print(f"{label:34s} faults={injected_n:4d} moves={out['accepted moves']:4d}  "
              + (", ".join(f"{k}={v}" for k, v in problems.items()) or "nothing missing or twice"), flush=True)
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=float, default=0.25)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quick", action="store_true", help="two games per run instead of five")
    parser.add_argument("--only", default="", help="only the runs whose label contains this")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.CRITICAL)
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
