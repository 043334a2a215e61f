"""Tarot 4 players against an outside program: TarotClub's bots (evaluation only, never a dependency).

TarotClub (https://github.com/tarotclub/tarotclub, GPL) plays French Tarot with bots written in
JavaScript (``assets/ai``: bids, écart, chelem and poignée answers, play); its C++ engine loads them
in a script engine and calls them through a small API. Here node runs the same scripts, unchanged,
one sandbox per bot (``benchmarks/outside_tarot_adapter.js``), and :class:`OutsidePlayer` seats them
in our engine decision by decision: it tells its bot what the seat's view shows (its cards, the
contract, each card played) in TarotClub's order of calls and turns the bot's answer into one of our
legal actions. Our engine rules and scores (docs/rules/tarot.md, « Scoring »). Where the bot's answer is not legal
here the bridge counts it (:data:`TALLY`) and takes the first legal action, as TarotClub's engine
takes a random one; a bid at or under the highest is a pass, as TarotClub's engine makes it.

Duplicate matches, one deal each: every match is played once by four TarotClub bots (the baseline)
and once per seat with the tested level on that seat; the figure is the tested seat's points minus
the bot's on the same seat and cards, averaged over seats, with a 95 % interval over matches (the
figure of :mod:`benchmarks.ai_levels`, with TarotClub in place of normal).

Install TarotClub's bots (``tools/outside_tarot.sh``, needs node and git) and run::

    tools/outside_tarot.sh ~/.cache/tapis/tarotclub
    nice -n 10 .venv/bin/python -m benchmarks.outside_tarot --level normal --deals 300
    nice -n 10 .venv/bin/python -m benchmarks.outside_tarot --level expert --samples 200,default-cpu --deals 300

``--ai DIR`` (or ``TAROTCLUB_AI``) names the ``assets/ai`` directory (default
``~/.cache/tapis/tarotclub/assets/ai``); ``--log FILE`` appends every match's record as a JSON line
and ``--table FILE...`` prints the table of such logs. Each record also says, seat by seat, how the
taking differed from the bots' deal (:func:`bidding`), and the table splits the margin by it: what the
tested player gains by its bids, and what by its cards at the same contract.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import weakref
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.ai_levels import (
    Budget,
    Timed,
    distinct,
    interval,
    label,
    make,
    parse_budgets,
    played,
    results,
    samples_of,
    verdict,
)
from games.base import JSON, Action, Phase, State
from games.cards import FRENCH_RANKS
from games.decisions import Player

GAME = "tarot"  # the 4-player row of benchmarks.ai_levels
ADAPTER = Path(__file__).with_name("outside_tarot_adapter.js")
DEFAULT_AI = Path.home() / ".cache" / "tapis" / "tarotclub" / "assets" / "ai"
PLACES = ("South", "East", "North", "West")  # TarotClub's places in playing order
CONTRACTS = {"Take": "prise", "Guard": "garde", "Guard without": "garde_sans", "Guard against": "garde_contre"}
JS_CONTRACTS = {v: k for k, v in CONTRACTS.items()}
ECART_SIZE = 6

#: the bots' decisions and the answers not legal here, by kind, in this process
TALLY: Counter[str] = Counter()


def to_js(code: str) -> str:
    """Our card code as TarotClub writes it: ``EX`` -> ``00-T``, ``T5`` -> ``05-T``, ``QH`` -> ``13-H``."""
    if code == "EX":
        return "00-T"
    if code[0] == "T":
        return f"{int(code[1:]):02d}-T"
    return f"{FRENCH_RANKS.index(code[:-1]) + 1:02d}-{code[-1]}"


def from_js(name: object) -> str | None:
    """TarotClub's card name as our code, ``None`` when it is not a card."""
    if not isinstance(name, str) or len(name) != 4 or name[2] != "-" or not name[:2].isdigit():
        return None
    value, suit = int(name[:2]), name[3]
    if suit == "T" and 0 <= value <= 21:
        return "EX" if value == 0 else f"T{value}"
    if suit in "SHDC" and 1 <= value <= 14:
        return FRENCH_RANKS[value - 1] + suit
    return None


def ai_dir(given: str | Path | None = None) -> Path:
    """TarotClub's ``assets/ai`` directory: ``given``, else ``TAROTCLUB_AI``, else the default."""
    return Path(given or os.environ.get("TAROTCLUB_AI") or DEFAULT_AI)


def missing(ai: Path) -> str | None:
    """Why TarotClub's bots cannot run here (with how to install them), ``None`` when they can."""
    if shutil.which("node") is None:
        return "node is not installed (apt-get install nodejs), then run tools/outside_tarot.sh"
    if not (ai / "package.json").is_file():
        return (f"TarotClub's bots are not installed in {ai}: run tools/outside_tarot.sh "
                f"{ai.parent.parent} (or pass --ai / set TAROTCLUB_AI)")
    return None


class Bots(Protocol):
    """Where TarotClub's bots run: :class:`TarotClub` (a stand-in in tests)."""

    freed: list[int]

    def new_id(self) -> int: ...

    def calls(self, bot: int, calls: list[list[str]]) -> object: ...


class TarotClub:
    """One node process running TarotClub's bots, each in its own sandbox; requests batched per decision."""

    _shared: TarotClub | None = None

    def __init__(self, ai: Path) -> None:
        self.proc = subprocess.Popen(["node", str(ADAPTER), str(ai)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        self.next_id = 0
        self.freed: list[int] = []

    @classmethod
    def shared(cls, ai: Path) -> TarotClub:
        """The process's one instance, started on first use."""
        if cls._shared is None:
            cls._shared = cls(ai)
        return cls._shared

    def new_id(self) -> int:
        self.next_id += 1
        return self.next_id

    def calls(self, bot: int, calls: list[list[str]]) -> object:
        """Run ``calls`` on ``bot`` in order (bots freed since are dropped first); the last one's result."""
        batch: list[Any] = [[f, [["free"]]] for f in self.freed]
        self.freed.clear()
        batch.append([bot, calls])
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(batch) + "\n")
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the TarotClub adapter (node) stopped")
        result: object = json.loads(line)[-1]
        return result

    def close(self) -> None:
        if self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            self.proc.wait(5)


class OutsidePlayer:
    """A TarotClub bot on one seat of a 4-player deal (the :class:`Player` protocol); one deal per player."""

    def __init__(self, club: Bots) -> None:
        self.club = club
        self.id = club.new_id()
        weakref.finalize(self, club.freed.append, self.id)
        self.deal: int | None = None
        self.dealt: tuple[str, ...] = ()  # the hand told to the bot
        self.sent = 0  # cards of the deal told to the bot, in playing order
        self.started = False  # StartDeal told
        self.planned: list[str] | None = None  # the bot's écart, ours to make card by card
        self.amended = False  # an écart card was not the bot's

    def choose(self, view: JSON, legal: Sequence[Action], rng: random.Random) -> Action:
        calls = self._sync(view)
        phase = view["phase"]
        TALLY["decisions"] += 1
        if phase == Phase.BIDDING:
            return self._bid(calls, legal)
        if phase == Phase.ECART:
            return self._discard(calls, view, legal)
        if phase == Phase.ANNOUNCE:
            slam = self.club.calls(self.id, [*calls, ["AnnounceSlam"]])
            return Action("chelem") if slam is True else Action("no_chelem")
        if phase == Phase.PLAY:
            return self._play(calls, legal)
        raise ValueError(f"TarotClub's bots play 4-player Tarot: no answer in phase {phase!r}")

    def _sync(self, view: JSON) -> list[list[str]]:
        """The calls telling the bot what happened since its last decision (TarotClub's order)."""
        seat = view["seat"]
        calls: list[list[str]] = []
        hand = tuple(view["hand"])
        if self.deal != view["deal_no"] or (view["phase"] == Phase.BIDDING and hand != self.dealt):  # all passed: redealt
            self.deal, self.dealt, self.sent, self.started, self.planned, self.amended = view["deal_no"], hand, 0, False, None, False
            calls += [["new"], ["EnterGame", PLACES[seat], "one_deal"],
                      ["ReceiveCards", ";".join(to_js(c) for c in view["hand"])]]
        contract = view["contract"]
        if not self.started and contract is not None and view["phase"] in (Phase.ANNOUNCE, Phase.PLAY):
            self.started = True
            if self.amended:
                calls.append(["SetDeck", ";".join(to_js(c) for c in view["hand"])])
            calls.append(["StartDeal", PLACES[contract["taker"]], JS_CONTRACTS[contract["bid"]]])
        if view["phase"] == Phase.PLAY:
            done = view["trick_no"]
            tricks = [(done, view["trick"])]
            if view["last_trick"] is not None:
                tricks.insert(0, (done - 1, view["last_trick"]["cards"]))
            for number, cards in tricks:
                for position, (s, code) in enumerate(cards):
                    index = 4 * number + position
                    if index < self.sent:
                        continue
                    if index > self.sent:
                        raise AssertionError(f"cards missed: {self.sent} told, {index} next")
                    calls.append(["PlayedCard", to_js(code), PLACES[s]])
                    self.sent += 1
        return calls

    def _bid(self, calls: list[list[str]], legal: Sequence[Action]) -> Action:
        answer = self.club.calls(self.id, [*calls, ["AnnounceBid"]])
        if answer == "Pass":
            return Action("pass")
        if not isinstance(answer, str) or answer not in CONTRACTS:
            TALLY["illegal bid"] += 1
            return legal[0]
        bid = Action("bid", CONTRACTS[answer])
        return bid if bid in legal else Action("pass")  # at or under the highest bid: TarotClub makes it a pass

    def _discard(self, calls: list[list[str]], view: JSON, legal: Sequence[Action]) -> Action:
        if self.planned is None:
            plain = [c for c in view["hand"] if c != "EX" and c[0] != "T" and c[:-1] != "K"]
            if len(plain) < ECART_SIZE:  # its écart search would never end (no trump in its écart)
                TALLY["écart not built"] += 1
                self.planned, self.amended = [], True
            else:
                answer = self.club.calls(self.id, [*calls, ["BuildDiscard", ";".join(to_js(c) for c in view["chien"])]])
                names = answer.split(";") if isinstance(answer, str) else []
                self.planned = [c for c in (from_js(n) for n in names) if c is not None]
                if len(self.planned) != ECART_SIZE or len(set(self.planned)) != ECART_SIZE:
                    TALLY["illegal écart"] += 1
        elif calls:
            self.club.calls(self.id, calls)
        while self.planned:
            action = Action("discard", self.planned.pop(0))
            if action in legal:
                return action
            TALLY["illegal écart card"] += 1
            self.amended = True
        self.amended = True
        return next((a for a in legal if a.arg not in self.planned), legal[0])

    def _play(self, calls: list[list[str]], legal: Sequence[Action]) -> Action:
        plays = [a for a in legal if a.kind == "play"]
        if len(plays) < len(legal):  # a poignée may be shown: TarotClub asks for it before the first card
            handle = self.club.calls(self.id, [*calls, ["AskForHandle"]])
            calls = []
            if handle:
                TALLY["poignée not shown"] += 1  # its bots never show one (main.js answers "")
        answer = from_js(self.club.calls(self.id, [*calls, ["PlayCard"]]))
        TALLY["plays"] += 1
        action = Action("play", answer) if answer else None
        if action in plays:
            assert action is not None
            return action
        TALLY["illegal card"] += 1
        return plays[0]


def outside_players(ai: Path | None = None) -> list[Player]:
    """Four fresh TarotClub bots (one deal each), sharing the process's node."""
    club = TarotClub.shared(ai_dir(ai))
    return [OutsidePlayer(club) for _ in range(4)]


def match(seed: str, level: str, samples: int | None, index: int = 0, ai: Path | None = None) -> dict[str, Any]:
    """One duplicate match of ``level`` against TarotClub's bots: ``diff`` (tested minus baseline per
    deal, averaged over seats) and the tested player's decisions, samples and CPU as in
    :func:`benchmarks.ai_levels.match`."""
    base_state = played(GAME, seed, outside_players(ai), index)
    base = results(GAME, base_state)
    diffs, timed, seats = [], [], []
    for seat in range(4):
        tested = Timed(make(GAME, level, samples))
        timed.append(tested)
        bots: list[Player] = list(outside_players(ai))
        bots[seat] = tested
        state = played(GAME, seed, bots, index)
        diffs.append(results(GAME, state)[seat] - base[seat])
        seats.append({"diff": diffs[-1], "bidding": bidding(seat, taking(base_state), taking(state))})
    return {"diff": sum(diffs) / 4, "decisions": sum(t.decisions for t in timed),
            "samples": sum(t.samples for t in timed), "cpu": sum(t.cpu for t in timed),
            "moves": sum(t.moves for t in timed), "move_cpu": sum(t.move_cpu for t in timed),
            "seats": seats}


def taking(state: State) -> tuple[int | None, str | None]:
    """Who took the finished deal and at which contract (``None`` when every seat passed)."""
    last = getattr(state, "last_deal", None) or {}
    return last.get("taker"), last.get("contract")


#: how the bidding with the tested seat differed from the bots' own (:func:`bidding`)
BIDDING = ("same", "took", "passed", "other contract", "others")


def bidding(seat: int, base: tuple[int | None, str | None], got: tuple[int | None, str | None]) -> str:
    """How the deal's taking with the tested player on ``seat`` (``got``) differs from the bots' deal
    (``base``): the same taker and contract, the tested seat took where the bot did not, the bot
    took where the tested seat did not, both took at another contract, or others took otherwise."""
    if got == base:
        return "same"
    if got[0] == seat:
        return "other contract" if base[0] == seat else "took"
    return "passed" if base[0] == seat else "others"


def by_bidding(records: Sequence[dict[str, Any]]) -> list[str]:
    """Where the margin comes from, per row of :func:`table`: per kind of :func:`bidding`, the
    seat-deals, their mean and their part of the per-seat figure (the parts add up to it), over the
    records that say it."""
    groups: dict[tuple[str, str, object], list[dict[str, Any]]] = {}
    for r in distinct(records):
        if r.get("seats"):
            groups.setdefault((r["level"], r["budget"], r.get("per_decision")), []).extend(r["seats"])
    lines: list[str] = []
    for (level, budget, _), seats in groups.items():
        lines.append(f"{'bidding: ' + level + ' ' + budget:<30} {'seat-deals':>10} {'mean':>8} {'part':>8}")
        for kind in BIDDING:
            diffs = [s["diff"] for s in seats if s["bidding"] == kind]
            if diffs:
                lines.append(f"  {kind:<28} {len(diffs):>10} {sum(diffs) / len(diffs):>+8.1f}"
                             f" {sum(diffs) / len(seats):>+8.2f}")
    if lines:
        lines.append("  same: the same taker and contract as the bots' deal; took / passed: the tested seat took"
                     " where the bot did not / the bot took where it did not")
    return lines


def row(level: str, budget: Budget, deals: int, seed: str = "outside", first: int = 0, log: Path | None = None,
        ai: Path | None = None) -> list[dict[str, Any]]:
    """``level`` (at ``budget`` for the expert) against TarotClub over ``deals`` matches numbered from ``first``."""
    samples = samples_of(GAME, budget) if level == "expert" else None
    out: list[dict[str, Any]] = []
    for d in range(first, first + deals):
        rec = {"game": GAME, "vs": "tarotclub", "level": level, "budget": label(level, budget, GAME),
               "per_decision": samples, "seed": f"{seed}:{d}", "index": d,
               **match(f"{seed}:{d}", level, samples, d, ai)}
        out.append(rec)
        if log is not None:
            with log.open("a") as f:
                f.write(json.dumps(rec) + "\n")
        if len(out) % 10 == 0 and len(out) < deals:
            m, c = interval([o["diff"] for o in out])
            print(f"  .. {level} {rec['budget']} vs TarotClub: {len(out)} matches {m:+.2f} ± {c:.2f}  {tally()}",
                  file=sys.stderr, flush=True)
    return out


def tally() -> str:
    """The bots' answers not legal here, over their plays and decisions."""
    bad = ", ".join(f"{k} {v}" for k, v in sorted(TALLY.items()) if k not in ("decisions", "plays"))
    return f"TarotClub: {TALLY['decisions']} decisions ({TALLY['plays']} cards), not legal: {bad or 'none'}"


HEADER = (f"{'comparison':<22} {'budget':>8} {'samples':>8} {'matches':>7} {'margin':>9}   95 % interval"
          f"      {'verdict':<18} CPU s/search  ms/move")


def table(records: Sequence[dict[str, Any]]) -> list[str]:
    """One line per level and budget: points per seat per deal against TarotClub (a match logged
    twice counts once)."""
    groups: dict[tuple[str, str, object], list[dict[str, Any]]] = {}
    for r in distinct(records):  # as in benchmarks.ai_levels.table: a new calibration is a new row
        groups.setdefault((r["level"], r["budget"], r.get("per_decision")), []).append(r)
    lines = [HEADER]
    for (level, budget, _), rs in groups.items():
        mean, ci = interval([r["diff"] for r in rs])
        decisions = sum(r["decisions"] for r in rs)
        per = f"{sum(r['samples'] for r in rs) / decisions:.0f}" if decisions else "-"
        cpu = f"{sum(r['cpu'] for r in rs) / decisions:.3f}" if decisions else "-"
        moves = sum(r["moves"] for r in rs)
        ms = f"{1e3 * sum(r['move_cpu'] for r in rs) / moves:.2f}" if moves else "-"
        lines.append(f"{level + ' vs TarotClub':<22} {budget:>8} {per:>8} {len(rs):>7} {mean:>+9.2f} ± {ci:<6.2f}"
                     f" [{mean - ci:+.2f}, {mean + ci:+.2f}] {verdict(mean, ci, len(rs)):<18} {cpu:>8} {ms:>8}")
    lines.append("  tarot 4 players, one-deal matches: points per seat per deal (tested minus TarotClub's bot)")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--level", action="append", choices=("easy", "normal", "expert"),
                        help="tested levels (repeatable; default normal and expert)")
    parser.add_argument("--samples", default="default-cpu,200",
                        help="the expert's samples per decision, comma-separated (numbers, 'floor', 'default-cpu')")
    parser.add_argument("--deals", type=int, default=300, help="duplicate matches per row")
    parser.add_argument("--first", type=int, default=0, help="number of the first match (extends a row)")
    parser.add_argument("--seed", default="outside")
    parser.add_argument("--ai", type=Path, default=None, help="TarotClub's assets/ai directory")
    parser.add_argument("--log", type=Path, default=None, help="append every match's record here (JSON lines)")
    parser.add_argument("--table", type=Path, nargs="+", default=None, help="print the table of these logs")
    args = parser.parse_args(argv)
    if args.table:
        logged = [json.loads(s) for p in args.table for s in p.read_text().splitlines() if s]
        print("\n".join(table(logged) + by_bidding(logged)))
        return 0
    why = missing(ai_dir(args.ai))
    if why:
        print(f"The outside program is not installed: {why}", file=sys.stderr)
        return 2
    records = []
    for level in args.level or ["normal", "expert"]:
        for budget in parse_budgets(args.samples) if level == "expert" else [None]:
            records += row(level, budget, args.deals, args.seed, args.first, args.log, args.ai)
            print("\n".join(table(records)[-2:-1]), flush=True)
    print("\n".join(table(records) + by_bidding(records)))
    print(tally())
    return 0


if __name__ == "__main__":
    sys.exit(main())
