"""Start Tapis: ``python -m bot`` (``--help`` for options)."""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Run the Tapis Discord bot.")
    parser.add_argument("--local", action="store_true", help="run against a local simulated Discord")
    parser.parse_args(argv)
    from games import GAMES

    if not GAMES:
        print("Tapis: no game is playable yet (the engines and the bot land in later issues).")
        return 0
    print("Tapis: the Discord bot lands with issue 6; registered games: " + ", ".join(sorted(GAMES)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
