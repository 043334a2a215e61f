"""Random Piquet deals per second through the engine contract (``new``, ``legal_actions``, ``apply``).

Plays whole parties with uniformly random legal actions and counts the deals completed; with
``--views`` every step also builds the acting seat's view, as the bot and the computer player do.
Run: ``.venv/bin/python -m benchmarks.piquet_speed [--seconds 5] [--views]``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import find_game


def run(seconds: float, views: bool) -> dict[str, float]:
    game = find_game("piquet")
    rng = random.Random(0)
    parties = deals = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new(2, parties)
        while (seat := state.to_act()) is not None:
            if views:
                state.view(seat)
            legal = state.legal_actions(seat)
            state = state.apply(seat, legal[rng.randrange(len(legal))])
            actions += 1
        deals += len(state.view(None)["history"])
        parties += 1
    elapsed = time.perf_counter() - start
    return {"deals/s": deals / elapsed, "parties/s": parties / elapsed, "actions/s": actions / elapsed,
            "actions/deal": actions / max(deals, 1)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--views", action="store_true", help="also build the acting seat's view")
    args = parser.parse_args(argv)
    r = run(args.seconds, args.views)
    print(f"piquet random play{' with views' if args.views else ''}: {r['deals/s']:.0f} deals/s, "
          f"{r['parties/s']:.0f} parties/s, {r['actions/s']:.0f} actions/s, "
          f"{r['actions/deal']:.1f} actions per deal")


if __name__ == "__main__":
    main()
